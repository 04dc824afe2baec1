/**
 * Why an episode failed, in classes that say whether the agent or the recorded world is to blame: the world had
 * no outcome for an action (`off-recording`), the agent left the ground truth's path and never got back
 * (`wrong-action`), stopped on the path short of the goal (`stopped-early`), passed the goal without stopping
 * (`stopped-late`), or ran out of actions (`budget`). Pure.
 */
import type { Outcome } from './types.js';

export const FAILURE_REASONS = ['off-recording', 'wrong-action', 'stopped-early', 'stopped-late', 'budget'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];
export type FailureCounts = Record<FailureReason, number>;

export interface EpisodeFacts {
  outcome: Outcome;
  success: boolean;
  /** Every essential state was reached at some point. */
  goalReached: boolean;
  /** Every action taken matched the ground truth's step at its position. */
  onPath: boolean;
}

/** The failure class of one episode; undefined for a success. */
export function failureReason(e: EpisodeFacts): FailureReason | undefined {
  if (e.success) return undefined;
  if (e.outcome === 'off-path') return 'off-recording';
  // The goal was reached and the agent went on (or gave up) instead of stopping there.
  if (e.goalReached) return 'stopped-late';
  if (e.outcome === 'budget') return 'budget';
  return e.onPath ? 'stopped-early' : 'wrong-action';
}

export function noFailures(): FailureCounts {
  return { 'off-recording': 0, 'wrong-action': 0, 'stopped-early': 0, 'stopped-late': 0, budget: 0 };
}

export function tallyFailures(reasons: readonly (FailureReason | undefined)[]): FailureCounts {
  const out = noFailures();
  for (const r of reasons) if (r !== undefined) out[r]++;
  return out;
}
