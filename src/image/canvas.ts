/**
 * The one drawing library: Skia through `@napi-rs/canvas` (its binary ships inside the npm package) decodes,
 * scales, draws (rectangles, text in the DejaVu faces of `dejavu-fonts-ttf`) and encodes PNG, WebP and JPEG.
 * Every other module of src/image, and the virtual device's screencap, draws through this one.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, Image, ImageData, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { GlanceError } from '../errors.js';
import { encodePng } from './png.js';
import type { RgbaImage, Rgb } from './raster.js';

export type { Canvas, Image, SKRSContext2D as Context };

/** Output formats: PNG for files (lossless), WebP or JPEG for models (several times smaller). */
export type ImageFormat = 'png' | 'webp' | 'jpeg';
export const IMAGE_FORMATS: readonly ImageFormat[] = ['png', 'webp', 'jpeg'];
export const MIME: Record<ImageFormat, 'image/png' | 'image/webp' | 'image/jpeg'> = {
  png: 'image/png',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};
/** Default quality of the lossy formats: ref tags and labels stay crisp at a fifth of the PNG's bytes. */
export const DEFAULT_QUALITY = 80;

export interface EncodeOptions {
  format?: ImageFormat;
  /**
   * 1–100, for WebP and JPEG (default 80). PNG is lossless and does not use it, but a value outside 1–100 is
   * refused all the same.
   */
  quality?: number;
}

/** The faces Glance draws with: bold monospace for refs (unambiguous 0/O, 1/l/I), sans for labels. */
export type FaceName = 'mono-bold' | 'sans' | 'sans-bold';

const FILES: Record<FaceName, string> = {
  'mono-bold': 'DejaVuSansMono-Bold.ttf',
  sans: 'DejaVuSans.ttf',
  'sans-bold': 'DejaVuSans-Bold.ttf',
};

let registered = false;

/** Registers the DejaVu faces with Skia once per process (under `glance-<face>` family names). */
export function loadFonts(): void {
  if (registered) return;
  const require = createRequire(import.meta.url);
  let dir: string;
  try {
    dir = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
  } catch (e) {
    throw fontMissing('dejavu-fonts-ttf', e);
  }
  for (const [face, file] of Object.entries(FILES)) {
    if (GlobalFonts.registerFromPath(join(dir, file), `glance-${face}`) === null) throw fontMissing(file);
  }
  registered = true;
}

function fontMissing(what: string, cause?: unknown): GlanceError {
  return new GlanceError('INTERNAL', `font ${what} could not be loaded`, {
    hint: 'reinstall glance: the dejavu-fonts-ttf dependency is missing or damaged',
    ...(cause === undefined ? {} : { cause }),
  });
}

/** The CSS font string for a face at `size` px. */
export function font(face: FaceName, size: number): string {
  loadFonts();
  return `${size}px glance-${face}`;
}

export function css(c: Rgb, alpha = 1): string {
  return alpha >= 1 ? `rgb(${c[0]},${c[1]},${c[2]})` : `rgba(${c[0]},${c[1]},${c[2]},${alpha})`;
}

/** A canvas with a 2D context, optionally filled with an opaque colour. */
export function surface(width: number, height: number, fill?: Rgb): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  if (fill !== undefined) {
    ctx.fillStyle = css(fill);
    ctx.fillRect(0, 0, width, height);
  }
  return { canvas, ctx };
}

const SIGNATURES: Array<[string, number[]]> = [
  ['PNG', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['JPEG', [0xff, 0xd8, 0xff]],
  ['WebP', [0x52, 0x49, 0x46, 0x46]],
];

function invalid(message: string, hint = 'the capture is probably truncated or damaged; take the screenshot again'): GlanceError {
  return new GlanceError('IMAGE_INVALID', message, { hint });
}

/**
 * Skia draws a PNG cut short (no IEND, a short IDAT) as a partly grey picture without complaint; a capture cut
 * by a dropped connection must fail instead. Walks the chunk headers only (no inflate).
 */
function checkPngChunks(b: Uint8Array): void {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  for (let off = 8; ;) {
    if (off + 12 > b.length) throw invalid(`PNG truncated at byte ${off} of ${b.length} (no IEND chunk)`);
    const len = dv.getUint32(off);
    const type = String.fromCharCode(b[off + 4]!, b[off + 5]!, b[off + 6]!, b[off + 7]!);
    if (off + 12 + len > b.length) throw invalid(`PNG truncated inside its ${type} chunk`);
    if (type === 'IEND') return;
    off += 12 + len;
  }
}

const MAX_SIDE = 16384;

/** Decodes PNG, JPEG or WebP bytes. Throws IMAGE_INVALID for anything else (e.g. a device's error text). */
export function decodeImage(bytes: Uint8Array): Image {
  const kind = SIGNATURES.find(([, sig]) => bytes.length >= sig.length && sig.every((v, i) => bytes[i] === v))?.[0];
  if (kind === undefined) {
    const head = new TextDecoder()
      .decode(bytes.subarray(0, 80))
      .replace(/[^\x20-\x7e]+/g, ' ')
      .trim();
    throw invalid(
      `not a PNG, JPEG or WebP image (${bytes.length} bytes${head ? `, starts "${head}"` : ''})`,
      'pass the bytes of `adb exec-out screencap -p`; a text reply usually means the device refused the capture',
    );
  }
  if (kind === 'PNG') checkPngChunks(bytes);
  const img = new Image();
  img.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (img.width === 0 || img.height === 0) throw invalid(`${kind} image could not be decoded (${bytes.length} bytes)`);
  // A damaged header can claim billions of pixels; no screen comes near this.
  if (img.width > MAX_SIDE || img.height > MAX_SIDE)
    throw invalid(`${kind} image claims ${img.width}×${img.height} pixels (at most ${MAX_SIDE} a side)`);
  return img;
}

export function checkQuality(quality: number): void {
  if (!Number.isInteger(quality) || quality < 1 || quality > 100) {
    throw new GlanceError('USAGE', `quality must be an integer from 1 to 100, got ${quality}`, {
      hint: `omit quality for the default of ${DEFAULT_QUALITY}`,
    });
  }
}

/** Encodes a canvas (PNG by default: pixels read back and written by png.ts, a fourth of Skia's PNG cost). */
export function encodeCanvas(canvas: Canvas, options: EncodeOptions = {}): Uint8Array {
  const format = options.format ?? 'png';
  const quality = options.quality ?? DEFAULT_QUALITY;
  checkQuality(quality);
  if (format === 'png') {
    const px = pixelsOf(canvas.getContext('2d'), canvas);
    return encodePng(px.data, px.width, px.height);
  }
  const buf = canvas.encodeSync(format, quality);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** The pixels of a region of a context (from its top-left corner unless `x`/`y` say) as an RgbaImage (a copy). */
export function pixelsOf(ctx: SKRSContext2D, area: { x?: number; y?: number; width: number; height: number }): RgbaImage {
  const d = ctx.getImageData(area.x ?? 0, area.y ?? 0, area.width, area.height);
  return { width: d.width, height: d.height, data: new Uint8Array(d.data.buffer, d.data.byteOffset, d.data.byteLength) };
}

/** An RgbaImage as a canvas. */
export function canvasOf(img: RgbaImage): Canvas {
  const { canvas, ctx } = surface(img.width, img.height);
  const data = new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength);
  ctx.putImageData(new ImageData(data, img.width, img.height), 0, 0);
  return canvas;
}
