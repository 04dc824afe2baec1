import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as sourceClient from '../../src/cli/client.js';
import { COMMANDS } from '../../src/cli/table.js';
import { keyedQueue } from '../../src/tools/session.js';
import { repoRoot } from '../helpers/corpus.js';
import { clientArgs, spawnsBuilt, type CliRun } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';
import { requires } from '../helpers/requires.js';
import { accepts, freePort } from '../adb/adb-harness.js';

const { DAEMON_VERBS, daemonEligible, socketPath } = sourceClient;
// A socket's name includes the build that serves it (a client never reaches a daemon of another build), so the
// socket a spawned client uses is the one the module it runs names: the build's while dist/ is current.
const spawned = spawnsBuilt
  ? ((await import(pathToFileURL(join(repoRoot, 'dist/src/cli/client.js')).href)) as typeof sourceClient)
  : sourceClient;
const screens = join(repoRoot, 'assets/scenarios/demo/screens');
const dirs: string[] = [];

/** A daemon folder of its own, so tests never meet each other's (or a user's) daemon. */
function freshEnv(extra: Record<string, string> = {}): Record<string, string | undefined> {
  const dir = tempDir('glance-daemon-test-');
  dirs.push(dir);
  const env: Record<string, string | undefined> = { ...process.env, GLANCE_DAEMON_DIR: dir, ...extra };
  delete env['GLANCE_NO_DAEMON'];
  return env;
}

function glance(argv: string[], env: Record<string, string | undefined>, cwd = screens): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    // The built client while dist/ is current (the daemon it starts runs from the same place), else the source.
    const child = spawn(process.execPath, [...clientArgs, ...argv], { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

async function status(env: Record<string, string | undefined>): Promise<{ running: boolean; pid?: number; calls?: number }> {
  const r = await glance(['--json', 'daemon', 'status'], env);
  return (JSON.parse(r.stdout) as { result: { running: boolean; pid?: number; calls?: number } }).result;
}

async function until(f: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await f()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`timed out waiting for ${what}`);
}

after(async () => {
  // Nothing left behind: stop whatever a failed test may have left running, then remove the folders.
  for (const dir of dirs) {
    // A folder without a socket has no daemon to stop (a spawned client costs a second under load).
    if (existsSync(dir) && readdirSync(dir).some((f) => f.endsWith('.sock')))
      await glance(['daemon', 'stop'], { ...process.env, GLANCE_DAEMON_DIR: dir });
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the background daemon', { timeout: 180_000 }, () => {
  test('the client hands over exactly the verbs of the command table but its file jobs', () => {
    const local = ['map', 'map path'];
    assert.deepEqual([...DAEMON_VERBS].sort(), [...COMMANDS.map((c) => c.verb).filter((v) => !local.includes(v)), 'blocks'].sort());
    assert.ok(!daemonEligible(['map', 'app/src', '--json', 'map.json']), 'a map build runs in the caller');
    assert.ok(daemonEligible(['-s', 'emulator-5554', '--json', 'ui']));
    assert.ok(!daemonEligible(['virtual']), 'servers run in-process');
    assert.ok(!daemonEligible(['--version']));
    assert.ok(!daemonEligible(['screenshot', '-']), 'bytes to standard output stay in this process');
    assert.ok(!daemonEligible(['ui', '--from', '-']), 'standard input stays in this process');
  });

  test('one daemon per adb server: another ANDROID_ADB_SERVER_PORT gets another socket', () => {
    const a = socketPath({ GLANCE_DAEMON_DIR: '/d' });
    assert.equal(socketPath({ GLANCE_DAEMON_DIR: '/d' }), a);
    assert.notEqual(socketPath({ GLANCE_DAEMON_DIR: '/d', ANDROID_ADB_SERVER_PORT: '5038' }), a);
  });

  test('started on first use; same output, exit status and --json as in-process; relative paths from the caller', async () => {
    const env = freshEnv();
    assert.equal((await status(env)).running, false);
    const inProcess = { ...env, GLANCE_NO_DAEMON: '1' };
    for (const argv of [
      ['ui', '--from', 'recipes.xml'],
      ['--json', 'ui', '--from', 'search.xml'],
      ['ui', '--from', 'no-such-screen.xml'],
      ['--json', 'ui', '--from', 'no-such-screen.xml'],
      ['tap'],
    ]) {
      const [viaDaemon, local] = [await glance(argv, env), await glance(argv, inProcess)];
      assert.deepEqual(viaDaemon, local, argv.join(' '));
    }
    const s = await status(env);
    assert.equal(s.running, true);
    assert.equal(s.calls, 5);
    assert.equal((await glance(['ui', '--from', 'no-such-screen.xml'], env)).code, 2, 'not found');
  });

  test('a call that reads a file asks nothing of adb: no adb server is started for it', { skip: requires({ adb: true }) }, async () => {
    const port = await freePort();
    const env = freshEnv({ ANDROID_ADB_SERVER_PORT: String(port) });
    assert.equal((await glance(['ui', '--from', 'recipes.xml'], env)).code, 0);
    assert.equal((await glance(['--backend', 'dump', 'ui', '--from', 'recipes.xml'], env)).code, 0);
    assert.equal(await accepts(port), false, 'an adb server listens on the port the calls named');
    assert.equal((await glance(['daemon', 'stop'], env)).code, 0);
  });

  test('stop: the daemon leaves and takes its socket with it', async () => {
    const env = freshEnv();
    assert.equal((await glance(['ui', '--from', 'recipes.xml'], env)).code, 0);
    const path = spawned.socketPath(env);
    assert.ok(existsSync(path));
    const r = await glance(['daemon', 'stop'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^daemon \d+ stopped after 1 calls/);
    await until(async () => !existsSync(path), 'the socket to go');
    const s = await glance(['daemon', 'status'], env);
    assert.equal(s.code, 1);
    assert.match(s.stdout, /^no daemon running/);
  });

  test('idle exit: without calls for GLANCE_DAEMON_IDLE_MS the daemon leaves by itself', async () => {
    const env = freshEnv({ GLANCE_DAEMON_IDLE_MS: '400' });
    assert.equal((await glance(['ui', '--from', 'recipes.xml'], env)).code, 0);
    await until(async () => !(await status(env)).running, 'the idle daemon to leave');
    assert.deepEqual(
      readdirSync(env['GLANCE_DAEMON_DIR']!).filter((f) => f.endsWith('.sock')),
      [],
    );
  });

  test('stale socket: a killed daemon is replaced on the next call', async () => {
    const env = freshEnv();
    assert.equal((await glance(['ui', '--from', 'recipes.xml'], env)).code, 0);
    const before = await status(env);
    process.kill(before.pid!, 'SIGKILL');
    await until(async () => {
      try {
        process.kill(before.pid!, 0);
        return false;
      } catch {
        return true;
      }
    }, 'the daemon to die');
    assert.ok(existsSync(spawned.socketPath(env)), 'the dead daemon left its socket file');
    const r = await glance(['ui', '--from', 'recipes.xml'], env);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /Recipes/);
    const after_ = await status(env);
    assert.equal(after_.running, true);
    assert.notEqual(after_.pid, before.pid);
  });

  test('two clients at once, on a cold start: one daemon serves both, each gets its own answer', async () => {
    const env = freshEnv();
    const [a, b] = await Promise.all([glance(['ui', '--from', 'recipes.xml'], env), glance(['ui', '--from', 'search.xml'], env)]);
    assert.equal(a.code, 0, a.stderr);
    assert.equal(b.code, 0, b.stderr);
    const local = { ...env, GLANCE_NO_DAEMON: '1' };
    assert.equal(a.stdout, (await glance(['ui', '--from', 'recipes.xml'], local)).stdout);
    assert.equal(b.stdout, (await glance(['ui', '--from', 'search.xml'], local)).stdout);
    assert.deepEqual(
      readdirSync(env['GLANCE_DAEMON_DIR']!).filter((f) => f.endsWith('.sock')),
      [spawned.socketPath(env).split('/').pop()],
    );
    const s = await status(env);
    assert.equal(s.calls, 2, 'both calls went to the one daemon');
  });
});

describe('the daemon queue', () => {
  test('calls on one device wait for each other, in order; another device does not wait; a failure frees the queue', async () => {
    const queue = keyedQueue();
    const log: string[] = [];
    let releaseA: () => void = () => undefined;
    const a = queue('emulator-5554', async () => {
      log.push('a starts');
      await new Promise<void>((r) => (releaseA = r));
      log.push('a ends');
      throw new Error('a failed');
    });
    const b = queue('emulator-5554', async () => void log.push('b runs'));
    const c = queue('emulator-5556', async () => void log.push('c runs'));
    await c;
    assert.deepEqual(log, ['a starts', 'c runs'], 'b waits for a; c, on another device, does not');
    releaseA();
    await assert.rejects(a, /a failed/);
    await b;
    assert.deepEqual(log, ['a starts', 'c runs', 'a ends', 'b runs']);
  });
});

describe('a daemon reached as it leaves', () => {
  test('status answers "not running" (exit 1), never nothing, when the socket closes without a word', async () => {
    const env = freshEnv();
    // What a client meets in the moment an idle daemon closes: its socket accepts, then ends with no frame.
    const path = sourceClient.socketPath(env);
    const leaving = createServer((s) => s.end());
    await new Promise<void>((r) => leaving.listen(path, r));
    try {
      const lines: string[] = [];
      const code = await sourceClient.daemonCommand(['status', '--json'], (s) => void lines.push(s), env);
      assert.equal(code, 1);
      assert.deepEqual(JSON.parse(lines.join('')), { ok: true, result: { running: false, socket: path } });
      lines.length = 0;
      assert.equal(await sourceClient.daemonCommand(['stop'], (s) => void lines.push(s), env), 0);
      assert.match(lines.join(''), /^no daemon running/);
    } finally {
      leaving.close();
    }
  });
});
