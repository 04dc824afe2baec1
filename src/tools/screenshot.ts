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

const EXTENSIONS: Record<string, Format> = { png: 'png', webp: 'webp', jpg: 'jpeg', jpeg: 'jpeg' };

/**
 * The image format: the one asked for; else a file's extension (a `.png` path is PNG); else PNG for a file
 * (lossless); else the format the front-end's client takes (`preferred`), else WebP (a model reads it at a
 * fraction of the bytes). A format that contradicts the file's extension is refused rather than written under a
 * name that lies.
 */
export function chooseFormat(asked: Format | undefined, out: string | undefined, preferred?: Format): Format {
  const ext = out === undefined ? undefined : /\.([a-z]+)$/i.exec(out)?.[1]?.toLowerCase();
  const named = ext === undefined ? undefined : EXTENSIONS[ext];
  if (asked !== undefined && named !== undefined && asked !== named)
    throw new GlanceError('USAGE', `format ${asked} does not match the file ${out!}, which names ${named}`, {
      hint: `leave out format (the extension decides), or name a .${asked === 'jpeg' ? 'jpg' : asked} file`,
    });
  return asked ?? named ?? (out !== undefined ? 'png' : (preferred ?? 'webp'));
}

type Rect = { x: number; y: number; width: number; height: number };

/**
 * Where the screen and the legend panel lie in an image of `size` whose screen part is `shot` (top-left; the
 * panel, when any, fills the rest, beside or below).
 */
export function imageLayout(
  size: { width: number; height: number },
  shot: { width: number; height: number },
): { screen: Rect; panel?: Rect } {
  const screen = { x: 0, y: 0, ...shot };
  if (size.width > shot.width) return { screen, panel: { x: shot.width, y: 0, width: size.width - shot.width, height: size.height } };
  if (size.height > shot.height) return { screen, panel: { x: 0, y: shot.height, width: size.width, height: size.height - shot.height } };
  return { screen };
}

/** The answer's first line: sizes, where the screen lies in the image and how its pixels map to the device's. */
function geometryLine(o: {
  device: { width: number; height: number };
  width: number;
  height: number;
  screen: Rect;
  panel?: Rect | undefined;
  scale: number;
  format: Format;
  bytes: number;
  file?: string | undefined;
}): string {
  const scale = Math.round(o.scale * 1000) / 1000;
  const size = `${o.width}x${o.height}`;
  const resized = o.width !== o.device.width || o.height !== o.device.height;
  const head = `screenshot ${o.device.width}x${o.device.height}${resized ? ` → ${size}` : ''} ${o.format}, ${o.bytes} bytes${o.file !== undefined ? ` → ${o.file}` : ''}`;
  const map = `device px = image px × ${scale}`;
  if (o.panel === undefined) return `${head}; ${map}`;
  const p = o.panel;
  return `${head}; screen ${o.screen.width}x${o.screen.height} at 0,0 (${map}), legend panel ${p.width}x${p.height} at ${p.x},${p.y}`;
}

export const screenshotTool = defineTool({
  name: 'device_screenshot',
  title: 'Screenshot',
  description:
    "The screen as an image (device px = image px × scale), kept within 1.2 megapixels unless maxEdge or a file is given. Format: as asked, else the file's extension, else PNG for a file, else what the client takes (WebP by default). With marks, every element gets a box and a tag with its snapshot ref, and a legend panel beside or below the screen.",
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
    format: z.enum(['png', 'webp', 'jpeg']).optional(),
    quality: z.number().int().min(1).max(100).optional().describe('webp/jpeg quality 1–100 (default 80)'),
  }),
  output: outputs.screenshot,
  listOutput: true,
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
    const encode = {
      format: chooseFormat(input.format, input.out, ctx.imageFormat),
      ...(input.quality === undefined ? {} : { quality: input.quality }),
    };
    let shot: { bytes: Uint8Array; width: number; height: number; scale: number; shot?: { width: number; height: number } };
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
    const { screen, panel } = imageLayout({ width, height }, shot.shot ?? { width, height });
    const data = {
      width,
      height,
      screen,
      ...(panel === undefined ? {} : { panel }),
      device: device_,
      scale,
      format: encode.format,
      bytes: bytes.length,
      ...(legend ? { legend } : {}),
      ...(file !== undefined ? { file } : {}),
    };
    return respond(data)
      .text(geometryLine(data), ...(legend ?? []).map((l) => `${l.ref} ${l.class} ${l.label}`.trimEnd()))
      .image(bytes, MIME[encode.format])
      .build();
  },
});
