/**
 * Screenshot benchmark: cost of `drawMarks` on a 1080×2280 screenshot with 40 marks, PNG in, marked image out
 * as PNG (budget ≤ 120 ms), WebP (≤ 60 ms) and JPEG, beside decode / downscale / marks alone, the first call of a
 * process (loading the library and fonts) and output sizes. Wall and CPU time: the machine is shared.
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
import { drawMarks, renderMarks } from '../src/image/marks.js';
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

/** Median wall and CPU milliseconds of `runs` calls (CPU: this process, all threads — the figure load does not inflate as much). */
function timeIt(f: () => unknown, runs: number): { wall: number; cpu: number } {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    f();
    wall.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu.push((d.user + d.system) / 1000);
  }
  const r = (x: number): number => Math.round(x * 10) / 10;
  return { wall: r(median(wall)), cpu: r(median(cpu)) };
}

export async function benchImage(): Promise<Record<string, number>> {
  const s = corpusScreen('dialer', 'state_2023-07-07_171434.xml');
  const dump = { ...s.dump, width: 1080, height: 2280 };
  const screen = paintDump(dump);
  photoBand(screen, 2000, 2280);
  const png = encodeRgba(screen);
  const out: Record<string, number> = {};

  const t = performance.now();
  const first = drawMarks(png, s.elements);
  out['image.first_call_ms'] = Math.round(performance.now() - t);

  const runs = 9;
  out['image.marks'] = first.legend.length;
  out['image.input_kb'] = Math.round(png.length / 1024);
  out['image.output_width'] = first.width;
  out['image.output_height'] = first.height;
  const put = (name: string, f: () => unknown): void => {
    const r = timeIt(f, runs);
    out[`image.${name}_ms`] = r.wall;
    out[`image.${name}_cpu_ms`] = r.cpu;
  };
  put('decode', () => decodeRgba(png));
  put('downscale', () => downscale(screen));
  put('render_marks', () => renderMarks(screen, s.elements));
  // The figures the budgets are about: PNG bytes in, a marked 1568 px image out, in each format.
  for (const format of ['png', 'webp', 'jpeg'] as const) {
    put(`draw_marks_${format}`, () => drawMarks(png, s.elements, { format }));
    out[`image.output_${format}_kb`] = Math.round(drawMarks(png, s.elements, { format }).bytes.length / 1024);
  }
  put('draw_marks_no_legend_webp', () => drawMarks(png, s.elements, { legend: false, format: 'webp' }));
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchImage();
  console.log(
    [
      'image bench (1080×2280 screenshot, 40 marks; medians of 9 warm runs)',
      ...Object.entries(r).map(([k, v]) => `  ${k.padEnd(32)} ${v}`),
    ].join('\n'),
  );
}
