/**
 * Where to touch an element: a point inside its bounds that no element drawn above it covers, so the tap
 * reaches the element and not a floating button, a later sibling or one of its own clickable children.
 * Pure rectangle arithmetic over snapshot elements (document order = drawing order, as uiautomator dumps
 * children in index order).
 */
import { area, center, contains } from '../hierarchy/model.js';
import type { SnapshotElement } from '../snapshot/types.js';

export type Rect = readonly [number, number, number, number];

function intersect(a: Rect, b: Rect): Rect | undefined {
  const r: Rect = [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
  return r[0] < r[2] && r[1] < r[3] ? r : undefined;
}

/** `a` minus `b` as up to four disjoint rectangles (top band, bottom band, left and right pieces). */
export function subtract(a: Rect, b: Rect): Rect[] {
  const i = intersect(a, b);
  if (!i) return [a];
  const out: Rect[] = [];
  if (a[1] < i[1]) out.push([a[0], a[1], a[2], i[1]]);
  if (i[3] < a[3]) out.push([a[0], i[3], a[2], a[3]]);
  if (a[0] < i[0]) out.push([a[0], i[1], i[0], i[3]]);
  if (i[2] < a[2]) out.push([i[2], i[1], a[2], i[3]]);
  return out;
}

/** Elements that take a touch themselves (a plain label lets it fall through to what is below). */
function takesTouch(e: SnapshotElement): boolean {
  return e.actions.some((a) => a === 'tap' || a === 'long' || a === 'type' || a === 'check');
}

export interface TouchPoint {
  x: number;
  y: number;
  /** False when the element is entirely covered (the centre is returned and the tap may hit something else). */
  visible: boolean;
  /** Area (px²) of the element that is visible and uncovered. */
  visibleArea: number;
}

function ancestorsOf(e: SnapshotElement, byRef: ReadonlyMap<string, SnapshotElement>): Set<string> {
  const out = new Set<string>();
  let p = e.parent;
  while (p !== undefined && !out.has(p)) {
    out.add(p);
    p = byRef.get(p)?.parent;
  }
  return out;
}

/**
 * The point to touch `target` at. `elements` is the whole snapshot in document order and `screen` its size.
 * Prefers the element's centre when that is uncovered, else the centre of the largest uncovered piece.
 */
export function touchPoint(
  target: SnapshotElement,
  elements: readonly SnapshotElement[],
  screen: { width: number; height: number },
): TouchPoint {
  const byRef = new Map(elements.map((e) => [e.ref, e]));
  const ancestors = ancestorsOf(target, byRef);
  let visible: Rect[] = [];
  const clipped = intersect(target.bounds as Rect, [0, 0, screen.width, screen.height]);
  if (clipped) visible = [clipped];
  // Clip to every ancestor too: a row scrolled half out of its list is only visible inside the list.
  for (const a of ancestors) {
    const ab = byRef.get(a)?.bounds;
    if (ab)
      visible = visible.flatMap((r): Rect[] => {
        const i = intersect(r, ab as Rect);
        return i ? [i] : [];
      });
  }
  const idx = elements.indexOf(target);
  for (let j = 0; j < elements.length; j++) {
    const e = elements[j]!;
    if (e === target || ancestors.has(e.ref) || !takesTouch(e)) continue;
    const isDescendant = ancestorsOf(e, byRef).has(target.ref);
    // Later elements are drawn above; own clickable descendants would take the touch themselves.
    if (j > idx || isDescendant) visible = visible.flatMap((r) => subtract(r, e.bounds as Rect));
    if (visible.length === 0) break;
  }
  const [cx, cy] = target.center;
  const visibleArea = visible.reduce((s, r) => s + area(r), 0);
  if (visible.length === 0) return { x: cx, y: cy, visible: false, visibleArea: 0 };
  // Points are integers; a rect [l,t,r,b) contains x when l <= x < r.
  if (inRegion(visible, cx, cy)) return { x: cx, y: cy, visible: true, visibleArea };
  const [x, y] = center(visible.reduce((m, r) => (area(r) > area(m) ? r : m)));
  return { x, y, visible: true, visibleArea };
}

/**
 * Where a drag inside `container` can start: the parts of it no later, unrelated touch-taking element covers
 * (its own rows are fine, the container intercepts the drag; a floating button over it is not).
 */
export function dragRegion(
  container: SnapshotElement,
  elements: readonly SnapshotElement[],
  screen: { width: number; height: number },
): Rect[] {
  const byRef = new Map(elements.map((e) => [e.ref, e]));
  const clipped = intersect(container.bounds as Rect, [0, 0, screen.width, screen.height]);
  let region: Rect[] = clipped ? [clipped] : [];
  const idx = elements.indexOf(container);
  for (let j = idx + 1; j < elements.length && region.length > 0; j++) {
    const e = elements[j]!;
    if (!takesTouch(e) || ancestorsOf(e, byRef).has(container.ref)) continue;
    region = region.flatMap((r) => subtract(r, e.bounds as Rect));
  }
  return region;
}

export function inRegion(region: readonly Rect[], x: number, y: number): boolean {
  return region.some((r) => contains(r, x, y));
}
