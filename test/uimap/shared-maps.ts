// The shared apps' UI Maps for the tests that draw them rather than test the analysis (html-layout.test.ts).
// Mapping the seven apps costs about nine seconds of CPU, so a map is kept in the temp folder under a hash of
// everything it depends on: the app's files, the analysis sources (src/uimap without the drawing) and the locked
// package versions. A drawing test then reads the map an earlier run made; the analysis tests still map the apps.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mapDirectory, type UiMap } from '../../src/uimap/index.js';
import { hashTree, keepBuilt, newHash, readBuilt } from '../helpers/build-cache.js';

const repo = fileURLToPath(new URL('../../', import.meta.url));
const DRAWING = new Set(['html.ts', 'layout.ts']);

/** The map of a shared app (its `src`, with `commons` as a library), made once a machine. */
export async function sharedAppMap(appDir: string): Promise<UiMap> {
  const src = path.join(appDir, 'src');
  const libs = [path.join(appDir, 'commons')];
  const h = hashTree(newHash(), src);
  for (const lib of libs) hashTree(h.update(`lib ${lib}`), lib);
  hashTree(h.update('analysis'), path.join(repo, 'src', 'uimap'), DRAWING);
  h.update(readFileSync(path.join(repo, 'package-lock.json')));
  const name = `${path.basename(appDir)}-${h.digest('hex').slice(0, 32)}.json`;
  const kept = readBuilt('glance-test-maps', name);
  if (kept !== undefined) return JSON.parse(kept.toString('utf8')) as UiMap;
  const map = await mapDirectory(src, { libs });
  keepBuilt('glance-test-maps', name, JSON.stringify(map));
  // The same object whether it came from the cache or not: what the drawing reads is the JSON form.
  return JSON.parse(JSON.stringify(map)) as UiMap;
}
