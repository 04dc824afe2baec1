/**
 * Map-aware ranking: what a UI Map adds to the lexical ranker. The lexical ranker sees what a screen shows; the
 * map knows what each element is and what lies behind it: the menu an overflow button opens, the dialog or
 * fragment a button shows, the screens a transition leads to and everything on them. Each element on the screen
 * is worth the best match to the task of what it is or leads to, less per step away; the blocks holding the
 * elements that lead furthest towards the task rank first. The screen's state says which part of the task is
 * done (see progress.ts), which moves the plan on: a filled dialog is left by its positive button.
 */
import type { UiMap } from '../uimap/model.js';
import type { SnapshotElement } from '../snapshot/types.js';
import type { RawBlock } from './blocks.js';
import { entryName, localise, lowerAll, mapIndex, shows, type MapHit, type MapIndex } from './map-index.js';
import { progress } from './progress.js';
import type { BlockScorer, RankContext } from './rank.js';
import { elementLabels, terms, type Terms } from './text.js';

export interface MapRankWeights {
  /** Added to a block holding the screen's best way towards the task (others get less, by how close they come). */
  lead: number;
  /** Worth kept per step away (a menu, a dialog, a transition). */
  decay: number;
  /** Added to the positive button of a dialog whose task elements are done. */
  exit: number;
  /** Added to a block whose task elements are all done (a filled field, a chosen option, a setting already set). */
  done: number;
}

/**
 * Chosen on the four tune apps of the privacy benchmark with no history (lead 3–6, decay 0.6–0.9, exit 3–5, done
 * −2…−6 all land within two points of each other); the held-out apps are reported beside them.
 */
export const DEFAULT_MAP_WEIGHTS: MapRankWeights = { lead: 4, decay: 0.8, exit: 3, done: -4 };

export interface MapRankOptions {
  /** Foreground activity (`pkg/.Main`, `pkg/pkg.Main` or the class name) when known; else the screen's ids place it. */
  activity?: string;
  weights?: Partial<MapRankWeights>;
}

const MORE = /^(more options|more|options|menu)$/;
const UP = /^(navigate up|back|up)$/;

/** Per task: how well each map element matches (rare words in the map count more; id words half a label's). */
function relevanceOf(ix: MapIndex, task: Terms): (h: MapHit) => number {
  const idf = (t: string): number => 1 / (1 + Math.log2(1 + (ix.df.get(t) ?? 0) / 8) / 2);
  const cache = new Map<MapHit, number>();
  return (h) => {
    let s = cache.get(h);
    if (s !== undefined) return s;
    s = 0;
    let stems = 0;
    for (const st of task.stems) {
      if (h.label.stems.has(st)) [s, stems] = [s + idf(st), stems + 1];
      else if (h.idWords.stems.has(st)) [s, stems] = [s + 0.5 * idf(st), stems + 1];
    }
    for (const c of task.concepts) if (h.label.concepts.has(c)) s += 0.35 * idf(c);
    // Synonyms alone do not make an element the task's (every "Settings" row shares a concept with "change").
    if (stems === 0) s = 0;
    cache.set(h, s);
    return s;
  };
}

/** What each activity shows or leads to at best, for the task (value iteration over the transitions). */
function activityWorth(ix: MapIndex, rel: (h: MapHit) => number, decay: number): Map<string, number> {
  const v = new Map<string, number>();
  for (const [a, hs] of ix.byActivity) {
    let best = 0;
    for (const h of hs) best = Math.max(best, (h.target.part === 'activity' ? 1 : decay) * rel(h));
    v.set(a, best);
  }
  // Each round carries worth one transition further back; worth only shrinks along a path, so this settles
  // within as many rounds as there are activities (in practice two or three).
  for (let round = 0; round < ix.map.activities.length; round++) {
    let changed = false;
    for (const t of ix.map.transitions) {
      const via = decay * (v.get(t.to) ?? 0);
      if (via > (v.get(t.from) ?? 0) + 1e-9) {
        v.set(t.from, via);
        changed = true;
      }
    }
    if (!changed) break;
  }
  return v;
}

/** Best worth per id and per label of what fires it: one lookup per screen element instead of a scan of the map. */
class Worths {
  readonly byId = new Map<string, number>();
  readonly byLabel = new Map<string, number>();
  up = 0;

  add(m: { id: string; text?: string; desc?: string }, v: number): void {
    if (v <= 0) return;
    const id = entryName(m.id);
    if (id !== 'title') this.byId.set(id, Math.max(this.byId.get(id) ?? 0, v));
    for (const l of lowerAll([m.text, m.desc])) this.byLabel.set(l, Math.max(this.byLabel.get(l) ?? 0, v));
  }

  of(e: { id?: string }, labels: readonly string[]): number {
    let v = e.id === undefined ? 0 : (this.byId.get(e.id) ?? 0);
    for (const l of labels) v = Math.max(v, this.byLabel.get(l) ?? 0);
    return v;
  }
}

/**
 * Per screen element, how far towards the task the map says it leads, relative to the map element that matches
 * the task best (1: it is that element). Elements the map does not place get nothing.
 */
export function mapLeads(
  map: UiMap,
  task: string,
  elements: readonly SnapshotElement[],
  options: { activity?: string; decay?: number } = {},
): Map<SnapshotElement, number> {
  const ix = mapIndex(map);
  const decay = options.decay ?? DEFAULT_MAP_WEIGHTS.decay;
  const out = new Map<SnapshotElement, number>();
  const here = localise(ix, options.activity, elements);
  if (here === undefined) return out;
  // Quoted text and numbers are what to type or find, not names of the app's screens and buttons.
  const rel = relevanceOf(ix, terms(task.replace(/['"‘“][^'"’”]{1,80}['"’”]/g, ' ').replace(/\d+/g, ' ')));
  let top = 0;
  for (const h of ix.hits) top = Math.max(top, rel(h));
  if (top === 0) return out;
  const worth = activityWorth(ix, rel, decay);
  const hs = ix.byActivity.get(here) ?? [];
  const byId = new Map(hs.filter((h) => h.element.kind !== 'overflow-row').map((h) => [h.element.id, h.element] as const));
  const w = new Worths();
  for (const h of hs) {
    // What the element is (an icon's label, a menu item's title), and the part it opens (a dialog, a fragment).
    if (h.element.kind !== 'overflow-row') w.add(h.element, rel(h));
    const open = h.target.open?.element;
    if (open !== undefined) w.add(byId.get(open) ?? { id: open }, decay * rel(h));
  }
  for (const t of ix.out.get(here) ?? []) {
    const v = decay * (worth.get(t.to) ?? 0);
    if (t.trigger?.kind === 'up') w.up = Math.max(w.up, v);
    else if (t.trigger?.element !== undefined) w.add(byId.get(t.trigger.element) ?? { id: t.trigger.element }, v);
  }
  const labelsOf = new Map(elements.map((e) => [e, lowerAll(elementLabels(e))] as const));
  let more: number | undefined;
  for (const e of elements) {
    if (e.actions.length === 0) continue;
    const labels = labelsOf.get(e)!;
    let v = w.of(e, labels);
    if (labels.some((l) => UP.test(l))) v = Math.max(v, w.up);
    if (labels.some((l) => MORE.test(l)))
      v = Math.max(v, (more ??= decay * overflowWorth(hs, w, (m) => elements.some((x) => shows(x, m, labelsOf.get(x)!)))));
    if (v > 0) out.set(e, v / top);
  }
  return out;
}

/** The overflow button leads to the menu items not on the toolbar (the map adds an overflow row for each). */
function overflowWorth(hs: readonly MapHit[], w: Worths, onScreen: (m: MapHit['element']) => boolean): number {
  let best = 0;
  for (const row of hs) {
    if (row.element.kind !== 'overflow-row') continue;
    const item = hs.find(
      (h) => h.element.kind === 'menu-item' && h.element.layout === row.element.layout && h.element.text === row.element.text,
    );
    if (item === undefined || onScreen(item.element)) continue;
    best = Math.max(best, w.of({ id: entryName(item.element.id) }, lowerAll([item.element.text])));
  }
  return best;
}

/**
 * The lexical ranker (or any `base`) plus what the map says: per block, the most its elements lead towards the
 * task (squared relative to the screen's best, so the best way on gets the full weight and side roads little),
 * and the screen's progress through the task.
 */
export function mapScorer(map: UiMap, base: BlockScorer, options: MapRankOptions = {}): BlockScorer {
  const w = { ...DEFAULT_MAP_WEIGHTS, ...options.weights };
  const ix = mapIndex(map);
  return {
    score(blocks: readonly RawBlock[], ctx: RankContext): number[] {
      const scores = base.score(blocks, ctx);
      const leads = mapLeads(
        map,
        ctx.task,
        blocks.flatMap((b) => b.elements),
        { ...(options.activity === undefined ? {} : { activity: options.activity }), decay: w.decay },
      );
      const best = Math.max(0, ...leads.values());
      const p = progress(blocks, ctx.task, ix);
      return blocks.map((b, i) => {
        let lead = 0;
        for (const e of b.elements) lead = Math.max(lead, leads.get(e) ?? 0);
        let s = scores[i]! + (best > 0 ? (w.lead * lead * lead) / best : 0);
        if (b.elements.some((e) => p.exit.has(e))) s += w.exit;
        if (p.done.has(b)) s += w.done;
        return s;
      });
    },
  };
}
