// Runs the test files under test/ with node's own test runner (TypeScript loaded through tsx), in two tiers:
//   node scripts/test.js            the quick tier (`npm test`): every file but those scripts/test-tiers.mjs names
//   node scripts/test.js --full     the full tier (`npm run test:full`): only the FULL files; CI runs both tiers
//   node scripts/test.js --all      both tiers in one run
//   node scripts/test.js snapshot   the files whose path contains "snapshot", from both tiers (--quick/--full narrow)
// Files run in parallel (--concurrency N or GLANCE_TEST_CONCURRENCY, default 2: no two files share a port, each
// harness takes a free one), longest first by the times the last runs took (reports/test-times.json), so no
// long file starts last and holds up the end of the run alone.
// Node 20's --test does not expand globs, so the files are listed here.
import { spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, relative, resolve } from 'node:path';
import { staleSource } from './dist-fresh.mjs';
import { reapOrphans } from './orphans.mjs';
import { planUnits } from './test-groups.mjs';
import { FULL } from './test-tiers.mjs';

const TIMES = 'reports/test-times.json';
const BASELINE = 'scripts/test-times-baseline.json';

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

/** Reads the command line: tier flags, --concurrency N, and path filters. */
function parseArgs(argv) {
  const o = { tier: undefined, concurrency: undefined, cpu: false, groups: true, saveBaseline: false, filters: [] };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--full' || a === '--quick' || a === '--all') o.tier = a.slice(2);
    else if (a === '--cpu') o.cpu = true;
    else if (a === '--no-groups') o.groups = false;
    else if (a === '--save-baseline') o.saveBaseline = true;
    else if (a === '--concurrency') o.concurrency = argv[++i];
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else o.filters.push(a);
  }
  const n = Number(o.concurrency ?? process.env.GLANCE_TEST_CONCURRENCY ?? 2);
  if (!(Number.isInteger(n) && n > 0)) usage(`the concurrency must be a whole number above 0, not ${JSON.stringify(o.concurrency)}`);
  o.concurrency = n;
  // With filters and no tier, both tiers: a developer naming files wants those files.
  o.tier ??= o.filters.length > 0 ? 'all' : 'quick';
  return o;
}

function usage(why) {
  console.error(`${why}\nusage: node scripts/test.js [--quick | --full | --all] [--concurrency N] [path-substring…]`);
  process.exit(2);
}

/**
 * Each file's last recorded time (ms): this checkout's own runs over the committed baseline, so a fresh clone (CI)
 * already orders files longest first and runs the short ones in groups. Refresh the baseline after a quiet run of
 * both tiers: `node scripts/test.js --all --save-baseline`.
 */
function readTimes() {
  const read = (file) => {
    try {
      return JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      return {};
    }
  };
  return { ...read(BASELINE), ...read(TIMES) };
}

const args = parseArgs(process.argv.slice(2));
const full = new Set(FULL);
const inTier = (f) => args.tier === 'all' || (args.tier === 'full') === full.has(f);
const known = readTimes();
// Longest first; a file with no time yet counts as long (it may be), ties in path order.
const cost = (f) => known[f] ?? Infinity;
const files = find('test')
  .filter((f) => inTier(f) && (args.filters.length === 0 || args.filters.some((s) => f.includes(s))))
  .sort()
  .sort((a, b) => cost(b) - cost(a));
if (files.length === 0) {
  // With no files, node --test would search on its own and run whatever it finds; say so instead.
  console.error(`no ${args.tier} test file under test/ matches ${args.filters.map((f) => JSON.stringify(f)).join(' or ') || 'anything'}`);
  process.exit(2);
}
// Tests that spawn `glance` run the build in dist/ while it is current, the source through tsx (several times slower
// to start) when it is not: so build first when a source file changed since the last build.
const stale = staleSource(resolve('.'));
if (stale !== undefined) {
  console.log(`building dist/ (${stale} changed since the last build)`);
  const b = spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
  // tsc writes dist/ even when it reports type errors; a file it could not write stays stale, run from source.
  if (b.status !== 0) console.error('tsc reported errors (above); the tests run on');
}
// The spec reporter for people, and a summary (the files' times and the totals, for one plain closing line for CI
// to read). Two reporters: a third makes node warn of a listener leak on its own stream.
const scratch = mkdtempSync(join(tmpdir(), 'glance-test-'));
const summaryOut = join(scratch, 'summary.json');
// Hermetic: a spawned `glance` runs in-process unless a test asks for the daemon (with a folder of its own);
// any daemon still started lands in this run's folder, which is removed below (with the TAP copy) once those
// daemons have stopped.
const daemonDir = join(scratch, 'daemons');
const cpuLog = join(scratch, 'cpu.jsonl');
// Short files several to a process (scripts/test-groups.mjs); --no-groups runs every file in its own.
const { units, groups } = args.groups ? planUnits(files, known, scratch) : { units: files, groups: new Map() };
try {
  const started = Date.now();
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      ...(args.cpu ? ['--import', './scripts/test-cpu.mjs'] : []),
      '--test',
      `--test-concurrency=${args.concurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/test-times.mjs',
      `--test-reporter-destination=${summaryOut}`,
      ...units,
    ],
    {
      stdio: 'inherit',
      env: { ...process.env, GLANCE_NO_DAEMON: '1', GLANCE_DAEMON_DIR: daemonDir, ...(args.cpu ? { GLANCE_TEST_CPU_LOG: cpuLog } : {}) },
    },
  );
  const seconds = (Date.now() - started) / 1000;
  await stopDaemons(daemonDir);
  // Servers whose test process was killed (a file cancelled, a timeout) and so never stopped them.
  const orphans = reapOrphans();
  if (orphans.length > 0) console.log(`stopped what killed test processes left running: ${orphans.join(', ')}`);
  const summary = readSummary(summaryOut);
  const count = (k) => summary[k] ?? 0;
  const took = slowest(summary.times ?? {}, 5);
  if (took !== '') console.log(`slowest files: ${took}`);
  if (args.cpu) writeCpu(cpuLog);
  console.log(
    `${count('pass')} passed, ${count('fail')} failed, ${count('skipped')} skipped${count('cancelled') > 0 ? `, ${count('cancelled')} cancelled (a file or suite timed out)` : ''} (${files.length} files${groups.size > 0 ? `, ${[...groups.values()].flat().length} of them in ${groups.size} groups` : ''}, ${args.tier} tier, ${seconds.toFixed(0)} s)`,
  );
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

/**
 * Keeps each file's wall and CPU seconds (scripts/test-cpu.mjs) in reports/test-cpu.json and prints the files that
 * took longest, with how much of their time was CPU (their own process and the children it waited for).
 */
function writeCpu(path) {
  const rows = existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l))
    : [];
  const byFile = Object.fromEntries(
    rows.map((r) => [
      groupName(r.file) ?? relative(resolve('.'), r.file),
      { wall: +r.wall.toFixed(2), cpu: +r.cpu.toFixed(2), children: +r.children.toFixed(2) },
    ]),
  );
  mkdirSync('reports', { recursive: true });
  writeFileSync('reports/test-cpu.json', `${JSON.stringify(byFile, null, 1)}\n`);
  const sum = (k) => rows.reduce((a, r) => a + r[k], 0);
  console.log(
    `cpu: ${rows.length} files, wall ${sum('wall').toFixed(0)} s, cpu ${sum('cpu').toFixed(0)} s + children ${sum('children').toFixed(0)} s`,
  );
  for (const [f, r] of Object.entries(byFile)
    .sort((a, b) => b[1].wall - a[1].wall)
    .slice(0, 25))
    console.log(`  ${f}  wall ${r.wall.toFixed(1)} s  cpu ${r.cpu.toFixed(1)} s  children ${r.children.toFixed(1)} s`);
}

/** "group N (first … last, K files)" for a group's module, else undefined. */
function groupName(path) {
  const members = groups.get(path);
  if (members === undefined) return undefined;
  return `${basename(path, '.test.mjs')} (${members[0]} … ${members.at(-1)}, ${members.length} files)`;
}

/** The reporter's summary, or nothing when the run ended before it was written. */
function readSummary(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return {};
  }
}

/** Merges this run's file times into reports/test-times.json and names the `n` slowest of this run. */
function slowest(run, n) {
  if (Object.keys(run).length === 0) return '';
  // A group's own time is no file's: its files' times are their tests' (scripts/test-times.mjs).
  const rel = Object.fromEntries(
    Object.entries(run)
      .map(([f, ms]) => [relative(resolve('.'), f), ms])
      .filter(([f]) => files.includes(f)),
  );
  mkdirSync('reports', { recursive: true });
  const merged = { ...readTimes(), ...rel };
  writeFileSync(TIMES, `${JSON.stringify(merged, null, 1)}\n`);
  if (args.saveBaseline) {
    // Tenths of a second: a baseline that changes only where a time really moved.
    const kept = Object.keys(merged)
      .filter((f) => existsSync(f))
      .sort()
      .map((f) => [f, Math.round(merged[f] / 100) * 100]);
    writeFileSync(BASELINE, `${JSON.stringify(Object.fromEntries(kept), null, 2)}\n`);
  }
  return Object.entries(rel)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([f, ms]) => `${f} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');
}
