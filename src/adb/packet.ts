/**
 * ADB transport packets: a 24-byte little-endian header (command, arg0, arg1, payload length, payload checksum,
 * magic = command ^ 0xffffffff) followed by the payload. Source of truth: AOSP system/core/adb/protocol.txt and
 * adb.h (A_* constants, A_VERSION_*, MAX_PAYLOAD).
 */

import { GlanceError } from '../errors.js';

export const A_SYNC = 0x434e5953;
export const A_CNXN = 0x4e584e43;
export const A_AUTH = 0x48545541;
export const A_OPEN = 0x4e45504f;
export const A_OKAY = 0x59414b4f;
export const A_CLSE = 0x45534c43;
export const A_WRTE = 0x45545257;
export const A_STLS = 0x534c5453;

/** AUTH arg0 types (adb.h ADB_AUTH_*). */
export const AUTH_TOKEN = 1;
export const AUTH_SIGNATURE = 2;
export const AUTH_RSAPUBLICKEY = 3;

/** Protocol versions: from 0x01000001 on, senders may leave the checksum 0 and receivers skip it. */
export const A_VERSION_MIN = 0x01000000;
export const A_VERSION_SKIP_CHECKSUM = 0x01000001;
export const A_VERSION = 0x01000001;

export const MAX_PAYLOAD_V1 = 4 * 1024;
/** What adb 29's host announces in its CNXN (adb.h MAX_PAYLOAD). */
export const MAX_PAYLOAD_HOST = 1024 * 1024;
/** What our device endpoint announces. */
export const MAX_PAYLOAD_DEVICE = 256 * 1024;

export const HEADER_SIZE = 24;

const NAMES = new Map<number, string>([
  [A_SYNC, 'SYNC'],
  [A_CNXN, 'CNXN'],
  [A_AUTH, 'AUTH'],
  [A_OPEN, 'OPEN'],
  [A_OKAY, 'OKAY'],
  [A_CLSE, 'CLSE'],
  [A_WRTE, 'WRTE'],
  [A_STLS, 'STLS'],
]);

export function commandName(command: number): string {
  return NAMES.get(command) ?? `0x${(command >>> 0).toString(16).padStart(8, '0')}`;
}

export interface AdbPacket {
  command: number;
  arg0: number;
  arg1: number;
  payload: Uint8Array;
}

/** The v1 checksum: unsigned sum of the payload bytes. */
export function payloadChecksum(payload: Uint8Array): number {
  let sum = 0;
  for (const b of payload) sum = (sum + b) >>> 0;
  return sum;
}

/** Header and payload in one buffer, so a single write keeps packets from interleaving. */
export function encodePacket(packet: AdbPacket, withChecksum = false): Buffer {
  const out = Buffer.allocUnsafe(HEADER_SIZE + packet.payload.length);
  out.writeUInt32LE(packet.command >>> 0, 0);
  out.writeUInt32LE(packet.arg0 >>> 0, 4);
  out.writeUInt32LE(packet.arg1 >>> 0, 8);
  out.writeUInt32LE(packet.payload.length, 12);
  out.writeUInt32LE(withChecksum ? payloadChecksum(packet.payload) : 0, 16);
  out.writeUInt32LE((packet.command ^ 0xffffffff) >>> 0, 20);
  out.set(packet.payload, HEADER_SIZE);
  return out;
}

export interface PacketDecoderOptions {
  /** Largest payload accepted; bigger lengths are a protocol error (adbd rejects them the same way). */
  maxPayload: number;
  /** Check the byte-sum checksum (protocol version below 0x01000001). Changeable after CNXN. */
  verifyChecksum?: boolean;
}

function protocolError(message: string, context: Record<string, unknown>): GlanceError {
  return new GlanceError('ADB_PROTOCOL', message, {
    hint: 'the peer does not speak the ADB transport protocol (wrong port?)',
    context,
  });
}

/**
 * Streaming decoder: feed it whatever the socket delivered, get back the complete packets. A malformed header
 * throws ADB_PROTOCOL and poisons the decoder (every later push throws the same error): the byte stream can no
 * longer be framed, so the connection must be dropped.
 */
export class PacketDecoder {
  maxPayload: number;
  verifyChecksum: boolean;
  private readonly header = Buffer.alloc(HEADER_SIZE);
  private headerFill = 0;
  private pending: { command: number; arg0: number; arg1: number; checksum: number; payload: Uint8Array } | undefined;
  private payloadFill = 0;
  private failure: GlanceError | undefined;

  constructor(options: PacketDecoderOptions) {
    this.maxPayload = options.maxPayload;
    this.verifyChecksum = options.verifyChecksum ?? false;
  }

  push(chunk: Uint8Array): AdbPacket[] {
    if (this.failure) throw this.failure;
    const out: AdbPacket[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (!this.pending) {
        const take = Math.min(HEADER_SIZE - this.headerFill, chunk.length - at);
        this.header.set(chunk.subarray(at, at + take), this.headerFill);
        this.headerFill += take;
        at += take;
        if (this.headerFill < HEADER_SIZE) break;
        this.headerFill = 0;
        this.startPacket();
        if (this.pending!.payload.length > 0) continue;
      } else {
        const p = this.pending;
        const take = Math.min(p.payload.length - this.payloadFill, chunk.length - at);
        p.payload.set(chunk.subarray(at, at + take), this.payloadFill);
        this.payloadFill += take;
        at += take;
        if (this.payloadFill < p.payload.length) break;
      }
      out.push(this.finishPacket());
    }
    return out;
  }

  /** True when no partial packet is buffered (a clean place for the stream to end). */
  get idle(): boolean {
    return this.headerFill === 0 && this.pending === undefined;
  }

  private fail(e: GlanceError): never {
    this.failure = e;
    throw e;
  }

  private startPacket(): void {
    const h = this.header;
    const command = h.readUInt32LE(0);
    const length = h.readUInt32LE(12);
    const magic = h.readUInt32LE(20);
    if (!NAMES.has(command)) {
      this.fail(protocolError(`unknown ADB command ${commandName(command)}`, { command }));
    }
    if (magic !== (command ^ 0xffffffff) >>> 0) {
      this.fail(protocolError(`bad magic on ${commandName(command)} packet`, { command, magic }));
    }
    if (length > this.maxPayload) {
      this.fail(
        protocolError(`${commandName(command)} payload of ${length} bytes exceeds ${this.maxPayload}`, {
          command,
          length,
          maxPayload: this.maxPayload,
        }),
      );
    }
    this.pending = {
      command,
      arg0: h.readUInt32LE(4),
      arg1: h.readUInt32LE(8),
      checksum: h.readUInt32LE(16),
      payload: new Uint8Array(length),
    };
    this.payloadFill = 0;
  }

  private finishPacket(): AdbPacket {
    const p = this.pending!;
    this.pending = undefined;
    // CNXN always carries its checksum check off: the version that decides it is inside the packet.
    if (this.verifyChecksum && p.command !== A_CNXN && payloadChecksum(p.payload) !== p.checksum) {
      this.fail(protocolError(`checksum mismatch on ${commandName(p.command)} packet`, { command: p.command }));
    }
    return { command: p.command, arg0: p.arg0, arg1: p.arg1, payload: p.payload };
  }
}

/** `device::ro.product.name=x;ro.product.model=y;ro.product.device=z;features=a,b` → parts. */
export interface ParsedBanner {
  systemType: string;
  serialno: string;
  props: Record<string, string>;
  features: string[];
}

/** The CNXN banner both ends send, `TYPE::key=value;…;features=a,b` (adb.cpp); parseBanner reads it back. */
export function formatBanner(systemType: string, props: Readonly<Record<string, string>>, features: readonly string[]): string {
  const parts = [...Object.entries(props).map(([k, v]) => `${k}=${v}`), `features=${features.join(',')}`];
  return `${systemType}::${parts.join(';')}`;
}

export function parseBanner(text: string): ParsedBanner {
  const trimmed = text.replace(/\0+$/, '');
  const first = trimmed.indexOf(':');
  const second = first < 0 ? -1 : trimmed.indexOf(':', first + 1);
  const systemType = first < 0 ? trimmed : trimmed.slice(0, first);
  const serialno = first < 0 || second < 0 ? '' : trimmed.slice(first + 1, second);
  const rest = second < 0 ? '' : trimmed.slice(second + 1);
  const props: Record<string, string> = {};
  let features: string[] = [];
  for (const part of rest.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 'features') features = value.split(',').filter((f) => f.length > 0);
    else props[key] = value;
  }
  return { systemType, serialno, props, features };
}
