// The warm CLI: `glance ui` as whole processes through the real adb server against a virtual device — the
// first call of a fresh daemon (cold: it starts the daemon), then warm calls through the daemon, beside the
// same call in-process (GLANCE_NO_DAEMON=1) and `node -e 0` on the same machine (medians of 20, wall time;
// the client process's CPU beside it where /usr/bin/time measures it). The daemon reads screens with its
// default backend (auto: the UiAutomator2 server when its package is installed), so the cold call also installs
// and starts the server. Needs the build (`npm run build`): it runs bin/glance.js as users do.
// Run: node --import tsx bench/warm.ts
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startVirtualDevice } from '../src/device/virtual/node/start.js';
import { AdbHarness } from '../test/adb/adb-harness.js';
import { median, nodeProcess, type ProcessRun } from './timing.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repoRoot, 'bin/glance.js');

/** One whole process; throws on a non-zero exit. */
async function timed(args: string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  const r = await nodeProcess(args, env, repoRoot);
  if (r.code !== 0) throw new Error(`node ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r;
}

/** Median wall and CPU milliseconds of `n` runs. */
async function medianOf(n: number, f: () => Promise<ProcessRun>): Promise<{ wall: number; cpu: number | undefined }> {
  const runs: ProcessRun[] = [];
  for (let i = 0; i < n; i++) runs.push(await f());
  const r = (x: number): number => Math.round(x * 10) / 10;
  const cpu = runs.every((x) => x.cpu !== undefined) ? r(median(runs.map((x) => x.cpu!))) : undefined;
  return { wall: r(median(runs.map((x) => x.wall))), cpu };
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
    const put = (name: string, x: { wall: number; cpu: number | undefined }): void => {
      results[`${name} (ms)`] = x.wall;
      if (x.cpu !== undefined) results[`${name}, CPU (ms)`] = x.cpu;
    };
    const node = await medianOf(20, () => timed(['-e', '0'], env));
    put('node -e 0', node);
    const cold = await timed(ui, env);
    put('glance ui, cold: first call starts the daemon', { wall: Math.round(cold.wall), cpu: cold.cpu });
    const warm = await medianOf(20, () => timed(ui, env));
    put('glance ui, warm through the daemon', warm);
    // The daemon's UiAutomator2 server holds UiAutomation, which `uiautomator dump` needs: stop it first.
    await timed([bin, 'daemon', 'stop'], env);
    await new Promise((r) => setTimeout(r, 300));
    put('glance ui, in-process GLANCE_NO_DAEMON=1', await medianOf(20, () => timed(ui, { ...env, GLANCE_NO_DAEMON: '1' })));
    results['warm glance ui / node -e 0'] = Math.round((warm.wall / node.wall) * 100) / 100;
    put('glance --version, in-process', await medianOf(20, () => timed([bin, '--version'], env)));
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
