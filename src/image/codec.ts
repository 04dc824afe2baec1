/** Encoded image bytes (PNG, WebP, JPEG) ⇄ RgbaImage, through the drawing library. */
import { canvasOf, decodeImage, encodeCanvas, pixelsOf, surface, type EncodeOptions } from './canvas.js';
import type { RgbaImage } from './raster.js';

/**
 * Decodes PNG, JPEG or WebP bytes to 8-bit RGBA. Throws IMAGE_INVALID for anything else — e.g. a device error
 * string captured instead of a screencap — and for truncated PNGs.
 */
export function decodeRgba(bytes: Uint8Array): RgbaImage {
  const img = decodeImage(bytes);
  const { ctx } = surface(img.width, img.height);
  ctx.drawImage(img, 0, 0);
  return pixelsOf(ctx, img);
}

/** Encodes an RgbaImage (PNG unless `options.format` says otherwise). */
export function encodeRgba(img: RgbaImage, options: EncodeOptions = {}): Uint8Array {
  return encodeCanvas(canvasOf(img), options);
}
