import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { blocksFromDump, PrivacySession } from '../../src/privacy/index.js';
import { dumpXml, type Spec } from './fixture.js';

const CLASSES = [
  'android.widget.FrameLayout',
  'android.widget.LinearLayout',
  'android.widget.TextView',
  'android.widget.Button',
  'android.widget.EditText',
  'androidx.recyclerview.widget.RecyclerView',
  'android.widget.CheckBox',
];
const WORDS = ['Settings', 'Alice', 'OK', 'Cancel', 'Sort by', 'More options', '+1 415 555 0199', 'bob@example.com', '', '', ''];

/** Random layout trees: children tile their parent vertically, so bounds stay on screen and nested. */
function tree(depth: number, b: [number, number, number, number]): fc.Arbitrary<Spec> {
  const leaf = fc.record({
    cls: fc.constantFrom(...CLASSES),
    text: fc.constantFrom(...WORDS),
    id: fc.constantFrom('', 'toolbar', 'row', 'buttonPanel', 'title', 'list'),
    clickable: fc.boolean(),
    scrollable: fc.boolean(),
  });
  if (depth === 0) return leaf.map((l) => ({ ...l, bounds: b }));
  return fc.tuple(leaf, fc.integer({ min: 0, max: 4 })).chain(([l, n]) => {
    const h = Math.max(1, Math.floor((b[3] - b[1]) / Math.max(1, n)));
    const kids = Array.from({ length: n }, (_, i) => tree(depth - 1, [b[0], b[1] + i * h, b[2], b[1] + (i + 1) * h]));
    return fc.tuple(...kids).map((children) => ({ ...l, bounds: b, children }));
  });
}

describe('partition properties (random layouts)', () => {
  test('every element in exactly one block; ranks 1..n; ledger balanced; deterministic', () => {
    fc.assert(
      fc.property(
        tree(4, [0, 0, 1080, 2280]),
        fc.constantFrom('open settings', 'call Alice', "type 'hello'"),
        fc.integer({ min: 1, max: 4 }),
        (spec, task, maxSize) => {
          const xml = dumpXml(spec);
          for (const rule of ['layout', 'core'] as const) {
            const r = blocksFromDump(xml, task, { rule, maxSize });
            const refs = r.blocks.flatMap((b) => b.elements.map((e) => e.ref));
            assert.equal(new Set(refs).size, refs.length);
            assert.deepEqual([...refs].sort(), r.elements.map((e) => e.ref).sort());
            assert.deepEqual(
              r.blocks.map((b) => b.rank),
              r.blocks.map((_, i) => i + 1),
            );
            assert.deepEqual(JSON.stringify(blocksFromDump(xml, task, { rule, maxSize })), JSON.stringify(r));
          }
          const s = new PrivacySession({ task });
          s.observe(xml);
          while (s.next() !== undefined) {
            const e = s.ledger[0]!;
            assert.equal(e.sent.elements + e.withheld.elements, e.total.elements);
            assert.equal(e.sent.chars + e.withheld.chars, e.total.chars);
          }
          assert.equal(s.ledger[0]!.withheld.elements, 0);
        },
      ),
      { numRuns: 100, seed: 7 },
    );
  });
});
