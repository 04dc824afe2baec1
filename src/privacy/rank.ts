/**
 * Local block ranking with no model: lexical relevance of each block to the task (stems, ids split into words,
 * UI synonyms, quoted strings), plus structural priors (a dialog is modal, toolbars hold the menus, a field is
 * where quoted text goes). Scores are comparable within one screen only.
 */
import type { SnapshotElement } from '../snapshot/types.js';
import type { RawBlock } from './blocks.js';
import { elementLabels, quoted, terms, type Terms } from './text.js';

/** What the agent knows at this step besides the task: the steps it has already taken. */
export interface HistoryStep {
  /** Label of the element acted on (text, description or id), when known. */
  label?: string;
  /** Text typed at that step. */
  input?: string;
}

export interface RankContext {
  task: string;
  /** 0-based index of the current step (given to scorers; the lexical one ranks on `history` only). */
  step?: number;
  history?: readonly HistoryStep[];
  /** Foreground package (its words are discounted). */
  app?: string;
}

/** A scorer gives every block a number; higher is sent earlier. */
export interface BlockScorer {
  score(blocks: readonly RawBlock[], ctx: RankContext): number[];
}

/** A scorer that needs I/O (a model behind an endpoint); see `llmScorer`. */
export interface AsyncBlockScorer {
  score(blocks: readonly RawBlock[], ctx: RankContext): Promise<number[]>;
}

export interface LexicalWeights {
  stem: number;
  concept: number;
  quotedPhrase: number;
  dialog: number;
  toolbar: number;
  tabs: number;
  input: number;
  passiveOnly: number;
  /** Weight of task words already matched by earlier steps' targets (0 drops them, 1 keeps them). */
  consumed: number;
  /** Per-element size penalty, keeps large blocks from winning on term count alone. */
  size: number;
  /** Added to a block holding what the previous step acted on or typed (rarely the next target). */
  repeat: number;
  /** Multiplier for capitalised task words past the first (names: "Alice", "Clock"). */
  properNoun: number;
  /** Prior of blocks that lead elsewhere (overflow menu, settings): where hidden functions live. */
  gateway: number;
  /** Extra gateway prior for tasks that change a preference (set, turn on, enable…): those live in Settings. */
  settingsIntent: number;
  /** Prior of a confirm button (OK, Save, Done) in a dialog once the previous step acted inside it. */
  confirm: number;
  /** Multiplier for task words that are part of the app's package name. */
  appWord: number;
  /** Multiplier of the quoted-phrase bonus once the phrase has been typed (it then names a result). */
  typedPhrase: number;
  /** 1: elements just acted on and filled fields add no lexical relevance to their block (0: they do). */
  forgetDone: number;
  /** 1: a long number in the task that was not typed yet calls for a field (0: off). */
  numbers: number;
}

export const DEFAULT_WEIGHTS: LexicalWeights = {
  stem: 1,
  concept: 0.15,
  quotedPhrase: 1.5,
  dialog: 2,
  toolbar: 0.3,
  tabs: 0,
  input: 1.5,
  passiveOnly: -3,
  consumed: 0.1,
  size: 0.02,
  repeat: -2,
  properNoun: 1.5,
  gateway: 1,
  settingsIntent: 1.5,
  confirm: 2.5,
  appWord: 0.3,
  typedPhrase: 0.5,
  forgetDone: 1,
  numbers: 1,
};

/** An element's words as one string (its labels, hint, id and class): only the words count, not their repeats. */
function elementText(e: SnapshotElement): string {
  let t = `${e.text ?? ''} ${e.desc ?? ''} ${e.hint ?? ''} ${e.id ?? ''} ${e.class}`;
  for (const l of e.labels ?? []) t += ` ${l}`;
  return t;
}

/** A block's words: its stems as far as the task has them (nothing reads the others), and all its concepts. */
function blockTerms(els: readonly SnapshotElement[], taskStems: ReadonlySet<string>): Terms {
  let text = '';
  for (const e of els) text += `${elementText(e)} `;
  return terms(text, false, taskStems);
}

/** Words that announce text to type (the typed text itself is usually quoted or follows them). */
const TYPE_WORDS = /\b(type|enter|write|input|named|called|titled|rename|search for)\b/i;
/** Verbs of a preference change: such options usually live behind Settings. */
const SETTINGS_INTENT = /\b(change|set|adjust|turn (on|off)|enable|disable|switch|show|hide|use)\b/i;

/** A quoted value the task turns into something else: `'a' to …`, `'a' into …`, `'a' as …`. */
const SOURCE_VALUE = /['"‘“]([^'"’”]{1,80})['"’”]\s+(?:to|into|as)\b/gi;

const lower = (x: string | undefined): string | undefined => (x === undefined || x === '' ? undefined : x.toLowerCase());

/** Capitalised words past the first: names of things ("Alice", "Clock"). */
function properNouns(task: string): Set<string> {
  const rest = task.replace(/^\s*\S+/, '');
  return terms([...rest.matchAll(/(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}]*/gu)].map((m) => m[0]).join(' ')).stems;
}

/** What one step's history and task say, computed once per screen. */
interface StepFacts {
  w: LexicalWeights;
  task: Terms;
  phrases: string[];
  typed: Set<string>;
  bt: Terms[];
  /** Inverse block frequency of one task term (computed once per term and screen). */
  idf(kind: 'stems' | 'concepts', term: string): number;
  termWeight(term: string, isConcept: boolean): number;
  live(b: RawBlock): SnapshotElement[];
  isLast(e: SnapshotElement): boolean;
  filled(e: SnapshotElement): boolean;
  focusedField(b: RawBlock): boolean;
  dialogOverScreen: boolean;
  choseInDialog: boolean;
  typedInDialog: boolean;
  gateway: number;
  wantsScroll: boolean;
  wantsTyping: boolean;
}

function stepFacts(blocks: readonly RawBlock[], ctx: RankContext, w: LexicalWeights): StepFacts {
  const history = ctx.history ?? [];
  const proper = properNouns(ctx.task);
  // Words of the app's own name ("notes" in the Notes app) match everything and decide nothing:
  // package segments after the reverse-domain vendor (`com.vendor.`), minus edition words.
  const appWords = terms(
    (ctx.app ?? '')
      .split('.')
      .slice(2)
      .join(' ')
      .replace(/\b(pro|free|lite|android|app)\b/g, ' '),
  ).stems;
  const consumed = terms(history.map((h) => `${h.label ?? ''} ${h.input ?? ''}`).join(' '));
  const typed = new Set(history.map((h) => lower(h.input)).filter((x): x is string => x !== undefined));
  const phrases = quoted(ctx.task).map((q) => q.toLowerCase());
  // A field holding a value the task quotes shows it typed, with or without a history that says so; not a value
  // the task turns into another ("rename 'a' to 'b'", "print 'a' as a.pdf"): a field holds that one before.
  const sources = new Set([...ctx.task.matchAll(SOURCE_VALUE)].map((m) => m[1]!.toLowerCase()));
  for (const b of blocks)
    for (const e of b.elements) {
      const v = lower(e.text);
      if (v !== undefined && e.actions.includes('type') && e.text !== e.hint && phrases.includes(v) && !sources.has(v)) typed.add(v);
    }
  const last = history.at(-1);
  const lastSeen = [lower(last?.label), lower(last?.input)].filter((x): x is string => x !== undefined);
  const isLast = (e: SnapshotElement): boolean =>
    lastSeen.length > 0 && [...elementLabels(e), e.id].some((v) => v !== undefined && lastSeen.includes(v.toLowerCase()));
  // A field already holding text typed at an earlier step is done.
  const filled = (e: SnapshotElement): boolean => e.actions.includes('type') && e.text !== undefined && typed.has(e.text.toLowerCase());
  // What was just acted on, and fields already filled, lend their block no relevance: that part is done.
  const liveOf = new Map<RawBlock, SnapshotElement[]>();
  const done = (e: SnapshotElement): boolean => filled(e) || (isLast(e) && e.actions.length > 0);
  const live = (b: RawBlock): SnapshotElement[] => {
    let l = liveOf.get(b);
    // The block's own list when nothing in it is done (most blocks): no copy per block on a long list.
    if (l === undefined) liveOf.set(b, (l = w.forgetDone && b.elements.some(done) ? b.elements.filter((e) => !done(e)) : b.elements));
    return l;
  };
  const taskTerms = terms(ctx.task);
  const bt = blocks.map((b) => blockTerms(live(b), taskTerms.stems));
  const hasDialog = blocks.some((b) => b.modal === true);
  const idfs = new Map<string, number>();
  // After choosing an option in a dialog (not after typing), the dialog's confirm button comes next.
  const chosen = (e: SnapshotElement): boolean => isLast(e) && e.actions.length > 0 && !e.actions.includes('type');
  // Values in the task that are typed rather than found: quoted text, long numbers (phone numbers, amounts).
  const typedJoined = [...typed].join(' ');
  const pendingNumbers = w.numbers > 0 ? [...ctx.task.matchAll(/\d{5,}/g)].map((m) => m[0]).filter((d) => !typedJoined.includes(d)) : [];
  const pending = phrases.filter((p) => !typed.has(p));
  return {
    w,
    task: taskTerms,
    phrases,
    typed,
    bt,
    // Inverse block frequency on this screen: a word on every block says nothing about which to send. Cached
    // per term: asked once per block that holds the term, it would cost blocks² on a long list.
    idf: (kind, term) => {
      const key = `${kind}\0${term}`;
      let v = idfs.get(key);
      if (v === undefined) idfs.set(key, (v = Math.log(1 + blocks.length / Math.max(1, bt.filter((x) => x[kind].has(term)).length))));
      return v;
    },
    termWeight: (st, isConcept) =>
      (consumed[isConcept ? 'concepts' : 'stems'].has(st) ? w.consumed : 1) *
      (!isConcept && proper.has(st) ? w.properNoun : 1) *
      (!isConcept && appWords.has(st) ? w.appWord : 1),
    live,
    isLast,
    filled,
    // A field tapped at the previous step without typing is where the typing goes next.
    focusedField: (b) => last !== undefined && last.input === undefined && b.elements.some((e) => e.actions.includes('type') && isLast(e)),
    // A dialog over a visible screen comes first (it is modal). A dumped dialog window alone (uiautomator dumps
    // the focused window) gets no prior: every block is in it.
    dialogOverScreen: hasDialog && blocks.some((b) => b.modal !== true),
    choseInDialog: hasDialog && blocks.some((b) => b.modal === true && b.elements.some(chosen)),
    typedInDialog:
      hasDialog && last?.input !== undefined && blocks.some((b) => b.elements.some((e) => isLast(e) && e.actions.includes('type'))),
    gateway: w.gateway + (SETTINGS_INTENT.test(ctx.task) ? w.settingsIntent : 0),
    wantsScroll: /\bscroll/i.test(ctx.task),
    wantsTyping:
      pending.length > 0 || pendingNumbers.length > 0 || (TYPE_WORDS.test(ctx.task) && history.every((h) => h.input === undefined)),
  };
}

function scoreBlock(b: RawBlock, t: Terms, f: StepFacts): number {
  const w = f.w;
  let s = 0;
  for (const st of f.task.stems) if (t.stems.has(st)) s += w.stem * f.idf('stems', st) * f.termWeight(st, false);
  for (const c of f.task.concepts) if (t.concepts.has(c)) s += w.concept * f.idf('concepts', c) * f.termWeight(c, true);
  if (f.phrases.length > 0) {
    const labels = f.live(b).map((e) => elementLabels(e).join(' ').toLowerCase());
    for (const p of f.phrases) if (labels.some((l) => l.includes(p))) s += w.quotedPhrase * (f.typed.has(p) ? w.typedPhrase : 1);
  }
  s += prior(b, { dialogOverScreen: f.dialogOverScreen, w });
  if (t.concepts.has('~more') || t.concepts.has('~settings')) s += f.gateway;
  if (f.focusedField(b)) s += w.input;
  else if (b.elements.some(f.isLast)) s += w.repeat;
  else if (b.modal === true && t.concepts.has('~ok') && b.elements.every((e) => e.actions.includes('tap')))
    s += f.choseInDialog ? w.confirm : f.typedInDialog ? w.confirm / 2 : 0;
  if (f.wantsTyping && b.elements.some((e) => e.actions.includes('type') && !f.filled(e))) s += w.input;
  if (b.elements.some(f.filled) && !b.elements.some(f.isLast)) s += w.repeat / 2;
  // Nothing to tap, check or type: labels, or a list's scroll handle (unless the task is about scrolling).
  if (b.elements.every((e) => e.actions.length === 0 || (e.actions.every((a) => a === 'scroll') && !f.wantsScroll))) s += w.passiveOnly;
  return s - w.size * b.elements.length;
}

/** The default local ranker (see docs/privacy.md for the measurements behind each term). */
export function lexicalScorer(weights: Partial<LexicalWeights> = {}): BlockScorer {
  const w = { ...DEFAULT_WEIGHTS, ...weights };
  return {
    score(blocks, ctx) {
      const f = stepFacts(blocks, ctx, w);
      return blocks.map((b, i) => scoreBlock(b, f.bt[i]!, f));
    },
  };
}

function prior(b: RawBlock, o: { dialogOverScreen: boolean; w: LexicalWeights }): number {
  if (b.modal === true && o.dialogOverScreen) return o.w.dialog;
  if (b.kind === 'toolbar') return o.w.toolbar;
  if (b.kind === 'tabs') return o.w.tabs;
  return 0;
}

/** Top-to-bottom, left-to-right reading order: the baseline a ranker must beat. */
export const readingOrderScorer: BlockScorer = {
  score(blocks) {
    return blocks.map((b) => {
      const top = Math.min(...b.elements.map((e) => e.bounds[1]));
      const left = Math.min(...b.elements.map((e) => e.bounds[0]));
      return -(top * 10000 + left);
    });
  },
};
