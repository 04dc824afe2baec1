/**
 * The legend panel: one row per mark — the ref on a tag of its mark's colour, the class, the label — laid out
 * in columns beside a portrait screenshot or below a landscape one. The font shrinks (down to a readable
 * minimum) until every row fits the room the long-edge budget leaves; rows that still do not fit are
 * summarised in a last row (the caller's text reply carries the full legend). A single column beside the
 * screenshot is as wide as its widest row, up to 30 em: every pixel of the panel is encoded and sent to the
 * model, so short labels make a narrow panel.
 */
import type { Context } from './canvas.js';
import { fillRect, type Rgb } from './raster.js';
import { drawText, fitText, fontMetrics, measureText, type TextStyle } from './text.js';

/** What a legend row says. */
export interface LegendText {
  ref: string;
  class: string;
  label: string;
}

export interface LegendRow extends LegendText {
  colour: Rgb;
}

/** What the panel shows: a first row (e.g. the scale) and one row per mark. */
export interface LegendContent {
  header: string;
  rows: readonly LegendText[];
}

export interface LegendLayout {
  side: 'right' | 'bottom';
  /** Panel size in pixels. */
  width: number;
  height: number;
  fontSize: number;
  columns: number;
  columnWidth: number;
  /** Rows drawn (the rest are summarised). */
  shown: number;
}

const INK: Rgb = [20, 20, 20];
const MUTED: Rgb = [96, 96, 96];
const RULE: Rgb = [200, 200, 200];
const PANEL: Rgb = [250, 250, 250];
const WHITE: Rgb = [255, 255, 255];

function metricsFor(fontSize: number): { rowH: number; pad: number; colW: number } {
  return { rowH: Math.round(fontSize * 1.5), pad: Math.round(fontSize * 0.8), colW: Math.round(fontSize * 21) };
}

/**
 * Where a row's parts start, from the column's left edge: the ref tag (as wide as the widest ref shown, at least
 * four digits' worth), then the class cut to a third of a 21 em column, then the label.
 */
function rowParts(fontSize: number, refs: readonly string[]): { refW: number; classX: number; classW: number; labelX: number } {
  const mono: TextStyle = { face: 'mono-bold', size: fontSize };
  const refW = Math.ceil(Math.max(measureText('00000', mono) * 0.8, ...refs.map((r) => measureText(r, mono)))) + Math.round(fontSize * 0.5);
  const classX = refW + Math.round(fontSize * 0.5);
  const classW = Math.round(metricsFor(fontSize).colW * 0.34);
  return { refW, classX, classW, labelX: classX + classW + Math.round(fontSize * 0.4) };
}

function moreText(hidden: number): string {
  return `+${hidden} more (see text)`;
}

/** Width a column needs so that the header, the first `shown` rows and the summary row are not cut. */
function neededWidth(content: LegendContent, fontSize: number, shown: number): number {
  const sans: TextStyle = { face: 'sans', size: fontSize };
  const pad = metricsFor(fontSize).pad;
  const rows = content.rows.slice(0, shown);
  const parts = rowParts(
    fontSize,
    rows.map((r) => r.ref),
  );
  const widths = [measureText(content.header, sans), ...rows.map((r) => parts.labelX + measureText(r.label, sans))];
  if (shown < content.rows.length) widths.push(measureText(moreText(content.rows.length - shown), sans));
  return Math.ceil(Math.max(...widths)) + pad;
}

/** Rows shown in `slots` row slots: one slot is the header, and one the "+N more" row when not all fit. */
function fitRows(rows: number, slots: number): number {
  return rows <= slots - 1 ? rows : Math.max(0, slots - 2);
}

/**
 * Chooses the panel's side, font size and columns. `long` is the screenshot's long edge (font sizes scale
 * with it); `maxEdge` bounds the long edge of screenshot + panel where possible.
 */
export function layoutLegend(content: LegendContent, image: { width: number; height: number }, maxEdge: number): LegendLayout {
  const rows = content.rows.length;
  const side = image.height >= image.width ? 'right' : 'bottom';
  const long = Math.max(image.width, image.height);
  const across = side === 'right' ? image.height : image.width;
  const beside = side === 'right' ? image.width : image.height;
  // Room the panel may take along the short axis: what the long-edge budget leaves, but never less than
  // half the screenshot (a square tablet screenshot would otherwise get no legend at all).
  const room = Math.max(maxEdge - beside, Math.round(beside * 0.5));
  const base = Math.max(12, Math.round(long * 0.0125));
  const min = Math.max(11, Math.round(long * 0.0085));
  const total = rows + 1; // + the header row
  for (let size = base; ; size--) {
    const { rowH, pad, colW } = metricsFor(size);
    const perCol = Math.max(1, Math.floor((across - 2 * pad) / rowH));
    if (side === 'right') {
      const columns = Math.ceil(total / perCol);
      const width = columns * colW + 2 * pad;
      if (width <= room || size <= min) {
        const cols = Math.max(1, Math.min(columns, Math.floor((room - 2 * pad) / colW)));
        const shown = fitRows(rows, cols * perCol);
        // A single column takes what its rows need: it may widen (up to 30 em) into the room left, so long
        // labels are cut less, and narrows when they are short.
        const widest = Math.max(colW, Math.min(room - 2 * pad, Math.round(size * 30)));
        const columnWidth = cols === 1 ? Math.min(widest, neededWidth(content, size, shown)) : colW;
        return { side, width: cols * columnWidth + 2 * pad, height: image.height, fontSize: size, columns: cols, columnWidth, shown };
      }
    } else {
      const columns = Math.max(1, Math.floor((across - 2 * pad) / colW));
      const rowsNeeded = Math.ceil(total / columns);
      const height = rowsNeeded * rowH + 2 * pad;
      if (height <= room || size <= min) {
        const perColFit = Math.max(1, Math.min(rowsNeeded, Math.floor((room - 2 * pad) / rowH)));
        const shown = fitRows(rows, columns * perColFit);
        return { side, width: image.width, height: perColFit * rowH + 2 * pad, fontSize: size, columns, columnWidth: colW, shown };
      }
    }
  }
}

/**
 * Draws the panel for `rows` with `layout` with its top-left corner at `at`; `header` is the first row's text
 * (e.g. the scale).
 */
export function drawLegend(
  ctx: Context,
  at: { x: number; y: number },
  panel: { rows: readonly LegendRow[]; layout: LegendLayout; header: string },
): void {
  const { rows, layout, header } = panel;
  ctx.save();
  ctx.translate(at.x, at.y);
  fillRect(ctx, { x0: 0, y0: 0, x1: layout.width, y1: layout.height }, PANEL);
  const { rowH, pad } = metricsFor(layout.fontSize);
  const colW = layout.columnWidth;
  const mono: TextStyle = { face: 'mono-bold', size: layout.fontSize };
  const sans: TextStyle = { face: 'sans', size: layout.fontSize };
  // Separator between screenshot and panel.
  if (layout.side === 'right') fillRect(ctx, { x0: 0, y0: 0, x1: 2, y1: layout.height }, RULE);
  else fillRect(ctx, { x0: 0, y0: 0, x1: layout.width, y1: 2 }, RULE);

  const perCol = Math.ceil((layout.shown + 1 + (layout.shown < rows.length ? 1 : 0)) / layout.columns);
  const { ascent, descent } = fontMetrics(sans);
  const baselineOffset = Math.round((rowH + ascent - descent) / 2);
  const { refW, classX, classW, labelX } = rowParts(
    layout.fontSize,
    rows.slice(0, layout.shown).map((r) => r.ref),
  );
  const cell = (k: number): { x: number; y: number } => ({
    x: pad + Math.floor(k / perCol) * colW,
    y: pad + (k % perCol) * rowH,
  });

  const h = cell(0);
  drawText(ctx, fitText(header, sans, colW - pad), { x: h.x, y: h.y + baselineOffset }, { ...sans, colour: INK });
  for (let i = 0; i < layout.shown; i++) {
    const row = rows[i]!;
    const { x, y } = cell(i + 1);
    const tagTop = y + Math.round(rowH * 0.1);
    fillRect(ctx, { x0: x, y0: tagTop, x1: x + refW, y1: y + rowH - Math.round(rowH * 0.1) }, row.colour);
    const tw = measureText(row.ref, mono);
    drawText(ctx, row.ref, { x: x + (refW - tw) / 2, y: y + baselineOffset }, { ...mono, colour: WHITE });
    drawText(ctx, fitText(row.class, sans, classW), { x: x + classX, y: y + baselineOffset }, { ...sans, colour: MUTED });
    const label = fitText(row.label, sans, colW - pad - labelX);
    drawText(ctx, label, { x: x + labelX, y: y + baselineOffset }, { ...sans, colour: INK });
  }
  if (layout.shown < rows.length) {
    const { x, y } = cell(layout.shown + 1);
    drawText(ctx, moreText(rows.length - layout.shown), { x, y: y + baselineOffset }, { ...sans, colour: MUTED });
  }
  ctx.restore();
}
