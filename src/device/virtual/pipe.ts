/**
 * Byte streams between the virtual shell's commands: a bounded pipe whose writer waits while it is full and is
 * stopped once its reader has gone (SIGPIPE), and the sources a command reads (stdin, files, endless devices).
 * Stages of a pipeline run side by side through these, so `yes | head -c N` holds one pipe's worth in memory
 * whatever N is, and an endless writer ends when its reader or the session does.
 */
import { randomBytes } from 'node:crypto';

/** Where a command's output goes. */
export interface Sink {
  write(data: Uint8Array): void;
  /**
   * Resolves once the reader has room for more (a full pipe, a host reading slowly); rejects with SinkClosed
   * once nobody reads any more. Absent: the sink takes everything at once.
   */
  ready?(): Promise<void>;
}

/** What a command reads: chunks in order, undefined at end of input. */
export interface Source {
  read(): Promise<Uint8Array | undefined>;
}

/** The reader of a sink has gone (SIGPIPE) or the sink is full (a disk with no space): the writer stops. */
export class SinkClosed extends Error {
  constructor(
    /** Shown as `NAME: write error: REASON` when not a broken pipe (a broken pipe kills silently). */
    readonly reason: 'Broken pipe' | 'No space left on device',
  ) {
    super(reason);
  }
}

/** Exit status of a command killed by SIGPIPE (128 + 13), as mksh reports it. */
export const SIGPIPE_STATUS = 141;

/** What a Linux pipe buffers before its writer blocks (pipe(7): 16 pages). */
export const PIPE_CAPACITY = 65536;

/** One pipe between two stages. The writer side ends with end(), the reader side with close(). */
export class Pipe implements Sink, Source {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private ended = false;
  private broken = false;
  private wakeReader: (() => void) | undefined;
  private wakeWriter: (() => void) | undefined;

  constructor(
    private readonly signal: AbortSignal,
    private readonly capacity = PIPE_CAPACITY,
  ) {}

  write(data: Uint8Array): void {
    // A writer that does not wait for room (small outputs written at once) still lands: only bulk writers wait.
    if (this.broken || this.ended || data.length === 0) return;
    this.chunks.push(data);
    this.size += data.length;
    this.wake('reader');
  }

  async ready(): Promise<void> {
    while (this.size >= this.capacity && !this.broken) await this.wait('writer');
    if (this.broken) throw new SinkClosed('Broken pipe');
  }

  /** The writer has exited: the reader sees end of input once the buffer is empty. */
  end(): void {
    this.ended = true;
    this.wake('reader');
  }

  async read(): Promise<Uint8Array | undefined> {
    while (this.size === 0 && !this.ended && !this.broken) await this.wait('reader');
    const chunk = this.chunks.shift();
    if (chunk === undefined) return undefined;
    this.size -= chunk.length;
    this.wake('writer');
    return chunk;
  }

  /** The reader has exited: what is buffered is dropped and the writer's next wait fails. */
  close(): void {
    this.broken = true;
    this.chunks = [];
    this.size = 0;
    this.wake('writer');
  }

  private wake(side: 'reader' | 'writer'): void {
    const w = side === 'reader' ? this.wakeReader : this.wakeWriter;
    if (side === 'reader') this.wakeReader = undefined;
    else this.wakeWriter = undefined;
    w?.();
  }

  /** Waits for the other side, or throws when the session is aborted (so no stage waits forever). */
  private async wait(side: 'reader' | 'writer'): Promise<void> {
    this.signal.throwIfAborted();
    await new Promise<void>((resolve) => {
      const done = (): void => {
        this.signal.removeEventListener('abort', done);
        resolve();
      };
      if (side === 'reader') this.wakeReader = done;
      else this.wakeWriter = done;
      this.signal.addEventListener('abort', done, { once: true });
    });
    this.signal.throwIfAborted();
  }
}

/** A source over bytes already in memory (a `<` redirect, a script's stdin). */
export function bytesSource(data: Uint8Array): Source {
  let done = data.length === 0;
  return {
    read: () => {
      if (done) return Promise.resolve(undefined);
      done = true;
      return Promise.resolve(data);
    },
  };
}

export const emptySource = (): Source => bytesSource(new Uint8Array(0));

/** Block size an endless device hands out per read. */
const DEVICE_BLOCK = 65536;
const ZEROS = new Uint8Array(DEVICE_BLOCK);

/** An endless device file (`/dev/zero`, `/dev/urandom`) as a source that never ends, or undefined for any other path. */
export function deviceSource(path: string): Source | undefined {
  if (path === '/dev/zero') return { read: () => Promise.resolve(ZEROS) };
  if (path === '/dev/urandom' || path === '/dev/random') return { read: () => Promise.resolve(randomBytes(DEVICE_BLOCK)) };
  return undefined;
}

/** Up to `n` bytes from a source (fewer at its end); the rest of the last chunk read is lost, as a reader that exits loses it. */
export async function readUpTo(src: Source, n: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let size = 0;
  while (size < n) {
    const c = await src.read();
    if (c === undefined) break;
    const take = c.subarray(0, n - size);
    parts.push(take);
    size += take.length;
  }
  return Buffer.concat(parts);
}

/** The longest line a line reader holds before handing it on in pieces. */
const MAX_LINE = 16 * 1024 * 1024;

/** The lines of a source as they arrive (without their newline; a last line without one is still a line). */
export async function* linesOf(src: Source): AsyncGenerator<string> {
  const dec = new TextDecoder();
  let carry = '';
  for (let c = await src.read(); c !== undefined; c = await src.read()) {
    carry += dec.decode(c, { stream: true });
    let nl: number;
    let from = 0;
    while ((nl = carry.indexOf('\n', from)) >= 0) {
      yield carry.slice(from, nl);
      from = nl + 1;
    }
    carry = carry.slice(from);
    // A source without newlines (`/dev/zero`) would grow one line without end: past the cap it is cut.
    if (carry.length > MAX_LINE) {
      yield carry;
      carry = '';
    }
  }
  carry += dec.decode();
  if (carry !== '') yield carry;
}
