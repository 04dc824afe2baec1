/**
 * Recorded content beyond a scroll container's fold. `uiautomator dump` skips views not visible to the user, so a
 * recorded XML screen ends at the fold; DroidBot's JSON of the same state keeps those views (flagged invisible,
 * their bounds clamped to the window). Grafting them onto the XML, with their far edges estimated, lets the
 * virtual phone scroll recorded content as a phone would while the unscrolled screen stays the XML exactly.
 * Pure.
 */
import { walk, type UiDump, type UiNode } from '../../hierarchy/model.js';

export interface Grafted {
  dump: UiDump;
  /** Preorder indices (as `walk` yields them) of the grafted nodes: hidden until their container scrolls. */
  offscreen: number[];
}

/** Visible JSON nodes in preorder, skipping invisible subtrees: the order `uiautomator dump` writes them. */
function visiblePreorder(roots: readonly UiNode[]): UiNode[] {
  const out: UiNode[] = [];
  const rec = (n: UiNode): void => {
    if (!n.visible) return;
    out.push(n);
    n.children.forEach(rec);
  };
  roots.forEach(rec);
  return out;
}

/** Sizes of nodes whose extent the JSON gives whole, by class and id, then by class alone (leaf estimates). */
function templates(json: UiDump): (n: UiNode, axis: 0 | 1) => number {
  const byKey = new Map<string, [number, number]>();
  const byCls = new Map<string, [number, number]>();
  for (const { node } of walk(json.roots)) {
    const [l, t, r, b] = node.bounds;
    if (r <= l || b <= t || r >= json.width || b >= json.height) continue;
    byKey.set(`${node.cls} ${node.id}`, [r - l, b - t]);
    byCls.set(node.cls, [r - l, b - t]);
  }
  // A 48dp touch row at the recorded ~420 dpi, when nothing alike was measured.
  const fallback = Math.round(json.height / 18);
  return (n, axis) => byKey.get(`${n.cls} ${n.id}`)?.[axis] ?? byCls.get(n.cls)?.[axis] ?? fallback;
}

/**
 * Recomputes the far edges the window clamped (right at the width, bottom at the height, or inverted): a parent
 * spans its children plus the padding before the first, a leaf takes the size of a measured look-alike.
 */
function unclamp(n: UiNode, size: (n: UiNode, axis: 0 | 1) => number, w: number, h: number): void {
  n.children.forEach((c) => unclamp(c, size, w, h));
  const b: [number, number, number, number] = [...n.bounds];
  for (const axis of [0, 1] as const) {
    const lo = axis === 0 ? 0 : 1;
    const hi = axis === 0 ? 2 : 3;
    const edge = axis === 0 ? w : h;
    if (b[hi] > b[lo] && b[hi] < edge) continue;
    if (n.children.length > 0) {
      const first = Math.min(...n.children.map((c) => c.bounds[lo]));
      const last = Math.max(...n.children.map((c) => c.bounds[hi]));
      b[hi] = Math.max(b[hi], last + Math.max(0, first - b[lo]));
    } else b[hi] = Math.max(b[hi], b[lo] + size(n, axis));
  }
  n.bounds = b;
}

/**
 * Content above the fold (the screen was recorded scrolled down): the window clamped each view's top to the
 * container's top and kept its real bottom, so the top is rebuilt from the bottom up: a leaf takes the height of a
 * measured look-alike, a parent starts at its first child.
 */
function unclampAbove(n: UiNode, size: (n: UiNode, axis: 0 | 1) => number): void {
  n.children.forEach((c) => unclampAbove(c, size));
  const [l, , r, b] = n.bounds;
  const top = n.children.length > 0 ? Math.min(...n.children.map((c) => c.bounds[1])) : b - size(n, 1);
  n.bounds = [l, Math.min(top, b), r, b];
}

/** A view of no size is hidden (GONE-like or empty), not beyond a fold. */
function collapsed(n: UiNode): boolean {
  return n.bounds[0] === n.bounds[2] && n.bounds[1] === n.bounds[3];
}

/**
 * Ancestors between a scroll container and grafted content span it, so a tap there finds its way down, but only
 * those the recording cut at the container's edge (the rest ended where they were dumped): unscrolled, the
 * container clips them back to the recorded bounds.
 */
function span(chain: readonly UiNode[], container: UiNode, g: UiNode): void {
  const [, top, right, bottom] = container.bounds;
  for (const a of chain) {
    const [l, t, r, b] = a.bounds;
    a.bounds = [
      l,
      t <= top ? Math.min(t, g.bounds[1]) : t,
      r >= right ? Math.max(r, g.bounds[2]) : r,
      b >= bottom ? Math.max(b, g.bounds[3]) : b,
    ];
  }
}

/**
 * The XML dump with the JSON's off-screen views under scrollable containers grafted in place, or undefined when
 * the two do not describe the same tree (then the XML stays as recorded) or nothing lies beyond a fold.
 */
export function graftOffscreen(xml: UiDump, json: UiDump): Grafted | undefined {
  const xs = [...walk(xml.roots)].map((e) => e.node);
  const js = visiblePreorder(json.roots);
  if (xs.length !== js.length) return undefined;
  for (let i = 0; i < xs.length; i++) {
    const a = xs[i]!;
    const b = js[i]!;
    if (a.cls !== b.cls || a.bounds.some((v, k) => v !== b.bounds[k])) return undefined;
  }
  const twin = new Map<UiNode, UiNode>(js.map((j, i) => [j, xs[i]!]));
  const size = templates(json);
  const out: UiDump = structuredClone(xml);
  const clone = new Map<UiNode, UiNode>();
  const outNodes = [...walk(out.roots)].map((e) => e.node);
  xs.forEach((x, i) => clone.set(x, outNodes[i]!));
  const grafts = new Set<UiNode>();

  // Walk the JSON tree beside its XML twin; an invisible child under a scroll container is grafted whole.
  const visit = (j: UiNode, outPath: UiNode[]): void => {
    const x = clone.get(twin.get(j)!)!;
    const here = [...outPath, x];
    const kids: UiNode[] = [];
    let xi = 0;
    for (const c of j.children) {
      if (c.visible) {
        kids.push(x.children[xi++]!);
        visit(c, here);
        continue;
      }
      const s = here.findLastIndex((n) => n.scrollable);
      if (s < 0 || collapsed(c)) continue;
      const g = structuredClone(c);
      // Wholly above the container's top (its bottom at or over it): content the recording had scrolled past.
      if (c.bounds[3] <= here[s]!.bounds[1]) unclampAbove(g, size);
      unclamp(g, size, json.width, json.height);
      for (const { node } of walk([g])) {
        node.visible = false;
        grafts.add(node);
      }
      kids.push(g);
      span(here.slice(s + 1), here[s]!, g);
    }
    x.children = kids;
  };
  for (const r of json.roots) if (r.visible) visit(r, []);
  if (grafts.size === 0) return undefined;

  const offscreen: number[] = [];
  [...walk(out.roots)].forEach((e, i) => {
    if (grafts.has(e.node)) offscreen.push(i);
  });
  return { dump: out, offscreen };
}
