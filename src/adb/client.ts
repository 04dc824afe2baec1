/**
 * Glance's ADB client: shell, exec and file sync on one device, over any AdbTransport (server or direct).
 */

import { GlanceError } from '../errors.js';
import { DEFAULT_COMMAND_TIMEOUT_MS, DEFAULT_QUERY_TIMEOUT_MS, nested, runCall, type CallOptions, type CallScope } from './call.js';
import { resolveSerial } from './select.js';
import { ShellId, ShellPacketDecoder, encodeShellPacket } from './shell-protocol.js';
import { OutputLimit, StreamReader, type ByteStream } from './stream.js';
import {
  S_IFREG,
  encodeSyncDataChunks,
  encodeSyncDone,
  encodeSyncQuit,
  encodeSyncRequest,
  encodeSyncSend,
  readListing,
  readRecv,
  readStatV1,
  readStatV2,
  readSyncStatus,
  type SyncEntry,
  type SyncStat,
} from './sync-protocol.js';
import type { AdbTransport, DeviceInfo } from './transport.js';

export interface ShellOutput {
  stdout: Buffer;
  stderr: Buffer;
  /** null when the device lacks shell_v2: the legacy `shell:` service has no exit status (stderr is in stdout). */
  exitCode: number | null;
}

/**
 * Largest output shell, exec and pull keep in memory unless told otherwise (ADB_OUTPUT_TOO_LARGE past it): a
 * uiautomator dump is well under 1 MiB and a raw 1440×3200 screencap 18 MiB.
 */
export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

export interface OutputOptions extends CallOptions {
  /** Bytes of output (stdout and stderr together) kept before ADB_OUTPUT_TOO_LARGE; default 64 MiB. */
  maxOutputBytes?: number;
}

export interface ShellOptions extends OutputOptions {
  /** Bytes for the command's stdin (shell v2 only); stdin is closed after them. */
  stdin?: Uint8Array;
}

export interface PushOptions extends CallOptions {
  /** File mode including the type bits; default 0100644. */
  mode?: number;
  /** Modification time in seconds; default now. */
  mtime?: number;
}

export interface DeviceSelection extends CallOptions {
  /** `-s SERIAL`; otherwise `envSerial`, otherwise the only online device. */
  serial?: string;
  /** Usually `process.env.ANDROID_SERIAL`. */
  envSerial?: string;
}

/** Entry point: devices on a transport, and a handle on one of them. */
export class AdbClient {
  constructor(readonly transport: AdbTransport) {}

  devices(options?: CallOptions): Promise<DeviceInfo[]> {
    return this.transport.devices(options);
  }

  /** Resolve the serial (see resolveSerial) and return a handle; throws ADB_NO_DEVICE / ADB_MULTIPLE_DEVICES / …. */
  async device(selection: DeviceSelection = {}): Promise<AdbDeviceClient> {
    const { serial, envSerial, ...call } = selection;
    const devices = await this.transport.devices(call);
    return new AdbDeviceClient(this.transport, resolveSerial(devices, serial, envSerial));
  }

  /** A handle on a known serial without listing devices first. */
  deviceBySerial(serial: string): AdbDeviceClient {
    return new AdbDeviceClient(this.transport, serial);
  }
}

const gone = (serial: string, what: string): GlanceError =>
  new GlanceError('ADB_DEVICE_GONE', `${serial}: stream ended while reading ${what}`, {
    hint: 'the device disconnected mid-command; reconnect and retry',
    context: { serial },
  });

/** Commands on one device. Every method takes `{ signal?, timeoutMs? }`. */
export class AdbDeviceClient {
  private featureCache: Promise<string[]> | undefined;

  constructor(
    readonly transport: AdbTransport,
    readonly serial: string,
  ) {}

  /** Features the device announced (cached after the first successful call). */
  features(options?: CallOptions): Promise<string[]> {
    if (!this.featureCache) {
      const p = this.transport.features(this.serial, options);
      this.featureCache = p;
      p.catch(() => {
        if (this.featureCache === p) this.featureCache = undefined;
      });
    }
    return this.featureCache;
  }

  private async open(scope: CallScope, service: string): Promise<ByteStream> {
    return scope.own(await this.transport.openService(this.serial, service, nested(scope)));
  }

  /**
   * Run a command line. Uses shell v2 (separate stdout/stderr, exit code) when the device has `shell_v2`,
   * else legacy `shell:`. Default timeout 60 s.
   */
  shell(command: string, options: ShellOptions = {}): Promise<ShellOutput> {
    return runCall(options, { timeoutMs: DEFAULT_COMMAND_TIMEOUT_MS, what: `shell ${command}` }, async (scope) => {
      const features = await this.features(nested(scope));
      const limit = new OutputLimit(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES, `shell ${command}`);
      if (!features.includes('shell_v2')) {
        const stream = await this.open(scope, `shell:${command}`);
        try {
          const stdout = await new StreamReader(stream).readAll(limit);
          return { stdout, stderr: Buffer.alloc(0), exitCode: null };
        } finally {
          stream.close();
        }
      }
      const stream = await this.open(scope, `shell,v2,raw:${command}`);
      try {
        const head = options.stdin && options.stdin.length > 0 ? [encodeShellPacket(ShellId.stdin, options.stdin)] : [];
        await stream.write(Buffer.concat([...head, encodeShellPacket(ShellId.closeStdin)]));
        const decoder = new ShellPacketDecoder();
        const stdout: Uint8Array[] = [];
        const stderr: Uint8Array[] = [];
        for (;;) {
          const chunk = await stream.read();
          if (chunk === null) throw gone(this.serial, 'shell output (no exit status)');
          limit.add(chunk.length);
          for (const p of decoder.push(chunk)) {
            if (p.id === ShellId.stdout) stdout.push(p.data);
            else if (p.id === ShellId.stderr) stderr.push(p.data);
            else if (p.id === ShellId.exit) {
              return { stdout: Buffer.concat(stdout), stderr: Buffer.concat(stderr), exitCode: p.data[0] ?? 0 };
            }
          }
        }
      } finally {
        stream.close();
      }
    });
  }

  /** `exec:` — raw stdout bytes, binary-safe (no PTY, no CRLF mangling); for screencap and the like. */
  exec(command: string, options: OutputOptions = {}): Promise<Buffer> {
    return runCall(options, { timeoutMs: DEFAULT_COMMAND_TIMEOUT_MS, what: `exec ${command}` }, async (scope) => {
      const stream = await this.open(scope, `exec:${command}`);
      try {
        return await new StreamReader(stream).readAll(
          new OutputLimit(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES, `exec ${command}`),
        );
      } finally {
        stream.close();
      }
    });
  }

  /** Run `body` on a `sync:` stream, then QUIT. */
  private sync<T>(
    what: string,
    options: CallOptions,
    timeoutMs: number,
    body: (r: StreamReader, features: string[]) => Promise<T>,
  ): Promise<T> {
    return runCall(options, { timeoutMs, what }, async (scope) => {
      const features = await this.features(nested(scope));
      const stream = await this.open(scope, 'sync:');
      try {
        const result = await body(new StreamReader(stream, (w) => gone(this.serial, w)), features);
        await stream.write(encodeSyncQuit()).catch(() => undefined);
        return result;
      } finally {
        stream.close();
      }
    });
  }

  /** stat(2) of a device path; undefined when it does not exist. STA2 when the device has `stat_v2`. */
  stat(path: string, options: CallOptions = {}): Promise<SyncStat | undefined> {
    return this.sync(`stat ${path}`, options, DEFAULT_QUERY_TIMEOUT_MS, async (r, features) => {
      if (features.includes('stat_v2')) {
        await r.stream.write(encodeSyncRequest('STA2', path));
        const st = await readStatV2(r, 'STA2');
        return st.error ? undefined : st;
      }
      await r.stream.write(encodeSyncRequest('STAT', path));
      const st = await readStatV1(r);
      return st.mode === 0 && st.size === 0 && st.mtime === 0 ? undefined : st;
    });
  }

  /** Directory entries (without `.` and `..`). LIS2 when the device has `ls_v2`. */
  list(path: string, options: CallOptions = {}): Promise<SyncEntry[]> {
    return this.sync(`ls ${path}`, options, DEFAULT_QUERY_TIMEOUT_MS, async (r, features) => {
      const v2 = features.includes('ls_v2');
      await r.stream.write(encodeSyncRequest(v2 ? 'LIS2' : 'LIST', path));
      const entries = await readListing(r, v2);
      return entries.filter((e) => e.name !== '.' && e.name !== '..');
    });
  }

  /** A device file's bytes; SYNC_FAILED when it cannot be read. Default timeout 60 s. */
  pull(path: string, options: OutputOptions = {}): Promise<Buffer> {
    return this.sync(`pull ${path}`, options, DEFAULT_COMMAND_TIMEOUT_MS, async (r) => {
      await r.stream.write(encodeSyncRequest('RECV', path));
      const parts: Uint8Array[] = [];
      const limit = new OutputLimit(options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES, `pull ${path}`);
      await readRecv(r, (chunk) => {
        limit.add(chunk.length);
        parts.push(chunk);
      });
      return Buffer.concat(parts);
    });
  }

  /** Write bytes to a device path (DATA chunks of 64 KiB); SYNC_FAILED when the device refuses. */
  push(path: string, data: Uint8Array, options: PushOptions = {}): Promise<void> {
    const mode = options.mode ?? S_IFREG | 0o644;
    const mtime = options.mtime ?? Math.floor(Date.now() / 1000);
    return this.sync(`push ${path}`, options, DEFAULT_COMMAND_TIMEOUT_MS, async (r) => {
      await r.stream.write(Buffer.concat([encodeSyncSend(path, mode), ...encodeSyncDataChunks(data), encodeSyncDone(mtime)]));
      await readSyncStatus(r);
    });
  }
}
