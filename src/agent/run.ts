/** A task on a live device: the loop with the guards a person would want, and the run written to a folder. */
import type { ToolContext } from '../tools/registry.js';
import { destructiveGuard, loopGuard, stayInAppGuard } from './guards.js';
import { contradiction, inferGoal } from './goal.js';
import { runTask, type RunOptions } from './loop.js';
import type { Policy } from './policy.js';
import { renderReportHtml } from './report.js';
import { GlanceError } from '../errors.js';
import type { Observation, Trajectory, TrajectoryStep } from './types.js';
import { LiveWorld } from './world.js';

export interface LiveRunOptions {
  task: string;
  policy: Policy;
  /** Package the task is about (default: the map's package, else the app in front when the run starts). */
  app?: string;
  /** The package of the UI Map the policy plans on: the app to start when the home screen is in front. */
  mapPackage?: string;
  /** Start (or bring back) the app the task is about when another app or the home screen is in front. */
  launch?: boolean;
  /** Most actions (default: 2 × the policy's plan + 5 when it plans on a map, else 20). */
  maxSteps?: number;
  /** Let the agent tap destructive elements (delete, send, pay…) without asking. */
  yes?: boolean;
  /** Record a screenshot per step (for the report). */
  screenshots?: boolean;
  onStep?: (step: TrajectoryStep, budget: number) => void;
}

/**
 * A home screen or the system UI: no app to do a task in. Launcher packages have no common marker, so the known
 * names and the word "launcher" (AOSP Launcher3, Pixel's Nexus launcher, vendors' *launcher*) stand for it.
 */
export function isHomeScreen(pkg: string | undefined): boolean {
  return pkg === undefined || pkg === 'com.android.systemui' || /launcher|\.home$|trebuchet/i.test(pkg);
}

/**
 * The app the task is about, brought to the front when asked (`app` named, or `launch`); otherwise a run never
 * starts on another app or the home screen, where any tap would act on the wrong thing.
 */
async function appInFront(probe: LiveWorld, o: LiveRunOptions): Promise<{ first: Observation; app: string | undefined }> {
  let first = await probe.observe();
  const front = first.screen.package;
  // A map built from source may name another id than the installed build (a `.debug` suffix): it only says which
  // app to start from the home screen, never that the app in front is the wrong one.
  const wanted = o.app ?? (isHomeScreen(front) ? o.mapPackage : front);
  if (wanted !== undefined && front === wanted) return { first, app: wanted };
  if (wanted !== undefined && (o.app !== undefined || o.launch === true)) {
    await probe.act({ kind: 'launch', app: wanted });
    first = await probe.observe();
    return { first, app: wanted };
  }
  const shown = isHomeScreen(front) ? 'the home screen' : (front ?? 'no app');
  throw new GlanceError(
    'APP_NOT_IN_FRONT',
    wanted === undefined
      ? `${shown} is in front, not an app to do "${o.task}" in`
      : `${wanted} is not in front (${shown} is): the task would act on another app`,
    {
      hint:
        wanted === undefined
          ? 'name the app (app: PACKAGE) to have it launched, or launch it first with device_launch_app'
          : `pass launch: true to start ${wanted} first, or launch it with device_launch_app`,
      next: wanted === undefined ? { tool: 'device_apps' } : { tool: 'device_launch_app', params: { app: wanted } },
      context: { front, ...(wanted === undefined ? {} : { app: wanted }) },
    },
  );
}

export async function runLive(ctx: ToolContext, o: LiveRunOptions): Promise<{ trajectory: Trajectory; width?: number; height?: number }> {
  const probe = new LiveWorld(ctx, { task: o.task });
  const { first, app } = await appInFront(probe, o);
  const world = new LiveWorld(ctx, { task: o.task, budget: o.maxSteps ?? 20, ...(app === undefined ? {} : { app }) });
  const check = doneCheck(o.task);
  const trajectory = await runTask(world, o.policy, {
    signal: ctx.signal,
    guards: [destructiveGuard(o.yes === true), loopGuard(), stayInAppGuard(app)],
    screenshots: o.screenshots === true,
    budgetFromPlan: o.maxSteps === undefined,
    ...(check === undefined ? {} : { checkDone: check }),
    ...(o.onStep === undefined ? {} : { onStep: (s: TrajectoryStep, b: number) => o.onStep!(s, b) }),
  });
  return { trajectory, width: first.screen.width, height: first.screen.height };
}

/**
 * A live run's done stands unless the last screen contradicts it (goal.ts `contradiction`): a switch the task
 * names shown in the other state, no sign of a screen the task asked to open, a form the task asked to send still
 * there or never typed into. Then the run fails saying so, whichever policy said done (the no-model policy checks
 * itself, more strictly, before saying it). Tasks of several clauses name no single goal: done stands.
 */
export function doneCheck(task: string): RunOptions['checkDone'] {
  const goal = inferGoal(task);
  if (goal === undefined) return undefined;
  return (obs, history) => {
    const why = contradiction(goal, obs, history.slice(0, -1));
    return why === undefined ? undefined : `said done, but the screen shows otherwise: ${why}`;
  };
}

/** `trajectory.jsonl` (one step per line, then the outcome) and `report.html` for a run. */
export function runFiles(r: { trajectory: Trajectory; width?: number; height?: number }): { jsonl: string; html: string } {
  const t = r.trajectory;
  const lines = [
    ...t.steps.map((s) => JSON.stringify(s)),
    JSON.stringify({
      outcome: t.outcome,
      reason: t.reason,
      task: t.task,
      policy: t.policy,
      seconds: t.seconds,
      ...(t.budget === undefined ? {} : { budget: t.budget }),
      usage: usageOf(t),
      ...(t.privacy === undefined ? {} : { privacy: t.privacy }),
      ...(r.width === undefined ? {} : { width: r.width }),
      ...(r.height === undefined ? {} : { height: r.height }),
    }),
  ];
  const meta = { ...(r.width === undefined ? {} : { width: r.width }), ...(r.height === undefined ? {} : { height: r.height }) };
  return { jsonl: `${lines.join('\n')}\n`, html: renderReportHtml(t, meta) };
}

export interface RunUsage {
  /** Calls to the cloud model (what privacy accounts for). */
  calls: number;
  /** Calls read back from a cassette (no model asked). */
  replayed: number;
  inputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Privacy mode's device side: calls to the local model (on this machine, not exposure). */
  local?: { calls: number; inputTokens: number; outputTokens: number };
}

/** Model calls and tokens over a run: the cloud model's, and the local model's apart. */
export function usageOf(t: Pick<Trajectory, 'steps'>): RunUsage {
  const u: RunUsage = { calls: 0, replayed: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 };
  for (const c of t.steps.flatMap((s) => s.decision.llm ?? [])) {
    if (c.side === 'local') {
      const l = (u.local ??= { calls: 0, inputTokens: 0, outputTokens: 0 });
      l.calls++;
      l.inputTokens += c.inputTokens;
      l.outputTokens += c.outputTokens;
      continue;
    }
    u.calls++;
    if (c.replayed === true) u.replayed++;
    u.inputTokens += c.inputTokens;
    u.outputTokens += c.outputTokens;
    u.costUsd += c.costUsd;
  }
  return u;
}
