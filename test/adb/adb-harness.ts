// Runs a real Debian adb server on its own port with its own HOME (keys), for the end-to-end tests and the
// benchmark. Everything it starts is stopped by stop(), which then removes that HOME (a temporary folder, also
// removed when the process exits should stop() never run).
import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
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

export class AdbHarness {
  private constructor(
    readonly port: number,
    readonly home: string,
  ) {}

  get env(): NodeJS.ProcessEnv {
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: this.home, ANDROID_ADB_SERVER_PORT: String(this.port) };
    delete env.ANDROID_SERIAL;
    return env;
  }

  static async start(): Promise<AdbHarness> {
    const h = new AdbHarness(await freePort(), tempDir('glance-adb-home-'));
    const r = await h.adb(['start-server'], 20_000);
    if (r.code !== 0) throw new Error(`adb start-server failed: ${r.stderr}`);
    return h;
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
    await this.adb(['kill-server'], 10_000);
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
