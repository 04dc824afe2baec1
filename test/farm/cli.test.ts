// `glance farm …` as a user runs it: a local redis-server from `farm up` (stopped by `farm down`), suites enqueued
// and followed from the CLI while workers hold virtual devices, status and export read back, and the coded errors
// of a missing Redis and of incomplete commands.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { VirtualFarmDevice } from '../../src/farm/devices.js';
import { startFarmWorker, type FarmWorker } from '../../src/farm/worker.js';
import { glance } from '../helpers/cli.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

describe('glance farm', { skip: requires({ redis: true, shared: true }) }, () => {
  let dir: string;
  let env: Record<string, string>;
  let redis: string;
  const workers: FarmWorker[] = [];
  const g = (args: string[]) => glance(args, { env });

  before(async () => {
    dir = tempDir('glance-farm-cli-');
    env = { GLANCE_STATE_DIR: join(dir, 'state') };
    const up = await g(['--json', 'farm', 'up']);
    assert.equal(up.code, 0, up.stderr);
    redis = (JSON.parse(up.stdout) as { result: { url: string } }).result.url;
  });
  after(async () => {
    await Promise.all(workers.map((w) => w.close()));
    const down = await g(['farm', 'down']);
    rmSync(dir, { recursive: true, force: true });
    assert.equal(down.code, 0, down.stderr);
  });

  test('farm run on 2 virtual devices prints the bench report and the farm figures; --json has the bench schema', async () => {
    for (const name of ['a', 'b'])
      workers.push(await startFarmWorker({ redis, device: new VirtualFarmDevice(name), results: join(dir, 'results') }));
    const out = join(dir, 'report.json');
    const r = await g([
      'farm',
      'run',
      '--worlds',
      droidtaskDir,
      '--apps',
      'clock',
      '--policy',
      'oracle',
      '--mode',
      'episode',
      '--json',
      out,
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^farm: suite droidtask-oracle-episode-clock, (\d+)\/\1 episodes/m);
    const report = JSON.parse(readFileSync(out, 'utf8')) as {
      episode: { total: number };
      tasks: unknown[];
      farm: { devices: Record<string, number> };
    };
    assert.equal(report.tasks.length, report.episode.total);
    assert.deepEqual(Object.keys(report.farm.devices).sort(), ['a', 'b']);
    const again = await g([
      '--json',
      'farm',
      'submit',
      '--worlds',
      droidtaskDir,
      '--apps',
      'clock',
      '--policy',
      'oracle',
      '--mode',
      'episode',
    ]);
    assert.equal((JSON.parse(again.stdout) as { result: { added: number } }).result.added, 0);

    const rows = join(dir, 'rows.jsonl');
    const x = await g(['farm', 'export', '--name', 'droidtask-oracle-episode-clock', '--out', rows]);
    assert.equal(x.code, 0, x.stderr);
    const lines = readFileSync(rows, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { results: string; device: string });
    assert.equal(lines.length, report.episode.total);
    for (const l of lines)
      assert.ok(existsSync(join(l.results, 'trajectory.jsonl')) && existsSync(join(l.results, 'report.html')), l.results);

    const s = await g(['--json', 'farm', 'status']);
    const status = JSON.parse(s.stdout) as {
      result: { devices: Array<{ device: string; health: string }>; suites: Array<{ suite: string; state: string }> };
    };
    assert.deepEqual(
      status.result.devices.map((d) => [d.device, d.health]),
      [
        ['a', 'ok'],
        ['b', 'ok'],
      ],
    );
    assert.deepEqual(status.result.suites, [
      { suite: 'droidtask-oracle-episode-clock', state: 'completed', done: report.episode.total, failed: 0, total: report.episode.total },
    ]);
  });

  test("farm submit --suite tasks.jsonl enqueues each line once per repeat, into the profile's queue", async () => {
    const file = join(dir, 'tasks.jsonl');
    writeFileSync(file, '{"id":"settings","task":"open settings","app":"com.simplemobiletools.clock"}\n{"task":"add an alarm"}\n');
    const r = await g(['--json', 'farm', 'submit', '--suite', file, '--repeat', '2', '--profile', 'pixel8']);
    assert.equal(r.code, 0, r.stderr);
    assert.deepEqual((JSON.parse(r.stdout) as { result: unknown }).result, { suite: 'tasks-heuristic', episodes: 4, added: 4 });
    const s = JSON.parse((await g(['--json', 'farm', 'status', '--profile', 'pixel8'])).stdout) as {
      result: { queues: Record<string, Record<string, number>>; suites: Array<{ suite: string; state: string }> };
    };
    assert.equal(s.result.queues['episodes-pixel8']!['waiting'], 4);
    assert.deepEqual(
      s.result.suites.find((x) => x.suite === 'tasks-heuristic'),
      { suite: 'tasks-heuristic', state: 'waiting-children', done: 0, failed: 0, total: 4 },
    );
  });

  test('no Redis at the URL: REDIS_UNAVAILABLE with a hint, at once', async () => {
    const r = await g(['farm', 'status', '--redis', 'redis://127.0.0.1:1']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /^error REDIS_UNAVAILABLE: Redis at 127\.0\.0\.1:1 is not reachable\nhint: start one/m);
    const bad = await g(['farm', 'status', '--redis', 'http://x']);
    assert.match(bad.stderr, /error USAGE: not a Redis URL/);
  });

  test('incomplete commands are USAGE errors', async () => {
    assert.match((await g(['farm', 'worker'])).stderr, /error USAGE: a worker holds one device/);
    assert.match((await g(['farm', 'worker', '-s', 'x', '--virtual'])).stderr, /error USAGE: pass either/);
    assert.match((await g(['farm', 'run'])).stderr, /error USAGE: pass --worlds DIR/);
    assert.match(
      (await g(['farm', 'run', '--worlds', droidtaskDir, '--repeat', '0'])).stderr,
      /error USAGE: --repeat takes a positive integer/,
    );
    assert.match((await g(['farm', 'worker', '-s', 'stf:X'])).stderr, /error USAGE: an stf: device needs --stf URL/);
    assert.match((await g(['farm', 'export'])).stderr, /error USAGE: missing --name/);
    assert.match((await g(['farm', 'nope'])).stderr, /error USAGE: unknown farm command "nope"/);
    // The usage names --timeout and its default, so nobody waits hours on a farm without workers unawares.
    assert.match((await g(['farm', 'nope'])).stderr, /--timeout SECONDS\b.*default 3600/);
  });
});
