/**
 * The agent loop: observe, decide, guard, act, record — until the policy says done or fail, the budget runs
 * out, a guard stops it, or a replay world reports an action with no recorded outcome.
 */
import { throwIfAborted } from '../errors.js';
import type { HistoryEntry, Policy, PolicyContext } from './policy.js';
import type { AgentAction, Observation, Trajectory, TrajectoryStep } from './types.js';
import type { World } from './world.js';

export interface Guard {
  /** A reason to stop instead of performing `action`, or undefined to let it through. */
  check(action: AgentAction, obs: Observation, history: readonly HistoryEntry[]): string | undefined;
  /** A way out to take instead of `action` (asked before `check`): the step records it with its reason. */
  recover?(action: AgentAction, obs: Observation, history: readonly HistoryEntry[]): { action: AgentAction; reason: string } | undefined;
}

export interface RunOptions {
  signal?: AbortSignal;
  guards?: readonly Guard[];
  /** Record a screenshot before each action (for the HTML report). */
  screenshots?: boolean;
  /** Called after each step (live progress). */
  onStep?: (step: TrajectoryStep, budget: number, obs: Observation) => void;
  /** The budget is 2 × the policy's plan + 5 when it made one at start (else the world's). */
  budgetFromPlan?: boolean;
  /**
   * Asked when the policy says done: a reason the screen contradicts it (the run then ends in fail with that
   * reason), or undefined to let done stand.
   */
  checkDone?: (obs: Observation, history: readonly HistoryEntry[]) => string | undefined;
}

function boxOf(obs: Observation, a: AgentAction): [number, number, number, number] | undefined {
  if (a.target === undefined) return undefined;
  const el = obs.elements.find((e) => e.ref === a.target);
  if (el !== undefined) return [...el.bounds];
  const m = /^(\d+),(\d+)$/.exec(a.target);
  return m === null ? undefined : [Number(m[1]) - 20, Number(m[2]) - 20, Number(m[1]) + 20, Number(m[2]) + 20];
}

export async function runTask(world: World, policy: Policy, opts: RunOptions = {}): Promise<Trajectory> {
  const signal = opts.signal ?? new AbortController().signal;
  const started = performance.now();
  const history: HistoryEntry[] = [];
  const steps: TrajectoryStep[] = [];
  let budget = world.budget;
  const ctx = (step: number): PolicyContext => ({
    task: world.task,
    step,
    budget,
    history,
    signal,
    ...(world.app === undefined ? {} : { app: world.app }),
    ...(world.groundTruth === undefined ? {} : { groundTruth: world.groundTruth }),
  });
  const end = (outcome: Trajectory['outcome'], reason?: string): Trajectory => {
    const privacy = policy.privacyTotals?.();
    return {
      task: world.task,
      policy: policy.name,
      steps,
      outcome,
      ...(reason === undefined ? {} : { reason }),
      seconds: (performance.now() - started) / 1000,
      budget,
      ...(privacy === undefined ? {} : { privacy }),
    };
  };
  let obs = await world.reset();
  await policy.start?.(ctx(0), obs);
  const planned = opts.budgetFromPlan === true ? policy.planLength?.() : undefined;
  if (planned !== undefined) budget = 2 * planned + 5;
  for (let i = 0; ; i++) {
    throwIfAborted(signal);
    let decision = await policy.decide(obs, ctx(i));
    const way = opts.guards?.map((g) => g.recover?.(decision.action, obs, history)).find((r) => r !== undefined);
    if (way !== undefined)
      decision = { ...decision, action: way.action, reason: `${way.reason} (the policy chose ${decision.action.kind})` };
    const step: TrajectoryStep = { step: i, snapshot: obs.text, decision };
    if (obs.screen.activity !== undefined) step.activity = obs.screen.activity;
    if (obs.mapNode !== undefined) step.mapNode = obs.mapNode;
    const a = decision.action;
    if (a.kind === 'done' || a.kind === 'fail') {
      steps.push(step);
      history.push({ observation: obs, decision });
      opts.onStep?.(step, budget, obs);
      const refuted = a.kind === 'done' ? opts.checkDone?.(obs, history) : undefined;
      if (refuted !== undefined) return end('fail', refuted);
      return end(a.kind, a.text ?? decision.reason);
    }
    if (i >= budget) return end('budget', `${budget} actions taken`);
    const stop = opts.guards?.map((g) => g.check(a, obs, history)).find((r) => r !== undefined);
    if (stop !== undefined) {
      steps.push(step);
      return end('guard', stop);
    }
    if (opts.screenshots === true && world.screenshot !== undefined) {
      step.screenshot = Buffer.from(await world.screenshot()).toString('base64');
      const box = boxOf(obs, a);
      if (box !== undefined) step.box = box;
    }
    const result = await world.act(a);
    step.result = result;
    steps.push(step);
    history.push({ observation: obs, decision, result });
    opts.onStep?.(step, budget, obs);
    if (result.offPath === true) return end('off-path', result.diff);
    obs = await world.observe();
  }
}
