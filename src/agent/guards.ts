/**
 * Guards of a live run: what the loop refuses to do on its own. Destructive actions (delete, send, pay…) need
 * the user's yes; the same action on the same screen a third time is a loop (back once to re-plan, then stop);
 * leaving the app is stopped.
 */
import type { Guard } from './loop.js';
import type { HistoryEntry } from './policy.js';
import type { AgentAction, Observation } from './types.js';
import { labelOf } from './screen.js';

const DESTRUCTIVE =
  /\b(delete|remove|erase|clear|wipe|send|pay|purchase|buy|order|call|dial|format|reset|uninstall|discard|sign out|log out)\b/i;

/** Stops before tapping an element whose label is a destructive verb, unless allowed. */
export function destructiveGuard(allowed: boolean): Guard {
  return {
    check(action, obs) {
      if (allowed || action.target === undefined || action.kind === 'type') return undefined;
      const el = obs.elements.find((e) => e.ref === action.target);
      const label = el === undefined ? undefined : labelOf(el);
      if (label === undefined || !DESTRUCTIVE.test(label)) return undefined;
      return `"${label}" looks destructive: run again with --yes to let the agent tap it`;
    },
  };
}

const LOOP = 'the same action on the same screen';

/**
 * The same action about to be taken on the same screen for the third time: the first time, go back instead (the
 * policy re-plans from the screen before); if it loops again on that screen, stop.
 */
export function loopGuard(times = 3): Guard {
  const key = (t: string, a: unknown): string => `${t}\u0000${JSON.stringify(a)}`;
  const looping = (action: AgentAction, obs: Observation, history: readonly HistoryEntry[]): boolean => {
    const now = key(obs.text, action);
    return history.filter((h) => key(h.observation.text, h.decision.action) === now).length + 1 >= times;
  };
  return {
    recover(action, obs, history) {
      if (action.kind === 'back' || !looping(action, obs, history)) return undefined;
      const tried = history.some(
        (h) => h.observation.text === obs.text && h.decision.action.kind === 'back' && (h.decision.reason ?? '').startsWith(LOOP),
      );
      return tried ? undefined : { action: { kind: 'back' }, reason: `${LOOP} ${times} times: back, to re-plan from the screen before` };
    },
    check(action, obs, history) {
      return looping(action, obs, history) ? `${LOOP} ${times} times: stuck in a loop` : undefined;
    },
  };
}

/** Stops when the screen belongs to another app than the task's (after an action left it). */
export function stayInAppGuard(app: string | undefined): Guard {
  return {
    check(_action, obs) {
      const pkg = obs.screen.package;
      if (app === undefined || pkg === undefined || pkg === app) return undefined;
      return `left ${app} (now in ${pkg})`;
    },
  };
}
