/**
 * The RGBA raster images are handed around as, rectangle geometry, and the two shapes marks are made of (solid
 * rectangles and outlines on whole pixels, so that edges stay crisp).
 */
import { css, type Context } from './canvas.js';

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

export function createImage(width: number, height: number, fill: Rgb = [255, 255, 255]): RgbaImage {
  const data = new Uint8Array(width * height * 4);
  const px = new Uint8Array([fill[0], fill[1], fill[2], 255]);
  const px32 = new Uint32Array(px.buffer)[0]!;
  new Uint32Array(data.buffer, data.byteOffset, width * height).fill(px32);
  return { width, height, data };
}

/** `r` rounded to whole pixels and clipped to the image (may come out empty: x1 ≤ x0 or y1 ≤ y0). */
export function clip(img: { width: number; height: number }, r: Rect): Rect {
  return {
    x0: Math.max(0, Math.round(r.x0)),
    y0: Math.max(0, Math.round(r.y0)),
    x1: Math.min(img.width, Math.round(r.x1)),
    y1: Math.min(img.height, Math.round(r.y1)),
  };
}

/** Fills `r` (rounded to whole pixels, clipped by the canvas) with an opaque colour. */
export function fillRect(ctx: Context, r: Rect, c: Rgb): void {
  const x0 = Math.round(r.x0);
  const y0 = Math.round(r.y0);
  const x1 = Math.round(r.x1);
  const y1 = Math.round(r.y1);
  if (x1 <= x0 || y1 <= y0) return;
  ctx.fillStyle = css(c);
  ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
}

/** Draws the outline of `r` `thickness` pixels wide, inside the rectangle. */
export function strokeRect(ctx: Context, r: Rect, c: Rgb, thickness: number): void {
  const t = Math.max(1, Math.round(thickness));
  const x0 = Math.round(r.x0);
  const y0 = Math.round(r.y0);
  const x1 = Math.round(r.x1);
  const y1 = Math.round(r.y1);
  if (x1 - x0 <= 2 * t || y1 - y0 <= 2 * t) {
    fillRect(ctx, { x0, y0, x1, y1 }, c);
    return;
  }
  fillRect(ctx, { x0, y0, x1, y1: y0 + t }, c);
  fillRect(ctx, { x0, y0: y1 - t, x1, y1 }, c);
  fillRect(ctx, { x0, y0: y0 + t, x1: x0 + t, y1: y1 - t }, c);
  fillRect(ctx, { x0: x1 - t, y0: y0 + t, x1, y1: y1 - t }, c);
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
