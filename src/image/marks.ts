/**
 * Screenshots with marks: every snapshot element gets a box (its bounds, scaled to the image) and a tag
 * carrying its ref — the same refs as the text snapshot — plus an optional legend panel. The tags never
 * cover each other (layout.ts), neighbouring marks differ in colour (colours.ts), and the screenshot keeps
 * its own coordinates inside the output: image pixel (x, y) is device pixel (x × scale, y × scale).
 */
import { GlanceError } from '../errors.js';
import type { SnapshotElement } from '../snapshot/types.js';
import { assignColours, PALETTE } from './colours.js';
import { layoutLegend, renderLegend, type LegendRow } from './legend.js';
import { placeLabels, type LabelSize } from './layout.js';
import { decodePng, encodePng } from './png.js';
import { clip, createImage, fillRect, paste, strokeRect, within, type Rect, type Rgb, type RgbaImage } from './raster.js';
import { DEFAULT_MAX_EDGE, downscale, fitSize } from './scale.js';
import { drawText, measureText, type TextStyle } from './text.js';

export interface MarkOptions {
  /** Long edge of the screenshot part of the output, in pixels (default 1568). */
  maxEdge?: number;
  /** Draw the legend panel (default true). */
  legend?: boolean;
}

export interface LegendEntry {
  ref: string;
  class: string;
  label: string;
}

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
  png: Uint8Array;
  /** Size of the whole output PNG (screenshot + legend panel). */
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
  return one.length > LABEL_CHARS ? `${one.slice(0, LABEL_CHARS - 1)}…` : one;
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

/** Thick straight segment (square brush), for leader lines from a detached tag to its box. */
function line(img: RgbaImage, from: { x: number; y: number }, to: { x: number; y: number }, style: { colour: Rgb; width: number }): void {
  const steps = Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y), 1);
  const r = style.width / 2;
  for (let s = 0; s <= steps; s++) {
    const x = from.x + ((to.x - from.x) * s) / steps;
    const y = from.y + ((to.y - from.y) * s) / steps;
    fillRect(img, { x0: x - r, y0: y - r, x1: x + r, y1: y + r }, style.colour);
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

/** Mean colours under the tag and under each side of the outline: what the mark must stand out from. */
function backgroundsOf(img: RgbaImage, box: Rect, tag: Rect, stroke: number): Rgb[] {
  const sides: Rect[] = [
    tag,
    { x0: box.x0, y0: box.y0, x1: box.x1, y1: box.y0 + stroke },
    { x0: box.x0, y0: box.y1 - stroke, x1: box.x1, y1: box.y1 },
    { x0: box.x0, y0: box.y0, x1: box.x0 + stroke, y1: box.y1 },
    { x0: box.x1 - stroke, y0: box.y0, x1: box.x1, y1: box.y1 },
  ];
  return sides.map((r) => meanColour(img, r)).filter((c) => c !== undefined);
}

/**
 * The geometry of the marks: boxes scaled to the downscaled screenshot, tag sizes, tag placements and
 * colours. Pure; without `shot` (the downscaled screenshot) colours ignore what lies under the marks.
 */
export function planMarks(
  screen: { width: number; height: number },
  elements: readonly SnapshotElement[],
  options: { maxEdge?: number; shot?: RgbaImage } = {},
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
  const backgrounds = shot === undefined ? undefined : boxes.map((b, i) => backgroundsOf(shot, b, places[i]!.rect, tag.stroke));
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

/** Raster-level marks: draws on a copy of the downscaled `screen`. Exposed for tests and benchmarks. */
export function renderMarks(screen: RgbaImage, elements: readonly SnapshotElement[], options: MarkOptions = {}): MarkedRaster {
  const maxEdge = options.maxEdge ?? DEFAULT_MAX_EDGE;
  checkMaxEdge(maxEdge);
  const { image: small, scale } = downscale(screen, maxEdge);
  const shot = small === screen ? { ...screen, data: screen.data.slice() } : small;
  const plan = planMarks(screen, elements, { maxEdge, shot });
  const { tag, skipped } = plan;
  const drawn = plan.marks;

  // Outlines first, largest first so that nested small boxes stay visible on top; then leaders; then tags.
  for (const i of largestFirst(drawn.map((d) => d.box))) strokeRect(shot, drawn[i]!.box, drawn[i]!.colour, tag.stroke);
  for (const m of drawn) {
    if (!m.detached) continue;
    const c = { x: (m.tag.x0 + m.tag.x1) / 2, y: (m.tag.y0 + m.tag.y1) / 2 };
    line(shot, nearestPoint(m.tag, c), nearestPoint(m.box, c), { colour: m.colour, width: tag.stroke - 1 });
  }
  const capHeight = tag.font.size * 0.73; // DejaVu Sans Mono digits and ascenders: ~0.73 em.
  for (const m of drawn) {
    fillRect(shot, m.tag, m.colour);
    const w = measureText(m.ref, tag.font);
    const x = m.tag.x0 + (m.tag.x1 - m.tag.x0 - w) / 2;
    const y = m.tag.y0 + (tag.height + capHeight) / 2;
    drawText(shot, m.ref, { x, y }, { ...tag.font, colour: WHITE });
  }

  const legend = drawn.map(({ element: e }) => ({ ref: e.ref, class: e.class, label: legendLabel(e) }));
  const marks = drawn.map(({ ref, box, tag: t, colour, detached }) => ({ ref, box, tag: t, colour, detached }));
  if (options.legend === false || drawn.length === 0) {
    return { image: shot, marks, shot: { width: shot.width, height: shot.height }, scale, legend, skipped };
  }
  const layout = layoutLegend(legend.length, shot, maxEdge);
  const rows: LegendRow[] = legend.map((l, i) => ({ ...l, colour: drawn[i]!.colour }));
  const header = scale === 1 ? 'marks: ref · class · label' : `image px × ${scale.toFixed(3)} = device px`;
  const panel = renderLegend(rows, layout, header);
  const out =
    layout.side === 'right' ? createImage(shot.width + panel.width, shot.height) : createImage(shot.width, shot.height + panel.height);
  paste(out, shot, { x: 0, y: 0 });
  paste(out, panel, layout.side === 'right' ? { x: shot.width, y: 0 } : { x: 0, y: shot.height });
  return { image: out, marks, shot: { width: shot.width, height: shot.height }, scale, legend, skipped };
}

/** PNG in, PNG out: the screenshot downscaled to `maxEdge`, with marks for `elements` and a legend. */
export function drawMarks(png: Uint8Array, elements: readonly SnapshotElement[], options: MarkOptions = {}): MarkedScreenshot {
  const r = renderMarks(decodePng(png), elements, options);
  return {
    png: encodePng(r.image),
    width: r.image.width,
    height: r.image.height,
    scale: r.scale,
    legend: r.legend,
    shot: r.shot,
    skipped: r.skipped,
  };
}

/** The screenshot alone, downscaled: for `device_screenshot` without marks. */
export function downscalePng(
  png: Uint8Array,
  maxEdge: number = DEFAULT_MAX_EDGE,
): { png: Uint8Array; width: number; height: number; scale: number } {
  checkMaxEdge(maxEdge);
  const src = decodePng(png);
  const { image, scale } = downscale(src, maxEdge);
  return { png: image === src ? png : encodePng(image), width: image.width, height: image.height, scale };
}
