// The session across steps (src/privacy/session.ts): what the ranker is told at each step (the step number, the
// actions recorded so far, as they were when recorded), refs carried from the device's snapshot, reordering a
// screen of more than nine blocks (ranks of one and two digits) with the ledger still exact, and the privacy view.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { PrivacySession, privacyView, readingOrderScorer, type BlockScorer, type RankContext } from '../../src/privacy/index.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { dump, n } from '../snapshot/build.js';
import { notesScreen } from './fixture.js';

/** Reading order, and a copy of every context it was given. */
function recorder(): { scorer: BlockScorer; seen: RankContext[] } {
  const seen: RankContext[] = [];
  return { seen, scorer: { score: (blocks, ctx) => (seen.push(structuredClone(ctx)), readingOrderScorer.score(blocks, ctx)) } };
}

/** Eleven buttons one under the other, one block each. */
const eleven = () =>
  dump([
    n(
      'FrameLayout',
      { bounds: [0, 0, 1080, 2280] },
      'ABCDEFGHIJK'.split('').map((t, i) => n('Button', { text: t, clickable: true, bounds: [0, i * 200, 1080, i * 200 + 150] })),
    ),
  ]);

describe('what the ranker is told at each step', () => {
  test('the step number and the actions recorded before it, as they were when recorded', () => {
    const { scorer, seen } = recorder();
    const s = new PrivacySession({ task: 'call Alice', scorer });
    s.observe(notesScreen());
    const action = { label: 'Search' };
    s.record(action);
    action.label = 'changed by the caller afterwards';
    s.observe(notesScreen());
    s.record({ input: 'Alice' });
    s.observe(notesScreen());
    assert.deepEqual(seen, [
      { task: 'call Alice', app: 'com.example.notes', step: 0, history: [] },
      { task: 'call Alice', app: 'com.example.notes', step: 1, history: [{ label: 'Search' }] },
      { task: 'call Alice', app: 'com.example.notes', step: 2, history: [{ label: 'Search' }, { input: 'Alice' }] },
    ]);
  });

  test('the privacy view passes the history it is given, and none by default', () => {
    const a = recorder();
    privacyView(notesScreen(), 'call Alice', { scorer: a.scorer });
    const b = recorder();
    privacyView(notesScreen(), 'call Alice', { scorer: b.scorer, history: [{ label: 'Search' }] });
    assert.deepEqual(a.seen, [{ task: 'call Alice', app: 'com.example.notes', step: 0, history: [] }]);
    assert.deepEqual(b.seen, [{ task: 'call Alice', app: 'com.example.notes', step: 0, history: [{ label: 'Search' }] }]);
  });
});

describe('refs from the device session', () => {
  test("observe(dump, { previous }): a row whose title scrolled away keeps the ref the device's snapshot showed", () => {
    const before = notesScreen();
    const after = before.replace('text="Ideas"', 'text=""');
    const s = new PrivacySession({ task: 'x', scorer: readingOrderScorer });
    const refs = (r: ReturnType<PrivacySession['observe']>) => r.elements.map((e) => e.ref);
    assert.ok(refs(s.observe(after)).includes('b235'));
    const carried = refs(s.observe(after, { previous: snapshotFromDump(parseDump(before)) }));
    assert.ok(carried.includes('b525') && !carried.includes('b235'), carried.join(' '));
  });
});

describe('reorder', () => {
  test('before any screen it does nothing', () => {
    const s = new PrivacySession({ task: 'x' });
    s.reorder(['B1']);
    assert.deepEqual(s.blocks(), []);
    assert.equal(s.next(), undefined);
  });

  test('eleven blocks: B11 and B10 moved up to ranks 2 and 3; the totals stay, each send counts the text that left', () => {
    const s = new PrivacySession({ task: 'x', scorer: readingOrderScorer });
    s.observe(eleven());
    const e = s.ledger[0]!;
    const total = e.total.chars;
    const first = s.next()!;
    assert.match(first.text, /^\[B1 group · rank 1\]\n {2}b\d+ Button "A"$/);
    s.reorder(['B11', 'B10']);
    assert.deepEqual(
      s.blocks().map((b) => `${b.id}:${b.rank}`),
      ['B1:1', 'B11:2', 'B10:3', 'B2:4', 'B3:5', 'B4:6', 'B5:7', 'B6:8', 'B7:9', 'B8:10', 'B9:11'],
    );
    assert.equal(e.total.chars, total, 'the same headers, ranks traded');
    assert.equal(e.withheld.chars, total - first.text.length);
    let sent = first.text.length;
    const texts = [first.text];
    for (let b = s.next(); b !== undefined; b = s.next()) {
      texts.push(b.text);
      sent += b.text.length;
      assert.equal(e.sent.chars, sent);
      assert.equal(e.withheld.chars, total - sent, b.block.id);
    }
    assert.match(texts[1]!, /^\[B11 group · rank 2\]\n {2}b\d+ Button "K"$/);
    assert.match(texts[7]!, /^\[B6 group · rank 8\]\n/);
    assert.match(texts[9]!, /^\[B8 group · rank 10\]\n {2}b\d+ Button "H"$/);
    assert.equal(sent, total);
    assert.deepEqual(e.sentBlocks, ['B1', 'B11', 'B10', 'B2', 'B3', 'B4', 'B5', 'B6', 'B7', 'B8', 'B9']);
  });
});

describe('privacyView', () => {
  test('top 0 still shows one block; more than there are shows them all and says nothing was withheld', () => {
    const one = privacyView(eleven(), 'x', { scorer: readingOrderScorer, top: 0 }).trimEnd().split('\n');
    assert.match(one[0]!, /^\[B1 group · rank 1\]$/);
    assert.equal(one.filter((l) => l.startsWith('[B')).length, 1);
    assert.match(one.at(-1)!, /^withheld: 10 blocks, 10 elements, \d+ chars$/);
    const all = privacyView(eleven(), 'x', { scorer: readingOrderScorer, top: 20 });
    assert.equal(all.split('\n').filter((l) => l.startsWith('[B')).length, 11);
    assert.ok(all.endsWith('withheld: nothing (the whole screen was sent)\n'));
  });
});
