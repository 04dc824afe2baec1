/**
 * Accumulation (CORE's protocol): at each step the screen is split and ranked on the device side, and blocks
 * go to the cloud model one at a time, in rank order, only when it asks for more. The ledger records per step
 * what was sent and what was withheld (elements, characters, sensitive categories), so exposure is audited
 * rather than assumed.
 */
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';
import { blocksFromDump, type Block, type BlocksOptions, type BlocksResult, type DumpInput } from './api.js';
import { countPlaceholders, Masker, type MaskOptions } from './mask.js';
import type { HistoryStep } from './rank.js';
import { renderBlock, withheldLine } from './render.js';
import { detectSensitive, type SensitiveCategory } from './sensitive.js';

export interface SessionOptions extends Omit<BlocksOptions, 'history' | 'step'> {
  task: string;
  /** Redaction of what is sent (passwords are always withheld). */
  mask?: MaskOptions;
}

export type CategoryCounts = Partial<Record<SensitiveCategory, number>>;

export interface Exposure {
  blocks: number;
  elements: number;
  chars: number;
  /** Elements per sensitive category (an element may count in several). */
  categories: CategoryCounts;
}

export interface LedgerEntry {
  step: number;
  task: string;
  screen: ScreenInfo;
  total: Exposure;
  /** Block ids in the order they were sent. */
  sentBlocks: string[];
  sent: Exposure;
  withheld: Exposure;
  /** Placeholders that stood for real values in what was sent at this step. */
  masked: number;
}

export interface SentBlock {
  step: number;
  block: Block;
  /** The block's elements as sent (masked copies). */
  elements: SnapshotElement[];
  /** The block's text as sent. */
  text: string;
  /** Blocks still withheld at this step. */
  remaining: number;
}

interface StepState {
  result: BlocksResult;
  cats: Map<SnapshotElement, SensitiveCategory[]>;
  chars: Map<Block, number>;
  next: number;
  entry: LedgerEntry;
}

const emptyExposure = (): Exposure => ({ blocks: 0, elements: 0, chars: 0, categories: {} });

function addBlock(x: Exposure, item: { b: Block; chars: number; cats: Map<SnapshotElement, SensitiveCategory[]> }, sign: 1 | -1): void {
  const { b, chars, cats } = item;
  x.blocks += sign;
  x.elements += sign * b.elements.length;
  x.chars += sign * chars;
  for (const e of b.elements) {
    for (const c of cats.get(e) ?? []) {
      const n = (x.categories[c] ?? 0) + sign;
      if (n === 0) delete x.categories[c];
      else x.categories[c] = n;
    }
  }
}

export class PrivacySession {
  readonly task: string;
  private readonly options: Omit<SessionOptions, 'task' | 'mask'>;
  private readonly masker: Masker;
  private readonly history: HistoryStep[] = [];
  private readonly entries: LedgerEntry[] = [];
  private current: StepState | undefined;

  constructor(options: SessionOptions) {
    const { task, mask, ...rest } = options;
    this.task = task;
    this.options = rest;
    this.masker = new Masker(mask);
  }

  /**
   * Starts a step on a new screen: splits and ranks it; nothing is sent until `next()`. `activity`: the
   * foreground activity, which places the screen on the session's map (when it has one); `previous`: what the
   * device's snapshot of this screen carried its refs from, so the blocks show the same refs.
   */
  observe(dump: DumpInput, at: Pick<BlocksOptions, 'activity' | 'previous'> = {}): BlocksResult {
    const step = this.entries.length;
    const result = blocksFromDump(dump, this.task, { ...this.options, ...at, step, history: [...this.history] });
    const found = detectSensitive(
      result.elements,
      result.blocks.map((b) => b.elements),
    );
    const cats = new Map(result.elements.map((e, i) => [e, found[i]!] as const));
    const chars = new Map(result.blocks.map((b) => [b, renderBlock(b, b.elements).length] as const));
    const total = emptyExposure();
    for (const b of result.blocks) addBlock(total, { b, chars: chars.get(b)!, cats }, 1);
    const entry: LedgerEntry = {
      step,
      task: this.task,
      screen: result.screen,
      total,
      sentBlocks: [],
      sent: emptyExposure(),
      withheld: structuredClone(total),
      masked: 0,
    };
    this.entries.push(entry);
    this.current = { result, cats, chars, next: 0, entry };
    return result;
  }

  /** The next block in rank order (masked), or undefined when the whole screen has been sent. */
  next(): SentBlock | undefined {
    const cur = this.current;
    if (cur === undefined || cur.next >= cur.result.blocks.length) return undefined;
    const block = cur.result.blocks[cur.next++]!;
    const elements = block.elements.map((e) => this.masker.maskElement(e));
    const text = renderBlock(block, elements);
    const e = cur.entry;
    e.sentBlocks.push(block.id);
    addBlock(e.sent, { b: block, chars: 0, cats: cur.cats }, 1);
    e.sent.chars += text.length;
    addBlock(e.withheld, { b: block, chars: cur.chars.get(block)!, cats: cur.cats }, -1);
    e.masked += countPlaceholders(text);
    return { step: e.step, block, elements, text, remaining: cur.result.blocks.length - cur.next };
  }

  /**
   * Text sent beside this step's blocks (a note the device side writes about what a sent block holds, e.g. how
   * many rows lie beyond a list's fold): counted in what was sent, so the ledger keeps every character that left.
   */
  attach(text: string): void {
    const e = this.current?.entry;
    if (e === undefined) return;
    // In the screen's total too: what was sent and what was withheld still add up to it.
    e.sent.chars += text.length;
    e.total.chars += text.length;
    e.masked += countPlaceholders(text);
  }

  /**
   * The current step's blocks in upload order, unmasked: for the device side (a local model proposing sub-tasks
   * and ranking blocks sees the screen as it is; only what `next()` returns leaves the machine).
   */
  blocks(): readonly Block[] {
    return this.current?.result.blocks ?? [];
  }

  /**
   * Sets the upload order of the blocks not sent yet at this step (ids first, in the order given; the others
   * keep their rank order after them). Ranks are renumbered so what is sent says where it stood.
   */
  reorder(ids: readonly string[]): void {
    const cur = this.current;
    if (cur === undefined) return;
    const sent = cur.result.blocks.slice(0, cur.next);
    const rest = cur.result.blocks.slice(cur.next);
    const pos = (b: Block): number => {
      const i = ids.indexOf(b.id);
      return i < 0 ? ids.length : i;
    };
    const ordered = rest.map((b, i) => ({ b, i })).sort((x, y) => pos(x.b) - pos(y.b) || x.i - y.i);
    cur.result.blocks = [...sent, ...ordered.map(({ b }, k) => this.renumber(b, sent.length + k + 1))];
  }

  /**
   * The block at a new rank, with its rendered size (the header names the rank). The step's totals stay: the
   * unsent blocks trade ranks among themselves, so their headers' lengths add up as before.
   */
  private renumber(b: Block, rank: number): Block {
    if (b.rank === rank) return b;
    const moved = { ...b, rank };
    this.current!.chars.set(moved, renderBlock(moved, moved.elements).length);
    return moved;
  }

  /** Records what the agent did at this step (it steers the ranking of later steps). */
  record(action: HistoryStep): void {
    this.history.push({ ...action });
  }

  /** Real values for the placeholders in an agent's text (e.g. before typing it). */
  unmask(text: string): string {
    return this.masker.unmask(text);
  }

  /**
   * Any text about to leave with the blocks (the task, the steps so far) masked like them: the same value gets the
   * same placeholder, so "call [PHONE_1]" in the task names the row the screen shows as [PHONE_1].
   */
  mask(text: string): string {
    return this.masker.maskText(text);
  }

  get ledger(): readonly LedgerEntry[] {
    return this.entries;
  }

  /** The withheld-summary line of the current step. */
  withheldLine(): string {
    const e = this.entries.at(-1);
    return e === undefined ? 'withheld: nothing observed yet' : withheldLine(e.withheld);
  }

  /** Sums over all steps: what share of the screens' elements and characters left the device. */
  totals(): { steps: number; sent: Exposure; withheld: Exposure; elementReduction: number; charReduction: number } {
    const sent = emptyExposure();
    const withheld = emptyExposure();
    for (const e of this.entries) {
      for (const [into, from] of [
        [sent, e.sent],
        [withheld, e.withheld],
      ] as const) {
        into.blocks += from.blocks;
        into.elements += from.elements;
        into.chars += from.chars;
        for (const [c, n] of Object.entries(from.categories))
          into.categories[c as SensitiveCategory] = (into.categories[c as SensitiveCategory] ?? 0) + n;
      }
    }
    const ratio = (w: number, s: number): number => (w + s === 0 ? 0 : w / (w + s));
    return {
      steps: this.entries.length,
      sent,
      withheld,
      elementReduction: ratio(withheld.elements, sent.elements),
      charReduction: ratio(withheld.chars, sent.chars),
    };
  }
}

export interface PrivacyViewOptions extends Omit<SessionOptions, 'task'> {
  /** Blocks to show (default 1). */
  top?: number;
  history?: readonly HistoryStep[];
}

/** What `glance ui --privacy TASK` prints: the top block(s) as they would be sent, then one withheld line. */
export function privacyView(dump: DumpInput, task: string, options: PrivacyViewOptions = {}): string {
  const { top = 1, history = [], ...rest } = options;
  const session = new PrivacySession({ ...rest, task });
  for (const h of history) session.record(h);
  session.observe(dump);
  const parts: string[] = [];
  for (let i = 0; i < Math.max(1, top); i++) {
    const b = session.next();
    if (b === undefined) break;
    parts.push(b.text);
  }
  parts.push(session.withheldLine());
  return parts.join('\n') + '\n';
}
