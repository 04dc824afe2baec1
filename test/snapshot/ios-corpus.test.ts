// The iOS snapshot over the 100 captures of the shared Contacts trailmap: invariants on every screen, the token
// budget, and the same snapshot from WDA's XML page source written (by a converter of this test's own) from the
// same hierarchies.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { walk } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/index.js';
import { countTokens } from '../../src/snapshot/tokens.js';
import { contactsIosDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

type Raw = Record<string, unknown> & { children?: Raw[] };

const captures = (): Array<{ file: string; text: string; raw: { viewHierarchy: Raw; deviceWidth: number; deviceHeight: number } }> =>
  readdirSync(join(contactsIosDir, 'captures'))
    .sort()
    .map((file) => {
      const text = readFileSync(join(contactsIosDir, 'captures', file), 'utf8');
      return { file, text, raw: JSON.parse(text) };
    });

function* nodes(n: Raw): Generator<Raw> {
  yield n;
  for (const c of n.children ?? []) yield* nodes(c);
}

const esc = (v: string): string =>
  v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

/** The frame WDA would report: Maestro's, or for its frameless synthetic roots, the span of the children. */
function frame(n: Raw): [number, number, number, number] {
  if (['x1', 'y1', 'x2', 'y2'].some((k) => k in n)) return [num(n['x1']), num(n['y1']), num(n['x2']), num(n['y2'])];
  const kids = (n.children ?? []).map(frame).filter(([l, t, r, b]) => r > l && b > t);
  if (kids.length === 0) return [0, 0, 0, 0];
  return [
    Math.min(...kids.map((k) => k[0])),
    Math.min(...kids.map((k) => k[1])),
    Math.max(...kids.map((k) => k[2])),
    Math.max(...kids.map((k) => k[3])),
  ];
}

/** Maestro JSON → WDA `/source` XML, as WDA writes it: name = identifier or label, placeholderValue, value. */
/**
 * `types`: the element type of each node in document order, as the Maestro reader inferred them (Maestro names
 * none; WDA names every one): the XML states what the JSON implies.
 */
function toWda(n: Raw, index: number, depth: number, types: string[]): string {
  const inferred = types.shift() ?? 'XCUIElementTypeOther';
  const type = typeof n['hintText'] === 'string' ? 'XCUIElementTypeTextField' : inferred;
  const [l, t, r, b] = frame(n);
  const label = (n['accessibilityText'] as string | undefined) ?? '';
  const name = (n['resourceId'] as string | undefined) ?? label;
  const a: string[] = [`type="${type}"`];
  if (typeof n['text'] === 'string') a.push(`value="${esc(n['text'])}"`);
  if (name !== '') a.push(`name="${esc(name)}"`);
  if (label !== '') a.push(`label="${esc(label)}"`);
  if (typeof n['hintText'] === 'string') a.push(`placeholderValue="${esc(n['hintText'])}"`);
  a.push(`enabled="${n['enabled'] === false ? 'false' : 'true'}"`, 'visible="true"', `accessible="${label !== ''}"`);
  if (n['selected'] === true) a.push('selected="true"');
  a.push(`x="${l}"`, `y="${t}"`, `width="${r - l}"`, `height="${b - t}"`, `index="${index}"`);
  const pad = '  '.repeat(depth);
  const kids = n.children ?? [];
  if (kids.length === 0) return `${pad}<${type} ${a.join(' ')}/>`;
  return [`${pad}<${type} ${a.join(' ')}>`, ...kids.map((c, i) => toWda(c, i, depth + 1, types)), `${pad}</${type}>`].join('\n');
}

const median = (xs: number[]): number => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;

describe('iOS snapshots of the Contacts captures', { skip: requires({ shared: true }) }, () => {
  const all = captures();

  test('100 captures, and the median default snapshot costs at most 150 o200k tokens', () => {
    assert.equal(all.length, 100);
    const tokens = all.map((c) => countTokens(snapshotFromDump(c.text).text).o200k);
    assert.ok(median(tokens) <= 150, `median ${median(tokens)}`);
  });

  test('no status-bar or scroll-indicator text, no chevron glyph, no full-screen element, unique short refs', () => {
    for (const c of all) {
      const s = snapshotFromDump(c.text);
      const raw = [...nodes(c.raw.viewHierarchy)];
      // The status bar is the second window: its leaves sit in the top 54 pt.
      const statusBar = raw.filter(
        (n) => num(n['y2']) > 0 && num(n['y2']) <= 54 && (n['accessibilityText'] || n['text'] || n['resourceId']),
      );
      const barTexts = new Set(
        statusBar.flatMap((n) => [n['accessibilityText'], n['text'], n['resourceId']]).filter((v) => typeof v === 'string'),
      );
      const indicatorTexts = raw
        .filter((n) => /scroll bar/.test(String(n['accessibilityText'] ?? '')))
        .flatMap((n) => [String(n['accessibilityText']), String(n['text'])]);
      const refs = new Set<string>();
      for (const e of s.elements) {
        const words = [e.text, e.desc, e.id, ...(e.labels ?? [])].filter((v): v is string => v !== undefined);
        for (const w of words) {
          assert.ok(!barTexts.has(w) || !/^\d|bars|battery|signal|Cellular/i.test(w), `${c.file}: status bar "${w}" in ${e.ref}`);
          assert.ok(!indicatorTexts.includes(w), `${c.file}: scroll indicator "${w}" in ${e.ref}`);
        }
        assert.ok(!/^chevron\./.test(e.id ?? ''), `${c.file}: chevron ${e.ref}`);
        const [l, t, r, b] = e.bounds;
        assert.ok((r - l) * (b - t) < 0.9 * s.screen.width * s.screen.height, `${c.file}: full-screen ${e.ref}`);
        assert.ok(/^[a-z][0-9A-Z]{1,4}$/.test(e.ref) && !refs.has(e.ref), `${c.file}: ref ${e.ref}`);
        refs.add(e.ref);
      }
      for (const word of ['scroll bar', 'Wi-Fi bars', 'battery power', 'No signal', 'Not charging']) {
        assert.ok(!s.text.includes(word), `${c.file}: "${word}" in the snapshot`);
      }
    }
  });

  test('the status bar clock and scroll positions do not change the snapshot (refs stable)', () => {
    for (const c of all.filter((_, i) => i % 5 === 0)) {
      const raw = JSON.parse(c.text) as { viewHierarchy: Raw };
      for (const n of nodes(raw.viewHierarchy)) {
        if (num(n['y2']) > 0 && num(n['y2']) <= 54 && typeof n['accessibilityText'] === 'string') n['accessibilityText'] = '11:59\u202fPM';
        if (/scroll bar/.test(String(n['accessibilityText'] ?? ''))) n['text'] = '37%';
      }
      const changed = JSON.stringify(raw);
      assert.equal(snapshotFromDump(changed).text, snapshotFromDump(c.text).text, c.file);
    }
  });

  test('WDA XML written from every capture gives the same snapshot as the Maestro JSON (tree and json)', () => {
    for (const c of all) {
      const types = [...walk(parseDump(c.text).roots)].map((e) => e.node.cls);
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${toWda(c.raw.viewHierarchy, 0, 0, types)}\n`;
      const wda = parseDump(xml);
      assert.equal(wda.format, 'wda');
      assert.equal(snapshotFromDump(wda).text, snapshotFromDump(c.text).text, c.file);
      const json = (t: string): unknown => JSON.parse(snapshotFromDump(t, { format: 'json' }).text);
      assert.deepEqual(json(xml), json(c.text), c.file);
    }
  });
});
