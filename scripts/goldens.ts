/**
 * Golden outputs of the snapshot engine over the shared corpus (`npm run goldens` rewrites them).
 * test/snapshot/golden.test.ts regenerates the same set in memory and fails on any drift, so a change of
 * output is always a reviewed diff of test/golden, never a hand edit.
 *
 *   test/golden/tree/<app>.txt        the default tree of every DroidTask screen of the app
 *   test/golden/table/<screen>.txt    table of a representative subset (every 25th screen)
 *   test/golden/json/<screen>.json    json of the same subset
 *   test/golden/dumps/<dump>.<view>   the real uiautomator / uiautomator2 dumps in every format and mode
 *   test/golden/ios/<capture>.<view>  every capture of the iOS Contacts trailmap (Maestro JSON): tree, table, json
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { snapshotFromDump, type SnapshotOptions } from '../src/snapshot/index.js';
import { contactsIosDir, corpusDir, corpusScreens, readText, repoRoot } from '../test/helpers/corpus.js';

export const goldenDir = join(repoRoot, 'test/golden');

/** The folders of test/golden this script owns (other areas keep their own goldens beside them). */
export const GOLDEN_FOLDERS = ['tree', 'table', 'json', 'dumps', 'ios'] as const;

const SUBSET_EVERY = 25;

const DUMP_VIEWS: Array<[string, SnapshotOptions]> = [
  ['tree.txt', {}],
  ['table.txt', { format: 'table' }],
  ['json', { format: 'json' }],
  ['all.txt', { all: true }],
  ['offscreen-bounds.txt', { offscreen: true, bounds: true }],
  ['depth1.txt', { depth: 1 }],
];

const IOS_VIEWS: Array<[string, SnapshotOptions]> = [
  ['tree.txt', {}],
  ['table.txt', { format: 'table' }],
  ['json', { format: 'json' }],
];

/** Every golden file: path relative to test/golden → content. */
export function goldens(): Map<string, string> {
  const out = new Map<string, string>();
  const screens = corpusScreens();
  const byApp = new Map<string, string[]>();
  screens.forEach((s, i) => {
    const xml = readText(s.xmlPath);
    const name = `${s.app}-${basename(s.xmlPath, '.xml')}`;
    const chunk = byApp.get(s.app) ?? [];
    chunk.push(`=== ${relative(corpusDir, s.xmlPath)}\n${snapshotFromDump(xml).text}`);
    byApp.set(s.app, chunk);
    if (i % SUBSET_EVERY === 0) {
      out.set(`table/${name}.txt`, snapshotFromDump(xml, { format: 'table' }).text);
      out.set(`json/${name}.json`, snapshotFromDump(xml, { format: 'json' }).text);
    }
  });
  for (const [app, chunks] of byApp) out.set(`tree/${app}.txt`, chunks.join('\n'));
  for (const f of readdirSync(join(corpusDir, 'dumps')).sort()) {
    const text = readText(join(corpusDir, 'dumps', f));
    const stem = f.replace(/\.xml$/, '');
    for (const [suffix, o] of DUMP_VIEWS) out.set(`dumps/${stem}.${suffix}`, snapshotFromDump(text, o).text);
  }
  for (const f of readdirSync(join(contactsIosDir, 'captures')).sort()) {
    const text = readText(join(contactsIosDir, 'captures', f));
    const stem = f.replace(/\.json$/, '');
    for (const [suffix, o] of IOS_VIEWS) out.set(`ios/${stem}.${suffix}`, snapshotFromDump(text, o).text);
  }
  return out;
}

/** Files in this script's folders of test/golden now (relative paths). */
export function existingGoldens(dir = goldenDir): string[] {
  const walk = (d: string): string[] => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch (e) {
      // A folder not written yet holds no goldens; any other failure is real.
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    return entries.flatMap((e) => (e.isDirectory() ? walk(join(d, e.name)) : [relative(dir, join(d, e.name))]));
  };
  return GOLDEN_FOLDERS.flatMap((f) => walk(join(dir, f))).sort();
}

function main(): void {
  const files = goldens();
  for (const stale of existingGoldens()) if (!files.has(stale)) rmSync(join(goldenDir, stale));
  for (const [path, content] of files) {
    mkdirSync(dirname(join(goldenDir, path)), { recursive: true });
    writeFileSync(join(goldenDir, path), content);
  }
  console.log(`wrote ${files.size} golden files to ${relative(process.cwd(), goldenDir) || '.'}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
