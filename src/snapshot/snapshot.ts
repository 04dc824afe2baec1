/**
 * snapshotFromDump: parse (if needed) → distil (named passes) → refs → render. Pure: the same dump and
 * options give the same text, byte for byte (the goldens in test/golden hold it to that).
 */
import { GlanceError } from '../errors.js';
import { center, platformOf, type UiDump, type UiNode } from '../hierarchy/model.js';
import { hintsAsDumped } from '../hierarchy/hints.js';
import { toDump, type DumpInput } from '../hierarchy/parse.js';
import { toUiautomatorXml } from '../hierarchy/xml.js';
import { distil, passesFor, type DistilStats, type DNode } from './distil.js';
import { iosPassesFor } from './ios-passes.js';
import { markGrids, type Run } from './grids.js';
import { carry, type CarryElement } from './carry.js';
import { assignRefs, fullKeys, refSubjects, type RefSubject } from './refs.js';
import { recall, remember, sameScreen, type RefMemory } from './memory.js';
import { forEachItem, renderJson, renderTable, renderTree, type Header, type Item, type RenderOptions } from './render.js';
import type { Action, ScreenInfo, SnapshotElement, State } from './types.js';

export type SnapshotFormat = 'tree' | 'table' | 'json' | 'xml';

export const SNAPSHOT_FORMATS: readonly SnapshotFormat[] = ['tree', 'table', 'json', 'xml'];

export interface SnapshotOptions {
  /** Output format of `text` (default `tree`). */
  format?: SnapshotFormat;
  /** Append bounds to every line (tree: `@l,t,r,b`; table: a tag). */
  bounds?: boolean;
  /** Keep elements outside the screen, marked `offscreen`, instead of counting and hiding them. */
  offscreen?: boolean;
  /** Keep system chrome: status/navigation bar views and system UI windows. */
  all?: boolean;
  /** Print N levels of elements; deeper ones are summarised as a count `(+K)` on their ancestor line. */
  depth?: number;
  /** Print only the subtree of this ref (the ref itself included). */
  scope?: string;
  /** Cut labels longer than N characters (with `…`); 0 = never (default 80). */
  maxLabel?: number;
  /**
   * Print the members of runs of look-alikes one per line instead of one line per run: `all`, or the ref of
   * one member (its run only). `all: true` expands every run too.
   */
  expand?: string;
  /**
   * The snapshot shown before this one, of the same screen: an element that continues one of its elements that
   * is gone (a list row cut by the list's edge, which keeps only some of its labels) takes that element's ref
   * instead of a new one (src/snapshot/carry.ts). Ignored when both screens name their package or activity and
   * they differ.
   */
  previous?: PreviousSnapshot;
}

/** What refs are carried from: a Snapshot, or its elements as `--format json` printed them. */
export interface PreviousSnapshot {
  elements: readonly CarryElement[];
  screen?: ScreenInfo;
  /**
   * The refs a device session gave on this screen so far (the previous Snapshot's `memory`): refs of elements that
   * went away are retired, never given to another element, and an element that comes back takes its ref again.
   */
  memory?: RefMemory;
}

export interface SnapshotStats extends DistilStats {
  /** Elements carrying refs in the whole distilled tree (before depth / scope). */
  elements: number;
  /** Elements printed (after depth / scope). */
  shown: number;
  /** Elements whose ref was carried from `previous` (0 without it). */
  carried: number;
}

export interface Snapshot {
  format: SnapshotFormat;
  /** Exactly what `glance ui --from FILE` prints with the same options. */
  text: string;
  /** The elements that carry refs in `text` (document order); for `xml`, those of the tree view. */
  elements: SnapshotElement[];
  screen: ScreenInfo;
  stats: SnapshotStats;
  /** The session's ref memory after this snapshot: pass the snapshot as the next one's `previous` to keep it. */
  memory: RefMemory;
}

export const DEFAULT_MAX_LABEL = 80;

function actionsOf(n: DNode): Action[] {
  const a: Action[] = [];
  if (n.clickable) a.push('tap');
  if (n.longClickable) a.push('long');
  if (n.editable) a.push('type');
  if (n.scrollable) a.push('scroll');
  if (n.checkable) a.push('check');
  return a;
}

function statesOf(n: DNode): State[] {
  const s: State[] = [];
  if (n.checkable) s.push('checkable');
  if (n.checked) s.push(n.onOff ? 'on' : 'checked');
  if (n.selected) s.push('selected');
  if (n.focused) s.push('focused');
  if (!n.enabled) s.push('disabled');
  if (n.password) s.push('password');
  if (n.scrollable) s.push('scrollable');
  return s;
}

function toElement(n: DNode, ref: string, parent: string | undefined): SnapshotElement {
  // The tap point: a row without a label of its own is tapped on its first absorbed label, which is where a
  // user would touch it (the row's geometric centre can fall between an icon and the text).
  const at = n.labelBounds !== undefined && n.text === '' && n.desc === '' ? n.labelBounds : n.bounds;
  // Fields in the documented order (docs/snapshot.md), optional ones only when present.
  const el = { ref, class: n.cls } as SnapshotElement;
  // An empty field shows its hint as its text on most Android versions: that is not a value.
  const text = n.editable && n.text === n.hint ? '' : n.text;
  if (text !== '') el.text = text;
  if (n.desc !== '') el.desc = n.desc;
  if (n.hint !== '') el.hint = n.hint;
  if (n.labels.length > 0) el.labels = [...n.labels];
  if (n.id !== '') el.id = n.id;
  el.bounds = [n.bounds[0], n.bounds[1], n.bounds[2], n.bounds[3]];
  el.center = center(at);
  el.actions = actionsOf(n);
  el.states = statesOf(n);
  if (n.items !== undefined) el.items = n.items;
  if (parent !== undefined) el.parent = parent;
  if (n.offscreen) el.offscreen = true;
  return el;
}

interface Built {
  items: Item[];
  elements: SnapshotElement[];
  nodes: DNode[];
  /** What names each element in its ref's key (refs.ts `RefSubject.name`), same order as `elements`. */
  names: string[];
  carried: number;
  memory: RefMemory;
}

/** What refs are taken from: the previous snapshot's elements and the session's memory of this screen. */
interface Basis {
  elements: readonly CarryElement[];
  memory: RefMemory | undefined;
}

/** Refs for the whole distilled tree, computed before depth / scope so they never depend on the view. */
function build(roots: DNode[], dumpRoots: readonly UiNode[], basis: Basis): Built {
  const flat: Array<{ n: DNode; parent: number; depth: number }> = [];
  const stack: Array<{ n: DNode; parent: number; depth: number }> = [];
  for (let i = roots.length - 1; i >= 0; i--) stack.push({ n: roots[i]!, parent: -1, depth: 0 });
  while (stack.length > 0) {
    const e = stack.pop()!;
    const at = flat.length;
    flat.push(e);
    for (let i = e.n.children.length - 1; i >= 0; i--) stack.push({ n: e.n.children[i]!, parent: at, depth: e.depth + 1 });
  }
  const subjects = refSubjects(flat, dumpRoots);
  // The memory's identities: a label-less one is marked, as a row named by its id has the same key as that row
  // cut to no label, and a nameless strip is not the row whose id names it (the id names it only while unique).
  const keys = fullKeys(subjects).map((k, i) => (subjects[i]!.labelled === true ? k : `${k}|-`));
  const previous = basis.elements;
  const memory = basis.memory !== undefined && sameScreen(basis.memory, previous, new Set(keys)) ? basis.memory : undefined;
  const reserved =
    memory === undefined
      ? undefined
      : recall(
          memory,
          keys,
          subjects.map((s) => s.labelled === true),
        );
  const alone = assignRefs(subjects);
  const fresh = reserved === undefined ? alone : assignRefs(subjects, reserved);
  const els = flat.map((f, i) => toElement(f.n, fresh[i]!, f.parent < 0 ? undefined : fresh[f.parent]));
  const refs =
    previous.length === 0
      ? fresh
      : withRenewed(
          subjects,
          carry(
            els.map((el, i) => ({ el, parent: flat[i]!.parent })),
            previous,
            reserved?.fixed.map((r) => r === undefined),
          ),
          new Set([...(reserved?.avoid ?? []), ...previous.map((e) => e.ref)]),
        );
  const items: Item[] = [];
  const all: Item[] = [];
  flat.forEach((f, i) => {
    // Re-set in place: the fields keep their documented order.
    const el = els[i]!;
    el.ref = refs[i]!;
    if (f.parent >= 0) el.parent = refs[f.parent]!;
    const it: Item = { el, depth: f.depth, children: [], hidden: 0 };
    all.push(it);
    if (f.parent < 0) items.push(it);
    else all[f.parent]!.children.push(it);
  });
  markGrids(items);
  const carried = refs === alone ? 0 : refs.filter((r, i) => r !== alone[i]).length;
  return {
    items,
    elements: all.map((it) => it.el),
    nodes: flat.map((f) => f.n),
    names: subjects.map((s) => s.name ?? ''),
    carried,
    memory: remember(memory, keys, refs),
  };
}

/** The carried refs, with a ref of its own for each element that had to give its up (carry.ts `renew`). */
function withRenewed(subjects: readonly RefSubject[], c: { refs: string[]; renew: number[] }, avoid: ReadonlySet<string>): string[] {
  if (c.renew.length === 0) return c.refs;
  const renew = new Set(c.renew);
  return assignRefs(subjects, { fixed: c.refs.map((r, i) => (renew.has(i) ? undefined : r)), avoid });
}

function countAll(items: readonly Item[]): number {
  let c = 0;
  for (const it of items) c += 1 + countAll(it.children);
  return c;
}

/** Applies scope and depth: re-bases depths and cuts deeper children into counts. */
function view(items: Item[], options: SnapshotOptions): Item[] {
  let top = items;
  if (options.scope !== undefined) {
    const found = findItem(items, options.scope);
    if (!found) throw refNotFound(options.scope);
    top = [found];
  }
  const maxDepth = options.depth ?? Infinity;
  const expandAll = options.all === true || options.expand === 'all';
  const expanded = (run: Run | undefined): boolean =>
    run !== undefined && (expandAll || (options.expand !== undefined && run.members.some((e) => e.ref === options.expand)));
  // Who carries each folded member's run: a member expands with its run.
  let runOf: Run | undefined;
  const copy = (list: Item[], depth: number, top: boolean): Item[] =>
    list.map((it) => {
      const cut = depth >= maxDepth - 1;
      const out: Item = {
        el: it.el,
        depth,
        children: cut ? [] : copy(it.children, depth + 1, false),
        hidden: cut ? countAll(it.children) : 0,
      };
      if (cut && it.children.length > 0) out.cut = it.children.map((c) => c.el);
      if (it.run !== undefined) runOf = it.run;
      if (top) return out; // a scoped member prints alone
      if (it.run !== undefined && !expanded(it.run)) out.run = it.run;
      if (it.folded === true && !expanded(runOf)) out.folded = true;
      return out;
    });
  return copy(top, 0, options.scope !== undefined);
}

function findItem(items: readonly Item[], ref: string): Item | undefined {
  for (const it of items) {
    if (it.el.ref === ref) return it;
    const r = findItem(it.children, ref);
    if (r) return r;
  }
  return undefined;
}

/** The one REF_NOT_FOUND: a ref that is on no element of this screen. */
export function refNotFound(ref: string): GlanceError {
  return new GlanceError('REF_NOT_FOUND', `no element with ref ${ref} on this screen`, {
    hint: 'the screen changed or the ref is from another screen: take a new snapshot and use a ref from it',
    next: { tool: 'device_snapshot' },
    context: { ref },
  });
}

/** The foreground package: as the dump states it, else the first window's that is not system chrome. */
function screenOf(dump: UiDump): ScreenInfo {
  const screen: ScreenInfo = { width: dump.width, height: dump.height };
  if (dump.stated !== undefined) screen.stated = { width: dump.stated.width, height: dump.stated.height };
  const pkgs = dump.roots.map((r) => r.pkg).filter((p) => p !== '' && p !== 'gesture');
  const pkg = dump.package ?? pkgs.find((p) => p !== 'com.android.systemui') ?? pkgs[0];
  if (pkg !== undefined && pkg !== '') screen.package = pkg;
  if (dump.activity !== undefined) screen.activity = dump.activity;
  return screen;
}

function checkOptions(o: SnapshotOptions): void {
  const bad = (message: string): GlanceError =>
    new GlanceError('USAGE', message, {
      hint: 'the snapshot options are described with the tool',
      next: { tool: 'device_snapshot', help: true },
    });
  if (o.format !== undefined && !SNAPSHOT_FORMATS.includes(o.format))
    throw bad(`unknown format "${String(o.format)}": use ${SNAPSHOT_FORMATS.join(', ')}`);
  if (o.depth !== undefined && !(Number.isInteger(o.depth) && o.depth >= 1)) throw bad(`depth must be a whole number ≥ 1, got ${o.depth}`);
  if (o.maxLabel !== undefined && !(Number.isInteger(o.maxLabel) && o.maxLabel >= 0))
    throw bad(`maxLabel must be a whole number ≥ 0, got ${o.maxLabel}`);
}

/** The previous snapshot's elements and memory to take refs from: none when it shows another app or activity. */
function carryBasis(previous: PreviousSnapshot | undefined, screen: ScreenInfo): Basis {
  if (previous === undefined) return { elements: [], memory: undefined };
  const was = previous.screen;
  const differs = (k: 'package' | 'activity'): boolean => was?.[k] !== undefined && screen[k] !== undefined && was[k] !== screen[k];
  return differs('package') || differs('activity')
    ? { elements: [], memory: undefined }
    : { elements: previous.elements, memory: previous.memory };
}

/** The distilled, ref-carrying element tree of a dump (what every format and every other API builds on). */
export function snapshotFromDump(input: DumpInput, options: SnapshotOptions = {}): Snapshot {
  return snapshotAndTree(input, options).snapshot;
}

/**
 * snapshotFromDump that also returns, for each element, the dumped node it stands for and what names it in its
 * ref's key (same order as `elements`). For benches and tests that follow elements across perturbed dumps; not
 * part of the stable API.
 */
export function snapshotWithSources(
  input: DumpInput,
  options: SnapshotOptions = {},
  render = true,
): { snapshot: Snapshot; sources: UiNode[]; names: string[] } {
  const { snapshot, built } = snapshotAndTree(input, options, render);
  const at = new Map<SnapshotElement, number>();
  built.elements.forEach((el, i) => at.set(el, i));
  // Every shown element is one of the built ones: the view only selects among them.
  const index = snapshot.elements.map((e) => at.get(e)!);
  return { snapshot, sources: index.map((i) => built.nodes[i]!.src), names: index.map((i) => built.names[i]!) };
}

function renderFormat(
  format: SnapshotFormat,
  v: { items: Item[]; elements: SnapshotElement[]; dump: UiDump; header: Header },
  ro: RenderOptions,
): string {
  switch (format) {
    case 'tree':
      return renderTree(v.items, v.header, ro);
    case 'table':
      return renderTable(v.items, v.header, ro);
    case 'json':
      return renderJson({ screen: v.header.screen, elements: v.elements });
    case 'xml':
      return toUiautomatorXml(v.dump, { hidePasswords: true });
  }
}

/** `render` false leaves `text` empty: for callers that read only the elements (privacy blocks on huge screens). */
function snapshotAndTree(input: DumpInput, options: SnapshotOptions, render = true): { snapshot: Snapshot; built: Built } {
  checkOptions(options);
  const dump = hintsAsDumped(toDump(input));
  const mode = { all: options.all ?? false, offscreen: options.offscreen ?? false };
  const { roots, stats } = distil(dump, mode, platformOf(dump) === 'ios' ? iosPassesFor(mode) : passesFor(mode));
  const screen = screenOf(dump);
  const built = build(roots, dump.roots, carryBasis(options.previous, screen));
  const items = view(built.items, options);
  const elements: SnapshotElement[] = [];
  forEachItem(items, (it) => elements.push(it.el));
  const format = options.format ?? 'tree';
  const ro: RenderOptions = { bounds: options.bounds ?? false, maxLabel: options.maxLabel ?? DEFAULT_MAX_LABEL };
  const header = { screen, offscreenHidden: options.offscreen ? 0 : stats.offscreen };
  const text = render ? renderFormat(format, { items, elements, dump, header }, ro) : '';
  const snapshot: Snapshot = {
    format,
    text,
    elements,
    screen,
    stats: { ...stats, elements: built.elements.length, shown: elements.length, carried: built.carried },
    memory: built.memory,
  };
  return { snapshot, built };
}

/**
 * Finds the element a ref names in a (new) dump or snapshot. Refs are identity-derived, so a ref taken from an
 * earlier snapshot of the same screen resolves as long as the element is still there.
 */
export function resolveRef(
  source: DumpInput | Snapshot,
  ref: string,
  options: Pick<SnapshotOptions, 'all' | 'offscreen'> = {},
): SnapshotElement {
  const snap = isSnapshot(source) ? source : snapshotFromDump(source, { all: options.all ?? false, offscreen: options.offscreen ?? false });
  return elementByRef(snap.elements, ref);
}

/** The element with this ref; REF_NOT_FOUND (with the hint to take a new snapshot) when there is none. */
export function elementByRef(elements: readonly SnapshotElement[], ref: string): SnapshotElement {
  const el = elements.find((e) => e.ref === ref);
  if (!el) throw refNotFound(ref);
  return el;
}

export function isSnapshot(x: unknown): x is Snapshot {
  return typeof x === 'object' && x !== null && 'elements' in x && 'text' in x && Array.isArray((x as Snapshot).elements);
}
