/**
 * A route as the controls to act on, in order: `MainActivity → tap "Settings" (menu) → SettingsActivity`.
 * Each step's trigger is named by what a user sees of it (the control's label, gesture and place on the screen
 * it starts from, as screenView lists them), so the planner's prompt, `glance map path` and a person following
 * the route read the same words. Pure: derived from the map and a path.
 */
import type { Control, ControlPlace, Gesture } from './controls.js';
import { labelOf, screenView } from './controls.js';
import type { MapTrigger, UiMap } from './model.js';
import type { PathStep, PathTarget, UiPath } from './paths.js';
import { elementsOf } from './paths.js';

/** One action of a route: what to do on `from` to reach `to`. */
export interface RouteAction {
  from: string;
  to: string;
  /** What the user does; `auto` when the screen moves on by itself, `unknown` when the map cannot name a control. */
  gesture: Gesture | 'auto' | 'up' | 'unknown';
  /** The control's label, when the map names one. */
  label?: string;
  /** Where the control sits when it is not plainly on the screen. */
  place?: Exclude<ControlPlace, 'screen'> | 'dialog';
  /** The fragment (pager page) whose view it is. */
  part?: string;
  /** The title of the pager tab that shows it. */
  tab?: string;
  /** The step closes `from`, back to `to`. */
  back?: true;
}

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
const PLACE_WORDS: Record<NonNullable<RouteAction['place']>, string> = {
  menu: 'menu',
  drawer: 'drawer',
  selection: 'after a long-press on a row',
  'row-menu': "a row's menu",
  dialog: 'in a dialog',
};

function gestureOf(t: MapTrigger, c: Control | undefined): RouteAction['gesture'] {
  if (t.kind === 'long-click') return 'long-press';
  if (t.kind === 'check') return 'toggle';
  return c?.gesture === 'toggle' || c?.gesture === 'type' ? c.gesture : 'tap';
}

/** The action that triggers one step, named from the controls of the screen it starts on. */
function actionOf(map: UiMap, step: PathStep, controls: readonly Control[]): RouteAction {
  const base: RouteAction = { from: step.from, to: step.to, gesture: 'unknown' };
  if (step.back === true) base.back = true;
  const t = step.trigger;
  if (t === undefined) return base;
  if (t.kind === 'auto') return { ...base, gesture: 'auto' };
  if (t.element === undefined) return { ...base, gesture: t.kind === 'up' ? 'up' : 'unknown' };
  const c =
    controls.find((x) => x.id === t.element && (t.kind !== 'menu' || x.place !== 'screen')) ?? controls.find((x) => x.id === t.element);
  const a: RouteAction = { ...base, gesture: gestureOf(t, c) };
  const activity = map.activities.find((x) => x.name === step.from);
  const hit = activity === undefined ? undefined : elementsOf(activity).find((h) => h.element.id === t.element);
  a.label = c?.label ?? (hit === undefined ? t.element : labelOf(hit.element));
  const place =
    c !== undefined && c.place !== 'screen' ? c.place : t.kind === 'dialog' || hit?.target.part === 'dialog' ? 'dialog' : undefined;
  if (place !== undefined) a.place = place;
  else if (t.kind === 'menu') a.place = 'menu';
  if (c?.part !== undefined) a.part = c.part;
  if (c?.tab !== undefined) a.tab = c.tab;
  return a;
}

/** The actions of a path, one per step. */
export function routeActions(map: UiMap, path: UiPath): RouteAction[] {
  const views = new Map<string, Control[]>();
  return path.steps.map((s) => {
    let controls = views.get(s.from);
    if (controls === undefined) {
      controls = screenView(map, s.from)?.controls ?? [];
      views.set(s.from, controls);
    }
    return actionOf(map, s, controls);
  });
}

/** One action in words: `tap "Settings" (menu)`, `by itself`, `press Up`, `some control`. */
export function actionText(a: RouteAction): string {
  if (a.gesture === 'auto') return 'by itself';
  if (a.gesture === 'up') return 'press Up';
  if (a.gesture === 'unknown' || a.label === undefined) return 'some control';
  const page = a.tab !== undefined ? `in tab "${a.tab}"` : a.part === undefined ? '' : `on ${a.part}`;
  const where = [a.place === undefined ? '' : PLACE_WORDS[a.place], page].filter((w) => w !== '');
  return `${a.gesture} "${a.label}"${where.length === 0 ? '' : ` (${where.join(', ')})`}`;
}

/** The last action of a route that ends on an element: `tap "Language"`, with how to open its dialog or menu. */
function targetText(map: UiMap, activity: string, target: PathTarget): string {
  const controls = screenView(map, activity)?.controls ?? [];
  const c = controls.find((x) => x.id === target.element);
  const a = map.activities.find((x) => x.name === activity);
  const hit = a === undefined ? undefined : elementsOf(a).find((h) => h.element.id === target.element);
  const label = c?.label ?? (hit === undefined ? target.element : labelOf(hit.element));
  let open = '';
  if (target.open !== undefined && target.part !== 'activity') {
    const step: PathStep = { from: activity, to: activity, trigger: target.open };
    open = `${actionText(actionOf(map, step, controls))} → `;
  }
  const last: RouteAction = { from: activity, to: activity, gesture: c?.gesture ?? 'tap', label };
  if (c !== undefined && c.place !== 'screen') last.place = c.place;
  if (c?.part !== undefined) last.part = c.part;
  if (c?.tab !== undefined) last.tab = c.tab;
  // a control that opens a screen ends the route on that screen
  const leads = c?.opens === undefined ? '' : ` → ${c.opens.map(simple).join(' or ')}`;
  return `${open}${actionText(last)}${leads}`;
}

/**
 * A route in one line, the screens between the controls to act on:
 * `MainActivity → tap "Settings" (menu) → SettingsActivity`, then the target element when the path has one.
 */
export function renderRoute(map: UiMap, path: UiPath): string {
  const start = path.steps[0]?.from ?? path.activity;
  const parts = [simple(start)];
  for (const a of routeActions(map, path)) parts.push(`${actionText(a)}${a.back === true ? ' (back)' : ''}`, simple(a.to));
  if (path.target !== undefined) parts.push(targetText(map, path.activity, path.target));
  return parts.join(' → ');
}

/**
 * A route as one instruction a step, the way `glance map path` numbers them: `on Main: tap "Settings" (menu) →
 * Settings`, then the target element on its screen when the path has one (`on Settings: tap "Language"`).
 */
export function routeLines(map: UiMap, path: UiPath): string[] {
  const lines = routeActions(map, path).map(
    (a) => `on ${simple(a.from)}: ${actionText(a)} → ${simple(a.to)}${a.back === true ? ' (back)' : ''}`,
  );
  if (path.target !== undefined) lines.push(`on ${simple(path.activity)}: ${targetText(map, path.activity, path.target)}`);
  return lines;
}
