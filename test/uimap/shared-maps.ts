// The shared apps' UI Maps for the tests that draw them rather than test the analysis (html-layout.test.ts).
// Mapping the seven apps costs about nine seconds of CPU, so a map is kept in the temp folder under a hash of
// everything it depends on: the app's files, the analysis sources (src/uimap without the drawing) and the locked
// package versions. A drawing test then reads the map an earlier run made; the analysis tests still map the apps.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapDirectory, type UiMap } from '../../src/uimap/index.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const DRAWING = new Set(['html.ts', 'layout.ts']);

/** Feeds every file under `dir` (sorted, with its path) to the hash; `skip` leaves top-level files out. */
function hashTree(h: ReturnType<typeof createHash>, dir: string, skip: Set<string> = new Set(), rel = ''): void {
  if (!existsSync(dir)) return;
  const entries = readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const p = path.join(rel, e.name);
    if (e.isDirectory()) hashTree(h, dir, skip, p);
    else if (!(rel === '' && skip.has(e.name)))
      h.update(p)
        .update('\0')
        .update(readFileSync(path.join(dir, p)))
        .update('\0');
  }
}

/** The map of a shared app (its `src`, with `commons` as a library), made once a machine. */
export async function sharedAppMap(appDir: string): Promise<UiMap> {
  const src = path.join(appDir, 'src');
  const libs = [path.join(appDir, 'commons')];
  const h = createHash('sha256');
  hashTree(h, src);
  for (const lib of libs) hashTree(h.update(`lib ${lib}`), lib);
  hashTree(h.update('analysis'), path.join(repo, 'src', 'uimap'), DRAWING);
  h.update(readFileSync(path.join(repo, 'package-lock.json')));
  const dir = path.join(tmpdir(), 'glance-test-maps');
  const file = path.join(dir, `${path.basename(appDir)}-${h.digest('hex').slice(0, 32)}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as UiMap;
  const map = await mapDirectory(src, { libs });
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(map));
  renameSync(`${file}.${process.pid}`, file);
  // The same object whether it came from the cache or not: what the drawing reads is the JSON form.
  return JSON.parse(JSON.stringify(map)) as UiMap;
}
