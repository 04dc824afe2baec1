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

  test('every filter type and both truecolour layouts decode exactly as pngjs decodes them', () => {
    const w = 53;
    const h = 17;
    const png = new pngjs.PNG({ width: w, height: h });
    let seed = 7;
    for (let i = 0; i < w * h * 4; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      // Smooth gradients plus noise, so every filter has something to predict.
      png.data[i] = (i % 4 === 3 ? 200 + (seed >>> 29) : ((i >> 2) % w) * 4 + (seed >>> 28)) & 0xff;
    }
    for (const colorType of [2, 6] as const) {
      for (const filterType of [0, 1, 2, 3, 4]) {
        const bytes = pngjs.PNG.sync.write(png, { colorType, filterType });
        const reference = pngjs.PNG.sync.read(bytes);
        const ours = decodePng(new Uint8Array(bytes));
        assert.deepEqual(Buffer.from(ours.data), Buffer.from(reference.data), `colour type ${colorType}, filter ${filterType}`);
      }
    }
  });

  test('an opaque image is written as RGB and reads back identically', () => {
    const img = createImage(31, 9, [200, 100, 50]);
    fillRect(img, { x0: 3, y0: 2, x1: 12, y1: 7 }, [0, 128, 255]);
    const bytes = encodePng(img);
    assert.equal(bytes[25], 2, 'IHDR colour type 2');
    assert.deepEqual(Buffer.from(pngjs.PNG.sync.read(Buffer.from(bytes)).data), Buffer.from(img.data), 'pngjs agrees');
    assert.deepEqual(Buffer.from(decodePng(bytes).data), Buffer.from(img.data));
  });

  test('text that is not a PNG (a device error) is IMAGE_INVALID with a hint', () => {
    const bytes = new TextEncoder().encode('Error: could not take screenshot\n');
    assert.throws(
      () => decodePng(bytes),
      (e) => isGlanceError(e, 'IMAGE_INVALID') && e.hint !== undefined && e.message.includes('could not take screenshot'),
    );
    assert.throws(
      () => decodePng(new Uint8Array()),
      (e) => isGlanceError(e, 'IMAGE_INVALID'),
    );
  });

  test('a truncated PNG is IMAGE_INVALID, not a crash', () => {
    const full = encodePng(createImage(64, 64, [1, 2, 3]));
    for (const n of [8, 20, 40, full.length - 13]) {
      assert.throws(
        () => decodePng(full.subarray(0, n)),
        (e) => isGlanceError(e, 'IMAGE_INVALID'),
        `cut at ${n}`,
      );
    }
  });
});
