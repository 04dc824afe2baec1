// The golden-image cases shared by test/image/golden.test.ts and scripts/image-goldens.ts (which alone
// writes test/golden/image/). Each case freezes its elements in <name>.elements.json beside the PNG, so a
// change of the snapshot engine's refs does not masquerade as a drawing change.
import { join } from 'node:path';
import type { MarkedRaster, MarkOptions } from '../../src/image/marks.js';
import type { RgbaImage } from '../../src/image/raster.js';
import { repoRoot } from '../helpers/corpus.js';
import { authoredLandscape, authoredPortrait, corpusScreen, type TestScreen } from './screens.js';

export const goldenDir = join(repoRoot, 'test/golden/image');

export interface GoldenCase {
  name: string;
  screen: () => TestScreen;
  options: MarkOptions;
  /** The screen comes from the recorded-screen corpus beside the repository. */
  corpus?: true;
}

export const GOLDEN_CASES: readonly GoldenCase[] = [
  { name: 'authored-portrait', screen: authoredPortrait, options: {} },
  { name: 'authored-landscape', screen: authoredLandscape, options: {} },
  {
    name: 'dialer-date-picker',
    screen: () => corpusScreen('dialer', 'state_2023-07-07_171434.xml'),
    options: { maxEdge: 1200 },
    corpus: true,
  },
];

/** Pixels whose channels differ by more than this count as different (font rasterisation may vary). */
export const CHANNEL_TOLERANCE = 32;
/** At most this fraction of pixels may differ. */
export const PIXEL_TOLERANCE = 0.005;

/** Fraction of pixels where some channel differs by more than `tolerance`. */
export function differingFraction(a: RgbaImage, b: RgbaImage, tolerance: number): number {
  let n = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (
      Math.abs(a.data[i]! - b.data[i]!) > tolerance ||
      Math.abs(a.data[i + 1]! - b.data[i + 1]!) > tolerance ||
      Math.abs(a.data[i + 2]! - b.data[i + 2]!) > tolerance ||
      Math.abs(a.data[i + 3]! - b.data[i + 3]!) > tolerance
    )
      n++;
  }
  return n / (a.width * a.height);
}

/**
 * The placement data of a marked screenshot — which ref sits on which box, where each tag went, its colour,
 * the legend rows — compared exactly beside the pixel tolerance: two marks with swapped refs change too few
 * pixels to exceed the tolerance, but never this.
 */
export function placementOf(r: MarkedRaster): string {
  const { marks, shot, scale, legend, skipped } = r;
  return `${JSON.stringify({ shot, scale, skipped, marks, legend }, null, 1)}\n`;
}
