/**
 * DroidBot state JSON (`views[]` linked by `temp_id` / `parent` / `children`) → UiDump.
 * Field names follow DroidBot's device_state.py output as recorded in the DroidTask corpus.
 */
import { GlanceError } from '../errors.js';
import { isEditableClass, parseComponent, type Bounds, type UiDump, type UiNode } from './model.js';
import { hierarchyExtent, screenSize } from './screen.js';

interface DroidbotView {
  temp_id?: unknown;
  parent?: unknown;
  children?: unknown;
  class?: unknown;
  text?: unknown;
  content_description?: unknown;
  resource_id?: unknown;
  package?: unknown;
  bounds?: unknown;
  [flag: string]: unknown;
}

function bad(message: string): GlanceError {
  return new GlanceError('DUMP_MALFORMED', message, {
    hint: 'expected a DroidBot state file (states/state_*.json) with a views[] array',
  });
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function bounds(v: unknown, id: number): Bounds {
  if (Array.isArray(v) && v.length === 2 && Array.isArray(v[0]) && Array.isArray(v[1])) {
    const [[l, t], [r, b]] = v as [unknown[], unknown[]];
    if ([l, t, r, b].every((x) => typeof x === 'number')) return [l as number, t as number, r as number, b as number];
  }
  throw bad(`view ${id} has no valid bounds [[l,t],[r,b]]`);
}

/**
 * The views of a state: DroidBot's list, or an object keyed by id (some exports; the key is the id when the view
 * has no `temp_id`). Undefined when there are none.
 */
function viewsOf(state: unknown): Array<{ view: DroidbotView; key: number }> | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const views = (state as { views?: unknown }).views;
  if (Array.isArray(views)) return views.map((view: DroidbotView, key) => ({ view, key }));
  if (typeof views !== 'object' || views === null) return undefined;
  return Object.entries(views as Record<string, DroidbotView>).map(([k, view], pos) => ({ view, key: /^\d+$/.test(k) ? Number(k) : pos }));
}

/** A bare list of DroidBot views (LlamaTouch's `.vh` files): objects with `temp_id` or two-corner bounds. */
export function isDroidbotViewList(v: unknown): boolean {
  if (!Array.isArray(v) || v.length === 0) return false;
  const first = v[0] as DroidbotView | null;
  if (typeof first !== 'object' || first === null) return false;
  const b = first.bounds;
  return typeof first.temp_id === 'number' || (Array.isArray(b) && b.length === 2 && Array.isArray(b[0]));
}

export function parseDroidbotState(state: unknown): UiDump {
  const views = viewsOf(state);
  if (views === undefined) {
    throw new GlanceError('DUMP_NOT_RECOGNISED', 'JSON without a views[] array', {
      hint: 'expected a DroidBot state file (states/state_*.json), a list of its views, or a Rico view hierarchy',
    });
  }
  const s = state as { width?: unknown; height?: unknown; foreground_activity?: unknown };
  const byId = new Map<number, { view: DroidbotView; node: UiNode }>();
  views.forEach(({ view, key }, pos) => {
    if (typeof view !== 'object' || view === null) throw bad(`views[${pos}] is not an object`);
    const id = typeof view.temp_id === 'number' ? view.temp_id : key;
    const cls = str(view.class);
    const flag = (name: string, dflt = false): boolean => (typeof view[name] === 'boolean' ? (view[name] as boolean) : dflt);
    const node: UiNode = {
      cls,
      text: str(view.text),
      desc: str(view.content_description),
      hint: '',
      id: str(view.resource_id),
      pkg: str(view.package),
      bounds: bounds(view.bounds, id),
      checkable: flag('checkable'),
      checked: flag('checked'),
      clickable: flag('clickable'),
      longClickable: flag('long_clickable'),
      enabled: flag('enabled', true),
      focusable: flag('focusable'),
      focused: flag('focused'),
      scrollable: flag('scrollable'),
      password: flag('is_password'),
      selected: flag('selected'),
      visible: flag('visible', true),
      editable: flag('editable') || isEditableClass(cls),
      index: 0,
      children: [],
    };
    if (byId.has(id)) throw bad(`duplicate temp_id ${id}`);
    byId.set(id, { view, node });
  });
  const roots: UiNode[] = [];
  const attached = new Set<number>();
  for (const [id, { view, node }] of byId) {
    const kids = Array.isArray(view.children) ? view.children : [];
    for (const k of kids) {
      const child = typeof k === 'number' ? byId.get(k) : undefined;
      if (!child) throw bad(`view ${id} lists unknown child ${String(k)}`);
      if (attached.has(k as number) || k === id) throw bad(`view ${String(k)} has two parents (cycle)`);
      attached.add(k as number);
      child.node.index = node.children.length;
      node.children.push(child.node);
    }
    const parent = typeof view.parent === 'number' ? view.parent : -1;
    if (parent < 0) roots.push(node);
  }
  if (roots.length === 0 && byId.size > 0) throw bad('no root view (parent -1)');
  const stated = typeof s.width === 'number' && typeof s.height === 'number' ? { width: s.width, height: s.height } : undefined;
  const dump: UiDump = { format: 'droidbot', roots, rotation: 0, ...screenSize(hierarchyExtent(roots), stated) };
  const fg = parseComponent(str(s.foreground_activity));
  if (fg !== undefined) {
    dump.package = fg.package;
    dump.activity = fg.activity;
  }
  return dump;
}
