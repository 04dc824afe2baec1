// tap / long-press / double-tap on a target.
import type { ActionEnv } from './env.js';
import { tappableNear } from './nearby.js';
import type { TouchKind, TouchOutcome } from './outcome.js';
import { finish } from './settle.js';
import { resolveInView } from './into-view.js';
import { describeTarget } from './target.js';

export interface TouchOptions {
  /** How long a long press holds, in ms (default 1000). */
  durationMs?: number;
}

export async function touch(env: ActionEnv, kind: TouchKind, target: string, o: TouchOptions = {}): Promise<TouchOutcome> {
  const r = await resolveInView(env, target);
  const call = { signal: env.signal };
  if (kind === 'tap') await env.device.tap(r.point, call);
  else if (kind === 'double-tap') await env.device.doubleTap(r.point, call);
  else await env.device.longPress(r.point, o.durationMs ?? 1000, call);
  const { after, ...settled } = await finish(env, r.before);
  const out: TouchOutcome = { action: kind, target: describeTarget(r), point: r.point, ...settled };
  // A touch that changed nothing: say whether the element takes taps at all, and what nearby does.
  if (!settled.changed && settled.unread === undefined) {
    const el = r.element;
    if (el !== undefined) out.tappable = el.actions.includes('tap') || el.actions.includes('check') || el.actions.includes('long');
    out.nearby = tappableNear(after.elements, r.point, el?.ref);
  }
  return out;
}
