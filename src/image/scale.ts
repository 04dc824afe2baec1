/**
 * Downscaling to a long edge, with the image→device scale. Skia resamples through mipmaps, so thin text and
 * 1 px dividers fade instead of aliasing away.
 */
import { canvasOf, pixelsOf, surface, type Canvas, type Context, type Image } from './canvas.js';
import type { RgbaImage } from './raster.js';

/** Default long edge: the largest image edge vision models take without resampling it themselves. */
export const DEFAULT_MAX_EDGE = 1568;

/**
 * Pixels of an image that only goes to a model: vision models scale larger images down before reading them
 * (Claude to about 1.2 megapixels, ~1,600 tokens; GPT-4o's high detail to a 768 px short side), so more costs
 * encoding time and bytes and shows the model nothing more.
 */
export const MODEL_MAX_PIXELS = 1_200_000;

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

/** Resamples `img` to `width × height` (Skia's high-quality filter: mipmaps plus a cubic, no ringing on UI edges). */
export function resize(img: RgbaImage, width: number, height: number): RgbaImage {
  const { ctx } = surface(width, height);
  drawScaled(ctx, canvasOf(img), { width, height });
  return pixelsOf(ctx, { width, height });
}

/** Draws `source` scaled to `size` at the top-left of `ctx`. */
export function drawScaled(ctx: Context, source: Image | Canvas, size: { width: number; height: number }): void {
  ctx.imageSmoothingEnabled = true;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(source, 0, 0, size.width, size.height);
}

/** Shrinks `img` so its long edge is at most `maxEdge`; returns the input itself (scale 1) when it already fits. */
export function downscale(img: RgbaImage, maxEdge: number = DEFAULT_MAX_EDGE): Downscaled {
  const fit = fitSize(img.width, img.height, maxEdge);
  if (fit.scale === 1) return { image: img, scale: 1 };
  return { image: resize(img, fit.width, fit.height), scale: fit.scale };
}
