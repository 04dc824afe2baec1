/**
 * The shell v2 protocol (AOSP adb/shell_protocol.h): inside a `shell,v2,…:` stream every message is
 * `[id u8][length u32 LE][data]`. Also the parser for shell/exec service names, shared by host and device.
 */

import { GlanceError } from '../errors.js';

export const ShellId = {
  stdin: 0,
  stdout: 1,
  stderr: 2,
  exit: 3,
  closeStdin: 4,
  windowSizeChange: 5,
} as const;
export type ShellPacketId = (typeof ShellId)[keyof typeof ShellId];

export interface ShellPacket {
  id: ShellPacketId;
  data: Uint8Array;
}

const SHELL_HEADER = 5;
/** Far above what adbd sends (its buffer is 32 KiB) but bounded, so garbage cannot make us allocate gigabytes. */
export const SHELL_MAX_PACKET = 16 * 1024 * 1024;

export function encodeShellPacket(id: ShellPacketId, data: Uint8Array = new Uint8Array(0)): Buffer {
  const out = Buffer.allocUnsafe(SHELL_HEADER + data.length);
  out.writeUInt8(id, 0);
  out.writeUInt32LE(data.length, 1);
  out.set(data, SHELL_HEADER);
  return out;
}

export function encodeShellExit(code: number): Buffer {
  return encodeShellPacket(ShellId.exit, Uint8Array.of(code & 0xff));
}

/**
 * Streaming decoder; unknown ids or absurd lengths throw ADB_PROTOCOL and poison it. Received chunks are kept
 * as a list and each packet is copied out once when it is complete: growing one buffer per chunk made a 4 MiB
 * packet arriving in 16 KiB pieces cost a quadratic ~500 MB of copying.
 */
export class ShellPacketDecoder {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private header: { id: ShellPacketId; length: number } | undefined;
  private failure: GlanceError | undefined;

  push(chunk: Uint8Array): ShellPacket[] {
    if (this.failure) throw this.failure;
    if (chunk.length > 0) {
      this.chunks.push(chunk);
      this.size += chunk.length;
    }
    const out: ShellPacket[] = [];
    for (;;) {
      if (this.header === undefined) {
        if (this.size < SHELL_HEADER) break;
        const head = Buffer.from(this.take(SHELL_HEADER));
        const id = head.readUInt8(0);
        const length = head.readUInt32LE(1);
        if (id > ShellId.windowSizeChange || length > SHELL_MAX_PACKET) {
          this.failure = new GlanceError('ADB_PROTOCOL', `bad shell v2 packet (id ${id}, length ${length})`, {
            hint: 'the stream does not carry the shell v2 protocol',
          });
          throw this.failure;
        }
        this.header = { id: id as ShellPacketId, length };
      }
      if (this.size < this.header.length) break;
      out.push({ id: this.header.id, data: this.take(this.header.length) });
      this.header = undefined;
    }
    return out;
  }

  /** The next `n` buffered bytes: a view when one chunk holds them, else one copy. */
  private take(n: number): Uint8Array {
    this.size -= n;
    const first = this.chunks[0];
    if (first === undefined || n === 0) return new Uint8Array(0);
    if (first.length >= n) {
      if (first.length === n) this.chunks.shift();
      else this.chunks[0] = first.subarray(n);
      return first.subarray(0, n);
    }
    const out = Buffer.allocUnsafe(n);
    let filled = 0;
    let used = 0;
    while (filled < n) {
      const c = this.chunks[used]!;
      const k = Math.min(c.length, n - filled);
      out.set(k === c.length ? c : c.subarray(0, k), filled);
      filled += k;
      if (k === c.length) used++;
      else this.chunks[used] = c.subarray(k);
    }
    this.chunks.splice(0, used);
    return out;
  }

  get idle(): boolean {
    return this.size === 0 && this.header === undefined;
  }
}

export interface ShellServiceName {
  /** `exec:` is raw stdout only; `shell:` legacy (stdout+stderr, no exit code); `shell,v2` framed. */
  kind: 'exec' | 'shell' | 'shell-v2';
  /** `raw` / `pty` when the host asked for one. */
  mode: 'raw' | 'pty' | undefined;
  term: string | undefined;
  command: string;
}

/**
 * `shell,v2,TERM=xterm,raw:ls -l` → parts; undefined for other services. Arguments are the comma-separated
 * list between `shell` and the colon (SERVICES.TXT; adb 29 sends `v2`, `TERM=…`, `raw`/`pty`).
 */
export function parseShellServiceName(service: string): ShellServiceName | undefined {
  if (service.startsWith('exec:')) {
    return { kind: 'exec', mode: 'raw', term: undefined, command: service.slice('exec:'.length) };
  }
  const colon = service.indexOf(':');
  if (colon < 0) return undefined;
  const head = service.slice(0, colon).split(',');
  if (head[0] !== 'shell') return undefined;
  let kind: ShellServiceName['kind'] = 'shell';
  let mode: ShellServiceName['mode'];
  let term: string | undefined;
  for (const arg of head.slice(1)) {
    if (arg === 'v2') kind = 'shell-v2';
    else if (arg === 'raw' || arg === 'pty') mode = arg;
    else if (arg.startsWith('TERM=')) term = arg.slice('TERM='.length);
  }
  return { kind, mode, term, command: service.slice(colon + 1) };
}
