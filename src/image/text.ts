/**
 * Text for marks and legends, drawn by Skia in the DejaVu faces. Measuring goes through one scratch context
 * with a per-(face, size, string) cache: layout measures every ref several times while placing tags.
 * Kerning is not applied (refs are monospace; legend labels lose nothing visible).
 */
import { css, font, surface, type Context, type FaceName } from './canvas.js';
import type { Rgb } from './raster.js';

export interface TextStyle {
  face: FaceName;
  /** Font size in pixels (em height), an integer. */
  size: number;
}

const MAX_CACHED = 4096;
const widths = new Map<string, number>();
let scratch: Context | undefined;

function measuring(style: TextStyle): Context {
  scratch ??= surface(1, 1).ctx;
  scratch.font = font(style.face, Math.round(style.size));
  return scratch;
}

export function fontMetrics(style: TextStyle): { ascent: number; descent: number } {
  const m = measuring(style).measureText('Hg');
  return { ascent: m.fontBoundingBoxAscent, descent: m.fontBoundingBoxDescent };
}

/** Advance width of `text` in pixels. */
export function measureText(text: string, style: TextStyle): number {
  const key = `${style.face}\u0000${style.size}\u0000${text}`;
  const hit = widths.get(key);
  if (hit !== undefined) return hit;
  const w = measuring(style).measureText(text).width;
  if (widths.size >= MAX_CACHED) widths.clear();
  widths.set(key, w);
  return w;
}

/** Longest prefix of `text` that fits `maxWidth` px, with an ellipsis when cut. */
export function fitText(text: string, style: TextStyle, maxWidth: number): string {
  if (measureText(text, style) <= maxWidth) return text;
  const chars = [...text];
  // Binary search on the prefix length: widths grow with length.
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (measureText(`${chars.slice(0, mid).join('')}…`, style) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/** Draws `text` with its baseline at `at.y`, starting at `at.x`; returns the advance in pixels. */
export function drawText(ctx: Context, text: string, at: { x: number; y: number }, style: TextStyle & { colour: Rgb }): number {
  ctx.font = font(style.face, Math.round(style.size));
  ctx.fillStyle = css(style.colour);
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(text, at.x, Math.round(at.y));
  return measureText(text, style);
}
