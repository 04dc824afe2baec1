// The farm (BullMQ on a real redis-server started here, loopback, no persistence, stopped by its PID): the shared
// DroidTask benchmark on K virtual devices, one worker process each, against a local `bench agent` run of the
// same worlds. Wall and CPU time per K, the speed-up, and the farm's own cost per episode. A second series gives
// each dump a device's latency, where episodes wait on devices rather than on this machine's two cores.
// Run: node --import tsx bench/farm.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBench, type BenchMode } from '../src/agent/bench.js';
import { appSource, cachedMap } from '../src/agent/maps.js';
import { makePolicy, type PolicyName } from '../src/agent/policies/index.js';
import { DroidTaskSuite } from '../src/agent/worlds/droidtask.js';
import { startLocalRedis, type LocalRedis } from '../src/farm/redis.js';
import { farmStatus } from '../src/farm/status.js';
import { followSuite, submitSuite, worldJobs } from '../src/farm/suite.js';
import type { FarmBenchReport } from '../src/farm/aggregate.js';
import { corpusDir, droidtaskDir, repoRoot } from '../test/helpers/corpus.js';
import { findRedisServer } from '../test/helpers/requires.js';

const sources = join(corpusDir, 'apps');
const cacheDir = join(repoRoot, '.glance', 'maps');
const TICK_MS = 10; // USER_HZ is 100 on Linux

/** user + system CPU of a process so far, from /proc (ms). */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

interface Run {
  k: number;
  wall: number;
  workerCpu: number;
  producerCpu: number;
  redisCpu: number;
  report: FarmBenchReport;
}

async function farmRun(
  redis: LocalRedis,
  suite: DroidTaskSuite,
  o: { k: number; policy: PolicyName; name: string; dumpDelayMs: number; mode: BenchMode },
): Promise<Run> {
  const workers: ChildProcess[] = [];
  try {
    for (let i = 0; i < o.k; i++) {
      const args = [
        '--import',
        'tsx',
        join(repoRoot, 'test/helpers/glance-dev.ts'),
        'farm',
        'worker',
        '--virtual',
        `${o.name}-v${i}`,
        '--redis',
        redis.url,
      ];
      if (o.dumpDelayMs > 0) args.push('--dump-delay-ms', String(o.dumpDelayMs));
      // Workers share the map cache the local run filled, as workers on one host would.
      workers.push(
        spawn(process.execPath, args, {
          cwd: repoRoot,
          stdio: 'ignore',
          env: { ...process.env, GLANCE_STATE_DIR: join(repoRoot, '.glance') },
        }),
      );
    }
    for (let i = 0; i < 600 && (await farmStatus(redis.url)).devices.filter((d) => d.device.startsWith(`${o.name}-`)).length < o.k; i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const cpu0 = workers.map((w) => cpuMs(w.pid!));
    const redis0 = cpuMs(redis.pid);
    const own0 = process.cpuUsage();
    const started = performance.now();
    const jobs = worldJobs(suite, { name: o.name, policy: o.policy, mode: o.mode, sources });
    await submitSuite(jobs, { redis: redis.url });
    const report = (await followSuite(o.name, { redis: redis.url, timeoutMs: 900_000 })) as FarmBenchReport;
    const wall = (performance.now() - started) / 1000;
    const own = process.cpuUsage(own0);
    const workerCpu = workers.reduce((n, w, i) => n + cpuMs(w.pid!) - cpu0[i]!, 0) / 1000;
    const redisCpu = (cpuMs(redis.pid) - redis0) / 1000;
    return { k: o.k, wall, workerCpu, producerCpu: (own.user + own.system) / 1e6, redisCpu, report };
  } finally {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.exitCode !== null || w.signalCode !== null) return resolve();
            w.once('exit', () => resolve());
            w.kill('SIGTERM');
          }),
      ),
    );
  }
}

export async function benchFarm(): Promise<Record<string, number>> {
  const bin = findRedisServer();
  if (!existsSync(droidtaskDir) || bin === undefined) {
    console.log(`farm: skipped (${bin === undefined ? 'no redis-server: apt-get install redis-server' : 'no ../shared/corpus/droidtask'})`);
    return {};
  }
  const out: Record<string, number> = {};
  const suite = new DroidTaskSuite(droidtaskDir);
  await suite.markReplayable();
  const policy: PolicyName = 'heuristic';
  // Maps built (or read) once first, so neither the local run nor the workers time map building.
  for (const app of new Set(suite.tasks.map((t) => t.app))) {
    const src = appSource(sources, app);
    if (src !== undefined) await cachedMap(src, cacheDir);
  }
  const own0 = process.cpuUsage();
  const local = await runBench(suite, {
    mode: 'both',
    policyFor: async (app) => {
      const src = appSource(sources, app);
      return makePolicy(policy, src === undefined ? {} : { map: await cachedMap(src, cacheDir) });
    },
  });
  const localCpu = process.cpuUsage(own0);
  const localCpuS = (localCpu.user + localCpu.system) / 1e6;
  const n = local.episode.total;
  console.log(
    `local bench agent (${policy}, both modes, ${n} tasks): ${local.seconds.toFixed(2)} s wall, ${((localCpu.user + localCpu.system) / 1e6).toFixed(2)} s CPU`,
  );
  out['local bench agent wall (s)'] = local.seconds;
  const redis = await startLocalRedis({ bin });
  try {
    let one = 0;
    for (const k of [1, 2, 3, 4]) {
      const r = await farmRun(redis, suite, { k, policy, name: `bench-k${k}`, dumpDelayMs: 0, mode: 'both' });
      const { farm, seconds: _s, ...got } = r.report;
      const { trajectories: _t, seconds: _l, ...want } = local;
      const same = JSON.stringify(got) === JSON.stringify(want);
      if (k === 1) one = r.wall;
      console.log(
        `farm K=${k}: ${r.wall.toFixed(2)} s wall (speed-up ${(one / r.wall).toFixed(2)}×), CPU: workers ${r.workerCpu.toFixed(2)} s, producer ${r.producerCpu.toFixed(2)} s, redis ${r.redisCpu.toFixed(2)} s; ` +
          `per device ${Object.values(farm.devices).join('/')}, worker overhead ${farm.workerOverheadMs.toFixed(0)} ms/episode, aggregate ${same ? '=' : '≠'} local`,
      );
      out[`K=${k} wall (s)`] = r.wall;
      const cpu = r.workerCpu + r.producerCpu + r.redisCpu;
      out[`K=${k} CPU, workers + producer + redis (s)`] = cpu;
      if (k === 1) {
        out['farm wall overhead per episode, K=1 vs local (ms)'] = ((r.wall - local.seconds) / n) * 1000;
        out['farm CPU overhead per episode, K=1 vs local (ms)'] = ((cpu - localCpuS) / n) * 1000;
      }
      out[`K=${k} aggregate equals local (1/0)`] = same ? 1 : 0;
    }
    // Devices with latency: every dump waits 100 ms (real devices take 1.5–3 s), so episodes wait on devices.
    const clock = new DroidTaskSuite(droidtaskDir, { apps: ['clock', 'notes'] });
    await clock.markReplayable();
    let base = 0;
    for (const k of [1, 3, 6]) {
      const r = await farmRun(redis, clock, { k, policy: 'oracle', name: `bench-slow-k${k}`, dumpDelayMs: 100, mode: 'episode' });
      if (k === 1) base = r.wall;
      console.log(
        `farm K=${k}, dumps 100 ms (oracle, episodes, clock+notes, ${r.report.farm.episodes} tasks): ${r.wall.toFixed(2)} s wall (speed-up ${(base / r.wall).toFixed(2)}×), workers ${r.workerCpu.toFixed(2)} s CPU`,
      );
      out[`K=${k} wall with 100 ms dumps (s)`] = r.wall;
    }
  } finally {
    await redis.stop();
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFarm();
