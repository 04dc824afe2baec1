/**
 * `glance map SRC_DIR|APP.apk [--lib DIR]… [--json OUT] [--html OUT] [--enrich [--model SPEC]] [--text …|--hidden]` and
 * `glance map path --map MAP.json --to ACTIVITY|ELEMENT_ID [--from ACTIVITY] [--json]`.
 * A thin adapter over src/uimap: parses argv, draws the progress bar (only on a TTY), writes files.
 */
import { readFile, stat, writeFile } from 'node:fs/promises';
import { fileError, readTextFile } from '../files.js';
import { GlanceError } from '../../errors.js';
import {
  actionText,
  hiddenTransitions,
  renderHidden,
  findPaths,
  findPathsByText,
  layoutMap,
  mapApk,
  mapDirectory,
  renderMapHtml,
  renderRoute,
  routeActions,
} from '../../uimap/index.js';
import type { MapProgress, UiMap, UiPath } from '../../uimap/index.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';

export interface MapIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  isTTY: boolean;
  /**
   * The global --json switch (`glance --json map …`, before the verb: after it `--json` is map's own option):
   * print one `{ok, result}` object.
   */
  json?: boolean;
  /** For --enrich: where the model spec and its keys come from, and what cancels the model's calls. */
  env?: Readonly<Record<string, string | undefined>>;
  signal?: AbortSignal;
}

const USAGE = `usage: glance map SRC_DIR|APP.apk [--lib DIR]... [--json OUT|-] [--html OUT] [--enrich [--model SPEC]]
                 [--text [--task TASK] [--budget TOKENS]] [--hidden]
       glance map path --map MAP.json (--to ACTIVITY|ELEMENT_ID | --text TEXT) [--from ACTIVITY] [--json]`;

const PHASES: Record<MapProgress['phase'], string> = { read: 'reading', resources: 'resources', code: 'code', resolve: 'resolving' };
const BAR_WIDTH = 24;

function progressBar(io: MapIO): { update: (p: MapProgress) => void; done: () => void } {
  if (!io.isTTY) return { update: () => undefined, done: () => undefined };
  let last = '';
  return {
    update(p) {
      const frac = p.total === 0 ? 1 : Math.min(1, p.done / p.total);
      const filled = Math.round(frac * BAR_WIDTH);
      const line = `\r[${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${PHASES[p.phase]} ${p.done}/${p.total}`;
      if (line !== last) io.stderr(line.padEnd(60));
      last = line;
    },
    done() {
      if (last !== '') io.stderr(`\r${' '.repeat(60)}\r`);
    },
  };
}

/** APKs of real apps run to a few hundred MiB; anything past this is not one. */
const MAX_APK_BYTES = 1024 * 1024 * 1024;

async function readApk(file: string): Promise<Uint8Array> {
  try {
    const st = await stat(file);
    if (!st.isFile()) throw new GlanceError('USAGE', `${file} is not a file`, { hint: 'name an .apk file or a source folder' });
    if (st.size > MAX_APK_BYTES)
      throw new GlanceError('INPUT_TOO_LARGE', `${file} is larger than ${MAX_APK_BYTES / 1024 ** 3} GiB`, { hint: 'name an app package' });
    return await readFile(file);
  } catch (e) {
    throw fileError(e, file);
  }
}

function usage(message: string): GlanceError {
  return new GlanceError('USAGE', message, { hint: USAGE });
}

async function runMap(argv: string[], io: MapIO): Promise<number> {
  const parsed = parseCommandArgs('map', {
    args: argv,
    allowPositionals: true,
    options: {
      lib: { type: 'string', multiple: true },
      json: { type: 'string' },
      html: { type: 'string' },
      enrich: { type: 'boolean' },
      model: { type: 'string' },
      text: { type: 'boolean' },
      task: { type: 'string' },
      budget: { type: 'string' },
      hidden: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (parsed.values.help === true) {
    io.stdout(renderResult({ text: USAGE }, io.json === true));
    return 0;
  }
  if (parsed.values.hidden === true && parsed.values.text === true) throw usage('--hidden and --text print different reports: give one');
  if ((parsed.values.task !== undefined || parsed.values.budget !== undefined) && parsed.values.text !== true)
    throw usage('--task and --budget shape the planner text: give --text');
  const budget = parsed.values.budget === undefined ? undefined : Number(parsed.values.budget);
  if (budget !== undefined && (!Number.isInteger(budget) || budget < 50 || budget > 200_000))
    throw usage(`--budget takes a whole number of tokens from 50 to 200000, not ${parsed.values.budget ?? ''}`);
  const [src, ...extra] = parsed.positionals;
  if (src === undefined) throw usage('missing SRC_DIR or APP.apk');
  if (extra.length > 0) throw usage(`unexpected argument: ${extra[0]}`);
  const enrichTo = parsed.values.json;
  if (parsed.values.model !== undefined && parsed.values.enrich !== true) throw usage('--model names the model for --enrich');
  if (parsed.values.enrich === true && (enrichTo === undefined || enrichTo === '-'))
    throw usage('--enrich keeps its answers beside the map: give the map a file with --json OUT');
  const bar = progressBar(io);
  const started = performance.now();
  let map: UiMap;
  try {
    map = src.toLowerCase().endsWith('.apk')
      ? mapApk(await readApk(src), { onProgress: bar.update })
      : await mapDirectory(src, { libs: parsed.values.lib ?? [], onProgress: bar.update });
  } finally {
    bar.done();
  }
  let enriched = '';
  if (parsed.values.enrich === true && enrichTo !== undefined) {
    const r = await enrich(map, { mapFile: enrichTo, model: parsed.values.model, io });
    map = r.map;
    enriched = r.note;
  }
  const ms = Math.round(performance.now() - started);
  const { json: out, html } = parsed.values;
  const toStdout = out === undefined || out === '-';
  const pretty = (): string => `${JSON.stringify(map, null, 2)}\n`;
  if (!toStdout) await writeFile(out, pretty());
  if (html !== undefined) await writeFile(html, renderMapHtml(map, await layoutMap(map)));
  if (parsed.values.text === true) {
    // What the planner's prompt shows of this map (Planner.mapText), for the task given.
    const { Planner } = await import('../../agent/planner.js');
    const { o200kCounter } = await import('../../agent/policies/map-text.js');
    const t = new Planner(map).mapText(parsed.values.task ?? '', undefined, { budget, count: await o200kCounter() });
    const note = `${t.shown.length} screens, ${t.tokens} o200k tokens${t.cut.length === 0 ? '' : `, ${t.cut.length} screens cut`}`;
    io.stdout(renderResult({ text: t.text, data: { ...t, note } }, io.json === true));
    io.stderr(`${note}\n`);
    return 0;
  }
  if (parsed.values.hidden === true) {
    // What the analysis could not tie to a control, or could not follow, grouped by kind.
    const groups = hiddenTransitions(map);
    io.stdout(renderResult({ text: renderHidden(groups), data: { package: map.package, hidden: groups } }, io.json === true));
    return 0;
  }
  const s = map.stats;
  const summary = `mapped ${map.package}: ${s.activities} activities, ${s.transitions} transitions, ${s.elements} elements from ${s.sourceFiles} source files in ${ms} ms${enriched}`;
  if (io.json === true) {
    // One object on stdout: the map itself when it has no file of its own, else where it went.
    const data = {
      package: map.package,
      stats: s,
      warnings: map.warnings,
      ms,
      ...(toStdout ? { map } : { json: out }),
      ...(html === undefined ? {} : { html }),
    };
    io.stdout(renderResult({ text: summary, data }, true));
  } else if (toStdout) {
    io.stdout(pretty());
    io.stderr(`${summary}\n`);
  } else io.stdout(`${summary}\n`);
  for (const w of map.warnings) io.stderr(`warning ${w.code} ×${w.count}: ${w.examples.join(', ')}\n`);
  return 0;
}

/** `map.json` → `map.enrich.json`: the model's answers are kept beside the map they describe. */
export function enrichCachePath(mapFile: string): string {
  return `${mapFile.replace(/\.json$/i, '')}.enrich.json`;
}

/** --enrich: the model's summaries and effects, asked only for screens the cache beside the map has no answer for. */
async function enrich(map: UiMap, o: { mapFile: string; model: string | undefined; io: MapIO }): Promise<{ map: UiMap; note: string }> {
  // Loaded only here: the model SDK is not needed to map an app.
  const { chooseLocalModel, MODEL_FORMS } = await import('../../agent/providers/index.js');
  const { enrichMap, parseEnrichCache } = await import('../../agent/map-enrich.js');
  const env = o.io.env ?? {};
  const provider = chooseLocalModel(o.model ?? env['GLANCE_MODEL'], env);
  if (provider === undefined)
    throw new GlanceError('MODEL_NOT_CONFIGURED', '--enrich needs a model', { hint: `give --model ${MODEL_FORMS} (or set GLANCE_MODEL)` });
  const cacheFile = enrichCachePath(o.mapFile);
  let text: string | undefined;
  try {
    text = await readFile(cacheFile, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw fileError(e, cacheFile);
  }
  const cache = text === undefined ? undefined : parseEnrichCache(text);
  if (text !== undefined && cache === undefined) o.io.stderr(`warning: ${cacheFile} is not an enrichment cache; asking again\n`);
  const r = await enrichMap(map, provider, {
    ...(cache === undefined ? {} : { cache }),
    ...(o.io.signal === undefined ? {} : { signal: o.io.signal }),
  });
  await writeFile(cacheFile, `${JSON.stringify(r.cache, null, 1)}\n`);
  const tokens = r.calls.reduce((n, c) => n + c.inputTokens + c.outputTokens, 0);
  return { map: r.map, note: `; enriched by ${provider.name}: ${r.asked} screens asked (${tokens} tokens), ${r.reused} from ${cacheFile}` };
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

async function runPath(argv: string[], io: MapIO): Promise<number> {
  const parsed = parseCommandArgs('map path', {
    args: argv,
    allowPositionals: false,
    options: {
      map: { type: 'string' },
      to: { type: 'string' },
      text: { type: 'string' },
      from: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (parsed.values.help === true) {
    io.stdout(renderResult({ text: USAGE }, io.json === true));
    return 0;
  }
  const { map: mapFile, to, text, from } = parsed.values;
  if (mapFile === undefined || (to === undefined) === (text === undefined))
    throw usage('map path needs --map MAP.json and one of --to TARGET or --text TEXT');
  const mapJson = await readTextFile(mapFile);
  let map: UiMap;
  try {
    map = JSON.parse(mapJson) as UiMap;
    if (!Array.isArray(map.activities) || !Array.isArray(map.transitions)) throw new Error('not a UI map');
  } catch (e) {
    throw new GlanceError('MAP_SOURCE_INVALID', `cannot read UI map ${mapFile}: ${e instanceof Error ? e.message : String(e)}`, {
      hint: 'create one with `glance map SRC_DIR --json MAP.json`',
      cause: e,
    });
  }
  const opts = from === undefined ? {} : { from };
  const paths = to !== undefined ? findPaths(map, to, opts) : findPathsByText(map, text ?? '', opts);
  if (paths.length === 0) {
    throw new GlanceError('ELEMENT_NOT_FOUND', `no path to ${to ?? `an element matching "${text ?? ''}"`}`, {
      hint: 'give a fully qualified or simple activity name, an element id listed in the map, or --text with words shown on screen',
      context: to === undefined ? { text } : { to },
    });
  }
  const described = paths.map((p) => describePath(map, p)).join('\n');
  // Each path with its route in words and the actions it takes, beside the steps as the map has them.
  const withRoutes = paths.map((p) => ({ ...p, route: renderRoute(map, p), actions: routeActions(map, p) }));
  if (io.json === true) io.stdout(renderResult({ text: described, data: { paths: withRoutes } }, true));
  else if (parsed.values.json === true) io.stdout(`${JSON.stringify(withRoutes, null, 2)}\n`);
  else io.stdout(`${described}\n`);
  return 0;
}

/** `glance map …` (argv after the verb); returns the exit code, throws GlanceErrors for main.ts to print. */
export async function mapCommand(argv: string[], io: MapIO): Promise<number> {
  return argv[0] === 'path' ? runPath(argv.slice(1), io) : runMap(argv, io);
}
