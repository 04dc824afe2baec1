/**
 * Client of the adb server's smart-socket protocol (AOSP adb/SERVICES.TXT, OVERVIEW.TXT): each request is a
 * 4-hex-digit length and the service name; the server answers `OKAY` or `FAIL` + 4-hex length + message.
 * `host:transport:SERIAL` turns the connection into a pipe to that device, after which the next request opens
 * a device service and the socket carries its raw bytes.
 */

import { GlanceError, isGlanceError } from '../errors.js';
import { DEFAULT_QUERY_TIMEOUT_MS, runCall, type CallOptions, type CallScope } from './call.js';
import { HINT_CHOOSE_DEVICE, HINT_NO_DEVICE, HINT_OFFLINE, HINT_UNAUTHORIZED, NEXT_LIST_DEVICES } from './select.js';
import { StreamReader, type ByteStream } from './stream.js';
import { parseDeviceList, type AdbTransport, type DeviceInfo } from './transport.js';
import { debug, preview } from '../debug.js';

/** How long a server that has just dropped a device is given to finish stopping, if it is stopping. */
const SERVER_SETTLE_MS = 150;

/** Opens a fresh connection to the server (node: TCP to 127.0.0.1:PORT). Rejects with the raw dial error. */
export type ServerDialer = (signal: AbortSignal) => Promise<ByteStream>;

export interface AdbServerClientOptions {
  dial: ServerDialer;
  /**
   * Starts the server when it is not running (node: `adb -P PORT start-server`); throws ADB_NOT_FOUND when
   * no adb binary exists. Omitted: a missing server is ADB_SERVER_UNAVAILABLE.
   */
  startServer?: (signal: AbortSignal) => Promise<void>;
  /** For messages and hints, e.g. `127.0.0.1:5037`. */
  address?: string;
}

export interface ForwardEntry {
  serial: string;
  local: string;
  remote: string;
}

/** Map the server's FAIL text to a coded error (texts from adb 29 transport.cpp / adb_client.cpp). */
export function mapServerFailure(message: string, serial?: string): GlanceError {
  const context = { serverMessage: message, ...(serial === undefined ? {} : { serial }) };
  if (/unauthorized|still authorizing/i.test(message)) {
    return new GlanceError('ADB_UNAUTHORIZED', message, {
      hint: HINT_UNAUTHORIZED,
      context,
    });
  }
  if (/offline|still connecting/i.test(message)) {
    return new GlanceError('ADB_OFFLINE', message, {
      hint: HINT_OFFLINE,
      context,
    });
  }
  if (/more than one (device|emulator)/i.test(message)) {
    return new GlanceError('ADB_MULTIPLE_DEVICES', message, {
      hint: HINT_CHOOSE_DEVICE,
      next: NEXT_LIST_DEVICES,
      context,
    });
  }
  if (/^device '.*' not found/i.test(message) || /no such device/i.test(message)) {
    return new GlanceError('ADB_DEVICE_NOT_FOUND', message, {
      hint: 'list the devices and pick one of their serials',
      next: { tool: 'device_list' },
      context,
    });
  }
  if (/no devices|no emulators/i.test(message)) {
    return new GlanceError('ADB_NO_DEVICE', message, {
      hint: HINT_NO_DEVICE,
      context,
    });
  }
  return new GlanceError('ADB_COMMAND_FAILED', message, { hint: 'the adb server refused the request', context });
}

function encodeRequest(service: string): Buffer {
  const body = Buffer.from(service, 'utf8');
  if (body.length > 0xffff) throw new GlanceError('USAGE', 'adb service request longer than 65535 bytes');
  return Buffer.concat([Buffer.from(body.length.toString(16).padStart(4, '0'), 'latin1'), body]);
}

/** A per-device host request: `host-serial:SERIAL:WHAT`, or `host:WHAT` for the only device (serial ''). */
function hostSerial(serial: string, what: string): string {
  return serial === '' ? `host:${what}` : `host-serial:${serial}:${what}`;
}

/** `host:transport:SERIAL`; the empty serial means "the only device" (`host:transport-any`). */
function transportRequest(serial: string): string {
  return serial === '' ? 'host:transport-any' : `host:transport:${serial}`;
}

export class AdbServerClient implements AdbTransport {
  readonly address: string;
  private readonly dial: ServerDialer;
  private readonly startServer: ((signal: AbortSignal) => Promise<void>) | undefined;

  constructor(options: AdbServerClientOptions) {
    this.dial = options.dial;
    this.startServer = options.startServer;
    this.address = options.address ?? 'adb server';
  }

  private restarted = (what: string): GlanceError =>
    new GlanceError('ADB_SERVER_RESTARTED', `adb server connection dropped while reading ${what}`, {
      hint: 'the adb server was killed or restarted during the call; retry',
      context: { address: this.address },
    });

  private unavailable(cause: unknown): GlanceError {
    return new GlanceError('ADB_SERVER_UNAVAILABLE', `cannot reach the adb server at ${this.address}`, {
      hint: 'start it with `adb start-server` (or set ANDROID_ADB_SERVER_PORT to the port it listens on)',
      context: { address: this.address },
      cause,
    });
  }

  /** Connect (starting the server once if allowed) and send one request; resolves after its OKAY. */
  private async request(scope: CallScope, service: string, serial?: string, mayStart = true): Promise<StreamReader> {
    let stream: ByteStream;
    try {
      stream = await this.dial(scope.signal);
    } catch (e) {
      if (isGlanceError(e)) throw e;
      if (!this.startServer || !mayStart) throw this.unavailable(e);
      await this.startServer(scope.signal);
      try {
        stream = await this.dial(scope.signal);
      } catch (e2) {
        throw isGlanceError(e2) ? e2 : this.unavailable(e2);
      }
    }
    scope.own(stream);
    const reader = new StreamReader(stream, this.restarted);
    await this.send(reader, service, serial);
    return reader;
  }

  private async send(reader: StreamReader, service: string, serial?: string): Promise<void> {
    try {
      debug('adb', () => `server > ${preview(service, 96)} (${Buffer.byteLength(service)} B)`);
      await reader.stream.write(encodeRequest(service));
    } catch (e) {
      throw isGlanceError(e) && e.code !== 'ADB_DEVICE_GONE' ? e : this.restarted(`the reply to ${service}`);
    }
    await this.status(reader, service, serial);
  }

  private async status(reader: StreamReader, what: string, serial?: string): Promise<void> {
    const status = Buffer.from(await this.exactly(reader, 4, what)).toString('latin1');
    if (status === 'OKAY') {
      debug('adb', () => `server < OKAY`);
      return;
    }
    if (status === 'FAIL') {
      debug('adb', () => `server < FAIL`);
      throw mapServerFailure(await this.string(reader, what), serial);
    }
    throw new GlanceError('ADB_PROTOCOL', `adb server answered ${JSON.stringify(status)} to ${what}`, {
      hint: 'is something other than an adb server listening on that port?',
      context: { address: this.address },
    });
  }

  private async exactly(reader: StreamReader, n: number, what: string): Promise<Uint8Array> {
    try {
      return await reader.readExactly(n, what);
    } catch (e) {
      throw isGlanceError(e) ? e : this.restarted(what);
    }
  }

  private async string(reader: StreamReader, what: string): Promise<string> {
    const hex = Buffer.from(await this.exactly(reader, 4, what)).toString('latin1');
    const length = /^[0-9a-fA-F]{4}$/.test(hex) ? parseInt(hex, 16) : NaN;
    if (Number.isNaN(length)) {
      throw new GlanceError('ADB_PROTOCOL', `bad length prefix ${JSON.stringify(hex)} from the adb server`, {
        context: { address: this.address },
      });
    }
    const body = await this.exactly(reader, length, what);
    debug('adb', () => `server < ${length} B ${preview(body)}`);
    return Buffer.from(body).toString('utf8');
  }

  /** One request answered by OKAY + length-prefixed text. */
  private query(service: string, options: CallOptions | undefined, serial?: string, mayStart = true): Promise<string> {
    return runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: service }, async (scope) => {
      const reader = await this.request(scope, service, serial, mayStart);
      try {
        return await this.string(reader, service);
      } finally {
        reader.stream.close();
      }
    });
  }

  /** Server protocol version (adb 29.0.6 answers 41). */
  async version(options?: CallOptions): Promise<number> {
    return parseInt(await this.query('host:version', options), 16);
  }

  async devices(options?: CallOptions): Promise<DeviceInfo[]> {
    return parseDeviceList(await this.query('host:devices-l', options));
  }

  async features(serial: string, options?: CallOptions): Promise<string[]> {
    const text = await this.query(hostSerial(serial, 'features'), options, serial);
    return text
      .trim()
      .split(',')
      .filter((f) => f.length > 0);
  }

  /** `device`, `offline`, … as `adb get-state` prints it. */
  getState(serial: string, options?: CallOptions): Promise<string> {
    return this.query(hostSerial(serial, 'get-state'), options, serial).then((s) => s.trim());
  }

  /** `serial` '' = the only device (`host:transport-any`; FAIL "more than one device" → ADB_MULTIPLE_DEVICES). */
  async openService(serial: string, service: string, options?: CallOptions): Promise<ByteStream> {
    return runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: `open ${service}` }, async (scope) => {
      const reader = await this.request(scope, transportRequest(serial), serial);
      await this.send(reader, service, serial);
      return this.watched(reader, serial);
    });
  }

  /**
   * The service stream, with an explanation for an unexpected end: the server closes our socket both when the
   * service finished and when the device vanished, so on end of stream ask it whether the device is still there.
   */
  private watched(reader: StreamReader, serial: string): ByteStream {
    const raw = reader.rest();
    let closedByUs = false;
    const serverGone = (e: unknown, cause: unknown): GlanceError | undefined =>
      isGlanceError(e, 'ADB_SERVER_UNAVAILABLE') || isGlanceError(e, 'ADB_NOT_FOUND')
        ? new GlanceError('ADB_SERVER_RESTARTED', 'the adb server went away during the command', {
            hint: 'the adb server was killed or restarted; start it again and retry',
            context: { address: this.address },
            cause: cause ?? e,
          })
        : undefined;
    /**
     * A server being killed drops its devices before it stops answering: one that has just lost the device is
     * asked once more, a moment later, and if it is gone by then it was the server that went.
     */
    const stillServing = async (cause: unknown): Promise<GlanceError | undefined> => {
      await new Promise((r) => setTimeout(r, SERVER_SETTLE_MS));
      try {
        await this.query('host:version', { timeoutMs: 1_000 }, undefined, false);
        return undefined;
      } catch (e) {
        return serverGone(e, cause);
      }
    };
    const explain = async (cause: unknown): Promise<GlanceError | undefined> => {
      if (closedByUs) return undefined;
      try {
        // Never restart the server here: a fresh server would not know the device and hide what happened.
        const state = (await this.query(hostSerial(serial, 'get-state'), { timeoutMs: 2_000 }, serial, false)).trim();
        if (state === 'device' && cause === undefined) return undefined;
        const why = state === 'device' ? 'the stream broke' : `the device went ${state}`;
        return (
          (state === 'device' ? undefined : await stillServing(cause)) ??
          new GlanceError('ADB_DEVICE_GONE', `${serial}: ${why} during the command`, {
            hint: 'reconnect the device and retry',
            context: { serial, state },
            cause,
          })
        );
      } catch (e) {
        return (
          serverGone(e, cause) ??
          (await stillServing(cause)) ??
          new GlanceError('ADB_DEVICE_GONE', `device ${serial} disappeared during the command`, {
            hint: 'reconnect the device and retry',
            context: { serial },
            cause: e,
          })
        );
      }
    };
    return {
      async write(data) {
        try {
          await raw.write(data);
        } catch (e) {
          throw (await explain(e)) ?? e;
        }
      },
      async read() {
        let chunk: Uint8Array | null;
        try {
          chunk = await raw.read();
        } catch (e) {
          throw (await explain(e)) ?? e;
        }
        if (chunk === null) {
          const error = await explain(undefined);
          if (error) throw error;
        }
        return chunk;
      },
      close() {
        closedByUs = true;
        raw.close();
      },
    };
  }

  /** `adb connect HOST:PORT`; resolves with the server's text, throws ADB_CONNECT_FAILED when it failed. */
  async connect(hostPort: string, options?: CallOptions): Promise<string> {
    const text = (await this.query(`host:connect:${hostPort}`, { timeoutMs: 20_000, ...options })).trim();
    if (!/^(already )?connected to /.test(text)) {
      throw new GlanceError('ADB_CONNECT_FAILED', text, {
        hint: 'is the device listening (adb tcpip / the virtual device running) on that port?',
        context: { target: hostPort },
      });
    }
    return text;
  }

  /** `adb disconnect [HOST:PORT]` (all TCP devices when omitted). */
  async disconnect(hostPort?: string, options?: CallOptions): Promise<string> {
    return (await this.query(`host:disconnect:${hostPort ?? ''}`, options)).trim();
  }

  /** Two statuses (server, then result) and, for a `tcp:0` listener, the chosen port. */
  private twoStatus(
    service: string,
    wantPort: boolean,
    options: CallOptions | undefined,
    serial: string | undefined,
  ): Promise<number | undefined> {
    return runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: service }, async (scope) => {
      const reader = await this.request(scope, service, serial);
      try {
        await this.status(reader, service, serial);
        return wantPort ? Number(await this.string(reader, service)) : undefined;
      } finally {
        reader.stream.close();
      }
    });
  }

  /** `adb forward LOCAL REMOTE` (e.g. `tcp:0`, `tcp:6790`); resolves the local port when LOCAL is `tcp:0`. */
  forward(serial: string, local: string, remote: string, options?: CallOptions): Promise<number | undefined> {
    return this.twoStatus(`host-serial:${serial}:forward:${local};${remote}`, local === 'tcp:0', options, serial);
  }

  async listForwards(options?: CallOptions): Promise<ForwardEntry[]> {
    const text = await this.query('host:list-forward', options);
    return text
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((w) => w.length === 3)
      .map(([serial, local, remote]) => ({ serial: serial as string, local: local as string, remote: remote as string }));
  }

  async killForward(serial: string, local: string, options?: CallOptions): Promise<void> {
    await this.twoStatus(`host-serial:${serial}:killforward:${local}`, false, options, serial);
  }

  async killForwardAll(options?: CallOptions): Promise<void> {
    await this.twoStatus('host:killforward-all', false, options, undefined);
  }

  /**
   * `adb reverse REMOTE LOCAL`: runs on the device (its `reverse:` service), reached through the transport.
   * Resolves the device port when REMOTE is `tcp:0`.
   */
  reverse(serial: string, remote: string, local: string, options?: CallOptions): Promise<number | undefined> {
    return runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: 'reverse' }, async (scope) => {
      const reader = await this.request(scope, transportRequest(serial), serial);
      try {
        await this.send(reader, `reverse:forward:${remote};${local}`, serial);
        await this.status(reader, 'reverse', serial);
        return remote === 'tcp:0' ? Number(await this.string(reader, 'reverse')) : undefined;
      } finally {
        reader.stream.close();
      }
    });
  }

  async killReverse(serial: string, remote: string, options?: CallOptions): Promise<void> {
    await runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: 'reverse --remove' }, async (scope) => {
      const reader = await this.request(scope, transportRequest(serial), serial);
      try {
        await this.send(reader, `reverse:killforward:${remote}`, serial);
        await this.status(reader, 'reverse --remove', serial);
      } finally {
        reader.stream.close();
      }
    });
  }

  /** `adb kill-server`. */
  async kill(options?: CallOptions): Promise<void> {
    await runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: 'host:kill' }, async (scope) => {
      const reader = await this.request(scope, 'host:kill');
      reader.stream.close();
    });
  }

  close(): void {
    // Every request uses its own short-lived connection; nothing to release.
  }
}
