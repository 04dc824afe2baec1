import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRgba, encodeRgba } from '../../src/image/codec.js';
import { surface, pixelsOf } from '../../src/image/canvas.js';
import { createImage, fillRect, type RgbaImage } from '../../src/image/raster.js';
import { isGlanceError } from '../../src/errors.js';

function sample(width: number, height: number): RgbaImage {
  const { ctx } = surface(width, height, [10, 20, 30]);
  fillRect(ctx, { x0: 5, y0: 4, x1: 20, y1: 9 }, [250, 0, 128]);
  return pixelsOf(ctx, { width, height });
}

/** Largest difference of any channel between two images of one size. */
function maxDelta(a: RgbaImage, b: RgbaImage): number {
  let d = 0;
  for (let i = 0; i < a.data.length; i++) d = Math.max(d, Math.abs(a.data[i]! - b.data[i]!));
  return d;
}

describe('codec', () => {
  test('PNG: encode → decode round-trips every pixel of an opaque image', () => {
    const img = sample(37, 23);
    const bytes = encodeRgba(img);
    assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47], 'a PNG');
    const back = decodeRgba(bytes);
    assert.deepEqual([back.width, back.height], [37, 23]);
    assert.deepEqual(Buffer.from(back.data), Buffer.from(img.data));
  });

  test('PNG: opaque pixels are written as RGB (colour type 2), translucent ones keep alpha (6); both round-trip', () => {
    const opaque = sample(300, 200);
    const rgb = encodeRgba(opaque);
    assert.equal(rgb[25], 2);
    assert.deepEqual(Buffer.from(decodeRgba(rgb).data), Buffer.from(opaque.data));
    const translucent = createImage(3, 2, [0, 0, 0]);
    translucent.data.fill(255);
    translucent.data[3] = 0;
    const rgba = encodeRgba(translucent);
    assert.equal(rgba[25], 6);
    assert.equal(decodeRgba(rgba).data[3], 0);
    // Every row after the first uses the Up filter: a flat 300×200 screen (180,000 bytes of RGB) is ~1 kB.
    assert.ok(encodeRgba(createImage(300, 200, [40, 90, 200])).length < 2000);
  });

  test('a translucent pixel survives within the rounding of premultiplied alpha', () => {
    const img = createImage(4, 4, [200, 100, 50]);
    img.data.set([200, 100, 50, 99], 4 * 5);
    const back = decodeRgba(encodeRgba(img));
    assert.equal(back.data[4 * 5 + 3], 99);
    assert.ok(maxDelta(back, img) <= 2);
  });

  test('WebP and JPEG: smaller than PNG, close to the original, and decode again', () => {
    const img = sample(200, 120);
    const png = encodeRgba(img);
    for (const format of ['webp', 'jpeg'] as const) {
      const bytes = encodeRgba(img, { format, quality: 90 });
      const back = decodeRgba(bytes);
      assert.deepEqual([back.width, back.height], [200, 120]);
      // Lossy: flat areas come back within a few levels; edges may ring a little more.
      assert.ok(Math.abs(back.data[(60 * 200 + 100) * 4]! - 10) <= 4, `${format}: flat background kept`);
      assert.ok(bytes.length !== png.length);
    }
    assert.equal(new TextDecoder().decode(encodeRgba(img, { format: 'webp' }).subarray(8, 12)), 'WEBP');
    assert.deepEqual([...encodeRgba(img, { format: 'jpeg' }).subarray(0, 3)], [0xff, 0xd8, 0xff]);
  });

  test('quality outside 1–100 is USAGE with a hint', () => {
    for (const quality of [0, 101, 2.5]) {
      assert.throws(
        () => encodeRgba(sample(8, 8), { format: 'webp', quality }),
        (e) => isGlanceError(e, 'USAGE') && e.hint !== undefined,
      );
    }
  });

  test('text that is not an image (a device error) is IMAGE_INVALID with a hint', () => {
    const bytes = new TextEncoder().encode('Error: could not take screenshot\n');
    assert.throws(
      () => decodeRgba(bytes),
      (e) => isGlanceError(e, 'IMAGE_INVALID') && e.hint !== undefined && e.message.includes('could not take screenshot'),
    );
    assert.throws(
      () => decodeRgba(new Uint8Array()),
      (e) => isGlanceError(e, 'IMAGE_INVALID'),
    );
  });

  test('a truncated PNG is IMAGE_INVALID, not a crash or a half-grey picture', () => {
    const full = encodeRgba(sample(64, 64));
    for (const n of [8, 20, 40, full.length - 13, full.length - 1]) {
      assert.throws(
        () => decodeRgba(full.subarray(0, n)),
        (e) => isGlanceError(e, 'IMAGE_INVALID'),
        `cut at ${n}`,
      );
    }
  });

  test('a damaged PNG whose chunks are whole is IMAGE_INVALID', () => {
    const full = encodeRgba(sample(64, 64));
    const bad = full.slice();
    bad.fill(0xff, 16, 24); // an impossible size in the header
    assert.throws(
      () => decodeRgba(bad),
      (e) => isGlanceError(e, 'IMAGE_INVALID'),
    );
  });
});
