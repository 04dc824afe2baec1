// blocksFromDump's own contract (src/privacy/api.ts), on screens built here: block ids follow reading order
// whatever the dump's order and the task, ties in score keep that order, the scorer is told exactly what the
// caller and the dump say (task, app, step, history), the dump's own foreground activity places the screen on
// a UI Map, map weights reach the map's scorer, and a device session's refs carry into the blocks.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import {
  blocksFromDump,
  lexicalScorer,
  rankBlocks,
  targetBlockIndex,
  type BlockScorer,
  type RankContext,
  type RawBlock,
} from '../../src/privacy/index.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { dump, element, n } from '../snapshot/build.js';
import { notesScreen } from './fixture.js';
import { mainScreen, MAIN, notesMap, SETTINGS } from './map-fixture.js';

const labelOf = (e: { text?: string; desc?: string; labels?: string[] }): string => e.text ?? e.desc ?? e.labels?.[0] ?? '?';
/** Block id → its labels, in id order. */
const byId = (blocks: readonly { id: string; elements: { text?: string; desc?: string; labels?: string[] }[] }[]) =>
  Object.fromEntries([...blocks].sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1))).map((b) => [b.id, b.elements.map(labelOf)]));

/** A scorer that gives every block 0 and keeps the contexts it was given. */
function recorder(): { scorer: BlockScorer; seen: RankContext[] } {
  const seen: RankContext[] = [];
  return { seen, scorer: { score: (blocks, ctx) => (seen.push(ctx), blocks.map(() => 0)) } };
}

describe('block ids follow reading order', () => {
  test('two buttons on one line, the right one first in the dump: the left one is B1', () => {
    const d = dump([
      n('FrameLayout', { bounds: [0, 0, 1080, 2280] }, [
        n('Button', { text: 'Right', clickable: true, bounds: [600, 100, 900, 200] }),
        n('Button', { text: 'Left', clickable: true, bounds: [0, 100, 300, 200] }),
      ]),
    ]);
    const r = blocksFromDump(d, 'anything', { maxSize: 1 });
    assert.deepEqual(byId(r.blocks), { B1: ['Left'], B2: ['Right'] });
  });

  test('a block starts at its leftmost element: a pair spanning 0–900 is read before a button at 300', () => {
    // Same top for all three; the pair (left edge 0) comes before the single button (left edge 300) whichever
    // element of the pair lies further right.
    const d = dump([
      n('FrameLayout', { bounds: [0, 0, 1080, 2280] }, [
        n('Button', { text: 'Middle', clickable: true, bounds: [300, 100, 500, 200] }),
        n('LinearLayout', { bounds: [0, 100, 1080, 200] }, [
          n('Button', { text: 'Far left', clickable: true, bounds: [0, 100, 200, 200] }),
          n('Button', { text: 'Far right', clickable: true, bounds: [700, 100, 900, 200] }),
        ]),
      ]),
    ]);
    const r = blocksFromDump(d, 'anything');
    assert.deepEqual(byId(r.blocks), { B1: ['Far left', 'Far right'], B2: ['Middle'] });
  });

  test('the same ids whatever the task; ranks follow the scores', () => {
    const ids = (task: string): string[] => blocksFromDump(notesScreen(), task).blocks.map((b) => `${b.id}:${labelOf(b.elements[0]!)}`);
    const alice = ids('call Alice');
    const note = ids('create a new note');
    assert.deepEqual([...alice].sort(), [...note].sort());
    assert.deepEqual([...alice].sort(), ['B1:My notes', 'B2:Groceries', 'B3:?', 'B4:Call Alice', 'B5:Ideas', 'B6:Create a new note']);
    assert.equal(alice[0], 'B4:Call Alice');
    assert.equal(note[0], 'B6:Create a new note');
  });
});

describe('rankBlocks', () => {
  const raw = (...labels: string[]): RawBlock[] =>
    labels.map((t, i) => ({ kind: 'group', elements: [element(`e${i}`, [0, i * 100, 100, i * 100 + 50], { text: t })] }));

  test('equal scores keep the order given (reading order), ranks count from 1, scores rounded to 3 places', () => {
    const r = rankBlocks(raw('a', 'b', 'c', 'd'), [0.5, 2, 0.5, 0.5]);
    assert.deepEqual(
      r.map((b) => [b.id, b.rank, b.score]),
      [
        ['B2', 1, 2],
        ['B1', 2, 0.5],
        ['B3', 3, 0.5],
        ['B4', 4, 0.5],
      ],
    );
    const rounded = rankBlocks(raw('a', 'b'), [1.23456, -0.0004]);
    assert.deepEqual(
      rounded.map((b) => [b.id, b.score]),
      [
        ['B1', 1.235],
        ['B2', -0],
      ],
    );
  });

  test("a missing score counts as 0; a block's bounds are its elements' union", () => {
    const blocks: RawBlock[] = [
      { kind: 'toolbar', elements: [element('a', [10, 20, 110, 70]), element('b', [200, 5, 300, 60])] },
      { kind: 'row', elements: [element('c', [0, 500, 100, 600])] },
    ];
    const r = rankBlocks(blocks, [-1]);
    assert.deepEqual(
      r.map((b) => [b.id, b.rank, b.kind, b.bounds]),
      [
        ['B2', 1, 'row', [0, 500, 100, 600]],
        ['B1', 2, 'toolbar', [10, 5, 300, 70]],
      ],
    );
  });
});

describe('targetBlockIndex', () => {
  test('the index in upload order of the block holding the element, -1 for an element of no block', () => {
    const r = blocksFromDump(notesScreen(), 'call Alice');
    const fab = r.elements.find((e) => e.desc === 'Create a new note')!;
    const alice = r.elements.find((e) => e.labels?.[0] === 'Call Alice')!;
    assert.equal(targetBlockIndex(r.blocks, alice), 0);
    assert.equal(r.blocks[targetBlockIndex(r.blocks, fab)]!.elements[0], fab);
    assert.equal(targetBlockIndex(r.blocks, element('zz', [0, 0, 1, 1])), -1);
  });
});

describe('what the scorer is told', () => {
  test('the task and the foreground app; no step or history keys when none are given', () => {
    const { scorer, seen } = recorder();
    blocksFromDump(notesScreen(), 'call Alice', { scorer });
    assert.deepEqual(seen, [{ task: 'call Alice', app: 'com.example.notes' }]);
  });

  test('step and history as given', () => {
    const { scorer, seen } = recorder();
    blocksFromDump(notesScreen(), 'call Alice', { scorer, step: 0, history: [{ label: 'Search' }, { input: 'Alice' }] });
    assert.deepEqual(seen, [{ task: 'call Alice', app: 'com.example.notes', step: 0, history: [{ label: 'Search' }, { input: 'Alice' }] }]);
  });

  test('no app key for a dump that names no package', () => {
    const { scorer, seen } = recorder();
    const d = dump([
      n('FrameLayout', { pkg: '', bounds: [0, 0, 1080, 2280] }, [
        n('Button', { pkg: '', text: 'OK', clickable: true, bounds: [0, 0, 200, 100] }),
      ]),
    ]);
    blocksFromDump(d, 'press OK', { scorer, step: 2 });
    assert.deepEqual(seen, [{ task: 'press OK', step: 2 }]);
  });
});

describe('with a UI Map', () => {
  const task = "Delete the note 'Diary'";
  const top = (r: ReturnType<typeof blocksFromDump>): string[] => r.blocks[0]!.elements.map(labelOf);
  /** The main screen's dump naming a foreground activity, as a DroidBot dump does. */
  const at = (activity: string) => ({ ...parseDump(mainScreen()), package: 'com.example.notes', activity });

  test("the dump's own foreground activity places the screen: on Settings nothing here leads to the task", () => {
    // Placed by its ids (main screen), the overflow button leads to "Delete note" and comes first.
    assert.deepEqual(top(blocksFromDump(mainScreen(), task, { map: notesMap() })), ['?', 'More options']);
    assert.deepEqual(top(blocksFromDump(at(MAIN), task, { map: notesMap() })), ['?', 'More options']);
    // The dump says Settings: the map adds nothing, the list with the quoted row leads as without a map.
    assert.deepEqual(top(blocksFromDump(mainScreen(), task)), ['Diary', 'Groceries']);
    assert.deepEqual(top(blocksFromDump(at(SETTINGS), task, { map: notesMap() })), ['Diary', 'Groceries']);
    // The caller's activity wins over the dump's.
    assert.deepEqual(top(blocksFromDump(at(SETTINGS), task, { map: notesMap(), activity: MAIN })), ['?', 'More options']);
  });

  test('map weights reach the map scorer: with every weight 0 the scores are the lexical ones', () => {
    const lexical = blocksFromDump(mainScreen(), task).blocks.map((b) => [b.id, b.score]);
    const zero = blocksFromDump(mainScreen(), task, { map: notesMap(), activity: MAIN, mapWeights: { lead: 0, exit: 0, done: 0 } });
    assert.deepEqual(
      zero.blocks.map((b) => [b.id, b.score]),
      lexical,
    );
    // lead 10 instead of 4: the toolbar holds the screen's best lead, the overflow button one step before the
    // "Delete note" item (0.8 of the map's best match), so it gains 10 × 0.8² / 0.8 = 8 over its lexical score.
    const toolbarLexical = blocksFromDump(mainScreen(), task).blocks.find((b) => b.id === 'B1')!.score;
    const ten = blocksFromDump(mainScreen(), task, { map: notesMap(), activity: MAIN, mapWeights: { lead: 10 } });
    assert.equal(ten.blocks.find((b) => b.id === 'B1')!.score, Math.round((toolbarLexical + 8) * 1000) / 1000);
    assert.equal(ten.blocks[0]!.id, 'B1');
  });
});

describe('refs carried from the previous snapshot', () => {
  test('a row whose title scrolled away keeps the ref the device session showed for it', () => {
    const before = notesScreen();
    const after = before.replace('text="Ideas"', 'text=""');
    const previous = snapshotFromDump(parseDump(before));
    const row = (r: ReturnType<typeof blocksFromDump>) => r.elements.find((e) => e.labels?.[0] === 'a garden' || e.text === 'a garden')!;
    assert.equal(previous.elements.find((e) => e.labels?.[0] === 'Ideas')!.ref, 'b525');
    assert.equal(row(blocksFromDump(after, 'x')).ref, 'b235', 'on its own the cut row gets a fresh ref');
    const carried = blocksFromDump(after, 'x', { previous });
    assert.equal(row(carried).ref, 'b525');
    assert.ok(carried.blocks.some((b) => b.elements.some((e) => e.ref === 'b525')));
  });
});

describe('the same order with any scorer, sync or not', () => {
  test('a lexical scorer passed in explicitly ranks as the default', () => {
    const a = blocksFromDump(notesScreen(), 'call Alice');
    const b = blocksFromDump(notesScreen(), 'call Alice', { scorer: lexicalScorer() });
    assert.deepEqual(
      a.blocks.map((x) => [x.id, x.score]),
      b.blocks.map((x) => [x.id, x.score]),
    );
  });
});
