import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { placeLabels, type Placement } from '../../src/image/layout.js';
import type { Rect } from '../../src/image/raster.js';

// When no corner spot (nor its slides along the box's edge) is free, the tag goes to the nearest free spot of a
// grid around the box, in steps of half the tag's height (10 px for these 40×20 tags), and is detached unless
// that spot still touches the box.
describe('label placement: the nearest free spot when every candidate is taken', () => {
  const rect = (x0: number, y0: number, x1: number, y1: number): Rect => ({ x0, y0, x1, y1 });
  const attached = (r: Rect): Placement => ({ rect: r, detached: false });
  const detached = (r: Rect): Placement => ({ rect: r, detached: true });
  /** Placements for `count` elements sharing one box (a view and its clickable wrapper, say), each with a 40×20 tag. */
  const shared = (box: Rect, count: number, width: number, height: number): Placement[] =>
    placeLabels(
      Array.from({ length: count }, () => box),
      Array.from({ length: count }, () => ({ w: 40, h: 20 })),
      { width, height },
    );

  // A 45 px wide image holds a 40 px tag only with its left edge at x 0–5. The box's corners (x 12 and 39), its
  // centre and the half-tag (20 px) slides from them never put it there; the 10 px grid from x 12 does, at x 2.
  test('in an image barely wider than the tag, the tag goes just above its box, shifted to fit, and stays attached', () => {
    // Just above the box and over its top half are equally near (touching); the higher comes first.
    assert.deepEqual(shared(rect(12, 50, 39, 70), 1, 45, 100), [attached(rect(2, 30, 42, 50))]);
  });

  test("in an image barely wider than the tag, three elements' tags stack below their box; the third is detached", () => {
    // The box is at the top, so the tags go down the only column that fits. The third lies 20 px below the box, at
    // the image's bottom: the grid reaches as far as the image's longer side.
    assert.deepEqual(shared(rect(12, 0, 39, 20), 3, 45, 60), [
      attached(rect(2, 0, 42, 20)),
      attached(rect(2, 20, 42, 40)),
      detached(rect(2, 40, 42, 60)),
    ]);
  });

  test("two elements sharing an icon: the second tag goes beside the first one's, level with the icon", () => {
    // The first tag is centred below the icon and leaves no free spot touching it. The nearest free spots are
    // 10 px right of the icon, level with its top or 10 px lower; the higher comes first.
    assert.deepEqual(shared(rect(40, 0, 60, 10), 2, 150, 40), [attached(rect(30, 10, 70, 30)), detached(rect(70, 0, 110, 20))]);
  });

  test('two elements sharing an icon in the top-right corner: the second tag goes below the first, at the first of the nearest spots', () => {
    // Centred below the icon the first tag would leave the image: it slides half a tag left. Below that tag, spots
    // at x 50, 60 and 70 are all 20 px from the icon (straight below it, the first just reaching its left edge);
    // the one at x 50 comes first. At x 40 the tag would also be 10 px to the icon's left.
    assert.deepEqual(shared(rect(90, 0, 110, 10), 2, 110, 60), [attached(rect(60, 10, 100, 30)), detached(rect(50, 30, 90, 50))]);
  });
});
