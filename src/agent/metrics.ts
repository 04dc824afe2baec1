/**
 * Benchmark metrics, pure. Definitions: step accuracy (teacher-forced decisions equal to the ground-truth
 * target), SR (essential states reached in order and done declared), ACP (longest prefix of the agent's actions
 * matching the ground truth / its length), CTR (runs that stopped at the goal / runs that reached it), premature
 * stops (done declared short of the goal / runs), SPL (success × ground-truth length / max(actions, that length)).
 */
import { contains } from '../hierarchy/model.js';
import { findElements } from '../snapshot/selector.js';
import type { SnapshotElement } from '../snapshot/types.js';
import type { AgentAction, Exposure, LlmCall, Observation, Outcome } from './types.js';
import type { GtStep } from './world.js';

type Box = [number, number, number, number];

const centreOf = (b: readonly number[]): [number, number] => [(b[0]! + b[2]!) / 2, (b[1]! + b[3]!) / 2];
const area = (b: readonly number[]): number => (b[2]! - b[0]!) * (b[3]! - b[1]!);

/** The innermost element that can be acted on whose bounds hold the point. */
export function innermostAt(elements: readonly SnapshotElement[], x: number, y: number): SnapshotElement | undefined {
  let best: SnapshotElement | undefined;
  for (const e of elements) {
    if (e.actions.length === 0 || !contains(e.bounds, x, y)) continue;
    if (best === undefined || area(e.bounds) < area(best.bounds)) best = e;
  }
  return best;
}

/** Where an action's target lies on the observed screen: an element, or a bare point. */
export function resolveOn(obs: Observation, target: string): { element?: SnapshotElement; point: [number, number] } | undefined {
  const m = /^(\d+),(\d+)$/.exec(target);
  if (m !== null) return { point: [Number(m[1]), Number(m[2])] };
  let el = obs.elements.find((e) => e.ref === target);
  if (el === undefined) {
    try {
      el = findElements({ elements: obs.elements }, target)[0];
    } catch {
      return undefined;
    }
  }
  return el === undefined ? undefined : { element: el, point: el.center };
}

/** The chosen target is the ground truth's: its centre lies in the target, or it is the innermost actionable element there. */
export function hitsTarget(obs: Observation, target: string | undefined, bounds: Box): boolean {
  if (target === undefined) return false;
  const r = resolveOn(obs, target);
  if (r === undefined) return false;
  if (r.element === undefined) return contains(bounds, r.point[0], r.point[1]);
  const [ex, ey] = centreOf(r.element.bounds);
  if (contains(bounds, ex, ey)) return true;
  const [tx, ty] = centreOf(bounds);
  return innermostAt(obs.elements, tx, ty)?.ref === r.element.ref;
}

/** The action does what the ground-truth step did (same kind, same element, same text). */
export function matchesStep(obs: Observation, a: AgentAction, gt: GtStep): boolean {
  if (gt.kind === 'back') return a.kind === 'back' || (a.kind === 'key' && /^(KEYCODE_)?BACK$/i.test(a.key ?? ''));
  if (gt.kind === 'swipe') return a.kind === 'swipe' && a.direction === gt.direction;
  if (gt.bounds === undefined) return false;
  if (gt.kind === 'input') {
    return a.kind === 'type' && hitsTarget(obs, a.target, gt.bounds) && (a.text ?? '').toLowerCase() === (gt.input ?? '').toLowerCase();
  }
  return a.kind === (gt.kind === 'long_press' ? 'long_press' : 'tap') && hitsTarget(obs, a.target, gt.bounds);
}

/** One episode, as the benchmark reports it. */
export interface EpisodeResult {
  app: string;
  task: string;
  replayable: boolean;
  outcome: Outcome;
  success: boolean;
  /** Essential states were all reached (whether or not the agent then stopped). */
  goalReached: boolean;
  /** Done was declared while the goal screen was on screen. */
  stoppedAtGoal: boolean;
  steps: number;
  gtSteps: number;
  acp: number;
  /** Cloud model calls (privacy's device-side calls are in `local`). */
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Calls to a local model on the device side of privacy mode (not exposure). */
  local?: LlmUsage;
  exposure: Exposure;
}

export interface LlmUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
}

export const NO_LLM: LlmUsage = { calls: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };

/** Sums model calls, cloud and local apart. */
export function llmUsage(calls: readonly LlmCall[]): { cloud: LlmUsage; local: LlmUsage } {
  let cloud = NO_LLM;
  let local = NO_LLM;
  for (const c of calls) {
    const one: LlmUsage = { calls: 1, inputTokens: c.inputTokens, outputTokens: c.outputTokens, costUsd: c.costUsd };
    if (c.side === 'local') local = addLlm(local, one);
    else cloud = addLlm(cloud, one);
  }
  return { cloud, local };
}

/** Field-wise sum of two records of counts; a missing `b` leaves `a`. */
function sumCounts<T extends Record<keyof T, number>>(a: T, b: T | undefined): T {
  if (b === undefined) return a;
  const out = { ...a };
  for (const k of Object.keys(a) as (keyof T)[]) out[k] = (a[k] + b[k]) as T[keyof T];
  return out;
}

export function addLlm(a: LlmUsage, b: LlmUsage | undefined): LlmUsage {
  return sumCounts(a, b);
}

export interface EpisodeSummary {
  total: number;
  replayable: number;
  success: number;
  sr: number;
  srReplayable: number;
  offPath: number;
  acp: number;
  ctr: number;
  spl: number;
  prematureStops: number;
  meanSteps: number;
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const round = (x: number): number => Math.round(x * 1e4) / 1e4;

export function summariseEpisodes(rs: readonly EpisodeResult[]): EpisodeSummary {
  const n = rs.length;
  const success = rs.filter((r) => r.success).length;
  const replayable = rs.filter((r) => r.replayable);
  const reached = rs.filter((r) => r.goalReached);
  return {
    total: n,
    replayable: replayable.length,
    success,
    sr: round(n === 0 ? 0 : success / n),
    srReplayable: round(replayable.length === 0 ? 0 : replayable.filter((r) => r.success).length / replayable.length),
    offPath: round(n === 0 ? 0 : rs.filter((r) => r.outcome === 'off-path').length / n),
    acp: round(mean(rs.map((r) => r.acp))),
    ctr: round(reached.length === 0 ? 0 : reached.filter((r) => r.stoppedAtGoal).length / reached.length),
    spl: round(mean(rs.map((r) => (r.success ? r.gtSteps / Math.max(r.steps, r.gtSteps, 1) : 0)))),
    prematureStops: round(n === 0 ? 0 : rs.filter((r) => r.outcome === 'done' && !r.goalReached).length / n),
    meanSteps: round(mean(rs.map((r) => r.steps))),
  };
}

export function addExposure(a: Exposure, b: Exposure | undefined): Exposure {
  return sumCounts(a, b);
}

export const NO_EXPOSURE: Exposure = { sentElements: 0, totalElements: 0, sentChars: 0, totalChars: 0 };
