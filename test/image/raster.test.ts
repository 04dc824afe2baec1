import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { pixelsOf, surface } from '../../src/image/canvas.js';
import { clip, createImage, fillRect, intersects, overlapArea, strokeRect, within, type Rect } from '../../src/image/raster.js';
import type { Context } from '../../src/image/canvas.js';

const RED = [200, 0, 0] as const;

/** The canvas as rows of characters: `#` where `RED` was drawn, `.` where the white background shows. */
function picture(ctx: Context, width: number, height: number): string[] {
  const { data } = pixelsOf(ctx, { width, height });
  return Array.from({ length: height }, (_, y) =>
    Array.from({ length: width }, (_, x) => (data[(y * width + x) * 4 + 1] === 0 ? '#' : '.')).join(''),
  );
}

function drawn(draw: (ctx: Context) => void, width = 8, height = 6): string[] {
  const { ctx } = surface(width, height, [255, 255, 255]);
  draw(ctx);
  return picture(ctx, width, height);
}

describe('drawing on whole pixels', () => {
  test('fillRect rounds to whole pixels and draws nothing for an empty or reversed rectangle', () => {
    assert.deepEqual(
      drawn((ctx) => fillRect(ctx, { x0: 0.6, y0: 1.4, x1: 3.4, y1: 3.5 }, RED)),
      ['........', '.##.....', '.##.....', '.##.....', '........', '........'],
    );
    const blank = ['........', '........', '........', '........', '........', '........'];
    for (const r of [
      { x0: 3, y0: 1, x1: 3, y1: 4 },
      { x0: 5, y0: 1, x1: 2, y1: 4 },
      { x0: 1, y0: 4, x1: 5, y1: 2 },
    ]) {
      assert.deepEqual(
        drawn((ctx) => fillRect(ctx, r, RED)),
        blank,
        JSON.stringify(r),
      );
    }
  });

  test('strokeRect draws its outline inside the rectangle, at least one pixel wide', () => {
    assert.deepEqual(
      drawn((ctx) => strokeRect(ctx, { x0: 2, y0: 2, x1: 8, y1: 8 }, RED, 2), 10, 10),
      [
        '..........',
        '..........',
        '..######..',
        '..######..',
        '..##..##..',
        '..##..##..',
        '..######..',
        '..######..',
        '..........',
        '..........',
      ],
    );
    assert.deepEqual(
      drawn((ctx) => strokeRect(ctx, { x0: 1, y0: 1, x1: 5, y1: 4 }, RED, 0.2)),
      ['........', '.####...', '.#..#...', '.####...', '........', '........'],
    );
  });

  test('an outline thicker than half the rectangle fills it solid and never spills outside it', () => {
    // 2 px across (then 2 px down) under a 3 px outline: outline bars would reach past the far edge.
    assert.deepEqual(
      drawn((ctx) => strokeRect(ctx, { x0: 4, y0: 1, x1: 6, y1: 9 }, RED, 3), 10, 10),
      [
        '..........',
        '....##....',
        '....##....',
        '....##....',
        '....##....',
        '....##....',
        '....##....',
        '....##....',
        '....##....',
        '..........',
      ],
    );
    assert.deepEqual(
      drawn((ctx) => strokeRect(ctx, { x0: 1, y0: 4, x1: 9, y1: 6 }, RED, 3), 10, 10),
      [
        '..........',
        '..........',
        '..........',
        '..........',
        '.########.',
        '.########.',
        '..........',
        '..........',
        '..........',
        '..........',
      ],
    );
  });
});

describe('rectangles', () => {
  const a: Rect = { x0: 0, y0: 0, x1: 4, y1: 4 };

  test('clip rounds and keeps a rectangle inside the image', () => {
    assert.deepEqual(clip({ width: 10, height: 8 }, { x0: -3, y0: 2.6, x1: 12, y1: 7.4 }), { x0: 0, y0: 3, x1: 10, y1: 7 });
  });

  test('intersects, within and overlapArea: touching edges do not overlap, coinciding edges are within', () => {
    assert.equal(intersects(a, { x0: 3, y0: 3, x1: 6, y1: 6 }), true);
    assert.equal(intersects(a, { x0: 4, y0: 0, x1: 6, y1: 4 }), false);
    assert.equal(intersects(a, { x0: 0, y0: 4, x1: 4, y1: 6 }), false);
    assert.equal(within({ x0: 0, y0: 0, x1: 4, y1: 4 }, a), true);
    assert.equal(within({ x0: 1, y0: 1, x1: 5, y1: 3 }, a), false);
    assert.equal(overlapArea(a, { x0: 2, y0: 1, x1: 6, y1: 6 }), 6);
    assert.equal(overlapArea(a, { x0: 4, y0: 0, x1: 6, y1: 4 }), 0);
  });

  test('createImage fills every pixel with the opaque colour (white unless given)', () => {
    assert.deepEqual([...createImage(2, 1, [9, 8, 7]).data], [9, 8, 7, 255, 9, 8, 7, 255]);
    assert.deepEqual([...createImage(1, 1).data], [255, 255, 255, 255]);
  });
});
