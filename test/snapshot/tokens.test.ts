// `glance tokens` (src/snapshot/tokens.ts): bytes and tokens of a screen per format. The token counts are checked
// against the tokenizer itself on the pieces a long run must be cut into, written out here; the table by hand.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encode as o200k } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as cl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { countTokens, renderTokenReport, tokenReport, type TokenReportRow } from '../../src/snapshot/tokens.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { snapshotFromDump, type SnapshotFormat } from '../../src/snapshot/snapshot.js';
import { n, screen } from './build.js';

/** Tokens of `pieces` counted one by one, as a text cut into them is counted. */
const sum = (encode: (s: string) => number[], pieces: string[]): number => pieces.reduce((t, p) => t + encode(p).length, 0);

describe('countTokens', () => {
  test('ordinary text is counted whole', () => {
    const text = 'b12 Button "Send" [tap]\nt40 TextView "Hello, world"';
    assert.deepEqual(countTokens(text), { bytes: 51, o200k: o200k(text).length, cl100k: cl100k(text).length });
  });

  test('a run of more than 256 non-space characters is counted in slices of 256, the text around it whole', () => {
    // 600 characters: 256 + 256 + 88 (cut, this run costs o200k 124 tokens; whole, 120)
    const run = 'abcdefghij'.repeat(60);
    const text = `label: ${run} (end of label)`;
    const pieces = ['label: ', run.slice(0, 256), run.slice(256, 512), run.slice(512), ' (end of label)'];
    assert.equal(pieces.join(''), text);
    assert.deepEqual(countTokens(text), { bytes: 622, o200k: sum(o200k, pieces), cl100k: sum(cl100k, pieces) });
    // Two runs, each cut on its own.
    const two = `${'x'.repeat(257)} ${'y'.repeat(300)}`;
    const twoPieces = ['', 'x'.repeat(256), 'x', ' ', 'y'.repeat(256), 'y'.repeat(44), ''];
    assert.equal(countTokens(two).o200k, sum(o200k, twoPieces));
    assert.equal(countTokens(two).cl100k, sum(cl100k, twoPieces));
  });

  test('a run of exactly 256 characters is not cut', () => {
    const text = `${'z'.repeat(256)} done`;
    assert.equal(countTokens(text).o200k, o200k(text).length);
  });

  test('a cut never falls between the two halves of a surrogate pair', () => {
    // "a" then 200 emoji (two UTF-16 units each): unit 256 is the low half of the 128th emoji, so the first slice
    // takes 257 units.
    const text = `a${'😀'.repeat(200)}`;
    const pieces = [`a${'😀'.repeat(128)}`, '😀'.repeat(72)];
    assert.equal(pieces.join(''), text);
    assert.deepEqual(countTokens(text), { bytes: 801, o200k: sum(o200k, pieces), cl100k: sum(cl100k, pieces) });
    // 255 letters, then an emoji across units 255-256, then letters: the first slice ends after the emoji.
    const mixed = `${'a'.repeat(255)}😀${'b'.repeat(50)}`;
    const cut = [`${'a'.repeat(255)}😀`, 'b'.repeat(50)];
    assert.deepEqual(countTokens(mixed), { bytes: 309, o200k: sum(o200k, cut), cl100k: sum(cl100k, cut) });
  });
});

describe('tokenReport', () => {
  const dump = screen([
    n('TextView', { text: 'Inbox', bounds: [0, 80, 1080, 180] }),
    n('Button', { text: 'Compose', clickable: true, bounds: [800, 2000, 1080, 2200] }),
  ]);
  const xml = toUiautomatorXml(dump);

  test('one row for the dump as given, then one per format, in that order', () => {
    const rows = tokenReport(xml);
    assert.deepEqual(
      rows.map((r) => r.format),
      ['raw', 'tree', 'table', 'json', 'xml'],
    );
    assert.deepEqual(rows[0], {
      format: 'raw',
      bytes: new TextEncoder().encode(xml).length,
      o200k: o200k(xml).length,
      cl100k: cl100k(xml).length,
    });
  });

  test('each format’s row counts that format’s text, made with the options given', () => {
    const bytes = (t: string): number => new TextEncoder().encode(t).length;
    for (const options of [{}, { maxLabel: 3 }]) {
      const rows = tokenReport(xml, options);
      for (const r of rows.slice(1))
        assert.equal(r.bytes, bytes(snapshotFromDump(xml, { ...options, format: r.format as SnapshotFormat }).text), r.format);
      assert.equal(new Set(rows.slice(1).map((r) => r.bytes)).size, 4, 'the formats differ in size');
    }
    assert.notEqual(tokenReport(xml, { maxLabel: 3 })[1]!.bytes, tokenReport(xml)[1]!.bytes, 'the options reach the formats');
  });

  test('a dump given as bytes counts as the same text', () => {
    assert.deepEqual(tokenReport(new TextEncoder().encode(xml)), tokenReport(xml));
  });
});

describe('renderTokenReport', () => {
  test('an aligned table: the format left-aligned, the numbers right-aligned, two spaces apart', () => {
    const rows: TokenReportRow[] = [
      { format: 'raw', bytes: 48213, o200k: 11876, cl100k: 12004 },
      { format: 'tree', bytes: 1532, o200k: 402, cl100k: 411 },
      { format: 'json', bytes: 9, o200k: 3, cl100k: 3 },
    ];
    assert.equal(
      renderTokenReport(rows),
      [
        'FORMAT  BYTES  O200K  CL100K',
        'raw     48213  11876   12004',
        'tree     1532    402     411',
        'json        9      3       3',
        '',
      ].join('\n'),
    );
  });
});
