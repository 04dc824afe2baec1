/**
 * CORE's co-planning, the step before co-decision in privacy mode. The device side looks at every block of the
 * screen (nothing has left the machine yet) and proposes one sub-task per block, worded without the block's
 * element texts; the cloud model reads only the task, the steps so far and those proposals, and picks one (it
 * may reword it) or says the task is complete. The device side then ranks the blocks for the chosen sub-task —
 * the chosen block first — and co-decision sends them in that order while the cloud answers need_more.
 *
 * The device side is privacy's lexical ranker (no model), or a local model (any provider spec; typically an
 * OpenAI-compatible server on this machine): its calls are marked `side: 'local'` and count as no exposure.
 */
import { z } from 'zod';
import type { Block } from '../../privacy/index.js';
import { elementLabels } from '../../privacy/text.js';
import { elementWords, quoted, relevance, taskTerms, terms } from '../lexical.js';
import type { HistoryEntry } from '../policy.js';
import type { Provider } from '../providers/provider.js';
import type { CoPlanRecord, LlmCall, Observation } from '../types.js';
import { renderBlock } from '../../privacy/index.js';
import { blockName } from './block-names.js';
import { foldNotes } from './fold.js';
import { historyLines, rankHistory } from './model-common.js';
import type { PrivateScreenSource, ScreenSource, ScreenView } from './screen-view.js';

export const COPLAN_PROMPT = 'core.coplan@1';
export const PROPOSE_PROMPT = 'core.propose@1';
export const RANK_PROMPT = 'core.rank@1';

export interface Proposal {
  block: string;
  kind: string;
  subtask: string;
}

/** What the device side knows at a step: all of it stays on the machine. */
export interface LocalStep {
  task: string;
  /** The steps so far, one line each. */
  history: string;
  signal: AbortSignal;
}

/** The device side of co-planning: proposes a sub-task per block, ranks blocks for a sub-task. */
export interface LocalSide {
  /** `lexical`, or the local model's name (for the record). */
  readonly name: string;
  /** Texts the app ships (its UI Map's): a proposal may quote them, they say nothing about the user. */
  readonly known?: ReadonlySet<string>;
  propose(blocks: readonly Block[], s: LocalStep): Promise<{ proposals: Proposal[]; calls: LlmCall[] }>;
  /** Block ids, best first, for the sub-task. */
  rank(blocks: readonly Block[], subtask: string, s: LocalStep): Promise<{ order: string[]; calls: LlmCall[] }>;
}

/** Labels shorter than this are everyday words ("OK", "On") whose removal would only garble a sub-task. */
const MIN_QUOTED = 4;

/**
 * A proposal with every screen text that the task does not already hold cut out: a local model asked not to
 * quote the screen may still do it, and the proposal goes to the cloud.
 */
export function redact(subtask: string, blocks: readonly Block[], task: string, known: ReadonlySet<string> = new Set()): string {
  const lowTask = task.toLowerCase();
  const labels = new Set<string>();
  const keep = (l: string): boolean => lowTask.includes(l.toLowerCase()) || known.has(l.toLowerCase());
  for (const b of blocks)
    for (const e of b.elements)
      for (const l of [...elementLabels(e), e.hint, e.id])
        if (l !== undefined && l.trim().length >= MIN_QUOTED && !keep(l.trim())) labels.add(l.trim());
  // A quoted name the app ships (or the task says) stays whole: an id cut out of it garbled "Sort by" into "… by".
  const kept: string[] = [];
  let out = subtask.replace(/"([^"]+)"/g, (m, inner: string) => {
    if (!keep(inner.trim())) return m;
    kept.push(m);
    return String.fromCharCode(0xe000 + kept.length - 1);
  });
  for (const l of [...labels].sort((a, b) => b.length - a.length)) {
    const re = new RegExp(l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
    out = out.replace(re, '…');
  }
  return out.replace(/[\ue000-\uf8ff]/g, (c) => kept[c.charCodeAt(0) - 0xe000] ?? '…');
}

const KIND_WORDS: Record<string, string> = {
  toolbar: 'use the toolbar (menu, search or navigation)',
  dialog: 'answer the dialog',
  tabs: 'switch to another tab',
  list: 'pick an item of the list',
  row: 'use the controls of this row',
  input: 'fill in the form here',
  group: 'use the controls here',
};

/**
 * Task words the block's elements also say (words of the task only, so nothing of the screen is quoted). Only
 * what the screen shows counts: an id's words (`main_view_pager` has "view") are not on the screen.
 */
function sharedWords(task: string, b: Block): string[] {
  const have = terms(b.elements.map((e) => [...elementLabels(e), e.hint ?? ''].join(' ')).join(' '));
  const out: string[] = [];
  for (const w of task.split(/[^\p{L}\p{N}'-]+/u)) {
    if (w === '' || out.includes(w)) continue;
    const t = terms(w);
    if ([...t.stems].some((s) => have.stems.has(s))) out.push(w);
  }
  return out;
}

/**
 * No model: each block's sub-task from its kind, its name (the labels the app ships, see block-names.ts), the task
 * words it shares and the task's quoted text.
 */
export function lexicalSide(known: ReadonlySet<string> = new Set()): LocalSide {
  return {
    name: 'lexical',
    known,
    async propose(blocks, s) {
      const phrases = quoted(s.task);
      const proposals = blocks.map((b) => {
        const field = b.elements.some((e) => e.actions.includes('type'));
        const shared = sharedWords(s.task, b);
        let subtask =
          field && phrases.length > 0 ? `type "${phrases[0]}" into a field here` : (KIND_WORDS[b.kind] ?? 'use the controls here');
        const name = blockName(b, known);
        if (name !== undefined) subtask += ` (${name})`;
        if (shared.length > 0) subtask += ` — it mentions "${shared.join(' ')}"`;
        subtask += ` (${b.elements.length} element${b.elements.length === 1 ? '' : 's'})`;
        return { block: b.id, kind: b.kind, subtask };
      });
      return { proposals, calls: [] };
    },
    async rank(blocks, subtask) {
      const tt = taskTerms(subtask);
      const scored = blocks.map((b, i) => ({ id: b.id, i, s: relevance(tt, terms(b.elements.map((e) => elementWords(e)).join(' '))) }));
      scored.sort((x, y) => y.s - x.s || x.i - y.i);
      return { order: scored.map((x) => x.id), calls: [] };
    },
  };
}

const PROPOSE_SYSTEM = `You run on the user's phone and help a cloud assistant operate an app without showing it the screen.
You see one region of the current screen. Propose the most reasonable sub-task that could be done within this region for the task.
Do not quote the region's texts, names or numbers: describe what the sub-task does in your own general words. Answer with JSON only.`;

const RANK_SYSTEM = `You run on the user's phone. Order the regions of the current screen by how likely each holds the element for the sub-task, most likely first. Answer with JSON only.`;

const proposeSchema = z.object({ subtask: z.string().describe('one short sub-task, with no text quoted from the region') });
const rankSchema = z.object({ order: z.array(z.string()).describe('region ids (like B3), most likely first') });

const local = (calls: readonly LlmCall[], request: string, answer: unknown): LlmCall[] => {
  const out = calls.map((c) => ({ ...c, side: 'local' as const }));
  const last = out.at(-1);
  if (last !== undefined) Object.assign(last, { request, answer: JSON.stringify(answer) });
  return out;
};

/** A local model: one call per block to propose, one call to rank them all (it sees the blocks as they are). */
export function modelSide(model: Provider, known: ReadonlySet<string> = new Set()): LocalSide {
  return {
    name: model.name,
    known,
    async propose(blocks, s) {
      const proposals: Proposal[] = [];
      const calls: LlmCall[] = [];
      // One block at a time, as CORE asks: the proposal is about that region alone.
      for (const b of blocks) {
        const prompt = [`Task: ${s.task}`, `Steps so far:\n${s.history}`, `Region:\n${renderBlock(b, b.elements)}`].join('\n\n');
        const r = await model.ask({
          role: 'propose',
          promptId: PROPOSE_PROMPT,
          system: PROPOSE_SYSTEM,
          prompt,
          schema: proposeSchema,
          signal: s.signal,
        });
        calls.push(...local(r.calls, prompt, r.value));
        proposals.push({
          block: b.id,
          kind: b.kind,
          subtask: r.value.subtask.trim() === '' ? (KIND_WORDS[b.kind] ?? 'use the controls here') : r.value.subtask,
        });
      }
      return { proposals, calls };
    },
    async rank(blocks, subtask, s) {
      const ids = new Set(blocks.map((b) => b.id));
      const prompt = [
        `Task: ${s.task}`,
        `Sub-task: ${subtask}`,
        `Regions:\n${blocks.map((b) => renderBlock(b, b.elements)).join('\n')}`,
      ].join('\n\n');
      const r = await model.ask({
        role: 'rank',
        promptId: RANK_PROMPT,
        system: RANK_SYSTEM,
        prompt,
        schema: rankSchema,
        check: (v) => {
          const bad = v.order.filter((id) => !ids.has(id));
          return bad.length === 0 ? undefined : `unknown region ids ${bad.join(', ')}: use ids of the regions shown`;
        },
        signal: s.signal,
      });
      const order = [...new Set(r.value.order)];
      // Regions the model left out follow in the lexical ranker's order.
      for (const b of blocks) if (!order.includes(b.id)) order.push(b.id);
      return { order, calls: local(r.calls, prompt, r.value) };
    },
  };
}

const COPLAN_SYSTEM = `You operate an Android app for a user without seeing its screen: the user's phone splits the screen into regions and proposes one sub-task per region.
Pick the sub-task that moves the task forward (you may reword it), or say the task is finished when the steps so far have completed it. Answer with JSON only.`;

const coplanSchema = z.object({
  finished: z.boolean().describe('true when the task is complete'),
  choice: z.number().int().nullable().describe('number of the chosen sub-task, or null when finished'),
  subtask: z.string().nullable().describe('the chosen sub-task reworded, or null to keep it as proposed'),
  reason: z.string().describe('one short sentence'),
});

export interface CoPlanResult {
  record: CoPlanRecord;
  /** The confirmed sub-task (undefined when finished). */
  subtask?: string;
  reason: string;
  calls: LlmCall[];
}

/**
 * One co-planning round: proposals on the device, the pick in the cloud, the upload order on the device. The
 * caller has surveyed the screen (nothing sent) and applies `record.order` before sending the first block.
 */
export async function coPlan(o: {
  cloud: Provider;
  local: LocalSide;
  blocks: readonly Block[];
  step: LocalStep;
  /** Screen header for the cloud (the activity), and what the policy adds (its plan, the map's hints). */
  header: string;
  context: readonly string[];
  /** Blocks holding a list with more beyond its fold: their sub-task says so (the fold note goes with a block). */
  folded?: ReadonlySet<string>;
}): Promise<CoPlanResult> {
  const { blocks, step } = o;
  const fold = (id: string): string => (o.folded?.has(id) === true ? ' — more of the list lies beyond its fold: scroll it' : '');
  const p = await o.local.propose(blocks, step);
  const proposals = p.proposals.map((x) => ({ ...x, subtask: redact(x.subtask, blocks, step.task, o.local.known) }));
  const prompt = [
    `[Task]\n${step.task}`,
    ...o.context,
    `[Steps so far]\n${step.history}`,
    `[Screen${o.header === '' ? '' : ` ${o.header}`}] ${blocks.length} region${blocks.length === 1 ? '' : 's'}`,
    `[Sub-tasks]\n${proposals.map((x, i) => `${i + 1}. (${x.kind}) ${x.subtask}${fold(x.block)}`).join('\n')}`,
  ].join('\n\n');
  const r = await o.cloud.ask({
    role: 'coplan',
    promptId: COPLAN_PROMPT,
    system: COPLAN_SYSTEM,
    prompt,
    schema: coplanSchema,
    check: (v) =>
      v.finished || (v.choice !== null && v.choice >= 1 && v.choice <= proposals.length)
        ? undefined
        : `choice must be a sub-task number from 1 to ${proposals.length} (or finished true)`,
    signal: step.signal,
  });
  const cloudCalls = r.calls.map((c) => ({ ...c }));
  const last = cloudCalls.at(-1);
  if (last !== undefined) Object.assign(last, { request: prompt, answer: JSON.stringify(r.value) });
  const base = { local: o.local.name, proposals };
  const a = r.value;
  if (a.finished || a.choice === null || proposals.length === 0)
    return { record: { ...base, finished: true }, reason: a.reason, calls: [...p.calls, ...cloudCalls] };
  const picked = proposals[a.choice - 1]!;
  const subtask = a.subtask === null || a.subtask.trim() === '' ? picked.subtask : a.subtask;
  const ranked = await o.local.rank(blocks, subtask, step);
  // The chosen sub-task was proposed for its block: that block goes first, the rest as ranked.
  const order = [picked.block, ...ranked.order.filter((id) => id !== picked.block)];
  return {
    record: { ...base, finished: false, picked: picked.block, subtask, order },
    subtask,
    reason: a.reason,
    calls: [...p.calls, ...cloudCalls, ...ranked.calls],
  };
}

export interface OpenedStep {
  /** What the model is shown first (the first block in privacy mode). */
  view: ScreenView;
  /** Co-planning's calls (device side and cloud), before the decision's. */
  calls: LlmCall[];
  coplan?: CoPlanRecord;
  subtask?: string;
  /** The cloud judged the task complete in co-planning: no block was sent at this step. */
  finished?: { reason: string };
}

/**
 * Opens a step on the screen. Whole screen: the snapshot. Private with a device side: survey the blocks, co-plan,
 * order them for the confirmed sub-task, send the first.
 */
export async function openStep(o: {
  screen: ScreenSource;
  cloud: Provider;
  local?: LocalSide | undefined;
  obs: Observation;
  task: string;
  history: readonly HistoryEntry[];
  context: readonly string[];
  signal: AbortSignal;
}): Promise<OpenedStep> {
  const hist = rankHistory(o.history);
  const priv = o.screen as Partial<PrivateScreenSource>;
  if (o.local === undefined || priv.survey === undefined) return { view: o.screen.open(o.obs, hist), calls: [] };
  const screen = o.screen as PrivateScreenSource;
  const blocks = screen.survey(o.obs, hist);
  // A screen with no blocks has nothing to co-plan over (and is not a finished task).
  if (blocks.length === 0) return { view: screen.first(), calls: [] };
  // A list's fold note goes with the block holding its last row, which the cloud may never ask for: the sub-task
  // of the block holding the list says there is more (no labels: nothing of the screen is quoted here).
  const notes = foldNotes(o.obs);
  const folded = new Set(blocks.filter((b) => b.elements.some((e) => notes.has(e.ref))).map((b) => b.id));
  const r = await coPlan({
    cloud: o.cloud,
    local: o.local,
    blocks,
    step: { task: o.task, history: historyLines(o.history, o.obs), signal: o.signal },
    header: o.obs.screen.activity ?? '',
    context: o.context,
    folded,
  });
  if (r.record.finished) return { view: screen.peek(), calls: r.calls, coplan: r.record, finished: { reason: r.reason } };
  screen.reorder(r.record.order ?? []);
  return { view: screen.first(), calls: r.calls, coplan: r.record, ...(r.subtask === undefined ? {} : { subtask: r.subtask }) };
}
