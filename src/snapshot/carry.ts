/**
 * Carrying refs from the previous snapshot of the same screen. A row that a list cuts at its edge keeps only the
 * labels still on screen, and its identity (refs.ts) is made of its labels: on its own the row would get a new
 * ref at every scroll step. With the previous snapshot at hand, such an element takes the ref of the element it
 * continues: one that was there before and is gone now, with the same kind, class, resource id, own text and
 * parent (after the parent's own carry), whose labels begin or end with the new element's labels (the cut row,
 * scrolled up or left, keeps the end of its labels; scrolled down or right, the start) or the other way round
 * (a cut row coming fully into view).
 *
 * Elements take part when their freshly computed ref is new, or was another element's before (another key
 * went away and freed the slot theirs had probed past; moving such an element back to its own ref frees that
 * slot for whoever continues the gone element). Elements that kept a doubtful ref (`doubt`) take part too, held
 * to the place they stand at. A ref is carried at most once and only while no element holds it, so refs stay
 * unique. Without a previous snapshot every ref is the fresh one, so a snapshot still depends on its dump alone.
 */
import type { Bounds } from '../hierarchy/model.js';
import { LABEL_CHARS } from './refs.js';
import type { SnapshotElement } from './types.js';

/** What carrying reads of an element: the identity fields, the bounds and the parent's ref. */
export type CarryElement = Pick<
  SnapshotElement,
  'ref' | 'class' | 'text' | 'desc' | 'hint' | 'id' | 'labels' | 'bounds' | 'parent' | 'actions'
>;

/** An element of the new snapshot: its fields (ref = the fresh one; `parent` is not read) and its parent's index (-1 at the top). */
export interface CarryInput {
  el: CarryElement;
  parent: number;
}

/**
 * Which labels a match kept: all of them, the start (the end was cut off), the end (the start was cut off), or
 * none (the cut left no label: either end may have gone).
 */
type Fit = 'same' | 'start' | 'end' | 'none';

const EXACT = 1 << 16;
/** How far (px, over the two edges compared) a label-less continuation may stand from where the row was. */
const NEAR = 16;

/** How well two label lists continue each other (0 = not at all); longer shared runs score higher. */
function labelFit(a: readonly string[], b: readonly string[]): { score: number; fit: Fit } {
  // Two elements without labels (an undescribed image card) match as well as any, but nothing says whether one
  // was cut: either end may have gone, as for a row cut down to none of its labels.
  if (a.length === 0 && b.length === 0) return { score: EXACT, fit: 'none' };
  if (a.length === b.length) return a.every((x, i) => x === b[i]) ? { score: EXACT, fit: 'same' } : { score: 0, fit: 'same' };
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  // A row cut down to none of its labels: the weakest fit, left to geometry to place.
  if (short.length === 0) return { score: 0.5, fit: 'none' };
  if (short.every((x, i) => x === long[i])) return { score: short.length, fit: 'start' };
  const off = long.length - short.length;
  if (short.every((x, i) => x === long[off + i])) return { score: short.length, fit: 'end' };
  return { score: 0, fit: 'same' };
}

const editable = (e: CarryElement): boolean => e.actions.includes('type');

/**
 * Own text (not the labels): equal, or it is another element. Nothing of an editable's is identity: typing changes
 * its value, and a page source reads as `hint` what a dump reads as its text (refs.ts `identityLabel`).
 */
function sameOwn(a: CarryElement, b: CarryElement): boolean {
  if (editable(a) !== editable(b) || a.desc !== b.desc) return false;
  return editable(a) || (a.hint === b.hint && a.text === b.text);
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.floor(s.length / 2)]!;
}

/**
 * How far the gone element is from where the new one was before the shift, on the edges the fit says were not
 * cut: a row that lost its start was cut at the top (or left), so its bottom and right edges are its own.
 */
function distance(old: Bounds, now: Bounds, shift: [number, number], fit: Fit): number {
  const d = (i: number): number => Math.abs(old[i]! - (now[i]! + shift[i % 2]!));
  if (fit === 'end') return d(2) + d(3);
  if (fit === 'start') return d(0) + d(1);
  if (fit === 'none') return Math.min(d(0) + d(1), d(2) + d(3));
  return d(0) + d(1) + d(2) + d(3);
}

interface Candidate {
  el: CarryElement;
  order: number;
  taken: boolean;
}

const groupKey = (e: CarryElement, parent: string | undefined): string => `${e.ref.charAt(0)}|${e.class}|${e.id ?? ''}|${parent ?? ''}`;

/** The label a ref's key is made of (refs.ts `identityLabel`), as far as an element shows it. */
function identity(e: CarryElement): string {
  const l = editable(e) ? '' : (e.text ?? e.desc ?? e.labels?.[0] ?? '');
  return l.slice(0, LABEL_CHARS);
}

/** Nothing of its own names the element: no label, no own text (a row cut to none of its labels). */
const nameless = (e: CarryElement): boolean => identity(e) === '' && (e.labels?.length ?? 0) === 0;

/** The ref was on another element before: the slot it probed into was freed by a key that went away. */
const another = (was: CarryElement, el: CarryElement): boolean =>
  was.class !== el.class || was.id !== el.id || identity(was) !== identity(el);

/**
 * The refs of `now` after carrying from `previous` (same order as `now`; each `now[i].el.ref` is the fresh ref).
 * `now` must list parents before their children (document order does).
 */
export function carryRefs(now: readonly CarryInput[], previous: readonly CarryElement[], opened?: readonly boolean[]): string[] {
  return carry(now, previous, opened).refs;
}

/**
 * carryRefs, and the elements whose ref named another element in `previous` and that continue none (`renew`,
 * indexes into `now`): each needs a ref of its own, which the caller gives (refs.ts `assignRefs`).
 */
export function carry(
  now: readonly CarryInput[],
  previous: readonly CarryElement[],
  opened?: readonly boolean[],
): { refs: string[]; renew: number[] } {
  const refs = now.map((x) => x.el.ref);
  const renew: number[] = [];
  if (previous.length === 0) return { refs, renew };
  const before = new Map(previous.map((e) => [e.ref, e]));
  // Elements that take part: a fresh ref that is new, or that was another element's (a key that went away freed
  // the slot it probed into; that element may continue another ref, which frees this one for whoever continues it).
  // A session's ref memory (memory.ts) says it instead: the elements whose identity it did not know.
  const open =
    opened !== undefined
      ? [...opened]
      : refs.map((r, i) => {
          const was = before.get(r);
          return was === undefined || another(was, now[i]!.el);
        });
  // Nothing new and nothing moved: every ref stays (a doubt needs an element away from its ref's place).
  const still = (x: CarryInput, i: number): boolean => {
    const b = before.get(refs[i]!)?.bounds;
    return b !== undefined && b.every((v, k) => v === x.el.bounds[k]);
  };
  if (!open.includes(true) && now.every(still)) return { refs, renew };
  // Every earlier element by kind, class, id and parent: only one of those can be continued. A ref is free to
  // carry while no element holds it.
  const groups = new Map<string, Candidate[]>();
  previous.forEach((e, order) => {
    const k = groupKey(e, e.parent);
    const list = groups.get(k);
    if (list === undefined) groups.set(k, [{ el: e, order, taken: false }]);
    else list.push({ el: e, order, taken: false });
  });
  const children = new Map<number, number[]>();
  now.forEach(({ parent }, i) => {
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [i]);
    else list.push(i);
  });
  const st: CarryState = { now, refs, before, groups, open, held: new Set(refs), renew };
  // Parent by parent, in document order: a parent's ref is final (carried or not) before its children are matched.
  for (let p = -1; p < now.length; p++) {
    const kids = children.get(p);
    if (kids !== undefined) carryAmongSiblings(kids, p, st);
  }
  return { refs, renew };
}

interface CarryState {
  now: readonly CarryInput[];
  refs: string[];
  before: ReadonlyMap<string, CarryElement>;
  groups: ReadonlyMap<string, Candidate[]>;
  /** Whether each element may take a carried ref. */
  open: boolean[];
  /** Refs on elements now. */
  held: Set<string>;
  /** Elements that must not keep the ref they hold (carry's `renew`). */
  renew: number[];
}

/**
 * The open children of one parent take refs of earlier elements they continue: all pairs that fit, best fit first,
 * then nearest, then in document order of the new and of the previous snapshot — the same pairs whatever the dump
 * order. A ref is carried only while no element holds it; an element that moves to another ref frees its own,
 * so the pairs are tried again until nothing moves.
 */
function carryAmongSiblings(kids: readonly number[], p: number, st: CarryState): void {
  const parentRef = p < 0 ? undefined : st.refs[p];
  const shift = siblingShift(kids, parentRef, st);
  const place: Place = { parentRef, box: p < 0 ? undefined : st.now[p]!.el.bounds, shift };
  const doubted = new Map(kids.map((i) => [i, doubt(i, place, st)] as const).filter(([, d]) => d !== undefined));
  const open = kids.filter((i) => st.open[i] || doubted.has(i));
  if (open.length === 0) return;
  const pairs: Array<{ i: number; c: Candidate; score: number; dist: number }> = [];
  for (const i of open) {
    const el = st.now[i]!.el;
    for (const c of st.groups.get(groupKey(el, parentRef)) ?? []) {
      if (c.el.ref === el.ref || !sameOwn(c.el, el)) continue;
      const { score, fit } = labelFit(el.labels ?? [], c.el.labels ?? []);
      if (score <= 0) continue;
      const dist = distance(c.el.bounds, el.bounds, shift, fit);
      // Without a label in common, only the place tells: a row cut to none of its labels continues the row that
      // stood there, never one that left the list at its other end. An element whose ref is only in doubt
      // takes another only from the element that stood where it stands; one whose ref the memory gave back, only
      // from one it is a cut form of (its own whole identity is what the memory knows best).
      const d = doubted.get(i);
      // A doubted element is placed by the edges a cut left it (either pair), whatever the labels say.
      const near = d === undefined ? dist : Math.min(dist, distance(c.el.bounds, el.bounds, shift, 'none'));
      if (d !== undefined ? near > NEAR : fit === 'none' && score < EXACT && dist > NEAR) continue;
      if (d === 'recalled' && (c.el.labels?.length ?? 0) <= (el.labels?.length ?? 0)) continue;
      pairs.push({ i, c, score, dist: near });
    }
  }
  pairs.sort((a, b) => b.score - a.score || a.dist - b.dist || a.i - b.i || a.c.order - b.c.order);
  // A misplaced element's ref is another element's: it holds none while the pairs are made.
  for (const [i, d] of doubted) if (d === 'misplaced') st.held.delete(st.refs[i]!);
  const moved = new Set<number>();
  for (let again = true; again;) {
    again = false;
    for (const { i, c } of pairs) {
      if (moved.has(i) || c.taken || st.held.has(c.el.ref)) continue;
      moved.add(i);
      c.taken = true;
      st.held.delete(st.refs[i]!);
      st.held.add(c.el.ref);
      st.refs[i] = c.el.ref;
      again = true;
    }
  }
  for (const [i, d] of doubted) if (d === 'misplaced' && !moved.has(i)) st.renew.push(i);
}

/**
 * Whether an element that kept its ref (not open) may still continue another: it takes part in carrying, but
 * only the element that stood where it stands can give it another ref.
 * - A ref the session's memory gave back though the previous snapshot did not show it ('recalled'): a cut row's
 *   identity ("0 items", the end of every row of a file picker) may be one a row that left earlier had, while
 *   the row that stood here just before, whole, continues into it.
 * - An element that stands far from where its ref's element stood ('misplaced'), given how far its list moved,
 *   and whose identity may be another's: it has nothing of its own to name it (a row cut to none of its labels),
 *   or that element had nothing, or it stands at the list's edge, where rows are cut to what many rows read
 *   alike ("0 items"). A nameless identity only says "a nameless row of this list" (or, for a row named by its
 *   id, "the row of this id"); the strip or cut row that left at the edge was one too, so the ref is that
 *   row's. It takes the ref of the element that stood where it stands, or a new one (`renew`).
 */
function doubt(i: number, place: Place, st: CarryState): 'recalled' | 'misplaced' | undefined {
  if (st.open[i]) return undefined;
  const el = st.now[i]!.el;
  const old = st.before.get(el.ref);
  if (old === undefined) return 'recalled';
  if (old.parent !== place.parentRef || !(nameless(el) || nameless(old) || atEdge(el.bounds, place))) return undefined;
  return distance(old.bounds, el.bounds, place.shift, 'none') > NEAR ? 'misplaced' : undefined;
}

/** Where the siblings stand: their parent's ref and bounds, and how far its content moved (`siblingShift`). */
interface Place {
  parentRef: string | undefined;
  box: Bounds | undefined;
  shift: [number, number];
}

/** Whether an element touches its parent's edge across the way the content moved: where a list cuts its rows. */
function atEdge(b: Bounds, { box, shift }: Place): boolean {
  if (box === undefined) return false;
  return Math.abs(shift[1]) >= Math.abs(shift[0]) ? b[1] <= box[1] || b[3] >= box[3] : b[0] <= box[0] || b[2] >= box[2];
}

/**
 * The median shift (old − new, per axis) of the siblings that kept their ref under this parent: how far a
 * scrolled list's content moved, so that a cut row is matched with the gone row that stood where it came from.
 */
function siblingShift(kids: readonly number[], parentRef: string | undefined, st: CarryState): [number, number] {
  const x: number[] = [];
  const y: number[] = [];
  for (const i of kids) {
    const el = st.now[i]!.el;
    const old = st.before.get(el.ref);
    if (old === undefined || st.open[i] || old.parent !== parentRef) continue;
    x.push(old.bounds[0] - el.bounds[0], old.bounds[2] - el.bounds[2]);
    y.push(old.bounds[1] - el.bounds[1], old.bounds[3] - el.bounds[3]);
  }
  return [median(x), median(y)];
}
