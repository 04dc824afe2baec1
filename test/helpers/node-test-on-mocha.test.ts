// Mutation runs load every test file of a layer into one Mocha process (scripts/stryker-mocha-runner.mjs), through a
// stand-in for node:test (scripts/node-test-on-mocha.mjs). A test that passes, fails or is skipped under node:test
// must do the same there, and a file's hooks must stay in that file: otherwise a mutant is scored against tests
// that did not run as written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from './temp.js';
// @ts-expect-error plain ESM script without declarations
import { bundle, bundleOf, coverageSwitch, NodeTestOnMocha } from '../../scripts/stryker-mocha-runner.mjs';

const first = `
import { test, describe, before, after, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
globalThis.events ??= [];
const log = (e) => globalThis.events.push('first:' + e);
before(() => log('before'));
after(() => log('after'));
beforeEach(() => log('each'));
test('passes', () => log('passes'));
test('fails', () => assert.equal(1, 2));
test('skipped by option', { skip: 'no device' }, () => log('never'));
test('skips itself', (t) => { t.skip('not here'); log('after skip'); });
test('names itself', (t) => log('name=' + t.name));
test('waits for done', (t, done) => setTimeout(() => { log('done'); done(); }, 5));
test('awaits', async () => { await new Promise((r) => setTimeout(r, 5)); log('awaited'); });
test('hangs past its limit', { timeout: 50 }, () => new Promise((r) => setTimeout(r, 5000).unref()));
describe('group', () => {
  beforeEach(() => log('group each'));
  test('inner', () => log('inner'));
  describe('skipped group', { skip: true }, () => { log('never called'); test('never either', () => log('never')); });
});
`;
const second = `
import { test, beforeEach } from 'node:test';
globalThis.events ??= [];
beforeEach(() => globalThis.events.push('second:each'));
test('alone', () => globalThis.events.push('second:alone'));
`;
// Loads the bundles into one Mocha, as the mutation runner does, and prints what ran.
const driver = `
import Mocha from 'mocha';
const mocha = new Mocha({ timeout: 0, reporter: function () {} });
for (const f of JSON.parse(process.argv[2])) mocha.addFile(f);
await mocha.loadFilesAsync();
const out = { pass: [], fail: [], pending: [], files: {} };
const runner = mocha.run(() => { out.events = globalThis.events; console.log(JSON.stringify(out)); });
runner.on('pass', (t) => { out.pass.push(t.fullTitle()); out.files[t.fullTitle()] = t.file; });
runner.on('fail', (t) => out.fail.push(t.fullTitle()));
runner.on('pending', (t) => out.pending.push(t.fullTitle()));
`;

test('node:test files keep their outcomes, names and hooks when run under Mocha', async () => {
  const dir = tempDir('glance-mocha-');
  // The bundles leave packages external: node_modules must resolve from beside them, as in a Stryker sandbox.
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  const files = ['first.test.mjs', 'second.test.mjs'].map((f) => join(dir, f));
  writeFileSync(files[0]!, first);
  writeFileSync(files[1]!, second);
  writeFileSync(join(dir, 'driver.mjs'), driver);
  await bundle(files);
  const r = spawnSync(process.execPath, [join(dir, 'driver.mjs'), JSON.stringify(files.map(bundleOf))], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  const f = files[0]!;
  const s = files[1]!;
  assert.deepEqual(out.pass, [`${f} passes`, `${f} names itself`, `${f} waits for done`, `${f} awaits`, `${f} group inner`, `${s} alone`]);
  assert.deepEqual(out.fail, [`${f} fails`, `${f} hangs past its limit`]);
  assert.deepEqual(out.pending, [`${f} skipped by option`, `${f} skips itself`, `${f} group skipped group`]);
  // Results name the test file they came from, not its bundle.
  assert.equal(out.files[`${s} alone`], s);
  // Each file's hooks stay in that file; a group's beforeEach runs after the file's; nothing runs after t.skip().
  assert.deepEqual(out.events, [
    'first:before',
    'first:each',
    'first:passes',
    'first:each', // fails
    'first:each', // skips itself
    'first:each',
    'first:name=names itself',
    'first:each',
    'first:done',
    'first:each',
    'first:awaited',
    'first:each', // hangs past its limit
    'first:each',
    'first:group each',
    'first:inner',
    'first:after',
    'second:each',
    'second:alone',
  ]);
});

const overrun = `
import { test } from 'node:test';
let round = 0;
test('overruns once', { timeout: 200 }, async () => {
  const mine = ++round;
  // The first run hangs past its limit and fails late, while the second run of the same test is going on; the
  // second hangs too, and must meet its own limit.
  if (mine === 1) {
    await new Promise((r) => setTimeout(r, 300));
    throw new Error('late failure of run 1');
  }
  await new Promise((r) => setTimeout(r, 1000));
});
`;
// Runs the same loaded tests twice in one Mocha, as a worker does for two mutants.
const twice = `
import Mocha from 'mocha';
const mocha = new Mocha({ timeout: 0, reporter: function () {} });
mocha.cleanReferencesAfterRun(false);
mocha.addFile(process.argv[2]);
await mocha.loadFilesAsync();
const rounds = [];
for (let i = 0; i < 2; i++) {
  const out = { pass: [], fail: [] };
  await new Promise((done) => {
    const runner = mocha.run(done);
    runner.on('pass', (t) => out.pass.push(t.title));
    runner.on('fail', (t, e) => out.fail.push(t.title + ': ' + e.message.split('.')[0]));
  });
  rounds.push(out);
}
await new Promise((r) => setTimeout(r, 300));
console.log(JSON.stringify(rounds));
`;

test('a test that overran its limit cannot reach a later run of itself when it settles at last, nor clear the limit of that run', async () => {
  const dir = tempDir('glance-mocha-overrun-');
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  const file = join(dir, 'overrun.test.mjs');
  writeFileSync(file, overrun);
  writeFileSync(join(dir, 'twice.mjs'), twice);
  await bundle([file]);
  const r = spawnSync(process.execPath, [join(dir, 'twice.mjs'), bundleOf(file)], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout.trim().split('\n').at(-1)!), [
    { pass: [], fail: ['overruns once: Timeout of 200ms exceeded'] },
    { pass: [], fail: ['overruns once: Timeout of 200ms exceeded'] },
  ]);
});

// A stand-in for Stryker's Mocha runner: each mutant run answers with the next result it was given.
class ScriptedRunner {
  runs = 0;
  mocha = { files: [] as string[], suite: { suites: [] }, loadFilesAsync: async () => {} };
  loadedEnv = true;
  constructor(private readonly results: object[]) {}
  async init(): Promise<void> {}
  async mutantRun(): Promise<object> {
    return this.results[this.runs++]!;
  }
  async dispose(): Promise<void> {}
}

test('a worker whose test ran past its limit refuses its next run (Stryker then replaces it); other kills do not', async () => {
  const limit = { status: 'killed', killedBy: ['a'], failureMessage: 'Timeout of 2150ms exceeded. For async tests…', nrOfTests: 1 };
  const failed = { status: 'killed', killedBy: ['b'], failureMessage: 'Expected values to be strictly equal', nrOfTests: 1 };
  const survived = { status: 'survived', nrOfTests: 3 };
  const run = { activeMutant: { id: '1' }, mutantActivation: 'runtime', reloadEnvironment: false };

  const plain = new ScriptedRunner([failed, survived, failed]);
  const worker = new NodeTestOnMocha(plain, []);
  await worker.init();
  for (const want of [failed, survived, failed]) assert.deepEqual(await worker.mutantRun(run), want);

  // Leftovers that keep the process busy: the next run is refused.
  const hung = new ScriptedRunner([survived, limit, survived]);
  const tainted = new NodeTestOnMocha(hung, [], async () => true);
  await tainted.init();
  assert.deepEqual(await tainted.mutantRun(run), survived);
  // The mutant whose test hung is killed by that test, as reported.
  assert.deepEqual(await tainted.mutantRun(run), limit);
  await assert.rejects(tainted.mutantRun(run), /ran past its time limit/);
  assert.equal(hung.runs, 2, 'the refused run never reached the tests');

  // Leftovers that only wait: the worker goes on, up to ten overruns.
  const waiting = new ScriptedRunner([...Array(10).fill(limit), survived]);
  const idle = new NodeTestOnMocha(waiting, [], async () => false);
  await idle.init();
  for (let i = 0; i < 9; i++) assert.deepEqual(await idle.mutantRun(run), limit);
  assert.deepEqual(await idle.mutantRun(run), limit);
  await assert.rejects(idle.mutantRun(run), /ran past its time limit/);
  assert.equal(waiting.runs, 10);
});

test("the instrumenter's coverage counter stops counting when a mutant run turns it off, and counts in the dry run", () => {
  // The shape of the counter the instrumenter writes at the top of each file (as esbuild prints it).
  const instrumented = [
    'var ns = globalThis.__glance_test_ns__;',
    'var cov = ns.mutantCoverage;',
    'function stryCov_x() {',
    '  function cover() {',
    '    var c = cov.static;',
    '    var a = arguments;',
    '    for (var i = 0; i < a.length; i++) {',
    '      c[a[i]] = (c[a[i]] || 0) + 1;',
    '    }',
    '  }',
    '  return cover;',
    '}',
    'return stryCov_x();',
  ].join('\n');
  const switched = coverageSwitch(instrumented);
  assert.notEqual(switched, instrumented);
  const ns = { mutantCoverage: { static: {} as Record<string, number> }, coverageOff: false };
  (globalThis as Record<string, unknown>)['__glance_test_ns__'] = ns;
  try {
    const cover = new Function(switched)() as (...ids: string[]) => void;
    cover('1', '2');
    ns.coverageOff = true;
    cover('1', '3');
    ns.coverageOff = false;
    cover('1');
    assert.deepEqual(ns.mutantCoverage.static, { 1: 2, 2: 1 });
  } finally {
    delete (globalThis as Record<string, unknown>)['__glance_test_ns__'];
  }
  // Text without the counter is left as it is.
  assert.equal(coverageSwitch('const x = 1;\n'), 'const x = 1;\n');
});

test('files are loaded again only around a mutant switched on while they load, and then only those that hold it', async () => {
  const dir = tempDir('glance-mocha-reload-');
  const holds = join(dir, 'holds.mjs');
  const other = join(dir, 'other.mjs');
  writeFileSync(holds, 'if (stryMutAct_9fa48("7")) {}\n');
  writeFileSync(other, 'if (stryMutAct_9fa48("8")) {}\n');
  const survived = { status: 'survived', nrOfTests: 1 };
  const inner = new ScriptedRunner([survived, survived, survived, survived]);
  inner.mocha.files = [holds, other];
  const worker = new NodeTestOnMocha(inner, []);
  await worker.init();
  const loads: string[][] = [];
  const run = async (id: string, mutantActivation: string, reloadEnvironment: boolean) => {
    inner.loadedEnv = true;
    await worker.mutantRun({ activeMutant: { id }, mutantActivation, reloadEnvironment });
    loads.push(inner.loadedEnv ? [] : [...inner.mocha.files]);
  };
  // A hybrid mutant (its code also runs while a file loads) is switched on at run time: the files as loaded serve.
  await run('8', 'runtime', true);
  // Switched on while loading: only the file that holds it is loaded again, then every file, without it.
  await run('7', 'static', true);
  await run('8', 'runtime', true);
  await run('8', 'runtime', false);
  assert.deepEqual(loads, [[], [holds], [holds, other], []]);
});

test('a module that finds a file beside itself (import.meta.url) still finds it from inside a bundle elsewhere', async () => {
  const dir = tempDir('glance-mocha-url-');
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'lib'));
  writeFileSync(join(dir, 'lib', 'beside.txt'), 'found');
  writeFileSync(join(dir, 'lib', 'where.ts'), "export const beside: URL = new URL('beside.txt', import.meta.url);\n");
  const file = join(dir, 'where.test.mjs');
  writeFileSync(
    file,
    `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { beside } from './lib/where.ts';
test('reads beside', () => assert.equal(readFileSync(beside, 'utf8'), 'found'));
`,
  );
  writeFileSync(join(dir, 'driver.mjs'), driver);
  await bundle([file]);
  const r = spawnSync(process.execPath, [join(dir, 'driver.mjs'), JSON.stringify([bundleOf(file)])], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
  assert.deepEqual(out.pass, [`${file} reads beside`]);
});
