/** A policy decides the next action from what is on screen and what happened so far. */
import type { GtStep } from './world.js';
import type { ActResult, Decision, Observation, PrivacyTotals } from './types.js';

export interface HistoryEntry {
  observation: Observation;
  decision: Decision;
  result?: ActResult;
}

export interface PolicyContext {
  task: string;
  /** 0-based index of this decision. */
  step: number;
  budget: number;
  history: readonly HistoryEntry[];
  app?: string;
  /** The task's ground truth, when the world has one (only the oracle reads it). */
  groundTruth?: readonly GtStep[];
  signal: AbortSignal;
}

export interface Policy {
  readonly name: string;
  /** Called once per task before the first decision. */
  start?(ctx: PolicyContext, first: Observation): Promise<void>;
  decide(obs: Observation, ctx: PolicyContext): Promise<Decision>;
  /**
   * Actions the plan made at `start` foresees (route hops plus the goal's own actions), when the policy plans:
   * a live run with no explicit step limit gets 2 × that + 5.
   */
  planLength?(): number | undefined;
  /** Privacy mode: what the run sent to the model, summed (read when the run ends). */
  privacyTotals?(): PrivacyTotals | undefined;
}
