// device_screenshot: a PNG of the screen, downscaled, optionally with every element's ref drawn on it.
import { z } from 'zod';
import { GlanceError } from '../errors.js';
import { snapshotFromDump } from '../snapshot/snapshot.js';
import { outputs } from './outputs.js';
import { defineTool } from './registry.js';
import { respond } from './response.js';

function pngSize(png: Uint8Array): { width: number; height: number } {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

export const screenshotTool = defineTool({
  name: 'device_screenshot',
  title: 'Screenshot',
  description:
    'A PNG of the screen, downscaled to maxEdge (device = image × scale). With marks, every element of the current snapshot gets a box and a tag with its ref (the same refs as the text snapshot) and a legend.',
  schema: z.object({
    out: z.string().optional().describe('also write the PNG to this file'),
    marks: z.boolean().optional().describe("draw each element's ref on the screenshot, with a legend"),
    maxEdge: z
      .number()
      .int()
      .min(0)
      .max(8192)
      .optional()
      .describe(`long edge of the image in px (default 1568; 0 = full device resolution, no marks)`),
  }),
  output: outputs.screenshot,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    const raw = await device.screenshot({ signal: ctx.signal });
    const device_ = pngSize(raw);
    // Loaded here, not at start-up: the PNG and font code costs ~0.3 s that other commands need not pay.
    const { DEFAULT_MAX_EDGE, downscalePng, drawMarks } = await import('../image/index.js');
    const maxEdge = input.maxEdge ?? DEFAULT_MAX_EDGE;
    let png = raw;
    let scale = 1;
    let legend: Array<{ ref: string; class: string; label: string }> | undefined;
    if (input.marks) {
      if (maxEdge === 0)
        throw new GlanceError('USAGE', 'marks need a maxEdge between 64 and 8192', { hint: 'omit maxEdge for the default' });
      // The marks carry the refs of the current screen, so this dump also becomes the latest snapshot.
      const dump = await device.dump({ signal: ctx.signal });
      await ctx.snapshots.save(device.serial, dump);
      ({ png, scale, legend } = drawMarks(raw, snapshotFromDump(dump).elements, { maxEdge }));
    } else if (maxEdge !== 0) {
      ({ png, scale } = downscalePng(raw, maxEdge));
    }
    const size = pngSize(png);
    if (input.out !== undefined) await ctx.writeFile(input.out, png);
    const data = {
      width: size.width,
      height: size.height,
      device: device_,
      scale,
      bytes: png.length,
      ...(legend ? { legend } : {}),
      ...(input.out !== undefined ? { file: input.out } : {}),
    };
    return respond(data)
      .text(
        `screenshot ${device_.width}x${device_.height}${png === raw ? '' : ` → ${size.width}x${size.height}`}, scale ${Math.round(scale * 1000) / 1000} (device = image × scale), ${png.length} bytes${input.out !== undefined ? ` → ${input.out}` : ''}`,
        ...(legend ?? []).map((l) => `${l.ref} ${l.class} ${l.label}`.trimEnd()),
      )
      .image(png)
      .build();
  },
});
