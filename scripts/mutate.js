// `npm run mutate -- <layer…> [--files src/a.ts,src/b.ts] [--tests test/a.test.ts,…] [--with-full] [--corpus]
// [--static] [--force] [--concurrency N] [--timeout-ms N] [--list]`: StrykerJS over one layer (or only the named
// files), with the test files that exercise that layer (or only the named tests), loaded once per worker under
// Stryker's Mocha runner with coverage per test (scripts/stryker-mocha-runner.mjs). By default a run leaves out
// the corpus-wide tests (`--corpus` keeps them) and static mutants (`--static` keeps them); see CONTRIBUTING.md.
// Incremental: a second run re-tests only mutants whose code or tests changed (reports/mutation/<name>.incremental.json;
// `--force` re-tests all).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { reapOrphans } from './orphans.mjs';
import { FULL } from './test-tiers.mjs';

/** The agent's map and device tools, a run of their own; the rest of the folder's top level is the `agent` run. */
const AGENT_TOOLS = ['map-build', 'map-enrich', 'map-query', 'map-tools', 'maps', 'replay-tool', 'tool-handlers', 'tooldefs', 'tools'].map(
  (f) => `src/agent/${f}.ts`,
);
const AGENT_CORE = ['src/agent/*.ts', ...AGENT_TOOLS.map((f) => `!${f}`)];

const layers = {
  // The corpus goldens and the iOS corpus reach the parsers of every format the corpus holds.
  hierarchy: {
    src: ['src/hierarchy/**/*.ts'],
    corpus: true,
    tests: [
      'test/hierarchy/**/*.test.ts',
      'test/snapshot/golden.test.ts',
      'test/snapshot/ios-*.test.ts',
      'test/snapshot/ios-corpus.test.ts',
    ],
  },
  snapshot: { src: ['src/snapshot/**/*.ts'], tests: ['test/snapshot/**/*.test.ts'] },
  selector: {
    src: ['src/snapshot/selector*.ts', 'src/snapshot/target*.ts'],
    tests: ['test/snapshot/selector*.test.ts', 'test/snapshot/target*.test.ts', 'test/snapshot/grids.test.ts'],
  },
  // Grid members' diff lines carry their cell: the grid tests pin them.
  diff: { src: ['src/snapshot/diff*.ts'], tests: ['test/snapshot/diff*.test.ts', 'test/snapshot/grids.test.ts'] },
  privacy: { src: ['src/privacy/**/*.ts'], tests: ['test/privacy/**/*.test.ts'] },
  // Besides its own folder: hostile peers on the wire (both ends), our client against the virtual device's
  // endpoint and services, the legacy shell, and the packet trace.
  adb: {
    src: ['src/adb/**/*.ts'],
    // Its tests wait on sockets, peers and deadlines more than they compute: two workers leave the cores idle.
    concurrency: 4,
    tests: [
      'test/adb/**/*.test.ts',
      'test/hostile/adb-client.test.ts',
      'test/hostile/device-endpoint.test.ts',
      'test/virtual/own-client.test.ts',
      'test/virtual/services.test.ts',
      'test/device/legacy-shell.test.ts',
      'test/cli/debug.test.ts',
    ],
  },
  // The UI Map in three runs that add up to the folder. Each test file re-runs for every surviving mutant it
  // covers, and some cover every analysis mutant: the Chromium tests draw every shared app's map in a browser (15 s
  // and 4 s a file), the APK tests build an app with aapt and smali and decode real APKs (2 s, 3 s and 5 s), the
  // layout test lays out the shared apps' maps and shared-parse maps a whole app (1 s and 3 s). So the drawing
  // (html.ts, layout.ts) and the APK decoders (apk/) run apart, and the rest of the analysis is scored by the rest
  // of test/uimap. apk-agree-large (the 18 MB APK and the framework's 31 MB resource table: minutes against the
  // instrumented decoders) is in no run.
  uimap: {
    src: ['src/uimap/**/*.ts', '!src/uimap/html.ts', '!src/uimap/layout.ts', '!src/uimap/apk/**'],
    tests: readdirSync('test/uimap')
      .filter(
        (f) =>
          f.endsWith('.test.ts') &&
          !f.startsWith('apk') &&
          !['html-layout.test.ts', 'cli-html.test.ts', 'layout.test.ts', 'shared-parse.test.ts'].includes(f),
      )
      .map((f) => `test/uimap/${f}`),
  },
  'uimap-apk': {
    src: ['src/uimap/apk/**/*.ts'],
    tests: [
      'test/uimap/apk-string-pool.test.ts',
      'test/uimap/apk.test.ts',
      'test/uimap/apk-agree.test.ts',
      'test/uimap/apk-encodings.test.ts',
    ],
  },
  // The Chromium files are named outright: they are this run's reason to be apart, so the full tier keeps them.
  'uimap-html': {
    src: ['src/uimap/html.ts', 'src/uimap/layout.ts'],
    tests: ['test/uimap/**/*.test.ts', 'test/uimap/html-layout.test.ts', 'test/uimap/cli-html.test.ts'],
  },
  image: { src: ['src/image/**/*.ts'], tests: ['test/image/**/*.test.ts'] },
  // The virtual device but its shell (the `sh` layer scores that room): the ADB services, the filesystem, the
  // screens and scenarios, the UiAutomator2 and WDA servers. Two files are out of the run: each re-runs for every
  // surviving mutant it covers, and quicker files cover the same code. endless.test.ts pushes 64 MiB through
  // pipes (25 s: the memory caps at scale), peers.test.ts drives the virtual device with the peers' own clients
  // (9 s: conformance), where own-client, services and adb-conformance drive the same services. The virtual
  // iPhone (wda/: the WDA server's routes over a trailmap world) is driven by test/device files, in process: the
  // world's state machine, WdaClient's sessions and WdaDevice's actions (a minute for its 700 mutants). Not
  // wda-faults.test.ts, which waits out deadlines and scores the client's handling of faults, not the server.
  virtual: {
    src: [
      'src/device/virtual/**/*.ts',
      '!src/device/virtual/sh.ts',
      '!src/device/virtual/sh-arith.ts',
      '!src/device/virtual/shell.ts',
      '!src/device/virtual/commands/**',
      '!src/device/virtual/screencap.ts',
    ],
    tests: [
      'test/virtual/**/*.test.ts',
      'test/device/wda-world.test.ts',
      'test/device/wda-session.test.ts',
      'test/device/wda-device.test.ts',
    ],
    slow: ['test/virtual/endless.test.ts', 'test/virtual/peers.test.ts'],
  },
  // The virtual phone's screenshot drawing, a run of its own: every file that captures the screen (over adb, the
  // services, the device) reaches its 900 drawing mutants, and only the pixel tests can tell one drawing from
  // another, so a survivor there re-ran every capturing file (7 s each).
  'virtual-screencap': {
    src: ['src/device/virtual/screencap.ts'],
    tests: ['test/virtual/screencap-contracts.test.ts', 'test/virtual/screencap.test.ts'],
  },
  // Device actions (settle, type, scroll-until…) and the UiAutomator2 and WDA backends: the in-process tests of
  // test/device (the virtual device without ADB framing, the WDA stand-ins, the UiAutomator2 server over the direct
  // transport). The CLI-spawning and adb-server files of that folder (e2e, settle-e2e, carry-e2e, uia2-cli,
  // legacy-shell, wda.test.ts with its CLI and MCP runs) cover the same code a second time, slower.
  device: {
    src: ['src/device/actions/**/*.ts', 'src/device/uia2/**/*.ts', 'src/device/wda/**/*.ts'],
    // Settling, polling and HTTP deadlines: the tests wait more than they compute (see adb).
    concurrency: 4,
    tests: [
      'test/device/action-contracts.test.ts',
      'test/device/actions.test.ts',
      'test/device/latest.test.ts',
      'test/device/one-resolver.test.ts',
      'test/device/scroll-contracts.test.ts',
      'test/device/text.test.ts',
      'test/device/typing-split.test.ts',
      'test/device/uia2-contracts.test.ts',
      'test/device/uia2-http.test.ts',
      'test/device/uia2-no-repeat.test.ts',
      'test/device/uia2.test.ts',
      'test/device/wda-device.test.ts',
      'test/device/wda-faults.test.ts',
      'test/device/wda-session.test.ts',
      'test/device/wda-world.test.ts',
    ],
  },
  // The MCP server's file roots and transports: the unit test of the rule, then the servers driven by the SDK.
  mcp: {
    src: ['src/mcp/**/*.ts'],
    tests: [
      'test/mcp/roots.test.ts',
      'test/mcp/mcp.test.ts',
      'test/mcp/surface.test.ts',
      'test/mcp/structured.test.ts',
      'test/hostile/mcp-*.test.ts',
    ],
  },
  // The agent in four runs that add up to src/agent: the loop and what it decides with (goals, guards, the
  // planner, outcomes, metrics, reports), the map and device tools a model calls, the policies, and the task
  // worlds with the model providers. All its tests serve each run: a mutant runs only those that reached it,
  // quickest file first. One run of the whole folder (9,520 mutants) took over half an hour here, as every mutant
  // a contract test misses re-runs the whole-task tests that reach it (seconds each).
  agent: { src: AGENT_CORE, tests: ['test/agent/**/*.test.ts'] },
  'agent-tools': { src: AGENT_TOOLS, tests: ['test/agent/**/*.test.ts'] },
  'agent-policies': { src: ['src/agent/policies/**/*.ts'], tests: ['test/agent/**/*.test.ts'] },
  'agent-worlds': {
    src: ['src/agent/worlds/**/*.ts', 'src/agent/providers/**/*.ts'],
    tests: ['test/agent/**/*.test.ts', 'test/hostile/model-answers.test.ts'],
  },
  // The virtual device's shell: the sh parser and arithmetic, the interpreter (pipes, redirects, exit statuses)
  // and the Android userland it dispatches to (commands/, its table included). Not the memory filesystem, the
  // ADB services or the UiAutomator2/WDA servers around it.
  sh: {
    src: [
      'src/device/virtual/sh.ts',
      'src/device/virtual/sh-arith.ts',
      'src/device/virtual/shell.ts',
      'src/device/virtual/commands/**/*.ts',
    ],
    tests: ['test/virtual/sh*.test.ts', 'test/virtual/shell.test.ts', 'test/virtual/*commands.test.ts'],
  },
};

const args = process.argv.slice(2);
const listAfter = (flag) => {
  const at = args.indexOf(flag);
  return { at, list: at >= 0 ? (args[at + 1] ?? '').split(',').filter(Boolean) : [] };
};
const { at: filesAt, list: files } = listAfter('--files');
const { at: testsAt, list: testFiles } = listAfter('--tests');
// Numbers handed to Stryker as they are: processes at once, and the fixed part of a mutant's time limit (a mutant
// that loops forever counts as killed by timeout, so a few seconds above the test's own time is enough).
const numberAfter = (flag) => {
  const at = args.indexOf(flag);
  const n = at >= 0 ? Number(args[at + 1]) : undefined;
  return { at, n };
};
const { at: concAt, n: concurrency } = numberAfter('--concurrency');
const { at: timeoutAt, n: timeoutMS } = numberAfter('--timeout-ms');
const valueAt = new Set([filesAt, testsAt, concAt, timeoutAt].filter((i) => i >= 0).map((i) => i + 1));
const names = args.filter((a, i) => !a.startsWith('--') && !valueAt.has(i));
const unknown = names.filter((n) => !(n in layers));
const badNumber = [concurrency, timeoutMS].some((n) => n !== undefined && !(Number.isInteger(n) && n > 0));
if (names.length === 0 || unknown.length > 0 || badNumber) {
  console.error(
    `usage: npm run mutate -- <layer…> [--files src/a.ts,…] [--tests test/a.test.ts,…] [--with-full] [--corpus] [--static] [--force] [--concurrency N] [--timeout-ms N] [--list]\nlayers: ${Object.keys(layers).join(', ')}`,
  );
  process.exit(2);
}
const chosen = names.map((n) => layers[n]);
const withCorpus = args.includes('--corpus') || chosen.some((l) => l.corpus === true);

/** Every file under `dir`, as repository paths with forward slashes. */
function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name).split('\\').join('/')],
  );
}

/** A test glob (`*` within a folder, `**\/` across folders) as a regular expression over repository paths. */
function globRegExp(glob) {
  const body = glob
    .split(/(\*\*\/|\*)/)
    .map((part) => (part === '**/' ? '(?:.*/)?' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${body}$`);
}

/**
 * A layer's test files, named one by one: its globs expanded, without the full tier's files (scripts/test-tiers.mjs:
 * corpus-wide goldens, browsers, the largest APKs), which re-run for every mutant that survives the quicker files
 * and cover the same code those do. `--with-full` keeps them; a file a layer names outright is always kept. (A
 * layer's `slow` files are left out after this, also unless `--with-full`.)
 */
function layerTests(globs, withFull) {
  const all = walk('test').filter((f) => f.endsWith('.test.ts'));
  const full = new Set(FULL);
  return [
    ...new Set(
      globs.flatMap((g) => {
        if (!g.includes('*')) return [g];
        const re = globRegExp(g);
        return all.filter((f) => re.test(f) && (withFull || !full.has(f)));
      }),
    ),
  ].sort();
}

/**
 * Quickest first, by the committed per-file times of the suite (scripts/test-times-baseline.json): Mocha runs the
 * files in the order they load, and a run stops at the first failing test, so a mutant a quick test kills never
 * reaches the corpus-wide ones.
 */
function quickestFirst(files) {
  const times = JSON.parse(readFileSync('scripts/test-times-baseline.json', 'utf8'));
  const time = (f) => times[f] ?? Number.MAX_SAFE_INTEGER;
  return files
    .map((f, i) => ({ f, i }))
    .sort((a, b) => time(a.f) - time(b.f) || a.i - b.i)
    .map((x) => x.f);
}
// A run over named files or tests reports apart from the layer's own run (both may go on at once).
const runName = names.join('+') + (files.length > 0 ? '-files' : '') + (testFiles.length > 0 ? '-tests' : '');
const env = {
  ...process.env,
  GLANCE_MUTATE_NAME: runName,
  GLANCE_MUTATE: JSON.stringify(files.length > 0 ? files : chosen.flatMap((l) => l.src)),
  // Stryker runs the tests from a sandbox copy of the repo, where ../shared is not beside it. Without the corpus
  // (the default but for layers that name corpus files outright), the tests that read all of it skip: each
  // re-runs for every mutant the quicker tests let survive, and authored screens cover the same code.
  GLANCE_SHARED_DIR: withCorpus ? (process.env.GLANCE_SHARED_DIR ?? resolve('../shared')) : resolve('.stryker-tmp/no-corpus'),
  // A test that needs the corpus skips without it rather than failing, as on a machine without ../shared.
  CI: withCorpus ? process.env.CI : '',
  // Survivors as they are found, one a line (the 'survivors' reporter, scripts/stryker-survivors.mjs).
  GLANCE_MUTATE_SURVIVORS: resolve(`reports/mutation/${runName}.survivors.tsv`),
  // Each mutant run's time, outcome and number of tests (scripts/stryker-mocha-runner.mjs).
  GLANCE_MUTATE_RUNS: resolve(`reports/mutation/${runName}.runs.tsv`),
  GLANCE_MUTATE_TESTS: JSON.stringify(
    quickestFirst(
      testFiles.length > 0
        ? testFiles
        : layerTests(
            chosen.flatMap((l) => l.tests),
            args.includes('--with-full'),
          ).filter((f) => args.includes('--with-full') || !chosen.some((l) => l.slow?.includes(f))),
    ),
  ),
  GLANCE_MUTATE_STATIC: args.includes('--static') ? '1' : '0',
};
if (args.includes('--list')) {
  // What a run would mutate and which tests it would run, without running it.
  console.log(JSON.stringify({ mutate: JSON.parse(env.GLANCE_MUTATE), tests: JSON.parse(env.GLANCE_MUTATE_TESTS) }, null, 1));
  process.exit(0);
}
mkdirSync('reports/mutation', { recursive: true });
writeFileSync(env.GLANCE_MUTATE_SURVIVORS, '');
writeFileSync(env.GLANCE_MUTATE_RUNS, '');
// A layer whose tests mostly wait names its own number of workers; --concurrency overrides it.
const workers = concurrency ?? Math.max(...chosen.map((l) => l.concurrency ?? 2));
const extra = [
  // Every mutant, not only those whose code or tests changed since the last run's incremental file.
  ...(args.includes('--force') ? ['--force'] : []),
  '--concurrency',
  String(workers),
  ...(timeoutMS !== undefined ? ['--timeoutMS', String(timeoutMS)] : []),
];
const stryker = ['node_modules/@stryker-mutator/core/bin/stryker.js', 'run', 'stryker.config.mjs', ...extra];
const r = spawnSync(process.execPath, stryker, {
  stdio: 'inherit',
  env,
});
// Stryker ends a test process that runs past its time with SIGKILL: the adb servers such processes started are
// stopped here (and by each later harness as it starts).
const orphans = reapOrphans();
if (orphans.length > 0) console.log(`stopped what killed test processes left running: ${orphans.join(', ')}`);
process.exitCode = r.status ?? 1;
