/**
 * The final encode of a finished canvas, for the images that leave Glance (marked and downscaled screenshots).
 *
 * Skia draws everything (canvas.ts), but its encoders expose no speed setting: WebP runs libwebp at its default
 * method 4 (~85 ms for a 1375×1568 marked screenshot) and PNG at a fixed zlib level with adaptive filters. So
 * when the optional package `sharp` (libvips; its binary ships inside the npm package) is installed, the pixels
 * Skia drew are read back once and encoded there: WebP at effort 0 (libwebp method 0: about half the time, the
 * same PSNR at the same quality, ~20% more bytes) and PNG with no filter at zlib level 2 (libvips' zlib: half
 * of png.ts's time or less, files 18-40% smaller on flat screens and ~12% larger on photo-like content; level 6
 * saves another ~5% for ~50% more time). sharp draws nothing: one drawing library stays in charge of
 * every pixel. Without sharp (an install without optional packages, or a platform it has no binary for) the
 * same calls fall back to Skia's WebP and to png.ts.
 * JPEG always stays with Skia: it is already fast there and needs no read-back.
 */
import { checkQuality, DEFAULT_QUALITY, encodeCanvas, type Canvas, type EncodeOptions } from './canvas.js';
import { isOpaque } from './png.js';
import type { RgbaImage } from './raster.js';

export type Sharp = (typeof import('sharp'))['default'];

let loading: Promise<Sharp | undefined> | undefined;

/** The optional `sharp` module, or undefined when it is not installed or cannot load on this platform. */
export function loadSharp(): Promise<Sharp | undefined> {
  const p = (loading ??= import('sharp').then(
    (m) => m.default,
    () => undefined,
  ));
  return p;
}

/**
 * WebP or PNG bytes of RGBA pixels through sharp (not premultiplied). Opaque pixels give a file without alpha:
 * libwebp checks that itself, PNG needs the alpha channel removed here.
 */
export async function encodeWithSharp(
  sharp: Sharp,
  px: RgbaImage,
  options: EncodeOptions & { format: 'png' | 'webp' },
): Promise<Uint8Array> {
  const quality = options.quality ?? DEFAULT_QUALITY;
  checkQuality(quality);
  let img = sharp(px.data, { raw: { width: px.width, height: px.height, channels: 4 } });
  if (options.format === 'webp') img = img.webp({ quality, effort: 0 });
  else img = (isOpaque(px.data) ? img.removeAlpha() : img).png({ compressionLevel: 2, adaptiveFiltering: false });
  const buf = await img.toBuffer();
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Encodes a canvas as asked (PNG by default): through sharp when it is installed, else through Skia and png.ts. */
export async function encodeImage(canvas: Canvas, options: EncodeOptions = {}): Promise<Uint8Array> {
  const format = options.format ?? 'png';
  const sharp = format === 'jpeg' ? undefined : await loadSharp();
  if (sharp === undefined || format === 'jpeg') return encodeCanvas(canvas, options);
  const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  const px = { width: d.width, height: d.height, data: new Uint8Array(d.data.buffer, d.data.byteOffset, d.data.byteLength) };
  return encodeWithSharp(sharp, px, { ...options, format });
}
