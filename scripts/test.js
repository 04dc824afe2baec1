// Runs every test file under test/ with node's own test runner (TypeScript loaded through tsx).
// Node 20's --test does not expand globs, so the files are listed here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : find(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** The pid in a daemon's status reply (its first line, JSON), or undefined. */
function pidOf(reply) {
  try {
    return JSON.parse(reply.split('\n')[0]).pid;
  } catch {
    return undefined;
  }
}

/**
 * Stops every daemon that answers on a socket in `dir` (the daemon's own `stop` request, answered with its status)
 * and waits, up to 10 s, until those processes are gone: only then may their folder be removed.
 */
async function stopDaemons(dir) {
  if (!existsSync(dir)) return;
  const sockets = readdirSync(dir).filter((f) => f.endsWith('.sock'));
  const pids = await Promise.all(
    sockets.map(
      (f) =>
        new Promise((resolve) => {
          let reply = '';
          const s = connect(join(dir, f));
          s.on('connect', () => s.end(`${JSON.stringify({ op: 'stop' })}\n`));
          s.on('data', (d) => (reply += d));
          s.on('error', () => resolve(undefined));
          s.on('close', () => resolve(pidOf(reply)));
        }),
    ),
  );
  const alive = (pid) => {
    try {
      process.kill(pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + 10_000;
  while (pids.some((p) => p !== undefined && alive(p)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

const filter = process.argv.slice(2);
const files = find('test')
  .filter((f) => filter.length === 0 || filter.some((s) => f.includes(s)))
  .sort();
if (files.length === 0) {
  // With no files, node --test would search on its own and run whatever it finds; say so instead.
  console.error(`no test file under test/ matches ${filter.map((f) => JSON.stringify(f)).join(' or ')}`);
  process.exit(2);
}
// The spec reporter for people, plus a TAP copy whose totals give one plain closing line for CI to read.
const scratch = mkdtempSync(join(tmpdir(), 'glance-test-'));
const tap = join(scratch, 'results.tap');
// Hermetic: a spawned `glance` runs in-process unless a test asks for the daemon (with a folder of its own);
// any daemon still started lands in this run's folder, which is removed below (with the TAP copy) once those
// daemons have stopped.
const daemonDir = join(scratch, 'daemons');
try {
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--test',
      '--test-concurrency=2',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=tap',
      `--test-reporter-destination=${tap}`,
      ...files,
    ],
    { stdio: 'inherit', env: { ...process.env, GLANCE_NO_DAEMON: '1', GLANCE_DAEMON_DIR: daemonDir } },
  );
  await stopDaemons(daemonDir);
  const totals = readFileSync(tap, 'utf8').match(/^# (pass|fail|skipped) (\d+)$/gm) ?? [];
  const count = (k) => Number(totals.find((l) => l.startsWith(`# ${k} `))?.split(' ')[2] ?? 0);
  console.log(`${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped`);
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
