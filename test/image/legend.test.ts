import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { pixelsOf, surface } from '../../src/image/canvas.js';
import { drawLegend, layoutLegend, type LegendLayout, type LegendRow, type LegendText } from '../../src/image/legend.js';
import type { Rgb, RgbaImage } from '../../src/image/raster.js';
import { measureText } from '../../src/image/text.js';

const PANEL: Rgb = [250, 250, 250];
const RULE: Rgb = [200, 200, 200];
const COLOURS: Rgb[] = [
  [198, 40, 40],
  [21, 101, 192],
  [46, 125, 50],
  [106, 27, 154],
];

function rows(n: number, label = (i: number): string => `Row ${i}`): LegendText[] {
  return Array.from({ length: n }, (_, i) => ({ ref: `b${10 + i}`, class: 'Button', label: label(i) }));
}

function coloured(texts: readonly LegendText[]): LegendRow[] {
  return texts.map((t, i) => ({ ...t, colour: COLOURS[i % COLOURS.length]! }));
}

function pixel(img: RgbaImage, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

const eq = (a: Rgb, b: Rgb): boolean => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
const dark = (c: Rgb): boolean => c[0] < 90 && c[1] < 90 && c[2] < 90;
/** Grey text (the class, the summary row): neither ink-dark nor panel-light. */
const grey = (c: Rgb): boolean => c[0] > 60 && c[0] < 200 && c[0] === c[1] && c[1] === c[2];

/** The panel drawn alone on a canvas of its size, at the top-left corner. */
function drawn(layout: LegendLayout, legendRows: readonly LegendRow[], header = 'image px × 1.454 = device px'): RgbaImage {
  const { ctx } = surface(layout.width, layout.height, [255, 255, 255]);
  drawLegend(ctx, { x: 0, y: 0 }, { rows: legendRows, layout, header });
  return pixelsOf(ctx, { width: layout.width, height: layout.height });
}

/** Columns [x0, x1) of `img` on row `y` where `pred` holds, between `from` and `to`. */
function spanWhere(
  img: RgbaImage,
  line: { y: number; from: number; to: number },
  pred: (c: Rgb) => boolean,
): { x0: number; x1: number } | undefined {
  let x0 = -1;
  let x1 = -1;
  for (let x = line.from; x < line.to; x++) {
    if (!pred(pixel(img, x, line.y))) continue;
    if (x0 < 0) x0 = x;
    x1 = x + 1;
  }
  return x0 < 0 ? undefined : { x0, x1 };
}

function countWhere(img: RgbaImage, box: { x0: number; y0: number; x1: number; y1: number }, pred: (c: Rgb) => boolean): number {
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) for (let x = box.x0; x < box.x1; x++) if (pred(pixel(img, x, y))) n++;
  return n;
}

describe('legend layout', () => {
  test('beside a portrait or square screenshot, below a landscape one', () => {
    const content = { header: 'h', rows: rows(5) };
    assert.equal(layoutLegend(content, { width: 743, height: 1568 }, 1568).side, 'right');
    assert.equal(layoutLegend(content, { width: 800, height: 800 }, 1568).side, 'right');
    assert.equal(layoutLegend(content, { width: 801, height: 800 }, 1568).side, 'bottom');
  });

  test('a few rows beside a 1568 px screenshot: the base font (1.25% of the long edge), one column, the panel as tall as the image', () => {
    const l = layoutLegend({ header: 'h', rows: rows(5) }, { width: 743, height: 1568 }, 1568);
    assert.equal(l.fontSize, 20);
    assert.equal(l.columns, 1);
    assert.equal(l.shown, 5);
    assert.equal(l.height, 1568);
    // Two pads of 0.8 em beside the column.
    assert.equal(l.width, l.columnWidth + 32);
  });

  test('below a landscape screenshot: fixed 21 em columns across it, as many rows as the rows need, two pads', () => {
    const l = layoutLegend({ header: 'h', rows: rows(5) }, { width: 1568, height: 743 }, 1568);
    assert.deepEqual(
      { side: l.side, width: l.width, fontSize: l.fontSize, columns: l.columns, columnWidth: l.columnWidth, shown: l.shown },
      { side: 'bottom', width: 1568, fontSize: 20, columns: 3, columnWidth: 420, shown: 5 },
    );
    // 6 lines (header + 5) in 3 columns: 2 rows of 30 px, and the pads.
    assert.equal(l.height, 2 * 30 + 2 * 16);
  });

  test('below: the font shrinks until the rows fit the room the long edge leaves', () => {
    // Below a 1568 × 1200 screenshot the panel may take half its height (more than the 368 px the long edge
    // leaves); 90 rows at 20 px would need 31 rows of 30 px in three columns.
    const l = layoutLegend({ header: 'h', rows: rows(90) }, { width: 1568, height: 1200 }, 1568);
    assert.ok(l.fontSize < 20, `font ${l.fontSize}`);
    assert.ok(l.height <= 600 && l.height > 368, `height ${l.height}`);
    assert.equal(l.shown, 90);
    const bigger = layoutLegend({ header: 'h', rows: rows(90) }, { width: 1568, height: 1200 }, 1568 + 400);
    assert.ok(bigger.fontSize > l.fontSize, 'more room, a larger font');
  });

  test('hundreds of rows beside: the font stops at its minimum, the columns at the room, the rest is summarised in the last slot', () => {
    const l = layoutLegend({ header: 'h', rows: rows(240) }, { width: 743, height: 1568 }, 1568);
    // The minimum: 0.85% of the long edge.
    assert.equal(l.fontSize, 13);
    const rowH = 20;
    const pad = 10;
    const colW = 273;
    const perCol = Math.floor((1568 - 2 * pad) / rowH);
    // 825 px of room (1568 − 743) hold two 273 px columns.
    assert.equal(l.columns, 2);
    assert.equal(l.columnWidth, colW);
    assert.equal(l.width, 2 * colW + 2 * pad);
    // Every slot but the header's and the summary's shows a row.
    assert.equal(l.shown, 2 * perCol - 2);
  });

  test('the last slot shows a row when every row fits, and the summary when one more does not', () => {
    // 60×200: 11 px font at once (the minimum), 17 px rows, 10 slots in the one column.
    const all = layoutLegend({ header: 'h', rows: rows(9) }, { width: 60, height: 200 }, 200);
    assert.equal(all.fontSize, 11);
    assert.equal(all.columns, 1);
    assert.equal(all.shown, 9);
    const cut = layoutLegend({ header: 'h', rows: rows(10) }, { width: 60, height: 200 }, 200);
    assert.equal(cut.shown, 8);
  });

  test('a column is as wide as the summary row needs when it is the widest line', () => {
    // Empty labels and header: the 8 rows shown need ~11 em; "+9990 more (see text)" needs more.
    const hidden = 9990;
    const few = layoutLegend({ header: '', rows: rows(8 + hidden, () => '') }, { width: 60, height: 200 }, 200);
    assert.equal(few.shown, 8);
    const summary = measureText(`+${hidden} more (see text)`, { face: 'sans', size: 11 });
    assert.equal(few.columnWidth, Math.ceil(summary) + 9);
  });

  test('rows not shown do not widen the column', () => {
    const labels = (i: number): string => (i < 8 ? '' : 'a label far too long for this narrow column, which is cut anyway');
    const l = layoutLegend({ header: '', rows: rows(10, labels) }, { width: 60, height: 200 }, 200);
    assert.equal(l.shown, 8);
    // The summary row "+2 more (see text)" and the empty rows need less than the 21 em column (231 px).
    assert.ok(l.columnWidth < 150, `column ${l.columnWidth}`);
  });

  test('a single column widens into the room the long edge leaves, not beyond it', () => {
    // Beside a 1000 px wide screenshot the long edge leaves 568 px: a 536 px column and two pads.
    const l = layoutLegend({ header: 'h', rows: rows(3, () => 'W'.repeat(60)) }, { width: 1000, height: 1568 }, 1568);
    assert.equal(l.columns, 1);
    assert.equal(l.columnWidth, 568 - 32);
    assert.equal(l.width, 568);
  });

  test('beside: the font shrinks one step at a time until the columns and their pads fit the room', () => {
    // 60 rows beside a 743×1568 screenshot (825 px of room): two columns are needed; at 20 px they take
    // 2 × 420 + 32 = 872 px, at 19 px 2 × 399 + 30 = 828 px, at 18 px 2 × 378 + 28 = 784 px.
    const l = layoutLegend({ header: 'h', rows: rows(60) }, { width: 743, height: 1568 }, 1568);
    assert.deepEqual(
      { fontSize: l.fontSize, columns: l.columns, shown: l.shown, width: l.width },
      { fontSize: 18, columns: 2, shown: 60, width: 784 },
    );
  });

  test('below: as many 21 em columns as fit across the screenshot after its pads', () => {
    // 56 rows below a 1568×1200 screenshot (600 px of room): at 20 px three columns need 19 rows of 30 px
    // (602 px with the pads); at 19 px three 399 px columns fit across 1568 − 30 px (four would need 1596 px).
    const l = layoutLegend({ header: 'h', rows: rows(56) }, { width: 1568, height: 1200 }, 1568);
    assert.deepEqual({ fontSize: l.fontSize, columns: l.columns, shown: l.shown }, { fontSize: 19, columns: 3, shown: 56 });
    assert.equal(l.height, 19 * 29 + 2 * 15);
  });

  test('a panel exactly as wide or as tall as the room keeps the base font', () => {
    // Beside: 900 px of screenshot under a 1352 px long edge leave 452 px, one 420 px column and two pads (the
    // column then narrows to its short rows); a pixel less, and the font steps down.
    const beside = (maxEdge: number): number =>
      layoutLegend({ header: 'h', rows: rows(5) }, { width: 900, height: 1568 }, maxEdge).fontSize;
    assert.equal(beside(1352), 20);
    assert.equal(beside(1351), 19);
    // Below: 180 px of screenshot under a 272 px long edge leave 92 px, two rows of 30 px and two pads.
    const below = (maxEdge: number): LegendLayout => layoutLegend({ header: 'h', rows: rows(5) }, { width: 1568, height: 180 }, maxEdge);
    assert.deepEqual({ fontSize: below(272).fontSize, height: below(272).height }, { fontSize: 20, height: 92 });
    assert.equal(below(271).fontSize, 19);
  });

  test('below: hundreds of rows stop the font at its minimum and summarise the rest', () => {
    const l = layoutLegend({ header: 'h', rows: rows(400) }, { width: 1568, height: 743 }, 1568);
    assert.equal(l.fontSize, 13);
    assert.ok(l.shown < 400 && l.shown > 50, `shown ${l.shown}`);
    assert.ok(l.height <= 1568 - 743 + 20, `height ${l.height}`);
  });
});

describe('legend drawing', () => {
  const portrait = { width: 743, height: 1568 };

  test('the panel colour, the 2 px rule beside the screenshot, one tag per row in its colour', () => {
    const legendRows = coloured(rows(4, (i) => ['OK', 'Cancel', 'Settings', 'Remind me later'][i]!));
    const l = layoutLegend({ header: 'image px × 1.454 = device px', rows: legendRows }, portrait, 1568);
    const img = drawn(l, legendRows);
    assert.ok(eq(pixel(img, l.width - 1, l.height - 1), PANEL));
    for (const y of [0, 700, 1567]) {
      assert.ok(eq(pixel(img, 0, y), RULE) && eq(pixel(img, 1, y), RULE), `rule at y ${y}`);
      assert.ok(eq(pixel(img, 2, y), PANEL), `panel right of the rule at y ${y}`);
    }
    const pad = 16;
    const rowH = 30;
    const spans = legendRows.map((r, i) => {
      // Row i sits below the header: its tag spans the middle of the row's slot.
      const y = pad + (i + 1) * rowH + 5;
      const span = spanWhere(img, { y, from: 0, to: l.width }, (c) => eq(c, r.colour));
      assert.ok(span !== undefined, `row ${i}: a tag in its colour`);
      // 10% of the row height is left above and below the tag.
      assert.ok(eq(pixel(img, span.x0, pad + (i + 1) * rowH + 3), r.colour), `row ${i}: tag top`);
      assert.ok(!eq(pixel(img, span.x0, pad + (i + 1) * rowH + 2), r.colour), `row ${i}: above the tag`);
      assert.ok(eq(pixel(img, span.x0, pad + (i + 2) * rowH - 4), r.colour), `row ${i}: tag bottom`);
      assert.ok(!eq(pixel(img, span.x0, pad + (i + 2) * rowH - 3), r.colour), `row ${i}: below the tag`);
      return span;
    });
    // Every tag starts at the pad and is as wide as the others, wider than its ref.
    for (const s of spans) assert.deepEqual(s, { x0: pad, x1: spans[0]!.x1 });
    assert.ok(spans[0]!.x1 - pad > measureText('b10', { face: 'mono-bold', size: 20 }));
    // White ref text on each tag.
    const white = (c: Rgb): boolean => c[0] > 240 && c[1] > 240 && c[2] > 240;
    for (let i = 0; i < legendRows.length; i++) {
      const y0 = pad + (i + 1) * rowH;
      assert.ok(countWhere(img, { x0: pad, y0, x1: spans[0]!.x1, y1: y0 + rowH }, white) > 20, `row ${i}: ref text`);
    }
  });

  test('header, class and label where they belong: ink for the header and labels, grey for the class', () => {
    const legendRows = coloured(rows(3, (i) => ['OK', 'Cancel', 'Settings'][i]!));
    const l = layoutLegend({ header: 'image px × 1.454 = device px', rows: legendRows }, portrait, 1568);
    const img = drawn(l, legendRows);
    const pad = 16;
    const rowH = 30;
    const header = { x0: pad, y0: pad, x1: l.width, y1: pad + rowH };
    assert.ok(countWhere(img, header, dark) > 50, 'header text');
    // The class column starts half an em after the tag; the label after 7.14 em of class and 0.4 em more.
    const tagEnd = spanWhere(img, { y: pad + rowH + 5, from: 0, to: l.width }, (c) => eq(c, legendRows[0]!.colour))!.x1;
    const classX = tagEnd + 10;
    const labelX = classX + Math.round(420 * 0.34) + 8;
    for (let i = 0; i < 3; i++) {
      const y0 = pad + (i + 1) * rowH;
      const cls = { x0: classX, y0, x1: labelX - 8, y1: y0 + rowH };
      assert.ok(countWhere(img, cls, grey) > 20, `row ${i}: class text`);
      assert.equal(countWhere(img, cls, dark), 0, `row ${i}: no ink in the class column`);
      const label = { x0: labelX, y0, x1: l.width, y1: y0 + rowH };
      assert.ok(countWhere(img, label, dark) > 10, `row ${i}: label text`);
      // Nothing is drawn between the tag and the class.
      assert.equal(
        countWhere(img, { x0: tagEnd + 1, y0, x1: classX - 1, y1: y0 + rowH }, (c) => !eq(c, PANEL)),
        0,
      );
    }
    // The label's ink starts where the label column starts.
    const firstInk = spanWhere(img, { y: pad + rowH + 15, from: labelX - 6, to: l.width }, dark);
    assert.ok(firstInk !== undefined && firstInk.x0 >= labelX && firstInk.x0 <= labelX + 3, JSON.stringify(firstInk));
  });

  test('a label too long for 30 em is cut with an ellipsis inside the column; a short one is whole', () => {
    const legendRows = coloured([
      { ref: 'b1', class: 'TextView', label: 'W'.repeat(80) },
      { ref: 'b2', class: 'TextView', label: 'OK' },
    ]);
    const l = layoutLegend({ header: 'h', rows: legendRows }, portrait, 1568);
    assert.equal(l.columnWidth, 600);
    const img = drawn(l, legendRows);
    const ink = spanWhere(img, { y: 16 + 30 + 15, from: 0, to: l.width }, dark)!;
    // The cut label ends before the column's right pad.
    assert.ok(ink.x1 <= 16 + 600 - 16, `ink to ${ink.x1}`);
    assert.ok(ink.x1 > 16 + 600 - 16 - 40, `ink to ${ink.x1}`);
  });

  test('rows that do not fit: the summary row in grey in the next slot, the second column at one column width', () => {
    // The hidden rows have longer refs than the shown ones: the tags stay as wide as the shown refs need.
    const legendRows = coloured(rows(240).map((r, i) => (i < 200 ? { ...r, ref: `r${i % 10}` } : { ...r, ref: `x${100000 + i}` })));
    const l = layoutLegend({ header: 'h', rows: legendRows }, portrait, 1568);
    const img = drawn(l, legendRows);
    const pad = 10;
    const rowH = 20;
    const perCol = Math.floor((1568 - 2 * pad) / rowH);
    // The second column's first slot holds row perCol - 1 (the header took the first column's first slot).
    const row = legendRows[perCol - 1]!;
    const y = pad + 5;
    const second = spanWhere(img, { y, from: l.columnWidth, to: l.width }, (c) => eq(c, row.colour));
    assert.deepEqual(second?.x0, pad + l.columnWidth);
    // The last slot of the second column: the summary, grey text and no tag.
    const y0 = pad + (perCol - 1) * rowH;
    const last = { x0: pad + l.columnWidth, y0, x1: l.width, y1: y0 + rowH };
    assert.ok(countWhere(img, last, grey) > 30, 'summary text');
    assert.equal(countWhere(img, last, dark), 0, 'no ink: not a row');
    assert.equal(
      countWhere(img, last, (c) => COLOURS.some((k) => eq(c, k))),
      0,
      'no tag',
    );
    // It counts the rows not shown.
    const hidden = 240 - l.shown;
    const text = spanWhere(img, { y: y0 + 10, from: last.x0, to: l.width }, (c) => !eq(c, PANEL))!;
    const want = measureText(`+${hidden} more (see text)`, { face: 'sans', size: 13 });
    assert.ok(Math.abs(text.x1 - text.x0 - want) <= 3, `summary ${text.x1 - text.x0} px, "+${hidden} more" ${want} px`);
    // Tags four digits wide (the shown refs are shorter: two characters) and half an em.
    const tag = spanWhere(img, { y: pad + rowH + 5, from: 0, to: l.columnWidth }, (c) => eq(c, legendRows[0]!.colour))!;
    assert.equal(tag.x1 - tag.x0, Math.ceil(measureText('00000', { face: 'mono-bold', size: 13 }) * 0.8) + 7);
  });

  test('when every row fits, the slot after the last row stays empty', () => {
    const legendRows = coloured(rows(9));
    const l = layoutLegend({ header: 'h', rows: legendRows }, { width: 60, height: 200 }, 200);
    assert.equal(l.shown, 9);
    const img = drawn(l, legendRows, 'h');
    // 9 px pad, 17 px rows: the header and the 9 rows take slots 0–9; slot 10 would start at 179.
    const after = { x0: 3, y0: 9 + 10 * 17, x1: l.width, y1: 200 };
    assert.equal(
      countWhere(img, after, (c) => !eq(c, PANEL)),
      0,
    );
    assert.ok(countWhere(img, { x0: 3, y0: 9 + 9 * 17, x1: l.width, y1: 9 + 10 * 17 }, (c) => !eq(c, PANEL)) > 20, 'the last row');
    // Nor is anything drawn right of the column (where an eleventh slot would open a second column).
    assert.equal(
      countWhere(img, { x0: 9 + l.columnWidth, y0: 0, x1: l.width, y1: 200 }, (c) => !eq(c, PANEL)),
      0,
    );
  });

  test('a header longer than the widest column is cut inside it', () => {
    const legendRows = coloured(rows(2));
    const header = 'a header that goes on and on, '.repeat(6);
    const l = layoutLegend({ header, rows: legendRows }, portrait, 1568);
    assert.equal(l.columnWidth, 600);
    const img = drawn(l, legendRows, header);
    const ink = spanWhere(img, { y: 16 + 15, from: 3, to: l.width }, dark)!;
    assert.ok(ink.x1 <= 16 + 600 - 16, `header ink to ${ink.x1}`);
    assert.ok(ink.x1 > 16 + 600 - 16 - 30, `header ink to ${ink.x1}`);
  });

  test('below a landscape screenshot: the rule runs along the top', () => {
    const legendRows = coloured(rows(3));
    const l = layoutLegend({ header: 'h', rows: legendRows }, { width: 1568, height: 743 }, 1568);
    const img = drawn(l, legendRows);
    for (const x of [0, 800, 1567]) {
      assert.ok(eq(pixel(img, x, 0), RULE) && eq(pixel(img, x, 1), RULE), `rule at x ${x}`);
      assert.ok(eq(pixel(img, x, 2), PANEL), `panel below the rule at x ${x}`);
    }
    // Three rows and the header in three 420 px columns: the third row starts the second column.
    const y = 16 + 30 + 5;
    assert.equal(spanWhere(img, { y, from: 420, to: 840 }, (c) => eq(c, legendRows[2]!.colour))?.x0, 16 + 420);
  });

  test('drawn at an offset: nothing outside the panel changes', () => {
    const legendRows = coloured(rows(2));
    const l = layoutLegend({ header: 'h', rows: legendRows }, portrait, 1568);
    const { ctx } = surface(l.width + 50, l.height + 20, [255, 255, 255]);
    drawLegend(ctx, { x: 50, y: 20 }, { rows: legendRows, layout: l, header: 'h' });
    const img = pixelsOf(ctx, { width: l.width + 50, height: l.height + 20 });
    assert.ok(eq(pixel(img, 49, 100), [255, 255, 255]));
    assert.ok(eq(pixel(img, 100, 19), [255, 255, 255]));
    assert.ok(eq(pixel(img, 50, 20), RULE));
    assert.ok(eq(pixel(img, 52, 20), PANEL));
  });
});
