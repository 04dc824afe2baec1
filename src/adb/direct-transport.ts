/**
 * The host side of the ADB transport protocol spoken straight to a device's TCP port (`adb tcpip`, the virtual
 * device) without an adb server: CNXN (+ AUTH when the device asks), then OPEN/OKAY/WRTE/CLSE streams
 * multiplexed over one connection. protocol.txt: each side keeps one WRTE in flight per stream until OKAY.
 */

import type { KeyObject } from 'node:crypto';
import { GlanceError, isGlanceError } from '../errors.js';
import { encodeAdbPublicKey, signAuthToken } from './auth.js';
import { DEFAULT_QUERY_TIMEOUT_MS, runCall, type CallOptions } from './call.js';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_STLS,
  A_VERSION,
  A_VERSION_SKIP_CHECKSUM,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  MAX_PAYLOAD_HOST,
  MAX_PAYLOAD_V1,
  PacketDecoder,
  encodePacket,
  formatBanner,
  parseBanner,
  type AdbPacket,
} from './packet.js';
import { ChunkQueue, type ByteStream } from './stream.js';
import { HINT_UNAUTHORIZED } from './select.js';
import type { AdbTransport, DeviceInfo } from './transport.js';
import { WrteSender } from './wrte-sender.js';
import { tracePackets } from './trace.js';

/** Features we understand, announced in our CNXN so the device enables them. */
export const HOST_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir', 'fixed_push_symlink_timestamp'];

export interface DirectConnectOptions extends CallOptions {
  /** How this device is named in devices() and errors, e.g. `127.0.0.1:5555`. */
  serial: string;
  /** ~/.android/adbkey (PKCS#8 PEM) or a loaded key; needed only when the device asks for AUTH. */
  privateKey?: string | KeyObject;
}

interface HostStream {
  localId: number;
  remoteId: number;
  queue: ChunkQueue;
  writer: WrteSender;
  closed: boolean;
}

interface PendingOpen {
  resolve: (stream: ByteStream) => void;
  reject: (e: unknown) => void;
}

export class DirectTransport implements AdbTransport {
  readonly serial: string;
  readonly banner: ReturnType<typeof parseBanner>;
  private readonly stream: ByteStream;
  private readonly decoder: PacketDecoder;
  private readonly sendMax: number;
  private readonly checksums: boolean;
  private readonly streams = new Map<number, HostStream>();
  private readonly opening = new Map<number, PendingOpen>();
  private nextId = 1;
  private failure: GlanceError | undefined;

  private constructor(init: {
    serial: string;
    stream: ByteStream;
    decoder: PacketDecoder;
    banner: ReturnType<typeof parseBanner>;
    sendMax: number;
    checksums: boolean;
  }) {
    this.serial = init.serial;
    this.stream = init.stream;
    this.decoder = init.decoder;
    this.banner = init.banner;
    this.sendMax = init.sendMax;
    this.checksums = init.checksums;
  }

  /** Handshake over an already connected stream (node: `connectDirect` dials TCP first). */
  static connect(raw: ByteStream, options: DirectConnectOptions): Promise<DirectTransport> {
    const stream = tracePackets(raw, 'host');
    let authenticating = false;
    return runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: `connect to ${options.serial}` }, async (scope) => {
      scope.own(stream);
      const decoder = new PacketDecoder({ maxPayload: MAX_PAYLOAD_HOST });
      const pending: AdbPacket[] = [];
      const next = async (): Promise<AdbPacket> => {
        for (;;) {
          const p = pending.shift();
          if (p) return p;
          const chunk = await stream.read();
          if (chunk === null) {
            throw new GlanceError('ADB_CONNECT_FAILED', `${options.serial} closed the connection during the handshake`, {
              hint: 'is an ADB device (not something else) listening on that port?',
              context: { serial: options.serial },
            });
          }
          pending.push(...decoder.push(chunk));
        }
      };
      const banner = Buffer.from(formatBanner('host', {}, HOST_FEATURES));
      await stream.write(encodePacket({ command: A_CNXN, arg0: A_VERSION, arg1: MAX_PAYLOAD_HOST, payload: banner }, true));
      let signed = false;
      let sentKey = false;
      for (;;) {
        const p = await next();
        if (p.command === A_CNXN) {
          const checksums = p.arg0 < A_VERSION_SKIP_CHECKSUM;
          decoder.verifyChecksum = checksums;
          const t = new DirectTransport({
            serial: options.serial,
            stream,
            decoder,
            banner: parseBanner(Buffer.from(p.payload).toString('utf8')),
            sendMax: Math.max(MAX_PAYLOAD_V1, Math.min(p.arg1, MAX_PAYLOAD_HOST)),
            checksums,
          });
          t.run(pending);
          return t;
        }
        if (p.command === A_STLS) {
          throw new GlanceError('ADB_CONNECT_FAILED', `${options.serial} requires TLS (Android 11+ wireless debugging)`, {
            hint: 'pair and connect through the adb server (`adb pair`, `adb connect`) and use the server transport',
            context: { serial: options.serial },
          });
        }
        if (p.command !== A_AUTH || p.arg0 !== AUTH_TOKEN) continue;
        authenticating = true;
        if (options.privateKey === undefined) {
          throw new GlanceError('ADB_UNAUTHORIZED', `${options.serial} requires authentication and no adb key was found`, {
            hint: 'create one by running `adb devices` once (writes ~/.android/adbkey), or pass the key path',
            context: { serial: options.serial },
          });
        }
        if (!signed) {
          signed = true;
          let signature: Buffer;
          try {
            signature = signAuthToken(options.privateKey, p.payload);
          } catch (e) {
            throw new GlanceError('ADB_UNAUTHORIZED', 'the adb private key cannot be used for signing', {
              hint: 'the key file is not an RSA private key in PEM form; delete ~/.android/adbkey and run `adb devices`',
              context: { serial: options.serial },
              cause: e,
            });
          }
          await stream.write(encodePacket({ command: A_AUTH, arg0: AUTH_SIGNATURE, arg1: 0, payload: signature }, true));
        } else if (!sentKey) {
          // Signature refused: offer the public key; the device shows "Allow USB debugging?" and answers CNXN.
          sentKey = true;
          const key = Buffer.from(`${encodeAdbPublicKey(options.privateKey)}\0`, 'utf8');
          await stream.write(encodePacket({ command: A_AUTH, arg0: AUTH_RSAPUBLICKEY, arg1: 0, payload: key }, true));
        } else {
          throw new GlanceError('ADB_UNAUTHORIZED', `${options.serial} refused our key`, {
            hint: HINT_UNAUTHORIZED,
            context: { serial: options.serial },
          });
        }
      }
    }).catch((e: unknown) => {
      stream.close();
      if (authenticating && isGlanceError(e, 'TIMEOUT')) {
        throw new GlanceError('ADB_UNAUTHORIZED', `${options.serial} did not accept the connection in time`, {
          hint: 'if the device shows "Allow USB debugging?", accept it and retry; otherwise check the port',
          context: { serial: options.serial },
          cause: e,
        });
      }
      throw e;
    });
  }

  /** Banner features (`features=` in the device's CNXN). */
  get featureList(): string[] {
    return this.banner.features;
  }

  private gone(why: string, cause?: unknown): GlanceError {
    return new GlanceError('ADB_DEVICE_GONE', `${this.serial}: ${why}`, {
      hint: 'the device closed the connection; reconnect and retry',
      context: { serial: this.serial },
      ...(cause === undefined ? {} : { cause }),
    });
  }

  private send(command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return this.stream.write(encodePacket({ command, arg0, arg1, payload }, this.checksums)).catch((e: unknown) => {
      throw this.failure ?? this.gone('connection lost while writing', e);
    });
  }

  private run(already: AdbPacket[]): void {
    const loop = async (): Promise<void> => {
      for (const p of already) this.onPacket(p);
      for (;;) {
        const chunk = await this.stream.read();
        if (chunk === null) break;
        for (const p of this.decoder.push(chunk)) this.onPacket(p);
      }
    };
    loop().then(
      () => this.teardown(this.gone('connection closed by the device')),
      (e: unknown) => this.teardown(isGlanceError(e, 'ADB_PROTOCOL') ? e : this.gone('connection lost', e)),
    );
  }

  private teardown(error: GlanceError): void {
    if (this.failure) return;
    this.failure = error;
    for (const o of this.opening.values()) o.reject(error);
    this.opening.clear();
    for (const s of this.streams.values()) {
      s.closed = true;
      s.queue.end(error);
      s.writer.fail(error);
    }
    this.streams.clear();
    this.stream.close();
  }

  private onPacket(p: AdbPacket): void {
    switch (p.command) {
      case A_OKAY: {
        const open = this.opening.get(p.arg1);
        if (open) {
          this.opening.delete(p.arg1);
          // Register before the WRTE that may follow in this same chunk is dispatched.
          const s = this.makeStream(p.arg1, p.arg0);
          open.resolve(s);
          return;
        }
        this.streams.get(p.arg1)?.writer.okay();
        return;
      }
      case A_WRTE: {
        const s = this.streams.get(p.arg1);
        if (s && !s.closed) s.queue.push(p.payload);
        return;
      }
      case A_CLSE: {
        const open = this.opening.get(p.arg1);
        if (open) {
          this.opening.delete(p.arg1);
          open.reject(undefined);
          return;
        }
        const s = this.streams.get(p.arg1);
        if (s) {
          s.closed = true;
          this.streams.delete(s.localId);
          s.queue.end();
          s.writer.fail(this.gone('stream closed by the device'));
        }
        return;
      }
      default:
        return; // OPEN from a device (reverse forwarding) is not supported; CNXN/AUTH after setup are ignored
    }
  }

  async devices(_options?: CallOptions): Promise<DeviceInfo[]> {
    const props = this.banner.props;
    return [
      {
        serial: this.serial,
        state: this.failure ? 'offline' : 'device',
        ...(props['ro.product.name'] === undefined ? {} : { product: props['ro.product.name'] }),
        ...(props['ro.product.model'] === undefined ? {} : { model: props['ro.product.model'] }),
        ...(props['ro.product.device'] === undefined ? {} : { device: props['ro.product.device'] }),
      },
    ];
  }

  private checkSerial(serial: string): void {
    if (serial !== this.serial) {
      throw new GlanceError('ADB_DEVICE_NOT_FOUND', `device '${serial}' not found`, {
        hint: `this direct connection reaches only ${this.serial}`,
        context: { serial },
      });
    }
  }

  async features(serial: string, _options?: CallOptions): Promise<string[]> {
    this.checkSerial(serial);
    return [...this.banner.features];
  }

  openService(serial: string, service: string, options?: CallOptions): Promise<ByteStream> {
    return runCall(options, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: `open ${service}` }, async (scope) => {
      this.checkSerial(serial);
      if (this.failure) throw this.failure;
      const localId = this.nextId++;
      const opened = new Promise<ByteStream>((resolve, reject) => this.opening.set(localId, { resolve, reject }));
      const onAbort = (): void => {
        if (this.opening.delete(localId)) this.send(A_CLSE, localId, 0).catch(() => undefined);
      };
      scope.signal.addEventListener('abort', onAbort, { once: true });
      try {
        await this.send(A_OPEN, localId, 0, Buffer.from(`${service}\0`, 'utf8')).catch((e: unknown) => {
          // Nobody will await `opened` now: left registered, the teardown that follows a failed write would
          // reject it unhandled (and take the process down).
          this.opening.delete(localId);
          throw e;
        });
        try {
          return await opened;
        } catch (e) {
          if (e !== undefined) throw e;
          throw new GlanceError('ADB_COMMAND_FAILED', `${this.serial} refused service ${JSON.stringify(service)}`, {
            hint: 'the device does not offer this service',
            context: { serial, service },
          });
        }
      } finally {
        scope.signal.removeEventListener('abort', onAbort);
      }
    });
  }

  private makeStream(localId: number, remoteId: number): ByteStream {
    const s: HostStream = {
      localId,
      remoteId,
      // OKAY when the reader takes a chunk: the device sends its next WRTE only then (flow control).
      queue: new ChunkQueue(() => {
        if (!s.closed) this.send(A_OKAY, localId, remoteId).catch(() => undefined);
      }),
      writer: new WrteSender({
        maxPayload: this.sendMax,
        send: (chunk) => this.send(A_WRTE, localId, remoteId, chunk),
        closedError: () => (s.closed ? (this.failure ?? this.gone('stream closed')) : undefined),
      }),
      closed: false,
    };
    this.streams.set(localId, s);
    return {
      write: (data) => s.writer.write(data),
      read: () => s.queue.read(),
      close: () => {
        if (s.closed) return;
        s.closed = true;
        this.streams.delete(localId);
        s.queue.end();
        s.writer.fail(this.gone('stream closed'));
        this.send(A_CLSE, localId, remoteId).catch(() => undefined);
      },
    };
  }

  /** True once the connection is gone; open a new DirectTransport to continue. */
  get isClosed(): boolean {
    return this.failure !== undefined;
  }

  close(): void {
    this.teardown(this.gone('connection closed by the host'));
  }
}
