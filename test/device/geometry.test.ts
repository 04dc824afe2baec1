import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { subtract, touchPoint, type Rect } from '../../src/device/geometry.js';
import type { Action, SnapshotElement } from '../../src/snapshot/types.js';

function el(ref: string, bounds: Rect, o: { actions?: Action[]; parent?: string } = {}): SnapshotElement {
  return {
    ref,
    class: 'View',
    bounds,
    center: [Math.floor((bounds[0] + bounds[2]) / 2), Math.floor((bounds[1] + bounds[3]) / 2)],
    actions: o.actions ?? ['tap'],
    states: [],
    ...(o.parent ? { parent: o.parent } : {}),
  };
}

const screen = { width: 1080, height: 1920 };
const inside = (p: { x: number; y: number }, r: Rect): boolean => p.x >= r[0] && p.x < r[2] && p.y >= r[1] && p.y < r[3];

describe('touchPoint', () => {
  test('uses the centre when nothing covers it', () => {
    const row = el('b1', [0, 100, 1080, 250]);
    assert.deepEqual(touchPoint(row, [row], screen), { x: 540, y: 175, visible: true, visibleArea: 1080 * 150 });
  });

  test('moves off a floating button drawn later over the centre', () => {
    const list = el('s1', [0, 1000, 1080, 1800], { actions: ['scroll'] });
    const row = el('b5', [0, 1600, 1080, 1750], { parent: 's1' });
    const fab = el('b9', [440, 1600, 640, 1760]);
    const p = touchPoint(row, [list, row, fab], screen);
    assert.ok(p.visible);
    assert.ok(inside(p, row.bounds));
    assert.ok(!inside(p, fab.bounds));
  });

  test('an element drawn earlier does not cover, a plain label does not take the touch', () => {
    const back = el('b1', [0, 0, 1080, 1920]);
    const target = el('b2', [100, 100, 300, 300]);
    const label = el('t3', [100, 100, 300, 300], { actions: [] });
    assert.deepEqual(touchPoint(target, [back, target, label], screen).x, 200);
  });

  test('avoids its own clickable child', () => {
    const row = el('b1', [0, 0, 1000, 100]);
    const sw = el('c2', [400, 0, 600, 100], { actions: ['tap', 'check'], parent: 'b1' });
    const p = touchPoint(row, [row, sw], screen);
    assert.ok(!inside(p, sw.bounds) && inside(p, row.bounds));
  });

  test('is clipped by its ancestors and the screen', () => {
    const list = el('s1', [0, 1000, 1080, 1800], { actions: ['scroll'] });
    const row = el('b1', [0, 1700, 1080, 1900], { parent: 's1' });
    const p = touchPoint(row, [list, row], screen);
    assert.ok(p.y >= 1700 && p.y < 1800, `y=${p.y}`);
    assert.equal(p.visibleArea, 1080 * 100);
  });

  test('reports a fully covered element as not visible', () => {
    const a = el('b1', [0, 0, 100, 100]);
    const dialog = el('b2', [0, 0, 1080, 1920]);
    assert.equal(touchPoint(a, [a, dialog], screen).visible, false);
  });
});

describe('subtract', () => {
  const rect = fc
    .tuple(
      fc.integer({ min: 0, max: 50 }),
      fc.integer({ min: 0, max: 50 }),
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 1, max: 50 }),
    )
    .map(([l, t, w, h]): Rect => [l, t, l + w, t + h]);
  test('pieces are disjoint, inside a, outside b, and cover a minus b exactly', () => {
    fc.assert(
      fc.property(rect, rect, (a, b) => {
        const pieces = subtract(a, b);
        for (let x = a[0]; x < a[2]; x++) {
          for (let y = a[1]; y < a[3]; y++) {
            const n = pieces.filter((r) => inside({ x, y }, r)).length;
            if (n !== (inside({ x, y }, b) ? 0 : 1)) return false;
          }
        }
        return pieces.every((r) => r[0] >= a[0] && r[1] >= a[1] && r[2] <= a[2] && r[3] <= a[3] && r[0] < r[2] && r[1] < r[3]);
      }),
      { numRuns: 200 },
    );
  });
});
