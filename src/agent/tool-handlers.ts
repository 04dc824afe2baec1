/** The agent tools' handlers, loaded on first call so that offering the tools costs no map or agent code. */
import type { ToolContext, ToolResult } from '../tools/registry.js';
import { findPaths, type MapActivity, type UiMap, type UiPath } from '../uimap/index.js';
import { renderOverview, renderScreen, renderSearch, searchMap, simple } from './map-query.js';
import { loadMap, type MapSpec } from './maps.js';
import { navigateOrFail } from './navigate.js';
import { Planner } from './planner.js';
import { makePolicy } from './policies/index.js';
import { parseTrajectory, ReplayPolicy } from './policies/replay.js';
import { runFiles, runLive, usageOf } from './run.js';
import { chooseLocalModel, chooseProvider } from './providers/index.js';
import { GlanceError } from '../errors.js';
import type { Trajectory, TrajectoryStep } from './types.js';
import { LiveWorld } from './world.js';

export interface MapInput {
  map?: string | undefined;
  src?: string | undefined;
  lib?: string[] | undefined;
}

/**
 * The map the params name. Under a path guard (MCP) the source folders must be allowed themselves and every file
 * of the tree is checked as it is read, so a link or a settings.gradle project folder cannot lead outside. A
 * front-end that caches built maps (ctx.cacheDir: the CLI) confines nothing: its paths only get resolved.
 */
async function spec(input: MapInput, ctx: ToolContext): Promise<MapSpec> {
  const map = input.map === undefined ? {} : { map: input.map };
  const allowPath = ctx.allowPath;
  if (allowPath === undefined || input.src === undefined)
    return { ...map, ...(input.src === undefined ? {} : { src: input.src }), ...(input.lib === undefined ? {} : { libs: input.lib }) };
  const src = await allowPath(input.src, 'read');
  const libs = await Promise.all((input.lib ?? []).map((l) => allowPath(l, 'read')));
  if (ctx.cacheDir !== undefined) return { ...map, src, libs };
  return {
    ...map,
    src,
    libs,
    allow: (p) =>
      allowPath(p, 'read').then(
        () => true,
        () => false,
      ),
  };
}

/** The map of a spec, built maps cached where the front-end keeps them. */
const mapOf = (s: MapSpec, ctx: ToolContext): Promise<UiMap> => loadMap(s, ctx.readFile, s.allow === undefined ? ctx.cacheDir : undefined);

export async function navigateHandler(
  input: MapInput & { target: string; maxSteps?: number | undefined },
  ctx: ToolContext,
): Promise<ToolResult> {
  const planner = new Planner(await mapOf(await spec(input, ctx), ctx));
  const world = new LiveWorld(ctx, { task: `go to ${input.target}` });
  const r = await navigateOrFail(world, planner, input.target, {
    signal: ctx.signal,
    ...(input.maxSteps === undefined ? {} : { maxSteps: input.maxSteps }),
  });
  const lines = [`reached ${input.target} on ${simple(r.activity)} in ${r.steps.length} step${r.steps.length === 1 ? '' : 's'}`];
  r.steps.forEach((s, i) =>
    lines.push(`  ${i + 1}. on ${simple(s.from)}: ${s.action.kind}${s.label === undefined ? '' : ` "${s.label}"`} (${s.why})`),
  );
  if (r.element !== undefined)
    lines.push(`target on screen: ${r.element.ref} ${JSON.stringify(r.element.text ?? r.element.desc ?? r.element.id ?? '')}`);
  // The landed screen, so the next action can use its refs without another snapshot.
  const { screen, ...data } = r;
  if (screen !== undefined) lines.push('screen now:', screen.trimEnd());
  return { text: lines.join('\n'), data: { ...data } };
}

function outcomeText(t: Trajectory): string {
  const lines = [`${t.outcome}: ${t.task}${t.reason === undefined ? '' : ` (${t.reason})`}`];
  const u = usageOf(t);
  if (u.calls > 0)
    lines.push(
      `  ${t.policy}: ${u.calls} model call${u.calls === 1 ? '' : 's'}${u.replayed > 0 ? ` (${u.replayed} from the cassette)` : ''}, ${u.inputTokens} tokens in, ${u.outputTokens} out, $${u.costUsd.toFixed(4)}`,
    );
  if (u.local !== undefined)
    lines.push(
      `  local model (on this machine): ${u.local.calls} call${u.local.calls === 1 ? '' : 's'}, ${u.local.inputTokens} tokens in, ${u.local.outputTokens} out`,
    );
  if (t.privacy !== undefined)
    lines.push(
      `  privacy: sent ${t.privacy.sent.elements} of ${t.privacy.sent.elements + t.privacy.withheld.elements} elements (${Math.round(100 * t.privacy.elementReduction)}% withheld)`,
    );
  for (const s of t.steps) {
    const a = s.decision.action;
    lines.push(
      `  ${s.step + 1}. ${a.kind}${a.target === undefined ? '' : ` ${a.target}`}${a.text === undefined ? '' : ` ${JSON.stringify(a.text)}`} — ${s.decision.reason ?? ''}`,
    );
  }
  return lines.join('\n');
}

export interface RunInput extends MapInput {
  task: string;
  policy?: 'heuristic' | 'compass' | 'single' | undefined;
  model?: string | undefined;
  privacy?: boolean | undefined;
  localModel?: string | undefined;
  cassette?: string | undefined;
  replay?: string | undefined;
  app?: string | undefined;
  launch?: boolean | undefined;
  maxSteps?: number | undefined;
  yes?: boolean | undefined;
  out?: string | undefined;
}

function progressLine(s: TrajectoryStep): string {
  const a = s.decision.action;
  const what = `${a.kind}${a.target === undefined ? '' : ` ${a.target}`}${a.text === undefined ? '' : ` ${JSON.stringify(a.text)}`}`;
  const why = s.decision.instruction ?? s.decision.reason;
  return `${what}${why === undefined ? '' : ` — ${why}`}`;
}

export async function runHandler(input: RunInput, ctx: ToolContext): Promise<ToolResult> {
  // A refused output folder fails before the run, not after its steps are spent.
  if (input.out !== undefined) await ctx.allowPath?.(input.out, 'write');
  const s = await spec(input, ctx);
  const map: UiMap | undefined = s.map === undefined && s.src === undefined ? undefined : await mapOf(s, ctx);
  const provider = await chooseProvider(
    { model: input.model, cassette: input.cassette, env: ctx.env ?? process.env },
    { readFile: ctx.readFile, writeFile: ctx.writeFile },
  );
  if (input.localModel !== undefined && input.privacy !== true)
    throw new GlanceError('USAGE', 'a local model works on the device side of privacy mode', {
      hint: 'add privacy (--privacy), or drop the local model',
    });
  const local = chooseLocalModel(input.localModel, ctx.env ?? process.env);
  const name = input.policy ?? (provider === undefined ? (input.replay === undefined ? 'heuristic' : undefined) : 'compass');
  if (input.privacy === true && (name === 'heuristic' || name === undefined))
    throw new GlanceError('USAGE', 'privacy applies to the model policies (compass, single): the heuristic policy sends nothing anywhere', {
      hint: 'drop privacy, or choose the compass or single policy with a model',
    });
  const chosen =
    name === undefined
      ? undefined
      : makePolicy(name, {
          ...(map === undefined ? {} : { map }),
          ...(provider === undefined ? {} : { provider }),
          ...(input.privacy === true ? { privacy: true } : {}),
          ...(local === undefined ? {} : { local }),
        });
  // A replay repeats the recorded steps while the screens match; the chosen policy (if any) takes over after.
  const policy =
    input.replay === undefined ? chosen! : new ReplayPolicy(parseTrajectory(await ctx.readFile(input.replay), input.replay).steps, chosen);
  const progress = ctx.progress;
  const r = await runLive(ctx, {
    task: input.task,
    policy,
    screenshots: input.out !== undefined,
    ...(input.app === undefined ? {} : { app: input.app }),
    ...(map === undefined ? {} : { mapPackage: map.package }),
    ...(input.launch === undefined ? {} : { launch: input.launch }),
    ...(input.maxSteps === undefined ? {} : { maxSteps: input.maxSteps }),
    ...(input.yes === undefined ? {} : { yes: input.yes }),
    ...(progress === undefined
      ? {}
      : { onStep: (st: TrajectoryStep, budget: number) => progress({ progress: st.step + 1, total: budget, message: progressLine(st) }) }),
  });
  if (input.out !== undefined) {
    const files = runFiles(r);
    await ctx.makeDir?.(input.out);
    await ctx.writeFile(`${input.out}/trajectory.jsonl`, files.jsonl);
    await ctx.writeFile(`${input.out}/report.html`, files.html);
  }
  const t = r.trajectory;
  const usage = usageOf(t);
  const data = {
    outcome: t.outcome,
    reason: t.reason,
    policy: t.policy,
    steps: t.steps.map((x) => ({ step: x.step, action: x.decision.action, reason: x.decision.reason, ok: x.result?.ok })),
    seconds: t.seconds,
    ...(t.budget === undefined ? {} : { budget: t.budget }),
    ...(usage.calls === 0 && usage.local === undefined ? {} : { model: provider?.name, usage }),
    ...(local === undefined ? {} : { localModel: local.name }),
    ...(t.privacy === undefined ? {} : { privacy: t.privacy }),
    ...(input.out === undefined ? {} : { trajectory: `${input.out}/trajectory.jsonl`, report: `${input.out}/report.html` }),
  };
  return { text: outcomeText(t), data, ...(t.outcome === 'done' ? {} : { exitCode: 1 }) };
}

export async function mapHandler(
  input: MapInput & { query?: string | undefined; screen?: string | undefined; limit?: number | undefined },
  ctx: ToolContext,
): Promise<ToolResult> {
  const map = await mapOf(await spec(input, ctx), ctx);
  const planner = new Planner(map);
  if (input.screen !== undefined) {
    const name = planner.activity(input.screen);
    const a = map.activities.find((x) => x.name === name);
    if (a === undefined)
      throw new GlanceError('ELEMENT_NOT_FOUND', `no screen "${input.screen}" on the map of ${map.package}`, {
        hint: `screens: ${map.activities.map((x) => simple(x.name)).join(', ')}`,
        next: { tool: 'app_map' },
        context: { screen: input.screen },
      });
    return { text: renderScreen(map, a), data: { package: map.package, screen: a.name, controls: elementsCount(a) } };
  }
  if (input.query === undefined) return { text: renderOverview(map), data: { package: map.package, stats: map.stats } };
  const found = searchMap(map, input.query);
  const routes = new Map<string, UiPath | undefined>();
  const routed = found.hits.map((hit) => {
    if (!routes.has(hit.activity)) routes.set(hit.activity, findPaths(map, hit.activity)[0]);
    const path = routes.get(hit.activity);
    return { hit, path: path === undefined ? undefined : { ...path, target: hit.target } };
  });
  const limit = input.limit ?? 10;
  const paths = routed.flatMap((r) => (r.path === undefined ? [] : [r.path]));
  return {
    text: renderSearch(planner, { ...found, query: input.query, routed }, limit),
    data: { query: input.query, complete: found.complete, screens: found.screens, paths: paths.slice(0, limit) },
  };
}

const elementsCount = (a: MapActivity): number =>
  a.elements.length + [...a.fragments, ...a.dialogs, ...a.menus].reduce((n, p) => n + p.elements.length, 0);
