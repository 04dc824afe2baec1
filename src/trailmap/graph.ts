/**
 * The trailmap as a graph: which waypoints can be trusted (their capture satisfies their own selectors: published
 * capture sets have mismatches), and the shortest chains of shortcuts between waypoints. Pure.
 */
import { GlanceError } from '../errors.js';
import type { Platform } from '../hierarchy/model.js';
import { checkWaypoint, type WaypointVerdict } from './match.js';
import type { Shortcut, Trailmap } from './model.js';

export interface Consistency {
  /** Waypoints whose capture satisfies their own required and forbidden selectors, in map order. */
  consistent: string[];
  /** The others, with why: no capture, or the checks that failed on it. */
  inconsistent: Array<{ waypointId: string; reason: 'no capture' | 'selectors'; verdict?: WaypointVerdict }>;
}

/** Checks every waypoint of the platform against its own capture. */
export function waypointConsistency(map: Pick<Trailmap, 'waypoints' | 'captures'>, platform?: Platform): Consistency {
  const out: Consistency = { consistent: [], inconsistent: [] };
  for (const w of map.waypoints) {
    if (platform !== undefined && w.platform !== platform) continue;
    const c = map.captures.get(w.id);
    if (c === undefined) {
      out.inconsistent.push({ waypointId: w.id, reason: 'no capture' });
      continue;
    }
    const verdict = checkWaypoint(c.dump, w);
    if (verdict.ok) out.consistent.push(w.id);
    else out.inconsistent.push({ waypointId: w.id, reason: 'selectors', verdict });
  }
  return out;
}

export interface RouteOptions {
  /** Only waypoints in this set may be passed through or reached (default: any). */
  through?: ReadonlySet<string>;
  /** Longest chain considered (default: unlimited). */
  maxHops?: number;
}

/**
 * Hop counts from `from` to every waypoint reachable along shortcuts (breadth first, shortcuts in file order), with
 * the shortcut that reached each one first.
 */
export function reachable(
  map: Pick<Trailmap, 'shortcuts'>,
  from: string,
  o: RouteOptions = {},
): Map<string, { hops: number; via?: Shortcut }> {
  const seen = new Map<string, { hops: number; via?: Shortcut }>([[from, { hops: 0 }]]);
  const allowed = (w: string): boolean => o.through === undefined || o.through.has(w);
  let frontier = [from];
  for (let hops = 1; frontier.length > 0 && (o.maxHops === undefined || hops <= o.maxHops); hops++) {
    const next: string[] = [];
    for (const w of frontier) {
      for (const s of map.shortcuts) {
        if (s.from !== w || seen.has(s.to) || !allowed(s.to)) continue;
        seen.set(s.to, { hops, via: s });
        next.push(s.to);
      }
    }
    frontier = next;
  }
  return seen;
}

/** The shortest chain of shortcuts from one waypoint to another ([] when equal), or undefined when none. */
export function shortestRoute(map: Pick<Trailmap, 'shortcuts'>, from: string, to: string, o: RouteOptions = {}): Shortcut[] | undefined {
  const r = reachable(map, from, o);
  if (!r.has(to)) return undefined;
  const out: Shortcut[] = [];
  for (let at = to; at !== from;) {
    const via = r.get(at)!.via!;
    out.unshift(via);
    at = via.from;
  }
  return out;
}

/** The default first screen: the waypoint most shortcuts leave from (a map's hub), among those with a capture. */
export function defaultStart(map: Pick<Trailmap, 'shortcuts' | 'captures' | 'dir'>): string {
  const out = new Map<string, number>();
  for (const s of map.shortcuts) if (map.captures.has(s.from)) out.set(s.from, (out.get(s.from) ?? 0) + 1);
  const best = [...out].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? [...map.captures.keys()][0];
  if (best === undefined)
    throw new GlanceError('TRAILMAP_INVALID', `no captures in ${map.dir}`, { hint: 'a trailmap needs captures/*.json' });
  return best;
}
