/**
 * The goal a one-clause task names and whether a screen shows it reached: a setting switched to the asked state
 * ("turn on dark theme"), a screen opened ("open the groceries note"), a form filled and sent ("sign in with email
 * … and password …"). The no-model policy stops with done only on this evidence, so it never claims a success the
 * screen does not show. Pure: reads the task, the observation and the history.
 */
import type { SnapshotElement } from '../snapshot/types.js';
import { idWords } from '../uimap/words.js';
import { terms } from './lexical.js';
import type { HistoryEntry } from './policy.js';
import { labelOf } from './screen.js';
import type { Observation } from './types.js';
import { typedValues, type TypedValue } from './values.js';

export type TaskGoal =
  | { kind: 'toggle'; on: boolean; object: string }
  | { kind: 'open'; object: string }
  | { kind: 'submit'; verb: string; values: TypedValue[] };

export type GoalState = { reached: true; why: string } | { reached: false; why: string; target?: SnapshotElement };

/** A task of more than one clause has no single goal to check. */
const SEVERAL = /\b(and then|then|after that)\b|[,;]/i;
const TOGGLE_FIRST = /^(?:please\s+)?(?:turn|switch|toggle|set)\s+(on|off)\s+(?:the\s+)?(.+?)\.?$/i;
const TOGGLE_LAST = /^(?:please\s+)?(?:turn|switch|set)\s+(?:the\s+)?(.+?)\s+(on|off)\.?$/i;
const TOGGLE_VERB = /^(?:please\s+)?(enable|activate|disable|deactivate)\s+(?:the\s+)?(.+?)\.?$/i;
// Not "show": "show the number of words" asks for a setting, not a screen.
const OPEN = /^(?:please\s+)?(?:open|go to|view|navigate to)\s+(?:the\s+|my\s+)?(.+?)\.?$/i;
/** "… in the Gallery app": where, not what. */
const IN_APP = /\s+(?:in|on)\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?\s+app$/i;
const SUBMIT = /^(?:please\s+)?([a-z][a-z ]{1,20}?)\s+with\s+/i;

/** Words that say what kind of thing the object is, not which one ("the groceries note" is about groceries). */
const KIND_WORDS = new Set(['note', 'screen', 'page', 'tab', 'list', 'item', 'file', 'folder', 'app', 'menu', 'section', 'view']);

export function inferGoal(task: string): TaskGoal | undefined {
  const t = task.trim();
  const values = typedValues(t);
  const submit = SUBMIT.exec(t);
  // A sign-in or sign-up form: the values go into fields, then the verb's button sends them.
  if (submit !== null && values.some((v) => v.cue === 'email' || v.cue === 'password'))
    return { kind: 'submit', verb: submit[1]!.trim(), values };
  if (SEVERAL.test(t) || /\band\b/i.test(t)) return undefined;
  // Where the task says the app is ("… on in the Notes app") is no part of what it asks for.
  const asked = t.replace(/\.$/, '').replace(IN_APP, '');
  const first = TOGGLE_FIRST.exec(asked);
  if (first !== null) return { kind: 'toggle', on: first[1]!.toLowerCase() === 'on', object: first[2]! };
  const last = TOGGLE_LAST.exec(asked);
  if (last !== null) return { kind: 'toggle', on: last[2]!.toLowerCase() === 'on', object: last[1]! };
  const verb = TOGGLE_VERB.exec(asked);
  if (verb !== null) return { kind: 'toggle', on: /^(enable|activate)$/i.test(verb[1]!), object: verb[2]! };
  if (values.length > 0) return undefined;
  const open = OPEN.exec(asked);
  if (open !== null) return { kind: 'open', object: open[1]! };
  return undefined;
}

/** A switch or check box (not a radio button: choosing one is not switching it). */
export const isToggle = (e: SnapshotElement): boolean =>
  (e.states.includes('checkable') || e.actions.includes('check')) && !e.class.endsWith('RadioButton');

const isOn = (e: SnapshotElement): boolean => e.states.includes('checked') || e.states.includes('on');

/** What an element says on screen (its id left out: ids are not what a task names). */
const shownWords = (e: SnapshotElement): string => [e.text, e.desc, e.hint, ...(e.labels ?? [])].filter((s) => s !== undefined).join(' ');

/** A toggle's words: its own, else the row holding it (a settings row's switch has no label of its own). */
export function toggleWords(e: SnapshotElement, all: readonly SnapshotElement[]): string {
  const own = shownWords(e);
  if (own.trim() !== '') return own;
  const row = e.parent === undefined ? undefined : all.find((x) => x.ref === e.parent);
  return row === undefined ? '' : shownWords(row);
}

/** Share of the object's words (stemmed) among the words said. */
function share(object: string, said: string): number {
  const want = terms(object).stems;
  const has = terms(said).stems;
  return want.size === 0 ? 0 : [...want].filter((w) => has.has(w)).length / want.size;
}

/** Every word of the object is among the words. */
const covers = (object: string, said: string): boolean => share(object, said) === 1;

/** Most of the object's words: a task names a setting loosely ("the alarm clock vibration function" → Vibrate). */
const MOSTLY = 0.6;

/** The object's words that say which one (kind words dropped unless that leaves none). */
function distinctive(object: string): Set<string> {
  const all = terms(object).stems;
  const kinds = terms([...KIND_WORDS].join(' ')).stems;
  const out = new Set([...all].filter((w) => !kinds.has(w)));
  return out.size > 0 ? out : all;
}

/** The toggle on screen the object names (the one whose words say most of it), if any. */
export function toggleFor(object: string, obs: Pick<Observation, 'elements'>): SnapshotElement | undefined {
  let best: { e: SnapshotElement; got: number } | undefined;
  for (const e of obs.elements) {
    if (!isToggle(e)) continue;
    const got = share(object, toggleWords(e, obs.elements));
    if (got >= MOSTLY && (best === undefined || got > best.got)) best = { e, got };
  }
  return best?.e;
}

export function goalState(goal: TaskGoal, obs: Observation, history: readonly HistoryEntry[]): GoalState {
  switch (goal.kind) {
    case 'toggle':
      return toggleState(goal, obs, history);
    case 'open':
      return openState(goal, obs, history);
    case 'submit':
      return submitState(goal, obs, history);
  }
}

function toggleState(goal: Extract<TaskGoal, { kind: 'toggle' }>, obs: Observation, history: readonly HistoryEntry[]): GoalState {
  const state = goal.on ? 'on' : 'off';
  const el = toggleFor(goal.object, obs);
  if (el === undefined) return { reached: false, why: `no switch for "${goal.object}" on this screen` };
  const row = el.parent === undefined ? undefined : obs.elements.find((x) => x.ref === el.parent);
  const name = el.text ?? el.desc ?? el.labels?.[0] ?? row?.text ?? row?.labels?.[0] ?? goal.object;
  if (isOn(el) === goal.on) {
    const acted = history.some((h) => h.decision.action.target === el.ref || (row !== undefined && h.decision.action.target === row.ref));
    return { reached: true, why: `"${name}" is ${acted ? 'now' : 'already'} ${state}` };
  }
  return { reached: false, why: `"${name}" is not ${state}`, target: el };
}

/** The screen changed on the last step (a new screen, or another activity). */
function moved(obs: Observation, history: readonly HistoryEntry[]): boolean {
  const last = history.at(-1);
  if (last === undefined || last.result?.ok === false) return false;
  return last.result?.newScreen === true || last.observation.screen.activity !== obs.screen.activity || last.observation.text !== obs.text;
}

function openState(goal: Extract<TaskGoal, { kind: 'open' }>, obs: Observation, history: readonly HistoryEntry[]): GoalState {
  const want = distinctive(goal.object);
  const last = history.at(-1);
  const tapped = last?.decision.action.kind === 'tap';
  // A title or heading (text nobody taps) that carries the object's words, on the screen a tap just opened.
  const says = (w: string): boolean => [...want].every((x) => terms(w).stems.has(x));
  const title = obs.elements.find((e) => e.actions.length === 0 && says(shownWords(e)));
  if (tapped && moved(obs, history)) {
    if (title !== undefined) return { reached: true, why: `the screen shows "${labelOf(title)}"` };
    if (says(actedWords(last))) return { reached: true, why: `"${last.result?.element?.label ?? goal.object}" opened a new screen` };
  }
  return { reached: false, why: `no screen titled "${goal.object}" was opened` };
}

function submitState(goal: Extract<TaskGoal, { kind: 'submit' }>, obs: Observation, history: readonly HistoryEntry[]): GoalState {
  const typed = new Set(history.filter((h) => h.decision.action.kind === 'type').map((h) => h.decision.action.text));
  const missing = goal.values.filter((v) => !typed.has(v.value));
  if (missing.length > 0) return { reached: false, why: `"${missing[0]!.value}" is not typed yet` };
  const lastType = history.map((h) => h.decision.action.kind).lastIndexOf('type');
  const sent = history.slice(lastType + 1).findIndex((h) => h.decision.action.kind === 'tap' && covers(goal.verb, actedWords(h)));
  if (sent < 0) return { reached: false, why: `the values are typed but "${goal.verb}" was not tapped after them` };
  // The fields typed into are gone: the form was accepted and left.
  const fields = history.filter((h) => h.decision.action.kind === 'type').map((h) => fieldKey(h));
  const still = obs.elements.some((e) => e.actions.includes('type') && fields.includes(elementKey(e)));
  if (still) return { reached: false, why: `the form is still on screen after "${goal.verb}"` };
  const title = obs.elements.find((e) => e.actions.length === 0 && labelOf(e) !== undefined);
  return { reached: true, why: `"${goal.verb}" left the form${title === undefined ? '' : ` for "${labelOf(title)}"`}` };
}

/** The words of the element a history step acted on. */
function actedWords(h: HistoryEntry): string {
  const t = h.decision.action.target;
  const el = t === undefined ? undefined : h.observation.elements.find((e) => e.ref === t);
  return [h.result?.element?.label, el === undefined ? undefined : shownWords(el)].filter(Boolean).join(' ');
}

const elementKey = (e: SnapshotElement): string => `${e.id ?? ''}|${e.hint ?? ''}`;

function fieldKey(h: HistoryEntry): string {
  const t = h.decision.action.target;
  const el = t === undefined ? undefined : h.observation.elements.find((e) => e.ref === t);
  return el === undefined ? '?' : elementKey(el);
}

/** A screen's own name: `dev.x/.SettingsActivity` → "settings activity". */
const activityWords = (activity: string | undefined): string => idWords((activity ?? '').slice((activity ?? '').lastIndexOf('.') + 1));

/**
 * Why the screen contradicts a done someone else said (a model), or undefined when it does not — looser than
 * goalState, which decides when to say done: a switch the task names is shown in the other state; nothing on the
 * screen, its name included, says most of the words of a screen the task asked to open; a form the task asked to
 * send was never typed into, or its fields are still there. Typed values are not compared (privacy mode shows the
 * model placeholders).
 */
export function contradiction(goal: TaskGoal, obs: Observation, history: readonly HistoryEntry[]): string | undefined {
  switch (goal.kind) {
    case 'toggle': {
      const s = toggleState(goal, obs, history);
      return s.reached || s.target === undefined ? undefined : s.why;
    }
    case 'open': {
      const want = distinctive(goal.object);
      const has = terms([activityWords(obs.screen.activity), ...obs.elements.map(shownWords)].join(' ')).stems;
      const got = [...want].filter((w) => has.has(w)).length;
      return want.size === 0 || got / want.size >= MOSTLY ? undefined : `nothing on the screen names "${goal.object}"`;
    }
    case 'submit': {
      const typed = history.filter((h) => h.decision.action.kind === 'type');
      if (typed.length === 0) return `nothing was typed to ${goal.verb}`;
      const fields = typed.map((h) => fieldKey(h));
      return obs.elements.some((e) => e.actions.includes('type') && fields.includes(elementKey(e)))
        ? `the form is still on screen`
        : undefined;
    }
  }
}
