/**
 * Pieces for handing ADB streams to node:http as sockets, on both sides of the UiAutomator2 connection (Glance's
 * client and the virtual device's server): writes that complete through a promise, and the socket tuning calls
 * node:http makes, which an ADB stream has no use for.
 */
import type { Duplex, DuplexOptions } from 'node:stream';

/** The Error a rejected promise carries (anything thrown is wrapped). */
export function toError(e: unknown): Error {
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * Duplex `write` and `writev` over a promise-returning write. node:http corks a message's head and body; `writev`
 * sends them as one ADB packet instead of several small ones, each waiting for an OKAY or stalling on TCP's
 * delayed ACK.
 */
export function promisedWrites(write: (chunk: Buffer) => Promise<unknown>): Required<Pick<DuplexOptions, 'write' | 'writev'>> {
  const settle = (p: Promise<unknown>, cb: (e?: Error | null) => void): void => {
    p.then(
      () => cb(),
      (e: unknown) => cb(toError(e)),
    );
  };
  return {
    write: (chunk: Buffer, _enc: BufferEncoding, cb: (e?: Error | null) => void) => settle(write(chunk), cb),
    writev: (chunks: Array<{ chunk: unknown }>, cb: (e?: Error | null) => void) =>
      settle(write(Buffer.concat(chunks.map((c) => c.chunk as Buffer))), cb),
  };
}

/** node:http tunes sockets with these; an ADB stream has no such options, and never holds the process itself. */
export function withSocketStubs<D extends Duplex>(d: D, extra: Record<string, unknown> = {}): D {
  return Object.assign(d, { setTimeout: () => d, setNoDelay: () => d, setKeepAlive: () => d, ref: () => d, unref: () => d, ...extra });
}
