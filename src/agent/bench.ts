/**
 * The agent benchmark over DroidTask task worlds: step mode (teacher-forced: each grounded step on its recorded
 * screen with the ground-truth history) and episode mode (closed loop on the replay), with the metrics of
 * metrics.ts per app and pooled.
 */
import { failureReason, tallyFailures, type FailureCounts, type FailureReason } from './bench-failures.js';
import { runTask } from './loop.js';
import {
  addExposure,
  addLlm,
  llmUsage,
  NO_LLM,
  innermostAt,
  matchesStep,
  NO_EXPOSURE,
  summariseEpisodes,
  type EpisodeResult,
  type EpisodeSummary,
  type LlmUsage,
} from './metrics.js';
import { gtAction } from './policies/baselines.js';
import type { HistoryEntry, Policy } from './policy.js';
import type { Decision, Exposure, LlmCall, Observation, Trajectory } from './types.js';
import type { DroidTask, DroidTaskSuite } from './worlds/droidtask.js';
import type { GtStep } from './world.js';

export type BenchMode = 'step' | 'episode' | 'both';

export interface BenchOptions {
  mode: BenchMode;
  /** The policy for an app's tasks (a map-guided policy builds its map per app). */
  policyFor(app: string): Promise<Policy>;
  signal?: AbortSignal;
  /** Called after each task (progress). */
  onTask?: (app: string, task: string) => void;
  /** The model the policy asks, for the report. */
  model?: string;
}

export interface StepScore {
  total: number;
  correct: number;
  accuracy: number;
  /** Model policies: what the teacher-forced decisions cost and sent (cloud calls; local ones apart). */
  llm?: LlmUsage;
  local?: LlmUsage;
  exposure?: Exposure;
}

/** One task's step-mode counts. */
export interface StepCounts {
  total: number;
  correct: number;
  llm?: LlmUsage;
  local?: LlmUsage;
  exposure?: Exposure;
}

export interface AppReport {
  step: StepScore;
  episode: EpisodeSummary;
  /** Failed episodes by reason class. */
  failures: FailureCounts;
}

export interface BenchReport {
  policy: string;
  model: string | null;
  mode: BenchMode;
  apps: string[];
  step: StepScore;
  episode: EpisodeSummary;
  exposure: Exposure;
  /** Episodes' cloud model calls; `local`: privacy's device-side model, on this machine. */
  llm: LlmUsage & { local?: LlmUsage };
  seconds: number;
  perApp: Record<string, AppReport>;
  /** Failed episodes by reason class, over every app. */
  failures: FailureCounts;
  /** Tasks whose ground truth meets an action recorded with two or more outcomes (the world took the next step's). */
  ambiguous: string[];
  tasks: Array<
    Omit<EpisodeResult, 'llmCalls' | 'inputTokens' | 'outputTokens' | 'costUsd' | 'exposure' | 'local'> & {
      id: string;
      failure?: FailureReason;
    }
  >;
  /** The episode trajectories, in task order (not part of the JSON summary). */
  trajectories: Trajectory[];
}

const score = (total: number, correct: number): StepScore => ({
  total,
  correct,
  accuracy: total === 0 ? 0 : Math.round((correct / total) * 1e4) / 1e4,
});

/** The usage block of a report when any call was made. */
const used = (key: 'llm' | 'local', u: LlmUsage): Partial<Record<'llm' | 'local', LlmUsage>> => (u.calls === 0 ? {} : { [key]: u });

/** Teacher-forced decisions on one task's grounded steps: how many were right. */
async function stepMode(suite: DroidTaskSuite, t: DroidTask, policy: Policy, signal: AbortSignal): Promise<StepCounts> {
  const world = suite.world(t);
  const history: HistoryEntry[] = [];
  let total = 0;
  let correct = 0;
  const calls: LlmCall[] = [];
  let exposure: Exposure = NO_EXPOSURE;
  for (let i = 0; i < t.steps.length; i++) {
    const gt = t.steps[i]!;
    const obs = await world.resetAt(gt.screen ?? t.start);
    const ctx = { task: t.task, step: i, budget: world.budget, history, app: world.app, groundTruth: t.steps, signal };
    if (i === 0) await policy.start?.(ctx, obs);
    if (gt.bounds !== undefined && gt.kind !== 'back') {
      const d = await policy.decide(obs, ctx);
      total++;
      if (matchesStep(obs, d.action, gt)) correct++;
      calls.push(...(d.llm ?? []));
      exposure = addExposure(exposure, d.exposure);
    }
    history.push(gtEntry(obs, t.steps[i]!));
  }
  const u = llmUsage(calls);
  return { total, correct, ...used('llm', u.cloud), ...used('local', u.local), ...(exposure.totalElements === 0 ? {} : { exposure }) };
}

/** The ground-truth step as a history entry, by ref when the screen shows the element. */
function gtEntry(obs: Observation, gt: GtStep): HistoryEntry {
  const action = gtAction(gt) ?? { kind: 'fail' as const };
  const el =
    gt.bounds === undefined ? undefined : innermostAt(obs.elements, (gt.bounds[0] + gt.bounds[2]) / 2, (gt.bounds[1] + gt.bounds[3]) / 2);
  if (el !== undefined && action.target !== undefined) action.target = el.ref;
  const label = el?.text ?? el?.desc ?? el?.labels?.[0] ?? el?.id;
  const decision: Decision = { action, reason: 'ground truth' };
  return {
    observation: obs,
    decision,
    result: {
      ok: true,
      changed: true,
      newScreen: false,
      diff: '',
      ...(el === undefined ? {} : { element: { ref: el.ref, ...(label === undefined ? {} : { label }) } }),
    },
  };
}

async function episode(
  suite: DroidTaskSuite,
  t: DroidTask,
  policy: Policy,
  signal: AbortSignal,
): Promise<{ r: EpisodeResult; traj: Trajectory; failure: FailureReason | undefined }> {
  const world = suite.world(t);
  let k = 0;
  let prefix = true;
  let acted = 0;
  let atGoalWhenDone = false;
  const traj = await runTask(world, policy, {
    signal,
    onStep: (step, _budget, obs) => {
      const a = step.decision.action;
      if (a.kind === 'done') atGoalWhenDone = world.atGoal();
      if (a.kind === 'done' || a.kind === 'fail') return;
      acted++;
      const gt = t.steps[step.step];
      if (prefix && gt !== undefined && matchesStep(obs, a, gt)) k++;
      else prefix = false;
    },
  });
  const u = llmUsage(traj.steps.flatMap((s) => s.decision.llm ?? []));
  const goalReached = world.goalReached();
  const steps = traj.steps.filter((s) => s.result !== undefined).length;
  const r: EpisodeResult = {
    app: t.app,
    task: t.task,
    replayable: t.replayable,
    outcome: traj.outcome,
    success: traj.outcome === 'done' && goalReached,
    goalReached,
    stoppedAtGoal: atGoalWhenDone,
    steps,
    gtSteps: t.steps.length,
    acp: t.steps.length === 0 ? 1 : Math.round((k / t.steps.length) * 1e4) / 1e4,
    llmCalls: u.cloud.calls,
    inputTokens: u.cloud.inputTokens,
    outputTokens: u.cloud.outputTokens,
    costUsd: u.cloud.costUsd,
    ...used('local', u.local),
    exposure: traj.steps.reduce<Exposure>((e, s) => addExposure(e, s.decision.exposure), NO_EXPOSURE),
  };
  const failure = failureReason({ outcome: r.outcome, success: r.success, goalReached, onPath: k === acted });
  return { r, traj, failure };
}

/** One task's scores: its teacher-forced step counts and its episode (each null when the mode skips it). */
export interface TaskScore {
  id: string;
  app: string;
  step: StepCounts | null;
  episode: EpisodeResult | null;
  /** Why the episode failed (absent on success and in step mode). */
  failure?: FailureReason;
  /** Ground-truth steps that met two or more recorded outcomes. */
  ambiguous?: number[];
}

/** One task of the benchmark in the given mode (what a farm worker runs as one job). */
export async function benchTask(
  suite: DroidTaskSuite,
  t: DroidTask,
  o: { policy: Policy; mode: BenchMode; signal: AbortSignal },
): Promise<{ score: TaskScore; trajectory: Trajectory | null }> {
  const step = o.mode === 'episode' ? null : await stepMode(suite, t, o.policy, o.signal);
  const ep = o.mode === 'step' ? null : await episode(suite, t, o.policy, o.signal);
  const score: TaskScore = { id: t.id, app: t.app, step, episode: ep?.r ?? null };
  if (ep?.failure !== undefined) score.failure = ep.failure;
  if (t.ambiguous.length > 0) score.ambiguous = t.ambiguous;
  return { score, trajectory: ep?.traj ?? null };
}

/** The tasks of a suite in the order the benchmark runs them: by app, then as listed. */
export function benchOrder(suite: DroidTaskSuite): DroidTask[] {
  const apps = [...new Set(suite.tasks.map((t) => t.app))].sort();
  return apps.flatMap((app) => suite.tasks.filter((t) => t.app === app));
}

export async function runBench(suite: DroidTaskSuite, opts: BenchOptions): Promise<BenchReport> {
  const signal = opts.signal ?? new AbortController().signal;
  const started = performance.now();
  const scores: TaskScore[] = [];
  const trajectories: Trajectory[] = [];
  let policyName = 'unknown';
  let policy: Policy | undefined;
  let policyApp: string | undefined;
  for (const t of benchOrder(suite)) {
    if (policy === undefined || policyApp !== t.app) {
      policy = await opts.policyFor(t.app);
      policyApp = t.app;
      policyName = policy.name;
    }
    const r = await benchTask(suite, t, { policy, mode: opts.mode, signal });
    scores.push(r.score);
    if (r.trajectory !== null) trajectories.push(r.trajectory);
    opts.onTask?.(t.app, t.task);
  }
  const seconds = Math.round((performance.now() - started) / 10) / 100;
  const meta = { policy: policyName, mode: opts.mode, seconds, ...(opts.model === undefined ? {} : { model: opts.model }) };
  return { ...aggregateBench(scores, meta), trajectories };
}

/** The report over task scores given in benchmark order (a local run and a farm's collected jobs alike). */
export function aggregateBench(
  scores: readonly TaskScore[],
  meta: { policy: string; mode: BenchMode; seconds: number; model?: string },
): Omit<BenchReport, 'trajectories'> {
  const apps = [...new Set(scores.map((s) => s.app))].sort();
  const withEpisode = scores.filter((s) => s.episode !== null);
  const results = withEpisode.map((s) => s.episode!);
  const ids = withEpisode.map((s) => s.id);
  const stepOf = (list: readonly TaskScore[]): StepScore => {
    const llm = list.reduce((u, s) => addLlm(u, s.step?.llm), NO_LLM);
    const local = list.reduce((u, s) => addLlm(u, s.step?.local), NO_LLM);
    const exposure = list.reduce<Exposure>((e, s) => addExposure(e, s.step?.exposure), NO_EXPOSURE);
    return {
      ...score(
        list.reduce((n, s) => n + (s.step?.total ?? 0), 0),
        list.reduce((n, s) => n + (s.step?.correct ?? 0), 0),
      ),
      ...used('llm', llm),
      ...used('local', local),
      ...(exposure.totalElements === 0 ? {} : { exposure }),
    };
  };
  const local = results.reduce((u, r) => addLlm(u, r.local), NO_LLM);
  const perApp: Record<string, AppReport> = {};
  for (const app of apps) {
    perApp[app] = {
      step: stepOf(scores.filter((s) => s.app === app)),
      episode: summariseEpisodes(results.filter((r) => r.app === app)),
      failures: tallyFailures(withEpisode.filter((s) => s.app === app).map((s) => s.failure)),
    };
  }
  return {
    policy: meta.policy,
    model: meta.model ?? null,
    mode: meta.mode,
    apps,
    step: stepOf(scores),
    episode: summariseEpisodes(results),
    exposure: results.reduce<Exposure>((e, r) => addExposure(e, r.exposure), NO_EXPOSURE),
    llm: {
      calls: results.reduce((n, r) => n + r.llmCalls, 0),
      inputTokens: results.reduce((n, r) => n + r.inputTokens, 0),
      outputTokens: results.reduce((n, r) => n + r.outputTokens, 0),
      costUsd: results.reduce((n, r) => n + r.costUsd, 0),
      ...used('local', local),
    },
    seconds: meta.seconds,
    perApp,
    failures: tallyFailures(withEpisode.map((s) => s.failure)),
    ambiguous: scores.filter((s) => s.ambiguous !== undefined).map((s) => s.id),
    tasks: results.map((r, i) => ({
      id: ids[i]!,
      app: r.app,
      task: r.task,
      replayable: r.replayable,
      outcome: r.outcome,
      success: r.success,
      goalReached: r.goalReached,
      stoppedAtGoal: r.stoppedAtGoal,
      steps: r.steps,
      gtSteps: r.gtSteps,
      acp: r.acp,
      ...(withEpisode[i]!.failure === undefined ? {} : { failure: withEpisode[i]!.failure }),
    })),
  };
}
