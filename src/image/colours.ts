/**
 * Mark colours: saturated, dark enough that white ref text on them passes WCAG AA (contrast ≥ 4.5:1,
 * checked in test/image/colours.test.ts), ordered so that consecutive entries differ in hue.
 * Neighbouring marks get different colours by greedy colouring of their proximity graph.
 */
import { type Rect, type Rgb } from './raster.js';

export const PALETTE: readonly Rgb[] = [
  [211, 47, 47], // red
  [21, 101, 192], // blue
  [46, 125, 50], // green
  [123, 31, 162], // purple
  [191, 54, 12], // deep orange
  [0, 105, 92], // teal
  [173, 20, 87], // pink
  [69, 39, 160], // indigo
  [93, 64, 55], // brown
  [2, 119, 189], // sky
  [51, 105, 30], // olive green
  [55, 71, 79], // blue grey
  [136, 14, 79], // wine
  [0, 131, 143], // cyan
];

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG 2 relative luminance. */
function luminance(c: Rgb): number {
  return 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
}

/** WCAG 2 contrast ratio between two colours (1–21). */
export function contrast(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function near(a: Rect, b: Rect, gap: number): boolean {
  return a.x0 - gap < b.x1 && b.x0 - gap < a.x1 && a.y0 - gap < b.y1 && b.y0 - gap < a.y1;
}

/** Perceptual-ish RGB distance ("redmean" weighting), 0–~765. */
export function colourDistance(a: Rgb, b: Rgb): number {
  const r = (a[0] + b[0]) / 2;
  const dr = a[0] - b[0];
  const dg = a[1] - b[1];
  const db = a[2] - b[2];
  return Math.sqrt((2 + r / 256) * dr * dr + 4 * dg * dg + (2 + (255 - r) / 256) * db * db);
}

/** Below this distance from the pixels under it, a mark would blend in (a blue tag on a blue toolbar). */
export const MIN_BACKGROUND_DISTANCE = 150;

/**
 * Palette index per box: the colour that does not blend into the box's `backgrounds` (mean colours under its
 * tag and outline, when known) and, among those, the one least used by the already coloured boxes within
 * `gap` px (ties: the next colour in rotation, so colours spread evenly over the screen).
 */
export function assignColours(boxes: readonly Rect[], gap: number, backgrounds?: ReadonlyArray<readonly Rgb[]>): number[] {
  const out = new Array<number>(boxes.length).fill(0);
  const score = new Array<number>(PALETTE.length).fill(0);
  boxes.forEach((box, i) => {
    score.fill(0);
    for (let j = 0; j < i; j++) if (near(box, boxes[j]!, gap)) score[out[j]!]! += 1;
    for (const bg of backgrounds?.[i] ?? []) {
      PALETTE.forEach((c, k) => {
        if (colourDistance(c, bg) < MIN_BACKGROUND_DISTANCE) score[k]! += 100;
      });
    }
    let best = i % PALETTE.length;
    for (let k = 0; k < PALETTE.length; k++) {
      const c = (i + k) % PALETTE.length;
      if (score[c]! < score[best]!) best = c;
    }
    out[i] = best;
  });
  return out;
}
