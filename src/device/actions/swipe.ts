// Swipes: a finger path in a direction across an element (or the screen) that avoids what covers it, or from
// one point to another.
import { GlanceError } from '../../errors.js';
import { parseTarget } from '../../snapshot/target.js';
import { dragRegion, inRegion, type Rect } from '../geometry.js';
import type { DeviceSnapshot } from '../snap.js';
import type { Point } from '../types.js';
import { latest, type ActionEnv } from './env.js';
import type { Direction, SwipeOutcome } from './outcome.js';
import { settledDiff } from './settle.js';
import { describeTarget, resolveOnDevice, type Resolved } from './target.js';

export type Path = { from: Point; to: Point };

/** Finger path for a swipe in `dir` across `area` (80% → 20% of its extent, through its middle). */
export function swipePath(area: Rect, dir: Direction, fraction = 0.6): Path {
  const [l, t, r, b] = area;
  const cx = Math.round((l + r) / 2);
  const cy = Math.round((t + b) / 2);
  const half = fraction / 2;
  const w = r - l;
  const h = b - t;
  switch (dir) {
    case 'up':
      return { from: { x: cx, y: Math.round(cy + h * half) }, to: { x: cx, y: Math.round(cy - h * half) } };
    case 'down':
      return { from: { x: cx, y: Math.round(cy - h * half) }, to: { x: cx, y: Math.round(cy + h * half) } };
    case 'left':
      return { from: { x: Math.round(cx + w * half), y: cy }, to: { x: Math.round(cx - w * half), y: cy } };
    case 'right':
      return { from: { x: Math.round(cx - w * half), y: cy }, to: { x: Math.round(cx + w * half), y: cy } };
  }
}

/**
 * A swipe path inside `area` whose start and end avoid what covers the container (a floating button): the
 * line through the middle first, then lines shifted towards the edges.
 */
export function clearSwipePath(area: Rect, dir: Direction, region: readonly Rect[] | undefined): Path {
  const base = swipePath(area, dir, 0.6);
  if (!region) return base;
  const vertical = dir === 'up' || dir === 'down';
  const extent = vertical ? area[2] - area[0] : area[3] - area[1];
  for (const f of [0, -0.25, 0.25, -0.4, 0.4, -0.15, 0.15]) {
    const d = Math.round(extent * f);
    const p = vertical
      ? { from: { x: base.from.x + d, y: base.from.y }, to: { x: base.to.x + d, y: base.to.y } }
      : { from: { x: base.from.x, y: base.from.y + d }, to: { x: base.to.x, y: base.to.y + d } };
    if (inRegion(region, p.from.x, p.from.y) && inRegion(region, p.to.x, p.to.y)) return p;
  }
  return base;
}

function screenRect(snap: DeviceSnapshot): Rect {
  return [0, 0, snap.screen.width, snap.screen.height];
}

export interface SwipeOptions {
  /** Finger direction. */
  direction?: Direction | undefined;
  /** Start and end points `X,Y` (both, instead of a direction). */
  from?: string | undefined;
  to?: string | undefined;
  /** Swipe across this element instead of the screen. */
  target?: string | undefined;
  durationMs?: number | undefined;
}

function pointsOf(o: SwipeOptions): Path {
  const a = o.from !== undefined ? parseTarget(o.from) : undefined;
  const b = o.to !== undefined ? parseTarget(o.to) : undefined;
  if (a?.kind !== 'point' || b?.kind !== 'point') {
    throw new GlanceError('USAGE', 'a swipe by points needs both from and to as X,Y', {
      hint: 'e.g. from 540,1600 to 540,600',
      next: { tool: 'device_swipe', params: { from: '540,1600', to: '540,600' } },
    });
  }
  return { from: { x: a.x, y: a.y }, to: { x: b.x, y: b.y } };
}

/** A swipe: finger `direction` across the target (or the screen), or from one point to another. */
export async function swipe(env: ActionEnv, o: SwipeOptions): Promise<SwipeOutcome> {
  let before: DeviceSnapshot;
  let path: Path;
  let r: Resolved | undefined;
  if (o.from !== undefined || o.to !== undefined) {
    path = pointsOf(o);
    before = await latest(env);
  } else {
    if (o.direction === undefined)
      throw new GlanceError('USAGE', 'swipe needs a direction, or from and to', {
        hint: 'e.g. direction up, or direction left across a target',
        next: { tool: 'device_swipe', params: { direction: 'up' } },
      });
    if (o.target !== undefined) {
      r = await resolveOnDevice(env, o.target);
      before = r.before;
    } else before = await latest(env);
    path = r?.element
      ? clearSwipePath(r.element.bounds, o.direction, dragRegion(r.element, before.elements, before.screen))
      : swipePath(screenRect(before), o.direction, 0.6);
  }
  await env.device.swipe(path.from, path.to, o.durationMs ?? 300, { signal: env.signal });
  return {
    action: 'swipe',
    ...(r ? { target: describeTarget(r) } : {}),
    ...(o.direction !== undefined ? { direction: o.direction } : {}),
    from: path.from,
    to: path.to,
    ...(await settledDiff(env, before)),
  };
}
