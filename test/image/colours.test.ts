import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { assignColours, colourDistance, contrast, MIN_BACKGROUND_DISTANCE, PALETTE } from '../../src/image/colours.js';
import type { Rect } from '../../src/image/raster.js';

describe('mark colours', () => {
  test('white ref text on every palette colour meets WCAG AA (≥ 4.5:1)', () => {
    for (const c of PALETTE) assert.ok(contrast(c, [255, 255, 255]) >= 4.5, `${c.join(',')}: ${contrast(c, [255, 255, 255]).toFixed(2)}`);
  });

  test('palette colours are pairwise distinct', () => {
    const keys = new Set(PALETTE.map((c) => c.join(',')));
    assert.equal(keys.size, PALETTE.length);
  });

  test('touching boxes never share a colour while the palette suffices', () => {
    // A 4×4 grid of touching cells: each has at most 8 neighbours, fewer than the palette.
    const boxes: Rect[] = [];
    for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) boxes.push({ x0: c * 50, y0: r * 50, x1: c * 50 + 50, y1: r * 50 + 50 });
    const col = assignColours(boxes, 10);
    boxes.forEach((a, i) =>
      boxes.forEach((b, j) => {
        const near = a.x0 - 10 < b.x1 && b.x0 - 10 < a.x1 && a.y0 - 10 < b.y1 && b.y0 - 10 < a.y1;
        if (i < j && near) assert.notEqual(col[i], col[j], `cells ${i} and ${j}`);
      }),
    );
  });

  test('a mark never takes a colour that blends into what lies under it', () => {
    const toolbarBlue = [26, 115, 232] as const;
    const nightBlack = [18, 18, 18] as const;
    const boxes: Rect[] = [];
    for (let i = 0; i < 20; i++) boxes.push({ x0: i * 30, y0: 0, x1: i * 30 + 28, y1: 50 });
    for (const bg of [toolbarBlue, nightBlack]) {
      const col = assignColours(
        boxes,
        10,
        boxes.map(() => [bg]),
      );
      for (const k of col)
        assert.ok(colourDistance(PALETTE[k]!, bg) >= MIN_BACKGROUND_DISTANCE, `${PALETTE[k]!.join(',')} on ${bg.join(',')}`);
    }
    // Without a background, the blue entries are used like any other.
    assert.ok(assignColours(boxes, 10).some((k) => colourDistance(PALETTE[k]!, toolbarBlue) < MIN_BACKGROUND_DISTANCE));
  });
});
