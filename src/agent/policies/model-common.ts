/**
 * What the model policies share: the action schema a model answers in (one element by ref, text to type in the
 * same answer), the check that the ref is one the model was shown, the history as lines, and turning an answer
 * into an agent action.
 */
import { z } from 'zod';
import type { HistoryEntry } from '../policy.js';
import type { Provider } from '../providers/provider.js';
import { labelOf } from '../screen.js';
import { outcomeOf } from '../outcome.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import type { AgentAction, LlmCall, Observation } from '../types.js';
import type { ScreenSource, ScreenView } from './screen-view.js';

export const ACTIONS = ['tap', 'long_press', 'type', 'scroll', 'back', 'done', 'fail', 'need_more'] as const;

/** Every field present (nullable) so OpenAI's strict structured output accepts the schema. */
export const actionFields = {
  action: z.enum(ACTIONS).describe('what to do; need_more asks for more of the screen (only when some is withheld)'),
  ref: z
    .string()
    .nullable()
    .describe('ref of the element (tap, long_press, type), or of the list to scroll (scroll; null scrolls the biggest), else null'),
  text: z.string().nullable().describe('text to type, or the answer/reason for done and fail, else null'),
  direction: z.enum(['up', 'down']).nullable().describe('scroll direction, else null'),
};

export type ActionAnswer = { action: (typeof ACTIONS)[number]; ref: string | null; text: string | null; direction: 'up' | 'down' | null };

export const ACTION_RULES = `Act by ref: name one element of the screen by its ref (like b12). For type, give the text in the same answer: it replaces the field's text.
Use back to leave a screen, scroll to see more (give the list's ref when the screen has several), done when the task is complete, fail when it cannot be done.
Acting on a ref listed beyond a fold scrolls it into view first.`;

const nameOf = (e: SnapshotElement): string => {
  const l = labelOf(e);
  return l === undefined ? `${e.ref} ${e.class}` : `${e.ref} ${e.class} ${JSON.stringify(l)}`;
};

/** Refs of up to three elements that fit, for the repair message. */
const some = (els: readonly SnapshotElement[], fits: (e: SnapshotElement) => boolean): string => {
  const refs = els.filter(fits).map((e) => e.ref);
  return refs.length === 0 ? '' : ` (on this screen: ${refs.slice(0, 3).join(', ')}${refs.length > 3 ? ', …' : ''})`;
};

/**
 * Why an answer cannot be acted on, given what the model was shown: a ref that is not there, or an action the
 * element cannot take (typing into what is no text field, scrolling what does not scroll). `elements` are the
 * screen's (on and off screen) for the second kind; without them only refs are checked.
 */
export function checkAction(a: ActionAnswer, view: ScreenView, elements: readonly SnapshotElement[] = []): string | undefined {
  if (a.action === 'need_more' && !view.more) return 'nothing more of the screen is withheld: choose an action';
  const named = a.action === 'tap' || a.action === 'long_press' || a.action === 'type' || (a.action === 'scroll' && a.ref !== null);
  if (!named) return undefined;
  if (a.ref === null) return `${a.action} needs a ref`;
  if (!view.refs.has(a.ref)) return `there is no ${a.ref} on the screen shown; use a ref from it`;
  if (a.action === 'type' && (a.text ?? '') === '') return 'type needs the text';
  const el = elements.find((e) => e.ref === a.ref);
  if (el === undefined) return undefined;
  const editable = (e: SnapshotElement): boolean => e.actions.includes('type');
  // A row holding its field takes the text too (the tap focuses the field).
  if (a.action === 'type' && !editable(el) && !elements.some((e) => e.parent === el.ref && editable(e)))
    return `${nameOf(el)} is not a text field: type needs an editable field${some(elements, editable)}; to change a setting or pick an item, tap it`;
  const scrolls = (e: SnapshotElement): boolean => e.actions.includes('scroll');
  if (a.action === 'scroll' && !scrolls(el))
    return `${nameOf(el)} does not scroll: give a list's ref${some(elements, scrolls)}, or null to scroll the biggest`;
  return undefined;
}

export function toAgentAction(a: ActionAnswer, unmask: (t: string) => string): AgentAction {
  switch (a.action) {
    case 'tap':
    case 'long_press':
      return { kind: a.action, target: a.ref! };
    case 'type':
      return { kind: 'type', target: a.ref!, text: unmask(a.text ?? '') };
    case 'scroll':
      return { kind: 'scroll', direction: a.direction ?? 'down', ...(a.ref === null ? {} : { target: a.ref }) };
    case 'back':
      return { kind: 'back' };
    case 'done':
    case 'fail':
      return a.text === null ? { kind: a.action } : { kind: a.action, text: a.text };
    default:
      return { kind: 'fail', text: 'the model asked for more of a screen with nothing withheld' };
  }
}

/**
 * Steps so far, one line each, as a model reads them: what was done (marked `(map)` when no model chose it) and
 * what it did, judged from the screen after it (the next step's, or `current` for the last).
 */
/**
 * A typed-into field by its hint or id: its label is the text it held, which read as the field's name
 * (`type "123456" text "1234567890"` for a phone number field).
 */
function fieldName(el: SnapshotElement | undefined, label: string | undefined): string {
  if (el?.hint !== undefined) return `the field "${el.hint}"`;
  if (el?.id !== undefined) return `the field #${el.id}`;
  return label === undefined ? 'the field' : `the field "${label}"`;
}

export function historyLines(history: readonly HistoryEntry[], current?: Observation): string {
  if (history.length === 0) return '(none yet)';
  return history
    .map((h, i) => {
      const a = h.decision.action;
      const el = a.target === undefined ? undefined : h.observation.elements.find((e) => e.ref === a.target);
      const label = h.result?.element?.label ?? (el === undefined ? undefined : labelOf(el));
      const what =
        a.kind === 'type'
          ? `type ${JSON.stringify(a.text ?? '')} into ${fieldName(el, label)}`
          : `${a.kind}${label === undefined ? '' : ` "${label}"`}${a.direction === undefined ? '' : ` ${a.direction}`}`;
      const out = outcomeOf(h, history[i + 1]?.observation ?? current);
      return `${i + 1}. ${h.decision.source === 'map' ? '(map) ' : ''}${what}${out === '' ? '' : ` → ${out}`}`;
    })
    .join('\n');
}

/** History as privacy's ranker wants it (labels acted on, text typed). */
export function rankHistory(history: readonly HistoryEntry[]): Array<{ label?: string; input?: string }> {
  return history.map((h) => {
    const a = h.decision.action;
    const label = h.result?.element?.label;
    return { ...(label === undefined ? {} : { label }), ...(a.kind === 'type' && a.text !== undefined ? { input: a.text } : {}) };
  });
}

export interface AskedAction<X> {
  answer: ActionAnswer & X;
  view: ScreenView;
  calls: LlmCall[];
}

/**
 * Asks for an action on the screen, sending more blocks while the model answers need_more (private view); each
 * call records its prompt and answer for the report.
 */
export async function askAction<X>(o: {
  provider: Provider;
  screen: ScreenSource;
  first: ScreenView;
  role: string;
  promptId: string;
  system: string;
  prompt: (view: ScreenView) => string;
  schema: z.ZodType<ActionAnswer & X>;
  signal: AbortSignal;
  /** The screen the answer acts on: the repair round names an action that does not fit its element. */
  obs?: Observation;
}): Promise<AskedAction<X>> {
  const elements = o.obs === undefined ? [] : [...o.obs.elements, ...(o.obs.offscreen ?? [])];
  let view = o.first;
  const calls: LlmCall[] = [];
  for (;;) {
    const shown = view;
    const prompt = o.prompt(shown);
    const r = await o.provider.ask({
      role: o.role,
      promptId: o.promptId,
      system: o.system,
      prompt,
      schema: o.schema,
      check: (a) => checkAction(a, shown, elements),
      signal: o.signal,
    });
    const last = r.calls.at(-1);
    if (last !== undefined) Object.assign(last, { request: prompt, answer: JSON.stringify(r.value) });
    calls.push(...r.calls);
    if (r.value.action !== 'need_more') return { answer: r.value, view: shown, calls };
    const next = o.screen.more();
    if (next === undefined) return { answer: { ...r.value, action: 'fail', text: 'nothing more to show' }, view: shown, calls };
    view = next;
  }
}

/**
 * The cloud model as a private run reaches it: every prompt masked as the screen's blocks are (the task and the
 * steps so far carry the values the screen shows), the answers left with their placeholders for the policy to
 * unmask at the device. `screen` is read at each call, since a run opens a new view per task.
 */
export function maskedProvider(provider: Provider, screen: () => Pick<ScreenSource, 'mask'>): Provider {
  return {
    name: provider.name,
    ask: (req) => provider.ask({ ...req, prompt: screen().mask(req.prompt) }),
  };
}
