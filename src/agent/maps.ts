/**
 * UI Maps for the agent: built from an app's source (with its library sources) and cached as JSON, since a map
 * takes seconds to build and a benchmark wants it for every task of the app.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GlanceError } from '../errors.js';
import { fnv1a } from '../snapshot/refs.js';
import { mapDirectory, type UiMap } from '../uimap/index.js';

/** Bump when the map schema or the analysis changes what a cached map holds. */
const CACHE_VERSION = 1;

export interface MapSource {
  src: string;
  libs: readonly string[];
  /** Whether a file of the tree may be read (a server confined to some folders); default: all. */
  allow?: (path: string) => Promise<boolean>;
}

/** `<sources>/<app>/{src,commons}` (the benchmark's layout): the app's source and library, when present. */
export function appSource(sources: string, app: string): MapSource | undefined {
  const src = join(sources, app, 'src');
  if (!existsSync(src)) return undefined;
  const commons = join(sources, app, 'commons');
  return { src, libs: existsSync(commons) ? [commons] : [] };
}

function cacheFile(source: MapSource, cacheDir: string): string {
  const key = fnv1a(JSON.stringify([CACHE_VERSION, resolve(source.src), source.libs.map((l) => resolve(l))])).toString(36);
  return join(cacheDir, `map-${key}.json`);
}

/** Builds the map of a source tree into the cache unless it is there; returns the cached file. */
export async function cachedMapFile(source: MapSource, cacheDir: string): Promise<string> {
  const file = cacheFile(source, cacheDir);
  if (existsSync(file)) return file;
  const map = await mapDirectory(source.src, { libs: source.libs });
  await mkdir(cacheDir, { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, JSON.stringify(map));
  await rename(tmp, file);
  return file;
}

/** The map of a source tree, from the cache when it was built before (no cache: built every time). */
export async function cachedMap(source: MapSource, cacheDir: string | undefined): Promise<UiMap> {
  if (cacheDir === undefined)
    return mapDirectory(source.src, { libs: source.libs, ...(source.allow === undefined ? {} : { allow: source.allow }) });
  return JSON.parse(await readFile(await cachedMapFile(source, cacheDir), 'utf8')) as UiMap;
}

export interface MapSpec {
  /** A map JSON file (`glance map SRC --json OUT`). */
  map?: string;
  /** An app source tree to map (with `libs`). */
  src?: string;
  libs?: readonly string[];
  /** See MapSource.allow. */
  allow?: (path: string) => Promise<boolean>;
}

/** The map a command names: read from JSON, or built from source (cached in `cacheDir` when given). */
export async function loadMap(spec: MapSpec, readFile: (path: string) => Promise<string>, cacheDir?: string): Promise<UiMap> {
  if (spec.map !== undefined) {
    // Read outside the try: a refused or missing file keeps its own code; only a parse failure is relabelled.
    const text = await readFile(spec.map);
    let map: unknown;
    try {
      map = JSON.parse(text);
    } catch (e) {
      throw new GlanceError('INPUT_UNREADABLE', `${spec.map} is not a UI Map JSON file`, {
        hint: 'build a UI Map from the app source and write it as JSON',
        cause: e,
      });
    }
    const m = map as Partial<UiMap>;
    if (!Array.isArray(m.activities) || !Array.isArray(m.transitions)) {
      throw new GlanceError('INPUT_UNREADABLE', `${spec.map} has no activities and transitions`, {
        hint: 'build a UI Map from the app source and write it as JSON',
      });
    }
    return map as UiMap;
  }
  if (spec.src !== undefined) {
    const allow = spec.allow === undefined ? {} : { allow: spec.allow };
    return cachedMap({ src: spec.src, libs: spec.libs ?? [], ...allow }, cacheDir);
  }
  throw new GlanceError('USAGE', 'no UI Map given', { hint: 'pass a map (--map map.json) or the app source (--src DIR [--lib DIR])' });
}
