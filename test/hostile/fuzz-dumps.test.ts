// Real dumps, mutated (bounded and seeded): parse, snapshot in every format, privacy blocks and the privacy view
// either work or fail with a coded GlanceError, never INTERNAL or a raw exception.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { isGlanceError } from '../../src/errors.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { blocksFromDump, privacyView } from '../../src/privacy/index.js';
import { corpusScreens } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const JUNK = [
  '<',
  '>',
  '"',
  '&',
  '&#0;',
  '&#x1b;',
  '<node>',
  '</node>',
  '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>',
  '&e;',
  '\u0000',
  '\u001b[2J',
  ']]>',
  'bounds="[9,9][-1,99999999999]"',
  '\uD800',
];

function mutate(xml: string, ops: Array<[number, number, number]>): string {
  let s = xml;
  for (const [kind, a, b] of ops) {
    const i = a % (s.length + 1);
    const j = Math.min(s.length, i + (b % 400));
    if (kind === 0)
      s = s.slice(0, i) + s.slice(j); // delete a span
    else if (kind === 1)
      s = s.slice(0, i) + JUNK[b % JUNK.length]! + s.slice(i); // insert junk
    else if (kind === 2)
      s = s.slice(0, i) + s.slice(i, j) + s.slice(i); // duplicate a span
    else s = s.slice(0, i); // truncate
  }
  return s;
}

function check(input: string): void {
  const attempt = (what: string, f: () => unknown): void => {
    try {
      f();
    } catch (e) {
      assert.ok(isGlanceError(e) && e.code !== 'INTERNAL', `${what} threw ${e instanceof Error ? e.stack : String(e)}`);
    }
  };
  attempt('parse', () => parseDump(input));
  for (const format of ['tree', 'table', 'json', 'xml'] as const) attempt(format, () => snapshotFromDump(input, { format }));
  attempt('blocks', () => blocksFromDump(input, 'open settings'));
  attempt('privacy', () => privacyView(input, 'open settings'));
}

describe('fuzzed real dumps', { skip: requires({ shared: true }) }, () => {
  test('parse, snapshot, render and blocks only ever throw coded errors', () => {
    const screens = corpusScreens();
    const texts = screens.filter((_, i) => i % 11 === 0).map((s) => readFileSync(s.xmlPath, 'utf8'));
    fc.assert(
      fc.property(
        fc.nat({ max: texts.length - 1 }),
        fc.array(fc.tuple(fc.nat({ max: 3 }), fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        (which, ops) => check(mutate(texts[which]!, ops)),
      ),
      { seed: 20261123, numRuns: 300 },
    );
  });
});
