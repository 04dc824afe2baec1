/**
 * A UI Map as the ranker reads it, computed once per map: every element with its words, how many elements carry
 * each word, the transitions by source, and the map's own texts (so a screen's run-time values stand out).
 */
import type { MapElement, MapTransition, UiMap } from '../uimap/model.js';
import { elementsOf, type ElementHit } from '../uimap/paths.js';
import type { SnapshotElement } from '../snapshot/types.js';
import { terms, words, type Terms } from './text.js';

export interface MapHit extends ElementHit {
  /** Words of the element's text, hint and description. */
  label: Terms;
  /** Words of its resource id. */
  idWords: Terms;
}

export interface MapIndex {
  map: UiMap;
  hits: MapHit[];
  byActivity: Map<string, MapHit[]>;
  out: Map<string, MapTransition[]>;
  /** In how many elements each stem or concept occurs. */
  df: Map<string, number>;
  /** Ids (without package) of the positive dialog buttons the map knows (`android:id/button1`). */
  exits: Set<string>;
  /** Hints of the map's fields, lowercase: uiautomator shows an empty field's hint as its text. */
  hints: Set<string>;
  /** Every text and description the map's elements carry, lowercase. */
  texts: Set<string>;
}

const INDEX = new WeakMap<UiMap, MapIndex>();

/** `pkg:id/name` → `name` (what a snapshot element's `id` holds); other ids unchanged. */
export const entryName = (id: string): string => (id.includes(':id/') ? id.slice(id.indexOf(':id/') + 4) : id);

export const lowerAll = (xs: readonly (string | undefined)[]): string[] =>
  xs.filter((x): x is string => x !== undefined && x !== '').map((x) => x.toLowerCase());

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list === undefined) m.set(k, [v]);
  else list.push(v);
}

/** The index of a map (cached per map object: an agent ranks every screen of a run against one map). */
export function mapIndex(map: UiMap): MapIndex {
  const cached = INDEX.get(map);
  if (cached !== undefined) return cached;
  const hits: MapHit[] = map.activities.flatMap((a) =>
    elementsOf(a).map((h) => ({
      ...h,
      label: terms([h.element.text, h.element.hint, h.element.desc].filter((x) => x !== undefined).join(' ')),
      idWords: terms(words(entryName(h.element.id)).join(' ')),
    })),
  );
  const byActivity = new Map<string, MapHit[]>();
  const df = new Map<string, number>();
  for (const h of hits) {
    push(byActivity, h.activity, h);
    for (const t of new Set([...h.label.stems, ...h.label.concepts, ...h.idWords.stems])) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const out = new Map<string, MapTransition[]>();
  for (const t of map.transitions) push(out, t.from, t);
  const ix: MapIndex = {
    map,
    hits,
    byActivity,
    out,
    df,
    exits: new Set(
      hits.filter((h) => h.element.kind === 'dialog-button' && /button1$/.test(h.element.id)).map((h) => entryName(h.element.id)),
    ),
    hints: new Set(lowerAll(hits.map((h) => h.element.hint))),
    texts: new Set(hits.flatMap((h) => lowerAll([h.element.text, h.element.desc]))),
  };
  INDEX.set(map, ix);
  return ix;
}

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** `pkg/.ui.Main`, `pkg/pkg.ui.Main` or `pkg.ui.Main` → `pkg.ui.Main`. */
function qualified(component: string): string {
  const slash = component.indexOf('/');
  if (slash < 0) return component;
  const cls = component.slice(slash + 1);
  return cls.startsWith('.') ? component.slice(0, slash) + cls : cls;
}

/**
 * The map activity a screen belongs to: the foreground activity when the map has it (by full or simple name),
 * else the activity whose own view ids the screen shows most (at least two).
 */
export function localise(ix: MapIndex, activity: string | undefined, elements: readonly SnapshotElement[]): string | undefined {
  if (activity !== undefined) {
    const fg = qualified(activity);
    const exact = ix.map.activities.find((a) => a.name === fg || a.aliases?.includes(fg) === true);
    if (exact !== undefined) return exact.name;
    const bySimple = ix.map.activities.filter((a) => simple(a.name) === simple(fg));
    if (bySimple.length === 1) return bySimple[0]!.name;
  }
  const ids = new Set(elements.map((e) => e.id).filter((x): x is string => x !== undefined));
  let best: string | undefined;
  let n = 1;
  for (const [a, hs] of ix.byActivity) {
    const shown = new Set(hs.filter((h) => h.target.part === 'activity' && ids.has(entryName(h.element.id))).map((h) => h.element.id));
    if (shown.size > n) [best, n] = [a, shown.size];
  }
  return best;
}

/** Whether a screen element is this map element: the same id, else the same label (menu rows carry a generic id). */
export function shows(e: SnapshotElement, m: Pick<MapElement, 'id' | 'text' | 'desc'>, labels: readonly string[]): boolean {
  const id = entryName(m.id);
  if (e.id !== undefined && e.id === id && id !== 'title') return true;
  const own = lowerAll([m.text, m.desc]);
  return own.length > 0 && labels.some((l) => own.includes(l));
}
