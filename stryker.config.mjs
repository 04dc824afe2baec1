// Mutation testing per layer: `npm run mutate -- <layer> [more layers] [--files a.ts,b.ts]`.
// scripts/mutate.js picks the layer's source files to mutate and the test files that exercise them, and passes
// them here through the environment. The tests run under Stryker's Mocha runner, loaded once per worker, with
// coverage per test (scripts/stryker-mocha-runner.mjs); GLANCE_MUTATE_RUNNER=tap runs each file as its own process
// instead (scripts/stryker-batch-runner.mjs), for a file that cannot share a process with the others.
import { bundleOf } from './scripts/stryker-mocha-runner.mjs';

const mutate = JSON.parse(process.env.GLANCE_MUTATE ?? '["src/snapshot/**/*.ts"]');
const tests = JSON.parse(process.env.GLANCE_MUTATE_TESTS ?? '["test/snapshot/**/*.test.ts"]');
const name = process.env.GLANCE_MUTATE_NAME ?? 'snapshot';
const tap = process.env.GLANCE_MUTATE_RUNNER === 'tap';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  ...(tap
    ? {
        // The TAP runner, with the files that cover a mutant run in one process (scripts/stryker-batch-runner.mjs).
        testRunner: 'tap-batch',
        plugins: ['@stryker-mutator/tap-runner', './scripts/stryker-batch-runner.mjs', './scripts/stryker-survivors.mjs'],
        // Test files run as esbuild bundles of the instrumented sandbox (plain JS, no loader); GLANCE_MUTATE_PLAIN=1
        // runs them through tsx instead.
        tap: { testFiles: tests, nodeArgs: process.env.GLANCE_MUTATE_PLAIN === '1' ? ['--import', 'tsx'] : [] },
      }
    : {
        testRunner: 'node-test-mocha',
        plugins: ['@stryker-mutator/mocha-runner', './scripts/stryker-mocha-runner.mjs', './scripts/stryker-survivors.mjs'],
        mochaOptions: { spec: tests.map(bundleOf), 'no-config': true, 'no-package': true, 'no-opts': true },
      }),
  // index.ts files are mutated too: a pure re-export barrel yields no mutant, and some (the virtual device's command
  // table, the UI Map's entry points) hold logic.
  mutate,
  coverageAnalysis: 'perTest',
  // A mutant in code that runs while a module loads (a table, a pattern, a constant) reaches every test of every file
  // that loads it, and needs those files loaded again: about a third of a layer's mutants and most of its time.
  // Left out unless `--static` (reported as ignored, so the score covers the rest).
  ignoreStatic: process.env.GLANCE_MUTATE_STATIC !== '1',
  // Each static mutant loads the files again, and loaded modules are never freed: a worker is replaced now and then.
  ...(process.env.GLANCE_MUTATE_STATIC === '1' ? { maxTestRunnerReuse: 60 } : {}),
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['clear-text', 'progress', 'html', 'json', 'survivors'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  concurrency: 2,
  // Added to the covering tests' own time (times timeoutFactor): a mutant that loops forever is killed by timeout,
  // and a test run in a loaded process has no start-up to wait for (the TAP runner starts one per mutant), so a few
  // seconds are enough even under load.
  timeoutMS: tap ? 8000 : 4000,
  // The initial run takes every test file once, with coverage; on a shared two-core machine under load that can pass
  // Stryker's default of 5 minutes, which ends the run before a mutant is tried.
  dryRunTimeoutMinutes: 30,
  ignorePatterns: ['dist', 'reports', '.scratch', '.stryker-tmp'],
  // One folder per run name: two layers can run at once without one's clean-up removing the other's sandbox.
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: 'always',
};
