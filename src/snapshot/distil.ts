/**
 * The distiller: UiDump → a small intermediate tree (DNode) → named passes, one list per mode.
 *
 * Each pass is a pure function over the tree it is given (it may reuse or rewrite the nodes of that tree,
 * which the pipeline owns) and counts what it drops in `ctx.stats`, so nothing disappears silently.
 * Passes are exported one by one and tested alone (test/snapshot/passes.test.ts). Shape after Playwright's
 * ariaSnapshot distiller: drop, unwrap, absorb, then group.
 */
import { area, shortClass, shortId, type Bounds, type UiDump, type UiNode } from '../hierarchy/model.js';
import { passwordHint } from './password-hint.js';

export interface DNode {
  /** The dumped node this element stands for (privacy's layout blocks, benches and tests; never rendered). */
  src: UiNode;
  /** Short class name (`Button`). */
  cls: string;
  text: string;
  desc: string;
  hint: string;
  /** Short resource id (`button1`), '' when absent. */
  id: string;
  pkg: string;
  /** Labels of non-interactive descendants absorbed into this node (absorbChildLabels). */
  labels: string[];
  /** Bounds of the first absorbed label: a row is tapped on its label (the text a user would touch). */
  labelBounds?: Bounds;
  bounds: Bounds;
  clickable: boolean;
  longClickable: boolean;
  checkable: boolean;
  checked: boolean;
  editable: boolean;
  scrollable: boolean;
  enabled: boolean;
  focused: boolean;
  selected: boolean;
  password: boolean;
  visible: boolean;
  /** Survives unwrapLayouts even without label or action (input widgets, identified icons). */
  keep: boolean;
  /** Short id of the nearest dumped ancestor with a resource id: part of the ref identity of top-level elements. */
  scopeId: string;
  /** An iOS switch: its checked state reads `on` (iosVocabulary). */
  onOff?: true;
  /** Number of rows when this node is a list (groupLists). */
  items?: number;
  offscreen?: true;
  children: DNode[];
}

export interface DistilStats {
  /** Nodes in the dump. */
  nodes: number;
  /** Nodes dropped, by reason (each count includes the dropped node's descendants). */
  invisible: number;
  zeroArea: number;
  offscreen: number;
  chrome: number;
  /** Layout containers replaced by their children. */
  unwrapped: number;
  /** Descendants whose labels were absorbed into a clickable ancestor. */
  absorbed: number;
}

export interface PassContext {
  width: number;
  height: number;
  /** Keep system chrome (status/navigation bars, system UI windows). */
  all: boolean;
  /** Keep off-screen nodes, marked `offscreen`, instead of dropping them. */
  offscreen: boolean;
  stats: DistilStats;
}

export type Pass = (roots: DNode[], ctx: PassContext) => DNode[];

/**
 * Guard against hostile dumps: the parser accepts any nesting, but the passes recurse. Android's own view
 * trees stay far below this; deeper nodes are attached to their ancestor at this depth.
 */
export const MAX_DEPTH = 256;

export function emptyStats(): DistilStats {
  return { nodes: 0, invisible: 0, zeroArea: 0, offscreen: 0, chrome: 0, unwrapped: 0, absorbed: 0 };
}

function toDNode(n: UiNode, scopeId: string): DNode {
  return {
    src: n,
    cls: shortClass(n.cls),
    text: n.text,
    desc: n.desc,
    hint: n.hint,
    id: shortId(n.id),
    pkg: n.pkg,
    labels: [],
    bounds: n.bounds,
    clickable: n.clickable,
    longClickable: n.longClickable,
    checkable: n.checkable,
    checked: n.checked,
    editable: n.editable,
    scrollable: n.scrollable,
    enabled: n.enabled,
    focused: n.focused,
    selected: n.selected,
    password: n.password,
    visible: n.visible,
    keep: false,
    scopeId,
    children: [],
  };
}

/** Builds the intermediate tree (iteratively: hostile dumps may nest deeper than the call stack). */
export function fromDump(dump: Pick<UiDump, 'roots' | 'platform'>, stats: DistilStats = emptyStats()): DNode[] {
  const roots: DNode[] = [];
  // iOS: an identifier equal to the label is WDA's fallback `name`, not an identity of its own.
  const ios = dump.platform === 'ios';
  const stack: Array<{ src: UiNode; parent: DNode | undefined; depth: number; scope: string }> = [];
  for (let i = dump.roots.length - 1; i >= 0; i--) stack.push({ src: dump.roots[i]!, parent: undefined, depth: 0, scope: '' });
  while (stack.length > 0) {
    const { src, parent, depth, scope } = stack.pop()!;
    stats.nodes++;
    const d = toDNode(src, scope);
    if (parent) parent.children.push(d);
    else roots.push(d);
    const childScope = d.id !== '' && !(ios && d.id === d.desc) ? d.id : scope;
    const holder = depth >= MAX_DEPTH ? (parent ?? d) : d;
    const kids = src.children;
    for (let i = kids.length - 1; i >= 0; i--) {
      stack.push({ src: kids[i]!, parent: holder, depth: holder === d ? depth + 1 : depth, scope: childScope });
    }
  }
  return roots;
}

/** Calls `f` on every node, pre-order: the walk of the passes that change nodes in place. */
export function forEachNode(roots: readonly DNode[], f: (n: DNode) => void): void {
  for (const n of roots) {
    f(n);
    forEachNode(n.children, f);
  }
}

export function subtreeSize(n: DNode): number {
  let s = 1;
  for (const c of n.children) s += subtreeSize(c);
  return s;
}

/** Drops the nodes `reject` accepts, with their subtrees, and counts each whole subtree under `reason`. */
export function dropWhere(roots: DNode[], ctx: PassContext, reason: keyof DistilStats, reject: (n: DNode) => boolean): DNode[] {
  const visit = (list: DNode[]): DNode[] => {
    const out: DNode[] = [];
    for (const n of list) {
      if (reject(n)) {
        ctx.stats[reason] += subtreeSize(n);
        continue;
      }
      n.children = visit(n.children);
      out.push(n);
    }
    return out;
  };
  return visit(roots);
}

function isActionable(n: DNode): boolean {
  return n.clickable || n.longClickable || n.checkable || n.editable || n.scrollable;
}

export function hasLabel(n: DNode): boolean {
  return n.text !== '' || n.desc !== '' || n.labels.length > 0;
}

// ---------------------------------------------------------------------------------------------- passes

/** `visible-to-user="false"` (uiautomator2) or DroidBot `visible: false`. */
export const dropInvisible: Pass = (roots, ctx) => dropWhere(roots, ctx, 'invisible', (n) => !n.visible);

/** Nothing with zero width or height can be seen or tapped (collapsed views, empty containers). */
export const dropZeroArea: Pass = (roots, ctx) => dropWhere(roots, ctx, 'zeroArea', (n) => area(n.bounds) === 0);

const CHROME_IDS = new Set(['statusBarBackground', 'navigationBarBackground', 'status_bar_container', 'navigation_bar_frame']);
const SYSTEM_UI = 'com.android.systemui';

/**
 * Status and navigation bars: the `android:id/statusBarBackground` / `navigationBarBackground` views apps
 * draw behind the bars, and the system UI windows uiautomator2 dumps beside the app (plus its pseudo
 * `gesture` exclusion windows). A system UI root is only chrome when some other window is present: when
 * the notification shade or a system dialog is the whole screen, it is the screen.
 */
export const dropSystemChrome: Pass = (roots, ctx) => {
  if (ctx.all) return roots;
  const hasApp = roots.some((r) => r.pkg !== SYSTEM_UI && r.pkg !== 'gesture');
  const top = roots.filter((r) => {
    const chrome = r.pkg === 'gesture' || (hasApp && r.pkg === SYSTEM_UI);
    if (chrome) ctx.stats.chrome += subtreeSize(r);
    return !chrome;
  });
  return dropWhere(top, ctx, 'chrome', (n) => CHROME_IDS.has(n.id));
};

/**
 * Nodes entirely outside the screen (ViewPager pages beside the current one, content scrolled away in
 * Compose / WebView). Counted, and with `offscreen` kept and marked instead.
 */
export const dropOffscreen: Pass = (roots, ctx) => {
  const out = (b: Bounds): boolean =>
    b[2] <= 0 || b[3] <= 0 || (ctx.width > 0 && b[0] >= ctx.width) || (ctx.height > 0 && b[1] >= ctx.height);
  if (!ctx.offscreen) return dropWhere(roots, ctx, 'offscreen', (n) => out(n.bounds));
  forEachNode(roots, (n) => {
    if (out(n.bounds)) {
      n.offscreen = true;
      ctx.stats.offscreen++;
    }
  });
  return roots;
};

// Zero-width space/joiners, word joiner, BOM and bidi marks: invisible on screen, noise (and tokens) for a model.
const ZERO_WIDTH = /[\u200b-\u200f\u2060\ufeff\u202a-\u202e]/;
const ZERO_WIDTH_ALL = new RegExp(ZERO_WIDTH.source, 'g');

function clean(s: string): string {
  if (s === '') return s;
  return (ZERO_WIDTH.test(s) ? s.replace(ZERO_WIDTH_ALL, '') : s).trim();
}

/** Strips zero-width and bidi control characters and surrounding blanks from text, description and hint. */
export const stripZeroWidth: Pass = (roots) => {
  forEachNode(roots, (n) => {
    n.text = clean(n.text);
    n.desc = clean(n.desc);
    n.hint = clean(n.hint);
  });
  return roots;
};

/** A password field's text is never shown (Android already masks it; some dumps leak it); a prompt stays its hint. */
export const hidePasswordValues: Pass = (roots) => {
  forEachNode(roots, (n) => {
    if (!n.password) return;
    if (n.hint === '') n.hint = passwordHint(n.text);
    n.text = '';
  });
  return roots;
};

/** Widgets that are inputs by nature: kept even when empty and unlabeled. */
const INPUT_WIDGETS: ReadonlySet<string> = new Set([
  'EditText',
  'Button',
  'ImageButton',
  'Switch',
  'SwitchCompat',
  'SwitchMaterial',
  'CheckBox',
  'RadioButton',
  'ToggleButton',
  'CompoundButton',
  'Spinner',
  'SeekBar',
  'RatingBar',
  'WebView',
  'AutoCompleteTextView',
  'MultiAutoCompleteTextView',
  'DatePicker',
  'TimePicker',
  'NumberPicker',
]);

export const keepInputWidgets: Pass = (roots) => {
  forEachNode(roots, (n) => {
    if (INPUT_WIDGETS.has(n.cls) || n.editable) n.keep = true;
  });
  return roots;
};

/**
 * An unlabeled clickable icon is only useful to a model through its resource id, which the tree prints in
 * place of a label (`#menu_search`): mark those kept, so that no later pass folds them away. (Every clickable
 * survives unwrapLayouts; an unlabeled one without id still shows its class: it remains a tap target.)
 */
export const keepIdentifiedIcons: Pass = (roots) => {
  forEachNode(roots, (n) => {
    if ((n.clickable || n.longClickable) && n.id !== '' && !hasLabel(n)) n.keep = true;
  });
  return roots;
};

/** Widgets operated by dragging or typing, not by the row's tap: never absorbed, even when not clickable. */
const OWN_WIDGETS: ReadonlySet<string> = new Set([
  'SeekBar',
  'RatingBar',
  'Spinner',
  'NumberPicker',
  'DatePicker',
  'TimePicker',
  'WebView',
]);

/**
 * Whether a node stays an element of its own inside a clickable ancestor. A widget that cannot be acted on
 * itself (Compose marks a clickable's content with role classes such as a non-clickable `Button`) is part
 * of the row.
 */
function interactive(n: DNode): boolean {
  return n.clickable || n.longClickable || n.editable || n.scrollable || n.checkable || OWN_WIDGETS.has(n.cls);
}

/**
 * A clickable row with non-interactive labels inside (title, summary, icon description) becomes one element:
 * the row is what to tap, on its first label. Interactive descendants stay as children of the row. A labelled
 * check box that is not clickable itself (the row toggles it) merges into the row, which takes its class and
 * checked state; an unlabeled one (the switch of an Android preference row) stays a child: its area is a tap
 * target too, the tap falls through to the row. Rows covering more than half the screen are left alone: a
 * clickable page wrapper is not a row.
 */
export const absorbChildLabels: Pass = (roots, ctx) => {
  const screenArea = ctx.width * ctx.height;
  const absorbInto = (row: DNode, list: DNode[], seen: Set<string>): DNode[] => {
    const kept: DNode[] = [];
    for (const c of list) {
      if (c.offscreen) {
        kept.push(c);
        continue;
      }
      // A labelled check box that is not clickable itself is the row's own toggle: merge it (its label is the
      // row's first label, so the row's tap point lands inside the box).
      const labelledBox =
        c.checkable && !c.clickable && !c.longClickable && !c.editable && c.text !== '' && row.labels.length === 0 && !row.checkable;
      if (interactive(c) && !labelledBox) {
        visit([c]);
        kept.push(c);
        continue;
      }
      ctx.stats.absorbed++;
      if (labelledBox) {
        row.checkable = true;
        row.checked = c.checked;
        if (!INPUT_WIDGETS.has(row.cls)) row.cls = c.cls;
      }
      for (const s of [c.text, c.desc]) {
        if (s === '' || seen.has(s)) continue;
        seen.add(s);
        if (row.labels.length === 0) row.labelBounds = c.bounds;
        row.labels.push(s);
      }
      for (const k of absorbInto(row, c.children, seen)) kept.push(k);
    }
    return kept;
  };
  const visit = (list: DNode[]): void => {
    for (const n of list) {
      if ((n.clickable || n.longClickable) && !n.editable && !n.scrollable && (screenArea <= 0 || area(n.bounds) * 2 <= screenArea)) {
        n.children = absorbInto(n, n.children, new Set([n.text, n.desc, ...n.labels]));
      } else visit(n.children);
    }
  };
  visit(roots);
  return roots;
};

/** Layout containers with no label, action or reason to keep are replaced by their children. */
export const unwrapLayouts: Pass = (roots, ctx) => {
  const visit = (list: DNode[]): DNode[] => {
    const out: DNode[] = [];
    for (const n of list) {
      n.children = visit(n.children);
      if (hasLabel(n) || isActionable(n) || n.keep) out.push(n);
      else {
        ctx.stats.unwrapped++;
        for (const c of n.children) out.push(c); // no spread: a container may hold 100k+ nodes
      }
    }
    return out;
  };
  return visit(roots);
};

const LIST_CLASSES = /(RecyclerView|ListView|GridView|ViewPager\d?|ExpandableListView)$/;

/** Lists (RecyclerView, ListView, GridView, or any scrollable with several rows) know their item count. */
export const groupLists: Pass = (roots) => {
  forEachNode(roots, (n) => {
    if (n.children.length > 0 && (LIST_CLASSES.test(n.cls) || (n.scrollable && n.children.length >= 3))) n.items = n.children.length;
  });
  return roots;
};

export interface PipelineOptions {
  all?: boolean;
  offscreen?: boolean;
}

/** The pass list for a mode: the default view, `all` (chrome kept) and `offscreen` (marked, not dropped). */
export function passesFor(options: PipelineOptions = {}): Pass[] {
  const list: Pass[] = [dropInvisible, dropZeroArea];
  if (!options.all) list.push(dropSystemChrome);
  list.push(
    dropOffscreen,
    stripZeroWidth,
    hidePasswordValues,
    keepInputWidgets,
    keepIdentifiedIcons,
    absorbChildLabels,
    unwrapLayouts,
    groupLists,
  );
  return list;
}

/** Runs a pass list (by default the Android one for the options; iOS dumps bring theirs, ios-passes.ts). */
export function distil(
  dump: UiDump,
  options: PipelineOptions = {},
  passes: readonly Pass[] = passesFor(options),
): { roots: DNode[]; stats: DistilStats } {
  const stats = emptyStats();
  const ctx: PassContext = {
    width: dump.width,
    height: dump.height,
    all: options.all ?? false,
    offscreen: options.offscreen ?? false,
    stats,
  };
  let roots = fromDump(dump, stats);
  for (const pass of passes) roots = pass(roots, ctx);
  return { roots, stats };
}
