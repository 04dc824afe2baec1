/**
 * The device side of the ADB transport: what adbd does on a phone, over any ByteStream. It answers the host's
 * CNXN, maps OPEN to DeviceServices.open, moves WRTE payloads with one packet in flight per direction and
 * stream (protocol.txt: "the remote side must send OKAY before another WRTE"), and never sends OPEN itself.
 * Everything that goes wrong stays inside this one connection: the promise never rejects.
 */

import { GlanceError } from '../errors.js';
import { verifyAuthSignature, decodeAdbPublicKey } from './auth.js';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_VERSION,
  A_VERSION_SKIP_CHECKSUM,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  MAX_PAYLOAD_DEVICE,
  MAX_PAYLOAD_V1,
  PacketDecoder,
  encodePacket,
  formatBanner,
  type AdbPacket,
} from './packet.js';
import type { DeviceBanner, DeviceServices, ServiceIO, ServiceSession } from './services.js';
import type { ByteStream } from './stream.js';
import { WrteSender } from './wrte-sender.js';
import { tracePackets } from './trace.js';

export interface DeviceAuthOptions {
  /** adb-format public keys (`BASE64 user@host`, as in adbkey.pub) whose signatures are accepted. */
  authorizedKeys: readonly string[];
  /** A key the host offered after its signature was refused (the "Allow USB debugging?" prompt). */
  onPublicKey?: (key: string) => boolean;
  /** Token source; node:crypto randomBytes in production, fixed bytes in tests. */
  randomToken: () => Uint8Array;
}

export interface DeviceEndpointOptions {
  /** Largest payload we announce and accept (default 256 KiB). */
  maxPayload?: number;
  /** Require RSA authentication like a real phone; omitted: the device is authorised at once. */
  auth?: DeviceAuthOptions;
  /** Connection-level failures (garbage bytes, throwing services), for logs; never rethrown. */
  onError?: (error: unknown) => void;
  /**
   * Output the services of one connection may hold unacknowledged (default 16 MiB). Past it, new OPENs wait
   * until the host acknowledges what it was sent, so a host that never reads cannot make the device produce
   * (and keep) the output of hundreds of commands at once.
   */
  maxBufferedBytes?: number;
}

export const DEFAULT_MAX_BUFFERED_BYTES = 16 * 1024 * 1024;
/** OPENs waiting for the buffer budget; further ones are refused with CLSE, as adbd refuses what it cannot open. */
const MAX_WAITING_OPENS = 1024;

export function bannerText(b: DeviceBanner): string {
  return formatBanner('device', { 'ro.product.name': b.product, 'ro.product.model': b.model, 'ro.product.device': b.device }, b.features);
}

interface DeviceStream {
  localId: number;
  remoteId: number;
  session: ServiceSession | undefined;
  writer: WrteSender;
  /** Serialises host input so OKAYs go back in order. */
  inputChain: Promise<void>;
  closing: boolean;
  closed: boolean;
}

const gone = (why: string): GlanceError =>
  new GlanceError('ADB_DEVICE_GONE', `stream closed: ${why}`, { hint: 'the host closed the stream or disconnected' });

/** Serve one host connection until it ends. Resolves when the connection is closed; never rejects. */
export async function serveDevice(raw: ByteStream, services: DeviceServices, options: DeviceEndpointOptions = {}): Promise<void> {
  const stream = tracePackets(raw, 'device');
  const ourMax = options.maxPayload ?? MAX_PAYLOAD_DEVICE;
  const decoder = new PacketDecoder({ maxPayload: Math.max(ourMax, MAX_PAYLOAD_V1) });
  const streams = new Map<number, DeviceStream>();
  let nextId = 1;
  let connected = false;
  let sendMax = MAX_PAYLOAD_V1;
  let checksums = false;
  let alive = true;
  let token: Uint8Array | undefined;
  const report = (e: unknown): void => options.onError?.(e);
  const budget = new OutputBudget(options.maxBufferedBytes ?? DEFAULT_MAX_BUFFERED_BYTES);

  const send = (command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)): Promise<void> => {
    if (!alive) return Promise.reject(gone('connection closed'));
    return stream.write(encodePacket({ command, arg0, arg1, payload }, checksums));
  };
  const sendQuiet = (command: number, arg0: number, arg1: number): void => {
    send(command, arg0, arg1).catch(report);
  };

  const finish = (s: DeviceStream, why: string, notify: boolean): void => {
    if (s.closed) return;
    s.closed = true;
    streams.delete(s.localId);
    s.writer.fail(gone(why));
    if (notify && s.session) {
      try {
        s.session.closed();
      } catch (e) {
        report(e);
      }
    }
  };

  const makeIO = (s: DeviceStream): ServiceIO => ({
    // Refused once close() was called; what was queued before still goes out (close waits for it).
    write: (data) => (s.closing || s.closed ? Promise.reject(gone('write after close')) : budget.hold(data.length, s.writer.write(data))),
    close() {
      if (s.closing || s.closed) return;
      s.closing = true;
      // Let queued writes reach the host first, then CLSE (drained() never rejects).
      void s.writer.drained().then(() => {
        if (s.closed) return;
        finish(s, 'closed by device', false);
        sendQuiet(A_CLSE, s.localId, s.remoteId);
      });
    },
  });

  const openStream = (p: AdbPacket): void => {
    let end = p.payload.length;
    while (end > 0 && p.payload[end - 1] === 0) end--;
    const name = Buffer.from(p.payload.subarray(0, end)).toString('utf8');
    // Writes the service makes inside open() must follow our OKAY: hold them until it is sent.
    let release!: () => void;
    const okaySent = new Promise<void>((r) => (release = r));
    const localId = nextId++;
    const s: DeviceStream = {
      localId,
      remoteId: p.arg0,
      session: undefined,
      writer: new WrteSender({
        maxPayload: sendMax,
        send: (chunk) => send(A_WRTE, localId, p.arg0, chunk),
        closedError: () => (s.closed ? gone('write after close') : undefined),
        after: okaySent,
      }),
      inputChain: Promise.resolve(),
      closing: false,
      closed: false,
    };
    streams.set(s.localId, s);
    let session: ServiceSession | undefined;
    try {
      session = services.open(name, makeIO(s));
    } catch (e) {
      report(e);
      session = undefined;
    }
    if (!session) {
      streams.delete(s.localId);
      s.closed = true;
      sendQuiet(A_CLSE, 0, p.arg0);
      release();
      return;
    }
    s.session = session;
    send(A_OKAY, s.localId, s.remoteId).then(release, (e: unknown) => {
      report(e);
      release();
    });
  };

  /** The connection is up: our CNXN with the banner (after AUTH when the device requires it). */
  const accept = (): Promise<void> => {
    connected = true;
    return send(A_CNXN, A_VERSION, ourMax, Buffer.from(bannerText(services.banner()), 'utf8'));
  };

  /** A fresh token to sign (protocol.txt AUTH): on CNXN, and again after a signature we refused. */
  const challenge = (auth: DeviceAuthOptions): Promise<void> => {
    token = auth.randomToken();
    return send(A_AUTH, AUTH_TOKEN, 0, token);
  };

  const onPacket = async (p: AdbPacket): Promise<void> => {
    if (p.command === A_CNXN) {
      const hostVersion = p.arg0;
      const hostMax = p.arg1;
      sendMax = Math.max(1, Math.min(hostMax, ourMax));
      checksums = hostVersion < A_VERSION_SKIP_CHECKSUM;
      decoder.verifyChecksum = checksums;
      await (options.auth ? challenge(options.auth) : accept());
      return;
    }
    if (p.command === A_AUTH && options.auth && token) {
      const auth = options.auth;
      if (p.arg0 === AUTH_SIGNATURE) {
        const ok = auth.authorizedKeys.some((k) => verifyAuthSignature(k, token as Uint8Array, p.payload));
        await (ok ? accept() : challenge(auth));
      } else if (p.arg0 === AUTH_RSAPUBLICKEY) {
        const key = Buffer.from(p.payload).toString('utf8').replace(/\0+$/, '');
        const valid = decodeAdbPublicKey(key) !== undefined;
        if (valid && auth.onPublicKey?.(key)) await accept();
      }
      return;
    }
    if (!connected) return; // adbd ignores stream traffic before the connection is up
    const s = streams.get(p.arg1);
    switch (p.command) {
      case A_OPEN:
        if (budget.admitNow()) openStream(p);
        else if (budget.waiting() < MAX_WAITING_OPENS) budget.whenRoom(p, (q) => alive && openStream(q));
        else sendQuiet(A_CLSE, 0, p.arg0);
        return;
      case A_OKAY:
        if (s && s.remoteId === p.arg0) s.writer.okay();
        return;
      case A_WRTE: {
        if (!s || s.closed || !s.session) return;
        const session = s.session;
        const data = p.payload;
        s.inputChain = s.inputChain
          .then(() => session.input(data))
          .then(
            () => {
              if (!s.closed) sendQuiet(A_OKAY, s.localId, s.remoteId);
            },
            (e: unknown) => {
              report(e);
              if (!s.closed) {
                finish(s, 'service failed', true);
                sendQuiet(A_CLSE, s.localId, s.remoteId);
              }
            },
          );
        return;
      }
      case A_CLSE:
        if (s) finish(s, 'closed by host', true);
        return;
      default:
        return;
    }
  };

  try {
    for (;;) {
      const chunk = await stream.read();
      if (chunk === null) break;
      for (const packet of decoder.push(chunk)) await onPacket(packet);
    }
  } catch (e) {
    report(e);
  } finally {
    alive = false;
    budget.drop();
    for (const s of [...streams.values()]) finish(s, 'connection dropped', true);
    stream.close();
  }
}

/**
 * Bytes a connection's services have written and the host has not yet acknowledged, and the OPENs that wait
 * for them to drop below the limit. An OPEN is admitted at once when nothing waits and the budget has room;
 * waiting ones start one per event-loop turn, so the output of the last one is counted before the next starts.
 */
class OutputBudget {
  private held = 0;
  private readonly queue: Array<{ packet: AdbPacket; start: (p: AdbPacket) => void }> = [];
  /** An OPEN was admitted this event-loop turn: the next one waits a turn for its output to be counted. */
  private busy = false;

  constructor(private readonly limit: number) {}

  hold(bytes: number, write: Promise<void>): Promise<void> {
    this.held += bytes;
    const release = (): void => {
      this.held -= bytes;
      this.pump();
    };
    write.then(release, release);
    return write;
  }

  admitNow(): boolean {
    if (this.busy || this.queue.length > 0 || this.held >= this.limit) return false;
    this.cooldown();
    return true;
  }

  waiting(): number {
    return this.queue.length;
  }

  whenRoom(packet: AdbPacket, start: (p: AdbPacket) => void): void {
    this.queue.push({ packet, start });
    this.pump();
  }

  /** The connection ended: waiting OPENs are dropped. */
  drop(): void {
    this.queue.length = 0;
  }

  private cooldown(): void {
    this.busy = true;
    setImmediate(() => {
      this.busy = false;
      this.pump();
    });
  }

  private pump(): void {
    if (this.busy || this.held >= this.limit) return; // the cooldown or a release calls pump() again
    const next = this.queue.shift();
    if (!next) return;
    this.cooldown();
    next.start(next.packet);
  }
}
