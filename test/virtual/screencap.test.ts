import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { center, shortId, walk } from '../../src/hierarchy/model.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { decodeRgba } from '../../src/image/codec.js';
import type { RgbaImage } from '../../src/image/raster.js';

const decode = decodeRgba;

function pixel(img: RgbaImage, x: number, y: number): [number, number, number] {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
}

describe('virtual screencap', () => {
  test('draws the screen at device size (its speed is in bench/virtual.ts, not asserted here)', async (t) => {
    const dev = createVirtualDevice();
    await dev.screencap(); // fonts
    let best = Infinity;
    let png: Uint8Array = new Uint8Array(0);
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      png = await dev.screencap();
      best = Math.min(best, performance.now() - t0);
    }
    const img = decode(png);
    assert.deepEqual([img.width, img.height], [1080, 2400]);
    t.diagnostic(`screencap best of 3: ${best.toFixed(0)} ms`);
    // Status bar and navigation bar are dark, the content area is light.
    assert.ok(pixel(img, 540, 30).reduce((a, b) => a + b) < 400);
    assert.ok(pixel(img, 540, 2390).reduce((a, b) => a + b) < 100);
    assert.ok(pixel(img, 540, 1900 + 300).reduce((a, b) => a + b) > 700);
  });

  test('screencapDelayMs (glance virtual --screencap-ms): every capture, by screencap or the API, takes at least that long', async () => {
    await createVirtualDevice().screencap(); // the drawing library loads once per process
    const slow = createVirtualDevice({ screencapDelayMs: 250 });
    for (const capture of [() => slow.screencap(), async () => (await slow.run('screencap -p')).stdout]) {
      const t0 = performance.now();
      const png = await capture();
      assert.ok(performance.now() - t0 >= 245, `${(performance.now() - t0).toFixed(0)} ms`);
      assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    }
  });

  test('state shows: a toggled switch and a focused field change the pixels where they are', async () => {
    const dev = createVirtualDevice();
    dev.state.tap(1017, 136); // Settings
    const sw = [...walk(dev.state.dump().roots)].map((w) => w.node).filter((n) => shortId(n.id) === 'switch_widget')[1]!;
    const box = sw.bounds;
    const crop = (img: RgbaImage): string => {
      let s = '';
      for (let y = box[1]; y < box[3]; y += 4) for (let x = box[0]; x < box[2]; x += 4) s += pixel(img, x, y).join(',');
      return s;
    };
    const before = decode(await dev.screencap());
    const [x, y] = center(box);
    dev.state.tap(x, y);
    const after = decode(await dev.screencap());
    assert.notEqual(crop(after), crop(before), 'the switch looks different once checked');
    // Elsewhere nothing moved.
    assert.deepEqual(pixel(after, 540, 300), pixel(before, 540, 300));
  });

  test('the same screen twice gives the same frame, as a copy the caller may change', async () => {
    const dev = createVirtualDevice();
    const a = await dev.screencap();
    a.fill(0);
    const b = await dev.screencap();
    assert.deepEqual([...b.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual(Buffer.from(await dev.screencap()), Buffer.from(b));
    dev.state.tap(1017, 136); // Settings: another screen, another frame
    assert.notDeepEqual(Buffer.from(await dev.screencap()), Buffer.from(b));
  });

  test('text is drawn: a label area is not blank', async () => {
    const dev = createVirtualDevice();
    const img = decode(await dev.screencap());
    const title = [...walk(dev.state.dump().roots)].map((w) => w.node).find((n) => n.text === 'Groceries')!;
    const colours = new Set<string>();
    for (let yy = title.bounds[1]; yy < title.bounds[3]; yy += 2)
      for (let xx = title.bounds[0]; xx < title.bounds[0] + 300; xx += 2) colours.add(pixel(img, xx, yy).join());
    assert.ok(colours.size > 5, 'anti-aliased glyphs give many shades');
  });
});
