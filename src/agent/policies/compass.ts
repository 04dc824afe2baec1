/**
 * `compass` (UICOMPASS): plan a UI path once from the UI Map (the screens the task is about, how they connect,
 * their elements), then per step either follow the map — when the plan's next screen is one transition away and
 * its trigger is on screen, no model is asked — or ask once: the model re-plans against the real screen and the
 * history (state, finished instruction, next instruction, the updated path; `none` ends the task) and selects
 * the element by ref, with the text to type, in the same answer.
 */
import type { Provider } from '../providers/provider.js';
import { z } from 'zod';
import { Planner } from '../planner.js';
import type { Policy, PolicyContext } from '../policy.js';
import { labelOf, showsMapElement } from '../screen.js';
import type { Decision, LlmCall, Observation, PrivacyTotals } from '../types.js';
import { renderMapForTask } from './map-text.js';
import { ledgerOf } from './ledger.js';
import { ACTION_RULES, actionFields, askAction, historyLines, maskedProvider, toAgentAction, type ActionAnswer } from './model-common.js';
import { privateScreen, wholeScreen, type ScreenSource } from './screen-view.js';
import { localSideOf, type ModelPolicyOptions } from './single.js';
import { openStep, type LocalSide } from './coplan.js';

export const COMPASS_PLAN_PROMPT = 'compass.plan@1';
export const COMPASS_STEP_PROMPT = 'compass.step@1';

const PLAN_SYSTEM = `You plan how to do a task in an Android app from its UI Map: its screens (activities), what each holds and how they connect.
Speculate on the instructions a person would follow, grouped by the screen they are done on, in order. Answer with JSON only.`;

const STEP_SYSTEM = `You operate an Android app for a user. You have a plan (a UI path), the steps so far and the current screen as elements with refs.
Each turn: say what state the app is in, which instruction the last step finished, the next instruction (none when the task is complete), the updated plan, and the action for the next instruction.
${ACTION_RULES}
Answer with JSON only.`;

const planSchema = z.object({
  path: z.array(z.object({ activity: z.string(), steps: z.array(z.string()) })).describe('screens in order with the steps on each'),
});

const stepSchema = z.object({
  state: z.string().describe('what the screen shows, in a few words'),
  finished_instruction: z.string().nullable(),
  next_instruction: z.string().describe('the next instruction, or none when the task is complete'),
  updated_path: z.array(z.string()).nullable().describe('the remaining instructions, or null to keep the plan'),
  ...actionFields,
  reason: z.string(),
}) as z.ZodType<ActionAnswer & { state: string; next_instruction: string; updated_path: string[] | null; reason: string }>;

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

export class CompassPolicy implements Policy {
  readonly name: string;
  private readonly planner: Planner | undefined;
  private screen: ScreenSource = wholeScreen();
  /** Remaining instructions, `[Screen] step`. */
  private plan: string[] = [];
  /** Map activities of the plan, in order. */
  private route: string[] = [];
  private planCalls: LlmCall[] = [];
  /** The model has answered a step: its plan, not the first one, says what remains. */
  private asked = false;
  /** Map screens of the route the run has been on: the map's shortcut never leads back into one. */
  private visited = new Set<string>();
  private readonly local: LocalSide | undefined;

  /** The model as this policy asks it: under privacy, every prompt masked as the screen is. */
  private readonly cloud: Provider;

  constructor(private readonly o: ModelPolicyOptions) {
    this.name = o.privacy === true ? 'compass+privacy' : 'compass';
    this.cloud = o.privacy === true ? maskedProvider(o.provider, () => this.screen) : o.provider;
    this.planner = o.map === undefined ? undefined : new Planner(o.map);
    this.local = localSideOf(o);
  }

  async start(ctx: PolicyContext, first: Observation): Promise<void> {
    this.screen = this.o.privacy === true ? privateScreen(ctx.task, this.o.map) : wholeScreen();
    this.plan = [];
    this.route = [];
    this.planCalls = [];
    this.asked = false;
    this.visited = new Set();
    const p = this.planner;
    if (p === undefined) return;
    const prompt = [
      `[UI Map]\n${await renderMapForTask(p, ctx.task, p.localise(first))}`,
      `[Task]\n${ctx.task}`,
      '[Answer] {"path": [{"activity": "MainActivity", "steps": ["1. …"]}, …]}',
    ].join('\n\n');
    const r = await this.cloud.ask({
      role: 'plan',
      promptId: COMPASS_PLAN_PROMPT,
      system: PLAN_SYSTEM,
      prompt,
      schema: planSchema,
      signal: ctx.signal,
    });
    const last = r.calls.at(-1);
    if (last !== undefined) Object.assign(last, { request: prompt, answer: JSON.stringify(r.value) });
    this.planCalls = r.calls;
    for (const g of r.value.path) {
      for (const s of g.steps) this.plan.push(`[${simple(g.activity)}] ${s}`);
      const a = p.activity(g.activity);
      if (a !== undefined && this.route.at(-1) !== a) this.route.push(a);
    }
  }

  /**
   * The plan's next screen is one map transition away and its trigger is on screen: tap it, no model. Never when
   * the model's plan has no instruction past the current one (the goal may be reached: a step after it can undo
   * it), nor into a screen the run has already been on and left.
   */
  private fromMap(obs: Observation): Decision | undefined {
    const p = this.planner;
    if (p === undefined) return undefined;
    const here = p.localise(obs);
    if (here !== undefined && this.route.includes(here)) this.visited.add(here);
    if (this.asked && this.plan.length <= 1) return undefined;
    const i = here === undefined ? -1 : this.route.indexOf(here);
    const next = i < 0 ? undefined : this.route[i + 1];
    if (here === undefined || next === undefined || this.visited.has(next)) return undefined;
    const step = p.route(here, next)?.steps[0];
    const id = step?.trigger?.element;
    if (step === undefined || id === undefined || step.to !== next) return undefined;
    const text = p.label(here, id);
    const el = obs.elements.find((e) => e.offscreen !== true && e.actions.includes('tap') && showsMapElement(e, id, text));
    if (el === undefined) return undefined;
    return {
      action: { kind: 'tap', target: el.ref },
      source: 'map',
      instruction: `go to ${simple(next)}`,
      reason: `the map: "${labelOf(el) ?? id}" on ${simple(here)} opens ${simple(next)} (no model asked)`,
      plan: [...this.plan],
    };
  }

  /** Instructions of the plan made on the map (undefined without a map or when the plan came back empty). */
  planLength(): number | undefined {
    return this.plan.length === 0 ? undefined : this.plan.length;
  }

  privacyTotals(): PrivacyTotals | undefined {
    return this.screen.totals?.();
  }

  async decide(obs: Observation, ctx: PolicyContext): Promise<Decision> {
    const planCalls = ctx.step === 0 ? this.planCalls : [];
    const mapped = this.fromMap(obs);
    if (mapped !== undefined) return { ...mapped, ...(planCalls.length === 0 ? {} : { llm: planCalls }) };
    // An empty plan the model emptied means every instruction was done, not that there never was a plan.
    const none = this.asked
      ? '(every instruction is done: check the screen, then answer done or act on what is missing)'
      : '(no plan: decide from the screen)';
    const planText = `[Plan]\n${this.plan.length === 0 ? none : this.plan.map((s) => `- ${s}`).join('\n')}`;
    const opened = await openStep({
      screen: this.screen,
      cloud: this.cloud,
      local: this.local,
      obs,
      task: ctx.task,
      history: ctx.history,
      context: [planText],
      signal: ctx.signal,
    });
    const coplan = opened.coplan === undefined ? {} : { coplan: opened.coplan };
    if (opened.finished !== undefined)
      return {
        action: { kind: 'done', text: opened.finished.reason },
        instruction: 'none',
        reason: opened.finished.reason,
        llm: [...planCalls, ...opened.calls],
        exposure: opened.view.exposure,
        plan: [...this.plan],
        ...coplan,
        ...ledgerOf(opened.view),
      };
    const r = await askAction({
      provider: this.cloud,
      screen: this.screen,
      first: opened.view,
      role: 'step',
      promptId: COMPASS_STEP_PROMPT,
      system: STEP_SYSTEM,
      schema: stepSchema,
      signal: ctx.signal,
      obs,
      prompt: (view) =>
        [
          `[Task]\n${ctx.task}`,
          planText,
          `[Steps so far]\n${historyLines(ctx.history, obs)}`,
          ...(opened.subtask === undefined ? [] : [`[Sub-task]\n${opened.subtask}`]),
          `[Screen${obs.screen.activity === undefined ? '' : ` ${obs.screen.activity}`}]\n${view.text}`,
        ].join('\n\n'),
    });
    const a = r.answer;
    this.asked = true;
    if (a.updated_path !== null) this.plan = [...a.updated_path];
    const finished = /^\s*none\s*\.?\s*$/i.test(a.next_instruction) && a.action !== 'fail';
    const action = finished ? { kind: 'done' as const, text: a.text ?? a.state } : toAgentAction(a, (t) => this.screen.unmask(t));
    return {
      action,
      instruction: a.next_instruction,
      reason: a.reason,
      llm: [...planCalls, ...opened.calls, ...r.calls],
      exposure: r.view.exposure,
      plan: [...this.plan],
      ...coplan,
      ...ledgerOf(r.view),
    };
  }
}
