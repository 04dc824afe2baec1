// Runs every test file under test/ with node's own test runner (TypeScript loaded through tsx).
// Node 20's --test does not expand globs, so the files are listed here.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function find(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'fixtures' ? [] : find(p);
    return e.name.endsWith('.test.ts') ? [p] : [];
  });
}

/** Stops every daemon that answers on a socket in `dir` (the daemon's own `stop` request). */
async function stopDaemons(dir) {
  if (!existsSync(dir)) return;
  const sockets = readdirSync(dir).filter((f) => f.endsWith('.sock'));
  await Promise.all(
    sockets.map(
      (f) =>
        new Promise((resolve) => {
          const s = connect(join(dir, f));
          s.on('connect', () => s.end(`${JSON.stringify({ op: 'stop' })}\n`));
          s.on('error', resolve);
          s.on('close', resolve);
        }),
    ),
  );
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
// any daemon still started lands in this run's folder, which is cleared below.
const daemonDir = join(scratch, 'daemons');
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
