// The farm on a real redis-server (started per test on a free loopback port, stopped by its PID) with virtual
// devices as its devices: in-process workers each hosting one, a worker process killed mid-job, workers bound to
// virtual devices served over TCP. Worlds come from the shared DroidTask corpus (read-only).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { runBench } from '../../src/agent/bench.js';
import { makePolicy } from '../../src/agent/policies/index.js';
import { DroidTaskSuite } from '../../src/agent/worlds/droidtask.js';
import { createDeviceProvider } from '../../src/device/provider.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbFarmDevice, VirtualFarmDevice } from '../../src/farm/devices.js';
import type { EpisodeSummary } from '../../src/farm/jobs.js';
import { exportSuite, farmStatus } from '../../src/farm/status.js';
import { followSuite, liveJobs, submitSuite, worldJobs, type FarmReport } from '../../src/farm/suite.js';
import { startFarmWorker, type FarmWorker } from '../../src/farm/worker.js';
import type { FarmBenchReport } from '../../src/farm/aggregate.js';
import { devArgs } from '../helpers/cli.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { startRedis } from '../helpers/redis.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const APPS = ['clock', 'notes'];

async function worlds(apps: readonly string[]): Promise<DroidTaskSuite> {
  const s = new DroidTaskSuite(droidtaskDir, { apps });
  await s.markReplayable();
  return s;
}

/** Polls `check` every 50 ms until it holds (bounded: 300 polls). */
async function until(what: string, check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
}

function assertNoOverlap(rows: readonly EpisodeSummary[]): void {
  const byDevice = new Map<string, EpisodeSummary[]>();
  for (const r of rows) byDevice.set(r.device, [...(byDevice.get(r.device) ?? []), r]);
  for (const [device, list] of byDevice) {
    list.sort((a, b) => a.startedAt - b.startedAt);
    for (let i = 1; i < list.length; i++) {
      assert.ok(list[i]!.startedAt >= list[i - 1]!.endedAt, `${device}: ${list[i]!.jobId} started before ${list[i - 1]!.jobId} ended`);
    }
  }
}

const closeAll = (ws: readonly FarmWorker[]): Promise<unknown> => Promise.all(ws.map((w) => w.close()));

describe('farm on BullMQ + Redis', { skip: requires({ redis: true, shared: true }) }, () => {
  test('episodes on 3 virtual devices: one at a time per device, enqueued twice but run once, aggregate = bench agent', async () => {
    const redis = await startRedis();
    const workers: FarmWorker[] = [];
    try {
      const suite = worldJobs(await worlds(APPS), { name: 'pair', policy: 'oracle', mode: 'both' });
      const n = suite.jobs.length;
      assert.equal((await submitSuite(suite, { redis: redis.url })).added, n);
      assert.equal((await submitSuite(suite, { redis: redis.url })).added, 0);
      for (const i of [0, 1, 2]) workers.push(await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice(`v${i}`) }));
      const report = (await followSuite('pair', { redis: redis.url, timeoutMs: 120_000 })) as FarmBenchReport;
      const rows = await exportSuite(redis.url, 'pair');
      assert.equal(rows.length, n);
      assert.equal(new Set(rows.map((r) => r.jobId)).size, n);
      assert.equal(
        workers.reduce((k, w) => k + w.completed, 0),
        n,
        'each episode ran once',
      );
      assertNoOverlap(rows);
      assert.deepEqual(Object.keys(report.farm.devices), ['v0', 'v1', 'v2']);
      assert.equal(report.farm.completed, n);
      assert.deepEqual(report.farm.failed, []);

      const local = await runBench(await worlds(APPS), { mode: 'both', policyFor: async () => makePolicy('oracle') });
      const { trajectories, seconds, ...want } = local;
      const { farm, seconds: farmSeconds, ...got } = report;
      assert.ok(trajectories.length === n && seconds >= 0 && farmSeconds >= 0 && farm.episodes === n);
      assert.deepEqual(got, want);

      // The finished suite enqueued again: nothing new runs, following it gives the same report.
      assert.equal((await submitSuite(suite, { redis: redis.url })).added, 0);
      assert.deepEqual(await followSuite('pair', { redis: redis.url, timeoutMs: 10_000 }), report);
      assert.equal(
        workers.reduce((k, w) => k + w.completed, 0),
        n,
      );
    } finally {
      await closeAll(workers);
      await redis.stop();
    }
  });

  test('a device that fails its dumps: its job is retried on another device and its worker pauses', async () => {
    const redis = await startRedis();
    const workers: FarmWorker[] = [];
    try {
      const bad = new VirtualFarmDevice('bad');
      bad.failDumps('idle', 1000);
      workers.push(await startFarmWorker({ redis: redis.url, device: bad, recheckMs: 600_000 }));
      const suite = worldJobs(await worlds(['clock']), { name: 'faulty', policy: 'oracle', mode: 'episode' });
      await submitSuite(suite, { redis: redis.url, retryDelayMs: 50 });
      await until('the bad device to fail its health check', async () => workers[0]!.paused);
      for (const i of [0, 1]) workers.push(await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice(`good${i}`) }));
      const report = (await followSuite('faulty', { redis: redis.url, timeoutMs: 120_000 })) as FarmBenchReport;
      assert.equal(report.farm.completed, suite.jobs.length);
      assert.equal(report.farm.devices['bad'], undefined);
      assert.equal(report.farm.retries, 1);
      const retried = (await exportSuite(redis.url, 'faulty')).filter((r) => r.retries > 0);
      assert.equal(retried.length, 1);
      assert.notEqual(retried[0]!.device, 'bad');
      assert.equal(workers[0]!.completed, 0);
      const status = await farmStatus(redis.url);
      const board = status.devices.find((d) => d.device === 'bad');
      assert.equal(board?.health, 'unhealthy');
      assert.match(board?.reason ?? '', /health check/);
      assert.equal(board?.faults, 1);
    } finally {
      await closeAll(workers);
      await redis.stop();
    }
  });

  test('a worker process SIGKILLed mid-job: its job completes on another worker exactly once', async () => {
    const redis = await startRedis();
    const dir = tempDir('glance-farm-');
    const workers: FarmWorker[] = [];
    const child = spawn(
      process.execPath,
      [
        ...devArgs,
        'farm',
        'worker',
        '--virtual',
        'doomed',
        '--redis',
        redis.url,
        '--lock-ms',
        '1000',
        '--stalled-ms',
        '500',
        '--dump-delay-ms',
        '400',
      ],
      { env: { ...process.env, GLANCE_STATE_DIR: dir }, stdio: 'ignore' },
    );
    try {
      const suite = worldJobs(await worlds(['clock']), { name: 'crash', policy: 'oracle', mode: 'episode' });
      const one = { ...suite, jobs: suite.jobs.slice(0, 1) };
      await submitSuite(one, { redis: redis.url });
      await until('the doomed worker to take the job', async () =>
        (await farmStatus(redis.url)).devices.some((d) => d.device === 'doomed' && d.job !== undefined),
      );
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      // The rescuer checks for stalled jobs often (the doomed worker's lock lapses after 1 s) but holds its own lock
      // long: a short one, on a loaded machine, lapses while it works and counts a second stall.
      workers.push(await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice('rescuer'), lockMs: 30_000, stalledMs: 500 }));
      const report = await followSuite('crash', { redis: redis.url, timeoutMs: 60_000 });
      assert.deepEqual(report.farm.devices, { rescuer: 1 });
      assert.equal(report.farm.stalls, 1);
      assert.equal(workers[0]!.completed, 1);
      assert.equal((await exportSuite(redis.url, 'crash')).length, 1);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await closeAll(workers);
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('closing a worker finishes its running episode first; nothing is lost or run twice', async () => {
    const redis = await startRedis();
    try {
      const w = await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice('slow', { dumpDelayMs: 150 }) });
      const suite = worldJobs(await worlds(['clock']), { name: 'graceful', policy: 'oracle', mode: 'episode' });
      await submitSuite({ ...suite, jobs: suite.jobs.slice(0, 2) }, { redis: redis.url });
      await until('the first episode to start', async () => (await farmStatus(redis.url)).devices.some((d) => d.job !== undefined));
      await w.close();
      assert.equal(w.completed, 1);
      const status = await farmStatus(redis.url);
      assert.equal(status.queues['episodes']!['completed'], 1);
      assert.equal(status.queues['episodes']!['waiting'], 1);
      assert.equal(status.queues['episodes']!['active'], 0);
      const next = await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice('next') });
      const report = await followSuite('graceful', { redis: redis.url, timeoutMs: 60_000 });
      await next.close();
      assert.deepEqual(report.farm.devices, { next: 1, slow: 1 });
      assert.equal(report.farm.stalls, 0);
    } finally {
      await redis.stop();
    }
  });

  test('a device that vanished (its TCP endpoint gone): the job is retried on another device, that worker pauses', async () => {
    const redis = await startRedis();
    const phones = await Promise.all([0, 1].map(() => startVirtualDevice({ droidbotDir: join(droidtaskDir, 'clock') })));
    const workers: FarmWorker[] = [];
    try {
      const [gone, alive] = phones as [RunningVirtualDevice, RunningVirtualDevice];
      await gone.close();
      workers.push(
        await startFarmWorker({
          redis: redis.url,
          device: new AdbFarmDevice(`direct:127.0.0.1:${gone.port}`, createDeviceProvider({}), { name: 'gone' }),
          recheckMs: 600_000,
        }),
      );
      const tasks = [0, 1].map((i) => ({ id: `t${i}`, task: 'open settings', app: 'com.simplemobiletools.clock', maxSteps: 2 }));
      await submitSuite(liveJobs(tasks, { name: 'vanish', policy: 'heuristic' }), { redis: redis.url, retryDelayMs: 50 });
      await until('the vanished device to fail its health check', async () => workers[0]!.paused);
      workers.push(
        await startFarmWorker({
          redis: redis.url,
          device: new AdbFarmDevice(`direct:127.0.0.1:${alive.port}`, createDeviceProvider({}), { name: 'alive' }),
        }),
      );
      const report = await followSuite('vanish', { redis: redis.url, timeoutMs: 60_000 });
      assert.deepEqual(report.farm.devices, { alive: 2 });
      assert.equal(report.farm.retries, 1);
      const board = (await farmStatus(redis.url)).devices.find((d) => d.device === 'gone');
      assert.equal(board?.health, 'unhealthy');
    } finally {
      await closeAll(workers);
      await Promise.all(phones.map((p) => p.close()));
      await redis.stop();
    }
  });

  test('one queue per profile: a suite for a profile runs only on workers of that profile', async () => {
    const redis = await startRedis();
    const workers: FarmWorker[] = [];
    try {
      workers.push(await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice('plain') }));
      workers.push(await startFarmWorker({ redis: redis.url, device: new VirtualFarmDevice('tablet'), profile: 'tablet' }));
      const suite = worldJobs(await worlds(['clock']), { name: 'profiled', policy: 'oracle', mode: 'episode' });
      await submitSuite({ ...suite, jobs: suite.jobs.slice(0, 4) }, { redis: redis.url, profile: 'tablet' });
      const report = await followSuite('profiled', { redis: redis.url, timeoutMs: 60_000 });
      assert.deepEqual(report.farm.devices, { tablet: 4 });
      const status = await farmStatus(redis.url);
      assert.equal(status.queues['episodes-tablet']!['completed'], 4);
      assert.equal(status.queues['episodes']!['completed'], 0);
    } finally {
      await closeAll(workers);
      await redis.stop();
    }
  });

  test('tasks in words on virtual devices reached over TCP: reset, run, results written', async () => {
    const redis = await startRedis();
    const dir = tempDir('glance-farm-');
    const phones = await Promise.all([0, 1].map(() => startVirtualDevice({ droidbotDir: join(droidtaskDir, 'clock') })));
    const workers: FarmWorker[] = [];
    try {
      for (const p of phones) {
        workers.push(
          await startFarmWorker({
            redis: redis.url,
            device: new AdbFarmDevice(`direct:127.0.0.1:${p.port}`, createDeviceProvider({})),
            results: dir,
          }),
        );
      }
      const tasks = [0, 1, 2, 3].map((i) => ({ id: `t${i}`, task: 'open settings', app: 'com.simplemobiletools.clock', maxSteps: 4 }));
      await submitSuite(liveJobs(tasks, { name: 'live', policy: 'heuristic' }), { redis: redis.url });
      const report: FarmReport = await followSuite('live', { redis: redis.url, timeoutMs: 120_000 });
      assert.ok('outcomes' in report);
      assert.equal(report.tasks.length, 4);
      assert.equal(
        Object.values(report.outcomes).reduce((a, b) => a + (b ?? 0), 0),
        4,
      );
      for (const t of report.tasks) assert.ok(existsSync(join(t.results!, 'trajectory.jsonl')), t.job);
      assertNoOverlap(await exportSuite(redis.url, 'live'));
      assert.equal(Object.keys(report.farm.devices).length, 2);
    } finally {
      await closeAll(workers);
      await Promise.all(phones.map((p) => p.close()));
      await redis.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
