// What a touch or scroll that changed nothing names instead: tappable elements at or nearest the point, other
// scrollable containers; and how the tool words it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { otherScrollables, tappableNear } from '../../src/device/actions/nearby.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { scrollFacts, touchFacts, typeFacts } from '../../src/tools/outcome-facts.js';

const el = (
  ref: string,
  bounds: [number, number, number, number],
  actions: SnapshotElement['actions'],
  text?: string,
): SnapshotElement => ({
  ref,
  class: 'View',
  bounds,
  center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
  actions,
  states: [],
  ...(text === undefined ? {} : { text }),
});

const screen = [
  el('t1', [0, 0, 1080, 100], [], 'Title'),
  el('b1', [0, 100, 500, 200], ['tap'], 'Near'),
  el('b2', [0, 900, 500, 1000], ['tap'], 'Far'),
  el('b3', [600, 100, 1080, 200], ['tap'], 'Right'),
  el('c1', [0, 300, 500, 400], ['check'], 'Box'),
  { ...el('b4', [0, 120, 500, 180], ['tap'], 'Gone'), offscreen: true as const },
  el('s1', [0, 0, 1080, 2000], ['scroll']),
  el('s2', [0, 0, 500, 500], ['scroll']),
];

test('tappable elements nearest the point first, the touched one and off-screen ones left out, three at most', () => {
  assert.deepEqual(
    tappableNear(screen, { x: 250, y: 50 }, 't1').map((e) => e.ref),
    ['b1', 'c1', 'b3'],
  );
  assert.deepEqual(tappableNear(screen, { x: 550, y: 150 }, 'b1')[0], { ref: 'b3', class: 'View', label: 'Right' });
});

test('other scrollable containers, biggest first', () => {
  assert.deepEqual(
    otherScrollables(screen).map((e) => e.ref),
    ['s1', 's2'],
  );
  assert.deepEqual(
    otherScrollables(screen, 's1').map((e) => e.ref),
    ['s2'],
  );
});

const settled = { settled: true, diff: 'no change\n', changed: false };

test('the words: a touch that changed nothing, a scroll that did not move, a password length', () => {
  const target = { kind: 'ref' as const, text: 't1', ref: 't1', label: 'Title' };
  assert.deepEqual(
    touchFacts({
      action: 'tap',
      target,
      point: { x: 1, y: 2 },
      ...settled,
      tappable: false,
      nearby: [
        { ref: 'b1', class: 'Button', label: 'Near' },
        { ref: 'b9', class: 'ImageView' },
      ],
    }),
    ['t1 "Title" takes no taps itself; tappable there: b1 "Near", b9 ImageView'],
  );
  assert.deepEqual(touchFacts({ action: 'tap', target, point: { x: 1, y: 2 }, ...settled, changed: true }), []);
  assert.deepEqual(
    scrollFacts({ action: 'scroll', direction: 'up', swipes: 1, ...settled, moved: false, others: [{ ref: 's2', class: 'RecyclerView' }] }),
    ['the content did not move: nothing more up there (or it does not scroll); try direction down, or another container: s2 RecyclerView'],
  );
  assert.deepEqual(typeFacts({ action: 'type', ...settled, password: true, length: 1 }), ['password field now holds 1 character (hidden)']);
  assert.deepEqual(typeFacts({ action: 'type', ...settled, value: '' }), ['field now holds ""']);
});
