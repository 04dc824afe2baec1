/**
 * `glance replay DIR` re-renders a recorded run's report from its trajectory (a file job, no device);
 * `glance replay DIR --run …` repeats it on the device through app_run_task with the trajectory as `replay`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { GlanceError } from '../../errors.js';
import { trajectoryOf } from '../../agent/policies/replay.js';
import { renderReportHtml } from '../../agent/report.js';
import { camel } from '../../tools/schema.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';
import { callOptions, cliSession } from '../session.js';
import type { CommandIO } from './types.js';

const USAGE = `usage: glance replay DIR            re-render DIR/report.html from DIR/trajectory.jsonl (or name the .jsonl)
       glance replay DIR --run [--policy P] [--model M] [--cassette FILE] [--app PKG] [--yes] [--out DIR2]
                              repeat the recorded steps on the device while the screens match; from the
                              first that differs the policy decides (without one the run fails there)`;

const options = {
  map: { type: 'string' },
  src: { type: 'string' },
  lib: { type: 'string', multiple: true },
  'max-steps': { type: 'string' },
  policy: { type: 'string' },
  model: { type: 'string' },
  privacy: { type: 'boolean' },
  'local-model': { type: 'string' },
  cassette: { type: 'string' },
  app: { type: 'string' },
  yes: { type: 'boolean' },
  out: { type: 'string' },
  run: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The flags as app_run_task's params (camelCase keys, numbers as numbers; the tool's schema judges them). */
function runParams(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined || k === 'run' || k === 'help') continue;
    const key = camel(k);
    out[key] = key === 'maxSteps' ? Number(v) : v;
  }
  return out;
}

export async function replayCommand(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('replay', { args: argv, allowPositionals: true, options });
  if (values.help === true) {
    io.stdout(renderResult({ text: USAGE }, io.json));
    return 0;
  }
  const [arg, ...extra] = positionals;
  if (arg === undefined) throw new GlanceError('USAGE', 'missing DIR (a folder a run wrote with --out)', { hint: USAGE });
  if (extra.length > 0) throw new GlanceError('USAGE', `unexpected argument: ${extra[0]}`, { hint: USAGE });
  // The folder a run wrote, or its trajectory.jsonl named directly; relative to the caller's folder.
  const at = (p: string): string => (io.cwd === undefined ? p : resolve(io.cwd, p));
  const named = arg.endsWith('.jsonl');
  const dir = named ? dirname(arg) : arg;
  const file = named ? arg : join(dir, 'trajectory.jsonl');
  const recorded = trajectoryOf(await io.readFile(file), file);
  if (values.run !== true) {
    const out = values.out ?? dir;
    await mkdir(at(out), { recursive: true });
    await writeFile(at(join(out, 'report.html')), renderReportHtml(recorded.trajectory, recorded));
    const t = recorded.trajectory;
    const text = `${t.outcome}: ${t.task} (${t.policy}, ${t.steps.length} steps) → ${join(out, 'report.html')}`;
    io.stdout(
      renderResult({ text, data: { outcome: t.outcome, task: t.task, steps: t.steps.length, report: join(out, 'report.html') } }, io.json),
    );
    return 0;
  }
  const params = {
    maxSteps: Math.max(recorded.trajectory.steps.length, 1),
    ...runParams(values),
    task: recorded.trajectory.task,
    replay: file,
  };
  const session = io.session ?? cliSession(io.env);
  try {
    const result = await session.call('app_run_task', params, callOptions(io, io.serial ?? io.env['ANDROID_SERIAL'], { toStdout: false }));
    io.stdout(renderResult(result, io.json));
    return result.exitCode ?? 0;
  } finally {
    if (io.session === undefined) await session.close();
  }
}
