// The published package as a user gets it: `npm pack` builds the tarball, which is installed into an empty
// folder without the network (its dependencies come from npm's cache, which `npm ci` filled), and the installed
// `glance` command answers --version, reads a bundled screen and runs the demo.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/corpus.js';
import { inCI } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string, timeoutMs = 240_000): Promise<Run> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

// npm itself: the one running `npm test` when there is one, else the npm beside node on PATH.
const npm = (args: string[], cwd: string): Promise<Run> =>
  process.env.npm_execpath?.endsWith('.js') ? run(process.execPath, [process.env.npm_execpath, ...args], cwd) : run('npm', args, cwd);

interface LockEntry {
  dev?: boolean;
  link?: boolean;
  [k: string]: unknown;
}

/**
 * A lockfile for a project that depends on the tarball alone: the tarball's entry plus our own lockfile's
 * production entries, so `npm ci --offline` fetches every dependency by integrity from the cache and asks
 * the registry for nothing (a plain `npm i` would need package metadata, which the cache does not hold).
 */
function consumerLock(tarball: string, name: string): object {
  const ours = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const root = ours.packages['']!;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const spec = `file:${tarball}`;
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { [name]: spec } },
    [`node_modules/${name}`]: { version: root.version, resolved: spec, integrity, dependencies: root.dependencies, bin: root.bin },
  };
  for (const [path, entry] of Object.entries(ours.packages)) {
    if (path.startsWith('node_modules/') && entry.dev !== true && entry.link !== true) packages[path] = entry;
  }
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages };
}

describe('the packed package installs and runs in an empty folder', { timeout: 600_000 }, () => {
  test('npm pack → npm ci --offline → glance --version, ui --from a bundled screen, demo', async (t) => {
    const dir = tempDir('glance-pack-');
    try {
      const packed = await npm(['pack', '--json', '--pack-destination', dir], repoRoot);
      assert.equal(packed.code, 0, packed.stderr);
      const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('['))) as {
        name: string;
        filename: string;
        size: number;
        files: { path: string }[];
      }[];
      assert.ok(info);
      assert.equal(info.name, 'glance-mobile');
      t.diagnostic(`tarball ${info.filename}: ${info.size} bytes, ${info.files.length} files`);
      // dist, bin, assets and docs only (npm adds package.json, README and LICENSE): no tests, no goldens.
      const stray = info.files
        .map((f) => f.path)
        .filter((p) => !/^(dist\/src|bin|assets|docs)\/|^(package\.json|README\.md|LICENSE)$/.test(p));
      assert.deepEqual(stray, []);
      assert.ok(info.files.some((f) => f.path === 'LICENSE'));

      const tarball = join(dir, info.filename);
      const app = join(dir, 'consumer');
      const spec = `file:${tarball}`;
      mkdirSync(app);
      writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, dependencies: { [info.name]: spec } }));
      writeFileSync(join(app, 'package-lock.json'), JSON.stringify(consumerLock(tarball, info.name)));
      const installed = await npm(['ci', '--offline', '--no-audit', '--no-fund'], app);
      if (installed.code !== 0 && /ENOTCACHED/.test(installed.stderr) && !inCI()) {
        t.skip('skipped: npm cache lacks the dependencies (run npm ci in the repository first)');
        return;
      }
      assert.equal(installed.code, 0, installed.stderr);

      const glance = join(app, 'node_modules/.bin/glance');
      const version = await run(glance, ['--version'], app);
      assert.equal(version.code, 0, version.stderr);
      assert.match(version.stdout, /^glance \d+\.\d+\.\d+/);

      const screen = join(app, 'node_modules', info.name, 'assets/scenarios/demo/screens/settings.xml');
      const ui = await run(glance, ['ui', '--from', screen], app);
      assert.equal(ui.code, 0, ui.stderr);
      assert.match(ui.stdout, /^b\d+ ImageButton Navigate up$/m);
      assert.match(ui.stdout, /Dark theme/);

      const demo = await run(glance, ['demo'], app, 120_000);
      assert.equal(demo.code, 0, demo.stderr);
      assert.match(demo.stdout, /^\$ glance ui$/m);
      assert.match(demo.stdout, /^\$ glance tap b\d+$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
