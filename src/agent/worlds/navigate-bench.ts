/**
 * The navigation benchmark on a trailmap: for every ordered pair of consistent waypoints (their capture satisfies
 * their own selectors) where the target is reachable within N shortcuts through consistent waypoints, start the
 * trailmap world at the source and drive it to the target: with `goto` (the built-in navigator), or with an agent
 * policy through the agent loop (`oracle` replays the shortest chain of shortcuts as performed on the world,
 * `random`, `heuristic` with the trailmap as its UI Map; the task reads "go to the … screen"). Success: the final
 * screen satisfies the target's required selectors and none of its forbidden ones (and an agent declared done
 * there). SPL weighs each success by shortest / taken path length.
 */
import type { Trailmap } from '../../trailmap/index.js';
import { reachable, shortestRoute, waypointConsistency } from '../../trailmap/index.js';
import { runTask } from '../loop.js';
import { makePolicy } from '../policies/index.js';
import { navigateTrailmap, TrailmapPlanner } from './trailmap-nav.js';
import { openTrailmapDevice, TrailmapTaskWorld } from './trailmap.js';

/** Who drives: the built-in navigator, or a no-model agent policy. */
export const NAVIGATE_POLICIES = ['goto', 'oracle', 'random', 'heuristic'] as const;
export type NavigatePolicy = (typeof NAVIGATE_POLICIES)[number];

export function isNavigatePolicy(s: string): s is NavigatePolicy {
  return (NAVIGATE_POLICIES as readonly string[]).includes(s);
}

export interface NavigateBenchOptions {
  /** Default goto. */
  policy?: NavigatePolicy;
  /** Longest shortest path between a pair (default 4). */
  maxHops?: number;
  signal?: AbortSignal;
  onPair?: (from: string, to: string) => void;
}

export interface NavigatePair {
  from: string;
  to: string;
  optimal: number;
  steps: number;
  success: boolean;
  /** An agent declared done on a screen that is not the target. */
  prematureStop?: boolean;
  reason?: string;
}

export interface NavigateBenchReport {
  trailmap: string;
  policy: NavigatePolicy;
  platform: string;
  maxHops: number;
  waypoints: number;
  consistent: number;
  /** Waypoints left out: no capture, or the required (missing) and forbidden (present) checks that failed on it. */
  inconsistent: Array<{ waypoint: string; missing: string[]; present: string[] }>;
  pairs: number;
  success: number;
  sr: number;
  /** Mean actions taken and mean shortest path, over all pairs. */
  meanSteps: number;
  meanOptimal: number;
  spl: number;
  /** Agents only: done declared on a screen that is not the target, over all pairs. */
  prematureStops: number;
  seconds: number;
  failures: Array<{ from: string; to: string; reason: string }>;
  results: NavigatePair[];
}

const mean = (xs: readonly number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

export async function runNavigateBench(map: Trailmap, o: NavigateBenchOptions = {}): Promise<NavigateBenchReport> {
  const started = performance.now();
  const maxHops = o.maxHops ?? 4;
  const policy = o.policy ?? 'goto';
  const served = await openTrailmapDevice(map);
  const signal = o.signal ?? new AbortController().signal;
  const consistency = waypointConsistency(map, served.platform);
  const only = new Set(consistency.consistent);
  const tp = new TrailmapPlanner(map, { only });
  const results: NavigatePair[] = [];
  try {
    for (const from of consistency.consistent) {
      for (const [to, { hops }] of reachable(map, from, { through: only, maxHops })) {
        if (to === from) continue;
        o.onPair?.(from, to);
        const pair = { from, to, optimal: hops };
        const on: Bench = { map, served, tp, signal };
        results.push(policy === 'goto' ? await byGoto(on, pair) : await byAgent(on, policy, pair));
      }
    }
  } finally {
    await served.close();
  }
  const success = results.filter((r) => r.success).length;
  return {
    trailmap: map.name ?? map.dir,
    policy,
    platform: served.platform,
    maxHops,
    waypoints: new Set(map.waypoints.filter((w) => w.platform === served.platform).map((w) => w.id)).size,
    consistent: consistency.consistent.length,
    inconsistent: consistency.inconsistent.map((i) => ({
      waypoint: i.waypointId,
      missing: i.reason === 'no capture' ? ['(no capture)'] : (i.verdict?.missing.map((c) => c.description) ?? []),
      present: i.verdict?.present.map((c) => c.description) ?? [],
    })),
    pairs: results.length,
    success,
    sr: results.length === 0 ? 0 : success / results.length,
    meanSteps: mean(results.map((r) => r.steps)),
    meanOptimal: mean(results.map((r) => r.optimal)),
    spl: mean(results.map((r) => (r.success ? r.optimal / Math.max(r.steps, r.optimal) : 0))),
    prematureStops: results.length === 0 ? 0 : results.filter((r) => r.prematureStop === true).length / results.length,
    seconds: (performance.now() - started) / 1000,
    failures: results.filter((r) => !r.success).map((r) => ({ from: r.from, to: r.to, reason: r.reason! })),
    results,
  };
}

/** What every pair runs on: the trailmap, its served device, the planner over its consistent waypoints. */
interface Bench {
  map: Trailmap;
  served: Awaited<ReturnType<typeof openTrailmapDevice>>;
  tp: TrailmapPlanner;
  signal: AbortSignal;
}
type Pair = Pick<NavigatePair, 'from' | 'to' | 'optimal'>;

async function byGoto({ map, served, tp, signal }: Bench, p: Pair): Promise<NavigatePair> {
  const world = new TrailmapTaskWorld(map, served, { from: p.from, to: p.to, budget: 2 * p.optimal + 3 }, signal);
  await world.reset();
  const nav = await navigateTrailmap(world, tp, p.to, { maxSteps: world.budget, signal });
  const success = await world.atTarget();
  const r: NavigatePair = { ...p, steps: nav.steps.length, success };
  if (!success) r.reason = nav.reason ?? 'navigation ended on a screen that is not the target';
  return r;
}

async function byAgent({ map, served, tp, signal }: Bench, policy: Exclude<NavigatePolicy, 'goto'>, p: Pair): Promise<NavigatePair> {
  const route = policy === 'oracle' ? shortestRoute(map, p.from, p.to, { through: tp.waypointIds }) : undefined;
  const world = new TrailmapTaskWorld(
    map,
    served,
    {
      from: p.from,
      to: p.to,
      budget: 2 * p.optimal + 3,
      ...(route === undefined ? {} : { route }),
      ...(policy === 'heuristic' ? { planner: tp } : {}),
    },
    signal,
  );
  const agent = makePolicy(policy, policy === 'heuristic' ? { map: tp.planner.map } : {});
  const t = await runTask(world, agent, { signal });
  const at = await world.atTarget();
  const steps = t.steps.filter((s) => s.result !== undefined).length;
  const r: NavigatePair = { ...p, steps, success: at && t.outcome === 'done' };
  if (t.outcome === 'done' && !at) r.prematureStop = true;
  if (!r.success) {
    r.reason =
      world.unreplayable !== undefined
        ? `unreplayable: ${world.unreplayable}`
        : at
          ? `on the target but ended by ${t.outcome}${t.reason === undefined ? '' : `: ${t.reason}`}`
          : `ended by ${t.outcome} on a screen that is not the target${t.reason === undefined ? '' : ` (${t.reason})`}`;
  }
  return r;
}

/** The report as text: the figures, the failures, the waypoints left out. */
export function renderNavigateText(r: NavigateBenchReport): string {
  const lines = [
    `${r.policy} over ${r.trailmap} (${r.platform}): ${r.waypoints} waypoints, ${r.consistent} consistent; ${r.pairs} pairs ≤ ${r.maxHops} shortcuts apart`,
    `SR ${r.sr.toFixed(3)} (${r.success}/${r.pairs})  SPL ${r.spl.toFixed(3)}  steps ${r.meanSteps.toFixed(2)} (shortest ${r.meanOptimal.toFixed(2)})` +
      `${r.policy === 'goto' ? '' : `  premature stops ${r.prematureStops.toFixed(3)}`}  ${r.seconds.toFixed(1)} s`,
  ];
  if (r.failures.length > 0) lines.push('failures:', ...r.failures.map((f) => `  ${f.from} → ${f.to}: ${f.reason}`));
  if (r.inconsistent.length > 0) {
    lines.push(`left out (capture does not satisfy its own waypoint): ${r.inconsistent.length}`);
    for (const i of r.inconsistent) {
      const why = [...i.missing.map((m) => `missing ${m}`), ...i.present.map((p) => `present ${p}`)].join('; ');
      lines.push(`  ${i.waypoint}: ${why}`);
    }
  }
  return lines.join('\n');
}
