/**
 * Screenshot benchmark: cost of `drawMarks` on a 1080×2280 screenshot with 40 marks, PNG in, marked image out
 * as PNG (budget ≤ 120 ms), WebP (≤ 60 ms) and JPEG — at the default 1568 px long edge, and at the model budget
 * (MODEL_MAX_PIXELS, what device_screenshot returns to a model) — beside its stages alone (decode + downscale,
 * planning the marks, encoding the 1568 px output in each format, with sharp and with the fallback without it), the first call of a process (loading the
 * library and fonts), output sizes, and the virtual device's `screencap -p` of a 1080×2400 screen (a new frame,
 * and the same screen again). Wall and CPU time: the machine is shared.
 *
 * The input is the 40-element DroidTask dialer screen painted at 1080×2280 by the image tests' painter,
 * with a noisy photo-like band so the PNG compresses like a real screencap rather than a flat drawing.
 *
 * Run alone: `node --import tsx bench/image.ts`.
 */
import { pathToFileURL } from 'node:url';
import { decodeRgba, encodeRgba } from '../src/image/codec.js';
import { median } from './timing.js';
import { downscale } from '../src/image/scale.js';
import { drawMarks, planMarks, renderMarks } from '../src/image/marks.js';
import { decodeImage, encodeCanvas, pixelsOf, surface } from '../src/image/canvas.js';
import { encodeImage, loadSharp } from '../src/image/encode.js';
import { drawScaled, fitSize, MODEL_MAX_PIXELS } from '../src/image/scale.js';
import { screencapCache, screencapPng } from '../src/device/virtual/screencap.js';
import type { RgbaImage } from '../src/image/raster.js';
import { corpusScreen, paintDump } from '../test/image/screens.js';

function photoBand(img: RgbaImage, y0: number, y1: number): void {
  let s = 12345;
  for (let y = y0; y < y1; y++) {
    for (let x = 0; x < img.width; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const n = (s >>> 27) - 16;
      const i = (y * img.width + x) * 4;
      img.data[i] = Math.max(0, Math.min(255, (x * 255) / img.width + n));
      img.data[i + 1] = Math.max(0, Math.min(255, ((y - y0) * 255) / (y1 - y0) + n));
      img.data[i + 2] = Math.max(0, Math.min(255, 160 + n * 2));
    }
  }
}

/**
 * Median wall and CPU milliseconds of `runs` calls, awaited (CPU: this process, all threads — the figure load does
 * not inflate as much), and the least CPU time of any run: under a shared machine's load, the nearest to what the
 * call costs on an idle one.
 */
async function timeIt(f: () => unknown, runs: number): Promise<{ wall: number; cpu: number; cpuMin: number }> {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await f();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const r = (x: number): number => Math.round(x * 10) / 10;
  return { wall: r(median(wall)), cpu: r(median(cpu)), cpuMin: r(Math.min(...cpu)) };
}

export async function benchImage(): Promise<Record<string, number>> {
  const s = corpusScreen('dialer', 'state_2023-07-07_171434.xml');
  const dump = { ...s.dump, width: 1080, height: 2280 };
  const screen = paintDump(dump);
  photoBand(screen, 2000, 2280);
  const png = encodeRgba(screen);
  const out: Record<string, number> = {};

  const t = performance.now();
  const first = await drawMarks(png, s.elements);
  out['image.first_call_ms'] = Math.round(performance.now() - t);

  const runs = 15;
  out['image.marks'] = first.legend.length;
  out['image.input_kb'] = Math.round(png.length / 1024);
  out['image.output_width'] = first.width;
  out['image.output_height'] = first.height;
  const put = async (name: string, f: () => unknown, opts: { min?: boolean } = {}): Promise<void> => {
    const r = await timeIt(f, runs);
    out[`image.${name}_ms`] = r.wall;
    out[`image.${name}_cpu_ms`] = r.cpu;
    if (opts.min === true) out[`image.${name}_cpu_min_ms`] = r.cpuMin;
  };
  await put('decode', () => decodeRgba(png));
  await put('downscale', () => downscale(screen));
  await put('render_marks', () => renderMarks(screen, s.elements));
  // The stages of drawMarks alone. Skia decodes on first draw, so decode and downscale are one figure.
  const fit = fitSize(1080, 2280, 1568);
  const shrink = (): ReturnType<typeof surface> => {
    const c = surface(fit.width, fit.height);
    drawScaled(c.ctx, decodeImage(png), fit);
    c.ctx.getImageData(0, 0, 1, 1);
    return c;
  };
  await put('stage_decode_downscale', shrink);
  const small = shrink();
  await put('stage_read_pixels', () => pixelsOf(small.ctx, fit));
  const shotPixels = pixelsOf(small.ctx, fit);
  await put('stage_plan', () => planMarks({ width: 1080, height: 2280 }, s.elements, { shot: shotPixels }));
  const whole = surface(first.width, first.height, [255, 255, 255]);
  whole.ctx.drawImage(small.canvas, 0, 0);
  // The encode drawMarks uses (sharp when installed, pixels read back included), and the fallback without it.
  out['image.sharp_installed'] = (await loadSharp()) === undefined ? 0 : 1;
  for (const format of ['png', 'webp', 'jpeg'] as const) await put(`stage_encode_${format}`, () => encodeImage(whole.canvas, { format }));
  for (const format of ['png', 'webp'] as const) await put(`stage_encode_${format}_fallback`, () => encodeCanvas(whole.canvas, { format }));
  // The figures the budgets are about: PNG bytes in, a marked 1568 px image out, in each format.
  for (const format of ['png', 'webp', 'jpeg'] as const) {
    await put(`draw_marks_${format}`, () => drawMarks(png, s.elements, { format }), { min: true });
    out[`image.output_${format}_kb`] = Math.round((await drawMarks(png, s.elements, { format })).bytes.length / 1024);
  }
  await put('draw_marks_no_legend_webp', () => drawMarks(png, s.elements, { legend: false, format: 'webp' }));
  // What device_screenshot returns to a model (no file, no maxEdge): within MODEL_MAX_PIXELS.
  const model = await drawMarks(png, s.elements, { format: 'webp', maxPixels: MODEL_MAX_PIXELS });
  out['image.model_output_width'] = model.width;
  out['image.model_output_height'] = model.height;
  for (const format of ['webp', 'png', 'jpeg'] as const) {
    await put(`model_draw_marks_${format}`, () => drawMarks(png, s.elements, { format, maxPixels: MODEL_MAX_PIXELS }), { min: true });
    out[`image.model_output_${format}_kb`] = Math.round(
      (await drawMarks(png, s.elements, { format, maxPixels: MODEL_MAX_PIXELS })).bytes.length / 1024,
    );
  }
  // The virtual device's screencap -p: a new frame is drawn and encoded; the same screen again is kept.
  const display = { width: 1080, height: 2400, density: 420 };
  const tall = { ...s.dump, width: 1080, height: 2400 };
  await put('screencap_1080x2400_new_frame', () => screencapPng(tall, display));
  const cached = screencapCache();
  await cached(tall, display);
  await put('screencap_1080x2400_same_screen', () => cached(tall, display));
  out['image.screencap_1080x2400_kb'] = Math.round((await screencapPng(tall, display)).length / 1024);
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchImage();
  console.log(
    [
      'image bench (1080×2280 screenshot, 40 marks; medians of 15 warm runs)',
      ...Object.entries(r).map(([k, v]) => `  ${k.padEnd(44)} ${v}`),
    ].join('\n'),
  );
}
