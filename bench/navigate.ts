// goto and the no-model agent policies (oracle, random, heuristic) between the waypoints of a trailmap: the demo
// app's Android trailmap (test fixture, served by the virtual Android device in-process) and the shared iOS
// Contacts trailmap (../shared, read-only, served by the virtual iPhone's WDA server). Wall and CPU time side by
// side: the machine is shared.
// Run: node --import tsx bench/navigate.ts
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { NAVIGATE_POLICIES, renderNavigateText, runNavigateBench } from '../src/agent/worlds/navigate-bench.js';
import { loadTrailmap } from '../src/trailmap/index.js';
import { demoAndroidTrailmapDir } from '../test/fixtures/trailmaps/demo-android.js';
import { contactsIosDir } from '../test/helpers/corpus.js';

export async function benchNavigate(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const maps: Array<[string, string]> = [['demo-android', demoAndroidTrailmapDir]];
  if (existsSync(contactsIosDir)) maps.push(['contacts-ios', contactsIosDir]);
  else console.log('navigate: contacts-ios skipped (no ../shared/corpus/trailmaps/contacts-ios)');
  for (const [name, dir] of maps) {
    const map = await loadTrailmap(dir);
    for (const policy of NAVIGATE_POLICIES) {
      const cpu = process.cpuUsage();
      const r = await runNavigateBench(map, { policy });
      const cpuS = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
      // goto's report in full (failures, waypoints left out); the agents' figures only.
      const text = policy === 'goto' ? renderNavigateText(r) : renderNavigateText(r).split('\n').slice(0, 2).join('\n');
      console.log(`${text}\n(CPU ${cpuS.toFixed(1)} s)\n`);
      const key = policy === 'goto' ? name : `${name} ${policy}`;
      out[`${key} SR`] = r.sr;
      out[`${key} SPL`] = r.spl;
      out[`${key} mean steps`] = r.meanSteps;
      out[`${key} seconds (wall)`] = r.seconds;
      out[`${key} seconds (CPU)`] = cpuS;
      if (policy === 'goto') {
        out[`${name} pairs`] = r.pairs;
        out[`${name} mean shortest path`] = r.meanOptimal;
        out[`${name} consistent waypoints`] = r.consistent;
      } else out[`${key} premature stops`] = r.prematureStops;
    }
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchNavigate();
