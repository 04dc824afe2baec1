/**
 * UI Maps for the agent: built from an app's source (with its library sources) and cached as JSON, since a map
 * takes seconds to build and a benchmark wants it for every task of the app.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fnv1a } from '../snapshot/refs.js';
import { mapDirectory, type UiMap } from '../uimap/index.js';

/** Bump when the map schema or the analysis changes what a cached map holds. */
const CACHE_VERSION = 1;

export interface MapSource {
  src: string;
  libs: readonly string[];
}

/** `<sources>/<app>/{src,commons}` (the benchmark's layout): the app's source and library, when present. */
export function appSource(sources: string, app: string): MapSource | undefined {
  const src = join(sources, app, 'src');
  if (!existsSync(src)) return undefined;
  const commons = join(sources, app, 'commons');
  return { src, libs: existsSync(commons) ? [commons] : [] };
}

/** The map of a source tree, from the cache when it was built before. */
export async function cachedMap(source: MapSource, cacheDir: string | undefined): Promise<UiMap> {
  const key = fnv1a(JSON.stringify([CACHE_VERSION, resolve(source.src), source.libs.map((l) => resolve(l))])).toString(36);
  const file = cacheDir === undefined ? undefined : join(cacheDir, `map-${key}.json`);
  if (file !== undefined && existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as UiMap;
  const map = await mapDirectory(source.src, { libs: source.libs });
  if (file !== undefined && cacheDir !== undefined) {
    await mkdir(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(map));
    await rename(tmp, file);
  }
  return map;
}
