/**
 * `screencap -p` for the virtual device: draws the visible hierarchy into a PNG that a person or a vision
 * model can read — bars, buttons, fields (value or hint, focus ring, caret), switches, checkboxes, radio
 * buttons, icons as labelled tiles, dialogs over a dimmed screen.
 *
 * Drawn with the same library and DejaVu faces as the marks on screenshots (image/), so both stay one look.
 */
import { shortClass, type UiDump, type UiNode } from '../../hierarchy/model.js';
import { css, surface, type Canvas as SkCanvas, type Context } from '../../image/canvas.js';
import { encodeImage } from '../../image/encode.js';
import { drawText, measureText } from '../../image/text.js';

type Rgb = readonly [number, number, number];

const C = {
  background: [250, 250, 250],
  text: [32, 33, 36],
  secondary: [95, 99, 104],
  hint: [154, 160, 166],
  primary: [26, 115, 232],
  primaryDark: [23, 78, 166],
  onPrimary: [255, 255, 255],
  outline: [204, 208, 214],
  surface: [255, 255, 255],
  tile: [232, 234, 237],
  disabled: [189, 193, 198],
  statusBar: [23, 78, 166],
  navBar: [0, 0, 0],
  launcher: [38, 50, 56],
} satisfies Record<string, Rgb>;

// ---- canvas ----------------------------------------------------------------------------------------------

/** Pixel-aligned shapes and clipped text over the shared drawing library (Skia). */
class Canvas {
  readonly ctx: Context;
  readonly canvas: SkCanvas;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    ({ canvas: this.canvas, ctx: this.ctx } = surface(w, h));
  }

  fill(rect: readonly [number, number, number, number], c: Rgb, alpha = 1): void {
    let [l, t, r, b] = rect;
    l = Math.max(0, Math.floor(l));
    t = Math.max(0, Math.floor(t));
    r = Math.min(this.w, Math.ceil(r));
    b = Math.min(this.h, Math.ceil(b));
    if (r <= l || b <= t) return;
    this.ctx.fillStyle = css(c, alpha);
    this.ctx.fillRect(l, t, r - l, b - t);
  }

  stroke(rect: readonly [number, number, number, number], width: number, c: Rgb): void {
    const [l, t, r, b] = rect;
    this.fill([l, t, r, t + width], c);
    this.fill([l, b - width, r, b], c);
    this.fill([l, t, l + width, b], c);
    this.fill([r - width, t, r, b], c);
  }

  /** A disc, or with `ring` a circle outline that wide. */
  circle(center: readonly [number, number], radius: number, c: Rgb, ring = 0): void {
    if (radius <= 0) return;
    const { ctx } = this;
    ctx.beginPath();
    if (ring > 0) {
      ctx.arc(center[0], center[1], Math.max(0.5, radius - ring / 2), 0, 2 * Math.PI);
      ctx.strokeStyle = css(c);
      ctx.lineWidth = ring;
      ctx.stroke();
    } else {
      ctx.arc(center[0], center[1], radius, 0, 2 * Math.PI);
      ctx.fillStyle = css(c);
      ctx.fill();
    }
  }

  measure(s: string, size: number, bold = false): number {
    return measureText(s, { face: bold ? 'sans-bold' : 'sans', size });
  }

  /** Draws one line of text with its baseline at y, clipped to [clipL, clipR). Returns the advance. */
  text(s: string, x: number, y: number, opts: { size: number; color: Rgb; bold?: boolean; clipL?: number; clipR?: number }): number {
    const clipL = Math.max(0, opts.clipL ?? 0);
    const clipR = Math.min(this.w, opts.clipR ?? this.w);
    const { ctx } = this;
    ctx.save();
    ctx.beginPath();
    ctx.rect(clipL, 0, Math.max(0, clipR - clipL), this.h);
    ctx.clip();
    const advance = drawText(ctx, s, { x, y }, { face: opts.bold === true ? 'sans-bold' : 'sans', size: opts.size, colour: opts.color });
    ctx.restore();
    return advance;
  }

  /**
   * Text fitted into a box: word-wrapped to as many lines as fit, shrunk (down to 60%) before anything is cut,
   * then ellipsised — a label a reader cannot read is worse than a small one.
   */
  textBox(
    s: string,
    box: { l: number; t: number; r: number; b: number },
    opts: { size: number; color: Rgb; bold?: boolean; center?: boolean },
  ): void {
    const width = box.r - box.l;
    const height = box.b - box.t;
    if (width <= 4 || height <= 4 || s === '') return;
    const words = s.replace(/\s+/g, ' ').trim().split(' ');
    const base = Math.max(8, Math.min(opts.size, Math.floor(height * 0.7)));
    const layout = (size: number): { size: number; lineH: number; maxLines: number; lines: string[]; fits: boolean } => {
      const lineH = Math.ceil(size * 1.25);
      const maxLines = Math.max(1, Math.floor(height / lineH));
      const lines: string[] = [];
      let cur = '';
      for (const w of words) {
        const next = cur === '' ? w : `${cur} ${w}`;
        if (cur === '' || this.measure(next, size, opts.bold) <= width) cur = next;
        else {
          lines.push(cur);
          cur = w;
        }
      }
      if (cur !== '') lines.push(cur);
      const fits = lines.length <= maxLines && lines.every((l) => this.measure(l, size, opts.bold) <= width);
      return { size, lineH, maxLines, lines, fits };
    };
    let fit = layout(base);
    for (const f of [0.9, 0.8, 0.7, 0.6]) {
      if (fit.fits) break;
      const size = Math.max(8, Math.round(base * f));
      if (size === fit.size) break;
      fit = layout(size);
    }
    const { size, lineH, maxLines } = fit;
    const shown = fit.lines.slice(0, maxLines);
    const cut = (line: string, force: boolean): string => {
      if (!force && this.measure(line, size, opts.bold) <= width) return line;
      let l = line;
      while (l.length > 1 && this.measure(`${l}…`, size, opts.bold) > width) l = l.slice(0, -1);
      return `${l}…`;
    };
    for (let i = 0; i < shown.length; i++) shown[i] = cut(shown[i]!, i === shown.length - 1 && fit.lines.length > maxLines);
    const top = box.t + (height - shown.length * lineH) / 2;
    shown.forEach((line, i) => {
      const w = this.measure(line, size, opts.bold);
      const x = opts.center === true ? box.l + Math.max(0, (width - w) / 2) : box.l;
      this.text(line, x, top + i * lineH + size * 0.95, {
        size,
        color: opts.color,
        clipL: box.l,
        clipR: box.r,
        ...(opts.bold === undefined ? {} : { bold: opts.bold }),
      });
    });
  }
}

/** Glyphs (all in DejaVu Sans) for the content descriptions toolbars and FABs commonly carry. */
function iconFor(desc: string): string | undefined {
  const d = desc.toLowerCase();
  if (d === '') return undefined;
  if (/navigate up|^back$/.test(d)) return '←';
  if (/search/.test(d)) return '⚲';
  if (/setting/.test(d)) return '⚙';
  if (/sign in|account|profile/.test(d)) return '☺';
  if (/share/.test(d)) return '⇪';
  if (/delete|remove|trash/.test(d)) return '✕';
  if (/more options|overflow/.test(d)) return '⋮';
  if (/save|done|confirm/.test(d)) return '✓';
  if (/filter|sort/.test(d)) return '☰';
  if (/new|add|create|compose/.test(d)) return '+';
  if (/pin|star|favou?rite/.test(d)) return '★';
  if (/close|cancel|clear/.test(d)) return '✕';
  if (/menu|drawer/.test(d)) return '☰';
  return undefined;
}

// ---- drawing the hierarchy -------------------------------------------------------------------------------

function isA(n: UiNode, ...names: string[]): boolean {
  const s = shortClass(n.cls);
  return names.some((x) => s === x || s.endsWith(x));
}

function idName(n: UiNode): string {
  const i = n.id.indexOf(':id/');
  return i < 0 ? n.id : n.id.slice(i + 4);
}

interface DrawContext {
  cv: Canvas;
  /** Base text size in px for 16sp at this density. */
  sp: number;
  density: number;
}

function drawNode(n: UiNode, dc: DrawContext, parentBar: boolean): void {
  const { cv, sp } = dc;
  const [l, t, r, b] = n.bounds;
  const w = r - l;
  const h = b - t;
  if (w <= 0 || h <= 0) return;
  const name = idName(n);
  const px = (v: number): number => Math.round((v * dc.density) / 160);
  let onBar = parentBar;
  const fg = (): Rgb => (!n.enabled ? C.disabled : onBar ? C.onPrimary : C.text);

  if (n.pkg === 'com.android.systemui' && /status_bar/.test(name)) {
    cv.fill([l, t, r, b], C.statusBar);
    onBar = true;
  } else if (n.pkg === 'com.android.systemui' && /navigation_bar_frame/.test(name)) {
    cv.fill([l, t, r, b], C.navBar);
    onBar = true;
  } else if (n.pkg === 'com.android.launcher3' && name === 'launcher') {
    cv.fill([l, t, r, b], C.launcher);
    onBar = true;
  } else if (/parentPanel|dialog/i.test(name)) {
    // A dialog: dim what is behind it, then a white card.
    cv.fill([0, 0, cv.w, cv.h], [0, 0, 0], 0.45);
    cv.fill([l, t, r, b], C.surface);
    onBar = false;
  } else if (/toolbar|action_bar$|app_bar|appbar|top_bar/i.test(name) || isA(n, 'Toolbar', 'ActionBar')) {
    cv.fill([l, t, r, b], C.primary);
    onBar = true;
  }

  const label = n.text !== '' ? n.text : n.desc;
  if (isA(n, 'Switch', 'SwitchCompat', 'SwitchMaterial', 'ToggleButton')) {
    const trackW = px(36);
    const trackH = px(14);
    const cx = r - px(8) - trackW;
    const cy = t + h / 2;
    cv.fill([cx, cy - trackH / 2, cx + trackW, cy + trackH / 2], n.checked ? [138, 180, 248] : C.outline);
    cv.circle([n.checked ? cx + trackW - px(10) : cx + px(10), cy], px(10), n.checked ? C.primary : [241, 243, 244]);
    if (!n.checked) cv.circle([cx + px(10), cy], px(10), [128, 134, 139], 2);
    cv.textBox(n.text, { l: l + px(8), t, r: cx - px(8), b }, { size: sp, color: fg() });
  } else if (isA(n, 'CheckBox', 'CheckedTextView') || (n.checkable && !isA(n, 'RadioButton'))) {
    const s = Math.min(px(18), h - 4);
    const bx = l + px(8);
    const by = t + (h - s) / 2;
    if (n.checked) {
      cv.fill([bx, by, bx + s, by + s], C.primary);
      cv.text('✓', bx + s * 0.12, by + s * 0.85, { size: Math.round(s * 0.9), color: C.onPrimary, bold: true });
    } else cv.stroke([bx, by, bx + s, by + s], Math.max(2, px(2)), [95, 99, 104]);
    cv.textBox(n.text, { l: bx + s + px(12), t, r: r - px(4), b }, { size: sp, color: fg() });
  } else if (isA(n, 'RadioButton')) {
    const rad = Math.min(px(10), h / 2 - 2);
    const cx = l + px(8) + rad;
    cv.circle([cx, t + h / 2], rad, n.checked ? C.primary : [95, 99, 104], Math.max(2, px(2)));
    if (n.checked) cv.circle([cx, t + h / 2], rad * 0.5, C.primary);
    cv.textBox(n.text, { l: cx + rad + px(12), t, r: r - px(4), b }, { size: sp, color: fg() });
  } else if (n.editable) {
    const focused = n.focused;
    cv.fill([l, t, r, b], C.surface);
    if (focused) cv.stroke([l, t, r, b], Math.max(3, px(2)), C.primary);
    else cv.stroke([l, t, r, b], Math.max(1, px(1)), C.outline);
    const showingHint = n.text === '' || (n.hint !== '' && n.text === n.hint);
    const shown = n.text === '' ? n.hint : n.text;
    const box = { l: l + px(12), t, r: r - px(12), b };
    cv.textBox(shown, box, { size: sp, color: showingHint ? C.hint : C.text });
    if (focused) {
      const size = Math.max(8, Math.min(sp, Math.floor(h * 0.7)));
      const x = showingHint ? box.l : Math.min(box.r - 2, box.l + cv.measure(shown, size));
      cv.fill([x + 1, t + h / 2 - size * 0.65, x + 1 + Math.max(2, px(1)), t + h / 2 + size * 0.65], C.primary);
    }
  } else if (isA(n, 'Button', 'MaterialButton', 'AppCompatButton') && !isA(n, 'ImageButton') && n.clickable && n.text !== '' && !onBar) {
    cv.fill([l, t, r, b], n.enabled ? C.primary : C.tile);
    cv.textBox(
      label.toUpperCase() === label ? label : label,
      { l: l + px(8), t, r: r - px(8), b },
      { size: sp, color: n.enabled ? C.onPrimary : C.disabled, bold: true, center: true },
    );
  } else if (
    isA(n, 'ImageView', 'ImageButton', 'FloatingActionButton', 'AppCompatImageView', 'AppCompatImageButton') ||
    (n.desc !== '' && n.text === '' && n.children.length === 0)
  ) {
    if (n.pkg === 'com.android.systemui' && onBar && /back|home|recent/.test(name)) {
      const glyphs: Record<string, string> = { back: '◀', home: '●', recent_apps: '■' };
      cv.textBox(glyphs[name] ?? '•', { l, t, r, b }, { size: px(22), color: C.onPrimary, center: true });
    } else if (n.pkg === 'com.android.systemui') {
      cv.textBox(/battery/i.test(name) ? '▮' : '▲', { l, t, r, b }, { size: px(14), color: C.onPrimary, center: true });
    } else if (n.desc !== '' || n.clickable) {
      const s = Math.min(w, h);
      const ix = l + (w - s) / 2;
      const iy = t + (h - s) / 2;
      const color = onBar ? C.onPrimary : C.secondary;
      const symbol = iconFor(n.desc);
      if (!onBar && (isA(n, 'FloatingActionButton') || /(^|_)fab(_|$)/i.test(name))) {
        // A floating action button: a filled disc.
        cv.circle([l + w / 2, t + h / 2], s / 2 - 2, C.primary);
        cv.textBox(
          symbol ?? '+',
          { l: ix, t: iy, r: ix + s, b: iy + s * 0.8 },
          { size: Math.round(s * 0.45), color: C.onPrimary, center: true },
        );
        cv.textBox(
          n.desc,
          { l: ix + 4, t: iy + s * 0.62, r: ix + s - 4, b: iy + s - 4 },
          { size: Math.round(sp * 0.5), color: C.onPrimary, center: true },
        );
      } else if (symbol !== undefined) {
        // A glyph for the well-known actions, with the description small underneath for readers.
        cv.textBox(symbol, { l: ix, t: iy, r: ix + s, b: iy + s * 0.72 }, { size: Math.round(s * 0.45), color, center: true });
        cv.textBox(n.desc, { l: l, t: iy + s * 0.66, r: r, b: iy + s }, { size: Math.round(sp * 0.45), color, center: true });
      } else {
        if (!onBar) cv.fill([ix + 2, iy + 2, ix + s - 2, iy + s - 2], C.tile);
        if (n.desc !== '')
          cv.textBox(n.desc, { l: ix + 4, t: iy + 4, r: ix + s - 4, b: iy + s - 4 }, { size: Math.round(sp * 0.55), color, center: true });
      }
    }
  } else if (n.text !== '') {
    const link = n.clickable && !onBar && n.children.length === 0 && n.pkg !== 'com.android.launcher3';
    const big = (/title|header|heading/i.test(name) && !/^android:id\/title$/.test(n.id)) || (h > sp * 2.8 && n.text.length <= 24);
    const launcherIcon = n.pkg === 'com.android.launcher3' && n.clickable;
    if (launcherIcon) {
      const s = Math.min(w, h) * 0.55;
      const cx = l + w / 2;
      cv.circle([cx, t + s / 2 + px(8)], s / 2, C.primary);
      cv.textBox(
        n.text.slice(0, 1),
        { l: cx - s / 2, t: t + px(8), r: cx + s / 2, b: t + px(8) + s },
        { size: Math.round(s * 0.5), color: C.onPrimary, bold: true, center: true },
      );
      cv.textBox(n.text, { l: l + 4, t: t + s + px(12), r: r - 4, b }, { size: Math.round(sp * 0.8), color: C.onPrimary, center: true });
    } else {
      const size = n.pkg === 'com.android.systemui' ? Math.round(sp * 0.85) : big ? Math.round(sp * 1.25) : sp;
      const color = !n.enabled ? C.disabled : onBar ? C.onPrimary : link ? C.primary : C.text;
      cv.textBox(n.text, { l: l + px(4), t, r: r - px(4), b }, { size, color, bold: big || link });
    }
  } else if (n.clickable && n.children.length > 0 && !onBar) {
    // A clickable row: a thin separator at the bottom, as list rows have.
    cv.fill([l + px(16), b - 1, r, b], C.outline);
  }
  if (n.selected && n.text !== '') cv.fill([l, b - Math.max(3, px(2)), r, b], onBar ? C.onPrimary : C.primary);
  for (const c of n.children) drawNode(c, dc, onBar);
}

function drawDump(dump: UiDump, opts: { width: number; height: number; density: number }): Canvas {
  const cv = new Canvas(opts.width, opts.height);
  cv.fill([0, 0, opts.width, opts.height], C.background);
  const dc: DrawContext = { cv, sp: Math.round((16 * opts.density) / 160), density: opts.density };
  for (const r of dump.roots) drawNode(r, dc, false);
  return cv;
}

export interface Display {
  width: number;
  height: number;
  density: number;
}

/** Draws a dump and encodes it as PNG (what `screencap -p` writes), through the same encoder as screenshots. */
export function screencapPng(dump: UiDump, opts: Display): Promise<Uint8Array> {
  return encodeImage(drawDump(dump, opts).canvas);
}

/**
 * `screencapPng` that keeps the last frame: agents capture the same screen again and again (before and after
 * a tap that changed nothing, marks after a plain screenshot), and a 1080×2400 frame costs tens of ms to draw
 * and encode where comparing the hierarchy costs well under one.
 */
export function screencapCache(): (dump: UiDump, opts: Display) => Promise<Uint8Array> {
  let last: { key: string; png: Promise<Uint8Array> } | undefined;
  return async (dump, opts) => {
    const key = JSON.stringify([opts.width, opts.height, opts.density, dump.rotation, dump.roots]);
    if (last?.key !== key) last = { key, png: screencapPng(dump, opts) };
    const frame = last;
    try {
      // A copy: the caller may hand the bytes to a stream that transfers or changes them.
      return (await frame.png).slice();
    } catch (e) {
      if (last === frame) last = undefined;
      throw e;
    }
  };
}
