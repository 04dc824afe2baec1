/**
 * Long-press modes beyond what was recorded: a recording that long-pressed one row of a list and reached a
 * selection mode (a contextual action bar, the row marked) or a row menu shows what a long-press does to every
 * row of that list with the same layout. The same long-press on another row shows that mode for the row: the
 * recorded mode's screen, the list as it is now, the row's recorded change (selected, checked, a check mark)
 * carried to the pressed row. What the mode's items would do to this row was never recorded; back leaves it.
 */
import { shortClass, shortId, walk, type UiNode } from '../../hierarchy/model.js';
import type { ScreenDef } from './scenario.js';

/** Name prefix of a mode screen built for a row the recording never long-pressed. */
export const MODE = '@mode:';

/** A recorded long-press: on the row at preorder index `row` of `start`, it opened `stop`. */
export interface RecordedMode {
  start: ScreenDef;
  stop: ScreenDef;
  row: number;
}

/** The live screen a long-press lands on (a ScreenInstance): its nodes, what is beyond a fold, the scroll offsets. */
export interface LiveScreen {
  readonly def: ScreenDef;
  readonly roots: readonly UiNode[];
  readonly offscreen: ReadonlySet<UiNode>;
  readonly scroll: ReadonlyMap<UiNode, { x: number; y: number }>;
}

export interface ModeScreen {
  def: ScreenDef;
  /** `selection`: the list stays and the row is marked; `menu`: the recorded screen hides the list. */
  kind: 'selection' | 'menu';
  /** The list's preorder index in `def` and its scroll offset, so the mode shows the list where it was. */
  scroll?: { list: number; offset: { x: number; y: number } };
}

/** The mode a long-press on `row` (a live node of `here`) opens, when the recording shows one for a sibling row. */
export type ModeFor = (here: LiveScreen, row: UiNode) => ModeScreen | undefined;

const LIST_CLASS = /(RecyclerView|ListView|GridView)$/;

/** A row and the list holding it: the nearest ancestor of `node` (itself included) whose parent is a list. */
function rowOf(roots: readonly UiNode[], node: UiNode): { row: UiNode; list: UiNode } | undefined {
  const parent = new Map<UiNode, UiNode>();
  for (const e of walk(roots)) if (e.parent !== undefined) parent.set(e.node, e.parent);
  for (let n: UiNode | undefined = node; n !== undefined; n = parent.get(n)) {
    const p = parent.get(n);
    if (p !== undefined && (p.scrollable || LIST_CLASS.test(p.cls))) return { row: n, list: p };
  }
  return undefined;
}

const key = (n: UiNode): string => `${shortClass(n.cls)}#${shortId(n.id)}`;

/** A view tree's layout: classes and ids, nested; rows of one adapter with one layout share it. */
function layout(n: UiNode): string {
  return `${key(n)}(${n.children.map(layout).join(',')})`;
}

/** The first text in a row (its title), to follow the row where a menu names it. */
function label(n: UiNode): string {
  for (const { node } of walk([n])) if (node.text !== '') return node.text;
  return '';
}

function shifted(n: UiNode, dx: number, dy: number): UiNode {
  const [l, t, r, b] = n.bounds;
  return { ...n, bounds: [l + dx, t + dy, r + dx, b + dy], children: n.children.map((c) => shifted(c, dx, dy)) };
}

const STATES = ['checked', 'selected', 'focused'] as const;

/**
 * Carries what the mode changed on the recorded row (`was` → `now`) onto `onto`, a row of the same layout:
 * states that flipped, views the mode added (a check mark, moved by the rows' offset `[dx, dy]`), views it hid.
 * Children pair up by class and id in order, so a view the mode inserts before the others does not shift them.
 */
function carry(was: UiNode, now: UiNode, onto: UiNode, [dx, dy]: readonly [number, number]): UiNode {
  const out: UiNode = { ...onto };
  for (const k of STATES) if (was[k] !== now[k]) out[k] = now[k];
  const kids: UiNode[] = [];
  let j = 0;
  for (const c of now.children) {
    const w = was.children[j];
    const o = onto.children[j];
    if (w !== undefined && o !== undefined && key(w) === key(c)) {
      kids.push(carry(w, c, o, [dx, dy]));
      j++;
    } else kids.push(shifted(c, dx, dy));
  }
  out.children = kids;
  return out;
}

interface Found {
  recorded: RecordedMode;
  /** The recorded row in `start` and its list. */
  row: UiNode;
  list: UiNode;
}

function nodeAt(roots: readonly UiNode[], index: number): UiNode | undefined {
  let i = 0;
  for (const { node } of walk(roots)) if (i++ === index) return node;
  return undefined;
}

function indexOf(roots: readonly UiNode[], target: UiNode): number {
  let i = 0;
  for (const { node } of walk(roots)) {
    if (node === target) return i;
    i++;
  }
  return -1;
}

/** The node of `roots` with this list's class and id (where the mode screen keeps the list), if any. */
function sameList(roots: readonly UiNode[], list: UiNode): UiNode | undefined {
  for (const { node } of walk(roots)) if (node.id === list.id && node.cls === list.cls) return node;
  return undefined;
}

/**
 * The mode screen for `pressed` (row of `list` on the live screen): a copy of the recorded mode screen whose list
 * holds the live list's rows, the recorded row's change carried to the pressed row, and the recorded row's title
 * (where the mode names it outside the list) replaced by the pressed row's.
 */
function build(f: Found, here: LiveScreen, pressed: { row: UiNode; list: UiNode }): ModeScreen {
  const stop = structuredClone(f.recorded.stop.dump);
  const target = sameList(stop.roots, f.list);
  const from = label(f.row);
  const to = label(pressed.row);
  for (const { node } of walk(stop.roots)) if (from !== '' && node.text === from) node.text = to;
  const name = `${MODE}${f.recorded.stop.name}:${here.def.name}:${indexOf(here.roots, pressed.row)}`;
  const def: ScreenDef = { name, activity: f.recorded.stop.activity, dump: stop };
  if (target === undefined) return { def, kind: 'menu' };
  // The recorded row as the mode shows it: at the same place in the list, else at the same position among the rows.
  const i = f.list.children.indexOf(f.row);
  const marked =
    target.children.find((c) => key(c) === key(f.row) && c.bounds[1] - target.bounds[1] === f.row.bounds[1] - f.list.bounds[1]) ??
    (target.children[i] !== undefined && key(target.children[i]!) === key(f.row) ? target.children[i]! : f.row);
  const dx = pressed.row.bounds[0] - f.row.bounds[0];
  const dy = pressed.row.bounds[1] - f.row.bounds[1];
  const lx = target.bounds[0] - pressed.list.bounds[0];
  const ly = target.bounds[1] - pressed.list.bounds[1];
  const hidden: UiNode[] = [];
  // The live rows (toggles and all), each copied once; the copies that lie beyond the fold stay hidden there.
  const copy = (n: UiNode): UiNode => {
    const c = n === pressed.row ? carry(f.row, marked, n, [dx, dy]) : { ...n, children: n.children.map(copy) };
    const out = shifted(c, lx, ly);
    if (here.offscreen.has(n)) hidden.push(out);
    return out;
  };
  target.children = pressed.list.children.map(copy);
  const byIndex = [...walk(stop.roots)].map((e) => e.node);
  const offscreen = hidden.map((n) => byIndex.indexOf(n)).filter((i) => i >= 0);
  if (offscreen.length > 0) def.offscreen = offscreen;
  const offset = here.scroll.get(pressed.list);
  const mode: ModeScreen = { def, kind: 'selection' };
  if (offset !== undefined) mode.scroll = { list: byIndex.indexOf(target), offset };
  return mode;
}

/**
 * Indexes recorded long-presses that opened a mode (a screen of the same app, not the one pressed on) by the list
 * they were made in. A long-press on a row of a list with the same id and class, on a screen of the same activity,
 * whose row has the recorded row's layout, opens that mode; the recorded row itself is the replay's to answer.
 */
export function modeIndex(recorded: readonly RecordedMode[]): ModeFor {
  const found: Found[] = [];
  for (const r of recorded) {
    const node = nodeAt(r.start.dump.roots, r.row);
    const at = node === undefined ? undefined : rowOf(r.start.dump.roots, node);
    if (at !== undefined) found.push({ recorded: r, ...at });
  }
  return (here, node) => {
    if (here.def.name.startsWith(MODE)) return undefined;
    const pressed = rowOf(here.roots, node);
    if (pressed === undefined) return undefined;
    const shape = layout(pressed.row);
    const f = found.find(
      (c) =>
        c.recorded.start.activity === here.def.activity &&
        c.list.id === pressed.list.id &&
        c.list.cls === pressed.list.cls &&
        layout(c.row) === shape,
    );
    return f === undefined ? undefined : build(f, here, pressed);
  };
}
