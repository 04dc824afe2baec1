// Runs a real Debian adb server on its own port with its own HOME (keys), for the end-to-end tests and the
// benchmark. Everything it starts is stopped by stop(), which then removes that HOME. Should stop() never run (a
// failed hook, the process killed from outside), the server is killed and the HOME removed when this process exits,
// or, after a SIGKILL, by the next harness to start or by scripts/test.js at the end of its run (scripts/orphans.mjs).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { join } from 'node:path';
import { reapOrphans, track } from '../../scripts/orphans.mjs';
import { parseDeviceList } from '../../src/adb/transport.js';
import { adbPath } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

export interface AdbRun {
  code: number;
  stdout: Buffer;
  stderr: string;
}

/** Whether something accepts TCP connections on the loopback `port`. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export class AdbHarness {
  private server: ChildProcess | undefined;
  private release: () => void = () => undefined;

  private constructor(
    readonly port: number,
    readonly home: string,
  ) {}

  /** The server's process id (it is this process's child). */
  get serverPid(): number | undefined {
    return this.server?.pid;
  }

  get env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: this.home, ANDROID_ADB_SERVER_PORT: String(this.port) };
    delete env.ANDROID_SERIAL;
    return env;
  }

  static async start(): Promise<AdbHarness> {
    reapOrphans();
    // A free port can be taken by someone else before the server binds it: then another one.
    for (let attempt = 1; ; attempt++) {
      const h = new AdbHarness(await freePort(), tempDir('glance-adb-home-'));
      try {
        await h.serve();
        return h;
      } catch (e) {
        await h.stop();
        if (attempt === 3) throw e;
      }
    }
  }

  /**
   * Starts the server as this process's own child (`nodaemon server`; `start-server` would fork it away, its pid
   * unknown) and waits, up to 20 s, until it listens.
   */
  private async serve(): Promise<void> {
    const logFile = join(this.home, 'adb-server.log');
    const log = openSync(logFile, 'a');
    const child = spawn(adbPath(), ['-P', String(this.port), 'nodaemon', 'server'], { env: this.env, stdio: ['ignore', log, log] });
    closeSync(log);
    // The server must not keep this process alive: a test that forgets stop() still ends, and its exit kills it.
    child.unref();
    this.server = child;
    if (child.pid !== undefined) this.release = track(child.pid, { what: `adb server on port ${this.port}`, remove: [this.home] });
    const deadline = Date.now() + 20_000;
    while (!(await accepts(this.port))) {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined)
        throw new Error(`adb server on port ${this.port} did not start: ${readFileSync(logFile, 'utf8').slice(-2000)}`);
      if (Date.now() > deadline) throw new Error(`adb server on port ${this.port} not listening after 20 s`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Run the adb CLI against this server (bounded time). */
  adb(args: string[], timeoutMs = 20_000): Promise<AdbRun> {
    return new Promise((resolve) => {
      execFile(
        adbPath(),
        ['-P', String(this.port), ...args],
        { env: this.env, encoding: 'buffer', timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
          resolve({ code, stdout, stderr: stderr.toString() });
        },
      );
    });
  }

  /** `adb connect`; the CLI exits 0 even on failure, so the text decides. */
  async connect(target: string): Promise<void> {
    const r = await this.adb(['connect', target]);
    const text = r.stdout.toString().trim();
    if (!/^(already )?connected to /.test(text)) throw new Error(`adb connect ${target}: ${text} ${r.stderr}`);
  }

  /** `adb connect`, then wait until `adb devices` lists it online (a fresh TCP device is `offline` until its CNXN). */
  async connectOnline(target: string, timeoutMs = 5000): Promise<void> {
    await this.connect(target);
    await waitFor(async () => {
      const listed = parseDeviceList((await this.adb(['devices'])).stdout.toString());
      return listed.some((d) => d.serial === target && d.state === 'device') ? true : undefined;
    }, timeoutMs);
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      await this.adb(['kill-server'], 10_000);
      // kill-server waits for no exit; a server that takes more than 5 s to leave is killed.
      const late = setTimeout(() => server.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(late);
    } else await this.adb(['kill-server'], 10_000);
    this.release();
    rmSync(this.home, { recursive: true, force: true });
  }
}

/** Poll until `check` returns a value (bounded). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
