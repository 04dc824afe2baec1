import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import pngjs from 'pngjs';
import { decodePng, encodePng } from '../../src/image/png.js';
import { createImage, fillRect } from '../../src/image/raster.js';
import { isGlanceError } from '../../src/errors.js';

describe('png', () => {
  test('encode → decode round-trips every pixel', () => {
    const img = createImage(37, 23, [10, 20, 30]);
    fillRect(img, { x0: 5, y0: 4, x1: 20, y1: 9 }, [250, 0, 128]);
    img.data[7] = 99; // one translucent pixel survives too
    const back = decodePng(encodePng(img));
    assert.equal(back.width, 37);
    assert.equal(back.height, 23);
    assert.deepEqual(Buffer.from(back.data), Buffer.from(img.data));
  });

  test('decodes greyscale and palette-free RGB PNGs to RGBA', () => {
    const png = new pngjs.PNG({ width: 4, height: 2 });
    for (let i = 0; i < 8; i++) png.data.set([i * 30, i * 30, i * 30, 255], i * 4);
    const grey = pngjs.PNG.sync.write(png, { colorType: 0 });
    const rgb = pngjs.PNG.sync.write(png, { colorType: 2 });
    for (const bytes of [grey, rgb]) {
      const img = decodePng(new Uint8Array(bytes));
      assert.equal(img.data.length, 4 * 2 * 4);
      assert.deepEqual([...img.data.subarray(12, 16)], [90, 90, 90, 255]);
    }
  });

  test('text that is not a PNG (a device error) is IMAGE_INVALID with a hint', () => {
    const bytes = new TextEncoder().encode('Error: could not take screenshot\n');
    assert.throws(
      () => decodePng(bytes),
      (e) => isGlanceError(e, 'IMAGE_INVALID') && e.hint !== undefined && e.message.includes('could not take screenshot'),
    );
    assert.throws(() => decodePng(new Uint8Array()), (e) => isGlanceError(e, 'IMAGE_INVALID'));
  });

  test('a truncated PNG is IMAGE_INVALID, not a crash', () => {
    const full = encodePng(createImage(64, 64, [1, 2, 3]));
    for (const n of [8, 20, 40, full.length - 13]) {
      assert.throws(() => decodePng(full.subarray(0, n)), (e) => isGlanceError(e, 'IMAGE_INVALID'), `cut at ${n}`);
    }
  });
});
