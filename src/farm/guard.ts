/**
 * Redis going away under a client that waits on it. ioredis reconnects and queues every command meanwhile (BullMQ's
 * workers need that: a blocking read must outlive a Redis restart), so a `farm run` whose Redis died would wait
 * without end while connection errors pile up. The guard runs each exchange against a deadline; when the deadline
 * passes, or a watched client reports an error, it pings Redis itself, and a Redis that does not answer ends the
 * exchange with REDIS_UNAVAILABLE. A slow Redis that still answers is waited for.
 */
import { GlanceError, isGlanceError } from '../errors.js';
import { pingRedis, type RedisEndpoint } from './redis.js';

/** BullMQ queues, workers and flow producers, ioredis clients: anything that reports connection errors. */
export interface ErrorEmitter {
  on(event: 'error', listener: (err: Error) => void): unknown;
}

export interface RedisGuardOptions {
  /** How long one exchange may take before Redis is asked whether it is still there. Default 5 s. */
  stallMs?: number;
  /** The PING's own deadline. Default 2 s. */
  pingMs?: number;
  signal?: AbortSignal;
  /** What the caller was doing, for the message ("following suite s"). */
  doing?: string;
  /** What to do once Redis is back. */
  hint?: string;
  context?: Record<string, unknown>;
}

type Settled<T> = { value: T } | { error: unknown };

export class RedisGuard {
  private lastError: Error | undefined;
  private wake: (() => void) | undefined;
  /** A client reported an error while no exchange was running: the next one checks Redis first. */
  private suspect = false;
  private gone = false;

  constructor(
    private readonly endpoint: RedisEndpoint,
    private readonly o: RedisGuardOptions = {},
  ) {}

  /** Listens to the clients' errors: each one wakes the running exchange to check Redis (and keeps Node from
   * treating an unheard `error` event as fatal). */
  watch(...clients: ErrorEmitter[]): void {
    for (const c of clients)
      c.on('error', (err) => {
        this.lastError = err;
        if (this.wake === undefined) this.suspect = true;
        else this.wake();
      });
  }

  /** Awaits `work`; REDIS_UNAVAILABLE as soon as Redis is found gone, ABORTED on the signal. */
  async run<T>(work: Promise<T>): Promise<T> {
    const settled: Promise<Settled<T>> = work.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    if (this.suspect) {
      this.suspect = false;
      await this.check();
    }
    for (;;) {
      const r = await this.race(settled);
      if (r === 'check') {
        await this.check();
        continue;
      }
      if ('value' in r) return r.value;
      // A plain error (ioredis's "Connection is closed", a reset) may be Redis leaving: say so when it is.
      if (!isGlanceError(r.error)) await this.check(r.error);
      throw r.error;
    }
  }

  /** True once a check found Redis gone: close clients without waiting for answers (closeWithin's `lost`). */
  get lost(): boolean {
    return this.gone;
  }

  /** Throws REDIS_UNAVAILABLE when Redis does not answer a PING within `pingMs`. */
  async check(cause?: unknown): Promise<void> {
    try {
      await pingRedis(this.endpoint, {
        timeoutMs: this.o.pingMs ?? 2000,
        ...(this.o.signal === undefined ? {} : { signal: this.o.signal }),
      });
    } catch (e) {
      if (!isGlanceError(e, 'REDIS_UNAVAILABLE')) throw e;
      this.gone = true;
      const doing = this.o.doing === undefined ? '' : ` while ${this.o.doing}`;
      throw new GlanceError('REDIS_UNAVAILABLE', `lost Redis at ${this.endpoint.host}:${this.endpoint.port}${doing}`, {
        hint: this.o.hint ?? e.hint ?? 'start Redis again',
        context: { ...e.context, ...this.o.context },
        cause: cause ?? this.lastError ?? e,
      });
    }
  }

  private race<T>(settled: Promise<Settled<T>>): Promise<Settled<T> | 'check'> {
    const signal = this.o.signal;
    if (signal?.aborted === true) return Promise.reject(aborted());
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const alarm = new Promise<'check'>((resolve, reject) => {
      timer = setTimeout(() => resolve('check'), this.o.stallMs ?? 5000);
      this.wake = () => resolve('check');
      onAbort = () => reject(aborted());
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    return Promise.race([settled, alarm]).finally(() => {
      clearTimeout(timer);
      this.wake = undefined;
      if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
    });
  }
}

const aborted = (): GlanceError => new GlanceError('ABORTED', 'operation aborted');

/** A BullMQ queue, worker or flow producer: closed politely, or cut off when Redis is gone. */
export interface Closable {
  /** `force` (workers): do not wait for running jobs, disconnect instead of QUIT. */
  close(force?: boolean): Promise<void>;
  disconnect(): Promise<void>;
}

/**
 * Closes each client within `ms`; one still closing then (its QUIT never answered) is disconnected. With
 * `lost` (Redis found gone) nothing would answer, so each is closed by force (a worker stops its loops and timers
 * without waiting for its job) and disconnected at once. The disconnect is bounded too: ioredis stops its reconnect timer at once but may never
 * report the end of a socket that was already gone.
 */
export async function closeWithin(ms: number, clients: readonly Closable[], o: { lost?: boolean } = {}): Promise<void> {
  await Promise.all(
    clients.map(async (c) => {
      const closed = settles(c.close(o.lost === true));
      if (o.lost !== true && (await within(ms, closed))) return;
      await within(o.lost === true ? Math.min(ms, LOST_DISCONNECT_MS) : ms, settles(c.disconnect()));
    }),
  );
}

/** With Redis gone the disconnect is local: a moment for the sockets to be torn down, no more. */
const LOST_DISCONNECT_MS = 250;

const settles = (p: Promise<unknown>): Promise<boolean> =>
  p.then(
    () => true,
    () => false,
  );

/** `p`'s value, or false when it has not settled within `ms`. */
async function within(ms: number, p: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([p, late]);
  } finally {
    clearTimeout(timer);
  }
}
