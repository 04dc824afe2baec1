/**
 * `app_map` answers: the overview (each screen once, where it leads, repeated edges folded), one screen's
 * controls, and a loose search (case, hyphens, simple stems, label and id) whose hits are grouped by the route
 * that reaches them, so twenty controls behind one route print that route once. Pure over the map.
 */
import { pagerTabs, type MapActivity, type MapElement, type UiMap, type UiPath } from '../uimap/index.js';
import { elementsOf, type ElementHit } from '../uimap/paths.js';
import { terms, words } from '../privacy/text.js';
import type { Planner } from './planner.js';

export const simple = (name: string | undefined): string => (name === undefined ? 'off the map' : name.slice(name.lastIndexOf('.') + 1));

/** Most controls named under one route before the rest are counted. */
const PER_GROUP = 8;
/** A word that begins another of at least this length counts as the same word (custom / customize). */
const PREFIX_MIN = 4;

/** Everything a map element says: its shown text, hint, description and the words of its id. */
function elementStems(e: MapElement): Set<string> {
  return terms([e.text, e.hint, e.desc, words(e.id).join(' ')].filter((s) => s !== undefined).join(' ')).stems;
}

function has(stems: ReadonlySet<string>, want: string): boolean {
  if (stems.has(want)) return true;
  if (want.length < PREFIX_MIN) return false;
  for (const s of stems) if (s.length >= PREFIX_MIN && (s.startsWith(want) || want.startsWith(s))) return true;
  return false;
}

/** Share of the query's words an element says (1: all of them). */
export function matchShare(query: string, e: MapElement): number {
  const q = terms(query).stems.size > 0 ? terms(query).stems : terms(query, true).stems;
  if (q.size === 0) return 0;
  const said = elementStems(e);
  const raw = query.toLowerCase();
  // The literal form still counts: an id or text holding the query as written.
  if ([e.id, e.text, e.hint, e.desc].some((v) => v !== undefined && v.toLowerCase().includes(raw))) return 1;
  return [...q].filter((w) => has(said, w)).length / q.size;
}

export interface MapSearch {
  hits: ElementHit[];
  /** False when no control says every word and the hits are the closest (at least half the words). */
  complete: boolean;
  /** Screens whose names say the query. */
  screens: string[];
}

export function searchMap(map: UiMap, query: string): MapSearch {
  const scored = map.activities.flatMap((a) => elementsOf(a).map((h) => ({ h, s: matchShare(query, h.element) })));
  const full = scored.filter((x) => x.s === 1).map((x) => x.h);
  const best = Math.max(0, ...scored.map((x) => x.s));
  const hits = full.length > 0 ? full : best >= 0.5 ? scored.filter((x) => x.s === best).map((x) => x.h) : [];
  const q = terms(query).stems;
  const screens = map.activities
    .filter((a) => q.size > 0 && [...q].every((w) => has(terms(words(simple(a.name)).join(' ')).stems, w)))
    .map((a) => a.name);
  return { hits, complete: full.length > 0, screens };
}

const quoteOf = (e: MapElement): string => {
  const l = e.text ?? e.desc ?? e.hint;
  return l === undefined ? e.id : `"${l}" (${e.id})`;
};

/** ` (tab "Contacts")` for a pager page the map pairs with its tab, as a user finds it; else nothing. */
function tabOf(map: UiMap, activity: string, page: string): string {
  const tab = pagerTabs(map, activity).find((t) => t.page === page);
  return tab === undefined ? '' : ` (tab "${tab.title}")`;
}

/** Where a hit sits, for its group's header: the screen, and the fragment (by its tab), dialog or menu within it. */
function placeOf(map: UiMap, h: ElementHit): string {
  const t = h.target;
  if (t.part === 'activity' || t.name === undefined) return simple(h.activity);
  return `${simple(h.activity)}, ${t.part} ${simple(t.name)}${t.part === 'fragment' ? tabOf(map, h.activity, t.name) : ''}`;
}

export interface Routed {
  hit: ElementHit;
  /** The shortest route from the launcher; undefined when the map knows none. */
  path: UiPath | undefined;
}

/** Query results grouped by the route that reaches them (the route printed once, its controls listed under it). */
export function renderSearch(planner: Planner, found: MapSearch & { query: string; routed: readonly Routed[] }, limit: number): string {
  const { query, routed } = found;
  const groups = new Map<string, { head: string; route: string[]; items: string[] }>();
  for (const { hit, path } of routed) {
    // the route's steps alone: the controls it ends on are the group's items
    const route =
      path === undefined
        ? ['(no route on the map from the launcher)']
        : planner.instructions({ activity: path.activity, steps: path.steps });
    const open = hit.target.open?.element === undefined ? '' : ` (open it with "${planner.label(hit.activity, hit.target.open.element)}")`;
    const head = `${placeOf(planner.map, hit)}${open}`;
    const key = `${head}\n${route.join('\n')}`;
    const g = groups.get(key) ?? { head, route, items: [] };
    const item = quoteOf(hit.element);
    if (!g.items.includes(item)) g.items.push(item);
    groups.set(key, g);
  }
  const lines: string[] = [];
  if (!found.complete && routed.length > 0) lines.push(`no control says every word of "${query}"; the closest:`);
  for (const a of found.screens) lines.push(`screen ${simple(a)} (app_navigate target ${simple(a)})`);
  let shown = 0;
  for (const g of groups.values()) {
    if (shown++ >= limit) break;
    const more = g.items.length > PER_GROUP ? `, +${g.items.length - PER_GROUP} more` : '';
    lines.push(`on ${g.head}: ${g.items.slice(0, PER_GROUP).join(', ')}${more}`);
    lines.push(...(g.route.length === 0 ? ['  (on the first screen)'] : g.route.map((r) => `  ${r}`)));
  }
  if (groups.size > limit) lines.push(`+${groups.size - limit} more places (raise limit)`);
  if (lines.length === 0) return `nothing on the map matches "${query}" (ask for a screen's controls with screen)`;
  return lines.join('\n');
}

/** The screens and where they lead, each destination once with the controls that lead there. */
export function renderOverview(map: UiMap): string {
  const lines = [`${map.package}: ${map.activities.length} screens, ${map.transitions.length} transitions`];
  for (const a of map.activities) lines.push(`${simple(a.name)}${a.launcher === true ? ' (launcher)' : ''}${leadsTo(map, a.name)}`);
  return lines.join('\n');
}

/** ` → B via x, y; C` for the forward transitions out of a screen, one entry per destination. */
function leadsTo(map: UiMap, from: string): string {
  const by = new Map<string, Set<string>>();
  for (const t of map.transitions) {
    if (t.from !== from || t.back === true) continue;
    const via = by.get(t.to) ?? new Set<string>();
    const how = t.trigger?.element;
    if (how !== undefined) via.add(how);
    by.set(t.to, via);
  }
  if (by.size === 0) return '';
  const parts = [...by].map(([to, via]) => `${simple(to)}${via.size === 0 ? '' : ` via ${[...via].join(', ')}`}`);
  return ` → ${parts.join('; ')}`;
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Widgets a person acts on by their kind, even unlabelled. */
const INTERACTIVE = /Button|Check|Switch|Edit|Spinner|SeekBar|Slider|Radio|Toggle|Tab|Chip|Picker/;

/** What a person can see or act on: labelled views, views with listeners, interactive widgets (not bare layouts). */
const isControl = (e: MapElement): boolean =>
  e.text !== undefined ||
  e.desc !== undefined ||
  e.hint !== undefined ||
  (e.listeners?.length ?? 0) > 0 ||
  INTERACTIVE.test(simple(e.class));

/** One screen's controls: its own, then each fragment's, dialog's and menu's, with where they lead. */
export function renderScreen(map: UiMap, a: MapActivity): string {
  const all = elementsOf(a).map((h) => h.element);
  const shown = all.filter(isControl).length;
  const left = all.length - shown;
  const lines = [
    `${simple(a.name)}${a.launcher === true ? ' (launcher)' : ''}: ${plural(shown, 'control')}${left > 0 ? ` (${plural(left, 'unlabelled layout view')} left out)` : ''}`,
  ];
  const item = (e: MapElement): string => {
    const how = e.listeners === undefined || e.listeners.length === 0 ? '' : ` [${e.listeners.join(', ')}]`;
    const to = map.transitions.filter((t) => t.from === a.name && t.back !== true && t.trigger?.element === e.id).map((t) => simple(t.to));
    return `  ${quoteOf(e)} ${simple(e.class)}${how}${to.length === 0 ? '' : ` → ${[...new Set(to)].join(', ')}`}`;
  };
  lines.push(...a.elements.filter(isControl).map(item));
  for (const [part, list] of [
    ['fragment', a.fragments],
    ['dialog', a.dialogs],
    ['menu', a.menus],
  ] as const) {
    for (const p of list) {
      const open = p.trigger?.element === undefined ? '' : ` (opened by ${p.trigger.element})`;
      const tab = part === 'fragment' ? tabOf(map, a.name, p.name) : '';
      lines.push(`${part} ${simple(p.name)}${tab}${open}:`, ...p.elements.filter(isControl).map(item));
    }
  }
  const out = leadsTo(map, a.name);
  if (out !== '') lines.push(`leads${out}`);
  return lines.join('\n');
}
