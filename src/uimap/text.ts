/**
 * The UI Map as text for a planner (and for a user checking what the planner reads: `glance map --text`):
 * per screen, the controls to act on and where each leads, the dialogs they open, the selection mode of its
 * lists. Screens come in priority order (where the device is, the launcher, the screens a task is about, then
 * the rest by distance from the launcher) until a token budget is spent; what was cut is stated at the end.
 */
import type { Control, DialogNode, ScreenView } from './controls.js';
import { screenView } from './controls.js';
import type { UiMap } from './model.js';
import type { UiPath } from './paths.js';
import { renderRoute } from './route.js';
import { breadcrumbs } from './pages.js';

export interface MapTextOptions {
  /** The activity the device shows. */
  here?: string;
  /** How much a text matters to the task (0 = not at all): orders screens and the controls in each. */
  relevance?: (text: string) => number;
  /** Token budget for the whole text (default 2000). */
  budget?: number;
  /**
   * Token counter, always given: the budget holds only in the tokens it counts (the planner passes an o200k
   * count). No default, because the room cannot load a tokenizer and an estimate lets dense labels past the budget.
   */
  count: (text: string) => number;
  /** Routes to the screens the task is about, printed first as the controls to act on (see renderRoute). */
  routes?: readonly UiPath[];
}

export interface MapText {
  text: string;
  tokens: number;
  /** Activities shown, in order. */
  shown: string[];
  /** Activities left out by the budget. */
  cut: string[];
  /** Controls left out of the screens shown (per-screen cap or budget). */
  cutControls: number;
}

export const DEFAULT_TEXT_BUDGET = 2000;
/** Controls per screen: a screen's own room, so one big screen cannot crowd out the route to another. */
const PER_SCREEN = 24;

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);
const quote = (s: string): string => `"${s.length > 60 ? `${s.slice(0, 59)}…` : s}"`;

function dialogText(d: DialogNode, detailed: boolean): string {
  if (!detailed) return `dialog ${quote(d.title)}`;
  const parts = [
    d.message === undefined ? '' : quote(d.message),
    d.controls.length === 0 ? '' : `options ${d.controls.map((c) => quote(c.label)).join(', ')}`,
    d.buttons.length === 0 ? '' : `buttons ${d.buttons.join(', ')}`,
  ].filter((p) => p !== '');
  return `dialog ${quote(d.title)}${parts.length === 0 ? '' : ` (${parts.join('; ')})`}`;
}

interface Ctx {
  view: ScreenView;
  described: Set<string>;
}

/** `android.intent.action.QUICK_CONTACT` → "quick contact": what the other app is asked to do. */
const actionWords = (action: string): string => (action.split('.').at(-1) ?? action).toLowerCase().replace(/_/g, ' ');

/** Where a control leads: the screens it opens, else the dialog (described once per screen), else back. */
function target(c: Control, x: Ctx): string {
  const ways: string[] = [];
  if (c.opens !== undefined) ways.push(c.opens.map(simple).join(' or '));
  const d = c.dialogs === undefined ? undefined : x.view.dialogs.find((n) => c.dialogs?.includes(n.name) === true);
  if (d !== undefined) {
    ways.push(dialogText(d, !x.described.has(d.name)));
    x.described.add(d.name);
  }
  if (c.external !== undefined) ways.push(`another app (${[...new Set(c.external.map(actionWords))].join(', ')})`);
  if (ways.length === 0 && c.back === true) ways.push('back');
  return ways.length === 0 ? '' : ` → ${ways.join(' or ')}`;
}

/** Where a control sits beyond the screen itself: its pager tab by title, else its fragment. */
const partOf = (c: Control): string => (c.tab !== undefined ? ` (tab ${quote(c.tab)})` : c.part === undefined ? '' : ` (${c.part})`);

const item = (c: Control, x: Ctx, withGesture: boolean): string =>
  `${withGesture ? `${c.gesture} ` : ''}${quote(c.label)}${partOf(c)}${target(c, x)}`;

/** The lines of one screen, its controls ordered by relevance; returns how many controls it left out. */
export function screenLines(
  view: ScreenView,
  o: { here?: string | undefined; score: (c: Control) => number; crumb?: readonly string[] | undefined },
): { lines: string[]; left: number } {
  // The trail from the launcher, for a screen more than one step from it: how a user gets there.
  const trail = o.crumb !== undefined && o.crumb.length > 2 ? `via ${o.crumb.slice(0, -1).map(simple).join(' › ')}` : '';
  const flags = [view.launcher === true ? 'launcher' : '', view.activity === o.here ? 'you are here' : '', trail].filter((f) => f !== '');
  const head = `${simple(view.activity)}${view.label === undefined ? '' : ` ${quote(view.label)}`}${flags.length === 0 ? '' : ` (${flags.join(', ')})`}`;
  // Relevance first; then controls that lead somewhere, tabs and menus before those acting in place.
  const rank = (c: Control): number =>
    o.score(c) * 10 + (c.opens !== undefined || c.dialogs !== undefined ? 3 : c.kind === 'tab' ? 2 : c.place === 'screen' ? 0 : 1);
  const ranked = view.controls.map((c, i) => ({ c, i, s: rank(c) })).sort((p, q) => q.s - p.s || p.i - q.i);
  const kept = ranked.slice(0, PER_SCREEN).sort((p, q) => p.i - q.i);
  const x: Ctx = { view, described: new Set() };
  const lines = [head];
  const leads = (c: Control): boolean => c.opens !== undefined || c.dialogs !== undefined || c.back === true || c.external !== undefined;
  const group = (prefix: string, cs: Control[], withGesture: boolean): void => {
    if (cs.length > 0) lines.push(`  ${prefix}${cs.map((c) => item(c, x, withGesture)).join('; ')}`);
  };
  const on = (place: Control['place']): Control[] => kept.map((k) => k.c).filter((c) => c.place === place);
  for (const c of on('screen').filter((c) => leads(c) && c.kind !== 'tab')) lines.push(`  ${item(c, x, true)}`);
  group(
    'tabs: ',
    on('screen').filter((c) => c.kind === 'tab'),
    false,
  );
  group(
    'in place: ',
    on('screen').filter((c) => !leads(c) && c.kind !== 'tab'),
    true,
  );
  group('menu: ', on('menu'), false);
  group('drawer: ', on('drawer'), false);
  group('long-press a row, then: ', on('selection'), false);
  group('row menu: ', on('row-menu'), false);
  const exits = view.unnamedExits.map((e) => `${e.auto ? 'by itself' : 'some control'} → ${simple(e.to)}`);
  if (exits.length > 0) lines.push(`  also: ${exits.join('; ')}`);
  const left = view.controls.length - kept.length;
  if (left > 0) lines.push(`  (+${left} more controls)`);
  return { lines, left };
}

/** Screens in breadth-first order from the launcher (the rest after, as the map lists them). */
function byDistance(map: UiMap): string[] {
  const start = (map.activities.find((a) => a.launcher === true) ?? map.activities[0])?.name;
  const order: string[] = start === undefined ? [] : [start];
  const seen = new Set(order);
  for (let i = 0; i < order.length; i++) {
    for (const t of map.transitions) {
      if (t.from !== order[i] || seen.has(t.to) || t.back === true) continue;
      seen.add(t.to);
      order.push(t.to);
    }
  }
  for (const a of map.activities) if (!seen.has(a.name)) order.push(a.name);
  return order;
}

/** The map as a planner reads it, within a token budget. */
export function renderMapText(map: UiMap, options: MapTextOptions): MapText {
  const { count } = options;
  const budget = options.budget ?? DEFAULT_TEXT_BUDGET;
  const rel = options.relevance ?? (() => 0);
  const score = (c: Control): number => rel(c.label) + (c.opens === undefined ? 0 : rel(c.opens.map(simple).join(' ')) / 2);
  const views = byDistance(map)
    .map((a, i) => ({ v: screenView(map, a), i }))
    .filter((x): x is { v: ScreenView; i: number } => x.v !== undefined);
  const weight = (v: ScreenView): number =>
    Math.max(rel(`${simple(v.activity)} ${v.label ?? ''}`), ...v.controls.map(score), 0) +
    (v.activity === options.here ? 1000 : 0) +
    (v.launcher === true ? 500 : 0);
  views.sort((p, q) => weight(q.v) - weight(p.v) || p.i - q.i);
  const routes = (options.routes ?? []).map((p) => `route: ${renderRoute(map, p)}`);
  // a route another one continues says nothing the longer one does not
  const head = routes.filter((r, i) => !routes.some((q, j) => j !== i && q.length > r.length && q.startsWith(`${r} → `)));
  const crumbs = breadcrumbs(map);
  // Each screen's lines and cost once; only which screens fit changes from one fill to the next.
  const blocks = views.map(({ v }) => {
    const s = screenLines(v, { here: options.here, score, crumb: crumbs.get(v.activity) });
    return { activity: v.activity, lines: s.lines, left: s.left, cost: count(s.lines.join('\n')) + 1 };
  });
  const o = { count, head, budget };
  let room = budget;
  let r = fill(blocks, { ...o, room });
  // The line that states the cut is part of the budget, and a text's tokens are not quite the sum of its
  // parts' (a tokenizer merges across line breaks): take the overshoot, and a little more each time, off the
  // room the screens may fill, until the whole text is within the budget (or no screen is left to cut).
  for (let i = 0; r.tokens > budget && r.shown.length > 0; i++) {
    room -= r.tokens - budget + i * 8;
    r = fill(blocks, { ...o, room });
  }
  return r;
}

interface Block {
  activity: string;
  lines: string[];
  /** Controls the screen left out (its per-screen cap). */
  left: number;
  cost: number;
}

interface Fill {
  count: (text: string) => number;
  /** Lines before the screens (the task's routes). */
  head: readonly string[];
  /** Tokens the screens may take. */
  room: number;
  budget: number;
}

function fill(blocks: readonly Block[], o: Fill): MapText {
  const { count, budget } = o;
  const lines: string[] = [...o.head];
  const shown: string[] = [];
  const cut: string[] = [];
  let cutControls = 0;
  let used = o.head.length === 0 ? 0 : count(o.head.join('\n')) + 1;
  for (const b of blocks) {
    if (used + b.cost > o.room) {
      cut.push(b.activity);
      continue;
    }
    used += b.cost;
    lines.push(...b.lines);
    shown.push(b.activity);
    cutControls += b.left;
  }
  if (cut.length > 0) {
    const names = cut.map(simple);
    lines.push(
      `[cut at the budget of ${budget} tokens: ${cut.length} more screen${cut.length === 1 ? '' : 's'} — ${names.slice(0, 12).join(', ')}${names.length > 12 ? ', …' : ''}]`,
    );
  }
  const text = lines.join('\n');
  return { text, tokens: count(text), shown, cut, cutControls };
}
