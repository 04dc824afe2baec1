// Redis killed by its PID while a suite is followed: the wait ends by itself with REDIS_UNAVAILABLE and its hint
// (ioredis would reconnect for ever and BullMQ queue the commands meanwhile), the process exits, no report is
// written, nothing but the coded error reaches the user, and Redis started again on its data still holds the
// suite and every episode of it.
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { Queue } from 'bullmq';
import { isGlanceError } from '../../src/errors.js';
import { FARM_PREFIX, SUITE_QUEUE } from '../../src/farm/jobs.js';
import { freePort, parseRedisUrl, startLocalRedis, waiterOptions, type LocalRedis } from '../../src/farm/redis.js';
import { followSuite, liveJobs, submitSuite } from '../../src/farm/suite.js';
import { glanceProcess } from '../helpers/cli.js';
import { redisServerPath, requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

/** SIGKILL, as a crash or an OOM kill ends Redis (no goodbye to its clients), then waits for the process to go. */
async function killRedis(r: LocalRedis): Promise<void> {
  process.kill(r.pid, 'SIGKILL');
  await r.stop();
}

/** Waits until a worker (the follower's aggregator) listens on the suites queue: the run is following by then. */
async function untilFollowing(url: string): Promise<void> {
  const q = new Queue(SUITE_QUEUE, { connection: waiterOptions(parseRedisUrl(url)), prefix: FARM_PREFIX });
  try {
    for (let i = 0; i < 600; i++) {
      if ((await q.getWorkers()).length > 0) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.fail('glance farm run never started following its suite');
  } finally {
    await q.close();
  }
}

describe('Redis lost while a suite is followed', { skip: requires({ redis: true }) }, () => {
  test('followSuite ends with REDIS_UNAVAILABLE naming the suite, with a hint', { timeout: 60_000 }, async (t) => {
    const redis = await startLocalRedis({ bin: redisServerPath() });
    try {
      const suite = liveJobs([{ id: 'one', task: 'open settings' }], { name: 'lost-lib', policy: 'heuristic' });
      await submitSuite(suite, { redis: redis.url });
      let killed: Promise<void> | undefined;
      const started = Date.now();
      let lostAt = 0;
      await assert.rejects(
        followSuite('lost-lib', {
          redis: redis.url,
          onProgress: () => {
            lostAt ||= Date.now();
            killed ??= killRedis(redis);
          },
        }),
        (e: unknown) => {
          assert.ok(isGlanceError(e, 'REDIS_UNAVAILABLE'), String(e));
          assert.equal(e.message, `lost Redis at 127.0.0.1:${redis.port} while following suite lost-lib`);
          assert.match(e.hint ?? '', /start Redis again and run the same command/);
          assert.deepEqual(e.context, { host: '127.0.0.1', port: redis.port, suite: 'lost-lib' });
          return true;
        },
      );
      assert.ok(killed !== undefined, 'the suite was followed (a progress report) before Redis was killed');
      await killed;
      t.diagnostic(`REDIS_UNAVAILABLE ${Date.now() - lostAt} ms after the kill (${Date.now() - started} ms in all; machine under load)`);
    } finally {
      await redis.stop();
    }
  });

  test(
    'glance farm run exits 1 with the coded error only; Redis back on its data holds the whole suite',
    { timeout: 120_000 },
    async () => {
      const dir = tempDir('glance-redis-lost-');
      const port = await freePort();
      let redis = await startLocalRedis({ bin: redisServerPath(), dataDir: dir, port });
      try {
        const tasks = join(dir, 'tasks.jsonl');
        writeFileSync(tasks, '{"id":"a","task":"open settings"}\n{"id":"b","task":"add an alarm"}\n');
        const out = join(dir, 'report.json');
        // No worker: the episodes wait in the queue, as on a farm whose devices are busy.
        const run = glanceProcess(['--json', 'farm', 'run', '--suite', tasks, '--redis', redis.url, '--json', out], {
          env: { GLANCE_STATE_DIR: join(dir, 'state') },
          timeoutMs: 90_000,
        });
        await untilFollowing(redis.url);
        await killRedis(redis);
        const r = await run;
        assert.equal(r.code, 1, `exit code (a process killed by the test's deadline is -1)\n${r.stderr}`);
        const reply = JSON.parse(r.stdout) as { ok: boolean; error: { code: string; message: string; hint: string } };
        assert.equal(reply.ok, false);
        assert.equal(reply.error.code, 'REDIS_UNAVAILABLE');
        assert.equal(reply.error.message, `lost Redis at 127.0.0.1:${port} while following suite tasks-heuristic`);
        assert.match(reply.error.hint, /start Redis again and run the same command/);
        // ioredis's unheard connection errors used to print their stacks here every few seconds.
        assert.equal(r.stderr, '');
        assert.equal(existsSync(out), false, 'no report from a suite that did not finish');

        redis = await startLocalRedis({ bin: redisServerPath(), dataDir: dir, port });
        const status = await glanceProcess(['--json', 'farm', 'status', '--redis', redis.url], {
          env: { GLANCE_STATE_DIR: join(dir, 'state') },
        });
        assert.equal(status.code, 0, status.stderr);
        const s = (
          JSON.parse(status.stdout) as {
            result: { queues: Record<string, Record<string, number>>; suites: Array<Record<string, unknown>> };
          }
        ).result;
        assert.deepEqual(s.suites, [{ suite: 'tasks-heuristic', state: 'waiting-children', done: 0, failed: 0, total: 2 }]);
        assert.equal(s.queues['episodes']!['waiting'], 2);
      } finally {
        await redis.stop();
      }
    },
  );
});
