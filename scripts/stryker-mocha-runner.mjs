// A StrykerJS test runner ('node-test-mocha'): Stryker's own Mocha runner over our node:test files.
// - Once the sandbox is instrumented (every mutant is in the code, switched on at run time), each test file is
//   bundled with esbuild beside itself (packages stay external, so relative paths and node_modules still hold),
//   with `node:test` pointed at scripts/node-test-on-mocha.mjs.
// - Mocha loads every bundle once per worker process. Coverage is recorded per test, and a mutant re-runs only the
//   tests that reached it, in the same process: no process start, no module load, no file that never ran its code.
// A mutant in code that runs only while a module loads (a "static" mutant) needs fresh modules; Stryker restarts
// the worker for those.
import { renameSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { commonTokens, declareFactoryPlugin, PluginKind, tokens } from '@stryker-mutator/api/plugin';
import { createMochaTestRunner } from '@stryker-mutator/mocha-runner';

const SHIM = 'scripts/node-test-on-mocha.mjs';

/** Where a test file's bundle goes: beside it, hidden, so `../../src/…` and fixtures next to it resolve alike. */
export function bundleOf(file) {
  return join(dirname(file), `.${basename(file)}.mocha.mjs`);
}

/** Bundles every test file in turn (each worker writes the same bytes: write aside, then rename). */
export async function bundle(files) {
  const { build } = await import('esbuild');
  const shim = resolve(SHIM);
  const nodeTest = {
    name: 'node-test-on-mocha',
    setup(b) {
      b.onResolve({ filter: /^node:test$/ }, () => ({ path: shim }));
    },
  };
  for (const file of files) {
    const out = bundleOf(file);
    const tmp = `${out}.${process.pid}`;
    await build({
      entryPoints: [file],
      outfile: tmp,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      packages: 'external',
      plugins: [nodeTest],
      define: { __GLANCE_TEST_FILE__: JSON.stringify(file) },
      logLevel: 'error',
    });
    renameSync(tmp, out);
  }
}

class NodeTestOnMocha {
  #inner;
  #files;
  constructor(inner, files) {
    this.#inner = inner;
    this.#files = files;
  }
  capabilities() {
    return this.#inner.capabilities();
  }
  async init() {
    await bundle(this.#files);
    return this.#inner.init();
  }
  dryRun(options) {
    return this.#inner.dryRun(options);
  }
  mutantRun(options) {
    return this.#inner.mutantRun(options);
  }
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
