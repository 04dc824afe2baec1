/**
 * Cancellation and deadlines for every host-side call: each call takes
 * `{ signal?, timeoutMs? }`, has a default timeout, and on abort or timeout closes what it opened and rejects
 * with ABORTED or TIMEOUT, whatever the body was waiting on. A body that fails closes what it opened too.
 */

import { GlanceError, throwIfAborted } from '../errors.js';
import type { ByteStream } from './stream.js';

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds before the call fails with TIMEOUT (each call documents its default). */
  timeoutMs?: number;
}

/** Defaults: quick queries vs. commands that may legitimately run for a while. */
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
export const DEFAULT_COMMAND_TIMEOUT_MS = 60_000;

export interface CallScope {
  /** Fires when the call is aborted or times out; pass it to nested calls. */
  readonly signal: AbortSignal;
  /** Close `stream` if the call is aborted or times out. */
  own<T extends ByteStream>(stream: T): T;
}

/** The signal and timeout of a larger options object, without the keys it left undefined. */
export function callOptionsOf(options: CallOptions): CallOptions {
  return {
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  };
}

/** Forward the caller's signal (and nothing else) to a nested call. */
export function nested(scope: CallScope): CallOptions {
  return { signal: scope.signal };
}

export async function runCall<T>(
  options: CallOptions | undefined,
  defaults: { timeoutMs: number; what: string },
  body: (scope: CallScope) => Promise<T>,
): Promise<T> {
  const signal = options?.signal;
  throwIfAborted(signal);
  const timeoutMs = options?.timeoutMs ?? defaults.timeoutMs;
  const controller = new AbortController();
  const owned = new Set<ByteStream>();
  let settled = false;
  let rejectCall!: (e: unknown) => void;
  const cancelled = new Promise<never>((_, reject) => (rejectCall = reject));
  const fire = (error: GlanceError): void => {
    if (settled) return;
    settled = true;
    rejectCall(error);
    controller.abort(error);
    for (const s of owned) s.close();
  };
  const onAbort = (): void => fire(new GlanceError('ABORTED', `${defaults.what} aborted`, { cause: signal?.reason }));
  signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () =>
      fire(
        new GlanceError('TIMEOUT', `${defaults.what} timed out after ${timeoutMs} ms`, {
          hint: 'the device or adb server did not answer in time; pass a larger timeoutMs or check `adb devices`',
          context: { timeoutMs },
        }),
      ),
    timeoutMs,
  );
  const scope: CallScope = {
    signal: controller.signal,
    own(stream) {
      if (controller.signal.aborted) stream.close();
      else owned.add(stream);
      return stream;
    },
  };
  const work = body(scope);
  // A failed body leaves nothing open (a server that answers FAIL and keeps the socket would hold the process);
  // once cancelled, its own failure is expected and uninteresting.
  work.catch(() => {
    for (const s of owned) s.close();
  });
  try {
    return await Promise.race([work, cancelled]);
  } finally {
    settled = true;
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
