/**
 * Shortest UI paths over a UI Map: breadth-first search from the launcher activity along transitions, with
 * the element to use at each step (UICOMPASS's focusing + shortest-path step, without the LLM).
 */
import type { MapActivity, MapElement, MapTrigger, UiMap } from './model.js';

export interface PathStep {
  from: string;
  to: string;
  trigger?: MapTrigger;
  /** The step closes `from` and lands on `to`, which opened it. */
  back?: true;
}

/** Where a target element sits on the final screen. */
export interface PathTarget {
  element: string;
  part: 'activity' | 'fragment' | 'dialog' | 'menu';
  /** Fragment, dialog or menu name when part is not `activity`. */
  name?: string;
  /** How to open that fragment or dialog from the activity, when the map knows. */
  open?: MapTrigger;
}

export interface UiPath {
  /** Activity the path ends on. */
  activity: string;
  steps: PathStep[];
  target?: PathTarget;
}

/** `com.x.ui.Main`, `.ui.Main`, `ui.Main` or `Main` → the activity, when unambiguous. */
function findActivity(map: UiMap, name: string): MapActivity | undefined {
  const exact = map.activities.find((a) => a.name === name);
  if (exact !== undefined) return exact;
  const suffix = name.startsWith('.') ? name : `.${name}`;
  const hits = map.activities.filter((a) => a.name.endsWith(suffix));
  return hits.length === 1 ? hits[0] : undefined;
}

/** Where paths start by default: the launcher activity, else the first one. */
export function launcherOf(map: UiMap): string | undefined {
  return (map.activities.find((a) => a.launcher === true) ?? map.activities[0])?.name;
}

/**
 * Route tree from the launcher (or `from`): for each reached activity, the transition of its best route
 * (see the cost below); undefined when there is no start.
 */
function bfs(map: UiMap, from: string | undefined): Map<string, PathStep | null> | undefined {
  const start = from === undefined ? launcherOf(map) : findActivity(map, from)?.name;
  if (start === undefined) return undefined;
  const edges = new Map<string, PathStep[]>();
  for (const t of map.transitions) {
    const step: PathStep = t.trigger === undefined ? { from: t.from, to: t.to } : { from: t.from, to: t.to, trigger: t.trigger };
    if (t.back === true) step.back = true;
    const list = edges.get(t.from);
    if (list === undefined) edges.set(t.from, [step]);
    else list.push(step);
  }
  // Each step costs 1 plus a tenth of its trigger's hiddenness: among routes as short, the one whose triggers
  // are controls in view (a button, a row) wins over menu items (the overflow must be opened first) and over
  // triggers the map cannot name; only several unnamed steps lose to a route one visible step longer.
  const cost = new Map<string, number>([[start, 0]]);
  const via = new Map<string, PathStep | null>([[start, null]]);
  const open = new Set([start]);
  while (open.size > 0) {
    let cur = '';
    let best = Infinity;
    for (const n of open) if ((cost.get(n) ?? Infinity) < best) [cur, best] = [n, cost.get(n) ?? Infinity];
    open.delete(cur);
    for (const e of edges.get(cur) ?? []) {
      const c = best + 1 + hiddenness(e.trigger) / 10;
      if (c >= (cost.get(e.to) ?? Infinity)) continue;
      cost.set(e.to, c);
      via.set(e.to, e);
      open.add(e.to);
    }
  }
  return via;
}

/** 0 for a control in view, more the harder the trigger is to see (menu, long-press, no element known). */
export function hiddenness(t: MapTrigger | undefined): number {
  if (t === undefined) return 5;
  if (t.element === undefined) return t.kind === 'up' ? 1 : 4;
  if (t.kind === 'menu') return 2;
  if (t.kind === 'long-click') return 3;
  return 0;
}

function stepsTo(via: Map<string, PathStep | null>, to: string): PathStep[] | undefined {
  if (!via.has(to)) return undefined;
  const steps: PathStep[] = [];
  let cur = via.get(to);
  while (cur !== null && cur !== undefined) {
    steps.unshift(cur);
    cur = via.get(cur.from);
  }
  return steps;
}

/**
 * Shortest paths from the launcher (or `from`) to an activity or to every screen showing an element id
 * (`settings`, `pkg:id/settings` and `android:id/button1` forms accepted), shortest first.
 */
export function findPaths(map: UiMap, target: string, options: { from?: string } = {}): UiPath[] {
  const via = bfs(map, options.from);
  if (via === undefined) return [];
  const activity = findActivity(map, target);
  if (activity !== undefined) {
    const steps = stepsTo(via, activity.name);
    return steps === undefined ? [] : [{ activity: activity.name, steps }];
  }
  const id = /^[\w.]+:id\//.test(target) && !target.startsWith('android:') ? target.replace(/^[\w.]+:id\//, '') : target;
  // The first place each activity shows the element (its own views before fragments, dialogs and menus).
  const hits = map.activities.flatMap((a) => elementsOf(a).find((h) => h.element.id === id) ?? []);
  return pathsTo(via, hits);
}

/** Paths to where each hit sits, shortest first; unreachable hits are left out. */
function pathsTo(via: Map<string, PathStep | null>, hits: readonly ElementHit[]): UiPath[] {
  const out: UiPath[] = [];
  for (const hit of hits) {
    const steps = stepsTo(via, hit.activity);
    if (steps !== undefined) out.push({ activity: hit.activity, steps, target: hit.target });
  }
  return out.sort((x, y) => x.steps.length - y.steps.length || x.activity.localeCompare(y.activity));
}

/** The best path from the launcher (or `from`) to every activity it reaches, by activity name, one search for all. */
export function pathsToAll(map: UiMap, options: { from?: string } = {}): Map<string, UiPath> {
  const via = bfs(map, options.from);
  const out = new Map<string, UiPath>();
  if (via === undefined) return out;
  for (const a of via.keys()) {
    const steps = stepsTo(via, a);
    if (steps !== undefined) out.set(a, { activity: a, steps });
  }
  return out;
}

/** The single shortest path, or undefined when the target is unknown or unreachable. */
export function shortestPath(map: UiMap, target: string, options: { from?: string } = {}): UiPath | undefined {
  return findPaths(map, target, options)[0];
}

/** An element whose id, text, hint or description matches a query, and where it sits. */
export interface ElementHit {
  activity: string;
  element: MapElement;
  target: PathTarget;
}

/** Every element an activity shows — its own views, then each fragment's, dialog's and menu's — with where it sits. */
export function elementsOf(a: MapActivity): ElementHit[] {
  const hits: ElementHit[] = a.elements.map((e) => ({ activity: a.name, element: e, target: { element: e.id, part: 'activity' } }));
  for (const [part, list] of [
    ['fragment', a.fragments],
    ['dialog', a.dialogs],
    ['menu', a.menus],
  ] as const) {
    for (const p of list) {
      for (const e of p.elements) {
        const target: PathTarget =
          p.trigger === undefined ? { element: e.id, part, name: p.name } : { element: e.id, part, name: p.name, open: p.trigger };
        hits.push({ activity: a.name, element: e, target });
      }
    }
  }
  return hits;
}

/** Case-insensitive substring search over element ids, texts, hints and descriptions. */
export function searchElements(map: UiMap, query: string): ElementHit[] {
  const q = query.toLowerCase();
  const matches = (e: MapElement): boolean => [e.id, e.text, e.hint, e.desc].some((v) => v !== undefined && v.toLowerCase().includes(q));
  return map.activities.flatMap((a) => elementsOf(a).filter((h) => matches(h.element)));
}

/** Shortest paths to every element matching `query` (see searchElements), shortest first. */
export function findPathsByText(map: UiMap, query: string, options: { from?: string } = {}): UiPath[] {
  const via = bfs(map, options.from);
  return via === undefined ? [] : pathsTo(via, searchElements(map, query));
}
