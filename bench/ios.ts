// iOS snapshots over the shared Contacts trailmap (../shared, read-only): o200k tokens per screen of Glance's
// default snapshot beside the raw capture (Maestro JSON), the WebDriverAgent XML source of the same screen, and a
// naive rendering (one line per labelled node with its centre), as medians and maxima over the 100 captures.
// Run: node --import tsx bench/ios.ts
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { center, walk, type UiDump } from '../src/hierarchy/model.js';
import { parseDump } from '../src/hierarchy/parse.js';
import { toWdaXml } from '../src/hierarchy/wda-xml.js';
import { snapshotFromDump } from '../src/snapshot/snapshot.js';
import { loadTrailmap } from '../src/trailmap/index.js';
import { contactsIosDir } from '../test/helpers/corpus.js';
import { median } from './timing.js';

/** The obvious rendering a script would write: every labelled node, its label and centre. */
export function naiveRendering(dump: UiDump): string {
  const lines: string[] = [];
  for (const { node } of walk(dump.roots)) {
    const label = node.desc || node.text || node.hint;
    if (label === '') continue;
    const [x, y] = center(node.bounds);
    lines.push(`${label} (${x},${y})`);
  }
  return lines.join('\n');
}

export async function benchIos(): Promise<Record<string, number>> {
  if (!existsSync(contactsIosDir)) {
    console.log('ios: skipped (no ../shared/corpus/trailmaps/contacts-ios)');
    return {};
  }
  const map = await loadTrailmap(contactsIosDir);
  const rows = { snapshot: [] as number[], raw: [] as number[], wda: [] as number[], naive: [] as number[] };
  let ms = 0;
  for (const c of map.captures.values()) {
    const raw = readFileSync(join(contactsIosDir, c.file), 'utf8');
    const t = performance.now();
    const text = snapshotFromDump(parseDump(raw)).text;
    ms += performance.now() - t;
    rows.snapshot.push(encode(text).length);
    rows.raw.push(encode(raw).length);
    rows.wda.push(encode(toWdaXml(c.dump)).length);
    rows.naive.push(encode(naiveRendering(c.dump)).length);
  }
  const out: Record<string, number> = {};
  for (const [k, xs] of Object.entries(rows)) {
    out[`contacts ${k} tokens median`] = median(xs);
    out[`contacts ${k} tokens max`] = Math.max(...xs);
  }
  out['contacts screens'] = map.captures.size;
  out['contacts parse+snapshot per screen (ms)'] = Number((ms / map.captures.size).toFixed(2));
  for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(44)} ${v}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchIos();
