/**
 * A trailmap as a UI Map: each waypoint is a screen (its description as label), each shortcut a transition whose
 * trigger names what its tool acts on (a resource id, a text or an accessibility label). The planner's shortest
 * paths then run over trailmaps as they do over maps built from source, and `app_map` can show one.
 */
import { parseNodeSelector, type Shortcut, type ToolCall, type Trailmap } from '../../trailmap/index.js';
import type { MapActivity, MapElement, MapTransition, TriggerKind, UiMap } from '../../uimap/index.js';

/** The element a tool acts on, as a map element (undefined for tools that act on no element: swipe, typing, back). */
export function toolElement(tool: ToolCall): MapElement | undefined {
  const p = tool.params;
  switch (tool.name) {
    case 'tapOnElementWithText':
    case 'longPressOnElementWithText': {
      const text = String(p['text'] ?? '');
      return { id: text, class: '', text };
    }
    case 'tapOnElementWithAccessibilityText': {
      const desc = String(p['accessibilityText'] ?? '');
      return { id: desc, class: '', desc };
    }
    case 'tapOnElementBySelector': {
      const sel = parseNodeSelector(p['nodeSelector'] ?? p['selector'], 'shortcut');
      const id = sel.resourceIdRegex ?? sel.textRegex ?? sel.accessibilityTextRegex ?? sel.contentDescriptionRegex ?? JSON.stringify(sel);
      return {
        id,
        class: sel.classNameRegex ?? '',
        ...(sel.textRegex === undefined ? {} : { text: sel.textRegex }),
        ...(sel.accessibilityTextRegex === undefined ? {} : { desc: sel.accessibilityTextRegex }),
      };
    }
    default:
      return undefined;
  }
}

function triggerKind(tool: ToolCall): TriggerKind {
  if (tool.name === 'pressBack') return 'up';
  if (tool.name.startsWith('longPress')) return 'long-click';
  return toolElement(tool) === undefined ? 'auto' : 'click';
}

/** The shortcut a map transition stands for (same ends, same trigger element). */
export function shortcutOf(map: Pick<Trailmap, 'shortcuts'>, t: Pick<MapTransition, 'from' | 'to' | 'trigger'>): Shortcut | undefined {
  return map.shortcuts.find((s) => s.from === t.from && s.to === t.to && toolElement(s.tools[0]!)?.id === t.trigger?.element);
}

export interface TrailmapUiMapOptions {
  /** Only these waypoints (and the shortcuts between them) are on the map (default: every waypoint). */
  only?: ReadonlySet<string>;
  /** The screen marked as launcher (where paths start by default). */
  start?: string;
}

export function trailmapToUiMap(map: Trailmap, o: TrailmapUiMapOptions = {}): UiMap {
  const keep = (w: string): boolean => o.only === undefined || o.only.has(w);
  const ids = [...new Set(map.waypoints.map((w) => w.id))].filter(keep);
  const shortcuts = map.shortcuts.filter((s) => s.tools.length > 0 && keep(s.from) && keep(s.to));
  const activities: MapActivity[] = ids.map((id) => {
    const elements = new Map<string, MapElement>();
    for (const s of shortcuts) {
      const e = s.from === id ? toolElement(s.tools[0]!) : undefined;
      if (e !== undefined && !elements.has(e.id)) elements.set(e.id, e);
    }
    const w = map.waypoints.find((x) => x.id === id)!;
    return {
      name: id,
      ...(id === o.start ? { launcher: true } : {}),
      ...(w.description === '' ? {} : { label: w.description }),
      layouts: [],
      elements: [...elements.values()],
      fragments: [],
      dialogs: [],
      menus: [],
    };
  });
  const transitions: MapTransition[] = shortcuts.map((s) => {
    const e = toolElement(s.tools[0]!);
    return { from: s.from, to: s.to, trigger: { kind: triggerKind(s.tools[0]!), ...(e === undefined ? {} : { element: e.id }) } };
  });
  const elements = activities.reduce((n, a) => n + a.elements.length, 0);
  return {
    package: map.appIds.android?.[0] ?? map.appIds.ios?.[0] ?? map.name ?? 'trailmap',
    activities,
    transitions,
    warnings: [],
    stats: { modules: 0, sourceFiles: 0, resourceFiles: 0, activities: activities.length, transitions: transitions.length, elements },
  };
}
