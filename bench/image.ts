/**
 * Screenshot benchmark: cost of `drawMarks` on a 1080×2280 screenshot with 40 marks
 * (budget: < 400 ms warm on the 2-core dev machine), split into decode / downscale / marks / encode, plus the
 * first call of a process (font loading and glyph rasterisation) and output sizes.
 *
 * The input is the 40-element DroidTask dialer screen painted at 1080×2280 by the image tests' painter,
 * with a noisy photo-like band so the PNG compresses like a real screencap rather than a flat drawing.
 *
 * Run alone: `node --import tsx bench/image.ts`.
 */
import { pathToFileURL } from 'node:url';
import { decodePng, encodePng } from '../src/image/png.js';
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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
}

function timeIt(f: () => unknown, runs: number): number {
  const ts: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  return Math.round(median(ts) * 10) / 10;
}

export async function benchImage(): Promise<Record<string, number>> {
  const s = corpusScreen('dialer', 'state_2023-07-07_171434.xml');
  const dump = { ...s.dump, width: 1080, height: 2280 };
  const screen = paintDump(dump);
  photoBand(screen, 2000, 2280);
  const png = encodePng(screen);
  const out: Record<string, number> = {};

  let t = performance.now();
  const first = drawMarks(png, s.elements);
  out['image.first_call_ms'] = Math.round(performance.now() - t);

  const runs = 7;
  out['image.marks'] = first.legend.length;
  out['image.input_kb'] = Math.round(png.length / 1024);
  out['image.output_kb'] = Math.round(first.png.length / 1024);
  out['image.output_width'] = first.width;
  out['image.output_height'] = first.height;
  out['image.decode_ms'] = timeIt(() => decodePng(png), runs);
  out['image.downscale_ms'] = timeIt(() => downscale(screen), runs);
  out['image.render_marks_ms'] = timeIt(() => renderMarks(screen, s.elements), runs);
  const marked = renderMarks(screen, s.elements);
  out['image.encode_ms'] = timeIt(() => encodePng(marked.image), runs);
  out['image.draw_marks_ms'] = timeIt(() => drawMarks(png, s.elements), runs);
  t = performance.now();
  drawMarks(png, s.elements, { legend: false });
  out['image.draw_marks_no_legend_ms'] = Math.round(performance.now() - t);
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchImage();
  console.log(
    [
      'image bench (1080×2280 screenshot, 40 marks; medians of 7 warm runs)',
      ...Object.entries(r).map(([k, v]) => `  ${k.padEnd(32)} ${v}`),
    ].join('\n'),
  );
}
