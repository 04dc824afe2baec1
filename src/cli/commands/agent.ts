/**
 * `glance goto TARGET (--map MAP.json | --src DIR [--lib DIR]…) [--max-steps N]` and
 * `glance run "TASK" [--policy heuristic|compass|single] [--model …] [--privacy [--local-model …]] [--cassette FILE] [--map …|--src …]
 * [--app PKG] [--max-steps N] [--yes] [--out DIR]`: thin adapters over the agent's tools (app_navigate, app_run_task). A map built from source is
 * cached under the state folder.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { GlanceError } from '../../errors.js';
import { cachedMapFile } from '../../agent/maps.js';
import { trajectoryOf } from '../../agent/policies/replay.js';
import { renderReportHtml } from '../../agent/report.js';
import { navigateTool, runTaskTool } from '../../agent/tooldefs.js';
import { createDeviceProvider } from '../../device/provider.js';
import { callToolDef } from '../../tools/call.js';
import type { ToolContext, ToolDef } from '../../tools/registry.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';
import { fileSnapshotStore, stateDir } from '../store.js';
import type { CommandIO } from './types.js';

const GOTO_USAGE = 'usage: glance goto TARGET (--map MAP.json | --src DIR [--lib DIR]... | --trailmap DIR) [--max-steps N]';
const RUN_USAGE = `usage: glance run "TASK" [--policy heuristic|compass|single] [--model PROVIDER:MODEL | URL#MODEL]
                  [--privacy [--local-model PROVIDER:MODEL | URL#MODEL]] [--cassette FILE] [--map MAP.json | --src DIR [--lib DIR]...] [--app PKG] [--max-steps N] [--yes] [--out DIR]`;

const REPLAY_USAGE = `usage: glance replay DIR            re-render DIR/report.html from DIR/trajectory.jsonl (or name the .jsonl)
       glance replay DIR --run [--policy P] [--model M] [--cassette FILE] [--app PKG] [--yes] [--out DIR2]
                              repeat the recorded steps on the device while the screens match; from the
                              first that differs the policy decides (without one the run fails there)`;

const mapOptions = {
  map: { type: 'string' },
  src: { type: 'string' },
  lib: { type: 'string', multiple: true },
  'max-steps': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function positiveInt(flag: string, v: string | undefined, usage: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new GlanceError('USAGE', `${flag} takes a positive whole number, got "${v}"`, { hint: usage });
  return n;
}

/** The map argument a tool gets: the file given, or the cached map of the source given. */
async function mapArg(
  v: { map?: string | undefined; src?: string | undefined; lib?: string[] | undefined },
  io: CommandIO,
): Promise<Record<string, string>> {
  if (v.map !== undefined) return { map: v.map };
  if (v.src === undefined) return {};
  if (io.isTTY) io.stderr(`mapping ${v.src} (cached after the first time)…\r`);
  return { map: await cachedMapFile({ src: v.src, libs: v.lib ?? [] }, join(stateDir(io.env), 'maps')) };
}

const runOptions = {
  ...mapOptions,
  policy: { type: 'string' },
  model: { type: 'string' },
  privacy: { type: 'boolean' },
  'local-model': { type: 'string' },
  cassette: { type: 'string' },
  app: { type: 'string' },
  yes: { type: 'boolean' },
  out: { type: 'string' },
} as const;

type RunValues = { [K in 'map' | 'src' | 'policy' | 'model' | 'local-model' | 'cassette' | 'app' | 'out']?: string | undefined } & {
  lib?: string[] | undefined;
  privacy?: boolean | undefined;
  yes?: boolean | undefined;
};

/** app_run_task's parameters from the flags run and replay share. */
async function runParams(values: RunValues, io: CommandIO): Promise<Record<string, unknown>> {
  return {
    ...(await mapArg(values, io)),
    ...(values.policy === undefined ? {} : { policy: values.policy }),
    ...(values.model === undefined ? {} : { model: values.model }),
    ...(values.privacy === true ? { privacy: true } : {}),
    ...(values['local-model'] === undefined ? {} : { localModel: values['local-model'] }),
    ...(values.cassette === undefined ? {} : { cassette: values.cassette }),
    ...(values.app === undefined ? {} : { app: values.app }),
    ...(values.yes === true ? { yes: true } : {}),
    ...(values.out === undefined ? {} : { out: values.out }),
  };
}

/** Live progress on a terminal: step n/max and what the policy is doing. */
function ttyProgress(io: CommandIO): ToolContext['progress'] {
  return io.isTTY ? (p) => io.stderr(`step ${p.progress}/${p.total ?? '?'}: ${p.message ?? ''}\n`) : undefined;
}

export async function withContext(
  io: CommandIO,
  tool: ToolDef,
  params: Record<string, unknown>,
  progress?: ToolContext['progress'],
): Promise<number> {
  const devices = createDeviceProvider(io.env);
  const ctx: ToolContext = {
    signal: io.signal,
    serial: io.serial ?? io.env['ANDROID_SERIAL'],
    devices,
    snapshots: fileSnapshotStore(stateDir(io.env)),
    readFile: (p) => io.readFile(p),
    writeFile: async (p, data) => {
      await mkdir(dirname(p), { recursive: true });
      await writeFile(p, data);
    },
    makeDir: async (p) => {
      await mkdir(p, { recursive: true });
    },
    env: io.env,
    ...(progress === undefined ? {} : { progress }),
  };
  try {
    const result = await callToolDef(tool, params, ctx);
    io.stdout(renderResult(result, io.json));
    return result.exitCode ?? 0;
  } finally {
    await devices.close?.();
  }
}

export async function gotoCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('goto', {
    args: argv,
    allowPositionals: true,
    options: { ...mapOptions, trailmap: { type: 'string' } },
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: GOTO_USAGE }, io.json));
    return 0;
  }
  const [target, ...extra] = positionals;
  if (target === undefined)
    throw new GlanceError('USAGE', 'missing TARGET (an activity, element id or text of the map)', { hint: GOTO_USAGE });
  if (extra.length > 0) throw new GlanceError('USAGE', `unexpected argument: ${extra[0]}`, { hint: GOTO_USAGE });
  const maxSteps = positiveInt('--max-steps', values['max-steps'], GOTO_USAGE);
  const steps = maxSteps === undefined ? {} : { maxSteps };
  if (values.trailmap !== undefined)
    return withContext(io, navigateTool as unknown as ToolDef, { target, trailmap: values.trailmap, ...steps });
  const map = await mapArg(values, io);
  if (map['map'] === undefined) throw new GlanceError('USAGE', 'goto needs a UI Map', { hint: GOTO_USAGE });
  return withContext(io, navigateTool as unknown as ToolDef, { target, ...map, ...(maxSteps === undefined ? {} : { maxSteps }) });
}

export async function runCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('run', {
    args: argv,
    allowPositionals: true,
    options: runOptions,
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: RUN_USAGE }, io.json));
    return 0;
  }
  const task = positionals.join(' ').trim();
  if (task === '') throw new GlanceError('USAGE', 'missing TASK', { hint: RUN_USAGE });
  const maxSteps = positiveInt('--max-steps', values['max-steps'], RUN_USAGE);
  const params = { task, ...(await runParams(values, io)), ...(maxSteps === undefined ? {} : { maxSteps }) };
  return withContext(io, runTaskTool as unknown as ToolDef, params, ttyProgress(io));
}

export async function replayCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('replay', {
    args: argv,
    allowPositionals: true,
    options: { ...runOptions, run: { type: 'boolean' } },
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: REPLAY_USAGE }, io.json));
    return 0;
  }
  const [arg, ...extra] = positionals;
  if (arg === undefined) throw new GlanceError('USAGE', 'missing DIR (a folder a run wrote with --out)', { hint: REPLAY_USAGE });
  if (extra.length > 0) throw new GlanceError('USAGE', `unexpected argument: ${extra[0]}`, { hint: REPLAY_USAGE });
  // The folder a run wrote, or its trajectory.jsonl named directly.
  const named = arg.endsWith('.jsonl');
  const dir = named ? dirname(arg) : arg;
  const file = named ? arg : join(dir, 'trajectory.jsonl');
  const recorded = trajectoryOf(await io.readFile(file), file);
  if (values.run !== true) {
    const out = values.out ?? dir;
    await mkdir(out, { recursive: true });
    const html = renderReportHtml(recorded.trajectory, recorded);
    await writeFile(join(out, 'report.html'), html);
    const t = recorded.trajectory;
    const text = `${t.outcome}: ${t.task} (${t.policy}, ${t.steps.length} steps) → ${join(out, 'report.html')}`;
    io.stdout(
      renderResult({ text, data: { outcome: t.outcome, task: t.task, steps: t.steps.length, report: join(out, 'report.html') } }, io.json),
    );
    return 0;
  }
  const maxSteps = positiveInt('--max-steps', values['max-steps'], REPLAY_USAGE);
  const params: Record<string, unknown> = {
    task: recorded.trajectory.task,
    replay: file,
    ...(await runParams(values, io)),
    maxSteps: maxSteps ?? Math.max(recorded.trajectory.steps.length, 1),
  };
  return withContext(io, runTaskTool as unknown as ToolDef, params, ttyProgress(io));
}
