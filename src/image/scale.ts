/**
 * Downscaling by area averaging (a box filter with exact fractional coverage): each output pixel is the mean
 * of the source area it covers, so thin text and 1 px dividers fade instead of aliasing away, and nothing
 * rings. Separable: rows are combined into one float accumulator row, then columns — no full-size temporary.
 */
import type { RgbaImage } from './raster.js';

/** Default long edge: the largest image edge vision models take without resampling it themselves. */
export const DEFAULT_MAX_EDGE = 1568;

export interface Downscaled {
  image: RgbaImage;
  /** Device (source) pixels per image pixel along the long edge: `device = image × scale`. 1 when not scaled. */
  scale: number;
}

/** Output size for a `width × height` source whose long edge must not exceed `maxEdge` (never upscales). */
export function fitSize(width: number, height: number, maxEdge: number): { width: number; height: number; scale: number } {
  const long = Math.max(width, height);
  if (long <= maxEdge) return { width, height, scale: 1 };
  const r = maxEdge / long;
  return {
    width: Math.max(1, Math.round(width * r)),
    height: Math.max(1, Math.round(height * r)),
    scale: long / maxEdge,
  };
}

/** Per output index: the first source index it covers and the weight of each covered source index. */
interface Taps {
  start: Int32Array;
  count: Int32Array;
  weights: Float32Array;
  stride: number;
}

function taps(src: number, dst: number): Taps {
  const s = src / dst;
  const stride = Math.ceil(s) + 1;
  const start = new Int32Array(dst);
  const count = new Int32Array(dst);
  const weights = new Float32Array(dst * stride);
  for (let o = 0; o < dst; o++) {
    const a = o * s;
    const b = Math.min(src, (o + 1) * s);
    const i0 = Math.floor(a);
    const i1 = Math.min(src, Math.ceil(b));
    start[o] = i0;
    count[o] = i1 - i0;
    for (let i = i0; i < i1; i++) {
      weights[o * stride + (i - i0)] = (Math.min(b, i + 1) - Math.max(a, i)) / s;
    }
  }
  return { start, count, weights, stride };
}

/** Area-average resample of `img` to exactly `width × height` (both ≤ the source's). */
export function resize(img: RgbaImage, width: number, height: number): RgbaImage {
  const sw = img.width;
  const tx = taps(sw, width);
  const ty = taps(img.height, height);
  const out = new Uint8Array(width * height * 4);
  const acc = new Float32Array(sw * 4);
  const src = img.data;
  for (let oy = 0; oy < height; oy++) {
    acc.fill(0);
    const y0 = ty.start[oy]!;
    const ny = ty.count[oy]!;
    for (let k = 0; k < ny; k++) {
      const w = ty.weights[oy * ty.stride + k]!;
      let si = (y0 + k) * sw * 4;
      for (let j = 0; j < sw * 4; j++, si++) acc[j]! += src[si]! * w;
    }
    let oi = oy * width * 4;
    for (let ox = 0; ox < width; ox++, oi += 4) {
      const x0 = tx.start[ox]!;
      const nx = tx.count[ox]!;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < nx; k++) {
        const w = tx.weights[ox * tx.stride + k]!;
        const ai = (x0 + k) * 4;
        r += acc[ai]! * w;
        g += acc[ai + 1]! * w;
        b += acc[ai + 2]! * w;
        a += acc[ai + 3]! * w;
      }
      // Straight (not premultiplied) averaging: screencaps are opaque, so alpha weighting would change nothing.
      out[oi] = r + 0.5;
      out[oi + 1] = g + 0.5;
      out[oi + 2] = b + 0.5;
      out[oi + 3] = a + 0.5;
    }
  }
  return { width, height, data: out };
}

/** Shrinks `img` so its long edge is at most `maxEdge`; returns the input itself (scale 1) when it already fits. */
export function downscale(img: RgbaImage, maxEdge: number = DEFAULT_MAX_EDGE): Downscaled {
  const fit = fitSize(img.width, img.height, maxEdge);
  if (fit.scale === 1) return { image: img, scale: 1 };
  return { image: resize(img, fit.width, fit.height), scale: fit.scale };
}
