/**
 * Reaching Redis: the URL a user passes (`redis://[user:pass@]HOST:PORT[/DB]`), a bounded PING before anything
 * waits on it (ioredis itself reconnects forever, so a wrong URL would hang), and a local `redis-server` for
 * `glance farm up` and the tests (loopback only, persistence off, stopped by its PID).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';
import { GlanceError } from '../errors.js';

export interface RedisEndpoint {
  host: string;
  port: number;
  db: number;
  username?: string;
  password?: string;
}

export function parseRedisUrl(url: string): RedisEndpoint {
  let u: URL;
  try {
    u = new URL(url.includes('://') ? url : `redis://${url}`);
  } catch (e) {
    throw badUrl(url, e);
  }
  if (u.protocol !== 'redis:' || u.hostname === '') throw badUrl(url);
  const db = u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0;
  if (!Number.isInteger(db) || db < 0) throw badUrl(url);
  return {
    host: u.hostname,
    port: u.port === '' ? 6379 : Number(u.port),
    db,
    ...(u.username === '' ? {} : { username: decodeURIComponent(u.username) }),
    ...(u.password === '' ? {} : { password: decodeURIComponent(u.password) }),
  };
}

function badUrl(url: string, cause?: unknown): GlanceError {
  return new GlanceError('USAGE', `not a Redis URL: ${url}`, { hint: 'pass redis://HOST:PORT (e.g. redis://127.0.0.1:6379)', cause });
}

/** Options for ioredis and BullMQ (workers need maxRetriesPerRequest null: a blocking read must not give up). */
export function connectionOptions(e: RedisEndpoint): Record<string, unknown> {
  return { host: e.host, port: e.port, db: e.db, username: e.username, password: e.password, maxRetriesPerRequest: null };
}

/** Reconnect attempts, half a second apart, of a client that only waits on Redis before it ends. */
const WAITER_RETRIES = 10;

/**
 * Options for clients that wait on Redis rather than serve it (run, submit, status, export): they stop reconnecting
 * after a few seconds, so one left behind by an error never keeps the process alive for a Redis that is gone.
 * Workers keep reconnecting (connectionOptions): a farm outlives a Redis restart.
 */
export function waiterOptions(e: RedisEndpoint): Record<string, unknown> {
  return { ...connectionOptions(e), retryStrategy: (times: number) => (times > WAITER_RETRIES ? null : 500) };
}

/**
 * A command as a RESP array of bulk strings (each word's byte length, then the bytes): a password with spaces,
 * CR or LF stays one argument, where the inline form would split it or end the command early.
 */
export function respCommand(words: readonly string[]): string {
  return `*${words.length}\r\n${words.map((w) => `$${Buffer.byteLength(w, 'utf8')}\r\n${w}\r\n`).join('')}`;
}

/** Sends PING (after AUTH when a password is set) and waits for PONG, at most `timeoutMs`. */
export async function pingRedis(e: RedisEndpoint, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<void> {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const unreachable = (why: string, cause?: unknown): GlanceError =>
    new GlanceError('REDIS_UNAVAILABLE', `Redis at ${e.host}:${e.port} ${why}`, {
      hint: 'start one (apt-get install redis-server; redis-server --port 6379) or pass the right --redis URL',
      context: { host: e.host, port: e.port },
      cause,
    });
  const auth = e.password === undefined ? '' : respCommand(['AUTH', e.username ?? 'default', e.password]);
  await new Promise<void>((resolve, reject) => {
    const sock = new Socket();
    let seen = '';
    const done = (err?: GlanceError): void => {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      sock.destroy();
      if (err === undefined) resolve();
      else reject(err);
    };
    const onAbort = (): void => done(new GlanceError('ABORTED', 'operation aborted'));
    const timer = setTimeout(() => done(unreachable(`did not answer PING within ${timeoutMs} ms`)), timeoutMs);
    opts.signal?.addEventListener('abort', onAbort, { once: true });
    sock.on('error', (err) => done(unreachable('is not reachable', err)));
    sock.on('data', (d) => {
      seen += d.toString('latin1');
      if (seen.includes('+PONG')) done();
      else if (seen.startsWith('-')) done(unreachable(`refused: ${seen.trim()}`));
    });
    sock.connect(e.port, e.host, () => sock.write(`${auth}${respCommand(['PING'])}`));
  });
}

export interface LocalRedis {
  url: string;
  port: number;
  pid: number;
  /** SIGTERM by PID, SIGKILL after `graceMs`; resolves once the process is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** A free loopback TCP port (asked of the kernel, then released). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr !== null ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts `redis-server` on loopback and waits until it answers PING (at most 10 s). Persistence is off unless
 * `dataDir` is given: then every write is in that folder's append-only file before Redis answers it, so a server
 * killed and started again on the same folder holds everything it had acknowledged.
 */
export async function startLocalRedis(opts: { bin: string; port?: number; detached?: boolean; dataDir?: string }): Promise<LocalRedis> {
  const port = opts.port ?? (await freePort());
  const persistence =
    opts.dataDir === undefined
      ? ['--save', '', '--appendonly', 'no']
      : ['--save', '', '--dir', opts.dataDir, '--appendonly', 'yes', '--appendfsync', 'always'];
  const args = ['--port', String(port), '--bind', '127.0.0.1', ...persistence, '--loglevel', 'warning'];
  const child: ChildProcess = spawn(opts.bin, args, {
    stdio: 'ignore',
    detached: opts.detached === true,
  });
  if (opts.detached === true) child.unref();
  const pid = child.pid;
  if (pid === undefined) {
    throw new GlanceError('REDIS_UNAVAILABLE', `could not start ${opts.bin}`, { hint: 'apt-get install redis-server, or pass its path' });
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const endpoint: RedisEndpoint = { host: '127.0.0.1', port, db: 0 };
  let last: unknown;
  for (let i = 0; i < 100; i++) {
    try {
      await pingRedis(endpoint, { timeoutMs: 500 });
      last = undefined;
      break;
    } catch (e) {
      last = e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (last !== undefined) {
    process.kill(pid, 'SIGKILL');
    throw last;
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid,
    stop: async (graceMs = 3000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      process.kill(pid, 'SIGTERM');
      const timer = setTimeout(() => child.exitCode === null && child.signalCode === null && process.kill(pid, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
