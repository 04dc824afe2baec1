/**
 * Screenshots with marks: every snapshot element gets a box (its bounds, scaled to the image) and a tag
 * carrying its ref — the same refs as the text snapshot — plus an optional legend panel. The tags never
 * cover each other (layout.ts), neighbouring marks differ in colour (colours.ts), and the screenshot keeps
 * its own coordinates inside the output: image pixel (x, y) is device pixel (x × scale, y × scale).
 */
import { GlanceError } from '../errors.js';
import { truncate } from '../snapshot/render.js';
import type { SnapshotElement } from '../snapshot/types.js';
import { assignColours, PALETTE } from './colours.js';
import {
  canvasOf,
  css,
  decodeImage,
  pixelsOf,
  surface,
  type Canvas,
  type Context,
  type EncodeOptions,
  type Image,
  type ImageFormat,
} from './canvas.js';
import { encodeImage } from './encode.js';
import { drawLegend, layoutLegend, type LegendLayout, type LegendRow, type LegendText } from './legend.js';
import { placeLabels, type LabelSize } from './layout.js';
import { clip, fillRect, strokeRect, within, type Rect, type Rgb, type RgbaImage } from './raster.js';
import { DEFAULT_MAX_EDGE, drawScaled, fitSize } from './scale.js';
import { drawText, measureText, type TextStyle } from './text.js';

export interface MarkOptions {
  /** Long edge of the screenshot part of the output, in pixels (default 1568). */
  maxEdge?: number;
  /**
   * Pixels the whole output (screenshot + legend) may have: the long edge shrinks below `maxEdge` until it
   * fits. Unlimited by default; MODEL_MAX_PIXELS (scale.ts) for an image that only goes to a model.
   */
  maxPixels?: number;
  /** Draw the legend panel (default true). */
  legend?: boolean;
}

/** One legend row: the mark's ref, the element's class and its label (legendLabel). */
export type LegendEntry = LegendText;

/** Where one mark was drawn, in output image pixels. */
export interface MarkGeometry {
  ref: string;
  box: Rect;
  tag: Rect;
  colour: Rgb;
  /** The tag could not touch its box and is joined to it by a leader line. */
  detached: boolean;
}

export interface MarkedRaster {
  image: RgbaImage;
  marks: MarkGeometry[];
  /** Size of the screenshot part, at the output's top-left; the legend panel (if any) is beside or below. */
  shot: { width: number; height: number };
  /** Device pixels per screenshot pixel: `device = image × scale`. */
  scale: number;
  /** One entry per drawn mark, in the order of the given elements. */
  legend: LegendEntry[];
  /** Refs of elements not drawn because their bounds lie outside the screen. */
  skipped: string[];
}

export interface MarkedScreenshot {
  /** The encoded image, in `format`. */
  bytes: Uint8Array;
  format: ImageFormat;
  /** Size of the whole output image (screenshot + legend panel). */
  width: number;
  height: number;
  /** Device pixels per screenshot pixel: `device = image × scale` (1 when not downscaled). */
  scale: number;
  legend: LegendEntry[];
  shot: { width: number; height: number };
  skipped: string[];
}

const WHITE: Rgb = [255, 255, 255];
const LABEL_CHARS = 80;

/**
 * The element's label as the legend shows it: text, else description, else the labels absorbed from its
 * children, else `hint: …`, else `#id`.
 */
export function legendLabel(e: SnapshotElement): string {
  const absorbed = e.labels !== undefined && e.labels.length > 0 ? e.labels.join(' · ') : undefined;
  const raw =
    e.text ?? e.desc ?? absorbed ?? (e.hint === undefined ? undefined : `hint: ${e.hint}`) ?? (e.id === undefined ? '' : `#${e.id}`);
  const one = raw.replace(/\s+/g, ' ').trim();
  return truncate(one, LABEL_CHARS);
}

/** Tag geometry for a screenshot whose long edge is `long`: ~2.2% of the long edge tall. */
function tagMetrics(long: number): { font: TextStyle; height: number; padX: number; stroke: number } {
  const height = Math.max(14, Math.round(long * 0.022));
  const size = Math.max(10, Math.round(height * 0.78));
  return {
    font: { face: 'mono-bold', size },
    height,
    padX: Math.max(2, Math.round(size * 0.22)),
    stroke: long >= 1000 ? 3 : 2,
  };
}

function checkMaxEdge(maxEdge: number): void {
  if (!Number.isInteger(maxEdge) || maxEdge < 64 || maxEdge > 8192) {
    throw new GlanceError('USAGE', `maxEdge must be an integer between 64 and 8192, got ${maxEdge}`, {
      hint: 'omit maxEdge for the default long edge of 1568 px',
    });
  }
}

function nearestPoint(r: Rect, p: { x: number; y: number }): { x: number; y: number } {
  return { x: Math.min(Math.max(p.x, r.x0), r.x1 - 1), y: Math.min(Math.max(p.y, r.y0), r.y1 - 1) };
}

/** Moves each edge of `b` lying within `t` px of the same edge of `outer` to `t` px inside it. */
function insetShared(b: Rect, outer: Rect, t: number): boolean {
  let moved = false;
  if (Math.abs(b.x0 - outer.x0) < t) [b.x0, moved] = [outer.x0 + t, true];
  if (Math.abs(b.y0 - outer.y0) < t) [b.y0, moved] = [outer.y0 + t, true];
  if (Math.abs(b.x1 - outer.x1) < t) [b.x1, moved] = [outer.x1 - t, true];
  if (Math.abs(b.y1 - outer.y1) < t) [b.y1, moved] = [outer.y1 - t, true];
  return moved;
}

/** Indices of `boxes`, largest area first (equal areas in the given order): containers before what they hold. */
function largestFirst(boxes: readonly Rect[]): number[] {
  return boxes
    .map((b, i) => ({ i, a: (b.x1 - b.x0) * (b.y1 - b.y0) }))
    .sort((p, q) => q.a - p.a || p.i - q.i)
    .map((x) => x.i);
}

/**
 * Nested boxes often share edges (a list and its first row, a row and its only child): drawn as they are, the
 * inner outline would hide the outer one exactly. Each box is inset by the stroke width on every edge it
 * shares with a box that contains it, outermost first, so that every outline stays visible.
 */
function separateNested(boxes: readonly Rect[], stroke: number): Rect[] {
  const out = boxes.map((b) => ({ ...b }));
  const done: number[] = [];
  for (const i of largestFirst(boxes)) {
    const b = out[i]!;
    for (let pass = 0; pass < 4; pass++) {
      let moved = false;
      for (const j of done) {
        if (!within(boxes[i]!, boxes[j]!)) continue;
        if (insetShared(b, out[j]!, stroke)) moved = true;
      }
      if (!moved) break;
    }
    // Too small to inset (a box the size of its container's stroke): keep it as it was.
    if (b.x1 - b.x0 < 2 * stroke + 1 || b.y1 - b.y0 < 2 * stroke + 1) out[i] = { ...boxes[i]! };
    done.push(i);
  }
  return out;
}

export interface MarkPlan {
  /** Screenshot size after downscaling. */
  width: number;
  height: number;
  scale: number;
  /** Drawn marks, in the order of the given elements, with the element each one marks. */
  marks: Array<MarkGeometry & { element: SnapshotElement }>;
  skipped: string[];
  tag: ReturnType<typeof tagMetrics>;
}

function meanColour(img: RgbaImage, r: Rect): Rgb | undefined {
  const { x0, y0, x1, y1 } = clip(img, r);
  let n = 0;
  const sum = [0, 0, 0];
  // Every other pixel on both axes is plenty for a mean.
  for (let y = y0; y < y1; y += 2) {
    for (let x = x0; x < x1; x += 2) {
      const i = (y * img.width + x) * 4;
      sum[0]! += img.data[i]!;
      sum[1]! += img.data[i + 1]!;
      sum[2]! += img.data[i + 2]!;
      n++;
    }
  }
  return n === 0 ? undefined : [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/** Mean colour of a region of the downscaled screenshot (undefined when the region is empty). */
export type MeanUnder = (r: Rect) => Rgb | undefined;

/**
 * Reads each region from the canvas as it is asked for: no marks are drawn while the plan asks, so after the
 * first read (which draws the downscaled screenshot) a small region costs microseconds, where one read of the
 * whole downscaled screenshot allocates and fills megabytes (~5 ms at a model's pixel budget). Same pixels,
 * same means.
 */
function meanUnderCanvas(ctx: Context, size: { width: number; height: number }): MeanUnder {
  return (r) => {
    const { x0, y0, x1, y1 } = clip(size, r);
    if (x1 <= x0 || y1 <= y0) return undefined;
    const region = pixelsOf(ctx, { x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
    return meanColour(region, { x0: 0, y0: 0, x1: region.width, y1: region.height });
  };
}

/** Mean colours under the tag and under each side of the outline: what the mark must stand out from. */
function backgroundsOf(mean: MeanUnder, box: Rect, tag: Rect, stroke: number): Rgb[] {
  const sides: Rect[] = [
    tag,
    { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y0 + stroke },
    { x0: box.x0, y0: box.y1 - stroke, x1: box.x1, y1: box.y1 },
    { x0: box.x0, y0: box.y0, x1: box.x0 + stroke, y1: box.y1 },
    { x0: box.x1 - stroke, y0: box.y0, x1: box.x1, y1: box.y1 },
  ];
  return sides.map(mean).filter((c) => c !== undefined);
}

/**
 * The geometry of the marks: boxes scaled to the downscaled screenshot, tag sizes, tag placements and
 * colours. Pure; without `shot` (the downscaled screenshot, or a reader of its mean colours) colours ignore what
 * lies under the marks.
 */
export function planMarks(
  screen: { width: number; height: number },
  elements: readonly SnapshotElement[],
  options: { maxEdge?: number; shot?: RgbaImage | MeanUnder } = {},
): MarkPlan {
  const maxEdge = options.maxEdge ?? DEFAULT_MAX_EDGE;
  checkMaxEdge(maxEdge);
  const fit = fitSize(screen.width, screen.height, maxEdge);
  // Per-axis ratios: rounding the output size makes them differ from `scale` by < 1 image pixel.
  const sx = screen.width / fit.width;
  const sy = screen.height / fit.height;
  const drawn: Array<{ e: SnapshotElement; box: Rect }> = [];
  const skipped: string[] = [];
  for (const e of elements) {
    const [l, t, r, b] = e.bounds;
    const box = {
      x0: Math.max(0, Math.round(l / sx)),
      y0: Math.max(0, Math.round(t / sy)),
      x1: Math.min(fit.width, Math.round(r / sx)),
      y1: Math.min(fit.height, Math.round(b / sy)),
    };
    if (box.x1 - box.x0 < 1 || box.y1 - box.y0 < 1) skipped.push(e.ref);
    else drawn.push({ e, box });
  }
  const tag = tagMetrics(Math.max(fit.width, fit.height));
  const sizes: LabelSize[] = drawn.map(({ e }) => ({ w: Math.ceil(measureText(e.ref, tag.font)) + 2 * tag.padX, h: tag.height }));
  const boxes = separateNested(
    drawn.map((d) => d.box),
    tag.stroke,
  );
  const places = placeLabels(boxes, sizes, fit);
  const { shot } = options;
  const mean: MeanUnder | undefined = typeof shot === 'function' ? shot : shot === undefined ? undefined : (r) => meanColour(shot, r);
  const backgrounds = mean === undefined ? undefined : boxes.map((b, i) => backgroundsOf(mean, b, places[i]!.rect, tag.stroke));
  const colours = assignColours(boxes, tag.height * 2, backgrounds).map((k) => PALETTE[k]!);
  const marks = drawn.map(({ e }, i) => ({
    ref: e.ref,
    element: e,
    box: boxes[i]!,
    tag: places[i]!.rect,
    colour: colours[i]!,
    detached: places[i]!.detached,
  }));
  return { width: fit.width, height: fit.height, scale: fit.scale, marks, skipped, tag };
}

/** What the marks are drawn over: a decoded image or a canvas, and its size in device pixels. */
type Source = { image: Image | Canvas; width: number; height: number };

interface Drawn {
  canvas: Canvas;
  marks: MarkGeometry[];
  shot: { width: number; height: number };
  scale: number;
  legend: LegendEntry[];
  skipped: string[];
}

/** Outlines first, largest first so that nested small boxes stay visible on top; then leaders; then tags. */
function drawPlan(ctx: Context, plan: MarkPlan): void {
  const { tag, marks: drawn } = plan;
  for (const i of largestFirst(drawn.map((d) => d.box))) strokeRect(ctx, drawn[i]!.box, drawn[i]!.colour, tag.stroke);
  for (const m of drawn) {
    if (!m.detached) continue;
    const c = { x: (m.tag.x0 + m.tag.x1) / 2, y: (m.tag.y0 + m.tag.y1) / 2 };
    const from = nearestPoint(m.tag, c);
    const to = nearestPoint(m.box, c);
    ctx.strokeStyle = css(m.colour);
    ctx.lineWidth = Math.max(1, tag.stroke - 1);
    ctx.lineCap = 'square';
    ctx.beginPath();
    ctx.moveTo(from.x + 0.5, from.y + 0.5);
    ctx.lineTo(to.x + 0.5, to.y + 0.5);
    ctx.stroke();
  }
  const capHeight = tag.font.size * 0.73; // DejaVu Sans Mono digits and ascenders: ~0.73 em.
  for (const m of drawn) {
    fillRect(ctx, m.tag, m.colour);
    const w = measureText(m.ref, tag.font);
    const x = m.tag.x0 + (m.tag.x1 - m.tag.x0 - w) / 2;
    const y = m.tag.y0 + (tag.height + capHeight) / 2;
    drawText(ctx, m.ref, { x, y }, { ...tag.font, colour: WHITE });
  }
}

/** The legend's first row: how image pixels map to device pixels (or what the rows say, at full size). */
function legendHeader(scale: number): string {
  return scale === 1 ? 'marks: ref · class · label' : `image px × ${scale.toFixed(3)} = device px`;
}

/** Size of the whole output for a screenshot downscaled to `maxEdge`: the screenshot part and the legend panel. */
function outputLayout(
  source: { width: number; height: number },
  rows: readonly LegendText[],
  options: MarkOptions,
  maxEdge: number,
): { fit: ReturnType<typeof fitSize>; layout: LegendLayout | undefined; size: { width: number; height: number } } {
  const fit = fitSize(source.width, source.height, maxEdge);
  const layout =
    options.legend !== false && rows.length > 0 ? layoutLegend({ header: legendHeader(fit.scale), rows }, fit, maxEdge) : undefined;
  const size =
    layout === undefined
      ? { width: fit.width, height: fit.height }
      : layout.side === 'right'
        ? { width: fit.width + layout.width, height: fit.height }
        : { width: fit.width, height: fit.height + layout.height };
  return { fit, layout, size };
}

/**
 * The next long edge to try when an output of `area` pixels is over `budget`: shrunk in proportion, and at least
 * one pixel (rounding the short edge can leave the proportional edge's area still over).
 */
function smallerEdge(edge: number, area: number, budget: number): number {
  return Math.min(edge - 1, Math.floor(edge * Math.sqrt(budget / area)));
}

/** The largest long edge up to `maxEdge` whose whole output fits `maxPixels` (the legend shrinks with it). */
export function budgetEdge(source: { width: number; height: number }, rows: readonly LegendText[], options: MarkOptions): number {
  let edge = options.maxEdge ?? DEFAULT_MAX_EDGE;
  checkMaxEdge(edge);
  const budget = options.maxPixels;
  if (budget === undefined) return edge;
  for (let i = 0; i < 8; i++) {
    const { size } = outputLayout(source, rows, options, edge);
    const area = size.width * size.height;
    if (area <= budget || edge <= 64) return edge;
    // The legend's width does not shrink in proportion: step down and measure again.
    edge = Math.max(64, smallerEdge(edge, area, budget));
  }
  return edge;
}

/**
 * The screenshot downscaled to `maxEdge` (or less, for `maxPixels`), with its marks and (unless turned off)
 * the legend beside or below. One canvas: the screenshot is drawn straight into the output.
 */
function markSource(source: Source, elements: readonly SnapshotElement[], options: MarkOptions): Drawn {
  const rowsOf = (es: readonly SnapshotElement[]): LegendEntry[] => es.map((e) => ({ ref: e.ref, class: e.class, label: legendLabel(e) }));
  const all = rowsOf(elements);
  const maxEdge = budgetEdge(source, all, options);
  // Elements off screen are skipped, so the legend may have fewer rows than elements: lay it out for the plan.
  const first = outputLayout(source, all, options, maxEdge);
  const { fit } = first;
  const shot = { width: fit.width, height: fit.height };
  const out = surface(first.size.width, first.size.height, first.layout === undefined ? undefined : WHITE);
  drawScaled(out.ctx, source.image, fit);
  // The colours avoid what lies under each mark, so the plan reads the downscaled pixels.
  const plan = planMarks(source, elements, { maxEdge, shot: meanUnderCanvas(out.ctx, fit) });
  const drawn = plan.marks;
  const legend = rowsOf(drawn.map((d) => d.element));
  const marks = drawn.map(({ ref, box, tag: t, colour, detached }) => ({ ref, box, tag: t, colour, detached }));
  let { layout } = first;
  let canvas = out;
  if (drawn.length !== elements.length) {
    // Fewer rows than laid out for: the panel is smaller (or gone), so the output is cut or drawn again.
    const again = outputLayout(source, legend, options, maxEdge);
    layout = again.layout;
    if (again.size.width !== first.size.width || again.size.height !== first.size.height) {
      canvas = surface(again.size.width, again.size.height, layout === undefined ? undefined : WHITE);
      canvas.ctx.drawImage(out.canvas, 0, 0, shot.width, shot.height, 0, 0, shot.width, shot.height);
    }
  }
  drawPlan(canvas.ctx, plan);
  if (layout !== undefined) {
    const rows: LegendRow[] = legend.map((l, i) => ({ ...l, colour: drawn[i]!.colour }));
    const at = layout.side === 'right' ? { x: shot.width, y: 0 } : { x: 0, y: shot.height };
    drawLegend(canvas.ctx, at, { rows, layout, header: legendHeader(fit.scale) });
  }
  return { canvas: canvas.canvas, marks, shot, scale: fit.scale, legend, skipped: plan.skipped };
}

/** Raster-level marks: draws over a copy of the downscaled `screen`. Exposed for tests and benchmarks. */
export function renderMarks(screen: RgbaImage, elements: readonly SnapshotElement[], options: MarkOptions = {}): MarkedRaster {
  const d = markSource({ image: canvasOf(screen), width: screen.width, height: screen.height }, elements, options);
  const { canvas, ...rest } = d;
  return { ...rest, image: pixelsOf(canvas.getContext('2d'), canvas) };
}

/** Encoded screenshot in (PNG, JPEG or WebP), encoded marked screenshot out (PNG unless `options.format`). */
export async function drawMarks(
  bytes: Uint8Array,
  elements: readonly SnapshotElement[],
  options: MarkOptions & EncodeOptions = {},
): Promise<MarkedScreenshot> {
  const image = decodeImage(bytes);
  const d = markSource({ image, width: image.width, height: image.height }, elements, options);
  const format = options.format ?? 'png';
  return {
    bytes: await encodeImage(d.canvas, options),
    format,
    width: d.canvas.width,
    height: d.canvas.height,
    scale: d.scale,
    legend: d.legend,
    shot: d.shot,
    skipped: d.skipped,
  };
}

/**
 * The screenshot alone, downscaled to `maxEdge` (0 = full size) and within `maxPixels`, encoded as asked: for
 * `device_screenshot` without marks. A PNG that needs neither returns as it came.
 */
export async function downscaleImage(
  bytes: Uint8Array,
  options: { maxEdge?: number; maxPixels?: number } & EncodeOptions = {},
): Promise<{ bytes: Uint8Array; format: ImageFormat; width: number; height: number; scale: number }> {
  const maxEdge = options.maxEdge ?? DEFAULT_MAX_EDGE;
  if (maxEdge !== 0) checkMaxEdge(maxEdge);
  const format = options.format ?? 'png';
  const image = decodeImage(bytes);
  const { width, height } = image;
  let fit = maxEdge === 0 ? { width, height, scale: 1 } : fitSize(width, height, maxEdge);
  const budget = options.maxPixels;
  // Step the long edge down until the area fits, as budgetEdge does for a marked image.
  while (budget !== undefined && fit.width * fit.height > budget && Math.max(fit.width, fit.height) > 1) {
    const edge = Math.max(fit.width, fit.height);
    fit = fitSize(width, height, Math.max(1, smallerEdge(edge, fit.width * fit.height, budget)));
  }
  const isPng = bytes[0] === 0x89;
  if (fit.scale === 1 && format === 'png' && isPng && options.quality === undefined) return { bytes, format, ...fit };
  const out = surface(fit.width, fit.height);
  drawScaled(out.ctx, image, fit);
  return { bytes: await encodeImage(out.canvas, options), format, ...fit };
}
