/**
 * UI Map from an APK: the binary manifest, the resource table with its compiled layouts, menus, navigation
 * graphs and XML screens, and the DEX classes become the same inputs the source passes produce, and the same
 * resolution makes the map (same schema, paths, HTML view and warnings). fflate unzips.
 */
import { unzipSync } from 'fflate';
import { GlanceError } from '../../errors.js';
import type { FileFacts } from '../code/facts.js';
import { assembleMap } from '../assemble.js';
import { parseManifestNode } from '../manifest.js';
import type { ParsedManifest } from '../manifest.js';
import type { MapOptionsBase, UiMap } from '../model.js';
import type { ModuleFacts } from '../resolve/index.js';
import { buildResourceIndex } from '../resources.js';
import type { ResourceFileInput } from '../resources.js';
import { WarningLog } from '../warnings.js';
import type { XNode } from '../xml.js';
import type { ResourceTable } from './arsc.js';
import { readResourceTable } from './arsc.js';
import { readBinaryXml } from './axml.js';
import { classFacts } from './bytecode.js';
import { readDex } from './dex.js';

export { readResourceTable, refName } from './arsc.js';
export type { ResourceTable, ResName, ResValue } from './arsc.js';
export { readBinaryXml } from './axml.js';
export { readDex, javaName } from './dex.js';
export type { DexFile, DexClass, DexMethod } from './dex.js';

/** The resource types whose files the map reads (the others are drawables, animations, colours…). */
const XML_TYPES = new Set(['layout', 'menu', 'navigation', 'xml']);
/** No real APK entry the map reads comes near this; a zip claiming more is refused before inflating it. */
const MAX_ENTRY_BYTES = 256 * 1024 * 1024;

/**
 * Bounds on what one APK may inflate to. Entries inflate into a buffer of their declared size, so the declared
 * sizes bound the memory: their sum is capped, and so is each large entry's ratio of declared to compressed size
 * (DEX and XML deflate 3-10 to 1; a zip bomb claims hundreds or thousands to 1).
 */
export interface ApkLimits {
  /** Sum of the declared sizes of the entries read (default 512 MB). */
  maxTotalBytes?: number;
  /** Declared over compressed size, for entries over 1 MB (default 100). */
  maxRatio?: number;
}

const MAX_TOTAL_BYTES = 512 * 1024 * 1024;
const MAX_RATIO = 100;
/** Below this an entry's ratio says nothing (a 100 KB XML of repeated tags may deflate 200 to 1). */
const RATIO_FLOOR = 1024 * 1024;
const MODULE = 'apk';

const invalid = (message: string): GlanceError =>
  new GlanceError('APK_INVALID', message, {
    hint: 'the file is damaged or not an Android package; rebuild it or pass the app source folder instead',
  });

/** A name that stays inside the archive's root: no absolute path, drive, backslash or `..` segment. */
export function safeEntryName(name: string): boolean {
  return !/^\/|^[A-Za-z]:|\\|\0/.test(name) && !name.split('/').includes('..');
}

function wanted(name: string): boolean {
  if (!safeEntryName(name)) return false;
  return name === 'AndroidManifest.xml' || name === 'resources.arsc' || /^classes\d*\.dex$/.test(name) || /^res\/.+\.xml$/.test(name);
}

/** The entries the map reads; other entries are never inflated. */
export function apkEntries(data: Uint8Array, limits: ApkLimits = {}): Record<string, Uint8Array> {
  const maxTotal = limits.maxTotalBytes ?? MAX_TOTAL_BYTES;
  const maxRatio = limits.maxRatio ?? MAX_RATIO;
  let total = 0;
  try {
    return unzipSync(data, {
      filter: (f) => {
        if (!wanted(f.name)) return false;
        if (f.originalSize > MAX_ENTRY_BYTES) throw invalid(`${f.name} claims ${f.originalSize} bytes`);
        if (f.originalSize > RATIO_FLOOR && f.originalSize > Math.max(f.size, 1) * maxRatio) {
          throw invalid(
            `${f.name} inflates ${Math.round(f.originalSize / Math.max(f.size, 1))} to 1 (at most ${maxRatio} to 1): a zip bomb`,
          );
        }
        total += f.originalSize;
        if (total > maxTotal) throw invalid(`the entries read inflate to more than ${maxTotal} bytes`);
        return true;
      },
    });
  } catch (e) {
    if (e instanceof GlanceError) throw e;
    throw invalid(`not a readable zip: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The default-configuration strings and the ids of the table, as a values file the resource pass reads. */
function valuesNode(table: ResourceTable): XNode {
  const children: XNode[] = [];
  for (const [id, n] of table.names) {
    if (n.pkg !== table.package) continue;
    if (n.type === 'id') children.push({ tag: 'item', attrs: { type: 'id', name: n.name }, children: [], text: '' });
    const v = table.values.get(id);
    if (n.type === 'string' && v?.str !== undefined) children.push({ tag: 'string', attrs: { name: n.name }, children: [], text: v.str });
  }
  return { tag: 'resources', attrs: {}, children, text: '' };
}

/** Compiled layouts, menus, navigation graphs and XML screens, named `type/name.xml` as in source. */
function resourceFiles(entries: Record<string, Uint8Array>, table: ResourceTable, warnings: WarningLog): ResourceFileInput[] {
  const out: ResourceFileInput[] = [{ module: MODULE, path: 'values/strings.xml', text: '', root: valuesNode(table) }];
  const seen = new Set<string>();
  for (const [id, n] of table.names) {
    if (!XML_TYPES.has(n.type) || n.pkg !== table.package) continue;
    const file = table.values.get(id)?.str;
    const data = file === undefined ? undefined : entries[file];
    if (file === undefined || data === undefined || seen.has(file)) continue;
    seen.add(file);
    try {
      out.push({ module: MODULE, path: `${n.type}/${n.name}.xml`, text: '', root: readBinaryXml(data, file, table) });
    } catch (e) {
      if (!(e instanceof GlanceError)) throw e;
      warnings.add('XML_UNPARSABLE', file);
    }
  }
  return out;
}

/** `com.x` of `com.x.app.Main`: classes under it are the app's (its own libraries included). */
const LIBRARY_ROOTS = /^(androidx|android|kotlin|kotlinx|java|javax|com\.google|com\.android)\./;
const prefixOf = (name: string): string => `${name.split('.').slice(0, 2).join('.')}.`;

/**
 * The app's classes: those under the two-segment package prefix of the app or of a component its manifest
 * declares. Bundled libraries (androidx, Kotlin, Play services) are left out, as a source map leaves out the
 * libraries it was not given: walking them would cost minutes and add framework internals, not screens.
 */
function codeFacts(entries: Record<string, Uint8Array>, table: ResourceTable, manifest: ParsedManifest): FileFacts[] {
  const names = [manifest.package ?? table.package, ...manifest.activities.map((a) => a.name)];
  const prefixes = new Set(names.filter((n) => n !== '' && !LIBRARY_ROOTS.test(n)).map(prefixOf));
  const dexes = Object.keys(entries)
    .filter((n) => /^classes\d*\.dex$/.test(n))
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  const out: FileFacts[] = [];
  for (const name of dexes) {
    const dex = readDex(entries[name] as Uint8Array, name);
    for (const c of dex.classes) if ([...prefixes].some((p) => c.name.startsWith(p))) out.push(classFacts(dex, table, c));
  }
  return out;
}

/** Maps an APK's bytes. Throws APK_INVALID for a damaged or hostile file. */
export function mapApk(data: Uint8Array, options: MapOptionsBase & { limits?: ApkLimits } = {}): UiMap {
  const warnings = new WarningLog();
  const progress = options.onProgress;
  progress?.({ phase: 'read', done: 0, total: 1 });
  const entries = apkEntries(data, options.limits);
  const manifestBytes = entries['AndroidManifest.xml'];
  if (manifestBytes === undefined) throw invalid('no AndroidManifest.xml in the archive');
  const arsc = entries['resources.arsc'];
  const table: ResourceTable = arsc === undefined ? { package: '', names: new Map(), values: new Map() } : readResourceTable(arsc);
  const manifest = parseManifestNode(readBinaryXml(manifestBytes, 'AndroidManifest.xml', table));
  if (manifest === undefined) throw invalid('AndroidManifest.xml has no <manifest> element');
  progress?.({ phase: 'resources', done: 0, total: 1 });
  const files = resourceFiles(entries, table, warnings);
  const resources = buildResourceIndex(files, warnings);
  progress?.({ phase: 'code', done: 0, total: 1 });
  const code = codeFacts(entries, table, manifest);
  const module: ModuleFacts = { name: MODULE, role: 'app', manifests: [manifest], code };
  if (manifest.package !== undefined) module.applicationId = manifest.package;
  return assembleMap({ modules: [module], resources }, { warnings, progress, moduleCount: 1, resourceFiles: files.length });
}
