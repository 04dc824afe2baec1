// The part of `node:test` the test files use (test/it, describe, before/after, beforeEach/afterEach, the options
// skip/todo/timeout (of a test)/concurrency/only, and a context with name, skip, todo, diagnostic and signal), laid onto Mocha's
// object model, so that Stryker's Mocha runner can load every test file of a layer ONCE and re-run only the tests
// that cover a mutant, in the same process, switching mutants at run time. No Stryker runner speaks node:test, and
// node:test on Node 20 runs each file in a process of its own, which costs a process start per mutant and file.
//
// Used only by mutation runs: scripts/stryker-mocha-runner.mjs bundles each test file with esbuild and points its
// `node:test` imports here. Each bundle holds its own copy of this module, so one copy sees one file: the file's
// top-level tests and hooks go into one suite named after the file (as node:test scopes them to the file), never
// into Mocha's root suite, where a hook would apply to every file.
import Mocha from 'mocha';

// The test file this copy stands in for (set by the bundler: `define`).
/* global __GLANCE_TEST_FILE__ */
const FILE = typeof __GLANCE_TEST_FILE__ === 'string' ? __GLANCE_TEST_FILE__ : 'test';

/** Suites being declared, innermost last; the first is the file's own, made on first use. */
const stack = [];

function current() {
  if (stack.length === 0) {
    // While Mocha loads a file, its BDD `describe` is global and attaches a suite where the file's tests belong.
    if (typeof globalThis.describe !== 'function') throw new Error(`${FILE}: node:test used outside a Mocha load`);
    const suite = globalThis.describe(FILE, () => {});
    suite.file = FILE;
    stack.push(suite);
  }
  return stack[stack.length - 1];
}

/** node:test's overloads: (name?, options?, fn?). */
function args(a, b, c) {
  let name = '';
  let options = {};
  let fn;
  for (const x of [a, b, c]) {
    if (typeof x === 'string') name = x;
    else if (typeof x === 'function') fn = x;
    else if (x !== null && typeof x === 'object') options = x;
  }
  if (name === '' && fn !== undefined) name = fn.name || '<anonymous>';
  return { name, options, fn };
}

const skipped = (o) => Boolean(o.skip) || Boolean(o.todo);

/** The test context node:test hands a test function, over Mocha's `this`. */
function context(mochaThis, name) {
  const abort = new AbortController();
  return {
    name,
    signal: abort.signal,
    skip: () => mochaThis.skip(),
    todo: () => mochaThis.skip(),
    diagnostic: () => {},
    abort,
  };
}

/**
 * The run a test function belongs to, and whether it is over. A worker runs the same Mocha tests again for each
 * mutant; a test that overran its limit goes on in the background, and when it settles at last it must not reach
 * the later run of the same test (Mocha would take it for that run's end, clear that run's timer, or throw
 * "done() called multiple times" out of the worker).
 */
function runOf(ctx) {
  const runnable = ctx.runnable();
  const token = Symbol(runnable.title);
  runnable[RUN] = token;
  return () => runnable[RUN] !== token || runnable.timedOut === true;
}
const RUN = Symbol('node-test-on-mocha run');

/** A node:test function (which may take a `done` callback as its second parameter) as a Mocha function. */
function asMocha(fn, name) {
  if (fn.length >= 2) {
    return function (done) {
      const stale = runOf(this);
      const t = context(this, name);
      try {
        fn(t, (err) => {
          if (!stale()) done(err);
        });
      } finally {
        t.abort.abort();
      }
    };
  }
  return function () {
    const stale = runOf(this);
    const t = context(this, name);
    // Settles only while its run lasts: a leftover's outcome is dropped (the promise stays pending, and holds nothing).
    return new Promise((resolve, reject) => {
      Promise.resolve()
        .then(() => fn(t))
        .finally(() => t.abort.abort())
        .then(
          (v) => stale() || resolve(v),
          (e) => stale() || reject(e),
        );
    });
  };
}

export function test(a, b, c) {
  const { name, options, fn } = args(a, b, c);
  const suite = current();
  const t = new Mocha.Test(name, skipped(options) || fn === undefined ? undefined : asMocha(fn, name));
  t.file = FILE;
  suite.addTest(t);
  // A test's own time limit holds as under node:test (a mutant that makes it hang fails it, as it would there).
  if (Number.isFinite(options.timeout) && options.timeout > 0) t.timeout(options.timeout);
  return Promise.resolve();
}
export const it = test;

export function describe(a, b, c) {
  const { name, options, fn } = args(a, b, c);
  const parent = current();
  if (skipped(options)) {
    // node:test never calls a skipped suite's function (it may read what is missing): one pending entry stands for it.
    const t = new Mocha.Test(name);
    t.file = FILE;
    parent.addTest(t);
    return Promise.resolve();
  }
  const suite = Mocha.Suite.create(parent, name);
  suite.file = FILE;
  stack.push(suite);
  try {
    fn?.call(suite, { name });
  } finally {
    stack.pop();
  }
  return Promise.resolve();
}
export const suite = describe;

/** A hook runs with no arguments in Mocha unless it takes `done`; node:test hands it a context it rarely reads. */
function hook(add) {
  return (fn) => {
    const s = current();
    add(
      s,
      fn.length >= 2
        ? function (done) {
            fn({ name: s.title }, done);
          }
        : function () {
            return fn({ name: s.title });
          },
    );
  };
}
export const before = hook((s, f) => s.beforeAll(f));
export const after = hook((s, f) => s.afterAll(f));
export const beforeEach = hook((s, f) => s.beforeEach(f));
export const afterEach = hook((s, f) => s.afterEach(f));

/** `test.skip(...)` and the like: the same call with the option set. */
function withOption(f, option) {
  return (a, b, c) => {
    const { name, options, fn } = args(a, b, c);
    return f(name, { ...options, [option]: true }, fn);
  };
}
test.skip = withOption(test, 'skip');
test.todo = withOption(test, 'todo');
test.only = test;
describe.skip = withOption(describe, 'skip');
describe.todo = withOption(describe, 'todo');
describe.only = describe;

export default test;
