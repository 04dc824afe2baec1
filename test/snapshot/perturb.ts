/**
 * Perturbations of a dump, as they happen between two snapshots of one screen. Each returns
 * a new dump plus `origin`: for every node of the new dump, the node of the old dump it stands for (absent
 * for nodes that did not exist), so the bench and the tests can follow an element across the change.
 * Shared by bench/snapshot.ts and test/snapshot/refs.test.ts.
 */
import type { Bounds, UiDump, UiNode } from '../../src/hierarchy/model.js';
import { snapshotFromDump, snapshotWithSources } from '../../src/snapshot/snapshot.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

export interface Perturbed {
  dump: UiDump;
  origin: Map<UiNode, UiNode>;
  /** Old nodes that the change removed or replaced on purpose (not counted as lost refs). */
  removed: Set<UiNode>;
}

/**
 * Each element of the old snapshot (except those of nodes removed on purpose; with `only`, just those of
 * these nodes) beside the element of the new snapshot that stands for the same dumped node, if any. With
 * `carry`, the new snapshot carries refs from the old one (as a device session does); without, it stands alone.
 */
export function followElements(dump: UiDump, p: Perturbed, only?: ReadonlySet<UiNode>, carry = false): Followed[] {
  const a = snapshotWithSources(dump);
  const b = snapshotWithSources(p.dump, carry ? { previous: a.snapshot } : {});
  const byOld = new Map<UiNode, number>();
  b.sources.forEach((s, i) => {
    const o = p.origin.get(s);
    if (o) byOld.set(o, i);
  });
  const out: Followed[] = [];
  a.sources.forEach((s, i) => {
    if (p.removed.has(s) || (only && !only.has(s))) return;
    const k = byOld.get(s);
    const after = k === undefined ? undefined : b.snapshot.elements[k];
    out.push({ before: a.snapshot.elements[i]!, after, named: k !== undefined && b.names[k] === a.names[i] });
  });
  return out;
}

/** An element of the old snapshot beside the one of the new snapshot that stands for the same dumped node. */
export interface Followed {
  before: SnapshotElement;
  after: SnapshotElement | undefined;
  /**
   * Whether the new element is still named by what named the old one in its ref's key (its identity label, or
   * the resource id of a row named by its id): whether the new dump alone still holds what told it apart.
   */
  named: boolean;
}

type NodeMap = (n: UiNode, parent: UiNode | undefined) => UiNode | undefined;

/** Copies the tree; `f` may rewrite (or drop, with undefined) each copied node before its children are copied. */
function mapDump(dump: UiDump, f: NodeMap = (n) => n): Perturbed {
  const origin = new Map<UiNode, UiNode>();
  const removed = new Set<UiNode>();
  const copy = (n: UiNode, parent: UiNode | undefined): UiNode | undefined => {
    const c = f({ ...n, children: [] }, parent);
    if (!c) {
      removed.add(n);
      return undefined;
    }
    origin.set(c, n);
    c.children = n.children.map((k) => copy(k, n)).filter((k): k is UiNode => k !== undefined);
    return c;
  };
  const roots = dump.roots.map((r) => copy(r, undefined)).filter((k): k is UiNode => k !== undefined);
  return { dump: { ...dump, roots }, origin, removed };
}

export function identity(dump: UiDump): Perturbed {
  return mapDump(dump);
}

function leaf(base: UiNode, text: string, bounds: Bounds): UiNode {
  return {
    ...base,
    cls: 'android.widget.TextView',
    text,
    desc: '',
    hint: '',
    id: '',
    bounds,
    clickable: false,
    longClickable: false,
    checkable: false,
    checked: false,
    editable: false,
    scrollable: false,
    focusable: false,
    focused: false,
    selected: false,
    password: false,
    enabled: true,
    visible: true,
    index: 0,
    children: [],
  };
}

/** A new element first in the dump (a toast or banner above the content). */
export function newFirstElement(dump: UiDump): Perturbed {
  const p = mapDump(dump);
  const root = p.dump.roots[0];
  if (root)
    root.children.unshift(
      leaf(root, 'Connected to Wi-Fi', [root.bounds[0], root.bounds[1], root.bounds[2], Math.min(root.bounds[3], root.bounds[1] + 60)]),
    );
  return p;
}

/** Everything moves 7 px down (a banner pushed the layout). */
export function shift(dump: UiDump, dy = 7): Perturbed {
  return mapDump(dump, (n) => ({ ...n, bounds: [n.bounds[0], n.bounds[1] + dy, n.bounds[2], n.bounds[3] + dy] }));
}

/** Text typed into every editable field. */
export function typeIntoFields(dump: UiDump, text = 'hello world'): Perturbed {
  return mapDump(dump, (n) => (n.editable ? { ...n, text, focused: true } : n));
}

/** Every checkable flipped. */
export function toggleCheckables(dump: UiDump): Perturbed {
  return mapDump(dump, (n) => (n.checkable ? { ...n, checked: !n.checked } : n));
}

/** Removes `victim` (a node of `dump`) with its subtree. */
export function removeOne(dump: UiDump, victim: UiNode): Perturbed {
  const origin = new Map<UiNode, UiNode>();
  const removed = new Set<UiNode>();
  const copy = (n: UiNode): UiNode | undefined => {
    if (n === victim) {
      markAll(n, removed);
      return undefined;
    }
    const c: UiNode = { ...n, children: [] };
    origin.set(c, n);
    c.children = n.children.map(copy).filter((k): k is UiNode => k !== undefined);
    return c;
  };
  const roots = dump.roots.map(copy).filter((k): k is UiNode => k !== undefined);
  return { dump: { ...dump, roots }, origin, removed };
}

function markAll(n: UiNode, into: Set<UiNode>): void {
  into.add(n);
  for (const c of n.children) markAll(c, into);
}

const SCROLLERS = /(RecyclerView|ListView|GridView|ScrollView)$/;

/**
 * Scrolls every scrollable list by `dy` px: its content moves up, is clipped to the list's bounds, and what
 * leaves the viewport is gone (as in a real dump, which only holds attached, visible rows).
 */
export function scrollLists(dump: UiDump, dy = 120): Perturbed & { moved: Set<UiNode> } {
  const origin = new Map<UiNode, UiNode>();
  const removed = new Set<UiNode>();
  /** Old nodes inside a scrolled list that are still on screen after the scroll. */
  const moved = new Set<UiNode>();
  const copy = (n: UiNode, clip: Bounds | undefined, offset: number): UiNode | undefined => {
    let b: Bounds = [n.bounds[0], n.bounds[1] - offset, n.bounds[2], n.bounds[3] - offset];
    if (clip) {
      b = [Math.max(b[0], clip[0]), Math.max(b[1], clip[1]), Math.min(b[2], clip[2]), Math.min(b[3], clip[3])];
      if (b[2] <= b[0] || b[3] <= b[1]) {
        markAll(n, removed);
        return undefined;
      }
    }
    const c: UiNode = { ...n, bounds: b, children: [] };
    origin.set(c, n);
    if (clip) moved.add(n);
    const isList = n.scrollable && SCROLLERS.test(n.cls) && n.children.length > 0 && clip === undefined;
    const kidClip = isList ? b : clip;
    const kidOffset = isList ? dy : offset;
    c.children = n.children.map((k) => copy(k, kidClip, kidOffset)).filter((k): k is UiNode => k !== undefined);
    return c;
  };
  const roots = dump.roots.map((r) => copy(r, undefined, 0)).filter((k): k is UiNode => k !== undefined);
  return { dump: { ...dump, roots }, origin, removed, moved };
}

/**
 * Refs the new snapshot carried from the old one (its ref differs from the one it gets standing alone), and how
 * many of those went to an element that is not the old element's dumped node: a wrong carry. `renamed` counts
 * every ref of the new snapshot, carried or kept, that the old one gave to another dumped node: a ref that came
 * to name another element (a nameless row keeping the ref of the nameless strip that left the list would).
 */
export function carries(dump: UiDump, p: Perturbed): { carried: number; wrong: number; renamed: number } {
  const a = snapshotWithSources(dump);
  const alone = snapshotFromDump(p.dump);
  const b = snapshotWithSources(p.dump, { previous: a.snapshot });
  const oldNode = new Map(a.snapshot.elements.map((e, i) => [e.ref, a.sources[i]!]));
  let carried = 0;
  let wrong = 0;
  let renamed = 0;
  b.snapshot.elements.forEach((e, i) => {
    const was = oldNode.get(e.ref);
    const same = was === p.origin.get(b.sources[i]!);
    if (was !== undefined && !same) renamed++;
    if (e.ref === alone.elements[i]!.ref) return;
    carried++;
    if (!same) wrong++;
  });
  return { carried, wrong, renamed };
}

/**
 * A session's walk through one screen: every list scrolled `step` px at a time, `steps` times down and back to
 * where it started, each snapshot taking its refs from the one before. `kept`: elements of the screen back on
 * the ref they had at the start (of `total`); `renamed`: refs that, at any step, came to name another dumped node
 * than the one they named before in the walk.
 */
export function walkScroll(dump: UiDump, step: number, steps: number): { total: number; kept: number; renamed: number } {
  const start = snapshotWithSources(dump);
  const first = new Map(start.sources.map((s, i) => [s, start.snapshot.elements[i]!.ref]));
  const named = new Map(start.snapshot.elements.map((e, i) => [e.ref, start.sources[i]!]));
  const offsets = Array.from({ length: steps }, (_, k) => step * (k + 1));
  let prev = start.snapshot;
  let renamed = 0;
  let last: { refs: string[]; nodes: UiNode[] } = { refs: [], nodes: [] };
  for (const off of [...offsets, ...offsets.slice(0, -1).reverse(), 0]) {
    const p = scrollLists(dump, off);
    const now = snapshotWithSources(p.dump, { previous: prev });
    const nodes = now.sources.map((s) => p.origin.get(s)!);
    now.snapshot.elements.forEach((e, i) => {
      const was = named.get(e.ref);
      if (was !== undefined && was !== nodes[i]) renamed++;
      named.set(e.ref, nodes[i]!);
    });
    prev = now.snapshot;
    last = { refs: now.snapshot.elements.map((e) => e.ref), nodes };
  }
  const kept = last.nodes.filter((n, i) => first.get(n) === last.refs[i]).length;
  return { total: start.snapshot.elements.length, kept, renamed };
}
