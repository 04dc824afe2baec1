/** PNG bytes ⇄ RgbaImage through pngjs (pure JS, synchronous). */
import pngjs from 'pngjs';
import { GlanceError } from '../errors.js';
import type { RgbaImage } from './raster.js';

// pngjs is CommonJS: its named exports are only reachable through the default import under NodeNext ESM.
const { PNG } = pngjs;

/** The 8-byte PNG signature (ISO/IEC 15948 §5.2). */
const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Decodes any PNG pngjs understands (palette, grey, 16-bit, interlaced) to 8-bit RGBA.
 * Throws IMAGE_INVALID for anything else — e.g. a device error string captured instead of a screencap.
 */
export function decodePng(bytes: Uint8Array): RgbaImage {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) {
    const head = new TextDecoder().decode(bytes.subarray(0, 80)).replace(/[^\x20-\x7e]+/g, ' ').trim();
    throw new GlanceError('IMAGE_INVALID', `not a PNG image (${bytes.length} bytes${head ? `, starts "${head}"` : ''})`, {
      hint: 'pass the bytes of `adb exec-out screencap -p`; a text reply usually means the device refused the capture',
    });
  }
  try {
    const png = PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.byteLength) };
  } catch (e) {
    throw new GlanceError('IMAGE_INVALID', `PNG could not be decoded: ${(e as Error).message}`, {
      hint: 'the capture is probably truncated; take the screenshot again',
      cause: e,
    });
  }
}

export interface EncodeOptions {
  /** zlib level 0–9; 6 is within a few percent of 9 in size and several times faster on screenshots. */
  deflateLevel?: number;
}

/** Encodes to PNG, RGBA 8 bits per channel (colour type 6). */
export function encodePng(img: RgbaImage, options: EncodeOptions = {}): Uint8Array {
  const png = new PNG({ width: img.width, height: img.height });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  // Up filter only: adaptive filter selection (pngjs's default tries all five per row) costs ~3× the time
  // for a few percent of size on flat UI screenshots.
  // (RGB output would be ~15% smaller but pngjs's channel repacking doubles the encode time.)
  const out = PNG.sync.write(png, { deflateLevel: options.deflateLevel ?? 6, filterType: 2 });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
