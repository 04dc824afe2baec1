// goto between the waypoints of a trailmap (no model): the demo app's Android trailmap (test fixture, served by
// the virtual Android device in-process) and the shared iOS Contacts trailmap (../shared, read-only, served by
// the virtual iPhone's WDA server). Wall and CPU time side by side: the machine is shared.
// Run: node --import tsx bench/navigate.ts
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { renderNavigateText, runNavigateBench } from '../src/agent/worlds/navigate-bench.js';
import { loadTrailmap } from '../src/trailmap/index.js';
import { demoAndroidTrailmapDir } from '../test/fixtures/trailmaps/demo-android.js';
import { contactsIosDir } from '../test/helpers/corpus.js';

export async function benchNavigate(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const maps: Array<[string, string]> = [['demo-android', demoAndroidTrailmapDir]];
  if (existsSync(contactsIosDir)) maps.push(['contacts-ios', contactsIosDir]);
  else console.log('navigate: contacts-ios skipped (no ../shared/corpus/trailmaps/contacts-ios)');
  for (const [name, dir] of maps) {
    const cpu = process.cpuUsage();
    const r = await runNavigateBench(await loadTrailmap(dir));
    const cpuS = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
    console.log(`${renderNavigateText(r)}\n(CPU ${cpuS.toFixed(1)} s)\n`);
    out[`${name} pairs`] = r.pairs;
    out[`${name} SR`] = r.sr;
    out[`${name} SPL`] = r.spl;
    out[`${name} mean steps`] = r.meanSteps;
    out[`${name} mean shortest path`] = r.meanOptimal;
    out[`${name} consistent waypoints`] = r.consistent;
    out[`${name} seconds (wall)`] = r.seconds;
    out[`${name} seconds (CPU)`] = cpuS;
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchNavigate();
