// device_screenshot: the screen as PNG, WebP or JPEG, downscaled, optionally with every element's ref drawn on it.
import { z } from 'zod';
import { GlanceError } from '../errors.js';
import { advanceLatest, loadLatest } from '../device/latest.js';
import { outputs } from './outputs.js';
import { defineTool } from './registry.js';
import { respond } from './response.js';

type Format = 'png' | 'webp' | 'jpeg';

function pngSize(png: Uint8Array): { width: number; height: number } {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

/**
 * The format when none is asked for: a file's extension, else PNG for a file (lossless) and WebP for an image
 * that only goes back to the caller (a model reads it at a fraction of the bytes).
 */
export function defaultFormat(out: string | undefined): Format {
  if (out === undefined) return 'webp';
  if (/\.webp$/i.test(out)) return 'webp';
  if (/\.jpe?g$/i.test(out)) return 'jpeg';
  return 'png';
}

export const screenshotTool = defineTool({
  name: 'device_screenshot',
  title: 'Screenshot',
  description:
    'The screen as an image, downscaled to maxEdge (device = image × scale); without a file or maxEdge it is kept within 1.2 megapixels, what vision models read. WebP unless a format is given (PNG when written to a file). With marks, every element of the current snapshot gets a box and a tag with its ref (the same refs as the text snapshot) and a legend.',
  schema: z.object({
    out: z.string().optional().describe('also write the image to this file'),
    marks: z.boolean().optional().describe("draw each element's ref on the screenshot, with a legend"),
    maxEdge: z
      .number()
      .int()
      .min(0)
      .max(8192)
      .optional()
      .describe(`long edge of the image in px (default 1568; 0 = full device resolution, no marks)`),
    format: z
      .enum(['png', 'webp', 'jpeg'])
      .optional()
      .describe('image format (default: from the file extension, png for files, webp otherwise)'),
    quality: z.number().int().min(1).max(100).optional().describe('webp/jpeg quality 1–100 (default 80)'),
  }),
  output: outputs.screenshot,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    if (input.marks && input.maxEdge === 0)
      throw new GlanceError('USAGE', 'marks need a maxEdge between 64 and 8192', { hint: 'omit maxEdge for the default' });
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    // Loaded here, not at start-up (the drawing library and its encoder cost start-up time other commands need
    // not pay), while the device captures the screen.
    const imaging = import('../image/index.js').then(async (m) => {
      await m.loadSharp();
      return m;
    });
    // With marks, the hierarchy is read while the screen is captured: the two describe closer moments, and the
    // call waits for the slower of the two device calls, not their sum. Either failing cancels the other.
    const cancel = new AbortController();
    const signal = AbortSignal.any([ctx.signal, cancel.signal]);
    const dumping = input.marks ? device.dump({ signal }) : undefined;
    const captured = await Promise.all([device.screenshot({ signal }), imaging, dumping]).catch((e: unknown) => {
      cancel.abort();
      throw e;
    });
    const [raw, { DEFAULT_MAX_EDGE, MIME, MODEL_MAX_PIXELS, downscaleImage, drawMarks }, dump] = captured;
    const device_ = pngSize(raw);
    const maxEdge = input.maxEdge ?? DEFAULT_MAX_EDGE;
    // An image only a model will see needs no more pixels than the model reads (and costs half the encoding).
    const budget = input.out === undefined && input.maxEdge === undefined ? { maxPixels: MODEL_MAX_PIXELS } : {};
    const encode = { format: input.format ?? defaultFormat(input.out), ...(input.quality === undefined ? {} : { quality: input.quality }) };
    let shot: { bytes: Uint8Array; width: number; height: number; scale: number };
    let legend: Array<{ ref: string; class: string; label: string }> | undefined;
    if (dump !== undefined) {
      // The marks show the refs of the current screen, so this dump also becomes the latest snapshot (its refs
      // carried from the one before, as a text snapshot's are).
      const snap = await advanceLatest(ctx.snapshots, device.serial, dump, await loadLatest(ctx.snapshots, device.serial));
      ({ legend, ...shot } = await drawMarks(raw, snap.elements, { maxEdge, ...budget, ...encode }));
    } else {
      shot = await downscaleImage(raw, { maxEdge, ...budget, ...encode });
    }
    const { bytes, width, height, scale } = shot;
    if (input.out !== undefined) await ctx.writeFile(input.out, bytes);
    // A front-end that cannot show the image keeps it in a file of its own, named in the answer.
    const file = input.out ?? (await ctx.keepImage?.(bytes, encode.format));
    const data = {
      width,
      height,
      device: device_,
      scale,
      format: encode.format,
      bytes: bytes.length,
      ...(legend ? { legend } : {}),
      ...(file !== undefined ? { file } : {}),
    };
    const resized = width !== device_.width || height !== device_.height;
    return respond(data)
      .text(
        `screenshot ${device_.width}x${device_.height}${resized ? ` → ${width}x${height}` : ''} ${encode.format}, scale ${Math.round(scale * 1000) / 1000} (device = image × scale), ${bytes.length} bytes${file !== undefined ? ` → ${file}` : ''}`,
        ...(legend ?? []).map((l) => `${l.ref} ${l.class} ${l.label}`.trimEnd()),
      )
      .image(bytes, MIME[encode.format])
      .build();
  },
});
