/**
 * Layout-aware blocks: a partition of a snapshot's elements along the layout tree, so that a block is
 * something a person would see as one part of the screen (the toolbar, a dialog's buttons, one list row).
 *
 * Two rules, both named passes over the same tree:
 * - `core`: CORE's rule (group important elements by their ancestor at the first depth that yields ≥ 3 groups).
 * - `layout` (default): descend the tree and cut at natural containers (toolbars, dialogs, tab bars, list
 *   rows), split groups larger than `maxSize`, then merge runs of tiny sibling groups. docs/privacy.md has the
 *   measurements that chose it.
 * Every element lands in exactly one block (checked by the tests over the whole corpus).
 */
import { shortClass, shortId, type UiDump, type UiNode } from '../hierarchy/model.js';
import type { SnapshotElement } from '../snapshot/types.js';
export { unionBounds } from '../snapshot/grids.js';
import { MAX_DEPTH } from '../snapshot/distil.js';

export type BlockKind = 'toolbar' | 'dialog' | 'tabs' | 'list' | 'row' | 'input' | 'group';

export interface RawBlock {
  kind: BlockKind;
  elements: SnapshotElement[];
  /** The layout container the block was cut at (absent for the virtual root). */
  container?: UiNode;
  /** Inside a dialog (a container named like AOSP's AlertDialog panels or `*dialog*`). */
  modal?: boolean;
}

export interface PartitionOptions {
  rule?: 'core' | 'layout';
  /** Largest block the `layout` rule keeps whole (natural containers may exceed it by up to 50%). */
  maxSize?: number;
  /** Sibling groups smaller than this are merged with their neighbours (`layout` rule). */
  minSize?: number;
}

interface TreeNode {
  node: UiNode | undefined;
  /** containerKind(node), judged once per node. */
  kind?: BlockKind | undefined;
  /** This node or an ancestor is a dialog. */
  dialog: boolean;
  children: TreeNode[];
  own: SnapshotElement[];
  count: number;
}

/** Builds the tree restricted to nodes that lie on the path of some element. */
function elementTree(
  dump: UiDump,
  elements: readonly SnapshotElement[],
  nodeOf: ReadonlyMap<SnapshotElement, UiNode>,
): { root: TreeNode; at: Map<SnapshotElement, TreeNode> } {
  const at = new Map<SnapshotElement, TreeNode>();
  const root: TreeNode = { node: undefined, dialog: false, children: [], own: [], count: 0 };
  // A root-first path for the nodes elements stand for only, from one walk that keeps the current path (no map
  // over every dumped node). As in the snapshot, nodes deeper than MAX_DEPTH + 1 hang on their ancestor at
  // depth MAX_DEPTH: the rules below recurse, and a hostile dump nests deeper than the call stack.
  const anchors = new Set(nodeOf.values());
  const paths = new Map<UiNode, UiNode[]>();
  const path: UiNode[] = [];
  const nodes: UiNode[] = [];
  const depths: number[] = [];
  for (let i = dump.roots.length - 1; i >= 0; i--) {
    nodes.push(dump.roots[i]!);
    depths.push(0);
  }
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    // Overwritten in place, never shortened: setting an array's length on every node costs more than the walk.
    path[depth] = node;
    if (anchors.has(node)) paths.set(node, depth <= MAX_DEPTH + 1 ? path.slice(0, depth + 1) : [...path.slice(0, MAX_DEPTH + 1), node]);
    for (let i = node.children.length - 1; i >= 0; i--) {
      nodes.push(node.children[i]!);
      depths.push(depth + 1);
    }
  }
  const tn = new Map<UiNode, TreeNode>();
  for (const el of elements) {
    const anchor = nodeOf.get(el);
    let cur = root;
    cur.count++;
    for (const n of (anchor === undefined ? undefined : paths.get(anchor)) ?? []) {
      let t = tn.get(n);
      if (t === undefined) {
        const kind = containerKind(n);
        t = { node: n, kind, dialog: cur.dialog || kind === 'dialog', children: [], own: [], count: 0 };
        tn.set(n, t);
        cur.children.push(t);
      }
      t.count++;
      cur = t;
    }
    cur.own.push(el);
    at.set(el, cur);
  }
  return { root, at };
}

/** The elements of a subtree in document order (iterative: nested generators cost depth × size). */
function elementsUnder(t: TreeNode): SnapshotElement[] {
  const out: SnapshotElement[] = [];
  const stack = [t];
  while (stack.length > 0) {
    const n = stack.pop()!;
    for (const e of n.own) out.push(e);
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return out;
}

const LIST_CLASSES = /^(RecyclerView|ListView|GridView|AbsListView|ExpandableListView|ViewPager2?)$/;

/** What kind of natural container a layout node is, judged from its class and resource id. */
export function containerKind(n: UiNode | undefined): BlockKind | undefined {
  if (n === undefined) return undefined;
  const cls = shortClass(n.cls);
  const id = shortId(n.id).toLowerCase();
  if (/toolbar|action_?bar|app_?bar|actionbar/i.test(cls) || /toolbar|action_?bar|app_?bar|top_bar|search_bar|menu_bar/.test(id))
    return 'toolbar';
  if (
    /^(parentPanel|buttonPanel|alertTitle|topPanel|contentPanel|customPanel|select_dialog_listview)$/.test(shortId(n.id)) ||
    /dialog/.test(id)
  )
    return 'dialog';
  if (/TabLayout|TabWidget|BottomNavigation|NavigationBarView/.test(cls) || /tab_?layout|tabs|bottom_nav|navigation/.test(id))
    return 'tabs';
  if (LIST_CLASSES.test(cls) || (n.scrollable && n.children.length > 1)) return 'list';
  return undefined;
}

/** CORE's rule: the ancestor at the first depth that gives ≥ 3 groups (or the deepest split available). */
function coreRule(root: TreeNode): RawBlock[] {
  let frontier: TreeNode[][] = [[root]];
  for (let depth = 0; depth < 200; depth++) {
    const groups = frontier;
    if (groups.length >= 3) break;
    const next: TreeNode[][] = [];
    let grew = false;
    for (const g of groups) {
      // A group is the subtree of one node; step each to its children, keeping elements anchored on it.
      const t = g[0]!;
      if (t.children.length === 0) {
        next.push(g);
        continue;
      }
      grew = true;
      if (t.own.length > 0) next.push([{ ...t, children: [] }]);
      for (const c of t.children) next.push([c]);
    }
    if (!grew) break;
    frontier = next;
  }
  return frontier.map((g) => ({
    kind: g[0]!.kind ?? 'group',
    elements: elementsUnder(g[0]!),
    ...(g[0]!.node ? { container: g[0]!.node } : {}),
  }));
}

function layoutRule(root: TreeNode, maxSize: number, minSize: number): RawBlock[] {
  const cut = (t: TreeNode, inList: boolean): RawBlock[] => {
    const kind = t.kind;
    // Every node of the tree holds an element (it lies on an element's path): each child of a list is a row.
    const isRow = inList;
    const natural = kind === 'toolbar' || kind === 'dialog' || kind === 'tabs' || isRow;
    const limit = natural ? Math.ceil(maxSize * 1.5) : maxSize;
    if (t.node !== undefined && t.count <= limit) {
      return [{ kind: isRow ? 'row' : (kind ?? 'group'), elements: elementsUnder(t), container: t.node }];
    }
    if (t.children.length === 0) {
      return [{ kind: kind ?? 'group', elements: [...t.own], ...(t.node ? { container: t.node } : {}) }];
    }
    // A list's rows are natural blocks. (A wrapper with a single child need not pass its list-ness down: it holds
    // as many elements as its child, so neither is cut whole when the wrapper is not.)
    const childInList = kind === 'list';
    const parts = t.children.map((c) => cut(c, childInList));
    // Elements anchored on the container itself: a scroll-only container (a list) is a block of its own, so
    // its scroll handle is not sent with the first row; a clickable card joins its first block.
    if (t.own.length > 0) {
      const scrollOnly = t.own.every((e) => e.actions.every((a) => a === 'scroll'));
      if (scrollOnly) parts.push([{ kind: 'list', elements: [...t.own], ...(t.node ? { container: t.node } : {}) }]);
      else parts[0]![0]!.elements.unshift(...t.own);
    }
    return mergeSmall(parts, maxSize, minSize);
  };
  return cut(root, false);
}

/** Kinds that keep their edges: natural containers, and a list's own scroll handle. */
const UNMERGED: ReadonlySet<BlockKind> = new Set(['toolbar', 'dialog', 'tabs', 'list']);

/**
 * Merges runs of adjacent small sibling groups (each child's result being one "part") into blocks of up to
 * `maxSize`; natural blocks keep their edges.
 */
function mergeSmall(parts: RawBlock[][], maxSize: number, minSize: number): RawBlock[] {
  const out: RawBlock[] = [];
  let run: RawBlock | undefined;
  const flush = (): void => {
    if (run !== undefined) out.push(run);
    run = undefined;
  };
  for (const p of parts) {
    const single = p.length === 1 ? p[0]! : undefined;
    const mergeable = single !== undefined && single.elements.length < minSize && !UNMERGED.has(single.kind);
    if (!mergeable) {
      flush();
      out.push(...p);
      continue;
    }
    if (run !== undefined && run.elements.length + single.elements.length <= maxSize) {
      run = { kind: run.kind === single.kind ? run.kind : 'group', elements: [...run.elements, ...single.elements] };
    } else {
      flush();
      run = { ...single, elements: [...single.elements] };
    }
  }
  flush();
  return out;
}

/** Chosen by measurement on the tuning apps (docs/privacy.md). */
export const DEFAULT_MAX_SIZE = 2;
export const DEFAULT_MIN_SIZE = 1;

export function partition(
  dump: UiDump,
  elements: readonly SnapshotElement[],
  nodeOf: ReadonlyMap<SnapshotElement, UiNode>,
  options: PartitionOptions = {},
): RawBlock[] {
  if (elements.length === 0) return [];
  const { root, at } = elementTree(dump, elements, nodeOf);
  const raw =
    options.rule === 'core' ? coreRule(root) : layoutRule(root, options.maxSize ?? DEFAULT_MAX_SIZE, options.minSize ?? DEFAULT_MIN_SIZE);
  const blocks = raw.filter((b) => b.elements.length > 0);
  for (const b of blocks) {
    if (b.kind === 'group' && b.elements.some((e) => e.actions.includes('type'))) b.kind = 'input';
    if (b.kind === 'dialog' || b.elements.some((e) => at.get(e)?.dialog === true)) b.modal = true;
  }
  return blocks;
}
