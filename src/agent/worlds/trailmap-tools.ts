/**
 * Trailmap tools' handlers: which waypoint(s) the screen in front satisfies (or the list of waypoints), and `goto` over a
 * trailmap. Loaded on first call, like the other agent tools.
 */
import { parseDump } from '../../hierarchy/parse.js';
import { checkWaypoint, loadTrailmap, shortcutsFrom, waypointConsistency, type Trailmap } from '../../trailmap/index.js';
import type { ToolContext, ToolResult } from '../../tools/registry.js';
import { LiveWorld } from '../world.js';
import { navigateTrailmapOrFail, TrailmapPlanner } from './trailmap-nav.js';

/** The trailmap folder a call names, where the context allows reading it (the MCP server confines paths). */
async function loadAllowed(dir: string, ctx: ToolContext): Promise<Trailmap> {
  return loadTrailmap(ctx.allowPath === undefined ? dir : await ctx.allowPath(dir, 'read'));
}

/** `trailmap_waypoint`: the waypoint list, or the waypoint(s) the screen satisfies. */
export async function waypointHandler(input: { trailmap: string; list?: boolean | undefined }, ctx: ToolContext): Promise<ToolResult> {
  const map = await loadAllowed(input.trailmap, ctx);
  return input.list === true ? listWaypoints(map) : currentWaypoint(map, ctx);
}

function listWaypoints(map: Trailmap): ToolResult {
  const consistent = new Set(waypointConsistency(map).consistent);
  const rows = [...new Set(map.waypoints.map((w) => w.id))].map((id) => ({
    id,
    consistent: consistent.has(id),
    shortcuts: shortcutsFrom(map, id).map((s) => s.to),
  }));
  const lines = [
    `${map.name ?? map.dir}: ${rows.length} waypoints (${consistent.size} satisfied by their own capture), ${map.shortcuts.length} shortcuts`,
  ];
  for (const r of rows)
    lines.push(`${r.id}${r.consistent ? '' : ' (capture mismatch)'}${r.shortcuts.length > 0 ? ` → ${r.shortcuts.join(', ')}` : ''}`);
  return { text: lines.join('\n'), data: { waypoints: rows } };
}

async function currentWaypoint(map: Trailmap, ctx: ToolContext): Promise<ToolResult> {
  const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
  const dump = parseDump(await device.dump({ signal: ctx.signal }));
  const tp = new TrailmapPlanner(map);
  const here = tp.candidates(dump);
  if (here.length > 0) {
    const text = here.length === 1 ? `on ${here[0]}` : `on ${here[0]} (also satisfies ${here.slice(1).join(', ')})`;
    return { text, data: { waypoints: here } };
  }
  const platform = dump.platform ?? 'android';
  const near = map.waypoints
    .filter((w) => w.platform === platform)
    .map((w) => checkWaypoint(dump, w))
    .sort((a, b) => a.missing.length + a.present.length - (b.missing.length + b.present.length))
    .slice(0, 3);
  const lines = ['no waypoint of the trailmap holds on this screen; nearest:'];
  for (const v of near) {
    const why = [...v.missing.map((c) => `missing: ${c.description}`), ...v.present.map((c) => `present: ${c.description}`)];
    lines.push(`  ${v.waypointId}: ${why.join('; ')}`);
  }
  const nearest = near.map((v) => ({
    waypoint: v.waypointId,
    missing: v.missing.map((c) => c.description),
    present: v.present.map((c) => c.description),
  }));
  return { text: lines.join('\n'), data: { waypoints: [], nearest }, exitCode: 1 };
}

/** `app_navigate` with a trailmap: goto a waypoint. */
export async function navigateTrailmapHandler(
  input: { target: string; trailmap: string; maxSteps?: number | undefined },
  ctx: ToolContext,
): Promise<ToolResult> {
  const tp = new TrailmapPlanner(await loadAllowed(input.trailmap, ctx));
  const world = new LiveWorld(ctx, { task: `go to ${input.target}` });
  const r = await navigateTrailmapOrFail(world, tp, input.target, {
    signal: ctx.signal,
    ...(input.maxSteps === undefined ? {} : { maxSteps: input.maxSteps }),
  });
  const lines = [`reached ${r.target} in ${r.steps.length} step${r.steps.length === 1 ? '' : 's'}`];
  r.steps.forEach((s, i) =>
    lines.push(`  ${i + 1}. on ${s.from ?? '?'}: ${s.action.kind}${s.label === undefined ? '' : ` "${s.label}"`} (${s.why})`),
  );
  return { text: lines.join('\n'), data: { ...r } };
}
