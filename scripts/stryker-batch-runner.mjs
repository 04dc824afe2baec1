// A StrykerJS test runner ('tap-batch'): the TAP runner (one node process runs a test file and reports TAP), made
// cheaper per mutant in two ways that leave the tests and what they assert unchanged:
// - Bundled test files. Starting node with the tsx loader costs about twice the CPU of the same code as plain JS
//   (Node 20 runs loader hooks on a separate thread, one message per module). Once the sandbox is instrumented
//   (every mutant is in the code, switched on at run time by an environment variable), each test file is bundled
//   with esbuild (packages stay external) beside itself, so its relative paths still hold, and run as plain JS.
// - Batches. A mutant that several test files cover runs them in ONE process (scripts/mutate-batch.mjs imports
//   them in turn) instead of one process per file. Not when a file registers root-level hooks (they would apply
//   to the other files' tests).
// The dry run (which records which files cover which mutant) still runs each file alone; a failure is credited to
// the file whose test failed (the TAP `location`), so reports and the incremental file name real test files.
// - Quickest first. The dry run times each file (written to .mutate-times.json in the sandbox, which every worker
//   reads); a mutant's files then run shortest first, so a mutant a unit test kills is bailed out of before the
//   corpus-wide files run. Only a surviving mutant pays for every file that covers it.
// GLANCE_MUTATE_PLAIN=1 turns all three off (the stock TAP runner's behaviour, through tsx).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { bundleTest } from './bundle-test.mjs';
import { basename, dirname, join } from 'node:path';
import { declareFactoryPlugin, PluginKind, commonTokens, tokens } from '@stryker-mutator/api/plugin';
import { toMutantRunResult } from '@stryker-mutator/api/test-runner';
import { TapTestRunner } from '@stryker-mutator/tap-runner';

const ENTRY = 'scripts/mutate-batch.mjs';
const TIMES = '.mutate-times.json';
const ROOT_HOOK = /^(before|after|beforeEach|afterEach)\(/m;
const plain = process.env.GLANCE_MUTATE_PLAIN === '1';

class BatchTapRunner extends TapTestRunner {
  /** test file → the bundle that runs in its place */
  #bundles = new Map();
  #batchable = new Map();

  async init() {
    await super.init();
    if (plain) return;
    for (const file of this.testFiles) {
      const out = join(dirname(file), `.${basename(file)}.mutate.mjs`);
      await bundleTest(file, out);
      this.#bundles.set(file, out);
    }
  }

  batchable(file) {
    let ok = this.#batchable.get(file);
    if (ok === undefined) {
      ok = !ROOT_HOOK.test(readFileSync(file, 'utf8'));
      this.#batchable.set(file, ok);
    }
    return ok;
  }

  /** test file → milliseconds in the dry run (undefined until read) */
  #times;

  async dryRun(options) {
    const run = await super.dryRun(options);
    if (!plain && run.status === 'complete') {
      const times = Object.fromEntries(run.tests.map((t) => [t.fileName ?? t.id, t.timeSpentMs]));
      writeFileSync(`${TIMES}.${process.pid}`, JSON.stringify(times));
      renameSync(`${TIMES}.${process.pid}`, TIMES);
    }
    return run;
  }

  /** The files, shortest dry-run time first (unknown times last, in the order given). */
  quickestFirst(files) {
    if (this.#times === undefined && existsSync(TIMES)) this.#times = JSON.parse(readFileSync(TIMES, 'utf8'));
    const time = (f) => this.#times?.[f] ?? Infinity;
    return files
      .map((f, i) => ({ f, i }))
      .sort((a, b) => time(a.f) - time(b.f) || a.i - b.i)
      .map((x) => x.f);
  }

  async runFile(testFile, testOptions) {
    const r = await super.runFile(this.#bundles.get(testFile) ?? testFile, testOptions);
    if (testFile === ENTRY) return r;
    return { ...r, testResult: { ...r.testResult, id: testFile, name: testFile, fileName: testFile } };
  }

  async mutantRun(options) {
    if (plain) return super.mutantRun(options);
    const files = this.quickestFirst(options.testFilter ?? this.testFiles);
    if (files.length <= 1 || !files.every((f) => this.batchable(f))) return super.mutantRun({ ...options, testFilter: files });
    process.env.GLANCE_MUTATE_BATCH = JSON.stringify(files.map((f) => this.#bundles.get(f) ?? f));
    try {
      const run = await this.run({ disableBail: options.disableBail, activeMutant: options.activeMutant.id, hitLimit: options.hitLimit }, [
        ENTRY,
      ]);
      if (run.status === 'complete') {
        run.tests = run.tests.map((t) => (t.status === 1 ? { ...t, ...this.#creditFailure(files, t.failureMessage) } : t));
      }
      return toMutantRunResult(run);
    } finally {
      delete process.env.GLANCE_MUTATE_BATCH;
    }
  }

  tapResultToTestResult(fileName, tap, timeSpentMs) {
    const result = super.tapResultToTestResult(fileName, tap, timeSpentMs);
    if (fileName !== ENTRY) return result;
    const where = tap.failedTests.map((f) => String(f.diag?.location ?? '')).find(Boolean) ?? '';
    return { ...result, failureMessage: `${result.failureMessage ?? ''} @${where}` };
  }

  #creditFailure(files, message = '') {
    const where = message.slice(message.lastIndexOf(' @') + 2);
    const file =
      files.find((f) => {
        const b = this.#bundles.get(f);
        return (b !== undefined && where.includes(b.replace(/^\.\//, ''))) || where.includes(f.replace(/^\.\//, ''));
      }) ?? files[0];
    return { id: file, name: file, fileName: file };
  }
}

function createBatchTapRunner(injector) {
  return injector.provideValue('globalNamespace', '__stryker__').injectClass(BatchTapRunner);
}
createBatchTapRunner.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'tap-batch', createBatchTapRunner)];
