// The guard over exchanges with Redis: a slow exchange with a Redis that still answers is waited for, one with a
// Redis that is gone ends as REDIS_UNAVAILABLE (at the deadline, or at once when a watched client reports an error),
// plain errors keep their own identity while Redis answers, an abort is ABORTED; closing clients whose Redis is
// gone never waits on answers that cannot come.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { isGlanceError } from '../../src/errors.js';
import { closeWithin, RedisGuard, type Closable } from '../../src/farm/guard.js';
import { freePort, type LocalRedis, type RedisEndpoint } from '../../src/farm/redis.js';
import { startRedis } from '../helpers/redis.js';
import { requires } from '../helpers/requires.js';

const later = <T>(ms: number, value: T): Promise<T> => new Promise((r) => setTimeout(() => r(value), ms));
const never = new Promise<never>(() => undefined);

describe('RedisGuard on a Redis that answers', { skip: requires({ redis: true }) }, () => {
  let redis: LocalRedis;
  let endpoint: RedisEndpoint;
  before(async () => {
    redis = await startRedis();
    endpoint = { host: '127.0.0.1', port: redis.port, db: 0 };
  });
  after(async () => redis.stop());

  test('an exchange slower than the deadline is waited for while Redis answers', async () => {
    const guard = new RedisGuard(endpoint, { stallMs: 20 });
    assert.equal(await guard.run(later(300, 'done')), 'done');
    assert.equal(guard.lost, false);
  });

  test('a plain error stays itself, and a client error only wakes a check', async () => {
    const guard = new RedisGuard(endpoint);
    const client = new EventEmitter();
    guard.watch(client);
    const run = guard.run(later(200, 'ok'));
    client.emit('error', new Error('a blip'));
    assert.equal(await run, 'ok');
    await assert.rejects(guard.run(Promise.reject(new Error('WRONGTYPE'))), /WRONGTYPE/);
  });
});

describe('RedisGuard on a Redis that is gone', () => {
  const gone = async (): Promise<RedisEndpoint> => ({ host: '127.0.0.1', port: await freePort(), db: 0 });

  test('an exchange that never ends is REDIS_UNAVAILABLE at the deadline, naming what was going on', async () => {
    const guard = new RedisGuard(await gone(), { stallMs: 50, doing: 'following suite s', hint: 'start it', context: { suite: 's' } });
    await assert.rejects(guard.run(never), (e: unknown) => {
      assert.ok(isGlanceError(e, 'REDIS_UNAVAILABLE'), String(e));
      assert.match(e.message, /^lost Redis at 127\.0\.0\.1:\d+ while following suite s$/);
      assert.equal(e.hint, 'start it');
      assert.equal(e.context?.['suite'], 's');
      return true;
    });
    assert.equal(guard.lost, true);
  });

  test("a watched client's error ends the exchange without waiting for the deadline", async () => {
    const guard = new RedisGuard(await gone(), { stallMs: 3_600_000 });
    const client = new EventEmitter();
    guard.watch(client);
    const run = guard.run(never);
    client.emit('error', new Error('connect ECONNREFUSED'));
    await assert.rejects(
      run,
      (e: unknown) => isGlanceError(e, 'REDIS_UNAVAILABLE') && (e.cause as Error).message === 'connect ECONNREFUSED',
    );
  });

  test('an error between exchanges makes the next one check first', async () => {
    const guard = new RedisGuard(await gone(), { stallMs: 3_600_000 });
    const client = new EventEmitter();
    guard.watch(client);
    client.emit('error', new Error('connection reset'));
    await assert.rejects(guard.run(Promise.resolve('stale')), (e: unknown) => isGlanceError(e, 'REDIS_UNAVAILABLE'));
  });

  test('an abort is ABORTED', async () => {
    const ac = new AbortController();
    const guard = new RedisGuard(await gone(), { stallMs: 3_600_000, signal: ac.signal });
    const run = guard.run(never);
    ac.abort();
    await assert.rejects(run, (e: unknown) => isGlanceError(e, 'ABORTED'));
  });
});

/** A client whose QUIT and disconnect are never answered, as when Redis went away; it records what it was told. */
class DeafClient implements Closable {
  readonly calls: string[] = [];
  close(force?: boolean): Promise<void> {
    this.calls.push(force === true ? 'close(force)' : 'close');
    return never;
  }
  disconnect(): Promise<void> {
    this.calls.push('disconnect');
    return never;
  }
}

test('closeWithin: a client that never closes is disconnected, and that wait is bounded too', async () => {
  const polite = new DeafClient();
  const lost = new DeafClient();
  await closeWithin(50, [polite]);
  await closeWithin(3_600_000, [lost], { lost: true });
  assert.deepEqual(polite.calls, ['close', 'disconnect']);
  assert.deepEqual(lost.calls, ['close(force)', 'disconnect']);
});
