// Memory under hostile input, each case in its own process (peak RSS as the kernel counts it, CPU beside wall):
// - endless: `glance ui` against an adb server whose shell output never ends (stops at ADB_OUTPUT_TOO_LARGE);
// - never-read: `glance virtual` while a host opens 400 `exec:screencap -p` streams and never reads them (the
//   device's peak, and its resident set once the host has gone);
// - input: `glance ui --from /dev/zero` (stops at INPUT_TOO_LARGE, 64 MiB);
// - baseline: `glance ui --from` one real-sized dump, for scale.
// Run: npm run bench -- hostile
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fakeAdbServer, streamForever } from '../test/hostile/fake-adb-server.js';
import { rawHost } from '../test/hostile/raw-host.js';
import { encodeShellPacket, ShellId } from '../src/adb/index.js';
import { devEntry } from '../test/helpers/cli.js';
import { repoRoot } from '../test/helpers/corpus.js';
import { tempDir } from '../test/helpers/temp.js';
import { adbPath } from '../test/helpers/requires.js';
import { AdbHarness } from '../test/adb/adb-harness.js';

const peakHook = pathToFileURL(join(repoRoot, 'bench/peak-rss.ts')).href;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Measured {
  code: number | null;
  stdout: string;
  stderr: string;
  peakMB: number;
  cpuS: number;
  wallS: number;
}

function glanceChild(argv: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--import', peakHook, devEntry, ...argv], {
    cwd: repoRoot,
    env: { ...process.env, GLANCE_NO_DAEMON: '1', ...env },
  });
}

function finished(child: ChildProcess, started: number): Promise<Measured> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) =>
    child.on('close', (code) => {
      const m = /PEAK_RSS_KB (\d+) CPU_MS (\d+)/.exec(stderr);
      resolve({
        code,
        stdout,
        stderr,
        peakMB: m ? Math.round(Number(m[1]) / 1024) : NaN,
        cpuS: m ? Number(m[2]) / 1000 : NaN,
        wallS: (performance.now() - started) / 1000,
      });
    }),
  );
}

async function glanceRun(argv: string[], env: Record<string, string> = {}): Promise<Measured> {
  return finished(glanceChild(argv, env), performance.now());
}

function expectError(m: Measured, code: string): void {
  if (!new RegExp(`error ${code}`).test(m.stderr)) throw new Error(`expected ${code}, got exit ${m.code}: ${m.stderr.slice(0, 400)}`);
}

/** The resident set of a live process, from /proc (Linux); NaN elsewhere. */
function rssMB(pid: number | undefined): number {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kb ? Math.round(Number(kb[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

async function endless(): Promise<Measured> {
  const server = await fakeAdbServer(streamForever(encodeShellPacket(ShellId.stdout, Buffer.alloc(64 * 1024, 0x3c))));
  try {
    const m = await glanceRun(['-s', 'fake', 'ui'], { ANDROID_ADB_SERVER_PORT: String(server.port) });
    expectError(m, 'ADB_OUTPUT_TOO_LARGE');
    return m;
  } finally {
    await server.close();
  }
}

async function neverRead(): Promise<Measured & { idleMB: number; afterMB: number }> {
  const { child, port, done } = await virtualChild();
  const idleMB = rssMB(child.pid);
  const host = await rawHost(port);
  for (let i = 0; i < 400; i++) host.open('exec:screencap -p');
  await sleep(5000);
  host.destroy();
  await sleep(2000);
  const afterMB = rssMB(child.pid);
  child.kill('SIGINT');
  return { ...(await done), idleMB, afterMB };
}

/** `glance virtual` on its own port; resolves with the child, its port and what it measures when it exits. */
async function virtualChild(): Promise<{ child: ChildProcess; port: number; done: Promise<Measured> }> {
  const child = glanceChild(['virtual', '--port', '0']);
  const done = finished(child, performance.now());
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /127\.0\.0\.1:(\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('close', () => reject(new Error('glance virtual exited before it was ready')));
  });
  return { child, port, done };
}

/**
 * Streams through the virtual shell, driven by Debian's adb: `head -c 4194304 /dev/zero | wc -c`, a 1 GiB pipeline,
 * and `adb exec-out yes` read for 256 MiB by the host and then closed. The device's peak RSS covers all three.
 */
export async function virtualStreams(): Promise<Measured & { answers: string[]; idleMB: number }> {
  const v = await virtualChild();
  const idleMB = rssMB(v.child.pid);
  const answers: string[] = [];
  const h = await AdbHarness.start();
  try {
    const serial = `127.0.0.1:${v.port}`;
    await h.connectOnline(serial);
    for (const cmd of ['head -c 4194304 /dev/zero | wc -c', 'yes | head -c 1073741824 | wc -c']) {
      const r = await h.adb(['-s', serial, 'shell', cmd], 600_000);
      answers.push(r.stdout.toString().trim());
    }
    const reader = spawn(adbPath(), ['-P', String(h.port), '-s', serial, 'exec-out', 'yes'], { env: h.env });
    let got = 0;
    await new Promise<void>((resolve) => {
      reader.stdout.on('data', (d: Buffer) => {
        got += d.length;
        if (got >= 256 * 1024 * 1024) {
          reader.kill('SIGINT');
          resolve();
        }
      });
      reader.once('close', () => resolve());
    });
    answers.push(String(got));
    await sleep(2000);
  } finally {
    await h.stop();
    v.child.kill('SIGINT');
  }
  return { ...(await v.done), answers, idleMB };
}

async function input(): Promise<Measured> {
  const m = await glanceRun(['ui', '--from', '/dev/zero']);
  expectError(m, 'INPUT_TOO_LARGE');
  return m;
}

async function baseline(): Promise<Measured> {
  const dir = tempDir('glance-bench-hostile-');
  const file = join(dir, 'screen.xml');
  writeFileSync(file, readFileSync(join(repoRoot, 'assets/scenarios/demo/screens/account.xml')));
  const m = await glanceRun(['ui', '--from', file]);
  if (m.code !== 0) throw new Error(`baseline failed: ${m.stderr}`);
  return m;
}

const line = (name: string, m: Measured, extra = ''): void =>
  console.log(
    `${name.padEnd(44)} peak ${String(m.peakMB).padStart(4)} MB  wall ${m.wallS.toFixed(1)} s  cpu ${m.cpuS.toFixed(1)} s${extra}`,
  );

export async function benchHostile(): Promise<Record<string, number>> {
  const b = await baseline();
  line('baseline: ui --from one dump', b);
  const e = await endless();
  line('endless shell output → ADB_OUTPUT_TOO_LARGE', e);
  const n = await neverRead();
  line('virtual device, 400 never-read screencaps', n, `  idle ${n.idleMB} MB, after the host left ${n.afterMB} MB`);
  const st = await virtualStreams();
  line(
    'virtual device, shell streams (4 MiB, 1 GiB, exec-out yes 256 MiB)',
    st,
    `  idle ${st.idleMB} MB; answers ${st.answers.join(', ')}`,
  );
  const i = await input();
  line('ui --from /dev/zero → INPUT_TOO_LARGE', i);
  return {
    'baseline peak RSS MB': b.peakMB,
    'endless output peak RSS MB': e.peakMB,
    'never-read screencaps peak RSS MB': n.peakMB,
    'never-read screencaps RSS idle MB': n.idleMB,
    'never-read screencaps RSS after MB': n.afterMB,
    '64 MiB input peak RSS MB': i.peakMB,
    'virtual shell streams peak RSS MB': st.peakMB,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchHostile();
