// The package as a consumer sees it: built by tsc into a temporary directory, then
//  1. its public declaration surface equals the checked-in one (test/golden/api/; `npm run api` rewrites it),
//  2. a consumer project type-checks against the built .d.ts (exports map included),
//  3. that consumer's three lines drive `glance virtual` (the demo scenario, started from the built package)
//     through the real adb server, and see the screen change after the tap.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { API_GOLDEN_DIR, apiSurface, goldenName } from '../../scripts/api.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { repoRoot } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { buildPackage, runNode, tscBin, type BuiltPackage } from './build.js';

/** First line where two texts differ, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const x = a.split('\n');
  const y = b.split('\n');
  const i = x.findIndex((l, k) => l !== y[k]);
  const at = i < 0 ? x.length : i;
  return `line ${at + 1}:\n  built:  ${x[at] ?? '(end)'}\n  golden: ${y[at] ?? '(end)'}`;
}

describe('the built package', { timeout: 300_000 }, () => {
  let built: BuiltPackage;
  let compiled = false;

  before(async () => {
    built = await buildPackage();
  });

  test('its declaration surface is the checked-in one (npm run api after an intended change)', () => {
    const surface = apiSurface(built.pkgDir);
    const goldens = readdirSync(API_GOLDEN_DIR).sort();
    assert.deepEqual(goldens, [...surface.keys()].map(goldenName).sort(), 'one golden file per package.json export');
    for (const [subpath, s] of surface) {
      const golden = readFileSync(join(API_GOLDEN_DIR, goldenName(subpath)), 'utf8');
      assert.ok(
        s.text === golden,
        `glance-mobile${subpath === '.' ? '' : `/${subpath}`} changed (if intended: npm run api, and commit test/golden/api); ${firstDifference(s.text, golden)}`,
      );
    }
  });

  test('the root loads no tokenizer, MCP SDK, zod or image code', async () => {
    const hook = `data:text/javascript,${encodeURIComponent(
      'export async function resolve(s, c, n) { const r = await n(s, c); process.stderr.write("LOADED " + r.url + "\\n"); return r; }',
    )}`;
    const reg = `import { register } from 'node:module'; register(${JSON.stringify(hook)});`;
    const r = await runNode(['--import', `data:text/javascript,${encodeURIComponent(reg)}`, '-e', "await import('glance-mobile')"], {
      cwd: built.consumerDir,
    });
    assert.equal(r.code, 0, r.stderr);
    const loaded = r.stderr.split('\n').filter((l) => l.startsWith('LOADED '));
    assert.ok(
      loaded.some((l) => l.endsWith('/dist/src/index.js')),
      'the hook saw the root load',
    );
    const heavy = loaded.filter((l) => /gpt-tokenizer|@modelcontextprotocol|\/zod\/|@napi-rs|\/image\/|tree-sitter/.test(l));
    assert.deepEqual(heavy, []);
  });

  test('a consumer type-checks against the built .d.ts and compiles', async () => {
    cpSync(join(repoRoot, 'test/package/consumer'), built.consumerDir, { recursive: true });
    const compilerOptions = {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      verbatimModuleSyntax: true,
      skipLibCheck: true,
      outDir: 'out',
      typeRoots: [join(repoRoot, 'node_modules/@types')],
      types: ['node'],
    };
    writeFileSync(join(built.consumerDir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
    const r = await runNode([tscBin, '-p', built.consumerDir]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(existsSync(join(built.consumerDir, 'out/three-lines.js')));
    compiled = true;
  });

  describe('three lines drive `glance virtual` through the real adb server', { skip: requires({ adb: true }) }, () => {
    let adb: AdbHarness;
    let virtual: ChildProcess | undefined;
    let serial = '';

    before(async () => {
      adb = await AdbHarness.start();
      virtual = spawn(process.execPath, [join(built.pkgDir, 'bin/glance.js'), 'virtual', '--scenario', 'demo'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      serial = await new Promise<string>((resolve, reject) => {
        let out = '';
        virtual!.stdout!.on('data', (d: Buffer) => {
          out += d.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        virtual!.once('exit', (code) => reject(new Error(`glance virtual exited with ${code}`)));
      });
    });

    after(async () => {
      // Gone before this process exits and removes the package folder it runs from.
      if (virtual !== undefined && virtual.exitCode === null && virtual.signalCode === null) {
        const exited = once(virtual, 'exit');
        virtual.kill();
        await exited;
      }
      await adb?.stop();
    });

    test('the tap opens the search screen and the typed text lands in its field', async (t) => {
      if (!compiled) return t.skip('the consumer did not compile (see the test above)');
      // The serial is new to this adb server: connect() connects it, as `adb connect` would.
      const r = await runNode([join(built.consumerDir, 'out/three-lines.js'), serial], {
        cwd: built.consumerDir,
        env: adb.env,
        timeoutMs: 60_000,
      });
      assert.equal(r.code, 0, r.stderr);
      const seen = JSON.parse(r.stdout) as Record<string, unknown>;
      assert.deepEqual(seen, {
        before: 'dev.glance.demo/.MainActivity',
        elements: 12,
        newScreen: true,
        changed: true,
        after: 'dev.glance.demo/.SearchActivity',
        value: 'lisbon',
        stale: 'REF_NOT_FOUND',
      });
    });
  });
});
