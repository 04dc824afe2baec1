/**
 * Every recorded screen Glance can read, in every format it was recorded in: the DroidTask screens as
 * uiautomator XML and as DroidBot states, the real uiautomator / uiautomator2 dumps, the iOS Contacts captures,
 * the demo trailmap's captures and the dumps authored in test/fixtures/dumps. Per source: screens, median
 * o200k tokens of the default tree, coverage of visible actionable nodes and of visible strings (labels).
 *
 * Writes one line per screen to GLANCE_CORPUS_OUT (JSON lines) when set, so that two runs can be compared
 * screen by screen ("no loss"). Run alone: `node --import tsx bench/corpus.ts`.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { area, center, contains, walk, type UiDump } from '../src/hierarchy/model.js';
import { parseDump } from '../src/hierarchy/parse.js';
import { snapshotFromDump } from '../src/snapshot/snapshot.js';
import { contactsIosDir, corpusDir, corpusScreens, readText, repoRoot } from '../test/helpers/corpus.js';
import { median } from './timing.js';

interface Screen {
  source: string;
  path: string;
}

function listScreens(): Screen[] {
  const out: Screen[] = [];
  for (const s of corpusScreens()) {
    out.push({ source: 'droidtask xml', path: s.xmlPath });
    out.push({ source: 'droidtask droidbot', path: s.jsonPath });
  }
  const dir = (source: string, d: string): void => {
    if (!existsSync(d)) return;
    for (const f of readdirSync(d).sort()) if (/\.(xml|json|vh)$/.test(f)) out.push({ source, path: join(d, f) });
  };
  dir('real dumps', join(corpusDir, 'dumps'));
  dir('contacts ios', join(contactsIosDir, 'captures'));
  dir('demo trailmap', join(repoRoot, 'test/fixtures/trailmaps/demo-android/captures'));
  dir('authored fixtures', join(repoRoot, 'test/fixtures/dumps'));
  return out;
}

export interface ScreenFigures {
  path: string;
  tokens: number;
  actionable: number;
  actionableShown: number;
  strings: number;
  stringsShown: number;
  /** Elements a tap may go to (refs starting with `b`, or with a tap action). */
  tappable: number;
}

/** The area the hierarchy covers (roots' union): the measure must not depend on the size the metadata claims. */
function covered(d: UiDump): [number, number, number, number] {
  const b = [Infinity, Infinity, -Infinity, -Infinity] as [number, number, number, number];
  for (const r of d.roots) {
    b[0] = Math.min(b[0], r.bounds[0]);
    b[1] = Math.min(b[1], r.bounds[1]);
    b[2] = Math.max(b[2], r.bounds[2]);
    b[3] = Math.max(b[3], r.bounds[3]);
  }
  return b;
}

export function measure(path: string, text: string): ScreenFigures {
  const d = parseDump(text);
  const snap = snapshotFromDump(d);
  const f: ScreenFigures = {
    path,
    tokens: encode(snap.text).length,
    actionable: 0,
    actionableShown: 0,
    strings: 0,
    stringsShown: 0,
    tappable: 0,
  };
  f.tappable = snap.elements.filter((e) => e.actions.includes('tap')).length;
  const box = covered(d);
  for (const { node } of walk(d.roots)) {
    if (!node.visible || area(node.bounds) === 0) continue;
    const [cx, cy] = center(node.bounds);
    if (!contains(box, cx, cy)) continue;
    if (node.clickable || node.checkable || node.editable) {
      f.actionable++;
      if (snap.elements.some((e) => contains(node.bounds, e.center[0], e.center[1]))) f.actionableShown++;
    }
    for (const raw of [node.text, node.desc, node.hint]) {
      const s = raw.replace(/[\u200b-\u200f\u2060\ufeff\u202a-\u202e]/g, '').trim();
      if (s === '' || (node.password && raw !== node.hint)) continue;
      f.strings++;
      const shown = s.length > 80 ? s.slice(0, 79) : s;
      if (snap.text.includes(shown) || snap.text.includes(JSON.stringify(shown).slice(1, -1))) f.stringsShown++;
    }
  }
  return f;
}

const pct = (n: number, d: number): number => (d === 0 ? 100 : Math.round((10000 * n) / d) / 100);

export async function benchCorpus(): Promise<Record<string, number>> {
  const rows: Array<ScreenFigures & { source: string }> = [];
  let refused = 0;
  for (const s of listScreens()) {
    try {
      rows.push({ source: s.source, ...measure(s.path, readText(s.path)) });
    } catch (e) {
      refused++;
      console.log(`refused ${s.path}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  const out: Record<string, number> = {};
  const sources = [...new Set(rows.map((r) => r.source)), 'all'];
  console.log('source               screens  tokens med  actionable %  strings %  tappable');
  for (const src of sources) {
    const rs = src === 'all' ? rows : rows.filter((r) => r.source === src);
    const sum = (k: keyof ScreenFigures): number => rs.reduce((a, r) => a + (r[k] as number), 0);
    const fig = {
      screens: rs.length,
      tokens: median(rs.map((r) => r.tokens)),
      actionable: pct(sum('actionableShown'), sum('actionable')),
      strings: pct(sum('stringsShown'), sum('strings')),
      tappable: sum('tappable'),
    };
    console.log(
      `${src.padEnd(20)} ${String(fig.screens).padStart(7)} ${String(fig.tokens).padStart(11)} ${String(fig.actionable).padStart(13)} ${String(fig.strings).padStart(10)} ${String(fig.tappable).padStart(9)}`,
    );
    for (const [k, v] of Object.entries(fig)) out[`corpus.${src.replace(/ /g, '_')}.${k}`] = v;
  }
  out['corpus.refused'] = refused;
  const file = process.env['GLANCE_CORPUS_OUT'];
  if (file !== undefined && file !== '') writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCorpus();
