// Farm inputs that try to leave their place: job ids and suite names with `..` or separators stay one folder
// under --results (the resolved path is checked), and a Redis password with a space, CR or LF is sent as one
// RESP argument to a real redis-server, where the inline form split it or ended the command early.
import assert from 'node:assert/strict';
import { Socket } from 'node:net';
import { join, relative, resolve } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { jobFolder, resultsFolder } from '../../src/farm/jobs.js';
import { pingRedis, respCommand, startLocalRedis, type LocalRedis } from '../../src/farm/redis.js';
import { isGlanceError } from '../../src/errors.js';
import { redisServerPath, requires } from '../helpers/requires.js';

test('job ids and suite names become one folder under the results root, whatever they hold', () => {
  const root = resolve('/tmp/glance-results');
  for (const [suite, job] of [
    ['s', '../../../etc:x:1'],
    ['..', '..'],
    ['.', 'a/../../b'],
    ['s\\..\\..', 'C:\\x'],
    ['s', '...'],
    ['s\u0000', 'x\n'],
  ] as const) {
    const dir = resultsFolder(root, suite, job);
    const parts = relative(root, dir).split('/');
    assert.equal(parts.length, 2, dir);
    for (const p of parts) assert.ok(/^[A-Za-z0-9._-]+$/.test(p) && !/^\.+$/.test(p), `${JSON.stringify(p)} of ${dir}`);
  }
  assert.equal(jobFolder('suite:task-1:0'), 'suite_task-1_0');
  assert.equal(resultsFolder(root, 'demo', 'demo:t:0'), join(root, 'demo', 'demo_t_0'));
});

test('a command is a RESP array of bulk strings, lengths in bytes', () => {
  assert.equal(respCommand(['AUTH', 'default', 'p w\r\nü']), '*3\r\n$4\r\nAUTH\r\n$7\r\ndefault\r\n$7\r\np w\r\nü\r\n');
});

describe('AUTH against a real redis-server', { skip: requires({ redis: true }) }, () => {
  let redis: LocalRedis;
  const password = 'two words\r\nCONFIG SET x';
  before(async () => {
    redis = await startLocalRedis({ bin: redisServerPath() });
    // Set the password through the same encoding the test checks; a broken encoding fails here already.
    await new Promise<void>((ok, fail) => {
      const s = new Socket();
      s.on('error', fail);
      s.on('data', (d) => {
        s.destroy();
        if (d.toString().startsWith('+OK')) ok();
        else fail(new Error(d.toString()));
      });
      s.connect(redis.port, '127.0.0.1', () => s.write(respCommand(['CONFIG', 'SET', 'requirepass', password])));
    });
  });
  after(async () => redis.stop());

  test('a password with a space and CR LF is one argument', async () => {
    await pingRedis({ host: '127.0.0.1', port: redis.port, db: 0, password });
    await assert.rejects(
      pingRedis({ host: '127.0.0.1', port: redis.port, db: 0, password: 'two words' }),
      (e: unknown) => isGlanceError(e, 'REDIS_UNAVAILABLE') && /refused: -WRONGPASS/.test(e.message),
    );
  });
});
