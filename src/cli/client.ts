/**
 * The `glance` entry. Loading the CLI (tools, zod, the device layer) costs more than starting Node, so device
 * commands go to a per-user background daemon that keeps them loaded, with the adb connections and the latest
 * snapshots in memory: this module imports only Node built-ins until it knows the daemon cannot take the call.
 *
 * One daemon per adb server (and build of glance), reached over a Unix socket (a named pipe on Windows) in
 * GLANCE_DAEMON_DIR (default: a private folder under the temp dir). It is started on first use and leaves
 * after GLANCE_DAEMON_IDLE_MS without calls (default 5 minutes). GLANCE_NO_DAEMON=1 runs every call in-process.
 * The daemon runs the same `run(argv, io)` as in-process, with the caller's environment, working directory
 * and terminal flag, and streams stdout/stderr back: same output, same exit status.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, openSync, statSync, unlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { endOnClosedPipe } from './pipe.js';
import { LOCAL_VERBS, TOOL_VERBS } from './verbs.js';

/**
 * The calls the daemon takes: every verb of the command table but its file jobs, and the commands outside it that
 * act on a device (live `blocks`). Anything else (servers, file jobs, help, version) runs in-process.
 */
export const DAEMON_VERBS: readonly string[] = [...TOOL_VERBS.filter((v) => !LOCAL_VERBS.includes(v) && !v.includes(' ')), 'blocks'];

/** One message of the wire protocol (newline-delimited JSON both ways). */
export type Frame =
  | { t: 'o' | 'e'; s: string }
  | { t: 'b'; d: string }
  | { t: 'x'; code: number }
  | { t: 'status'; pid: number; startedAt: number; calls: number; inFlight: number; idleMs: number; socket: string };

export interface DaemonRequest {
  op: 'run' | 'status' | 'stop';
  argv?: string[];
  env?: Record<string, string | undefined>;
  cwd?: string;
  isTTY?: boolean;
}

type Env = Record<string, string | undefined>;

const DEFAULT_IDLE_MS = 5 * 60_000;

export function idleMs(env: Env): number {
  const v = Number(env['GLANCE_DAEMON_IDLE_MS']);
  return Number.isFinite(v) && v > 0 ? v : DEFAULT_IDLE_MS;
}

/** The first argument that is not a global option, and whether the call can go to the daemon. */
export function daemonEligible(argv: readonly string[]): boolean {
  let verb: string | undefined;
  for (let i = 0; i < argv.length && verb === undefined; i++) {
    const a = argv[i]!;
    if (a === '-s' || a === '--serial' || a === '--backend') i++;
    else if (a === '--') return false;
    else if (!a.startsWith('-')) verb = a;
  }
  // `-` is standard input or output: the bytes belong to this process.
  return verb !== undefined && DAEMON_VERBS.includes(verb) && !argv.includes('-');
}

/** This build of glance: a rebuilt or upgraded glance gets its own daemon (the old one idles out). */
function buildId(): string {
  const self = fileURLToPath(import.meta.url);
  try {
    return `${self}:${statSync(self).mtimeMs}`;
  } catch {
    return self;
  }
}

/** Where the daemon for this user, adb server and build listens. */
export function socketPath(env: Env): string {
  const uid = (() => {
    try {
      return String(userInfo().uid);
    } catch {
      return 'user';
    }
  })();
  const server = ['ANDROID_ADB_SERVER_ADDRESS', 'ANDROID_ADB_SERVER_PORT', 'ADB_SERVER_SOCKET', 'ADB_PATH', 'GLANCE_STATE_DIR']
    .map((k) => `${k}=${env[k] ?? ''}`)
    .join(';');
  const key = createHash('sha256').update(`${uid};${server};${buildId()}`).digest('hex').slice(0, 16);
  if (process.platform === 'win32') return `\\\\.\\pipe\\glance-${key}`;
  return join(daemonDir(env), `${key}.sock`);
}

export function daemonDir(env: Env): string {
  const uid = (() => {
    try {
      return String(userInfo().uid);
    } catch {
      return 'user';
    }
  })();
  return env['GLANCE_DAEMON_DIR'] ?? join(tmpdir(), `glance-${uid}`);
}

function open(path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(path);
    s.once('connect', () => {
      s.removeAllListeners('error');
      resolve(s);
    });
    s.once('error', reject);
  });
}

/** Sends one request and hands every frame of the answer to `onFrame`; resolves when the daemon hangs up. */
export function request(socket: Socket, req: DaemonRequest, onFrame: (f: Frame) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    let buf = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      buf += chunk;
      for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
        const line = buf.slice(0, nl);
        buf = buf.slice(nl + 1);
        if (line !== '') onFrame(JSON.parse(line) as Frame);
      }
    });
    socket.once('error', reject);
    socket.once('close', () => resolve());
    socket.write(`${JSON.stringify(req)}\n`);
  });
}

/** The daemon's script, beside this one (a .ts source under tsx in development). */
function daemonEntry(): string {
  const here = fileURLToPath(import.meta.url);
  return here.replace(/client\.(ts|js)$/, (_m, ext: string) => `daemon-main.${ext}`);
}

function startDaemon(path: string, env: Env): void {
  const dir = daemonDir(env);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const log = openSync(join(dir, 'daemon.log'), 'a');
  const child = spawn(process.execPath, [...process.execArgv, daemonEntry(), path], {
    detached: true,
    stdio: ['ignore', log, log],
    env: env as NodeJS.ProcessEnv,
    windowsHide: true,
  });
  child.unref();
}

/**
 * A socket to a live daemon, starting one when there is none. A socket file nobody listens on (a daemon that
 * was killed) is removed first. Undefined when no daemon could be reached: the caller runs in-process.
 */
export async function reachDaemon(env: Env, start = true): Promise<Socket | undefined> {
  const path = socketPath(env);
  try {
    return await open(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED' && process.platform !== 'win32') {
      try {
        unlinkSync(path);
      } catch {
        // Another client removed it first.
      }
    } else if (code !== 'ENOENT' && code !== 'ECONNREFUSED') return undefined;
  }
  if (!start) return undefined;
  startDaemon(path, env);
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 15));
    try {
      return await open(path);
    } catch {
      // Not listening yet.
    }
  }
  return undefined;
}

function write(stream: NodeJS.WriteStream, data: string | Uint8Array): Promise<void> {
  return new Promise((resolve) => {
    if (stream.write(data)) resolve();
    else stream.once('drain', () => resolve());
  });
}

/** Runs one call through the daemon; undefined when no daemon could take it. */
async function viaDaemon(argv: readonly string[]): Promise<number | undefined> {
  const socket = await reachDaemon(process.env);
  if (!socket) return undefined;
  let code: number | undefined;
  const pending: Array<Promise<void>> = [];
  const stop = (): void => {
    socket.destroy();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await request(
      socket,
      { op: 'run', argv: [...argv], env: process.env, cwd: process.cwd(), isTTY: Boolean(process.stderr.isTTY) },
      (f) => {
        if (f.t === 'o') pending.push(write(process.stdout, f.s));
        else if (f.t === 'e') pending.push(write(process.stderr, f.s));
        else if (f.t === 'b') pending.push(write(process.stdout, Buffer.from(f.d, 'base64')));
        else if (f.t === 'x') code = f.code;
      },
    );
  } finally {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
  }
  await Promise.all(pending);
  if (code === undefined) {
    // The daemon died mid-call: the action may have happened, so it is not run again here.
    process.stderr.write(
      'error DAEMON_LOST: the background glance daemon ended before answering\nhint: run the command again (GLANCE_NO_DAEMON=1 runs it in this process)\n',
    );
    return 1;
  }
  return code;
}

/** `glance daemon status|stop`. */
export async function daemonCommand(argv: readonly string[], out: (s: string) => void, env: Env = process.env): Promise<number> {
  const sub = argv[0] ?? 'status';
  const json = argv.includes('--json');
  if (sub === '--help' || sub === '-h' || (sub !== 'status' && sub !== 'stop')) {
    out(
      'glance daemon status|stop [--json]\n\nThe background daemon that keeps glance loaded between calls (one per adb server; started on first\nuse, leaves after GLANCE_DAEMON_IDLE_MS without calls, default 5 minutes). GLANCE_NO_DAEMON=1 runs\nevery call in-process.\n',
    );
    return sub === '--help' || sub === '-h' ? 0 : 1;
  }
  const path = socketPath(env);
  const none = (): number => {
    out(json ? `${JSON.stringify({ ok: true, result: { running: false, socket: path } })}\n` : `no daemon running (${path})\n`);
    return sub === 'status' ? 1 : 0;
  };
  const socket = await reachDaemon(env, false);
  if (!socket) return none();
  let status: Extract<Frame, { t: 'status' }> | undefined;
  await request(socket, { op: sub }, (f) => {
    if (f.t === 'status') status = f;
  });
  // Reached while it was leaving (idle exit, another stop): it closed without a word, so none is running now.
  if (!status) return none();
  const { pid, startedAt, calls, inFlight, idleMs: idle } = status;
  const result = { running: sub === 'status', pid, socket: path, uptimeMs: Date.now() - startedAt, calls, inFlight, idleMs: idle };
  if (json) out(`${JSON.stringify({ ok: true, result })}\n`);
  else if (sub === 'stop') out(`daemon ${pid} stopped after ${calls} calls\n`);
  else
    out(
      `daemon ${pid} running for ${Math.round(result.uptimeMs / 1000)} s, ${calls} calls (${inFlight} now), idle exit after ${Math.round(idle / 1000)} s\n${path}\n`,
    );
  return 0;
}

/** The whole CLI: the daemon when it can take the call, else the CLI loaded in this process. */
export async function main(argv: readonly string[]): Promise<number> {
  endOnClosedPipe(process.stdout);
  endOnClosedPipe(process.stderr);
  if (argv[0] === 'daemon') return daemonCommand(argv.slice(1), (s) => process.stdout.write(s));
  if (process.env['GLANCE_NO_DAEMON'] !== '1' && daemonEligible(argv)) {
    const code = await viaDaemon(argv);
    if (code !== undefined) return code;
  }
  const { run } = await import('./main.js');
  return run(argv);
}
