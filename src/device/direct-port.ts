/**
 * A device reached straight over TCP, without an adb server (`direct:HOST:PORT`): an AdbPort whose connection
 * opens on demand and closes when idle, so a CLI process can exit when its command is done and a long-lived
 * server reconnects after the device went away.
 */
import { AdbClient } from '../adb/client.js';
import type { DirectTransport } from '../adb/direct-transport.js';
import { connectDirect } from '../adb/node/host.js';
import { GlanceError } from '../errors.js';
import type { AdbPort } from './adb-device.js';
import { adbPort } from './adb-port.js';
import type { CallOptions, ShellResult } from './types.js';
import type { ByteStream } from '../adb/stream.js';

export type Env = Record<string, string | undefined>;

export const DIRECT_PREFIX = 'direct:';

/** `direct:HOST:PORT` / `HOST:PORT` → host and port. */
export function parseHostPort(s: string): { host: string; port: number } {
  const m = /^(.*):(\d+)$/.exec(s.startsWith(DIRECT_PREFIX) ? s.slice(DIRECT_PREFIX.length) : s);
  const port = m ? Number(m[2]) : NaN;
  if (!m || !(port > 0 && port < 65536)) {
    throw new GlanceError('USAGE', `"${s}" is not HOST:PORT`, {
      hint: 'a direct device is named direct:HOST:PORT, e.g. direct:127.0.0.1:5555',
    });
  }
  return { host: m[1] || '127.0.0.1', port };
}

/** Connection closes this long after the last call ended. */
const IDLE_CLOSE_MS = 100;

export class DirectPort implements AdbPort {
  readonly serial: string;
  private transport: Promise<DirectTransport> | undefined;
  private busy = 0;
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly env: Env = process.env,
  ) {
    this.serial = `${DIRECT_PREFIX}${host}:${port}`;
  }

  private async with<T>(opts: CallOptions, body: (p: AdbPort) => Promise<T>): Promise<T> {
    this.busy++;
    clearTimeout(this.idleTimer);
    try {
      this.transport ??= connectDirect({
        host: this.host,
        port: this.port,
        env: this.env,
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      const t = await this.transport.catch((e: unknown) => {
        this.transport = undefined;
        throw e;
      });
      return await body(adbPort(new AdbClient(t).deviceBySerial(t.serial)));
    } catch (e) {
      // A broken connection is not reused.
      if (e instanceof GlanceError && (e.code === 'ADB_DEVICE_GONE' || e.code === 'ADB_CONNECT_FAILED')) this.close();
      throw e;
    } finally {
      if (--this.busy === 0) this.idleTimer = setTimeout(() => this.close(), IDLE_CLOSE_MS);
    }
  }

  shell(command: string, opts: CallOptions = {}): Promise<ShellResult> {
    return this.with(opts, (p) => p.shell(command, opts));
  }

  exec(command: string, opts: CallOptions = {}): Promise<Uint8Array> {
    return this.with(opts, (p) => p.exec(command, opts));
  }

  push(path: string, data: Uint8Array, opts: CallOptions = {}): Promise<void> {
    return this.with(opts, (p) => p.push!(path, data, opts));
  }

  features(opts: CallOptions = {}): Promise<string[]> {
    return this.with(opts, (p) => p.features!(opts));
  }

  /** A stream keeps the connection open (it counts as a call in progress) until the caller closes it. */
  open(service: string, opts: CallOptions = {}): Promise<ByteStream> {
    return new Promise((resolve, reject) => {
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      this.with(opts, async (p) => {
        const s = await p.open!(service, opts);
        resolve({
          write: (d) => s.write(d),
          read: () => s.read(),
          close: () => {
            s.close();
            release();
          },
        });
        await held;
      }).catch(reject);
    });
  }

  close(): void {
    clearTimeout(this.idleTimer);
    const t = this.transport;
    this.transport = undefined;
    t?.then(
      (x) => x.close(),
      () => undefined,
    );
  }
}
