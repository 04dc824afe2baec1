/**
 * `single`: one model call per step on the snapshot (task, steps so far, the screen with refs, and the UI Map's
 * route hints when a map is known) — the cloud-only baseline the papers compare against. With privacy on, the
 * screen goes up block by block (the model may answer need_more).
 */
import { z } from 'zod';
import { taskTerms } from '../lexical.js';
import { Planner } from '../planner.js';
import type { Policy, PolicyContext } from '../policy.js';
import type { Provider } from '../providers/provider.js';
import type { Decision, Observation, PrivacyTotals } from '../types.js';
import type { UiMap } from '../../uimap/index.js';
import { ACTION_RULES, actionFields, askAction, historyLines, maskedProvider, toAgentAction, type ActionAnswer } from './model-common.js';
import { privateScreen, wholeScreen, type ScreenSource } from './screen-view.js';
import { ledgerOf } from './ledger.js';
import { lexicalSide, modelSide, openStep, type LocalSide } from './coplan.js';
import { appStrings } from './block-names.js';

export const SINGLE_PROMPT = 'single.step@1';

const SYSTEM = `You operate an Android app for a user, one action at a time, reading the screen as a list of elements with refs.
${ACTION_RULES}
Answer with JSON only.`;

const schema = z.object({ ...actionFields, reason: z.string().describe('one short sentence') }) as z.ZodType<
  ActionAnswer & { reason: string }
>;

/** Routes the map suggests from this screen to the screens the task is about (at most three). */
export function mapHints(planner: Planner | undefined, obs: Observation, task: string): string[] {
  if (planner === undefined) return [];
  const here = planner.localise(obs);
  if (here === undefined) return [];
  const out: string[] = [];
  for (const g of planner.goals(taskTerms(task), 6)) {
    const r = planner.route(here, g.activity);
    if (r === undefined) continue;
    const line = planner.instructions(r, g).join('; ');
    if (!out.includes(line)) out.push(line);
    if (out.length === 3) break;
  }
  return out;
}

export interface ModelPolicyOptions {
  provider: Provider;
  map?: UiMap;
  /** Send the screen block by block (CORE); what is sent is in each step's ledger. */
  privacy?: boolean;
  /**
   * Privacy mode's device side: a model on this machine that proposes a sub-task per block and ranks the blocks
   * (its calls expose nothing). Default: privacy's lexical ranker.
   */
  local?: Provider;
}

/** The device side of co-planning for a run (undefined when privacy is off). */
export function localSideOf(o: ModelPolicyOptions): LocalSide | undefined {
  if (o.privacy !== true) return undefined;
  const known = o.map === undefined ? new Set<string>() : appStrings(o.map);
  return o.local === undefined ? lexicalSide(known) : modelSide(o.local, known);
}

export class SinglePolicy implements Policy {
  readonly name: string;
  private readonly planner: Planner | undefined;
  private screen: ScreenSource;
  private readonly local: LocalSide | undefined;

  /** The model as this policy asks it: under privacy, every prompt masked as the screen is. */
  private readonly cloud: Provider;

  constructor(private readonly o: ModelPolicyOptions) {
    this.name = o.privacy === true ? 'single+privacy' : 'single';
    this.cloud = o.privacy === true ? maskedProvider(o.provider, () => this.screen) : o.provider;
    this.planner = o.map === undefined ? undefined : new Planner(o.map);
    this.screen = wholeScreen();
    this.local = localSideOf(o);
  }

  async start(ctx: PolicyContext): Promise<void> {
    this.screen = this.o.privacy === true ? privateScreen(ctx.task, this.o.map) : wholeScreen();
  }

  privacyTotals(): PrivacyTotals | undefined {
    return this.screen.totals?.();
  }

  async decide(obs: Observation, ctx: PolicyContext): Promise<Decision> {
    const hints = mapHints(this.planner, obs, ctx.task);
    const hintText = hints.length === 0 ? [] : [`The app's map suggests:\n${hints.map((h) => `- ${h}`).join('\n')}`];
    const opened = await openStep({
      screen: this.screen,
      cloud: this.cloud,
      local: this.local,
      obs,
      task: ctx.task,
      history: ctx.history,
      context: hintText,
      signal: ctx.signal,
    });
    const coplan = opened.coplan === undefined ? {} : { coplan: opened.coplan };
    if (opened.finished !== undefined)
      return {
        action: { kind: 'done', text: opened.finished.reason },
        reason: opened.finished.reason,
        llm: opened.calls,
        exposure: opened.view.exposure,
        ...coplan,
        ...ledgerOf(opened.view),
      };
    const r = await askAction({
      provider: this.cloud,
      screen: this.screen,
      first: opened.view,
      role: 'step',
      promptId: SINGLE_PROMPT,
      system: SYSTEM,
      schema,
      signal: ctx.signal,
      obs,
      prompt: (view) =>
        [
          `Task: ${ctx.task}`,
          `Steps so far:\n${historyLines(ctx.history, obs)}`,
          ...hintText,
          ...(opened.subtask === undefined ? [] : [`Sub-task for this step: ${opened.subtask}`]),
          `Screen${obs.screen.activity === undefined ? '' : ` (${obs.screen.activity})`}:\n${view.text}`,
          'What is the next action?',
        ].join('\n\n'),
    });
    return {
      action: toAgentAction(r.answer, (t) => this.screen.unmask(t)),
      reason: r.answer.reason,
      ...(opened.subtask === undefined ? {} : { instruction: opened.subtask }),
      llm: [...opened.calls, ...r.calls],
      exposure: r.view.exposure,
      ...coplan,
      ...ledgerOf(r.view),
    };
  }
}
