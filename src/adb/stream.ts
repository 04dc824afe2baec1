/**
 * The abstract byte stream every part of src/adb works on. A TCP socket (src/adb/node/), an in-memory pipe and
 * one multiplexed ADB stream all implement it, so protocol code never knows which one it has.
 */

import { GlanceError } from '../errors.js';

export interface ByteStream {
  /** Queue bytes for the peer; resolves once handed on, rejects when the stream is closed. */
  write(data: Uint8Array): Promise<void>;
  /** Next chunk from the peer; `null` at a clean end of stream; rejects when the stream broke. One reader only. */
  read(): Promise<Uint8Array | null>;
  /** Close both directions; idempotent. A pending `read()` then resolves `null`. */
  close(): void;
}

/**
 * An unbounded FIFO of received chunks with one waiting reader: the receive side of most ByteStreams.
 * `onTake` lets the owner apply back-pressure (resume a socket, send an ADB OKAY) as chunks are consumed.
 */
export class ChunkQueue {
  private readonly chunks: Uint8Array[] = [];
  private queuedBytes = 0;
  private ended = false;
  private failure: unknown = undefined;
  private waiter: { resolve: (c: Uint8Array | null) => void; reject: (e: unknown) => void } | undefined;

  constructor(private readonly onTake?: (chunk: Uint8Array, queuedBytes: number) => void) {}

  get size(): number {
    return this.queuedBytes;
  }

  get isEnded(): boolean {
    return this.ended;
  }

  push(chunk: Uint8Array): void {
    if (this.ended || chunk.length === 0) return;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      w.resolve(chunk);
      this.onTake?.(chunk, this.queuedBytes);
      return;
    }
    this.chunks.push(chunk);
    this.queuedBytes += chunk.length;
  }

  /** No more chunks; with `error`, readers get it once the queued chunks are drained. */
  end(error?: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.failure = error;
    if (this.waiter) {
      const w = this.waiter;
      this.waiter = undefined;
      if (error === undefined) w.resolve(null);
      else w.reject(error);
    }
  }

  read(): Promise<Uint8Array | null> {
    const chunk = this.chunks.shift();
    if (chunk) {
      this.queuedBytes -= chunk.length;
      this.onTake?.(chunk, this.queuedBytes);
      return Promise.resolve(chunk);
    }
    if (this.ended) return this.failure === undefined ? Promise.resolve(null) : Promise.reject(this.failure);
    if (this.waiter) return Promise.reject(new GlanceError('INTERNAL', 'two concurrent readers on one stream'));
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }
}

/** Two connected in-memory ByteStreams (what one writes, the other reads). For in-process devices and tests. */
export function createStreamPair(): [ByteStream, ByteStream] {
  const qa = new ChunkQueue();
  const qb = new ChunkQueue();
  let closed = false;
  const closeBoth = (): void => {
    closed = true;
    qa.end();
    qb.end();
  };
  const side = (own: ChunkQueue, peer: ChunkQueue): ByteStream => ({
    write(data) {
      if (closed) return Promise.reject(new GlanceError('ADB_DEVICE_GONE', 'in-memory stream closed'));
      // Copy: the writer may reuse its buffer once the promise resolves.
      peer.push(Uint8Array.from(data));
      return Promise.resolve();
    },
    read: () => own.read(),
    close: closeBoth,
  });
  return [side(qa, qb), side(qb, qa)];
}

/**
 * Reads exact byte counts from a ByteStream, keeping what it read ahead. `eof` builds the error thrown when
 * the stream ends in the middle of a structure (callers decide: device gone, server dropped, …).
 */
export class StreamReader {
  private buffered: Uint8Array[] = [];
  private bufferedBytes = 0;

  constructor(
    readonly stream: ByteStream,
    private readonly eof: (what: string) => Error = (what) =>
      new GlanceError('ADB_DEVICE_GONE', `stream ended while reading ${what}`, {
        hint: 'the device or adb server closed the connection; check `adb devices`',
      }),
  ) {}

  /** Next chunk, read-ahead first; `null` at end of stream. */
  async readSome(): Promise<Uint8Array | null> {
    const head = this.buffered.shift();
    if (head) {
      this.bufferedBytes -= head.length;
      return head;
    }
    return this.stream.read();
  }

  async readExactly(n: number, what = `${n} bytes`): Promise<Uint8Array> {
    while (this.bufferedBytes < n) {
      const chunk = await this.stream.read();
      if (chunk === null) throw this.eof(what);
      this.buffered.push(chunk);
      this.bufferedBytes += chunk.length;
    }
    const out = new Uint8Array(n);
    let filled = 0;
    while (filled < n) {
      const head = this.buffered[0] as Uint8Array;
      const take = Math.min(head.length, n - filled);
      out.set(head.subarray(0, take), filled);
      filled += take;
      if (take === head.length) this.buffered.shift();
      else this.buffered[0] = head.subarray(take);
    }
    this.bufferedBytes -= n;
    return out;
  }

  /** Everything until the end of stream; `limit.add` sees each chunk's size and throws to stop reading. */
  async readAll(limit?: OutputLimit): Promise<Buffer> {
    const parts: Uint8Array[] = [...this.buffered];
    limit?.add(this.bufferedBytes);
    this.buffered = [];
    this.bufferedBytes = 0;
    for (;;) {
      const chunk = await this.stream.read();
      if (chunk === null) return Buffer.concat(parts);
      limit?.add(chunk.length);
      parts.push(chunk);
    }
  }

  /** The rest of the stream as a ByteStream (read-ahead bytes come first). */
  rest(): ByteStream {
    return {
      write: (d) => this.stream.write(d),
      read: () => this.readSome(),
      close: () => this.stream.close(),
    };
  }
}

/**
 * Counts the bytes a call keeps in memory and fails with ADB_OUTPUT_TOO_LARGE past `max`: a device or server that
 * streams without end must not grow the host without bound.
 */
export class OutputLimit {
  private total = 0;

  constructor(
    private readonly max: number,
    private readonly what: string,
  ) {}

  add(bytes: number): void {
    this.total += bytes;
    if (this.total > this.max) {
      throw new GlanceError('ADB_OUTPUT_TOO_LARGE', `${this.what} returned more than ${this.max} bytes`, {
        hint: 'the command printed far more than expected; pass a larger maxOutputBytes if that much is real',
        context: { maxOutputBytes: this.max },
      });
    }
  }
}
