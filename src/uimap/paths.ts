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

function locate(a: MapActivity, id: string): PathTarget | undefined {
  if (a.elements.some((e) => e.id === id)) return { element: id, part: 'activity' };
  for (const [part, list] of [['fragment', a.fragments], ['dialog', a.dialogs], ['menu', a.menus]] as const) {
    for (const p of list) {
      if (!p.elements.some((e) => e.id === id)) continue;
      return p.trigger === undefined ? { element: id, part, name: p.name } : { element: id, part, name: p.name, open: p.trigger };
    }
  }
  return undefined;
}

function launcherOf(map: UiMap): string | undefined {
  return (map.activities.find((a) => a.launcher === true) ?? map.activities[0])?.name;
}

/** BFS tree from `start`: for each reached activity, the transition used to first reach it. */
function bfs(map: UiMap, start: string): Map<string, PathStep | null> {
  const edges = new Map<string, PathStep[]>();
  for (const t of map.transitions) {
    const step: PathStep = t.trigger === undefined ? { from: t.from, to: t.to } : { from: t.from, to: t.to, trigger: t.trigger };
    if (t.back === true) step.back = true;
    edges.set(t.from, [...(edges.get(t.from) ?? []), step]);
  }
  // Prefer edges whose trigger names an element: they tell the agent what to tap.
  for (const list of edges.values()) list.sort((a, b) => Number(a.trigger?.element === undefined) - Number(b.trigger?.element === undefined));
  const via = new Map<string, PathStep | null>([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const cur = queue.shift() as string;
    for (const e of edges.get(cur) ?? []) {
      if (via.has(e.to)) continue;
      via.set(e.to, e);
      queue.push(e.to);
    }
  }
  return via;
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
  const start = options.from === undefined ? launcherOf(map) : findActivity(map, options.from)?.name;
  if (start === undefined) return [];
  const via = bfs(map, start);
  const activity = findActivity(map, target);
  if (activity !== undefined) {
    const steps = stepsTo(via, activity.name);
    return steps === undefined ? [] : [{ activity: activity.name, steps }];
  }
  const id = /^[\w.]+:id\//.test(target) && !target.startsWith('android:') ? target.replace(/^[\w.]+:id\//, '') : target;
  const out: UiPath[] = [];
  for (const a of map.activities) {
    const where = locate(a, id);
    if (where === undefined) continue;
    const steps = stepsTo(via, a.name);
    if (steps !== undefined) out.push({ activity: a.name, steps, target: where });
  }
  return out.sort((x, y) => x.steps.length - y.steps.length || x.activity.localeCompare(y.activity));
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

/** Case-insensitive substring search over element ids, texts, hints and descriptions. */
export function searchElements(map: UiMap, query: string): ElementHit[] {
  const q = query.toLowerCase();
  const hits: ElementHit[] = [];
  const matches = (e: MapElement): boolean => [e.id, e.text, e.hint, e.desc].some((v) => v !== undefined && v.toLowerCase().includes(q));
  for (const a of map.activities) {
    for (const e of a.elements) if (matches(e)) hits.push({ activity: a.name, element: e, target: { element: e.id, part: 'activity' } });
    for (const [part, list] of [['fragment', a.fragments], ['dialog', a.dialogs], ['menu', a.menus]] as const) {
      for (const p of list) {
        for (const e of p.elements) {
          if (!matches(e)) continue;
          const target: PathTarget = p.trigger === undefined ? { element: e.id, part, name: p.name } : { element: e.id, part, name: p.name, open: p.trigger };
          hits.push({ activity: a.name, element: e, target });
        }
      }
    }
  }
  return hits;
}

/** Shortest paths to every element matching `query` (see searchElements), shortest first. */
export function findPathsByText(map: UiMap, query: string, options: { from?: string } = {}): UiPath[] {
  const start = options.from === undefined ? launcherOf(map) : findActivity(map, options.from)?.name;
  if (start === undefined) return [];
  const via = bfs(map, start);
  const out: UiPath[] = [];
  for (const hit of searchElements(map, query)) {
    const steps = stepsTo(via, hit.activity);
    if (steps !== undefined) out.push({ activity: hit.activity, steps, target: hit.target });
  }
  return out.sort((x, y) => x.steps.length - y.steps.length || x.activity.localeCompare(y.activity));
}
