/**
 * `glance bench agent --worlds DIR [--sources DIR] [--apps a,b] [--tasks ID,…] [--policy NAME]
 * [--mode step|episode|both] [--json OUT] [--report DIR]`: the agent benchmark on DroidTask task worlds (`--tasks`:
 * task ids, whole or short as `clock/task3`, `*` for any run of characters); `glance bench navigate --trailmap
 * DIR [--policy goto|oracle|random|heuristic] [--max-hops N] [--json OUT]`: goto (or a no-model agent) between the
 * waypoints of a trailmap. Thin adapters over src/agent.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GlanceError } from '../../errors.js';
import { runBench, type BenchMode } from '../../agent/bench.js';
import { renderBenchText } from '../../agent/bench-text.js';
import { appSource, cachedMap } from '../../agent/maps.js';
import { isPolicyName, makePolicy, POLICY_NAMES, type PolicyName, type PolicyOptions } from '../../agent/policies/index.js';
import { DroidTaskSuite } from '../../agent/worlds/droidtask.js';
import { loadTrailmap } from '../../trailmap/index.js';
import { parseCommandArgs } from '../args.js';
import { renderResult } from '../output.js';
import { stateDir } from '../store.js';
import type { CommandIO } from './types.js';

const USAGE = `usage: glance bench agent --worlds DIR [--sources DIR] [--apps a,b] [--tasks ID,…] [--policy ${POLICY_NAMES.join('|')}]
                          [--model PROVIDER:MODEL | URL#MODEL] [--privacy [--local-model SPEC]]
                          [--mode step|episode|both] [--json OUT] [--report DIR] [--no-cache]
       glance bench navigate --trailmap DIR [--policy goto|oracle|random|heuristic] [--max-hops N] [--json OUT]`;

const MODES = ['step', 'episode', 'both'] as const;

function usage(message: string): GlanceError {
  return new GlanceError('USAGE', message, { hint: USAGE });
}

/** The model (and privacy's device-side model) a model policy asks; none for the other policies. */
async function benchModels(
  policy: PolicyName,
  values: { model?: string | undefined; privacy?: boolean | undefined; 'local-model'?: string | undefined },
  io: CommandIO,
): Promise<Pick<PolicyOptions, 'provider' | 'privacy' | 'local'>> {
  if (policy !== 'compass' && policy !== 'single') {
    if (values.model !== undefined || values.privacy === true || values['local-model'] !== undefined)
      throw usage(`--model, --privacy and --local-model apply to the model policies (compass, single), not ${policy}`);
    return {};
  }
  const { chooseLocalModel, chooseProvider } = await import('../../agent/providers/index.js');
  if (values['local-model'] !== undefined && values.privacy !== true) throw usage('--local-model works on the device side of --privacy');
  const provider = await chooseProvider(
    { model: values.model, env: io.env },
    { readFile: io.readFile, writeFile: (p, d) => writeFile(p, d) },
  );
  const local = chooseLocalModel(values['local-model'], io.env);
  return {
    ...(provider === undefined ? {} : { provider }),
    ...(values.privacy === true ? { privacy: true } : {}),
    ...(local === undefined ? {} : { local }),
  };
}

async function benchAgent(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('bench', {
    args: argv,
    allowPositionals: true,
    options: {
      worlds: { type: 'string' },
      sources: { type: 'string' },
      apps: { type: 'string' },
      tasks: { type: 'string' },
      policy: { type: 'string', default: 'heuristic' },
      model: { type: 'string' },
      privacy: { type: 'boolean' },
      'local-model': { type: 'string' },
      mode: { type: 'string', default: 'both' },
      json: { type: 'string' },
      report: { type: 'string' },
      'no-cache': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: USAGE }, io.json));
    return 0;
  }
  if (positionals.length > 0) throw usage(`unexpected argument: ${positionals[0]}`);
  if (values.worlds === undefined) throw usage('missing --worlds DIR (a folder in the DroidTask corpus layout)');
  const policy = values.policy;
  if (!isPolicyName(policy)) throw usage(`unknown policy "${policy}" (one of ${POLICY_NAMES.join(', ')})`);
  const mode = values.mode as BenchMode;
  if (!MODES.includes(mode)) throw usage(`unknown mode "${values.mode}" (step, episode or both)`);
  const apps = values.apps?.split(',').map((a) => a.trim());
  const tasks = values.tasks
    ?.split(',')
    .map((t) => t.trim())
    .filter((t) => t !== '');
  if (tasks?.length === 0) throw usage('--tasks takes task ids (clock/task3, notes/*), none given');
  const suite = new DroidTaskSuite(values.worlds, { ...(apps === undefined ? {} : { apps }), ...(tasks === undefined ? {} : { tasks }) });
  if (suite.unmatched.length > 0)
    throw usage(
      `--tasks: no task matches ${suite.unmatched.join(', ')} in ${values.worlds}${apps === undefined ? '' : ` (apps ${apps.join(', ')})`}`,
    );
  if (suite.tasks.length === 0) throw usage(`no tasks${apps === undefined ? '' : ` for ${apps.join(', ')}`} in ${values.worlds}`);
  await suite.markReplayable();
  const cacheDir = values['no-cache'] === true ? undefined : join(stateDir(io.env), 'maps');
  const models = await benchModels(policy, values, io);
  const report = await runBench(suite, {
    mode,
    signal: io.signal,
    ...(models.provider === undefined ? {} : { model: models.provider.name }),
    policyFor: async (app) => {
      const source = values.sources === undefined ? undefined : appSource(values.sources, app);
      const map = source === undefined ? undefined : await cachedMap(source, cacheDir);
      return makePolicy(policy, { ...models, ...(map === undefined ? {} : { map }) });
    },
    ...(io.isTTY ? { onTask: (app: string, task: string) => io.stderr(`\r${`${app}: ${task}`.slice(0, 78).padEnd(78)}`) } : {}),
  });
  if (io.isTTY) io.stderr(`\r${' '.repeat(78)}\r`);
  const { trajectories, ...summary } = report;
  if (values.json !== undefined) await writeFile(values.json, `${JSON.stringify(summary, null, 2)}\n`);
  if (values.report !== undefined) {
    await mkdir(values.report, { recursive: true });
    await writeFile(join(values.report, 'trajectories.jsonl'), trajectories.map((t) => JSON.stringify(t)).join('\n') + '\n');
  }
  io.stdout(renderResult({ text: renderBenchText(report).trimEnd(), data: summary }, io.json));
  return 0;
}

async function benchNavigate(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('bench', {
    args: argv,
    allowPositionals: true,
    options: {
      trailmap: { type: 'string' },
      policy: { type: 'string', default: 'goto' },
      'max-hops': { type: 'string' },
      json: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: USAGE }, io.json));
    return 0;
  }
  if (positionals.length > 0) throw usage(`unexpected argument: ${positionals[0]}`);
  if (values.trailmap === undefined) throw usage('missing --trailmap DIR');
  const maxHops = values['max-hops'] === undefined ? 4 : Number(values['max-hops']);
  if (!Number.isInteger(maxHops) || maxHops < 1) throw usage(`--max-hops takes a positive whole number, got "${values['max-hops']}"`);
  const { runNavigateBench, renderNavigateText, isNavigatePolicy, NAVIGATE_POLICIES } =
    await import('../../agent/worlds/navigate-bench.js');
  const policy = values.policy;
  if (!isNavigatePolicy(policy)) throw usage(`unknown policy "${policy}" for bench navigate (one of ${NAVIGATE_POLICIES.join(', ')})`);
  const report = await runNavigateBench(await loadTrailmap(values.trailmap), {
    policy,
    maxHops,
    signal: io.signal,
    ...(io.isTTY ? { onPair: (from: string, to: string) => io.stderr(`\r${`${from} → ${to}`.slice(0, 78).padEnd(78)}`) } : {}),
  });
  if (io.isTTY) io.stderr(`\r${' '.repeat(78)}\r`);
  const { results, ...summary } = report;
  if (values.json !== undefined) await writeFile(values.json, `${JSON.stringify({ ...summary, results }, null, 2)}\n`);
  io.stdout(renderResult({ text: renderNavigateText(report), data: summary }, io.json));
  return 0;
}

export async function benchCommand(argv: string[], io: CommandIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === 'agent') return benchAgent(rest, io);
  if (sub === 'navigate') return benchNavigate(rest, io);
  if (sub === undefined || sub === '--help' || sub === '-h') {
    io.stdout(renderResult({ text: USAGE }, io.json));
    return sub === undefined ? 1 : 0;
  }
  throw usage(`unknown benchmark "${sub}"`);
}
