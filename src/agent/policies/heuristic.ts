/**
 * The no-model policy: deterministic, explainable. Each step it scores every actionable element on screen:
 * task words in the element's labels and id (words earlier steps already used count less), a bonus for the
 * trigger of the next UI Map transition towards the screens the task is about (or "More options" when that
 * trigger hides in the overflow menu), a confirm bonus in a dialog it just chose in, and typing for values the
 * task asks to enter into a fitting field. It stops when nothing on screen is relevant any more.
 */
import type { SnapshotElement } from '../../snapshot/types.js';
import type { UiMap } from '../../uimap/index.js';
import { words } from '../../privacy/text.js';
import { elementWords, packageWords, relevance, taskTerms, terms, type TaskTerms } from '../lexical.js';
import { goalState, inferGoal, isToggle, toggleWords, type TaskGoal } from '../goal.js';
import { Planner, type Goal } from '../planner.js';
import { isDialog, isMore, labelOf, showsMapElement } from '../screen.js';
import type { HistoryEntry, Policy, PolicyContext } from '../policy.js';
import type { AgentAction, Decision, Observation } from '../types.js';
import { typedValues, type FieldCue, type TypedValue } from '../values.js';

/** Below this, nothing on screen is about the task: stop. */
const STOP_BELOW = 1;
const ROUTE_BONUS = 2;
const MORE_BONUS = 1.6;
const CONFIRM_BONUS = 3;
/** An element whose whole label is words of the task ("open the Clock page" → Clock). */
const EXACT_BONUS = 1;
/** Share of the task's words a tapped element carried for the tap to count as the task itself. */
const COVERED = 0.75;
const TYPE_BASE = 2.2;
const REPEAT_PENALTY = 2;
/** Scrolls down a screen in search of the element the map's route starts with. */
const LOOK_SCROLLS = 4;

interface Candidate {
  el: SnapshotElement;
  action: AgentAction;
  score: number;
  why: string[];
}

/** A switch, check box, or a row holding one: tapping it flips a setting. */
const toggles = (e: SnapshotElement): boolean => e.states.includes('checkable') || e.actions.includes('check');

/** The task mentions the label as a phrase (word boundaries on both sides). */
function phraseIn(task: string, label: string): boolean {
  const i = task.indexOf(label);
  if (i < 0) return false;
  const before = task[i - 1];
  const after = task[i + label.length];
  return (before === undefined || !/[\p{L}\p{N}]/u.test(before)) && (after === undefined || !/[\p{L}\p{N}]/u.test(after));
}

/** Share of the task's word weight an element's labels carry (app-name words left out). */
function coverage(task: string, e: SnapshotElement): number {
  const tt = taskTerms(task);
  const total = [...tt.stems.values()].reduce((a, b) => a + b, 0);
  if (total === 0) return 0;
  const label = terms(elementWords(e));
  let got = 0;
  for (const [st, w] of tt.stems) if (label.stems.has(st)) got += w;
  return got / total;
}

function lastElement(history: readonly HistoryEntry[]): SnapshotElement | undefined {
  const last = history.at(-1);
  const t = last?.decision.action.target;
  return t === undefined ? undefined : last!.observation.elements.find((e) => e.ref === t);
}
const isConfirm = (e: SnapshotElement): boolean =>
  e.id === 'button1' || /^(ok|save|done|apply|yes|set|send)$/i.test(e.text ?? e.desc ?? '') || e.id === 'save';

/** The label of what a step acted on: as the result named it, else as its screen showed the target. */
function actedLabel(h: HistoryEntry): string | undefined {
  const t = h.decision.action.target;
  return h.result?.element?.label ?? (t === undefined ? undefined : labelFor(h.observation, t));
}

/** What earlier steps did: labels acted on and text typed. */
function done(history: readonly HistoryEntry[]): { labels: string[]; typed: string[] } {
  const labels: string[] = [];
  const typed: string[] = [];
  for (const h of history) {
    const a = h.decision.action;
    const label = actedLabel(h);
    if (label !== undefined) labels.push(label);
    if (a.kind === 'type' && a.text !== undefined) typed.push(a.text);
  }
  return { labels, typed };
}

function labelFor(obs: Observation, target: string): string | undefined {
  const e = obs.elements.find((x) => x.ref === target);
  return e === undefined ? undefined : labelOf(e);
}

/** How well a field fits a value's cue (its hint, id and label words). */
function fieldFit(e: SnapshotElement, cue: FieldCue, value: string): number {
  const t = terms(elementWords(e));
  const has = (...ws: string[]): boolean => ws.some((w) => t.stems.has(w) || t.concepts.has(`~${w}`));
  const named = has('name', 'label', 'title', 'filename', 'surname', 'first');
  const search = has('search');
  const number = has('number', 'phone', 'width', 'height', 'size') || /^\d+$/.test(e.text ?? '');
  if (cue === 'password') return e.states.includes('password') || has('password') ? 2 : -1;
  if (cue === 'email') return has('email', 'mail') && !e.states.includes('password') ? 2 : -1;
  if (e.states.includes('password')) return -1;
  if (cue === 'search') return search ? 2 : -1;
  if (cue === 'number') return number ? 2 : /^\d+$/.test(value) && !named && !search ? 0.5 : -1;
  if (cue === 'name') return named && !number ? 2 : -1;
  return !named && !search ? 1.5 : -0.5;
}

export class HeuristicPolicy implements Policy {
  readonly name = 'heuristic';
  private readonly planner: Planner | undefined;

  private planned: number | undefined;

  constructor(map?: UiMap) {
    this.planner = map === undefined ? undefined : new Planner(map);
  }

  /** The map route to the task's best goal from the first screen: its hops, the goal's tap, the values to type. */
  async start(ctx: PolicyContext, first: Observation): Promise<void> {
    this.planned = undefined;
    const p = this.planner;
    const here = p === undefined ? undefined : (first.mapNode ?? p.localise(first));
    if (p === undefined || here === undefined) return;
    const tt = taskTerms(ctx.task, [], packageWords(ctx.app ?? first.screen.package));
    let best: { cost: number; steps: number } | undefined;
    for (const g of p.goals(tt)) {
      const r = p.route(here, g.activity);
      if (r === undefined) continue;
      const cost = g.score - 0.4 * r.steps.length;
      if (best === undefined || cost > best.cost) best = { cost, steps: r.steps.length };
    }
    if (best !== undefined) this.planned = best.steps + 1 + typedValues(ctx.task).length;
  }

  planLength(): number | undefined {
    return this.planned;
  }

  async decide(obs: Observation, ctx: PolicyContext): Promise<Decision> {
    const past = done(ctx.history);
    const tt = taskTerms(ctx.task, [...past.labels, ...past.typed], packageWords(ctx.app ?? obs.screen.package));
    const values = typedValues(ctx.task);
    const pending = values.filter((v) => !past.typed.some((t) => t.toLowerCase() === v.value.toLowerCase()));
    const toScreen = this.towardsNamedScreen(obs, ctx);
    if (toScreen !== undefined) return toScreen;
    const goal = inferGoal(ctx.task);
    const state = goal === undefined ? undefined : goalState(goal, obs, ctx.history);
    if (state?.reached === true) return { action: { kind: 'done' }, reason: state.why };
    if (state?.reached === false && state.target !== undefined && state.target.offscreen !== true)
      return { action: { kind: 'tap', target: state.target.ref }, reason: `${state.why}: switch it` };
    // Without a goal to check, the old stopping rules; with one, only the screen's evidence ends the task.
    const stop = goal === undefined ? this.finished(obs, ctx, { all: values, pending }) : undefined;
    if (stop !== undefined) return { action: { kind: 'done' }, reason: stop };
    const switches = (e: SnapshotElement): boolean => isToggle(e) || obs.elements.some((c) => c.parent === e.ref && isToggle(c));
    const unasked = (e: SnapshotElement): boolean => goal !== undefined && switches(e) && !asksFor(goal, ctx.task, e, obs);
    const visible = obs.elements.filter((e) => e.offscreen !== true && e.actions.some((a) => a !== 'scroll') && !unasked(e));
    const cands = visible.map((el) => this.score(el, tt, ctx));
    const route = this.routeBonus(cands, obs, tt);
    this.confirmBonus(cands, obs, ctx.history);
    this.typeCandidates(cands, pending);
    this.resultBonus(cands, ctx.history, values);
    cands.sort((a, b) => b.score - a.score);
    const best = cands[0];
    if (best !== undefined && (best.score >= STOP_BELOW || pending.length > 0)) {
      return { action: best.action, reason: `${labelOf(best.el) ?? best.el.ref}: ${best.why.join(', ')} (${best.score.toFixed(2)})` };
    }
    if (route === 'back') return { action: { kind: 'back' }, reason: 'the map routes back up from this screen' };
    // Nothing on screen is about the task: look behind a menu (or, for a setting, in Settings) once, else stop.
    const lastTarget = lastElement(ctx.history);
    const gateway =
      visible.find((e) => isMore(e)) ?? (goal?.kind === 'toggle' ? visible.find((e) => SETTINGS.test(labelOf(e) ?? '')) : undefined);
    const lastWasAboutTask = lastTarget !== undefined && relevance(taskTerms(ctx.task), terms(elementWords(lastTarget))) >= 1.5;
    const visited = gateway !== undefined && past.labels.includes(labelOf(gateway) ?? gateway.ref);
    if (gateway !== undefined && !visited && (lastTarget === undefined || (!isMore(lastTarget) && !lastWasAboutTask))) {
      return {
        action: { kind: 'tap', target: gateway.ref },
        reason: `nothing here is about the task: look in ${labelOf(gateway) ?? 'the menu'}`,
      };
    }
    const why = best === undefined ? 'nothing to act on' : `nothing left about the task (best ${best.score.toFixed(2)})`;
    // A goal the screen does not show is a failure to report, never a success.
    if (state !== undefined) return { action: { kind: 'fail', text: `${state.why}; ${why}` }, reason: `${state.why}; ${why}` };
    return { action: { kind: 'done' }, reason: why };
  }

  /**
   * On a world that names its screens (a trailmap's waypoints, as `mapNode`) and a task that names one ("go to the
   * add field picker screen"): done when on it, else the first step of the map's route there when the screen shows
   * how (its trigger, scrolled to when laid out below or above, or BACK); when the trigger is not in sight, a few
   * scrolls down the screen to find it, as a person does. Undefined to rank the screen as usual.
   */
  private towardsNamedScreen(obs: Observation, ctx: Pick<PolicyContext, 'task' | 'history'>): Decision | undefined {
    const p = this.planner;
    const here = obs.mapNode;
    if (p === undefined || here === undefined) return undefined;
    const goal = namedScreen(p.map.activities, ctx.task);
    if (goal === undefined) return undefined;
    if (goal === here) return { action: { kind: 'done' }, reason: `on ${goal}, the screen the task names` };
    const first = p.route(here, goal)?.steps[0];
    const why = `the map's route to ${goal}`;
    if (first?.trigger?.kind === 'up') return { action: { kind: 'back' }, reason: `${why} goes back` };
    const id = first?.trigger?.element;
    if (first === undefined || id === undefined) return undefined;
    // Any element showing the trigger: a row's label is where a person touches it, whatever the snapshot calls it.
    const label = p.label(first.from, id);
    const hit = obs.elements.find((e) => showsMapElement(e, id, label));
    if (hit === undefined) {
      let scrolls = 0;
      for (let i = ctx.history.length - 1; i >= 0 && ctx.history[i]!.decision.action.kind === 'swipe'; i--) scrolls++;
      return scrolls >= LOOK_SCROLLS
        ? undefined
        : { action: { kind: 'swipe', direction: 'up' }, reason: `${why}: look further down for "${label}"` };
    }
    if (hit.offscreen !== true) return { action: { kind: 'tap', target: hit.ref }, reason: `${why}: tap "${labelOf(hit) ?? id}"` };
    const below = hit.bounds[1] >= obs.screen.height;
    return { action: { kind: 'swipe', direction: below ? 'up' : 'down' }, reason: `${why}: scroll to "${labelOf(hit) ?? id}"` };
  }

  /** The stopping rule: a reason to declare done, or undefined to go on. */
  private finished(
    obs: Observation,
    ctx: Pick<PolicyContext, 'task' | 'history'>,
    values: { all: readonly TypedValue[]; pending: readonly TypedValue[] },
  ): string | undefined {
    const { task, history } = ctx;
    const pending = values.pending;
    const last = history.at(-1);
    if (last === undefined || pending.length > 0) return undefined;
    const a = last.decision.action;
    const lastValue = values.all.at(-1);
    if (a.kind === 'type' && lastValue !== undefined && a.text === lastValue.value && lastValue.cue === 'text')
      return 'the last text is typed';
    const el = lastElement(history);
    if (el === undefined || a.kind !== 'tap') return undefined;
    if (isDialog(last.observation) && !isDialog(obs) && !isMore(el)) return 'the dialog closed on the choice';
    if (!isDialog(last.observation) && toggles(el) && obs.elements.length > 0) return 'the setting is switched';
    if (!isDialog(obs) && coverage(task, el) >= COVERED) return 'the element that says the whole task was used';
    return undefined;
  }

  private score(el: SnapshotElement, tt: TaskTerms, ctx: PolicyContext): Candidate {
    const lex = relevance(tt, terms(elementWords(el)));
    const c: Candidate = {
      el,
      action: { kind: el.actions.includes('tap') || el.actions.includes('check') ? 'tap' : 'tap', target: el.ref },
      score: lex,
      why: [],
    };
    if (lex > 0) c.why.push(`task words ${lex.toFixed(2)}`);
    const label = labelOf(el)?.toLowerCase();
    if (label !== undefined && label.length > 1 && !el.actions.includes('type') && phraseIn(ctx.task.toLowerCase(), label))
      bump(c, EXACT_BONUS, 'named by the task');
    const last = ctx.history.at(-1);
    if (last !== undefined) {
      const lastLabel =
        last.result?.element?.label ??
        (last.decision.action.target === undefined ? undefined : labelFor(last.observation, last.decision.action.target));
      if (lastLabel !== undefined && lastLabel === labelOf(el) && last.decision.action.kind === 'tap') {
        c.score -= REPEAT_PENALTY;
        c.why.push('just tapped');
      }
    }
    if (el.actions.includes('type')) c.score -= 0.5;
    // Choosing the option already chosen changes nothing.
    if (el.states.includes('checked') && el.class.endsWith('RadioButton')) bump(c, -1.5, 'already chosen');
    return c;
  }

  /** The next map transition towards the task's screens: its trigger on screen, or the overflow menu hiding it. */
  private routeBonus(cands: Candidate[], obs: Observation, tt: TaskTerms): 'back' | undefined {
    const p = this.planner;
    if (p === undefined) return undefined;
    // A world that knows its screens names the one on show (a trailmap's waypoint); else guess from the screen.
    const here = obs.mapNode ?? p.localise(obs);
    if (here === undefined) return undefined;
    const goals = p.goals(tt);
    let best: { goal: Goal; steps: number; trigger?: { element?: string; kind: string } } | undefined;
    for (const g of goals) {
      const r = p.route(here, g.activity);
      if (r === undefined) continue;
      const first = r.steps[0];
      const trigger = first === undefined ? g.target.open : first.trigger;
      const cost = g.score - 0.4 * r.steps.length;
      if (best === undefined || cost > best.goal.score - 0.4 * best.steps)
        best = { goal: g, steps: r.steps.length, ...(trigger === undefined ? {} : { trigger }) };
    }
    if (best === undefined) return undefined;
    // Something on screen already says more about the task than any screen elsewhere: no detour.
    const onScreen = Math.max(0, ...cands.map((c) => c.score));
    if (best.steps > 0 && onScreen > best.goal.score * 1.5 && onScreen >= 1.5) return undefined;
    // The route starts by going back up (the screens the task is about are behind this one).
    if (best.trigger?.kind === 'up') return 'back';
    const goalOnScreen = cands.some((c) => this.isMapElement(c.el, best.goal.element.id, best.goal.element.text));
    if (best.steps === 0 && goalOnScreen) {
      for (const c of cands) if (this.isMapElement(c.el, best.goal.element.id, best.goal.element.text)) bump(c, 1, 'goal element');
      return undefined;
    }
    const trig = best.trigger;
    let found = false;
    if (trig?.element !== undefined) {
      const text = p.label(here, trig.element);
      for (const c of cands) {
        if (this.isMapElement(c.el, trig.element, text)) {
          bump(c, ROUTE_BONUS, `map route via ${trig.element}`);
          found = true;
        }
      }
    }
    const inMenu = trig?.kind === 'menu' || (best.steps === 0 && best.goal.target.part === 'menu');
    if (!found && inMenu) for (const c of cands) if (isMore(c.el)) bump(c, MORE_BONUS, 'menu holds the next step');
    return undefined;
  }

  private isMapElement(e: SnapshotElement, id: string, text: string | undefined): boolean {
    return showsMapElement(e, id, text);
  }

  /**
   * In a dialog where the last step chose or typed something, its confirm button comes next. A dialog that the
   * last tap opened and whose button says that tap's words again ("Delete" → "Delete note?" … "Delete") asks to
   * confirm it: that button comes next (the task is not done while the question is on screen).
   */
  private confirmBonus(cands: Candidate[], obs: Observation, history: readonly HistoryEntry[]): void {
    if (!obs.elements.some((e) => e.id === 'button1')) return;
    const last = history.at(-1);
    if (last === undefined) return;
    const lastEl = last.observation.elements.find((e) => e.ref === last.decision.action.target);
    const chose =
      last.decision.action.kind === 'type' ||
      (lastEl !== undefined &&
        (lastEl.states.includes('checkable') || lastEl.class.endsWith('RadioButton') || lastEl.class.endsWith('CheckBox')));
    const sameDialog = last.observation.elements.some((e) => e.id === 'button1');
    if (chose && sameDialog) for (const c of cands) if (isConfirm(c.el)) bump(c, CONFIRM_BONUS, 'confirm what was chosen');
    const asked = last.decision.action.kind === 'tap' && !sameDialog ? actedLabel(last)?.trim() : undefined;
    if (asked === undefined || asked === '') return;
    for (const c of cands)
      if (c.el.class.endsWith('Button') && (labelOf(c.el) ?? '').trim().toLowerCase() === asked.toLowerCase())
        bump(c, CONFIRM_BONUS, `confirm the ${asked} just asked for`);
  }

  /** A value still to type becomes a type action on the field that fits it best. */
  private typeCandidates(cands: Candidate[], pending: readonly TypedValue[]): void {
    const v = pending[0];
    if (v === undefined) return;
    for (const c of cands) {
      if (!c.el.actions.includes('type')) continue;
      const fit = fieldFit(c.el, v.cue, v.value);
      if (fit < 0) continue;
      c.action = { kind: 'type', target: c.el.ref, text: v.value };
      c.score = Math.max(c.score, TYPE_BASE + fit);
      c.why.push(`type "${v.value}" (${v.cue} field fit ${fit})`);
    }
  }

  /** After typing a search, the result that carries the searched text is what to open. */
  private resultBonus(cands: Candidate[], history: readonly HistoryEntry[], values: readonly TypedValue[]): void {
    const a = history.at(-1)?.decision.action;
    if (a?.kind !== 'type' || !values.some((v) => v.cue === 'search' && v.value === a.text)) return;
    const want = a.text!.toLowerCase();
    for (const c of cands) if (!c.el.actions.includes('type') && labelOf(c.el)?.toLowerCase() === want) bump(c, 2, 'the search result');
  }
}

/** A Settings entry: where a setting the screen does not show is looked for. */
const SETTINGS = /^(settings|preferences)$/i;

/** The task names this toggle: the setting it is to switch, or (for other goals) every word of the toggle's label. */
function asksFor(goal: TaskGoal, task: string, e: SnapshotElement, obs: Observation): boolean {
  const said = terms(toggleWords(e, obs.elements)).stems;
  const want = terms(goal.kind === 'toggle' ? goal.object : task).stems;
  return said.size > 0 && [...said].filter((w) => want.has(w)).length >= Math.min(said.size, 2);
}

/** The map screen whose name's words the task says most of (fewest other words on a tie), if any shares one. */
function namedScreen(screens: ReadonlyArray<{ name: string }>, task: string): string | undefined {
  const want = terms(task).stems;
  let best: { name: string; got: number; extra: number } | undefined;
  for (const { name } of screens) {
    const has = terms(words(name).join(' ')).stems;
    let got = 0;
    for (const w of has) if (want.has(w)) got++;
    const extra = has.size - got;
    if (got > 0 && (best === undefined || got > best.got || (got === best.got && extra < best.extra))) best = { name, got, extra };
  }
  return best?.name;
}

function bump(c: Candidate, by: number, why: string): void {
  c.score += by;
  c.why.push(why);
}

export function heuristicPolicy(map?: UiMap): Policy {
  return new HeuristicPolicy(map);
}
