import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRgba, encodeRgba } from '../../src/image/codec.js';
import { drawMarks, downscaleImage, legendLabel, planMarks, renderMarks } from '../../src/image/marks.js';
import type { Rect, Rgb, RgbaImage } from '../../src/image/raster.js';
import { measureText } from '../../src/image/text.js';
import { isGlanceError } from '../../src/errors.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

function element(ref: string, bounds: readonly [number, number, number, number], text = ref): SnapshotElement {
  const [l, t, r, b] = bounds;
  return { ref, class: 'View', text, bounds, center: [Math.round((l + r) / 2), Math.round((t + b) / 2)], actions: [], states: [] };
}

function flat(width: number, height: number, c: Rgb): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) [data[i], data[i + 1], data[i + 2], data[i + 3]] = [c[0], c[1], c[2], 255];
  return { width, height, data };
}

function pixel(img: RgbaImage, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

const box = (m: { box: Rect }): [number, number, number, number] => [m.box.x0, m.box.y0, m.box.x1, m.box.y1];

describe('planMarks', () => {
  // 400×800 is within the default long edge: image pixels are device pixels, the outline 2 px (3 from 1000 px).
  const screen = { width: 400, height: 800 };

  test('nested boxes sharing edges are inset by the outline width, outermost first, so every outline shows', () => {
    const plan = planMarks(screen, [
      element('c1', [0, 0, 100, 100]),
      element('a1', [0, 0, 400, 400]),
      element('b1', [0, 0, 200, 200]),
      // Shares only the right edge with a1.
      element('d1', [300, 300, 400, 350]),
    ]);
    assert.equal(plan.tag.stroke, 2);
    assert.deepEqual(plan.marks.map(box), [
      [4, 4, 100, 100],
      [0, 0, 400, 400],
      [2, 2, 200, 200],
      [300, 300, 398, 350],
    ]);
  });

  test('two boxes with the same bounds: the first keeps them, the second is inset on every side', () => {
    const plan = planMarks(screen, [element('x1', [50, 50, 150, 150]), element('x2', [50, 50, 150, 150])]);
    assert.deepEqual(plan.marks.map(box), [
      [50, 50, 150, 150],
      [52, 52, 148, 148],
    ]);
  });

  test('a box too thin to inset keeps its bounds; one just wide enough is inset', () => {
    const plan = planMarks(screen, [
      element('a1', [0, 0, 400, 400]),
      // After a 2 px inset: 4 px wide (less than two outlines and a pixel), so left as it was.
      element('t1', [0, 300, 6, 390]),
      // After the inset: exactly 5 px wide, kept inset.
      element('t2', [0, 200, 7, 290]),
      // The same along y.
      element('t3', [100, 0, 190, 6]),
      element('t4', [200, 0, 290, 7]),
    ]);
    assert.deepEqual(plan.marks.slice(1).map(box), [
      [0, 300, 6, 390],
      [2, 200, 7, 290],
      [100, 0, 190, 6],
      [200, 2, 290, 7],
    ]);
  });

  test('the outline is 3 px from a 1000 px long edge, 2 px below', () => {
    assert.equal(planMarks({ width: 500, height: 1000 }, []).tag.stroke, 3);
    assert.equal(planMarks({ width: 500, height: 999 }, []).tag.stroke, 2);
  });

  test('boxes of no width or height are skipped; one pixel is enough to draw', () => {
    const plan = planMarks(screen, [element('z1', [10, 10, 10, 50]), element('z2', [10, 10, 50, 10]), element('o1', [10, 10, 11, 11])]);
    assert.deepEqual(plan.skipped, ['z1', 'z2']);
    assert.deepEqual(
      plan.marks.map((m) => m.ref),
      ['o1'],
    );
  });

  test('maxEdge from 64 to 8192 px', () => {
    assert.equal(planMarks({ width: 1000, height: 2000 }, [], { maxEdge: 64 }).height, 64);
    assert.equal(planMarks({ width: 1000, height: 9000 }, [], { maxEdge: 8192 }).height, 8192);
    for (const maxEdge of [63, 8193]) {
      assert.throws(
        () => planMarks(screen, [], { maxEdge }),
        (e: unknown) =>
          isGlanceError(e) &&
          e.code === 'USAGE' &&
          e.message === `maxEdge must be an integer between 64 and 8192, got ${maxEdge}` &&
          e.hint === 'omit maxEdge for the default long edge of 1568 px',
      );
    }
  });

  test('colours avoid the screenshot under each mark, read from a raster or a reader alike', () => {
    const elements = [element('a1', [40, 40, 200, 200])];
    const free = planMarks(screen, elements).marks[0]!.colour;
    // The same colour painted under the mark: it is no longer chosen.
    const under = flat(400, 800, free);
    const onRaster = planMarks(screen, elements, { shot: under }).marks[0]!.colour;
    assert.notDeepEqual(onRaster, free);
    const reads: Rect[] = [];
    const reader = (r: Rect): Rgb => {
      reads.push(r);
      return free;
    };
    assert.deepEqual(planMarks(screen, elements, { shot: reader }).marks[0]!.colour, onRaster);
    // The tag, and each side of the outline as wide as the outline.
    const m = planMarks(screen, elements, { shot: reader }).marks[0]!;
    assert.deepEqual(reads.slice(-5), [
      m.tag,
      { x0: 40, y0: 40, x1: 200, y1: 42 },
      { x0: 40, y0: 198, x1: 200, y1: 200 },
      { x0: 40, y0: 40, x1: 42, y1: 200 },
      { x0: 198, y0: 40, x1: 200, y1: 200 },
    ]);
    // A reader that knows nothing of a region leaves the choice free.
    assert.deepEqual(planMarks(screen, elements, { shot: () => undefined }).marks[0]!.colour, free);
  });
});

describe('leader lines', () => {
  test('a tag with no free spot on its box is joined to it by a line in its colour', () => {
    // Two rows of ten 40 px keys, 8 px apart, on a 743×1568 screen (not downscaled): two keys find no room.
    const elements: SnapshotElement[] = [];
    for (let r = 0; r < 2; r++)
      for (let c = 0; c < 10; c++) {
        const x = 20 + c * 48;
        const y = 600 + r * 60;
        elements.push(element(`k${100 + r * 10 + c}`, [x, y, x + 40, y + 40]));
      }
    const r = renderMarks(flat(743, 1568, [255, 255, 255]), elements, { legend: false });
    const detached = r.marks.filter((m) => m.detached);
    assert.ok(detached.length > 0);
    let gaps = 0;
    for (const m of detached) {
      // From the tag's centre to the point of its box nearest it: only the stretch between tag and box shows.
      const c = { x: (m.tag.x0 + m.tag.x1) / 2, y: (m.tag.y0 + m.tag.y1) / 2 };
      const to = { x: Math.min(Math.max(c.x, m.box.x0), m.box.x1 - 1), y: Math.min(Math.max(c.y, m.box.y0), m.box.y1 - 1) };
      const inside = (p: { x: number; y: number }, b: Rect, margin: number): boolean =>
        p.x >= b.x0 - margin && p.x < b.x1 + margin && p.y >= b.y0 - margin && p.y < b.y1 + margin;
      let on = 0;
      let seen = 0;
      for (let k = 1; k < 40; k++) {
        const p = { x: c.x + ((to.x - c.x) * k) / 40 + 0.5, y: c.y + ((to.y - c.y) * k) / 40 + 0.5 };
        if (inside(p, m.tag, 2) || inside(p, m.box, 3)) continue;
        seen++;
        // The pixel the line's centre crosses: the line is antialiased, so nearer its colour than the white below.
        const px = pixel(r.image, Math.floor(p.x), Math.floor(p.y));
        const dist = (a: Rgb, b: Rgb): number => Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) + Math.abs(a[2] - b[2]);
        if (dist(px, m.colour) < dist(px, [255, 255, 255])) on++;
      }
      if (seen === 0) continue;
      gaps++;
      assert.ok(on >= seen / 2, `${m.ref}: ${on} of ${seen} points between tag and box in its colour`);
    }
    assert.ok(gaps > 0, 'some leader crosses a gap');
  });
});

describe('legend text and header', () => {
  test('legend labels: an empty list of absorbed labels falls through; 80 characters stay whole, 81 are cut', () => {
    const base = { ref: 'x1', class: 'View', bounds: [0, 0, 1, 1] as const, center: [0, 0] as [number, number], actions: [], states: [] };
    assert.equal(legendLabel({ ...base, labels: [], hint: 'Search' }), 'hint: Search');
    assert.equal(legendLabel({ ...base, text: 'y'.repeat(80) }), 'y'.repeat(80));
    assert.equal(legendLabel({ ...base, text: 'y'.repeat(81) }), `${'y'.repeat(79)}…[+2]`);
  });

  test('the header states the scale when downscaled, what the columns are at full size; the panel is as wide as it', async () => {
    const one = [element('a1', [10, 10, 60, 60], 'A')];
    const small = encodeRgba(flat(400, 800, [255, 255, 255]));
    // 800 px long edge: 12 px font, 10 px pads; the header is the widest line.
    const full = await drawMarks(small, one);
    assert.equal(full.scale, 1);
    const sans = { face: 'sans', size: 12 } as const;
    assert.equal(full.width - full.shot.width, Math.ceil(measureText('marks: ref · class · label', sans)) + 10 + 20);
    const shrunk = await drawMarks(small, one, { maxEdge: 700 });
    assert.equal(shrunk.scale.toFixed(3), '1.143');
    assert.equal(shrunk.width - shrunk.shot.width, Math.ceil(measureText('image px × 1.143 = device px', sans)) + 10 + 20);
  });

  test('drawMarks: PNG unless a format is given', async () => {
    const r = await drawMarks(encodeRgba(flat(100, 200, [255, 255, 255])), []);
    assert.equal(r.format, 'png');
    assert.equal(r.bytes[0], 0x89);
  });

  test('an element off screen with the widest label: the panel is laid out again without it, the screenshot kept', async () => {
    const png = encodeRgba(flat(400, 800, [30, 120, 200]));
    const on = element('a1', [10, 10, 60, 60], 'OK');
    const off = element('z9', [10, 900, 60, 950], 'A label much longer than any other row in this legend');
    const both = await drawMarks(png, [on, off]);
    const alone = await drawMarks(png, [on]);
    assert.deepEqual(both.skipped, ['z9']);
    assert.deepEqual([both.width, both.height], [alone.width, alone.height]);
    const a = decodeRgba(both.bytes);
    const b = decodeRgba(alone.bytes);
    assert.deepEqual(Buffer.from(a.data), Buffer.from(b.data));
    assert.deepEqual(pixel(a, 200, 700), [30, 120, 200]);
  });
});

describe('the output canvas', () => {
  test('with a legend the image is opaque: transparent screenshot pixels come out white; without one they stay clear', async () => {
    const clear = encodeRgba({ width: 100, height: 200, data: new Uint8Array(100 * 200 * 4) });
    const one = [element('a1', [10, 10, 40, 40], 'A')];
    const withLegend = decodeRgba((await drawMarks(clear, one)).bytes);
    const i = (150 * withLegend.width + 80) * 4;
    assert.deepEqual([...withLegend.data.subarray(i, i + 4)], [255, 255, 255, 255]);
    const bare = decodeRgba((await drawMarks(clear, one, { legend: false })).bytes);
    const j = (150 * bare.width + 80) * 4;
    assert.equal(bare.data[j + 3], 0);
  });

  test('below a landscape screenshot: a skipped element that took a legend row makes the panel shorter', async () => {
    // 800×400: three 252 px columns below; the header and three rows need two lines, the header and two one.
    const png = encodeRgba(flat(800, 400, [30, 120, 200]));
    const on = [element('a1', [10, 10, 60, 60], 'OK'), element('a2', [100, 10, 160, 60], 'Cancel')];
    const off = element('z9', [10, 500, 60, 550], 'Gone');
    const both = await drawMarks(png, [...on, off]);
    const alone = await drawMarks(png, on);
    assert.deepEqual(both.skipped, ['z9']);
    assert.deepEqual([both.width, both.height], [alone.width, alone.height]);
    assert.equal(alone.height, 400 + 18 + 20);
    assert.deepEqual(Buffer.from(decodeRgba(both.bytes).data), Buffer.from(decodeRgba(alone.bytes).data));
  });
});

describe('downscaleImage', () => {
  const big = flat(1080, 2280, [200, 200, 200]);
  const bigPng = encodeRgba(big);

  test('a PNG that needs no change comes back as it came; a quality or another format re-encodes it', async () => {
    const png = encodeRgba(flat(300, 600, [1, 2, 3]));
    const same = await downscaleImage(png);
    assert.equal(same.bytes, png);
    assert.deepEqual([same.format, same.width, same.height, same.scale], ['png', 300, 600, 1]);
    const webp = await downscaleImage(png, { format: 'webp' });
    assert.equal(webp.format, 'webp');
    assert.equal(String.fromCharCode(...webp.bytes.subarray(8, 12)), 'WEBP');
    assert.notEqual((await downscaleImage(png, { format: 'png', quality: 50 })).bytes, png);
    // A JPEG in, PNG out (the default format): re-encoded even at its size.
    const jpeg = encodeRgba(flat(300, 600, [1, 2, 3]), { format: 'jpeg' });
    const fromJpeg = await downscaleImage(jpeg);
    assert.equal(fromJpeg.bytes[0], 0x89);
    assert.equal(fromJpeg.format, 'png');
  });

  test('maxEdge 0 keeps the device resolution; other values are checked', async () => {
    const full = await downscaleImage(bigPng, { maxEdge: 0 });
    assert.deepEqual([full.width, full.height, full.scale], [1080, 2280, 1]);
    assert.equal(full.bytes, bigPng);
    await assert.rejects(downscaleImage(bigPng, { maxEdge: 10 }), (e: unknown) => isGlanceError(e) && e.code === 'USAGE');
  });

  test('maxPixels shrinks the long edge until the image fits; within it, maxEdge alone decides', async () => {
    const fit = await downscaleImage(bigPng, { maxPixels: 500_000 });
    // 2280 × √(500,000 / 2,462,400) = 1027.4 → a 1027 px long edge.
    assert.deepEqual([fit.width, fit.height], [486, 1027]);
    assert.equal(fit.scale, 2280 / 1027);
    const decoded = decodeRgba(fit.bytes);
    assert.deepEqual([decoded.width, decoded.height], [486, 1027]);
    const roomy = await downscaleImage(bigPng, { maxPixels: 743 * 1568 });
    assert.deepEqual([roomy.width, roomy.height], [743, 1568]);
    const tight = await downscaleImage(bigPng, { maxPixels: 743 * 1568 - 1 });
    assert.ok(tight.height < 1568);
    // Full resolution with a budget: the budget still applies.
    const budgeted = await downscaleImage(bigPng, { maxEdge: 0, maxPixels: 500_000 });
    assert.deepEqual([budgeted.width, budgeted.height], [486, 1027]);
  });
});
