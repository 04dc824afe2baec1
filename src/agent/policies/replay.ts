/**
 * Replaying a recorded run: each step repeats the recorded decision while the screen is the one it was taken on
 * (the same snapshot, or the same activity with the acted element still there under its ref and label), with no
 * model asked. From the first screen that differs, a fallback policy decides (a model asked only there), or the
 * run fails naming the step.
 */
import { GlanceError } from '../../errors.js';
import { labelOf } from '../screen.js';
import { firstIssue, trajectoryEndSchema, trajectoryStepSchema } from '../trajectory-schema.js';
import type { Policy, PolicyContext } from '../policy.js';
import type { Decision, Observation, PrivacyTotals, Trajectory, TrajectoryStep } from '../types.js';

/** The recorded step can be repeated on this screen. */
export function sameScreen(rec: TrajectoryStep, obs: Observation): boolean {
  if (rec.snapshot === obs.text) return true;
  if (rec.activity !== obs.screen.activity) return false;
  const t = rec.decision.action.target;
  if (t === undefined || /^\d+,\d+$/.test(t)) return false;
  const now = obs.elements.find((e) => e.ref === t);
  const label = rec.result?.element?.label;
  return now !== undefined && (label === undefined || labelOf(now) === label);
}

export class ReplayPolicy implements Policy {
  readonly name: string;
  private diverged: number | undefined;
  private started = false;

  constructor(
    private readonly recorded: readonly TrajectoryStep[],
    private readonly fallback?: Policy,
  ) {
    this.name = fallback === undefined ? 'replay' : `replay+${fallback.name}`;
  }

  privacyTotals(): PrivacyTotals | undefined {
    return this.fallback?.privacyTotals?.();
  }

  async decide(obs: Observation, ctx: PolicyContext): Promise<Decision> {
    const rec = this.diverged === undefined ? this.recorded[ctx.step] : undefined;
    if (rec !== undefined && sameScreen(rec, obs)) {
      const { action, reason, instruction } = rec.decision;
      return {
        action,
        reason: `as recorded at step ${ctx.step + 1}${reason === undefined ? '' : `: ${reason}`}`,
        ...(instruction === undefined ? {} : { instruction }),
      };
    }
    this.diverged ??= ctx.step;
    const why = rec === undefined ? 'the recording ends here' : `the screen differs from the recording at step ${ctx.step + 1}`;
    if (this.fallback === undefined) return { action: { kind: 'fail', text: why }, reason: why };
    if (!this.started) {
      this.started = true;
      await this.fallback.start?.(ctx, obs);
    }
    const d = await this.fallback.decide(obs, ctx);
    return { ...d, reason: `${why}; ${this.fallback.name}: ${d.reason ?? ''}` };
  }
}

/** Steps of a trajectory.jsonl (the outcome line is the one without a decision). */
export function parseTrajectory(text: string, path: string): { steps: TrajectoryStep[]; end: Record<string, unknown> | undefined } {
  const steps: TrajectoryStep[] = [];
  let end: Record<string, unknown> | undefined;
  for (const [i, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    let o: Record<string, unknown>;
    try {
      o = JSON.parse(line) as Record<string, unknown>;
    } catch (e) {
      throw new GlanceError('INPUT_UNREADABLE', `${path}:${i + 1} is not a JSON line`, {
        hint: 'pass the trajectory.jsonl a run wrote with an out folder',
        cause: e,
      });
    }
    const isStep = typeof o === 'object' && o !== null && !Array.isArray(o) && o['decision'] !== undefined;
    const checked = (isStep ? trajectoryStepSchema : trajectoryEndSchema).safeParse(o);
    if (!checked.success) {
      throw new GlanceError(
        'INPUT_UNREADABLE',
        `${path}:${i + 1} is not a trajectory ${isStep ? 'step' : 'outcome'} line (${firstIssue(checked.error)})`,
        {
          hint: 'pass the trajectory.jsonl a run wrote with an out folder; this line was changed or damaged',
          context: { path, line: i + 1 },
        },
      );
    }
    if (isStep) steps.push(o as unknown as TrajectoryStep);
    else end = o;
  }
  return { steps, end };
}

/** A recorded run as a Trajectory again (for re-rendering its report), with the screen size it recorded. */
export function trajectoryOf(text: string, path: string): { trajectory: Trajectory; width?: number; height?: number } {
  const { steps, end } = parseTrajectory(text, path);
  if (end === undefined || typeof end['task'] !== 'string')
    throw new GlanceError('INPUT_UNREADABLE', `${path} has no outcome line`, { hint: 'the run that wrote it did not finish' });
  const num = (k: string): number | undefined => (typeof end[k] === 'number' ? (end[k] as number) : undefined);
  const trajectory: Trajectory = {
    task: end['task'],
    policy: String(end['policy'] ?? 'unknown'),
    steps,
    outcome: String(end['outcome'] ?? 'error') as Trajectory['outcome'],
    seconds: num('seconds') ?? 0,
    ...(typeof end['reason'] === 'string' ? { reason: end['reason'] } : {}),
    ...(end['privacy'] === undefined ? {} : { privacy: end['privacy'] as PrivacyTotals }),
  };
  const width = num('width');
  const height = num('height');
  return { trajectory, ...(width === undefined ? {} : { width }), ...(height === undefined ? {} : { height }) };
}
