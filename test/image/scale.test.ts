import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { downscale, fitSize, resize } from '../../src/image/scale.js';
import { createImage, type RgbaImage } from '../../src/image/raster.js';

function mean(img: RgbaImage, ch: number): number {
  let s = 0;
  for (let i = ch; i < img.data.length; i += 4) s += img.data[i]!;
  return s / (img.width * img.height);
}

describe('downscale', () => {
  test('a screen of flat areas keeps its mean colour at the real ratio', () => {
    const img = createImage(1080, 2280, [250, 250, 250]);
    for (let y = 300; y < 900; y++) img.data.fill(40, y * 1080 * 4, y * 1080 * 4 + 1080 * 4);
    for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
    const out = downscale(img, 1568).image;
    for (let ch = 0; ch < 3; ch++) assert.ok(Math.abs(mean(out, ch) - mean(img, ch)) <= 1, `channel ${ch}`);
  });

  test('a 1080×2280 screen fits 743×1568 with scale 1.454 (device = image × scale)', () => {
    const fit = fitSize(1080, 2280, 1568);
    assert.deepEqual({ w: fit.width, h: fit.height }, { w: 743, h: 1568 });
    assert.equal(fit.scale.toFixed(3), '1.454');
    // Mapping the image's far corner back lands within one device pixel of the screen's.
    assert.ok(Math.abs(743 * fit.scale - 1080) < fit.scale);
    assert.equal(1568 * fit.scale, 2280);
  });

  test('never upscales: an image within maxEdge is returned as is with scale 1', () => {
    const img = createImage(700, 1500);
    const r = downscale(img, 1568);
    assert.equal(r.image, img);
    assert.equal(r.scale, 1);
  });

  test('landscape: the long edge is the width', () => {
    const r = downscale(createImage(2280, 1080), 1568);
    assert.deepEqual([r.image.width, r.image.height], [1568, 743]);
  });

  test('halving averages each 2×2 block (to within rounding)', () => {
    const img = createImage(4, 2, [0, 0, 0]);
    // Checkerboard of 0/255 in the red channel: every 2×2 block averages to 127.5.
    for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) img.data[(y * 4 + x) * 4] = (x + y) % 2 === 0 ? 255 : 0;
    const out = resize(img, 2, 1);
    for (const v of [out.data[0]!, out.data[4]!]) assert.ok(v === 127 || v === 128, `got ${v}`);
  });

  test('a one-pixel line fades instead of vanishing (area average, not nearest neighbour)', () => {
    const img = createImage(300, 300, [255, 255, 255]);
    for (let x = 0; x < 300; x++) img.data.set([0, 0, 0, 255], (151 * 300 + x) * 4);
    const out = resize(img, 100, 100);
    let darkest = 255;
    for (let y = 0; y < 100; y++) darkest = Math.min(darkest, out.data[(y * 100 + 50) * 4]!);
    assert.ok(darkest > 150 && darkest < 200, `line at ~1/3 intensity, got ${darkest}`);
  });

  // Skia resamples through mipmaps and a cubic, not an exact box filter: the mean of pixel noise may drift
  // on tiny images, but nothing overshoots (no ringing) and flat areas keep their colour.
  test('property: output stays within the source range (any ratio)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (w, h, seed, f) => {
          const img = createImage(w, h);
          let s = seed;
          for (let i = 0; i < img.data.length; i++) {
            s = (Math.imul(s, 1103515245) + 12345) >>> 0;
            img.data[i] = i % 4 === 3 ? 255 : s >>> 24;
          }
          const ow = Math.max(1, Math.round(w * f));
          const oh = Math.max(1, Math.round(h * f));
          const out = resize(img, ow, oh);
          assert.equal(out.data.length, ow * oh * 4);
          for (let ch = 0; ch < 3; ch++) {
            let lo = 255;
            let hi = 0;
            for (let i = ch; i < img.data.length; i += 4) {
              lo = Math.min(lo, img.data[i]!);
              hi = Math.max(hi, img.data[i]!);
            }
            for (let i = ch; i < out.data.length; i += 4) assert.ok(out.data[i]! >= lo && out.data[i]! <= hi);
          }
          for (let i = 3; i < out.data.length; i += 4) assert.equal(out.data[i], 255);
        },
      ),
      { numRuns: 150 },
    );
  });
});
