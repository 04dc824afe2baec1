import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRgba } from '../../src/image/codec.js';
import { canvasOf, encodeCanvas, pixelsOf, surface } from '../../src/image/canvas.js';
import { encodeImage, encodeWithSharp, loadSharp } from '../../src/image/encode.js';
import { createImage, fillRect, type RgbaImage } from '../../src/image/raster.js';
import { isGlanceError } from '../../src/errors.js';
import { requires } from '../helpers/requires.js';
import { idatOf, rowFilters } from './png-chunks.js';

const needsSharp = requires({ sharp: true });

/** A small screen: a flat background, a bar, a noisy band (so the lossy encoders have something to lose). */
function sample(width: number, height: number): RgbaImage {
  const { ctx } = surface(width, height, [245, 245, 245]);
  fillRect(ctx, { x0: 0, y0: 0, x1: width, y1: 24 }, [21, 101, 192]);
  fillRect(ctx, { x0: 10, y0: 40, x1: 90, y1: 70 }, [211, 47, 47]);
  const img = pixelsOf(ctx, { width, height });
  let s = 7;
  for (let y = height - 30; y < height; y++) {
    for (let x = 0; x < width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      img.data.fill(100 + (s >>> 26), (y * width + x) * 4, (y * width + x) * 4 + 3);
    }
  }
  return img;
}

/** Share of pixels where some channel differs by more than 32: the golden-image test allows 0.5%. */
function farOff(a: RgbaImage, b: RgbaImage): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if ([0, 1, 2].some((k) => Math.abs(a.data[i + k]! - b.data[i + k]!) > 32)) n++;
  }
  return n / (a.width * a.height);
}

describe('final encode through sharp', { skip: needsSharp }, () => {
  test('PNG round-trips every pixel: RGB when opaque, alpha kept when not', async () => {
    const sharp = (await loadSharp())!;
    const img = sample(160, 120);
    const png = await encodeWithSharp(sharp, img, { format: 'png' });
    assert.equal(png[25], 2, 'colour type 2: RGB');
    assert.deepEqual(Buffer.from(decodeRgba(png).data), Buffer.from(img.data));
    const translucent = createImage(3, 2, [0, 0, 0]);
    translucent.data.fill(255);
    translucent.data[3] = 0;
    const rgba = await encodeWithSharp(sharp, translucent, { format: 'png' });
    assert.equal(rgba[25], 6, 'colour type 6: RGBA');
    assert.equal(decodeRgba(rgba).data[3], 0);
  });

  test('WebP: within the golden-image tolerance of the pixels, and the quality is honoured', async () => {
    const sharp = (await loadSharp())!;
    const img = sample(160, 120);
    const webp = await encodeWithSharp(sharp, img, { format: 'webp' });
    assert.equal(new TextDecoder().decode(webp.subarray(8, 12)), 'WEBP');
    assert.equal(new TextDecoder().decode(webp.subarray(12, 16)), 'VP8 ', 'opaque: the simple format, no alpha chunk');
    const back = decodeRgba(webp);
    assert.deepEqual([back.width, back.height], [160, 120]);
    assert.ok(farOff(back, img) <= 0.005, `far-off pixels ${farOff(back, img)}`);
    const low = await encodeWithSharp(sharp, img, { format: 'webp', quality: 10 });
    const high = await encodeWithSharp(sharp, img, { format: 'webp', quality: 95 });
    assert.ok(low.length < webp.length && webp.length < high.length, `${low.length} < ${webp.length} < ${high.length}`);
  });

  test('PNG: rows stored unfiltered and deflated at a fast level, the trade for speed over size', async () => {
    const sharp = (await loadSharp())!;
    const png = await encodeWithSharp(sharp, sample(160, 120), { format: 'png' });
    const { level, raw } = idatOf(png);
    assert.equal(level, 1, 'the zlib header says "fast" (levels 2–5), not the default (6) or the best');
    assert.deepEqual(new Set(rowFilters(raw, 160, 120, 3)), new Set([0]), 'no row filter on any row');
  });

  test('WebP: encoded at the fastest effort, so larger than libwebp at its default method for the same quality', async () => {
    const sharp = (await loadSharp())!;
    const img = sample(600, 400);
    const fast = await encodeWithSharp(sharp, img, { format: 'webp' });
    const skia = encodeCanvas(canvasOf(img), { format: 'webp' });
    // Method 0 gives up compression for time: on this noisy band 11.8 kB against 7.0 kB at the default method.
    assert.ok(fast.length > skia.length * 1.2, `${fast.length} against ${skia.length}`);
  });

  test('quality outside 1–100 is USAGE with a hint', async () => {
    const sharp = (await loadSharp())!;
    await assert.rejects(
      () => encodeWithSharp(sharp, sample(8, 8), { format: 'webp', quality: 0 }),
      (e) => isGlanceError(e, 'USAGE') && e.hint !== undefined,
    );
  });

  test('encodeImage takes sharp for PNG and WebP, Skia for JPEG', async () => {
    const sharp = (await loadSharp())!;
    const img = sample(160, 120);
    const canvas = canvasOf(img);
    for (const format of ['png', 'webp'] as const) {
      assert.deepEqual(
        Buffer.from(await encodeImage(canvas, { format })),
        Buffer.from(await encodeWithSharp(sharp, img, { format })),
        format,
      );
    }
    assert.deepEqual(Buffer.from(await encodeImage(canvas, { format: 'jpeg' })), Buffer.from(encodeCanvas(canvas, { format: 'jpeg' })));
  });
});

describe('final encode without sharp (Skia and png.ts)', () => {
  test('PNG is lossless and WebP stays within the golden-image tolerance, as through sharp', () => {
    const img = sample(160, 120);
    const canvas = canvasOf(img);
    assert.deepEqual(Buffer.from(decodeRgba(encodeCanvas(canvas)).data), Buffer.from(img.data));
    assert.ok(farOff(decodeRgba(encodeCanvas(canvas, { format: 'webp' })), img) <= 0.005);
  });
});
