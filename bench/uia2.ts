// The UiAutomator2 server backend against `uiautomator dump`, on a virtual device whose dump and capture cost
// what a phone's do: `glance virtual --dump-ms 1500 --screencap-ms 500` runs as its own process, the real adb
// server (own port) connects to it, and Glance reads the screen (`glance ui`), taps + settles (`glance tap X,Y`)
// and takes a marked screenshot with each backend.
// - CLI: `glance --backend B …` as whole processes (bin/glance.js, so it needs `npm run build`) through a warm
//   daemon: medians of wall time, of the client process's CPU (/usr/bin/time) and the daemon's CPU per call
//   (/proc); the first call, which starts the daemon (and for uia2 installs and starts the server), apart.
// - Library: a process that keeps its device (connect()), timed in this process; also a marked screenshot.
// - One-shot: the in-process CLI (GLANCE_NO_DAEMON), which starts and stops the server on every call.
// The virtual device's own CPU is in its process. Run: node --import tsx bench/uia2.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from '../src/cli/main.js';
import type { CliIO } from '../src/cli/io.js';
import { findUia2Apks } from '../src/device/uia2/package.js';
import { connect } from '../src/phone/connect.js';
import type { Phone } from '../src/phone/phone.js';
import { AdbHarness } from '../test/adb/adb-harness.js';
import { median, nodeProcess, processCpuMs, type ProcessRun } from './timing.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = join(repoRoot, 'bin/glance.js');
const DUMP_MS = 1500;
// A phone's capture: screencap (or the server's /screenshot) takes a few hundred milliseconds.
const SCREENCAP_MS = 500;
// A tap on the status bar: nothing changes, so the settle loop ends after two equal reads.
const STILL = '540,48';

type Put = (name: string, r: { wall: number; cpu: number | undefined }) => void;

/** `glance --backend BACKEND ARGS` as a whole process; throws on a non-zero exit. */
async function cli(backend: string, args: string[], env: NodeJS.ProcessEnv): Promise<ProcessRun> {
  const r = await nodeProcess([bin, '--backend', backend, ...args], env, repoRoot);
  if (r.code !== 0) throw new Error(`glance --backend ${backend} ${args.join(' ')} exited ${r.code}: ${r.stderr}`);
  return r;
}

/**
 * Whole `glance` processes through a warm daemon, one daemon per backend (the server holds UiAutomation, so
 * `uiautomator dump` runs while no server does): the first call, then `glance ui` and `glance tap X,Y` (+ settle).
 */
async function cliThroughDaemon(serial: string, base: Record<string, string>, put: Put): Promise<void> {
  for (const backend of ['dump', 'uia2'] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'glance-bench-daemon-'));
    const env: NodeJS.ProcessEnv = { ...process.env, ...base, GLANCE_DAEMON_DIR: dir };
    delete env['GLANCE_NO_DAEMON'];
    delete env['GLANCE_BACKEND'];
    try {
      const cold = await cli(backend, ['-s', serial, 'ui'], env);
      put(`CLI glance ui, first call (starts the daemon${backend === 'uia2' ? ', installs and starts the server' : ''}), ${backend}`, cold);
      const status = await cli(backend, ['--json', 'daemon', 'status'], env);
      const pid = (JSON.parse(status.stdout) as { result: { pid: number } }).result.pid;
      const n = backend === 'dump' ? 5 : 20;
      for (const [what, args] of [
        ['glance ui', ['-s', serial, 'ui']],
        [`glance tap ${STILL} + settle`, ['-s', serial, 'tap', STILL]],
      ] as const) {
        const before = await processCpuMs(pid);
        const runs: ProcessRun[] = [];
        for (let i = 0; i < n; i++) runs.push(await cli(backend, [...args], env));
        const after = await processCpuMs(pid);
        const cpu = runs.every((r) => r.cpu !== undefined) ? median(runs.map((r) => r.cpu!)) : undefined;
        put(`CLI warm ${what} through the daemon, ${backend}`, { wall: median(runs.map((r) => r.wall)), cpu });
        if (before !== undefined && after !== undefined)
          put(`CLI warm ${what}, the daemon's CPU per call, ${backend}`, { wall: (after - before) / n, cpu: undefined });
      }
    } finally {
      await nodeProcess([bin, 'daemon', 'stop'], env, repoRoot);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** `glance virtual --dump-ms 1500 --screencap-ms 500` as its own process; resolves with its serial (the first line it prints). */
function startVirtualProcess(): Promise<{ serial: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(repoRoot, 'test/helpers/glance-dev.ts'),
      'virtual',
      '--dump-ms',
      String(DUMP_MS),
      '--screencap-ms',
      String(SCREENCAP_MS),
    ],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`glance virtual exited ${code}`)));
    createInterface({ input: child.stdout! }).once('line', (line) => resolve({ serial: line.trim(), child }));
  });
}

/** Median wall and CPU milliseconds of `n` runs after `warm` untimed ones. */
async function timed(n: number, f: () => Promise<unknown>, warm = 1): Promise<{ wall: number; cpu: number }> {
  for (let i = 0; i < warm; i++) await f();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const c = process.cpuUsage();
    await f();
    const d = process.cpuUsage(c);
    wall.push(performance.now() - t);
    cpu.push((d.user + d.system) / 1000);
  }
  return { wall: median(wall), cpu: median(cpu) };
}

function io(env: Record<string, string>): CliIO {
  return {
    stdout: () => undefined,
    stderr: () => undefined,
    readStdin: async () => '',
    readFile: async () => '',
    isTTY: false,
    env: { ...process.env, ...env },
    signal: new AbortController().signal,
  };
}

export async function benchUia2(): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  if ((await findUia2Apks()) === undefined) {
    console.log('skipped: appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    return results;
  }
  const { serial, child } = await startVirtualProcess();
  const h = await AdbHarness.start();
  const stateDir = mkdtempSync(join(tmpdir(), 'glance-bench-uia2-'));
  const env = { ANDROID_ADB_SERVER_PORT: String(h.port), GLANCE_STATE_DIR: stateDir, HOME: h.home };
  const put: Put = (name, r) => {
    results[`${name} (ms)`] = Math.round(r.wall * 10) / 10;
    if (r.cpu !== undefined) results[`${name}, CPU (ms)`] = Math.round(r.cpu * 10) / 10;
  };
  const phones: Phone[] = [];
  try {
    await h.connectOnline(serial);
    if (existsSync(join(repoRoot, 'dist/src/cli/client.js'))) await cliThroughDaemon(serial, env, put);
    else console.log('uia2: CLI figures skipped (run `npm run build` first: they run bin/glance.js)');
    for (const backend of ['dump', 'uia2'] as const) {
      const phone = await connect({ serial, env: { ...process.env, ...env }, backend });
      phones.push(phone);
      const ui = await timed(backend === 'dump' ? 3 : 15, () => phone.snapshot());
      put(`library phone.snapshot(), ${backend}`, ui);
      put(`library phone.tap(X,Y) + settle, ${backend}`, await timed(backend === 'dump' ? 3 : 15, () => phone.tap(STILL)));
      // Capture, hierarchy (read while the screen is captured) and the marked image a model gets.
      put(
        `library phone.screenshot({ marks: true }), ${backend}`,
        await timed(backend === 'dump' ? 3 : 10, () => phone.screenshot({ marks: true })),
      );
      phone.close();
      // The server goes with its session; the next backend starts from a free UiAutomation.
      await new Promise((r) => setTimeout(r, 200));
    }
    const once = (backend: string) => async (): Promise<void> => {
      const code = await run(['-s', serial, '--backend', backend, 'ui'], io(env));
      if (code !== 0) throw new Error(`glance --backend ${backend} ui exited ${code}`);
    };
    put('one-shot in-process CLI glance ui, uia2 (server start + read + stop)', await timed(5, once('uia2')));
  } finally {
    for (const p of phones) p.close();
    await new Promise((r) => setTimeout(r, 300));
    await h.stop();
    child.kill();
    rmSync(stateDir, { recursive: true, force: true });
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchUia2();
  for (const [k, val] of Object.entries(r)) process.stdout.write(`${k.padEnd(72)} ${val}\n`);
}
