/** A task on a live device: the loop with the guards a person would want, and the run written to a folder. */
import type { ToolContext } from '../tools/registry.js';
import { destructiveGuard, loopGuard, stayInAppGuard } from './guards.js';
import { runTask } from './loop.js';
import type { Policy } from './policy.js';
import { renderReportHtml } from './report.js';
import type { Trajectory, TrajectoryStep } from './types.js';
import { LiveWorld } from './world.js';

export interface LiveRunOptions {
  task: string;
  policy: Policy;
  /** Package the task is about (default: the app in front when the run starts). */
  app?: string;
  /** Most actions (default: 2 × the policy's plan + 5 when it plans on a map, else 20). */
  maxSteps?: number;
  /** Let the agent tap destructive elements (delete, send, pay…) without asking. */
  yes?: boolean;
  /** Record a screenshot per step (for the report). */
  screenshots?: boolean;
  onStep?: (step: TrajectoryStep, budget: number) => void;
}

export async function runLive(ctx: ToolContext, o: LiveRunOptions): Promise<{ trajectory: Trajectory; width?: number; height?: number }> {
  const probe = new LiveWorld(ctx, { task: o.task });
  let first = await probe.observe();
  // The task is about an app that is not in front: start it (or bring it back) first.
  if (o.app !== undefined && first.screen.package !== o.app) {
    await probe.act({ kind: 'launch', app: o.app });
    first = await probe.observe();
  }
  const app = o.app ?? first.screen.package;
  const world = new LiveWorld(ctx, { task: o.task, budget: o.maxSteps ?? 20, ...(app === undefined ? {} : { app }) });
  const trajectory = await runTask(world, o.policy, {
    signal: ctx.signal,
    guards: [destructiveGuard(o.yes === true), loopGuard(), stayInAppGuard(app)],
    screenshots: o.screenshots === true,
    budgetFromPlan: o.maxSteps === undefined,
    ...(o.onStep === undefined ? {} : { onStep: (s: TrajectoryStep, b: number) => o.onStep!(s, b) }),
  });
  return { trajectory, width: first.screen.width, height: first.screen.height };
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
