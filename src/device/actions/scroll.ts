/**
 * Scrolling content inside the target, else the biggest scrollable element, else the screen; with `until`,
 * repeated until a selector shows up on screen, the content stops moving (its end), or `max` swipes.
 */
import { GlanceError } from '../../errors.js';
import { parseTarget } from '../../snapshot/target.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import { dragRegion } from '../geometry.js';
import { diffText, findMatches, type DeviceSnapshot } from '../snap.js';
import { fresh, latest, type ActionEnv } from './env.js';
import { otherScrollables } from './nearby.js';
import type { Direction, ElementHint, ScrollOutcome, TargetInfo } from './outcome.js';
import { settle } from './settle.js';
import { clearSwipePath, swipePath, type Path } from './swipe.js';
import { describeTarget, resolveOnDevice } from './target.js';

/** Scrolling `dir` (to see what is further down) moves the finger the opposite way. */
const FINGER: Readonly<Record<Direction, Direction>> = { down: 'up', up: 'down', left: 'right', right: 'left' };

/** The biggest scrollable element on screen, else undefined. */
function biggestScrollable(snap: DeviceSnapshot): SnapshotElement | undefined {
  let best: SnapshotElement | undefined;
  const area = (e: SnapshotElement): number => (e.bounds[2] - e.bounds[0]) * (e.bounds[3] - e.bounds[1]);
  for (const e of snap.elements) if (e.actions.includes('scroll') && !e.offscreen && (!best || area(e) > area(best))) best = e;
  return best;
}

/** A finger path scrolling the container (or the screen without its top and bottom tenth). */
function scrollPath(snap: DeviceSnapshot, container: SnapshotElement | undefined, finger: Direction): Path {
  if (!container) {
    const { width, height } = snap.screen;
    return swipePath([0, Math.round(height * 0.1), width, Math.round(height * 0.9)], finger, 0.6);
  }
  // The container's ref survives scrolling; look it up again so its bounds and coverers are current.
  const now = snap.elements.find((e) => e.ref === container.ref) ?? container;
  return clearSwipePath(now.bounds, finger, dragRegion(now, snap.elements, snap.screen));
}

export interface ScrollOptions {
  direction: Direction;
  /** The container to scroll (ref, selector or X,Y). */
  target?: string | undefined;
  /** Keep scrolling until this selector (or ref) is on screen. */
  until?: string | undefined;
  /** Most swipes when scrolling `until` (default 10). */
  max?: number | undefined;
}

/** The on-screen element `until` names, if any. */
function untilVisible(s: DeviceSnapshot, until: string | undefined): SnapshotElement | undefined {
  if (until === undefined) return undefined;
  const t = parseTarget(until);
  if (t.kind === 'point') return undefined;
  const m = t.kind === 'ref' ? s.elements.filter((e) => e.ref === t.ref) : findMatches(s, t.selector);
  return m.find((e) => !e.offscreen);
}

const OPPOSITE: Readonly<Record<Direction, Direction>> = { down: 'up', up: 'down', left: 'right', right: 'left' };

/**
 * `until` not found. Its next step is never the same search again: after content that did not move at all, another
 * container (else the other direction); after reaching the end, the other direction; after `max` swipes, more.
 */
function notFound(o: ScrollOptions, swipes: number, how: 'still' | 'end' | 'max', others: readonly ElementHint[]): GlanceError {
  const back = OPPOSITE[o.direction];
  const max = o.max ?? 10;
  const where = others.map((e) => `${e.ref}${e.label === undefined ? '' : ` "${e.label}"`}`).join(', ');
  const message =
    how === 'still'
      ? `scrolling ${o.direction} moved nothing (at the end, or nothing there scrolls that way): ${o.until} is not on screen`
      : how === 'end'
        ? `scrolled ${o.direction} to the end (${swipes} swipe${swipes === 1 ? '' : 's'}) without finding ${o.until}`
        : `${o.until} did not appear after ${swipes} swipes ${o.direction}`;
  const hint =
    how === 'max'
      ? 'raise max, or check the selector'
      : `scroll ${back}${where === '' ? '' : `, or another container (target: ${where})`}, or check the selector`;
  const other = others[0];
  const next =
    how === 'max'
      ? { tool: 'device_scroll', params: { direction: o.direction, until: o.until, max: Math.min(100, max * 2) } }
      : how === 'still' && other !== undefined
        ? { tool: 'device_scroll', params: { direction: o.direction, target: other.ref, until: o.until } }
        : { tool: 'device_scroll', params: { direction: back, until: o.until } };
  return new GlanceError('ELEMENT_NOT_FOUND', message, { hint, next, context: { until: o.until, swipes, moved: how !== 'still' } });
}

export async function scroll(env: ActionEnv, o: ScrollOptions): Promise<ScrollOutcome> {
  const max = o.max ?? 10;
  let start: DeviceSnapshot;
  let target: TargetInfo | undefined;
  let container: SnapshotElement | undefined;
  if (o.target !== undefined) {
    const r = await resolveOnDevice(env, o.target);
    start = r.before;
    container = r.element;
    target = describeTarget(r);
  } else {
    start = o.until !== undefined ? await fresh(env) : await latest(env);
    container = biggestScrollable(start);
  }
  const base = { action: 'scroll' as const, ...(target ? { target } : {}), direction: o.direction };
  const first = untilVisible(start, o.until);
  if (first) return { ...base, swipes: 0, found: first.ref, settled: true, diff: diffText(start, start).text, changed: false };
  let cur = start;
  let swipes = 0;
  let settled = true;
  let stuck = false;
  const rounds = o.until !== undefined ? max : 1;
  for (let i = 0; i < rounds; i++) {
    const { from, to } = scrollPath(cur, container, FINGER[o.direction]);
    // A slow swipe: a fast one flings and overshoots what `until` is looking for.
    await env.device.swipe(from, to, 600, { signal: env.signal });
    swipes++;
    const s = await settle(env);
    settled = s.settled;
    const moved = s.snapshot.key !== cur.key;
    cur = s.snapshot;
    const hit = untilVisible(cur, o.until);
    if (hit) {
      const d = diffText(start, cur);
      return { ...base, swipes, found: hit.ref, settled, diff: d.text, changed: d.changed, changes: d.summary };
    }
    if (!moved) {
      stuck = true;
      if (o.until === undefined) break;
      throw notFound(o, swipes, swipes === 1 ? 'still' : 'end', otherScrollables(cur.elements, container?.ref));
    }
  }
  if (o.until !== undefined) throw notFound(o, swipes, 'max', []);
  const d = diffText(start, cur);
  // A swipe that moved nothing says so, with the containers that might scroll instead.
  const still = stuck && !d.changed ? { moved: false, others: otherScrollables(cur.elements, container?.ref) } : {};
  return {
    ...base,
    swipes,
    settled,
    diff: d.text,
    changed: d.changed,
    ...(d.newScreen ? { newScreen: true } : {}),
    changes: d.summary,
    ...still,
  };
}
