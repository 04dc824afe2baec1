// The warm CLI: `glance ui` as whole processes through the real adb server against a virtual device — the
// first call of a fresh daemon (cold: it starts the daemon), then warm calls through the daemon, beside the
// same call in-process (GLANCE_NO_DAEMON=1) and `node -e 0` on the same machine (medians of 20, wall time).
// Needs the build (`npm run build`): it runs bin/glance.js as users do.
// Run: node --import tsx bench/warm.ts
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startVirtualDevice } from '../src/device/virtual/node/start.js';
import { AdbHarness } from '../test/adb/adb-harness.js';
import { median } from './timing.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repoRoot, 'bin/glance.js');

/** Wall time of one process run, from spawn to exit. */
function timed(args: string[], env: NodeJS.ProcessEnv): Promise<{ wall: number }> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const wall = performance.now() - t;
      if (code !== 0) reject(new Error(`node ${args.join(' ')} exited ${code}: ${err}`));
      else resolve({ wall });
    });
  });
}

async function medianOf(n: number, f: () => Promise<{ wall: number }>): Promise<number> {
  const walls: number[] = [];
  for (let i = 0; i < n; i++) walls.push((await f()).wall);
  return Math.round(median(walls) * 10) / 10;
}

export async function benchWarm(): Promise<Record<string, number>> {
  if (!existsSync(join(repoRoot, 'dist/src/cli/client.js'))) {
    console.log('warm: skipped (run `npm run build` first: the bench runs bin/glance.js)');
    return {};
  }
  const v = await startVirtualDevice({ scenario: 'demo' });
  const h = await AdbHarness.start();
  const daemonDir = mkdtempSync(join(tmpdir(), 'glance-bench-warm-'));
  const env: NodeJS.ProcessEnv = { ...process.env, ANDROID_ADB_SERVER_PORT: String(h.port), HOME: h.home, GLANCE_DAEMON_DIR: daemonDir };
  delete env['GLANCE_NO_DAEMON'];
  const ui = [bin, '-s', v.serial, 'ui'];
  const results: Record<string, number> = {};
  try {
    await h.connectOnline(v.serial);
    results['node -e 0 (ms)'] = await medianOf(20, () => timed(['-e', '0'], env));
    results['glance ui, cold: first call starts the daemon (ms)'] = Math.round((await timed(ui, env)).wall);
    results['glance ui, warm through the daemon (ms)'] = await medianOf(20, () => timed(ui, env));
    results['glance ui, in-process GLANCE_NO_DAEMON=1 (ms)'] = await medianOf(20, () => timed(ui, { ...env, GLANCE_NO_DAEMON: '1' }));
    results['warm glance ui / node -e 0'] =
      Math.round((results['glance ui, warm through the daemon (ms)']! / results['node -e 0 (ms)']!) * 100) / 100;
    results['glance --version, in-process (ms)'] = await medianOf(20, () => timed([bin, '--version'], env));
  } finally {
    await timed([bin, 'daemon', 'stop'], env).catch(() => undefined);
    await h.stop();
    await v.close();
    rmSync(daemonDir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchWarm();
  for (const [k, val] of Object.entries(r)) process.stdout.write(`${k.padEnd(52)} ${val}\n`);
}
