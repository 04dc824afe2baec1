/**
 * Optional semantic enrichment of a UI Map by a model: a one-line summary per activity and, per element a user
 * acts on, what acting on it does. Off unless asked for (`glance map --enrich`); nothing in the analysis, the
 * planner or the policies reads it. It lives here rather than in uimap/ because it needs the providers.
 *
 * Answers are cached per activity under a hash of everything its prompt shows (and the prompt version and
 * model): re-mapping an unchanged app asks nothing, and a change to one screen asks about that screen only.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { MapActivity, MapElement, UiMap } from '../uimap/index.js';
import { elementsOf } from '../uimap/paths.js';
import type { Provider } from './providers/index.js';
import type { LlmCall } from './types.js';

export const ENRICH_PROMPT = 'uimap.enrich@1';
/** Elements shown per request: the answer (about 15 tokens an element) stays well inside the output bound. */
export const ELEMENTS_PER_ASK = 60;
const SUMMARY_MAX = 200;
const EFFECT_MAX = 120;

/** What one activity's answers were, keyed in the cache by the hash of its prompts. */
export interface EnrichEntry {
  summary: string;
  /** Element id → effect; ids the model left out are not acted on. */
  effects: Record<string, string>;
}

export interface EnrichCache {
  version: 1;
  entries: Record<string, EnrichEntry>;
}

const cacheSchema = z.object({
  version: z.literal(1),
  entries: z.record(z.string(), z.object({ summary: z.string(), effects: z.record(z.string(), z.string()) })),
});

/** A cache file's text → the cache, or undefined when it is not one (it is then rebuilt). */
export function parseEnrichCache(text: string): EnrichCache | undefined {
  try {
    const r = cacheSchema.safeParse(JSON.parse(text));
    return r.success ? r.data : undefined;
  } catch {
    return undefined;
  }
}

const answerSchema = z.object({
  summary: z.string(),
  effects: z.array(z.object({ id: z.string(), effect: z.string() })),
});
type Answer = z.infer<typeof answerSchema>;

const SYSTEM =
  'You read the static UI map of an Android app (screens, their views, where their buttons lead) and describe it ' +
  'for a person looking at the map. Be concrete and brief; use the words the app shows. Answer in JSON.';

const short = (name: string): string => name.split('.').at(-1) ?? name;

function describeElement(e: MapElement, where: string): string {
  const words = [
    e.text === undefined ? '' : `text "${e.text}"`,
    e.hint === undefined ? '' : `hint "${e.hint}"`,
    e.desc === undefined ? '' : `description "${e.desc}"`,
  ].filter((w) => w !== '');
  return `- ${e.id} · ${e.kind ?? short(e.class)}${words.length === 0 ? '' : ` · ${words.join(' · ')}`}${where === '' ? '' : ` · in ${where}`}`;
}

/** The prompts for one activity: one per chunk of ELEMENTS_PER_ASK elements (at least one, for the summary). */
function promptsFor(map: UiMap, a: MapActivity): { prompt: string; ids: Set<string> }[] {
  const seen = new Set<string>();
  const lines: { id: string; line: string }[] = [];
  for (const h of elementsOf(a)) {
    if (seen.has(h.element.id)) continue;
    seen.add(h.element.id);
    lines.push({
      id: h.element.id,
      line: describeElement(h.element, h.target.part === 'activity' ? '' : `${h.target.part} ${short(h.target.name ?? '')}`),
    });
  }
  const opens = map.transitions
    .filter((t) => t.from === a.name && t.to !== a.name)
    .map(
      (t) =>
        `${short(t.to)}${t.back === true ? ' (back)' : ''}${t.trigger === undefined ? '' : ` by ${t.trigger.kind}${t.trigger.element === undefined ? '' : ` ${t.trigger.element}`}`}`,
    );
  const head = [
    `App: ${map.package}`,
    `Screen: ${short(a.name)} (${a.name})${a.label === undefined ? '' : `, titled "${a.label}"`}${a.launcher === true ? ', the launcher' : ''}`,
    `Layouts: ${a.layouts.join(', ') || 'none known'}`,
    `Leads to: ${[...new Set(opens)].join('; ') || 'no other screen known'}`,
  ].join('\n');
  const chunks: (typeof lines)[] = [];
  for (let i = 0; i < lines.length; i += ELEMENTS_PER_ASK) chunks.push(lines.slice(i, i + ELEMENTS_PER_ASK));
  if (chunks.length === 0) chunks.push([]);
  return chunks.map((chunk, i) => ({
    ids: new Set(chunk.map((l) => l.id)),
    prompt:
      `${head}\nElements${chunks.length > 1 ? ` (part ${i + 1} of ${chunks.length})` : ''} (id · kind or class · words shown · where):\n` +
      `${chunk.map((l) => l.line).join('\n') || '(none known)'}\n\n` +
      `Answer {"summary": one line, at most 20 words, saying what this screen is for; "effects": for each listed element ` +
      `a user taps, types into or toggles, {"id", "effect"} with what doing so does, at most 12 words}. Leave out ` +
      `elements a user does not act on (layout containers, plain labels). Use only the ids listed.`,
  }));
}

function keyOf(model: string, prompts: { prompt: string }[]): string {
  const h = createHash('sha256').update(`${ENRICH_PROMPT}\n${model}\n`);
  for (const p of prompts) h.update(p.prompt).update('\n\0\n');
  return h.digest('hex').slice(0, 32);
}

const oneLine = (s: string, max: number): string => {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

async function ask(provider: Provider, prompts: { prompt: string; ids: Set<string> }[], signal?: AbortSignal) {
  const calls: LlmCall[] = [];
  const entry: EnrichEntry = { summary: '', effects: {} };
  for (const p of prompts) {
    const check = (v: Answer): string | undefined => {
      if (entry.summary === '' && v.summary.trim() === '') return 'the summary is empty';
      const unknown = v.effects.map((e) => e.id).filter((id) => !p.ids.has(id));
      return unknown.length === 0 ? undefined : `these ids are not listed: ${unknown.slice(0, 10).join(', ')}`;
    };
    const reply = await provider.ask({
      role: 'enrich',
      promptId: ENRICH_PROMPT,
      system: SYSTEM,
      prompt: p.prompt,
      schema: answerSchema,
      check,
      ...(signal === undefined ? {} : { signal }),
    });
    calls.push(...reply.calls);
    if (entry.summary === '') entry.summary = oneLine(reply.value.summary, SUMMARY_MAX);
    for (const e of reply.value.effects) {
      const effect = oneLine(e.effect, EFFECT_MAX);
      if (effect !== '' && p.ids.has(e.id)) entry.effects[e.id] = effect;
    }
  }
  return { entry, calls };
}

export interface EnrichResult {
  /** The map with `summary` on each activity, `effect` on the elements acted on, and `enrichedBy`. */
  map: UiMap;
  /** The cache to keep: this map's entries only (entries of screens that changed or went are dropped). */
  cache: EnrichCache;
  /** Activities asked about, and activities answered from the cache. */
  asked: number;
  reused: number;
  calls: LlmCall[];
}

/** Adds a model's summaries and effects to a map, asking only about activities the cache has no answer for. */
export async function enrichMap(
  map: UiMap,
  provider: Provider,
  options: { cache?: EnrichCache; signal?: AbortSignal } = {},
): Promise<EnrichResult> {
  const old = options.cache?.entries ?? {};
  const entries: Record<string, EnrichEntry> = {};
  const calls: LlmCall[] = [];
  let asked = 0;
  let reused = 0;
  const activities: MapActivity[] = [];
  for (const a of map.activities) {
    const prompts = promptsFor(map, a);
    const key = keyOf(provider.name, prompts);
    let entry = entries[key] ?? old[key];
    if (entry === undefined) {
      const r = await ask(provider, prompts, options.signal);
      entry = r.entry;
      calls.push(...r.calls);
      asked++;
    } else reused++;
    entries[key] = entry;
    const effects = entry.effects;
    const withEffect = (e: MapElement): MapElement => {
      const effect = effects[e.id];
      return effect === undefined ? e : { ...e, effect };
    };
    const parts = <P extends { elements: MapElement[] }>(list: P[]): P[] =>
      list.map((p) => ({ ...p, elements: p.elements.map(withEffect) }));
    activities.push({
      ...a,
      ...(entry.summary === '' ? {} : { summary: entry.summary }),
      elements: a.elements.map(withEffect),
      fragments: parts(a.fragments),
      dialogs: parts(a.dialogs),
      menus: parts(a.menus),
    });
  }
  return { map: { ...map, activities, enrichedBy: provider.name }, cache: { version: 1, entries }, asked, reused, calls };
}
