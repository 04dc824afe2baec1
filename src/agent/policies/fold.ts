/**
 * What lies beyond a scrollable's fold, as one line after its last shown row, so a model knows it exists: the
 * off-screen elements the dump holds inside it (ref and label, a few within a small budget; acting on one scrolls
 * it into view), or, when the dump holds none there, that its last row is cut at the container's edge or runs
 * under the navigation bar (a list lays out only what shows, so more may follow). Pure.
 */
import type { ScreenInfo, SnapshotElement } from '../../snapshot/types.js';
import { labelOf } from '../screen.js';

export interface FoldInput {
  screen: ScreenInfo;
  /** On-screen elements (the snapshot the model reads). */
  elements: readonly SnapshotElement[];
  /** Elements the dump holds outside the screen, with the same refs. */
  offscreen?: readonly SnapshotElement[] | undefined;
}

export interface FoldOptions {
  /**
   * Which off-screen labels may be shown (default: all). The others are counted, never named: privacy's view
   * names only what the app itself ships.
   */
  reveal?: (label: string) => boolean;
  /** Name the scrollable in each note (`below the fold of s12`), for views that do not nest rows under it. */
  named?: boolean;
}

type Side = 'above' | 'below' | 'left' | 'right';

/** At most this many off-screen elements are named per side; labels are cut to LABEL characters. */
const SHOWN = 5;
const LABEL = 40;
/** Pixels of slack for "reaches the container's edge" (bounds are rounded to whole pixels). */
const EDGE = 2;

function sideOf(e: SnapshotElement, s: SnapshotElement, screen: ScreenInfo): Side {
  const [l, t, r, b] = e.bounds;
  if (t >= Math.min(s.bounds[3], screen.height)) return 'below';
  if (b <= Math.max(s.bounds[1], 0)) return 'above';
  return l >= Math.min(s.bounds[2], screen.width) || r > screen.width ? 'right' : 'left';
}

/** The nearest scrollable ancestor of `e`, by the parent refs. */
function scrollerOf(e: SnapshotElement, byRef: ReadonlyMap<string, SnapshotElement>): SnapshotElement | undefined {
  const seen = new Set<string>();
  for (let p = e.parent; p !== undefined && !seen.has(p); p = byRef.get(p)?.parent) {
    seen.add(p);
    const a = byRef.get(p);
    if (a?.actions.includes('scroll') === true) return a;
  }
  return undefined;
}

const cut = (s: string): string => (s.length <= LABEL ? s : `${s.slice(0, LABEL - 1)}…`);

/** An off-screen element worth naming: labelled, and not just repeating the label of its off-screen parent. */
function named(e: SnapshotElement, byRef: ReadonlyMap<string, SnapshotElement>, off: ReadonlySet<string>): string | undefined {
  const l = labelOf(e);
  if (l === undefined || l === e.id) return undefined;
  const p = e.parent === undefined ? undefined : byRef.get(e.parent);
  if (p !== undefined && off.has(p.ref) && labelOf(p) === l) return undefined;
  return l;
}

type Labelled = { e: SnapshotElement; label: string };

/** One note: its text and the off-screen refs it names (a model may act on them). */
export interface FoldNote {
  text: string;
  refs: string[];
}

function sideLine(where: string, els: readonly Labelled[], reveal: (label: string) => boolean): FoldNote {
  // Controls first: they are what a model would act on; labels alone are context.
  const shownable = els.filter((x) => reveal(x.label));
  const ranked = [...shownable.filter((x) => x.e.actions.length > 0), ...shownable.filter((x) => x.e.actions.length === 0)];
  const picked = ranked.slice(0, SHOWN);
  const shown = picked.map((x) => `${x.e.ref} ${JSON.stringify(cut(x.label))}`);
  const rest = els.length - shown.length;
  const refs = picked.map((x) => x.e.ref);
  if (shown.length === 0) return { text: `(${where}, ${els.length} more)`, refs };
  return { text: `(${where}, ${els.length} more: ${shown.join(', ')}${rest > 0 ? `, +${rest} more` : ''})`, refs };
}

/**
 * A phone's navigation bar (48dp) covers the bottom of the screen: rows wholly under it are not visible to the user,
 * so a dump leaves them out, and a list at its end stops above the bar (apps pad it for the bar). 48dp is 11.7–13.3%
 * of a phone's width (360–412dp); the band taken is a little smaller, so a list that stops just above a bar we
 * overestimate is not read as cut.
 */
const BAR_BAND = 0.11;

/** The shown element's own label, not its id (an id says nothing about what the row shows). */
const shownLabel = (e: SnapshotElement): string | undefined => {
  const l = labelOf(e);
  return l === e.id ? undefined : l;
};

/**
 * A row that ends at the container's edge is cut only when it is shorter than the rows it is one of (the same id,
 * else the same class), or lacks the label they have (its text lies beyond the edge): a phone's list at its end
 * may lie flush with the edge too.
 */
function cutRow(last: SnapshotElement, rows: readonly SnapshotElement[]): boolean {
  const others = rows.filter((e) => e !== last);
  const sameId = last.id === undefined ? [] : others.filter((e) => e.id === last.id);
  const alike = sameId.length > 0 ? sameId : others.filter((e) => e.class === last.class);
  if (shownLabel(last) === undefined && alike.some((e) => shownLabel(e) !== undefined)) return true;
  if (alike.length === 0) return false;
  const height = (e: SnapshotElement): number => e.bounds[3] - e.bounds[1];
  return height(last) < Math.min(...alike.map(height)) - EDGE;
}

/**
 * Why more may lie below a scrollable's last row shown, or undefined: that row is cut at the container's edge, or
 * it ends under the screen's navigation bar, short of the edge (the rows below it are hidden under the bar, and a
 * list at its end would stop above it).
 */
export function lastRowCut(s: SnapshotElement, elements: readonly SnapshotElement[], screen: ScreenInfo): 'cut' | 'bar' | undefined {
  const rows = elements.filter((e) => e.parent === s.ref);
  if (rows.length === 0) return undefined;
  const last = rows.reduce((a, e) => (e.bounds[3] > a.bounds[3] ? e : a));
  const bottom = Math.min(s.bounds[3], screen.height);
  if (last.bounds[3] >= bottom - EDGE) return cutRow(last, rows) ? 'cut' : undefined;
  const bar = screen.height - screen.width * BAR_BAND;
  return s.bounds[3] >= screen.height - EDGE && last.bounds[3] > bar ? 'bar' : undefined;
}

const CUT_NOTE = {
  cut: 'the last row shown is cut at the edge; scroll down to see it',
  bar: 'the last row shown runs under the navigation bar; scroll down to see it',
} as const;

/** Per scrollable ref, the lines to show after its last row (empty when nothing is known beyond its fold). */
export function foldNotes(o: FoldInput, opts: FoldOptions = {}): Map<string, string[]> {
  return new Map([...foldNoteList(o, opts)].map(([ref, notes]) => [ref, notes.map((n) => n.text)]));
}

/** The same notes with the refs each names. */
export function foldNoteList(o: FoldInput, opts: FoldOptions = {}): Map<string, FoldNote[]> {
  const reveal = opts.reveal ?? ((): boolean => true);
  const off = o.offscreen ?? [];
  const byRef = new Map([...o.elements, ...off].map((e) => [e.ref, e]));
  const offRefs = new Set(off.map((e) => e.ref));
  const bySide = new Map<string, Map<Side, Labelled[]>>();
  for (const e of off) {
    const s = scrollerOf(e, byRef);
    const label = named(e, byRef, offRefs);
    if (s === undefined || offRefs.has(s.ref) || label === undefined) continue;
    let sides = bySide.get(s.ref);
    if (sides === undefined) bySide.set(s.ref, (sides = new Map()));
    const side = sideOf(e, s, o.screen);
    sides.set(side, [...(sides.get(side) ?? []), { e, label }]);
  }
  const out = new Map<string, FoldNote[]>();
  for (const s of o.elements) {
    if (!s.actions.includes('scroll')) continue;
    const sides = bySide.get(s.ref);
    const of = opts.named === true ? ` of ${s.ref}` : '';
    const lines = (['above', 'below', 'left', 'right'] as const).flatMap((side) => {
      const els = sides?.get(side);
      return els === undefined ? [] : [sideLine(`${side} the fold${of}`, els, reveal)];
    });
    const cut = sides?.has('below') === true ? undefined : lastRowCut(s, o.elements, o.screen);
    if (cut !== undefined) lines.push({ text: `(more may lie below the fold${of}: ${CUT_NOTE[cut]})`, refs: [] });
    if (lines.length > 0) out.set(s.ref, lines);
  }
  return out;
}

/**
 * The screen's lines with each scrollable's fold notes after its last row (indented as its rows). `lines` are the
 * tree's, one element per line, children indented one space deeper than their parent.
 */
export function withFold(lines: readonly string[], o: FoldInput): string[] {
  const notes = foldNotes(o);
  if (notes.size === 0) return [...lines];
  const out: string[] = [];
  const open: Array<{ indent: number; notes: string[] }> = [];
  const close = (indent: number): void => {
    while (open.length > 0 && open.at(-1)!.indent >= indent) {
      const s = open.pop()!;
      for (const n of s.notes) out.push(`${' '.repeat(s.indent + 1)}${n}`);
    }
  };
  for (const line of lines) {
    const m = /^(\s*)([a-z]\d+)\b/.exec(line);
    const indent = m?.[1]!.length ?? 0;
    // A blank line ends the tree (what follows is a footer): every open list's notes go before it.
    if (m !== null || line.trim() === '') close(line.trim() === '' ? 0 : indent);
    out.push(line);
    const n = m === null ? undefined : notes.get(m[2]!);
    if (n !== undefined) open.push({ indent, notes: n });
  }
  close(0);
  return out;
}
