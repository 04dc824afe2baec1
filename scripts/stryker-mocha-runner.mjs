// A StrykerJS test runner ('node-test-mocha'): Stryker's own Mocha runner over our node:test files.
// - Once the sandbox is instrumented (every mutant is in the code, switched on at run time), each test file is
//   bundled with esbuild beside itself (packages stay external, so relative paths and node_modules still hold),
//   with `node:test` pointed at scripts/node-test-on-mocha.mjs and `fast-check` at scripts/fast-check-capped.mjs.
// - Mocha loads every bundle once per worker process. Coverage is recorded per test, and a mutant re-runs only the
//   tests that reached it, in the same process: no process start, no module load, no file that never ran its code.
// - A mutant in code that runs only while a module loads (a "static" mutant: a table, a pattern) needs the modules
//   loaded again with it switched on. The bundles are imported afresh (a new query string is a new module; src is
//   inside the bundle, packages outside stay loaded), and only the bundles that hold the mutant: a static mutant in
//   one file is not run against test files that never load it.
import { appendFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { bundleTest } from './bundle-test.mjs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { createMochaTestRunner } from '@stryker-mutator/mocha-runner';

const SHIM = 'scripts/node-test-on-mocha.mjs';
const FAST_CHECK = 'scripts/fast-check-capped.mjs';

/** Where a test file's bundle goes: beside it, hidden, so `../../src/…` and fixtures next to it resolve alike. */
export function bundleOf(file) {
  return join(dirname(file), `.${basename(file)}.mocha.mjs`);
}

/**
 * Bundles every test file in turn (scripts/bundle-test.mjs). With `reuse`, a
 * bundle already there is kept: a worker that replaces one that timed out finds the sandbox as the first left it.
 */
export async function bundle(files, reuse = false) {
  const shim = resolve(SHIM);
  const capped = resolve(FAST_CHECK);
  const nodeTest = {
    name: 'node-test-on-mocha',
    setup(b) {
      b.onResolve({ filter: /^node:test$/ }, () => ({ path: shim }));
      b.onResolve({ filter: /^fast-check$/ }, (a) => (a.importer === capped ? undefined : { path: capped }));
      // A module that finds files beside itself (`new URL('fixture', import.meta.url)`) keeps its own URL inside
      // the bundle, which sits elsewhere.
      b.onLoad({ filter: /\.[cm]?[jt]s$/ }, (a) => {
        if (a.path.includes(`${sep}node_modules${sep}`)) return undefined;
        const text = readFileSync(a.path, 'utf8');
        if (!text.includes('import.meta.url')) return undefined;
        const contents = text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href));
        return { contents, loader: /\.[cm]?ts$/.test(a.path) ? 'ts' : 'js', resolveDir: dirname(a.path) };
      });
    },
  };
  for (const file of files) {
    const out = bundleOf(file);
    if (reuse && existsSync(out)) continue;
    await bundleTest(file, out, { plugins: [nodeTest], define: { __GLANCE_TEST_FILE__: JSON.stringify(file) } }, coverageSwitch);
  }
}

/**
 * The instrumenter's coverage counter (one call per statement and expression reached, each adding to a table keyed
 * by mutant id) made switchable. Only the dry run's coverage is used: it decides which tests each mutant runs. In
 * a mutant run the counting is pure cost, most of the instrumented code's time in loops (the marks layout, say, runs
 * near its uninstrumented speed without it). The runner turns counting off after the dry run (`coverageOff` on
 * the instrumenter's namespace, which every instrumented file shares).
 */
export function coverageSwitch(text) {
  const counter = /(function cover\(\) \{\n)(\s*)(var c = cov\.static;)/g;
  const out = text.replace(counter, (_, head, indent, first) => `${head}${indent}if (ns.coverageOff) return;\n${indent}${first}`);
  // Another instrumenter version may write its counter otherwise: the run still holds, only slower.
  if (out === text && /function stryCov_/.test(text)) console.error('coverage counter not found: mutant runs will count coverage');
  return out;
}

/** The instrumenter's shared namespace (as the instrumented code names it). */
const namespace = () => (globalThis.__stryker__ ??= {});

/**
 * One line per mutant run, appended to GLANCE_MUTATE_RUNS when set (scripts/mutate.js names a file beside the
 * reports): where a layer's time goes, mutant by mutant (a run's time, its outcome, how many tests it ran, and
 * whether the files were loaded again or a test ran past its limit).
 */
function trace({ activeMutant: m }, result, ms, reloaded) {
  const file = process.env.GLANCE_MUTATE_RUNS;
  if (file === undefined || file === '') return;
  const at = `${m.fileName}:${m.location.start.line + 1}`;
  const how = [reloaded ? 'reload' : '', pastLimit(result) ? 'limit' : ''].filter(Boolean).join(',');
  const line = [m.id, at, m.mutatorName, result.status, Math.round(ms), result.nrOfTests ?? '', how];
  appendFileSync(file, `${line.join('\t')}\n`);
}

/** Each test's time in the dry run (by full title), written by the worker that ran it, read by every worker. */
const TIMES = '.mutate-test-times.json';

/**
 * A time limit for each test without one of its own, from its dry-run time: a mutant that makes a test hang (a
 * reply that never comes, a poll that never ends) fails that test within seconds. Without it Stryker waits for
 * all the mutant's tests' time and more, then replaces the worker, which loads every file again. The limit is
 * below Stryker's own for any mutant the test covers (that is 1.5 times the covering tests' time plus 4 s), so
 * the test's limit is always the one that ends a hang.
 */
function limitTests(suite) {
  if (!existsSync(TIMES)) return;
  const times = JSON.parse(readFileSync(TIMES, 'utf8'));
  const walk = (s) => {
    for (const t of s.tests) {
      const ms = times[t.fullTitle()];
      if (ms !== undefined && t.timeout() === 0) t.timeout(Math.round(LIMIT_FACTOR * ms + LIMIT_MARGIN_MS));
    }
    s.suites.forEach(walk);
  };
  walk(suite);
}
const LIMIT_FACTOR = 1.5;
const LIMIT_MARGIN_MS = 2000;

/** Overruns a worker lives with before it is replaced anyway (their leftovers hold memory and sockets). */
const OVERRUNS_KEPT = 10;

/** Whether this process spends over a quarter of a core in the next 200 ms, with no test running. */
async function busyWithLeftovers() {
  const before = process.cpuUsage();
  await new Promise((r) => setTimeout(r, 200));
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 > 50;
}

/** Whether a run's failure is a test that ran past its time limit (Mocha's message for it). */
const pastLimit = (result) => result.status === 'killed' && /^Timeout of \d+ms exceeded/.test(result.failureMessage ?? '');

export class NodeTestOnMocha {
  #inner;
  #files;
  /** bundle → its text, read once (to find which bundles hold a mutant) */
  #texts = new Map();
  #loads = 0;
  /** Whether work left behind keeps this process busy (`busyWithLeftovers`; a test hands its own). */
  #busy;
  /** Runs in which a test ran past its limit, since this worker started. */
  #overruns = 0;
  constructor(inner, files, busy = busyWithLeftovers) {
    this.#inner = inner;
    this.#files = files;
    this.#busy = busy;
  }
  capabilities() {
    return { reloadEnvironment: true };
  }
  async init() {
    await bundle(this.#files, true);
    await this.#inner.init();
    const mocha = this.#inner.mocha;
    this.#all = [...mocha.files];
    // Every load after the first imports the bundles under a new URL, so their modules (and the mutants' code in
    // them) are evaluated again.
    const load = mocha.loadFilesAsync.bind(mocha);
    mocha.loadFilesAsync = async () => {
      const n = this.#loads++;
      await load(n === 0 ? {} : { esmDecorator: (url) => `${url.href}?load=${n}` });
      limitTests(mocha.suite);
    };
  }
  #all = [];
  async dryRun(options) {
    namespace().coverageOff = false;
    const run = await this.#inner.dryRun(options);
    if (run.status === 'complete') {
      const times = Object.fromEntries(run.tests.map((t) => [t.id, t.timeSpentMs]));
      writeFileSync(`${TIMES}.${process.pid}`, JSON.stringify(times));
      renameSync(`${TIMES}.${process.pid}`, TIMES);
    }
    return run;
  }
  /** The bundles whose code holds mutant `id` (the instrumenter marks each mutant's switch with its id). */
  #holding(id) {
    const mark = `("${id}")`;
    return this.#all.filter((f) => {
      let text = this.#texts.get(f);
      if (text === undefined) this.#texts.set(f, (text = readFileSync(f, 'utf8')));
      return text.includes(mark);
    });
  }
  /**
   * Set when work left by tests that ran past their limits may slow the worker. Such work goes on in this process:
   * a poll that never ends keeps a core busy; a request waiting on a stuck server costs nothing. The next run is
   * refused, and Stryker answers a refused run by replacing the worker and running the mutant again there. A
   * worker is replaced when it is busy with nothing to run, or after OVERRUNS_KEPT overruns in any case: replacing
   * costs loading every file again, and the adb layer's tests overrun often while their leftovers only wait.
   */
  #tainted = false;
  async mutantRun(options) {
    if (this.#tainted) throw new Error('a test ran past its time limit in this worker; its work may still be running');
    namespace().coverageOff = true;
    const atLoad = options.mutantActivation === 'static';
    const reload = options.reloadEnvironment && (atLoad || this.#loadedWithMutant);
    if (reload) {
      const mocha = this.#inner.mocha;
      // Drop the loaded files' suites (the root's own hooks, Stryker's coverage hook among them, stay).
      mocha.suite.suites = [];
      const held = atLoad ? this.#holding(options.activeMutant.id) : this.#all;
      mocha.files = held.length > 0 ? held : this.#all;
      this.#inner.loadedEnv = false;
      this.#loadedWithMutant = atLoad;
    }
    const started = performance.now();
    const result = await this.#inner.mutantRun(options);
    if (pastLimit(result)) this.#tainted = ++this.#overruns >= OVERRUNS_KEPT || (await this.#busy());
    trace(options, result, performance.now() - started, reload);
    return result;
  }
  /**
   * Whether the files now loaded were loaded with a mutant switched on. Stryker asks for a reload before a mutant
   * that is "hybrid" (its code runs while a file loads, a fixture built at a test file's top level say, and in
   * tests too) and before the run after it. Such a mutant is switched on at run time only (`runtime`), so a reload
   * would load the files just as they are loaded now: it is skipped. Loading anew costs every file's set-up and
   * keeps the old modules in memory, and hybrids are common (most of the image layer's layout mutants). Files
   * loaded with a mutant on (`static`, with `--static`) are always loaded again afterwards.
   */
  #loadedWithMutant = false;
  dispose() {
    return this.#inner.dispose();
  }
}

/** The test files, as scripts/mutate.js names them for the run (the config's `mochaOptions.spec` holds their bundles). */
const testFiles = () => JSON.parse(process.env.GLANCE_MUTATE_TESTS ?? '[]');

function createNodeTestOnMocha(injector) {
  return new NodeTestOnMocha(injector.injectFunction(createMochaTestRunner), testFiles());
}
createNodeTestOnMocha.inject = tokens(commonTokens.injector);

export const strykerPlugins = [declareFactoryPlugin(PluginKind.TestRunner, 'node-test-mocha', createNodeTestOnMocha)];
