// The farm's pure parts: Redis URLs, job ids, tasks.jsonl lines, and a suite's figures from its episodes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { farmFigures } from '../../src/farm/aggregate.js';
import { episodeJobId, episodeQueue, jobFolder, suiteJobId, type EpisodeSummary } from '../../src/farm/jobs.js';
import { parseRedisUrl } from '../../src/farm/redis.js';
import { parseTasksJsonl } from '../../src/farm/suite.js';
import { isGlanceError } from '../../src/errors.js';

describe('farm jobs, URLs and figures', () => {
  test('Redis URLs: host, port, db and credentials; anything else is USAGE', () => {
    assert.deepEqual(parseRedisUrl('redis://127.0.0.1:6391'), { host: '127.0.0.1', port: 6391, db: 0 });
    assert.deepEqual(parseRedisUrl('redis://u:p%40ss@cache.lan/3'), {
      host: 'cache.lan',
      port: 6379,
      db: 3,
      username: 'u',
      password: 'p@ss',
    });
    assert.deepEqual(parseRedisUrl('localhost:7000'), { host: 'localhost', port: 7000, db: 0 });
    for (const bad of ['http://x', 'redis://h/x', 'redis://', '::'])
      assert.throws(
        () => parseRedisUrl(bad),
        (e) => isGlanceError(e, 'USAGE'),
        bad,
      );
  });

  test('job ids are suite:task:rep with no other colon; folders have no separators; queues per profile', () => {
    assert.equal(episodeJobId('s', 'clock/tasks/task1.yaml', 2), 's:clock/tasks/task1.yaml:2');
    assert.equal(episodeJobId('a:b', 'c:d', 0), 'a_b:c_d:0');
    assert.equal(suiteJobId('x:y'), 'x_y');
    assert.equal(jobFolder('s:clock/tasks/t.yaml:0'), 's_clock_tasks_t.yaml_0');
    assert.equal(episodeQueue(undefined), 'episodes');
    assert.equal(episodeQueue('sdk34'), 'episodes-sdk34');
  });

  test('tasks.jsonl: one task per line, ids default to the line; bad lines name file and line', () => {
    const text = '{"task":"open settings","app":"com.a","maxSteps":5}\n\n{"id":"x","task":"call Bob"}\n';
    assert.deepEqual(parseTasksJsonl(text, 'f.jsonl'), [
      { id: 'line1', task: 'open settings', app: 'com.a', maxSteps: 5 },
      { id: 'x', task: 'call Bob' },
    ]);
    const bad: Array<[string, RegExp]> = [
      ['{"task":"a"}\nnot json', /f\.jsonl:2 is not JSON/],
      ['{"app":"com.a"}', /f\.jsonl:1 has no "task"/],
      ['{"task":"a","maxSteps":0}', /"maxSteps" that is not a positive integer/],
      ['{"task":"a","app":7}', /"app" that is not a package name/],
    ];
    for (const [t, m] of bad)
      assert.throws(
        () => parseTasksJsonl(t, 'f.jsonl'),
        (e) => isGlanceError(e, 'INPUT_UNREADABLE') && m.test(e.message),
        t,
      );
  });

  test('figures: per-device counts, retries, stalls, wall from enqueue, time around the episodes', () => {
    // eslint-disable-next-line max-params -- a table of episodes reads best as one positional row each
    const ep = (device: string, startedAt: number, endedAt: number, episodeMs: number, retries = 0, stalls = 0): EpisodeSummary => ({
      jobId: `s:${device}${startedAt}:0`,
      suite: 's',
      order: 0,
      device,
      worker: `w-${device}`,
      startedAt,
      endedAt,
      episodeMs,
      retries,
      stalls,
      policy: 'oracle',
    });
    const f = farmFigures(
      [ep('b', 1000, 1500, 400), ep('a', 1000, 1200, 150, 1), ep('b', 1500, 2600, 1000, 0, 1)],
      [{ job: 'x', error: 'e' }],
      {
        suite: 's',
        episodes: 4,
        enqueuedAt: 600,
        policy: 'oracle',
        mode: 'episode',
      },
    );
    assert.deepEqual(f, {
      suite: 's',
      episodes: 4,
      completed: 3,
      failed: [{ job: 'x', error: 'e' }],
      devices: { a: 1, b: 2 },
      retries: 1,
      stalls: 1,
      wallSeconds: 2,
      episodeSeconds: 1.55,
      workerOverheadMs: 83.3,
    });
  });
});
