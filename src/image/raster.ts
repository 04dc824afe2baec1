/**
 * The RGBA raster every image function works on, and the few pixel operations marks need (solid rectangles,
 * outlines, alpha-masked glyphs). Pure: no I/O. Drawing straight into the buffer is far cheaper than a canvas
 * API for axis-aligned shapes; only glyph outlines go through pureimage (see font.ts).
 */

/** 8-bit RGBA, row-major, no padding: `data.length === width * height * 4`. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** An opaque colour as [r, g, b], 0–255. */
export type Rgb = readonly [number, number, number];

/** Axis-aligned rectangle in pixels: left, top (inclusive), right, bottom (exclusive). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Coverage mask (0 = none, 255 = full), e.g. a rasterised glyph. */
export interface Mask {
  width: number;
  height: number;
  alpha: Uint8Array;
}

export function createImage(width: number, height: number, fill: Rgb = [255, 255, 255]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  const px = new Uint8Array([fill[0], fill[1], fill[2], 255]);
  const px32 = new Uint32Array(px.buffer)[0]!;
  new Uint32Array(data.buffer, data.byteOffset, width * height).fill(px32);
  return { width, height, data };
}

/** `r` rounded to whole pixels and clipped to the image (may come out empty: x1 ≤ x0 or y1 ≤ y0). */
export function clip(img: RgbaImage, r: Rect): Rect {
  return {
    x0: Math.max(0, Math.round(r.x0)),
    y0: Math.max(0, Math.round(r.y0)),
    x1: Math.min(img.width, Math.round(r.x1)),
    y1: Math.min(img.height, Math.round(r.y1)),
  };
}

/** Fills `r` (clipped to the image) with an opaque colour. */
export function fillRect(img: RgbaImage, r: Rect, c: Rgb): void {
  const { x0, y0, x1, y1 } = clip(img, r);
  if (x1 <= x0 || y1 <= y0) return;
  const { data, width } = img;
  for (let y = y0; y < y1; y++) {
    let i = (y * width + x0) * 4;
    for (let x = x0; x < x1; x++, i += 4) {
      data[i] = c[0];
      data[i + 1] = c[1];
      data[i + 2] = c[2];
      data[i + 3] = 255;
    }
  }
}

/** Draws the outline of `r` `thickness` pixels wide, inside the rectangle. */
export function strokeRect(img: RgbaImage, r: Rect, c: Rgb, thickness: number): void {
  const t = Math.max(1, Math.round(thickness));
  const x0 = Math.round(r.x0);
  const y0 = Math.round(r.y0);
  const x1 = Math.round(r.x1);
  const y1 = Math.round(r.y1);
  if (x1 - x0 <= 2 * t || y1 - y0 <= 2 * t) {
    fillRect(img, { x0, y0, x1, y1 }, c);
    return;
  }
  fillRect(img, { x0, y0, x1, y1: y0 + t }, c);
  fillRect(img, { x0, y0: y1 - t, x1, y1 }, c);
  fillRect(img, { x0, y0: y0 + t, x1: x0 + t, y1: y1 - t }, c);
  fillRect(img, { x0: x1 - t, y0: y0 + t, x1, y1: y1 - t }, c);
}

/** Blends colour `c` through `mask` with its top-left corner at (x, y). */
export function blendMask(img: RgbaImage, mask: Mask, at: { x: number; y: number }, c: Rgb): void {
  const { data, width, height } = img;
  const ox = Math.round(at.x);
  const oy = Math.round(at.y);
  for (let my = 0; my < mask.height; my++) {
    const y = oy + my;
    if (y < 0 || y >= height) continue;
    for (let mx = 0; mx < mask.width; mx++) {
      const x = ox + mx;
      if (x < 0 || x >= width) continue;
      const a = mask.alpha[my * mask.width + mx]!;
      if (a === 0) continue;
      const i = (y * width + x) * 4;
      const b = 255 - a;
      data[i] = (c[0] * a + data[i]! * b + 127) / 255;
      data[i + 1] = (c[1] * a + data[i + 1]! * b + 127) / 255;
      data[i + 2] = (c[2] * a + data[i + 2]! * b + 127) / 255;
      data[i + 3] = 255;
    }
  }
}

/** Copies `src` into `dst` with its top-left corner at (x, y), clipped to `dst`. */
export function paste(dst: RgbaImage, src: RgbaImage, at: { x: number; y: number }): void {
  const x0 = Math.max(0, at.x);
  const x1 = Math.min(dst.width, at.x + src.width);
  if (x1 <= x0) return;
  for (let sy = 0; sy < src.height; sy++) {
    const y = at.y + sy;
    if (y < 0 || y >= dst.height) continue;
    const from = (sy * src.width + (x0 - at.x)) * 4;
    dst.data.set(src.data.subarray(from, from + (x1 - x0) * 4), (y * dst.width + x0) * 4);
  }
}

export function intersects(a: Rect, b: Rect): boolean {
  return a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;
}

/** Whether `inner` lies entirely inside `outer` (edges may coincide). */
export function within(inner: Rect, outer: Rect): boolean {
  return inner.x0 >= outer.x0 && inner.y0 >= outer.y0 && inner.x1 <= outer.x1 && inner.y1 <= outer.y1;
}

export function overlapArea(a: Rect, b: Rect): number {
  const w = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
  const h = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
  return w > 0 && h > 0 ? w * h : 0;
}
