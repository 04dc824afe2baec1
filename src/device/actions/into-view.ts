/**
 * An element the screen holds beyond a fold is scrolled into view before it is acted on, as a person (and
 * Playwright's actions) would: its scroll container is swiped towards it until the element is on screen, then
 * the target is resolved again there. Every front-end gets this, since the actions take their targets here.
 */
import type { Bounds } from '../../hierarchy/model.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import type { ActionEnv } from './env.js';
import type { Direction } from './outcome.js';
import { scroll } from './scroll.js';
import { resolveOnDevice, type Resolved } from './target.js';

/** The nearest on-screen scrollable ancestor of `el`. */
function containerOf(el: SnapshotElement, elements: readonly SnapshotElement[]): SnapshotElement | undefined {
  const byRef = new Map(elements.map((e) => [e.ref, e]));
  const seen = new Set<string>();
  for (let p = el.parent; p !== undefined && !seen.has(p); p = byRef.get(p)?.parent) {
    seen.add(p);
    const a = byRef.get(p);
    if (a !== undefined && a.offscreen !== true && a.actions.includes('scroll')) return a;
  }
  return undefined;
}

/** Which way to scroll to bring `b` into `view`: the content it lies beyond (down shows what is further down). */
function towards(b: Bounds, view: Bounds): Direction {
  if (b[1] >= view[3]) return 'down';
  if (b[3] <= view[1]) return 'up';
  return b[0] >= view[2] ? 'right' : 'left';
}

/** Resolves a target, scrolling an off-screen element into view first (at most `max` swipes, default 10). */
export async function resolveInView(env: ActionEnv, text: string, max = 10): Promise<Resolved> {
  const r = await resolveOnDevice(env, text, { offscreen: true });
  const el = r.element;
  if (el?.offscreen !== true) return r;
  const container = containerOf(el, r.before.wide().elements);
  const { width, height } = r.before.screen;
  const view = container?.bounds ?? ([0, 0, width, height] as const);
  const o = await scroll(env, {
    direction: towards(el.bounds, view),
    ...(container === undefined ? {} : { target: container.ref }),
    until: el.ref,
    max,
  });
  return resolveOnDevice(env, o.found ?? el.ref);
}
