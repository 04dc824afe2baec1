import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { assignColours, colourDistance, contrast, MIN_BACKGROUND_DISTANCE, PALETTE } from '../../src/image/colours.js';
import type { Rect } from '../../src/image/raster.js';

describe('mark colours', () => {
  test('white ref text on every palette colour meets WCAG AA (≥ 4.5:1)', () => {
    for (const c of PALETTE) assert.ok(contrast(c, [255, 255, 255]) >= 4.5, `${c.join(',')}: ${contrast(c, [255, 255, 255]).toFixed(2)}`);
  });

  test('contrast is the WCAG 2 ratio: 21:1 for black on white, 1:1 for a colour on itself, 4.54:1 for #767676 on white', () => {
    const white = [255, 255, 255] as const;
    assert.equal(contrast([0, 0, 0], white).toFixed(2), '21.00');
    assert.equal(contrast(white, [0, 0, 0]).toFixed(2), '21.00');
    assert.equal(contrast(white, white).toFixed(2), '1.00');
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    assert.equal(contrast([118, 118, 118], white).toFixed(2), '4.54');
    assert.equal(contrast([119, 119, 119], white).toFixed(2), '4.48');
  });

  test('colour distance runs from 0 for one colour to about 765 for black against white', () => {
    assert.equal(colourDistance([211, 47, 47], [211, 47, 47]), 0);
    assert.equal(Math.round(colourDistance([0, 0, 0], [255, 255, 255])), 765);
    assert.equal(Math.round(colourDistance([255, 255, 255], [0, 0, 0])), 765);
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

  test('a colour exactly MIN_BACKGROUND_DISTANCE from the background still stands out; one nearer does not', () => {
    const box: Rect = { x0: 0, y0: 0, x1: 40, y1: 40 };
    // Red with 75 more green: 4 × 75² = 150², exactly the limit; one less green is nearer.
    const atLimit = [211, 122, 47] as const;
    const nearer = [211, 121, 47] as const;
    assert.equal(colourDistance(PALETTE[0]!, atLimit), MIN_BACKGROUND_DISTANCE);
    assert.deepEqual(assignColours([box], 10, [[atLimit]]), [0]);
    assert.deepEqual(assignColours([box], 10, [[nearer]]), [1]);
  });

  test('a mark within `gap` px of an earlier one on any side avoids its colour; one exactly `gap` px off may share it', () => {
    const gap = 10;
    const first: Rect = { x0: 100, y0: 100, x1: 150, y1: 150 };
    // Thirteen boxes far from everything take colours 1–13 in rotation, so the fifteenth would take colour 0 again.
    const far = Array.from({ length: 13 }, (_, i): Rect => ({ x0: 1000 + i * 100, y0: 1000, x1: 1050 + i * 100, y1: 1050 }));
    const colourOf = (box: Rect): number | undefined => assignColours([first, ...far, box], gap)[14];
    const sides: Record<string, (d: number) => Rect> = {
      right: (d) => ({ x0: 150 + d, y0: 100, x1: 200 + d, y1: 150 }),
      left: (d) => ({ x0: 50 - d, y0: 100, x1: 100 - d, y1: 150 }),
      below: (d) => ({ x0: 100, y0: 150 + d, x1: 150, y1: 200 + d }),
      above: (d) => ({ x0: 100, y0: 50 - d, x1: 150, y1: 100 - d }),
    };
    for (const [side, at] of Object.entries(sides)) {
      assert.equal(colourOf(at(gap)), 0, `${side}, ${gap} px off`);
      assert.equal(colourOf(at(gap - 1)), 1, `${side}, ${gap - 1} px off`);
      assert.equal(colourOf(at(0)), 1, `${side}, touching`);
    }
  });
});
