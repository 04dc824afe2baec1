/**
 * The handlers of uimap_build and uimap_path, loaded on first call: building a map pulls in tree-sitter and the
 * APK reader, and enrichment the model SDK.
 */
import { readFile, stat } from 'node:fs/promises';
import { fileError, GlanceError, isGlanceError } from '../errors.js';
import type { ToolContext, ToolResult } from '../tools/registry.js';
import {
  actionText,
  findPaths,
  findPathsByText,
  hiddenTransitions,
  layoutMap,
  mapApk,
  mapDirectory,
  renderHidden,
  renderMapHtml,
  renderRoute,
  routeActions,
} from '../uimap/index.js';
import type { MapProgress, UiMap, UiPath } from '../uimap/index.js';
import type { MapBuildInput } from './map-tools.js';

const PHASES: Record<MapProgress['phase'], string> = { read: 'reading', resources: 'resources', code: 'code', resolve: 'resolving' };

/** APKs of real apps run to a few hundred MiB; anything past this is not one. */
const MAX_APK_BYTES = 1024 * 1024 * 1024;

async function readApk(file: string, shown: string): Promise<Uint8Array> {
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new GlanceError('USAGE', `${shown} is not a file`, { hint: 'name an .apk file or a source folder' });
    if (st.size > MAX_APK_BYTES)
      throw new GlanceError('INPUT_TOO_LARGE', `${shown} is larger than ${MAX_APK_BYTES / 1024 ** 3} GiB`, { hint: 'name an app package' });
    return await readFile(file);
  } catch (e) {
    throw fileError(e, shown);
  }
}

const resolved = (ctx: ToolContext, p: string): Promise<string> => ctx.allowPath?.(p, 'read') ?? Promise.resolve(p);

async function build(input: MapBuildInput, ctx: ToolContext): Promise<UiMap> {
  const onProgress = (p: MapProgress): void =>
    ctx.progress?.({ progress: p.done, total: p.total, message: PHASES[p.phase], transient: true });
  const src = await resolved(ctx, input.source);
  if (input.source.toLowerCase().endsWith('.apk')) return mapApk(await readApk(src, input.source), { onProgress });
  const libs = await Promise.all((input.lib ?? []).map((l) => resolved(ctx, l)));
  return mapDirectory(src, { libs, onProgress });
}

/** `map.json` → `map.enrich.json`: the model's answers are kept beside the map they describe. */
export function enrichCachePath(mapFile: string): string {
  return `${mapFile.replace(/\.json$/i, '')}.enrich.json`;
}

/** The model's summaries and effects, asked only for screens the cache beside the map has no answer for. */
async function enrich(map: UiMap, mapFile: string, model: string | undefined, ctx: ToolContext): Promise<{ map: UiMap; note: string }> {
  // Loaded only here: the model SDK is not needed to map an app.
  const { chooseLocalModel, MODEL_FORMS } = await import('./providers/index.js');
  const { enrichMap, parseEnrichCache } = await import('./map-enrich.js');
  const env = ctx.env ?? process.env;
  const provider = chooseLocalModel(model ?? env['GLANCE_MODEL'], env);
  if (provider === undefined)
    throw new GlanceError('MODEL_NOT_CONFIGURED', 'enrich needs a model', { hint: `give --model ${MODEL_FORMS} (or set GLANCE_MODEL)` });
  const cacheFile = enrichCachePath(mapFile);
  let text: string | undefined;
  try {
    text = await ctx.readFile(cacheFile);
  } catch (e) {
    if (!isGlanceError(e, 'FILE_NOT_FOUND') && (e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const cache = text === undefined ? undefined : parseEnrichCache(text);
  const r = await enrichMap(map, provider, { ...(cache === undefined ? {} : { cache }), signal: ctx.signal });
  await ctx.writeFile(cacheFile, `${JSON.stringify(r.cache, null, 1)}\n`);
  const tokens = r.calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0);
  const stale = text !== undefined && cache === undefined ? ` (${cacheFile} was not an enrichment cache: asked again)` : '';
  return {
    map: r.map,
    note: `; enriched by ${provider.name}: ${r.asked} screens asked (${tokens} tokens), ${r.reused} from ${cacheFile}${stale}`,
  };
}

export async function buildHandler(input: MapBuildInput, ctx: ToolContext): Promise<ToolResult> {
  const started = performance.now();
  let map = await build(input, ctx);
  if (input.text === true) {
    // What the planner's prompt shows of this map (Planner.mapText), for the task given.
    const [{ Planner }, { o200kCounter }] = await Promise.all([import('./planner.js'), import('./policies/map-text.js')]);
    const t = new Planner(map).mapText(input.task ?? '', undefined, { budget: input.budget, count: await o200kCounter() });
    const note = `${t.shown.length} screens, ${t.tokens} o200k tokens${t.cut.length === 0 ? '' : `, ${t.cut.length} screens cut`}`;
    return { text: `${t.text}\n\n(${note})`, data: { ...t, note } };
  }
  if (input.hidden === true) {
    // What the analysis could not tie to a control, or could not follow, grouped by kind.
    const groups = hiddenTransitions(map);
    return { text: renderHidden(groups), data: { package: map.package, hidden: groups } };
  }
  let enriched = '';
  if (input.enrich === true && input.out !== undefined) {
    const r = await enrich(map, input.out, input.model, ctx);
    map = r.map;
    enriched = r.note;
  }
  if (input.out !== undefined) await ctx.writeFile(input.out, `${JSON.stringify(map, null, 2)}\n`);
  if (input.html !== undefined) await ctx.writeFile(input.html, renderMapHtml(map, await layoutMap(map)));
  const ms = Math.round(performance.now() - started);
  const s = map.stats;
  const summary = `mapped ${map.package}: ${s.activities} activities, ${s.transitions} transitions, ${s.elements} elements from ${s.sourceFiles} source files in ${ms} ms${enriched}`;
  const warnings = map.warnings.map((w) => `warning ${w.code} ×${w.count}: ${w.examples.join(', ')}`);
  return {
    text: [summary, ...warnings].join('\n'),
    data: {
      package: map.package,
      stats: s,
      warnings: map.warnings,
      ms,
      ...(input.out === undefined ? { map } : { json: input.out }),
      ...(input.html === undefined ? {} : { html: input.html }),
    },
  };
}

function short(name: string): string {
  return name.split('.').at(-1) ?? name;
}

/** A path as the controls to act on: a heading, the route in one line, then each step with its trigger's id. */
function describePath(map: UiMap, p: UiPath): string {
  const lines = [
    `${short(p.activity)} (${p.activity}) in ${p.steps.length} step${p.steps.length === 1 ? '' : 's'}:`,
    `  ${renderRoute(map, p)}`,
  ];
  routeActions(map, p).forEach((a, i) => {
    const t = p.steps[i]?.trigger;
    const id = t?.element === undefined ? '' : ` [${t.kind} ${t.element}]`;
    lines.push(`  ${i + 1}. on ${short(a.from)}: ${actionText(a)}${id} → ${short(a.to)}${a.back === true ? ' (back)' : ''}`);
  });
  return lines.join('\n');
}

async function readMap(file: string, ctx: ToolContext): Promise<UiMap> {
  const text = await ctx.readFile(file);
  try {
    const map = JSON.parse(text) as UiMap;
    if (!Array.isArray(map.activities) || !Array.isArray(map.transitions)) throw new Error('not a UI map');
    return map;
  } catch (e) {
    throw new GlanceError('MAP_SOURCE_INVALID', `cannot read UI map ${file}: ${e instanceof Error ? e.message : String(e)}`, {
      hint: "a UI Map file is what a map build writes from the app's source or APK",
      next: { tool: 'uimap_build', help: true },
      cause: e,
    });
  }
}

export async function pathHandler(
  input: { map: string; to?: string | undefined; text?: string | undefined; from?: string | undefined; json?: boolean | undefined },
  ctx: ToolContext,
): Promise<ToolResult> {
  const { to, text, from } = input;
  if ((to === undefined) === (text === undefined))
    throw new GlanceError('USAGE', 'a route needs one of to (a screen or element id) or text (words on the element)', {
      hint: 'give one of them, not both',
      next: { tool: 'uimap_path', help: true },
    });
  const map = await readMap(input.map, ctx);
  const opts = from === undefined ? {} : { from };
  const paths = to !== undefined ? findPaths(map, to, opts) : findPathsByText(map, text ?? '', opts);
  if (paths.length === 0) {
    throw new GlanceError('ELEMENT_NOT_FOUND', `no path to ${to ?? `an element matching "${text ?? ''}"`}`, {
      hint: 'give a fully qualified or simple activity name, an element id listed in the map, or --text with words shown on screen',
      context: to === undefined ? { text } : { to },
    });
  }
  // Each path with its route in words and the actions it takes, beside the steps as the map has them.
  const withRoutes = paths.map((p) => ({ ...p, route: renderRoute(map, p), actions: routeActions(map, p) }));
  const words = paths.map((p) => describePath(map, p)).join('\n');
  return { text: input.json === true ? JSON.stringify(withRoutes, null, 2) : words, data: { paths: withRoutes } };
}
