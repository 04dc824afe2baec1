// Benchmark: time to map each fixture app (read + analyse), and what the map holds.
import path from 'node:path';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { mapDirectory } from '../src/uimap/index.js';
import { writeSyntheticProject } from './uimap-synthetic.js';
import { benchUimapApps } from './uimap-apps.js';

const fixtures = fileURLToPath(new URL('../test/fixtures/uimap/', import.meta.url));

export async function benchUimap(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  const apps = readdirSync(fixtures).filter((d) => existsSync(path.join(fixtures, d, 'expected.json')));
  // first run pays for loading the tree-sitter grammars; report it separately
  const warm = performance.now();
  await mapDirectory(path.join(fixtures, apps[0] ?? ''));
  out['uimap.first_run_ms'] = Math.round(performance.now() - warm);
  for (const app of apps) {
    const dir = path.join(fixtures, app);
    const libsFile = path.join(dir, 'libs.json');
    const libs = existsSync(libsFile) ? (JSON.parse(readFileSync(libsFile, 'utf8')) as string[]).map((l) => path.join(fixtures, l)) : [];
    const runs: number[] = [];
    let map;
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      map = await mapDirectory(dir, { libs });
      runs.push(performance.now() - t);
    }
    runs.sort((a, b) => a - b);
    out[`uimap.${app}.median_ms`] = Math.round((runs[2] ?? 0) * 10) / 10;
    out[`uimap.${app}.activities`] = map?.stats.activities ?? 0;
    out[`uimap.${app}.transitions`] = map?.stats.transitions ?? 0;
    out[`uimap.${app}.elements`] = map?.stats.elements ?? 0;
    out[`uimap.${app}.source_files`] = map?.stats.sourceFiles ?? 0;
  }
  // an app the size of a real one (60 screens, a library of 600 helpers): the < 5 s budget applies here
  const root = mkdtempSync(path.join(tmpdir(), 'glance-uimap-synth-'));
  try {
    out['uimap.synthetic.files'] = writeSyntheticProject(root, { activities: 60, libFunctions: 600, dialogs: 40, viewsPerLayout: 30 });
    const t = performance.now();
    const map = await mapDirectory(root);
    out['uimap.synthetic.ms'] = Math.round(performance.now() - t);
    out['uimap.synthetic.transitions'] = map.stats.transitions;
    out['uimap.synthetic.elements'] = map.stats.elements;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  // The shared DroidTask apps' sources, scored against what DroidBot observed on them.
  Object.assign(out, await benchUimapApps());
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await benchUimap();
  process.stdout.write(`${JSON.stringify(r, null, 2)}\n`);
}
