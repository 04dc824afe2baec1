/**
 * `glance farm up|down|worker|run|submit|status|export`: agent episodes across many devices on BullMQ + Redis.
 * A thin adapter over src/farm: argv → options, progress on a TTY, reports as text or JSON.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { basename, join, resolve } from 'node:path';
import { renderBenchText } from '../../agent/bench-text.js';
import { isPolicyName, POLICY_NAMES, type PolicyName } from '../../agent/policies/index.js';
import { DroidTaskSuite } from '../../agent/worlds/droidtask.js';
import { createDeviceProvider } from '../../device/provider.js';
import { GlanceError } from '../../errors.js';
import { AdbFarmDevice, VirtualFarmDevice, type FarmDevice } from '../../farm/devices.js';
import { farmStatus, exportSuite } from '../../farm/status.js';
import { followSuite, liveJobs, parseTasksJsonl, submitSuite, worldJobs, type FarmReport, type SuiteJobs } from '../../farm/suite.js';
import { startFarmWorker } from '../../farm/worker.js';
import { leaseStfDevice } from '../../farm/stf.js';
import { startLocalRedis } from '../../farm/redis.js';
import { findOnPath } from '../../adb/node/host.js';
import { parseCommandArgs, portOption } from '../args.js';
import { untilAborted } from '../io.js';
import { renderResult } from '../output.js';
import { stateDir } from '../store.js';
import { renderFarmReport, renderStatus } from './farm-text.js';
import type { CommandIO } from './types.js';

const USAGE = `usage: glance farm up [--port P]                      start a local redis-server (loopback, no persistence)
       glance farm down                                 stop it
       glance farm worker [--redis URL] (-s SERIAL|direct:HOST:PORT | -s stf:SERIAL --stf URL | --virtual [NAME] [--dump-delay-ms MS])
                          [--profile P] [--results DIR]     (an STF access token in $STF_TOKEN)
       glance farm run    [--redis URL] (--worlds DIR [--sources DIR] [--apps a,b] [--mode step|episode|both] | --suite tasks.jsonl)
                          [--policy ${POLICY_NAMES.join('|')}] [--name SUITE] [--repeat N] [--profile P] [--json OUT]
                          [--timeout SECONDS]   (stop following with TIMEOUT after this long; default 3600)
       glance farm submit (as run, without waiting)
       glance farm status [--redis URL]
       glance farm export [--redis URL] --name SUITE [--out FILE.jsonl]
--redis defaults to $GLANCE_REDIS, then the server of \`glance farm up\`, then redis://127.0.0.1:6379.`;

const usage = (message: string): GlanceError => new GlanceError('USAGE', message, { hint: USAGE });

const upFile = (io: CommandIO): string => join(stateDir(io.env), 'farm-redis.json');

function redisUrl(io: CommandIO, flag: string | undefined): string {
  if (flag !== undefined) return flag;
  if (io.env['GLANCE_REDIS'] !== undefined && io.env['GLANCE_REDIS'] !== '') return io.env['GLANCE_REDIS'];
  const f = upFile(io);
  if (existsSync(f)) return (JSON.parse(readFileSync(f, 'utf8')) as { url: string }).url;
  return 'redis://127.0.0.1:6379';
}

/** REDIS_SERVER_PATH, else `redis-server` on PATH. */
function findRedisServer(env: CommandIO['env']): string | undefined {
  const explicit = env['REDIS_SERVER_PATH'];
  return explicit !== undefined && existsSync(explicit) ? explicit : findOnPath(['redis-server'], env);
}

const common = {
  redis: { type: 'string' },
  profile: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

async function up(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('farm up', { args: argv, options: { port: { type: 'string' }, help: common.help } });
  const bin = findRedisServer(io.env);
  if (bin === undefined) {
    throw new GlanceError('REDIS_UNAVAILABLE', 'redis-server not found', {
      hint: 'apt-get install redis-server, or set REDIS_SERVER_PATH',
    });
  }
  const port = values.port === undefined ? undefined : portOption('farm up', '--port', values.port);
  const r = await startLocalRedis({ bin, detached: true, ...(port === undefined || port === 0 ? {} : { port }) });
  await mkdir(stateDir(io.env), { recursive: true });
  await writeFile(upFile(io), JSON.stringify({ url: r.url, pid: r.pid }));
  io.stdout(renderResult({ text: `redis ${r.url} (pid ${r.pid})`, data: { url: r.url, pid: r.pid } }, io.json));
  return 0;
}

async function down(io: CommandIO): Promise<number> {
  const f = upFile(io);
  if (!existsSync(f))
    throw new GlanceError('REDIS_UNAVAILABLE', 'no farm redis-server was started here', { hint: 'start one with farm up' });
  const { url, pid } = JSON.parse(readFileSync(f, 'utf8')) as { url: string; pid: number };
  // Only the process `farm up` started: a PID reused by something else since is left alone.
  const cmd = existsSync(`/proc/${pid}/cmdline`) ? readFileSync(`/proc/${pid}/cmdline`, 'utf8') : '';
  if (cmd.includes('redis-server')) process.kill(pid, 'SIGTERM');
  await rm(f, { force: true });
  io.stdout(renderResult({ text: `stopped redis ${url} (pid ${pid})`, data: { url, pid } }, io.json));
  return 0;
}

async function worker(argv: string[], io: CommandIO): Promise<number> {
  const { values, positionals } = parseCommandArgs('farm worker', {
    args: argv,
    allowPositionals: true,
    options: {
      ...common,
      serial: { type: 'string', short: 's' },
      virtual: { type: 'boolean' },
      results: { type: 'string' },
      'lock-ms': { type: 'string' },
      'stalled-ms': { type: 'string' },
      'dump-delay-ms': { type: 'string' },
      stf: { type: 'string' },
    },
  });
  const serial = values.serial ?? io.serial;
  if (values.virtual !== true && serial === undefined)
    throw usage('a worker holds one device: pass -s SERIAL (or direct:HOST:PORT) or --virtual');
  if (values.virtual === true && serial !== undefined) throw usage('pass either -s SERIAL or --virtual, not both');
  const device: FarmDevice =
    values.virtual === true
      ? new VirtualFarmDevice(positionals[0] ?? `virtual-${process.pid}`, {
          mapCache: join(stateDir(io.env), 'maps'),
          ...(values['dump-delay-ms'] === undefined ? {} : { dumpDelayMs: msOption('--dump-delay-ms', values['dump-delay-ms'], 0) }),
        })
      : await boundDevice(serial!, values.stf, io);
  const w = await startFarmWorker({
    redis: redisUrl(io, values.redis),
    device,
    ...(values.profile === undefined ? {} : { profile: values.profile }),
    ...(values.results === undefined ? {} : { results: resolve(values.results) }),
    ...(values['lock-ms'] === undefined ? {} : { lockMs: msOption('--lock-ms', values['lock-ms']) }),
    ...(values['stalled-ms'] === undefined ? {} : { stalledMs: msOption('--stalled-ms', values['stalled-ms']) }),
    onEvent: (e) =>
      io.stderr(
        `${new Date().toISOString()} ${device.name} ${e.kind}${'job' in e ? ` ${e.job}` : ''}${'error' in e ? `: ${e.error.split('\n')[0]}` : ''}\n`,
      ),
  });
  io.stderr(`worker ${w.id} ready\n`);
  await untilAborted(io.signal);
  io.stderr(`worker ${w.id} finishing its episode\n`);
  await w.close();
  io.stdout(renderResult({ text: `worker ${w.id}: ${w.completed} episodes`, data: { worker: w.id, completed: w.completed } }, io.json));
  return 0;
}

/** A serial, `direct:HOST:PORT`, or `stf:SERIAL` (taken from STF at --stf URL with $STF_TOKEN, given back on exit). */
async function boundDevice(serial: string, stfUrl: string | undefined, io: CommandIO): Promise<FarmDevice> {
  const provider = createDeviceProvider(io.env);
  if (!serial.startsWith('stf:')) return new AdbFarmDevice(serial, provider);
  const token = io.env['STF_TOKEN'];
  if (stfUrl === undefined || token === undefined || token === '')
    throw usage('an stf: device needs --stf URL and an access token in $STF_TOKEN');
  const lease = await leaseStfDevice({ url: stfUrl, token, serial: serial.slice(4), signal: io.signal });
  // Glance's own ADB client connects to the remote adb endpoint directly (no local adb server needed).
  return new AdbFarmDevice(`direct:${lease.address}`, provider, { name: serial, release: lease.release });
}

function msOption(flag: string, v: string, least = 100): number {
  const n = v.trim() === '' ? NaN : Number(v);
  if (!Number.isInteger(n) || n < least) throw usage(`${flag} takes milliseconds (${least} or more), got "${v}"`);
  return n;
}

async function buildSuite(values: Record<string, string | boolean | undefined>, io: CommandIO): Promise<SuiteJobs> {
  const policy = (values.policy as string | undefined) ?? 'heuristic';
  if (!isPolicyName(policy)) throw usage(`unknown policy "${policy}" (one of ${POLICY_NAMES.join(', ')})`);
  const repeat = values.repeat === undefined ? 1 : Number(values.repeat);
  if (!Number.isInteger(repeat) || repeat < 1) throw usage(`--repeat takes a positive integer, got "${String(values.repeat)}"`);
  const worlds = values.worlds as string | undefined;
  const suiteFile = values.suite as string | undefined;
  if ((worlds === undefined) === (suiteFile === undefined)) throw usage('pass --worlds DIR (benchmark worlds) or --suite tasks.jsonl');
  const mode = (values.mode as string | undefined) ?? 'both';
  if (!['step', 'episode', 'both'].includes(mode)) throw usage(`unknown mode "${mode}" (step, episode or both)`);
  if (worlds !== undefined) {
    const apps = (values.apps as string | undefined)?.split(',').map((a) => a.trim());
    const suite = new DroidTaskSuite(worlds, apps === undefined ? {} : { apps });
    if (suite.tasks.length === 0) throw usage(`no tasks${apps === undefined ? '' : ` for ${apps.join(', ')}`} in ${worlds}`);
    await suite.markReplayable();
    const name =
      (values.name as string | undefined) ?? `${basename(suite.dir)}-${policy}-${mode}${apps === undefined ? '' : `-${apps.join('+')}`}`;
    const sources = values.sources as string | undefined;
    return worldJobs(suite, {
      name,
      policy: policy as PolicyName,
      mode: mode as 'both',
      repeat,
      ...(sources === undefined ? {} : { sources: resolve(sources) }),
    });
  }
  const tasks = parseTasksJsonl(await io.readFile(suiteFile!), suiteFile!);
  if (tasks.length === 0) throw usage(`no tasks in ${suiteFile}`);
  const name = (values.name as string | undefined) ?? `${basename(suiteFile!).replace(/\.jsonl$/, '')}-${policy}`;
  return liveJobs(tasks, { name, policy: policy as PolicyName, repeat });
}

async function run(argv: string[], io: CommandIO, follow: boolean): Promise<number> {
  const verb = follow ? 'farm run' : 'farm submit';
  const { values, positionals } = parseCommandArgs(verb, {
    args: argv,
    allowPositionals: true,
    options: {
      ...common,
      worlds: { type: 'string' },
      sources: { type: 'string' },
      apps: { type: 'string' },
      mode: { type: 'string' },
      suite: { type: 'string' },
      policy: { type: 'string' },
      name: { type: 'string' },
      repeat: { type: 'string' },
      json: { type: 'string' },
      timeout: { type: 'string' },
    },
  });
  if (positionals.length > 0) throw usage(`unexpected argument: ${positionals[0]}`);
  const redis = redisUrl(io, values.redis);
  const suite = await buildSuite(values, io);
  const submitted = await submitSuite(suite, { redis, ...(values.profile === undefined ? {} : { profile: values.profile }) });
  if (!follow) {
    io.stdout(
      renderResult(
        { text: `suite ${submitted.suite}: ${submitted.added} of ${submitted.episodes} episodes enqueued`, data: submitted },
        io.json,
      ),
    );
    return 0;
  }
  if (io.isTTY) io.stderr(`suite ${submitted.suite}: ${submitted.added} of ${submitted.episodes} episodes enqueued\n`);
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout) * 1000;
  if (timeout !== undefined && !(timeout > 0)) throw usage(`--timeout takes seconds, got "${values.timeout}"`);
  const report: FarmReport = await followSuite(submitted.suite, {
    redis,
    signal: io.signal,
    ...(timeout === undefined ? {} : { timeoutMs: timeout }),
    ...(io.isTTY
      ? { onProgress: (p) => io.stderr(`\r${bar(p.done, p.total)} ${p.done}/${p.total}${p.failed > 0 ? ` (${p.failed} failed)` : ''}`) }
      : {}),
  });
  if (io.isTTY) io.stderr('\n');
  if (values.json !== undefined) await writeFile(values.json, `${JSON.stringify(report, null, 2)}\n`);
  const text =
    'step' in report
      ? `${renderBenchText({ ...report, trajectories: [] }).trimEnd()}\n${renderFarmReport(report.farm)}`
      : renderFarmReport(report.farm, report);
  io.stdout(renderResult({ text, data: report as unknown as Record<string, unknown> }, io.json));
  return 0;
}

const bar = (done: number, total: number): string => {
  const n = total === 0 ? 30 : Math.round((done / total) * 30);
  return `[${'#'.repeat(n)}${'.'.repeat(30 - n)}]`;
};

async function status(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('farm status', { args: argv, options: common });
  const s = await farmStatus(redisUrl(io, values.redis), values.profile === undefined ? {} : { profiles: [values.profile] });
  io.stdout(renderResult({ text: renderStatus(s), data: s as unknown as Record<string, unknown> }, io.json));
  return 0;
}

async function exportCmd(argv: string[], io: CommandIO): Promise<number> {
  const { values } = parseCommandArgs('farm export', {
    args: argv,
    options: { ...common, name: { type: 'string' }, out: { type: 'string' } },
  });
  if (values.name === undefined) throw usage('missing --name SUITE (status lists them)');
  const rows = await exportSuite(redisUrl(io, values.redis), values.name);
  const jsonl = rows.map((r) => JSON.stringify(r)).join('\n') + (rows.length > 0 ? '\n' : '');
  if (values.out !== undefined) {
    await writeFile(values.out, jsonl);
    io.stdout(renderResult({ text: `${rows.length} episodes → ${values.out}`, data: { episodes: rows.length, out: values.out } }, io.json));
  } else io.stdout(jsonl);
  return 0;
}

export async function farmCommand(argv: string[], io: CommandIO): Promise<number> {
  const [sub, ...rest] = argv;
  if (rest.includes('--help') || rest.includes('-h') || sub === '--help' || sub === '-h' || sub === undefined) {
    io.stdout(renderResult({ text: USAGE }, io.json));
    return sub === undefined ? 1 : 0;
  }
  switch (sub) {
    case 'up':
      return up(rest, io);
    case 'down':
      return down(io);
    case 'worker':
      return worker(rest, io);
    case 'run':
      return run(rest, io, true);
    case 'submit':
      return run(rest, io, false);
    case 'status':
      return status(rest, io);
    case 'export':
      return exportCmd(rest, io);
    default:
      throw usage(`unknown farm command "${sub}"`);
  }
}
