/**
 * Scores a UI Map against what real runs of the app observed: the activities seen, the activity-to-activity
 * transitions taken by tapping, and which element ids were tapped on which activity. Pure; the loader for
 * DroidBot event logs (DroidTask) is `observedFromDroidbot`.
 */
import type { UiMap } from './model.js';
import { elementsOf } from './paths.js';

export interface ObservedRun {
  activities: string[];
  transitions: { from: string; to: string }[];
  /** Element ids as the map writes them (`settings`, `android:id/button1`). */
  placements: { activity: string; id: string }[];
}

export interface Coverage {
  found: number;
  total: number;
  missing: string[];
}

export interface MapScore {
  activities: Coverage;
  transitions: Coverage;
  placements: Coverage;
}

/** `pkg/.ui.Main` or `pkg/full.Name` (dumpsys / DroidBot form) → fully qualified class name. */
export function componentClass(component: string): { pkg: string; cls: string } | undefined {
  const slash = component.indexOf('/');
  if (slash < 0) return undefined;
  const pkg = component.slice(0, slash);
  const rest = component.slice(slash + 1);
  return { pkg, cls: rest.startsWith('.') ? `${pkg}${rest}` : rest };
}

/** `pkg:id/name` → `name` for the app's ids, `android:id/name` kept; other packages' ids → undefined. */
export function elementIdOf(resourceId: string, pkg: string): string | undefined {
  if (resourceId.startsWith('android:id/')) return resourceId;
  const prefix = `${pkg}:id/`;
  return resourceId.startsWith(prefix) ? resourceId.slice(prefix.length) : undefined;
}

export interface DroidbotEvent {
  event: { event_type?: string; view?: { resource_id?: string | null } | null };
  start_state: string;
  stop_state: string;
}

/** Builds the observation from DroidBot events and the activity of each state, for package `pkg`. */
export function observedFromDroidbot(
  events: readonly DroidbotEvent[],
  stateActivity: ReadonlyMap<string, string>,
  pkg: string,
): ObservedRun {
  const inApp = (state: string): string | undefined => {
    const comp = stateActivity.get(state);
    const c = comp === undefined ? undefined : componentClass(comp);
    return c !== undefined && c.pkg === pkg ? c.cls : undefined;
  };
  const activities = new Set<string>();
  const transitions = new Map<string, { from: string; to: string }>();
  const placements = new Map<string, { activity: string; id: string }>();
  for (const e of events) {
    const from = inApp(e.start_state);
    const to = inApp(e.stop_state);
    if (from !== undefined) activities.add(from);
    if (to !== undefined) activities.add(to);
    const type = e.event.event_type;
    const tap = type === 'touch' || type === 'click' || type === 'long_touch' || type === 'long_click';
    if (tap && from !== undefined && to !== undefined && from !== to) transitions.set(`${from}|${to}`, { from, to });
    const rid = e.event.view?.resource_id;
    const id = rid === undefined || rid === null ? undefined : elementIdOf(rid, pkg);
    if (from !== undefined && id !== undefined && (tap || type === 'set_text')) placements.set(`${from}|${id}`, { activity: from, id });
  }
  return { activities: [...activities].sort(), transitions: [...transitions.values()], placements: [...placements.values()] };
}

/** Which observed items the map has; `missing` names them as `key` writes them. */
function coverage<T>(items: readonly T[], key: (item: T) => string, has: (item: T) => boolean): Coverage {
  const missing = items.filter((i) => !has(i)).map(key);
  return { found: items.length - missing.length, total: items.length, missing };
}

/** How much of the observation the map predicts. */
export function scoreMap(map: UiMap, observed: ObservedRun): MapScore {
  const acts = new Set(map.activities.map((a) => a.name));
  const edge = (t: { from: string; to: string }): string => `${t.from} -> ${t.to}`;
  const edges = new Set(map.transitions.map(edge));
  const ids = new Map(map.activities.map((a) => [a.name, new Set(elementsOf(a).map((h) => h.element.id))]));
  return {
    activities: coverage(
      observed.activities,
      (a) => a,
      (a) => acts.has(a),
    ),
    transitions: coverage(observed.transitions, edge, (t) => edges.has(edge(t))),
    placements: coverage(
      observed.placements,
      (p) => `${p.activity} @ ${p.id}`,
      (p) => ids.get(p.activity)?.has(p.id) ?? false,
    ),
  };
}
