import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRgba, encodeRgba } from '../../src/image/codec.js';
import { drawMarks, downscaleImage, renderMarks, legendLabel } from '../../src/image/marks.js';
import { layoutLegend, type LegendText } from '../../src/image/legend.js';
import { measureText } from '../../src/image/text.js';
import type { Rect, Rgb, RgbaImage } from '../../src/image/raster.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { isGlanceError } from '../../src/errors.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { authoredLandscape, authoredPortrait, corpusScreen } from './screens.js';
import { requires } from '../helpers/requires.js';

const corpus = requires({ shared: true });

const portrait = authoredPortrait();
const portraitPng = encodeRgba(portrait.screen);

function pixel(img: RgbaImage, x: number, y: number): Rgb {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

function count(img: RgbaImage, r: Rect, pred: (c: Rgb) => boolean): number {
  let n = 0;
  for (let y = r.y0; y < r.y1; y++) for (let x = r.x0; x < r.x1; x++) if (pred(pixel(img, x, y))) n++;
  return n;
}

const same = (a: Rgb) => (b: Rgb) => a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
const whiteish = (c: Rgb): boolean => c[0] > 200 && c[1] > 200 && c[2] > 200;

const out = await drawMarks(portraitPng, portrait.elements);
const img = decodeRgba(out.bytes);

describe('drawMarks', () => {
  test('downscales to the long edge and states the scale (device = image × scale)', () => {
    assert.deepEqual(out.shot, { width: 743, height: 1568 });
    assert.equal(out.scale.toFixed(3), '1.454');
    assert.equal(img.height, 1568);
    assert.equal(img.width, out.width);
    assert.ok(out.width > 743, 'legend panel beside the portrait screenshot');
    assert.ok(out.width <= 1568, 'the whole image keeps within the long-edge budget');
  });

  test('one legend entry per element, same refs and order as the snapshot', () => {
    assert.deepEqual(
      out.legend.map((l) => l.ref),
      portrait.elements.map((e) => e.ref),
    );
    assert.deepEqual(
      out.legend.map((l) => l.class),
      portrait.elements.map((e) => e.class),
    );
    const byRef = new Map(out.legend.map((l) => [l.ref, l.label]));
    const signIn = portrait.elements.find((e) => e.text === 'SIGN IN')!;
    assert.equal(byRef.get(signIn.ref), 'SIGN IN');
    const inbox = portrait.elements.find((e) => e.labels?.includes('Inbox'))!;
    assert.equal(byRef.get(inbox.ref), 'Inbox', 'a row is labelled by the labels it absorbed');
  });

  test('every mark: a solid tag of its colour with white text, and a box outline of the same colour', () => {
    const r = renderMarks(portrait.screen, portrait.elements);
    assert.equal(r.marks.length, portrait.elements.length);
    for (const m of r.marks) {
      const area = (m.tag.x1 - m.tag.x0) * (m.tag.y1 - m.tag.y0);
      const fill = count(r.image, m.tag, same(m.colour));
      const text = count(r.image, m.tag, whiteish);
      assert.ok(fill > area * 0.45, `${m.ref}: tag mostly its colour (${fill}/${area})`);
      assert.ok(text > area * 0.08, `${m.ref}: white ref text on the tag (${text}/${area})`);
      // A point on the outline's left edge, away from any tag.
      const ys = [];
      for (let y = m.box.y0 + 3; y < m.box.y1 - 3; y++)
        if (!r.marks.some((o) => m.box.x0 >= o.tag.x0 && m.box.x0 < o.tag.x1 && y >= o.tag.y0 && y < o.tag.y1)) ys.push(y);
      const onOutline = ys.filter((y) => same(m.colour)(pixel(r.image, m.box.x0, y))).length;
      assert.ok(onOutline > ys.length * 0.5, `${m.ref}: outline in the mark's colour`);
    }
  });

  test('the legend panel repeats each tag colour', () => {
    const r = renderMarks(portrait.screen, portrait.elements);
    const panel = { x0: r.shot.width, y0: 0, x1: r.image.width, y1: r.image.height };
    for (const m of r.marks) assert.ok(count(r.image, panel, same(m.colour)) > 100, `${m.ref} in legend`);
  });

  test('legend: false returns the marked screenshot alone', async () => {
    const r = await drawMarks(portraitPng, portrait.elements, { legend: false });
    assert.deepEqual([r.width, r.height], [743, 1568]);
    assert.equal(r.legend.length, portrait.elements.length, 'the legend array is still returned for the text reply');
  });

  test('landscape screens get the legend below, within the long-edge budget', () => {
    const land = authoredLandscape();
    const r = renderMarks(land.screen, land.elements);
    assert.deepEqual(r.shot, { width: 1568, height: 743 });
    assert.equal(r.image.width, 1568);
    assert.ok(r.image.height > 743 && r.image.height <= 1568);
  });

  test('elements outside the screen are skipped, not drawn', async () => {
    const off: SnapshotElement = {
      ref: 'b999',
      class: 'Button',
      text: 'Below',
      bounds: [0, 2400, 1080, 2500],
      center: [540, 2450],
      actions: ['tap'],
      states: [],
      offscreen: true,
    };
    const r = await drawMarks(portraitPng, [...portrait.elements, off]);
    assert.deepEqual(r.skipped, ['b999']);
    assert.ok(!r.legend.some((l) => l.ref === 'b999'));
  });

  test('no elements: just the downscaled screenshot', async () => {
    const r = await drawMarks(portraitPng, []);
    const plain = await downscaleImage(portraitPng);
    assert.deepEqual([r.width, r.height, r.scale], [plain.width, plain.height, plain.scale]);
    assert.deepEqual(Buffer.from(decodeRgba(r.bytes).data), Buffer.from(decodeRgba(plain.bytes).data));
  });

  test('a screenshot within maxEdge keeps its size and scale 1', () => {
    const r = renderMarks(portrait.screen, portrait.elements, { maxEdge: 4096, legend: false });
    assert.deepEqual([r.image.width, r.image.height, r.scale], [1080, 2280, 1]);
    assert.notEqual(r.image.data, portrait.screen.data, 'the input raster is not drawn on');
  });

  test('maxPixels: the whole output, legend included, fits the budget (a model reads no more)', async () => {
    const budget = 1_200_000;
    const m = await drawMarks(portraitPng, portrait.elements, { maxPixels: budget });
    assert.ok(m.width * m.height <= budget, `${m.width}×${m.height}`);
    assert.ok(m.width * m.height > budget * 0.9, 'not much smaller than needed');
    assert.ok(m.shot.height < 1568 && m.width > m.shot.width, 'a smaller screenshot, still with its legend');
    assert.equal(m.legend.length, portrait.elements.length);
    const decoded = decodeRgba(m.bytes);
    assert.deepEqual([decoded.width, decoded.height], [m.width, m.height]);
    const plain = await downscaleImage(portraitPng, { maxPixels: budget });
    assert.ok(plain.width * plain.height <= budget && plain.height > 1400, `${plain.width}×${plain.height}`);
    // Within the budget already: maxEdge alone decides.
    assert.deepEqual((await drawMarks(portraitPng, portrait.elements, { maxPixels: 10_000_000 })).shot, out.shot);
  });

  test('maxEdge is validated', async () => {
    for (const maxEdge of [0, 10, 1.5, Number.NaN, 100000]) {
      await assert.rejects(
        () => drawMarks(portraitPng, portrait.elements, { maxEdge }),
        (e) => isGlanceError(e, 'USAGE') && e.hint !== undefined,
      );
    }
  });

  test('hundreds of elements: legend font stays readable and the rest is summarised', () => {
    const many: SnapshotElement[] = [];
    for (let i = 0; i < 240; i++) {
      const x = (i % 12) * 90;
      const y = 100 + Math.floor(i / 12) * 100;
      many.push({
        ref: `t${i}`,
        class: 'TextView',
        text: `Item number ${i}`,
        bounds: [x, y, x + 80, y + 90],
        center: [x + 40, y + 45],
        actions: [],
        states: [],
      });
    }
    const r = renderMarks(portrait.screen, many);
    assert.equal(r.legend.length, 240);
    assert.ok(r.image.width <= 1568 && r.image.height <= 1568);
    const layout = layoutLegend({ header: '', rows: r.legend }, r.shot, 1568);
    assert.ok(layout.fontSize >= 11, `legend font ${layout.fontSize}px`);
    assert.ok(layout.shown < 240 && layout.shown > 100, `shown ${layout.shown}`);
  });

  test('the tags carry exactly the refs of the text snapshot', { skip: corpus }, () => {
    for (const [app, file] of [
      ['dialer', 'state_2023-07-07_171434.xml'],
      ['notes', 'state_2023-07-03_215042.xml'],
    ] as const) {
      const s = corpusScreen(app, file);
      const textRefs = new Set(
        snapshotFromDump(s.dump)
          .text.split('\n')
          .map((l) => /^\s*([a-z][0-9a-z]{1,4}) /.exec(l)?.[1])
          .filter((r) => r !== undefined),
      );
      const r = renderMarks(s.screen, s.elements, { legend: false });
      assert.deepEqual(new Set(r.marks.map((m) => m.ref)), textRefs, `${app}/${file}`);
    }
  });

  test('hundreds of elements on a landscape screen: the legend below keeps within the long edge', () => {
    const land = authoredLandscape();
    const many: SnapshotElement[] = [];
    for (let i = 0; i < 200; i++) {
      const x = (i % 20) * 110;
      const y = 40 + Math.floor(i / 20) * 100;
      many.push({
        ref: `b${i}`,
        class: 'Button',
        desc: `Key ${i}`,
        bounds: [x, y, x + 100, y + 90],
        center: [x + 50, y + 45],
        actions: ['tap'],
        states: [],
      });
    }
    const r = renderMarks(land.screen, many);
    assert.equal(r.image.width, 1568);
    assert.ok(r.image.height <= 1568, `height ${r.image.height}`);
    assert.equal(r.legend.length, 200);
  });

  test('a small screenshot (no downscale) still gets readable tags and a legend', () => {
    const tiny = { width: 270, height: 570, data: portrait.screen.data.subarray(0, 270 * 570 * 4).slice() };
    const el: SnapshotElement = {
      ref: 'b1',
      class: 'Button',
      text: 'OK',
      bounds: [20, 20, 200, 80],
      center: [110, 50],
      actions: ['tap'],
      states: [],
    };
    const r = renderMarks(tiny, [el]);
    assert.equal(r.scale, 1);
    assert.deepEqual(r.shot, { width: 270, height: 570 });
    assert.ok(r.marks[0]!.tag.y1 - r.marks[0]!.tag.y0 >= 14, 'tags keep a minimum height');
    assert.ok(r.image.width > 270, 'legend beside');
  });

  test('a crowded corpus screen (40 elements) marks them all', { skip: corpus }, () => {
    const s = corpusScreen('dialer', 'state_2023-07-07_171434.xml');
    const r = renderMarks(s.screen, s.elements);
    assert.equal(r.marks.length, 40);
    assert.deepEqual(
      r.marks.map((m) => m.ref),
      s.elements.map((e) => e.ref),
    );
  });

  test('a single legend column is as wide as its widest row: short labels make a narrow panel, long ones stop at 30 em', async () => {
    const shot = { width: 743, height: 1568 };
    const rows = (labels: string[]): LegendText[] => labels.map((label, i) => ({ ref: `b${100 + i}`, class: 'Button', label }));
    const header = 'image px × 1.454 = device px';
    const short = layoutLegend({ header, rows: rows(['OK', 'Cancel']) }, shot, 1568);
    const [a, b] = ['Remind me again', 'Remind me again at 9'];
    const longer = layoutLegend({ header, rows: rows(['OK', a!]) }, shot, 1568);
    const longest = layoutLegend({ header, rows: rows(['OK', b!, 'Cancel']) }, shot, 1568);
    const long = layoutLegend({ header, rows: rows(['x'.repeat(80)]) }, shot, 1568);
    assert.equal(short.columns, 1);
    assert.equal(short.fontSize, 20);
    // The header is the widest line here; a longer label widens the column by its extra width exactly.
    const sans = { face: 'sans', size: 20 } as const;
    assert.equal(short.columnWidth, Math.ceil(measureText(header, sans)) + 16);
    assert.ok(longer.columnWidth > short.columnWidth);
    const extra = measureText(b!, sans) - measureText(a!, sans);
    assert.ok(
      Math.abs(longest.columnWidth - longer.columnWidth - extra) <= 1,
      `${longest.columnWidth} - ${longer.columnWidth} vs ${extra}`,
    );
    assert.equal(long.columnWidth, 600);
    assert.equal(long.width, 600 + 32);
    // Drawn: the panel hugs the rows (one pad right of the widest), and the output is that much narrower.
    const els = portrait.elements.slice(0, 3);
    const drawn = await drawMarks(portraitPng, els);
    const widest = Math.max(...drawn.legend.map((l) => measureText(l.label, sans)));
    assert.ok(drawn.width - drawn.shot.width < 600, `panel ${drawn.width - drawn.shot.width} px`);
    assert.ok(drawn.width - drawn.shot.width > widest + 32, `panel ${drawn.width - drawn.shot.width} px, label ${widest}`);
  });

  test('legend labels: text, else description, else absorbed labels, else hint, else #id', () => {
    const base = { ref: 'x1', class: 'View', bounds: [0, 0, 1, 1] as const, center: [0, 0] as [number, number], actions: [], states: [] };
    assert.equal(legendLabel({ ...base, text: ' a\n b ', desc: 'd' }), 'a b');
    assert.equal(legendLabel({ ...base, desc: 'd', labels: ['l'] }), 'd');
    assert.equal(legendLabel({ ...base, labels: ['Title', 'Summary'], hint: 'h' }), 'Title · Summary');
    assert.equal(legendLabel({ ...base, hint: 'Search', id: 'q' }), 'hint: Search');
    assert.equal(legendLabel({ ...base, id: 'q' }), '#q');
    assert.equal(legendLabel(base), '');
    // Cut at 80 characters, the cut shown as in the text snapshot: 79 kept, 121 left out.
    assert.equal(legendLabel({ ...base, text: 'x'.repeat(200) }), `${'x'.repeat(79)}…[+121]`);
  });
});
