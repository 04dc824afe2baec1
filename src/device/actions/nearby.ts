/**
 * What else a touch could have meant: the tappable elements at or nearest a point that changed nothing, and the
 * other scrollable containers when a scroll moved nothing. Pure over a snapshot's elements.
 */
import type { SnapshotElement } from '../../snapshot/types.js';
import type { Point } from '../types.js';
import type { ElementHint } from './outcome.js';

/** Most alternatives named: enough to choose from, few enough to read. */
const MOST = 3;

function label(e: SnapshotElement): string | undefined {
  return e.text ?? e.desc ?? e.labels?.[0] ?? e.hint ?? e.id;
}

export function hintOf(e: SnapshotElement): ElementHint {
  const l = label(e);
  return { ref: e.ref, class: e.class, ...(l === undefined ? {} : { label: l }) };
}

/** Distance from a point to a box (0 inside it). */
function distance(p: Point, b: SnapshotElement['bounds']): number {
  const dx = Math.max(b[0] - p.x, 0, p.x - b[2]);
  const dy = Math.max(b[1] - p.y, 0, p.y - b[3]);
  return Math.hypot(dx, dy);
}

/** The on-screen tappable elements at `p` first, then the nearest ones, leaving out `skip`. */
export function tappableNear(elements: readonly SnapshotElement[], p: Point, skip?: string): ElementHint[] {
  return elements
    .filter((e) => e.ref !== skip && !e.offscreen && (e.actions.includes('tap') || e.actions.includes('check')))
    .map((e) => ({ e, d: distance(p, e.bounds) }))
    .sort((a, b) => a.d - b.d)
    .slice(0, MOST)
    .map(({ e }) => hintOf(e));
}

/** The on-screen scrollable containers other than `skip`, biggest first. */
export function otherScrollables(elements: readonly SnapshotElement[], skip?: string): ElementHint[] {
  const area = (e: SnapshotElement): number => (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]);
  return elements
    .filter((e) => e.ref !== skip && !e.offscreen && e.actions.includes('scroll'))
    .sort((a, b) => area(b) - area(a))
    .slice(0, MOST)
    .map(hintOf);
}
