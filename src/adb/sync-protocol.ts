/**
 * The file sync protocol spoken inside a `sync:` stream (AOSP adb/file_sync_protocol.h, SYNC.TXT).
 * Requests are `[id 4][u32 length][path]`; SEND carries `path,mode` and is followed by DATA chunks of at most
 * 64 KiB and DONE(mtime). Replies: STAT (16 bytes), STA2/LST2 (72), DENT/DNT2 listing entries closed by a DONE
 * exactly as long as an entry header (20 / 76 bytes — adb 29.0.6 reads a fixed size), DATA…DONE for RECV,
 * OKAY / FAIL(message). Encoders and decoders here serve both the host client and a device's sync service.
 */

import { GlanceError } from '../errors.js';

/** adb rejects larger DATA chunks (SYNC_DATA_MAX). */
export const SYNC_DATA_MAX = 64 * 1024;
/** Longest path a request may carry (1024 in adbd). */
export const SYNC_PATH_MAX = 1024;

export type SyncRequestId = 'STAT' | 'STA2' | 'LST2' | 'LIST' | 'LIS2' | 'RECV' | 'SEND' | 'QUIT';

/** File metadata as the v2 records carry it (v1 uses mode, size and mtime only, truncated to 32 bits). */
export interface SyncStat {
  mode: number;
  size: number;
  /** Seconds since the epoch. */
  mtime: number;
  atime?: number;
  ctime?: number;
  dev?: number;
  ino?: number;
  nlink?: number;
  uid?: number;
  gid?: number;
  /** v2 only: errno of the stat (0 = found, 2 = ENOENT). */
  error?: number;
}

export interface SyncEntry {
  name: string;
  stat: SyncStat;
}

export const S_IFMT = 0o170000;
export const S_IFDIR = 0o040000;
export const S_IFREG = 0o100000;
export const S_IFLNK = 0o120000;
export const ENOENT = 2;

export function isDirectory(stat: SyncStat): boolean {
  return (stat.mode & S_IFMT) === S_IFDIR;
}

function header(id: string, length: number): Buffer {
  const out = Buffer.alloc(8);
  out.write(id, 0, 4, 'latin1');
  out.writeUInt32LE(length >>> 0, 4);
  return out;
}

// ---- host → device ----

export function encodeSyncRequest(id: SyncRequestId, path: string): Buffer {
  const body = Buffer.from(path, 'utf8');
  return Buffer.concat([header(id, body.length), body]);
}

/** SEND's argument: `path,mode` with the mode in decimal (file type bits included). */
export function encodeSyncSend(path: string, mode: number): Buffer {
  return encodeSyncRequest('SEND', `${path},${mode}`);
}

export function encodeSyncData(data: Uint8Array): Buffer {
  if (data.length > SYNC_DATA_MAX) throw new RangeError(`sync DATA chunk over ${SYNC_DATA_MAX} bytes`);
  return Buffer.concat([header('DATA', data.length), data]);
}

/** DONE after SEND carries the mtime; after RECV data it carries 0. */
export function encodeSyncDone(mtime = 0): Buffer {
  return header('DONE', mtime);
}

export function encodeSyncQuit(): Buffer {
  return header('QUIT', 0);
}

/** A whole payload as DATA chunks of at most 64 KiB. */
export function encodeSyncDataChunks(data: Uint8Array): Buffer[] {
  const out: Buffer[] = [];
  for (let at = 0; at < data.length; at += SYNC_DATA_MAX) {
    out.push(encodeSyncData(data.subarray(at, Math.min(at + SYNC_DATA_MAX, data.length))));
  }
  return out;
}

// ---- device → host ----

export function encodeSyncOkay(): Buffer {
  return header('OKAY', 0);
}

export function encodeSyncFail(message: string): Buffer {
  const body = Buffer.from(message, 'utf8');
  return Buffer.concat([header('FAIL', body.length), body]);
}

/** STAT v1 reply: `STAT` mode size mtime (all u32); zeros mean "does not exist". */
export function encodeStatV1(stat: SyncStat | undefined): Buffer {
  const out = Buffer.alloc(16);
  out.write('STAT', 0, 'latin1');
  if (stat) {
    out.writeUInt32LE(stat.mode >>> 0, 4);
    out.writeUInt32LE(stat.size >>> 0, 8);
    out.writeUInt32LE(stat.mtime >>> 0, 12);
  }
  return out;
}

const V2_BODY = 68;

function writeV2Body(out: Buffer, at: number, stat: SyncStat | undefined): void {
  const s = stat ?? { mode: 0, size: 0, mtime: 0, error: ENOENT };
  out.writeUInt32LE((s.error ?? 0) >>> 0, at);
  out.writeBigUInt64LE(BigInt(s.dev ?? 0), at + 4);
  out.writeBigUInt64LE(BigInt(s.ino ?? 0), at + 12);
  out.writeUInt32LE(s.mode >>> 0, at + 20);
  out.writeUInt32LE((s.nlink ?? 1) >>> 0, at + 24);
  out.writeUInt32LE((s.uid ?? 0) >>> 0, at + 28);
  out.writeUInt32LE((s.gid ?? 0) >>> 0, at + 32);
  out.writeBigUInt64LE(BigInt(s.size), at + 36);
  out.writeBigInt64LE(BigInt(s.atime ?? s.mtime), at + 44);
  out.writeBigInt64LE(BigInt(s.mtime), at + 52);
  out.writeBigInt64LE(BigInt(s.ctime ?? s.mtime), at + 60);
}

function readV2Body(b: Buffer, at: number): SyncStat {
  return {
    error: b.readUInt32LE(at),
    dev: Number(b.readBigUInt64LE(at + 4)),
    ino: Number(b.readBigUInt64LE(at + 12)),
    mode: b.readUInt32LE(at + 20),
    nlink: b.readUInt32LE(at + 24),
    uid: b.readUInt32LE(at + 28),
    gid: b.readUInt32LE(at + 32),
    size: Number(b.readBigUInt64LE(at + 36)),
    atime: Number(b.readBigInt64LE(at + 44)),
    mtime: Number(b.readBigInt64LE(at + 52)),
    ctime: Number(b.readBigInt64LE(at + 60)),
  };
}

/** STA2 / LST2 reply (72 bytes); `undefined` encodes ENOENT. */
export function encodeStatV2(id: 'STA2' | 'LST2', stat: SyncStat | undefined): Buffer {
  const out = Buffer.alloc(4 + V2_BODY);
  out.write(id, 0, 'latin1');
  writeV2Body(out, 4, stat);
  return out;
}

export function encodeDentV1(entry: SyncEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const out = Buffer.alloc(20 + name.length);
  out.write('DENT', 0, 'latin1');
  out.writeUInt32LE(entry.stat.mode >>> 0, 4);
  out.writeUInt32LE(entry.stat.size >>> 0, 8);
  out.writeUInt32LE(entry.stat.mtime >>> 0, 12);
  out.writeUInt32LE(name.length, 16);
  name.copy(out, 20);
  return out;
}

export function encodeDentV2(entry: SyncEntry): Buffer {
  const name = Buffer.from(entry.name, 'utf8');
  const out = Buffer.alloc(4 + V2_BODY + 4 + name.length);
  out.write('DNT2', 0, 'latin1');
  writeV2Body(out, 4, { ...entry.stat, error: entry.stat.error ?? 0 });
  out.writeUInt32LE(name.length, 4 + V2_BODY);
  name.copy(out, 4 + V2_BODY + 4);
  return out;
}

/** The DONE closing a listing: as long as an entry header, 20 bytes (v1) or 76 (v2), zero-filled. */
export function encodeListDone(v2: boolean): Buffer {
  const out = Buffer.alloc(v2 ? 4 + V2_BODY + 4 : 20);
  out.write('DONE', 0, 'latin1');
  return out;
}

// ---- decoding ----

const syncError = (message: string): GlanceError =>
  new GlanceError('ADB_PROTOCOL', message, { hint: 'the sync stream is out of step; reconnect and retry' });

/** What a device's sync service receives, one item per request or SEND sub-message. */
export type SyncRequest =
  | { kind: Exclude<SyncRequestId, 'SEND'>; path: string }
  | { kind: 'SEND'; path: string; mode: number }
  | { kind: 'DATA'; data: Uint8Array }
  | { kind: 'DONE'; mtime: number };

/** Device side: streaming decoder of the host's requests. Malformed input throws ADB_PROTOCOL. */
export class SyncRequestDecoder {
  private buffer: Buffer = Buffer.alloc(0);
  private failure: GlanceError | undefined;

  push(chunk: Uint8Array): SyncRequest[] {
    if (this.failure) throw this.failure;
    this.buffer = this.buffer.length === 0 ? Buffer.from(chunk) : Buffer.concat([this.buffer, chunk]);
    const out: SyncRequest[] = [];
    while (this.buffer.length >= 8) {
      const id = this.buffer.toString('latin1', 0, 4);
      const length = this.buffer.readUInt32LE(4);
      if (id === 'DONE') {
        out.push({ kind: 'DONE', mtime: length });
        this.buffer = this.buffer.subarray(8);
        continue;
      }
      const limit = id === 'DATA' ? SYNC_DATA_MAX : SYNC_PATH_MAX;
      const known = ['STAT', 'STA2', 'LST2', 'LIST', 'LIS2', 'RECV', 'SEND', 'QUIT', 'DATA'].includes(id);
      if (!known || length > limit) {
        this.failure = syncError(`bad sync request ${JSON.stringify(id)} (length ${length})`);
        throw this.failure;
      }
      if (this.buffer.length < 8 + length) break;
      const body = this.buffer.subarray(8, 8 + length);
      this.buffer = this.buffer.subarray(8 + length);
      if (id === 'DATA') out.push({ kind: 'DATA', data: body });
      else if (id === 'SEND') {
        const text = body.toString('utf8');
        const comma = text.lastIndexOf(',');
        const mode = comma < 0 ? NaN : Number(text.slice(comma + 1));
        out.push(
          Number.isInteger(mode) ? { kind: 'SEND', path: text.slice(0, comma), mode } : { kind: 'SEND', path: text, mode: S_IFREG | 0o644 },
        );
      } else out.push({ kind: id as Exclude<SyncRequestId, 'SEND'>, path: body.toString('utf8') });
    }
    return out;
  }
}

/** Host side readers over exact byte counts (see StreamReader). */
export interface ExactReader {
  readExactly(n: number, what?: string): Promise<Uint8Array>;
}

async function readFail(r: ExactReader, length: number): Promise<never> {
  const msg = Buffer.from(await r.readExactly(length, 'sync FAIL message')).toString('utf8');
  throw new GlanceError('SYNC_FAILED', msg, { hint: 'check the device path and its permissions' });
}

export async function readSyncStatus(r: ExactReader): Promise<void> {
  const h = Buffer.from(await r.readExactly(8, 'sync status'));
  const id = h.toString('latin1', 0, 4);
  if (id === 'OKAY') return;
  if (id === 'FAIL') return readFail(r, h.readUInt32LE(4));
  throw syncError(`expected OKAY or FAIL, got ${JSON.stringify(id)}`);
}

export async function readStatV1(r: ExactReader): Promise<SyncStat> {
  const b = Buffer.from(await r.readExactly(16, 'STAT reply'));
  const id = b.toString('latin1', 0, 4);
  if (id === 'FAIL') return readFail(r, b.readUInt32LE(4));
  if (id !== 'STAT') throw syncError(`expected STAT, got ${JSON.stringify(id)}`);
  return { mode: b.readUInt32LE(4), size: b.readUInt32LE(8), mtime: b.readUInt32LE(12) };
}

export async function readStatV2(r: ExactReader, id: 'STA2' | 'LST2'): Promise<SyncStat> {
  const head = Buffer.from(await r.readExactly(8, `${id} reply`));
  const got = head.toString('latin1', 0, 4);
  if (got === 'FAIL') return readFail(r, head.readUInt32LE(4));
  if (got !== id) throw syncError(`expected ${id}, got ${JSON.stringify(got)}`);
  const rest = Buffer.from(await r.readExactly(V2_BODY - 4, `${id} reply`));
  return readV2Body(Buffer.concat([head.subarray(4), rest]), 0);
}

export async function readListing(r: ExactReader, v2: boolean): Promise<SyncEntry[]> {
  const entries: SyncEntry[] = [];
  const size = v2 ? 4 + V2_BODY + 4 : 20;
  for (;;) {
    const head = Buffer.from(await r.readExactly(8, 'listing entry'));
    const id = head.toString('latin1', 0, 4);
    if (id === 'FAIL') return readFail(r, head.readUInt32LE(4));
    const rest = Buffer.from(await r.readExactly(size - 8, 'listing entry'));
    const b = Buffer.concat([head, rest]);
    if (id === 'DONE') return entries;
    if (id !== (v2 ? 'DNT2' : 'DENT')) throw syncError(`unexpected ${JSON.stringify(id)} in a listing`);
    const nameLength = b.readUInt32LE(size - 4);
    if (nameLength > SYNC_PATH_MAX) throw syncError(`listing name of ${nameLength} bytes`);
    const name = Buffer.from(await r.readExactly(nameLength, 'listing name')).toString('utf8');
    const stat: SyncStat = v2 ? readV2Body(b, 4) : { mode: b.readUInt32LE(4), size: b.readUInt32LE(8), mtime: b.readUInt32LE(12) };
    entries.push({ name, stat });
  }
}

/** RECV reply: DATA chunks until DONE, or FAIL. */
export async function readRecv(r: ExactReader, onData: (chunk: Uint8Array) => void): Promise<void> {
  for (;;) {
    const head = Buffer.from(await r.readExactly(8, 'RECV reply'));
    const id = head.toString('latin1', 0, 4);
    const length = head.readUInt32LE(4);
    if (id === 'DONE') return;
    if (id === 'FAIL') return readFail(r, length);
    if (id !== 'DATA' || length > SYNC_DATA_MAX) throw syncError(`unexpected ${JSON.stringify(id)} in RECV reply`);
    onData(await r.readExactly(length, 'RECV data'));
  }
}
