/**
 * Text on an RgbaImage: glyphs are rasterised once per (face, size, character) with pureimage's
 * anti-aliased path filler and cached as coverage masks, then blended in any colour. Rasterising whole strings
 * on a pureimage canvas per label would cost ~1 ms a glyph on every call; the cache makes a warm call
 * a few memory copies. Kerning is not applied (refs are monospace; legend labels lose nothing visible).
 */
import * as PImage from 'pureimage';
import { loadFace, type FaceName } from './font.js';
import { blendMask, type Mask, type Rgb, type RgbaImage } from './raster.js';

export interface TextStyle {
  face: FaceName;
  /** Font size in pixels (em height), an integer. */
  size: number;
}

interface Glyph {
  advance: number;
  mask: Mask;
  /** Mask origin relative to the pen position on the baseline. */
  dx: number;
  dy: number;
}

const MAX_CACHED = 4096;
const glyphs = new Map<string, Glyph>();

export function fontMetrics(style: TextStyle): { ascent: number; descent: number } {
  const { font } = loadFace(style.face);
  return {
    ascent: (font.ascender / font.unitsPerEm) * style.size,
    descent: (-font.descender / font.unitsPerEm) * style.size,
  };
}

function glyph(ch: string, style: TextStyle): Glyph {
  const key = `${style.face}\u0000${style.size}\u0000${ch}`;
  const hit = glyphs.get(key);
  if (hit) return hit;
  const face = loadFace(style.face);
  const size = Math.round(style.size);
  const advance = ((face.font.charToGlyph(ch).advanceWidth ?? 0) / face.font.unitsPerEm) * size;
  const { ascent, descent } = fontMetrics(style);
  // Room for overhangs: some glyphs reach past their advance or above the ascender.
  const pad = Math.ceil(size * 0.3);
  const w = Math.ceil(advance) + 2 * pad;
  const h = Math.ceil(ascent + descent) + 2 * pad;
  const bmp = PImage.make(w, h);
  const ctx = bmp.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.font = `${size} ${face.family}`;
  const baseline = pad + Math.round(ascent);
  ctx.fillText(ch, pad, baseline);
  // The bitmap starts opaque black and the glyph is white: the red channel is the coverage.
  const alpha = new Uint8Array(w * h);
  for (let i = 0; i < w * h; i++) alpha[i] = bmp.data[i * 4]!;
  const g: Glyph = { advance, mask: { width: w, height: h, alpha }, dx: -pad, dy: -baseline };
  if (glyphs.size >= MAX_CACHED) glyphs.clear();
  glyphs.set(key, g);
  return g;
}

/** Advance width of `text` in pixels. */
export function measureText(text: string, style: TextStyle): number {
  let w = 0;
  for (const ch of text) w += glyph(ch, style).advance;
  return w;
}

/** Longest prefix of `text` that fits `maxWidth` px, with an ellipsis when cut. */
export function fitText(text: string, style: TextStyle, maxWidth: number): string {
  if (measureText(text, style) <= maxWidth) return text;
  const ell = measureText('…', style);
  let w = 0;
  let out = '';
  for (const ch of text) {
    const a = glyph(ch, style).advance;
    if (w + a + ell > maxWidth) break;
    w += a;
    out += ch;
  }
  return `${out.trimEnd()}…`;
}

/** Draws `text` with its baseline at `at.y`, starting at `at.x`; returns the advance in pixels. */
export function drawText(img: RgbaImage, text: string, at: { x: number; y: number }, style: TextStyle & { colour: Rgb }): number {
  let x = at.x;
  for (const ch of text) {
    const g = glyph(ch, style);
    if (ch.trim() !== '') blendMask(img, g.mask, { x: Math.round(x) + g.dx, y: Math.round(at.y) + g.dy }, style.colour);
    x += g.advance;
  }
  return x - at.x;
}
