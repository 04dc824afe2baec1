// tap / long-press / double-tap on a target.
import type { ActionEnv } from './env.js';
import type { TouchKind, TouchOutcome } from './outcome.js';
import { settledDiff } from './settle.js';
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
  return { action: kind, target: describeTarget(r), point: r.point, ...(await settledDiff(env, r.before)) };
}
