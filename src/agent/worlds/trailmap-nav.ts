/**
 * `goto` over a trailmap: each hop reads the screen, names the waypoint it satisfies (the one the last shortcut
 * promised when several hold), plans the shortest path to the target over the trailmap as a UI Map, and performs
 * the first shortcut's tool with the action derived from the screen (a tap on its element, typing, a swipe,
 * BACK). It stops when the screen satisfies the target waypoint, or says why it cannot go on.
 */
import { GlanceError } from '../../errors.js';
import { walk, type UiDump } from '../../hierarchy/model.js';
import { parseDump } from '../../hierarchy/parse.js';
import { actionFor, checkWaypoint, scrollTowards, type Trailmap, type UiAction, type Waypoint } from '../../trailmap/index.js';
import type { NavigateOptions, NavigationResult, NavigationStep } from '../navigate.js';
import { Planner } from '../planner.js';
import type { AgentAction } from '../types.js';
import type { World } from '../world.js';
import { shortcutOf, trailmapToUiMap } from './trailmap-map.js';

export interface TrailmapNavigation extends NavigationResult {
  /** Why navigation stopped short (absent when reached). */
  reason?: string;
}

/** The agent action that performs a trailmap action (points as `X,Y` targets). */
export function agentAction(a: UiAction): AgentAction {
  switch (a.kind) {
    case 'tap':
      return { kind: 'tap', target: `${a.x},${a.y}` };
    case 'longPress':
      return { kind: 'long_press', target: `${a.x},${a.y}` };
    case 'type':
      return { kind: 'type', text: a.text };
    case 'swipe':
      return { kind: 'swipe', direction: a.direction };
    case 'back':
      return { kind: 'back' };
  }
}

/** Waypoint lookup, localisation and routes over one trailmap (optionally restricted to some waypoints). */
export class TrailmapPlanner {
  readonly planner: Planner;
  /** The waypoints planned over (all when not restricted). */
  readonly waypointIds: ReadonlySet<string>;
  private readonly waypoints: Waypoint[];

  constructor(
    readonly map: Trailmap,
    o: { only?: ReadonlySet<string> } = {},
  ) {
    this.planner = new Planner(trailmapToUiMap(map, o.only === undefined ? {} : { only: o.only }));
    this.waypoints = map.waypoints.filter((w) => o.only === undefined || o.only.has(w.id));
    this.waypointIds = new Set(this.waypoints.map((w) => w.id));
  }

  /** The waypoint a name means: its id, the id's last part(s) (`list`, `ios/list`), or a unique part of an id. */
  resolve(name: string): Waypoint {
    const exact = this.waypoints.find((w) => w.id === name);
    if (exact !== undefined) return exact;
    for (const test of [(id: string) => id.endsWith(`/${name}`), (id: string) => id.includes(name)]) {
      const hits = [...new Set(this.waypoints.filter((w) => test(w.id)).map((w) => w.id))];
      if (hits.length === 1) return this.waypoints.find((w) => w.id === hits[0])!;
      if (hits.length > 1) {
        throw new GlanceError(
          'USAGE',
          `"${name}" names ${hits.length} waypoints: ${hits.slice(0, 4).join(', ')}${hits.length > 4 ? '…' : ''}`,
          {
            hint: 'give the whole waypoint id',
            context: { target: name },
          },
        );
      }
    }
    throw new GlanceError('USAGE', `no waypoint "${name}" in the trailmap`, {
      hint: `waypoints: ${this.waypoints
        .slice(0, 6)
        .map((w) => w.id)
        .join(', ')}…`,
      context: { target: name },
    });
  }

  /** Every waypoint (of the screen's platform) the screen satisfies. */
  matches(dump: UiDump): Waypoint[] {
    const platform = dump.platform ?? 'android';
    return this.waypoints.filter((w) => w.platform === platform && checkWaypoint(dump, w).ok);
  }

  /**
   * The waypoints the screen satisfies, likeliest first: the expected one; then the one whose capture shares the
   * most labels with the screen; then the more specific (more checks). Published selectors overlap: a detail
   * screen can satisfy the list's too.
   */
  candidates(dump: UiDump, expected?: string): string[] {
    const here = labels(dump);
    const checks = (w: Waypoint): number => w.required.length + w.forbidden.length;
    const scored = this.matches(dump).map((w) => {
      return { w, expected: w.id === expected, like: jaccard(here, this.captureLabels(w.id)) };
    });
    scored.sort((a, b) => Number(b.expected) - Number(a.expected) || b.like - a.like || checks(b.w) - checks(a.w));
    return [...new Set(scored.map((x) => x.w.id))];
  }

  private readonly labelCache = new Map<string, Set<string>>();

  private captureLabels(id: string): Set<string> {
    let l = this.labelCache.get(id);
    if (l === undefined) {
      const c = this.map.captures.get(id);
      this.labelCache.set(id, (l = c === undefined ? new Set() : labels(c.dump)));
    }
    return l;
  }

  localise(dump: UiDump, expected?: string): string | undefined {
    return this.candidates(dump, expected)[0];
  }
}

function labels(dump: UiDump): Set<string> {
  const out = new Set<string>();
  for (const { node } of walk(dump.roots)) for (const s of [node.text, node.desc, node.id]) if (s !== '') out.add(s);
  return out;
}

function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let both = 0;
  for (const x of a) if (b.has(x)) both++;
  const either = a.size + b.size - both;
  return either === 0 ? 0 : both / either;
}

interface Hop {
  action: AgentAction;
  label?: string;
  why: string;
  to: string;
  /** What it means when this hop repeats on an unchanged screen. */
  stuck: string;
}

/** The next shortcut towards the target and the action that performs it here, or why there is none. */
function nextHop(tp: TrailmapPlanner, dump: UiDump, here: string, target: string): Hop | string {
  const route = tp.planner.route(here, target);
  const step = route?.steps[0];
  if (step === undefined) return `no shortcuts lead from ${here} to ${target}`;
  const shortcut = shortcutOf(tp.map, step);
  if (shortcut === undefined) return `no shortcut for the step ${here} → ${step.to}`;
  const tool = shortcut.tools[0]!;
  const p = tool.params;
  const label = String(p['text'] ?? p['accessibilityText'] ?? '');
  const a = actionFor(tool, dump);
  if (a === undefined) {
    // Laid out beyond the screen: scroll it into view first (the same waypoint, another hop).
    const direction = scrollTowards(tool, dump);
    if (direction === undefined) return `the element of shortcut ${shortcut.id} is not on screen`;
    return {
      action: { kind: 'swipe', direction },
      why: `scroll towards the element of shortcut ${shortcut.id}`,
      to: here,
      stuck: `the element of shortcut ${shortcut.id} lies beyond the screen and scrolling did not bring it into view`,
    };
  }
  return {
    action: agentAction(a),
    why: `shortcut ${shortcut.id}`,
    to: shortcut.to,
    stuck: `shortcut ${shortcut.id} on ${here} did not leave it`,
    ...(label === '' ? {} : { label }),
  };
}

/** Drives `world` to the target waypoint; the result says whether it got there and why not. */
export async function navigateTrailmap(
  world: World,
  tp: TrailmapPlanner,
  target: string,
  opts: NavigateOptions = {},
): Promise<TrailmapNavigation> {
  const goal = tp.resolve(target);
  const max = opts.maxSteps ?? 12;
  const steps: NavigationStep[] = [];
  const seen = new Map<string, number>();
  let expected: string | undefined;
  for (;;) {
    opts.signal?.throwIfAborted();
    const obs = await world.observe();
    const dump = parseDump(obs.dump);
    const candidates = tp.candidates(dump, expected);
    let here = candidates[0];
    const stop = (reason: string): TrailmapNavigation => ({ reached: false, target: goal.id, activity: here, steps, reason });
    if (checkWaypoint(dump, goal).ok) return { reached: true, target: goal.id, activity: goal.id, steps };
    if (steps.length >= max) return stop(`not there after ${max} steps`);
    if (here === undefined) return stop('the screen is no waypoint of the trailmap');
    // The likeliest waypoint first; when no route leaves it, another the screen also satisfies.
    let hop: Hop | string = `no shortcuts lead from ${here} to ${goal.id}`;
    for (const c of candidates) {
      const h = nextHop(tp, dump, c, goal.id);
      if (typeof h !== 'string') {
        [hop, here] = [h, c];
        break;
      }
      if (c === here) hop = h;
    }
    if (typeof hop === 'string') return stop(hop);
    // Keyed on what the screen shows too: a scroll changes it, a loop does not.
    const key = `${here}|${obs.text}|${JSON.stringify(hop.action)}`;
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n >= 3) return stop(hop.stuck);
    const step: NavigationStep = { from: here, action: hop.action, why: hop.why, ...(hop.label === undefined ? {} : { label: hop.label }) };
    steps.push(step);
    opts.onStep?.(step);
    const r = await world.act(hop.action);
    if (!r.ok) return stop(`${hop.why} failed: ${r.diff}`);
    expected = hop.to;
  }
}

/** As navigateTrailmap, but an unreached target is NAVIGATION_FAILED naming the last waypoint and the reason. */
export async function navigateTrailmapOrFail(
  world: World,
  tp: TrailmapPlanner,
  target: string,
  opts: NavigateOptions = {},
): Promise<TrailmapNavigation> {
  const r = await navigateTrailmap(world, tp, target, opts);
  if (r.reached) return r;
  throw new GlanceError('NAVIGATION_FAILED', `could not reach ${r.target}: ${r.reason ?? 'stopped'} (on ${r.activity ?? 'no waypoint'})`, {
    hint: 'check the screen; the waypoint command names the waypoints it satisfies',
    next: { tool: 'trailmap_waypoint' },
    context: { target: r.target, waypoint: r.activity, steps: r.steps.map((s) => `${s.action.kind} ${s.label ?? ''}`.trim()) },
  });
}
