/**
 * A target on the device: resolved by the one resolver (snapshot/target.ts) against the right baseline (see
 * env.ts), refused when off-screen, and turned into the point the element really receives a touch at.
 */
import { GlanceError } from '../../errors.js';
import { parseTarget, resolve, type Resolution } from '../../snapshot/target.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import { touchPoint } from '../geometry.js';
import type { DeviceSnapshot } from '../snap.js';
import type { Point } from '../types.js';
import { fresh, latest, type ActionEnv } from './env.js';
import type { TargetInfo } from './outcome.js';

export interface Resolved {
  resolution: Resolution;
  /** The text the target was given as. */
  text: string;
  element: SnapshotElement | undefined;
  point: Point;
  /** True when every part of the element is covered by something drawn above it (the touch may land there). */
  covered?: boolean;
  /** The baseline the target was resolved against (and the diff will be computed from). */
  before: DeviceSnapshot;
}

function offscreenError(el: SnapshotElement, what: string): GlanceError {
  return new GlanceError('ELEMENT_NOT_FOUND', `${what} (${el.ref}) is off-screen`, {
    hint: 'scroll it into view first',
    next: { tool: 'device_scroll', params: { direction: 'down', until: what } },
    context: { ref: el.ref, bounds: el.bounds },
  });
}

/**
 * Resolves a target on the device's screen to an element (for refs and selectors) and the point to touch. An
 * off-screen element is refused unless `offscreen` (then its point is its centre, beyond the screen: the caller
 * scrolls it into view first, see into-view.ts).
 */
export async function resolveOnDevice(env: ActionEnv, text: string, o: { offscreen?: boolean } = {}): Promise<Resolved> {
  const kind = parseTarget(text).kind;
  const before = kind === 'selector' ? await fresh(env) : await latest(env);
  const resolution = resolve(before.snapshot, text, { wide: () => before.wide().snapshot });
  if (resolution.kind === 'point') {
    return { resolution, text, element: undefined, point: { x: resolution.x, y: resolution.y }, before };
  }
  const el = resolution.element;
  if (el.offscreen && o.offscreen === true) {
    return { resolution, text, element: el, point: { x: el.center[0], y: el.center[1] }, before };
  }
  if (el.offscreen) throw offscreenError(el, text.trim());
  const tp = touchPoint(el, before.elements, before.screen);
  return { resolution, text, element: el, point: { x: tp.x, y: tp.y }, before, ...(tp.visible ? {} : { covered: true }) };
}

function label(el: SnapshotElement): string | undefined {
  return el.text ?? el.desc ?? el.labels?.[0] ?? el.hint ?? el.id;
}

/** What an outcome says about its target. */
export function describeTarget(r: Resolved): TargetInfo {
  const out: TargetInfo = { kind: r.resolution.target.kind, text: r.text, ...(r.covered ? { covered: true } : {}) };
  if (r.element) {
    out.ref = r.element.ref;
    const l = label(r.element);
    if (l !== undefined) out.label = l;
  }
  return out;
}
