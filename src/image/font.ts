/**
 * The one module of src/image that touches the file system: it finds the DejaVu TTFs shipped by the
 * `dejavu-fonts-ttf` package and registers them with pureimage once per process (parsing a TTF costs
 * ~20 ms, so the result is cached).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as PImage from 'pureimage';
import { GlanceError } from '../errors.js';

/** The faces marks use: bold monospace for refs (unambiguous 0/O, 1/l/I), sans for legend labels. */
export type FaceName = 'mono-bold' | 'sans';

const FILES: Record<FaceName, string> = {
  'mono-bold': 'DejaVuSansMono-Bold.ttf',
  sans: 'DejaVuSans.ttf',
};

/** The slice of an opentype.js Font (untyped in pureimage's declarations) that text layout reads. */
export interface OutlineFont {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  charToGlyph(ch: string): { advanceWidth?: number };
}

export interface LoadedFace {
  /** pureimage font family name to set on a context (`ctx.font = '<size> <family>'`). */
  family: string;
  font: OutlineFont;
}

const loaded = new Map<FaceName, LoadedFace>();

function fontDir(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
}

/** Loads (once) and returns a face. Throws INTERNAL with a hint when the font package is missing. */
export function loadFace(name: FaceName): LoadedFace {
  const hit = loaded.get(name);
  if (hit) return hit;
  const family = `glance-${name}`;
  let font: OutlineFont;
  try {
    const registered = PImage.registerFont(join(fontDir(), FILES[name]), family).loadSync();
    font = registered.font as OutlineFont;
  } catch (e) {
    throw new GlanceError('INTERNAL', `font ${FILES[name]} could not be loaded: ${(e as Error).message}`, {
      hint: 'reinstall glance: the dejavu-fonts-ttf dependency is missing or damaged',
      cause: e,
    });
  }
  const face = { family, font };
  loaded.set(name, face);
  return face;
}

/**
 * Loads every face now (~0.1–0.3 s each on a busy 2-core machine) so that the first marked screenshot of a
 * long-running server does not pay for it.
 */
export function preloadFonts(): void {
  for (const name of Object.keys(FILES) as FaceName[]) loadFace(name);
}
