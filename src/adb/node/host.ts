/**
 * Node factories for the host side: the adb server transport (TCP to the server, starting it with the adb
 * binary when needed) and the direct transport (TCP to a device port, key from ~/.android/adbkey).
 */

import { spawn } from 'node:child_process';
import { accessSync, constants as fsConstants, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, join } from 'node:path';
import { GlanceError } from '../../errors.js';
import { DEFAULT_QUERY_TIMEOUT_MS, callOptionsOf, runCall, type CallOptions } from '../call.js';
import { DirectTransport } from '../direct-transport.js';
import { AdbServerClient } from '../server-transport.js';
import { dialTcp } from './socket-stream.js';

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_ADB_SERVER_PORT = 5037;

/** ANDROID_ADB_SERVER_PORT, else 5037. */
export function adbServerPort(env: Env = process.env): number {
  const port = Number(env.ANDROID_ADB_SERVER_PORT);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : DEFAULT_ADB_SERVER_PORT;
}

function executable(path: string): boolean {
  try {
    accessSync(path, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The first of `names` that is an executable file in one of PATH's directories. */
export function findOnPath(names: readonly string[], env: Env = process.env): string | undefined {
  const dirs = (env.PATH ?? '').split(delimiter).filter((d) => d.length > 0);
  for (const name of names) for (const dir of dirs) if (executable(join(dir, name))) return join(dir, name);
  return undefined;
}

/** The adb binary: ADB_PATH, then $ANDROID_HOME (or ANDROID_SDK_ROOT)/platform-tools/adb, then PATH. */
export function findAdbBinary(env: Env = process.env): string | undefined {
  const name = process.platform === 'win32' ? 'adb.exe' : 'adb';
  const candidates = [
    env.ADB_PATH,
    env.ANDROID_HOME && join(env.ANDROID_HOME, 'platform-tools', name),
    env.ANDROID_SDK_ROOT && join(env.ANDROID_SDK_ROOT, 'platform-tools', name),
  ];
  return candidates.find((c): c is string => typeof c === 'string' && c.length > 0 && executable(c)) ?? findOnPath([name], env);
}

/** `adb -P PORT start-server`; resolves when the command exits 0. */
export function startAdbServer(options: { adbPath: string; port: number; env?: Env } & CallOptions): Promise<void> {
  return runCall(
    options,
    { timeoutMs: 20_000, what: 'adb start-server' },
    (scope) =>
      new Promise<void>((resolve, reject) => {
        const child = spawn(options.adbPath, ['-P', String(options.port), 'start-server'], {
          stdio: ['ignore', 'ignore', 'pipe'],
          env: { ...process.env, ...options.env },
          // The server forks itself and must outlive us; the CLI process exits once it is up.
        });
        let stderr = '';
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        const onAbort = (): void => {
          child.kill();
        };
        scope.signal.addEventListener('abort', onAbort, { once: true });
        child.on('error', (e) => reject(new GlanceError('ADB_NOT_FOUND', `cannot run ${options.adbPath}: ${e.message}`, { cause: e })));
        child.on('exit', (code) => {
          scope.signal.removeEventListener('abort', onAbort);
          child.stderr.destroy(); // the forked server may inherit the pipe; do not let it keep us alive
          if (code === 0) resolve();
          else
            reject(
              new GlanceError('ADB_SERVER_UNAVAILABLE', `adb start-server exited with ${code}: ${stderr.trim()}`, {
                hint: `is port ${options.port} taken by something else?`,
                context: { port: options.port },
              }),
            );
        });
      }),
  );
}

export interface ServerTransportOptions {
  /** Default: ANDROID_ADB_SERVER_PORT, else 5037. */
  port?: number;
  host?: string;
  /** Start the server when it is not running (default true; needs an adb binary). */
  autoStart?: boolean;
  /** Override the binary lookup. */
  adbPath?: string;
  env?: Env;
}

/** The adb server transport on 127.0.0.1:PORT. */
export function createServerTransport(options: ServerTransportOptions = {}): AdbServerClient {
  const env = options.env ?? process.env;
  const port = options.port ?? adbServerPort(env);
  const host = options.host ?? '127.0.0.1';
  const autoStart = options.autoStart ?? true;
  return new AdbServerClient({
    address: `${host}:${port}`,
    dial: (signal) => dialTcp({ host, port, signal }),
    ...(autoStart
      ? {
          startServer: async (signal: AbortSignal) => {
            const adbPath = options.adbPath ?? findAdbBinary(env);
            if (!adbPath) {
              throw new GlanceError('ADB_NOT_FOUND', `no adb server on ${host}:${port} and no adb binary to start one`, {
                hint: 'install Android platform-tools (or Debian `adb`), or set ADB_PATH / ANDROID_HOME',
                context: { port },
              });
            }
            await startAdbServer({ adbPath, port, env, signal });
          },
        }
      : {}),
  });
}

/**
 * The adb private key (PKCS#8 PEM): `path`, else $ANDROID_USER_HOME/adbkey, $ANDROID_SDK_HOME/.android/adbkey,
 * ~/.android/adbkey (where adb writes it on first start). Undefined when none exists.
 */
export function loadAdbKey(path?: string, env: Env = process.env): string | undefined {
  const candidates = path
    ? [path]
    : [
        env.ANDROID_USER_HOME && join(env.ANDROID_USER_HOME, 'adbkey'),
        env.ANDROID_SDK_HOME && join(env.ANDROID_SDK_HOME, '.android', 'adbkey'),
        join(env.HOME ?? homedir(), '.android', 'adbkey'),
      ].filter((c): c is string => typeof c === 'string' && c.length > 0);
  for (const c of candidates) {
    try {
      return readFileSync(c, 'utf8');
    } catch {
      // try the next one
    }
  }
  return undefined;
}

export interface DirectOptions extends CallOptions {
  host?: string;
  port: number;
  /** PEM text of the private key; default: loaded from `keyPath` or ~/.android/adbkey when present. */
  privateKey?: string;
  keyPath?: string;
  env?: Env;
}

/** Connect straight to a device's ADB port (no adb server). Serial is `HOST:PORT`. Default timeout 10 s. */
export async function connectDirect(options: DirectOptions): Promise<DirectTransport> {
  const host = options.host ?? '127.0.0.1';
  const serial = `${host}:${options.port}`;
  const timeouts = callOptionsOf(options);
  const stream = await runCall(timeouts, { timeoutMs: DEFAULT_QUERY_TIMEOUT_MS, what: `connect to ${serial}` }, async (scope) => {
    try {
      return await dialTcp({ host, port: options.port, signal: scope.signal });
    } catch (e) {
      if (e instanceof GlanceError) throw e;
      throw new GlanceError('ADB_CONNECT_FAILED', `cannot connect to ${serial}: ${(e as Error).message}`, {
        hint: 'is the device listening on that port (`adb tcpip 5555`, or the virtual device running)?',
        context: { serial },
        cause: e,
      });
    }
  });
  const privateKey = options.privateKey ?? loadAdbKey(options.keyPath, options.env);
  return DirectTransport.connect(stream, {
    serial,
    ...(privateKey === undefined ? {} : { privateKey }),
    ...timeouts,
  });
}
