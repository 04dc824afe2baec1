// A test process killed from outside never runs its after() hooks: the adb server it started must not outlive it.
// Each case starts a real test process that holds an adb server through the harness, kills it, and looks for the
// server by its pid and its port. The records go to a folder of this file's own (GLANCE_ORPHAN_DIR).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { alive, reapOrphans, startedAt } from '../../scripts/orphans.mjs';
import { repoRoot } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';
import { accepts, waitFor } from '../adb/adb-harness.js';

const records = tempDir('glance-orphans-test-');
const holder = join(repoRoot, 'test/helpers/fixtures/hold-adb-server.ts');
const started: ChildProcess[] = [];

interface Held {
  child: ChildProcess;
  port: number;
  pid: number;
  start: string | undefined;
  home: string;
}

/** Starts a test process holding an adb server; resolves once the server listens. */
function hold(): Promise<Held> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', holder], {
      cwd: repoRoot,
      env: { ...process.env, GLANCE_ORPHAN_DIR: records },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    started.push(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const nl = out.indexOf('\n');
      if (nl < 0) return;
      const said = JSON.parse(out.slice(0, nl)) as { port: number; pid: number; home: string };
      resolve({ child, ...said, start: startedAt(said.pid) });
    });
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => reject(new Error(`the holder exited (${code}) before its server listened: ${err}`)));
  });
}

const exited = (child: ChildProcess): Promise<unknown> =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));

/** Waits (bounded) until the held server is gone: its process ended and nothing listens on its port. */
async function gone(h: Held): Promise<void> {
  await waitFor(async () => (!alive(h.pid, h.start) && !(await accepts(h.port)) ? true : undefined), 10_000);
}

after(() => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  reapOrphans(records);
});

describe('an adb server started by a test process killed from outside', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  test('SIGTERM (the runner ending a file): the process kills its server and removes its HOME on the way out', async () => {
    const h = await hold();
    assert.ok(alive(h.pid, h.start), 'the server runs while its test process does');
    assert.ok(await accepts(h.port));
    h.child.kill('SIGTERM');
    await exited(h.child);
    await gone(h);
    assert.equal(existsSync(h.home), false);
    assert.deepEqual(readdirSync(records), [], 'its record went with it');
  });

  test('SIGKILL: the server outlives its process until a reaper runs; the reaper kills it and removes its HOME', async () => {
    const h = await hold();
    h.child.kill('SIGKILL');
    await exited(h.child);
    assert.ok(alive(h.pid, h.start), 'nothing in a SIGKILLed process runs: its server is still there');
    assert.deepEqual(reapOrphans(records), [`adb server on port ${h.port}`]);
    await gone(h);
    assert.equal(existsSync(h.home), false);
    assert.deepEqual(readdirSync(records), []);
  });

  test('SIGKILL, then the next test process to start a server reaps the orphan; a live owner keeps its server', async () => {
    const killed = await hold();
    killed.child.kill('SIGKILL');
    await exited(killed.child);
    // The next harness reaps as it starts, before its own server listens.
    const next = await hold();
    await gone(killed);
    assert.ok(alive(next.pid, next.start), "the new process's server runs");
    // A reaper leaves a living owner's server alone.
    assert.deepEqual(reapOrphans(records), []);
    assert.ok(await accepts(next.port));
    next.child.kill('SIGTERM');
    await exited(next.child);
    await gone(next);
  });
});
