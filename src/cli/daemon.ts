/**
 * The background daemon behind `glance` (see client.ts): runs CLI calls with the CLI already loaded, one session
 * per adb server (adb connections, devices and their screen backend stay open between calls; the snapshots of the
 * file store cached in memory). Every call on a device, whatever backend it asks for, goes through that one
 * session, so the daemon never holds a phone's UiAutomation against itself. Calls on one device wait for each
 * other; calls on different devices run at once.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { unlinkSync } from 'node:fs';
import { resolve } from 'node:path';
import { createDeviceProvider, type AdbDeviceProvider } from '../device/provider.js';
import type { Device } from '../device/types.js';
import { backendFrom, LONG_LIVED_BACKEND } from '../device/uia2/select.js';
import type { SnapshotStore } from '../tools/registry.js';
import { keyedQueue, type Session } from '../tools/session.js';
import type { DaemonRequest, Frame } from './client.js';
import type { CliIO } from './io.js';
import { cliSession } from './session.js';
import { callEnv, globalSerial, run } from './main.js';
import { fileSnapshotStore, stateDir } from './store.js';
import { readTextFile } from './files.js';

type Env = Record<string, string | undefined>;

/**
 * The variables that pick an adb server or a store: calls that agree on them share one session. The backend and
 * the default serial are left out: they choose within a session, and two sessions over one phone would fight
 * over its single UiAutomation connection.
 */
function sessionKey(env: Env): string {
  return Object.keys(env)
    .filter((k) => /^(GLANCE_|ANDROID_|ADB_)/.test(k) && !/^(GLANCE_DAEMON|GLANCE_BACKEND$|ANDROID_SERIAL$)/.test(k))
    .sort()
    .map((k) => `${k}=${env[k]}`)
    .join('\n');
}

/** The file store with every snapshot also kept in memory: reads never touch the disk twice. */
function cachedStore(inner: SnapshotStore): SnapshotStore {
  const mem = new Map<string, string | undefined>();
  return {
    async load(key) {
      if (!mem.has(key)) mem.set(key, await inner.load(key));
      return mem.get(key);
    },
    async save(key, value) {
      mem.set(key, value);
      await inner.save(key, value);
    },
  };
}

/** One adb server's session in the daemon, with the provider whose backends it switches. */
interface Held {
  session: Session;
  devices: AdbDeviceProvider;
}

export interface DaemonOptions {
  socket: string;
  idleMs: number;
}

export interface RunningDaemon {
  server: Server;
  closed: Promise<void>;
}

export async function serveDaemon(options: DaemonOptions): Promise<RunningDaemon> {
  const sessions = new Map<string, Held>();
  const startedAt = Date.now();
  let calls = 0;
  let inFlight = 0;
  let idle: NodeJS.Timeout | undefined;
  let resolveClosed: () => void = () => undefined;
  const closed = new Promise<void>((r) => (resolveClosed = r));

  /** The session of the call's adb server. */
  const sessionOf = (env: Env): Held => {
    const key = sessionKey(env);
    let s = sessions.get(key);
    if (!s) {
      const devices = createDeviceProvider(env, { defaultBackend: LONG_LIVED_BACKEND });
      const session = cliSession(env, { devices, snapshots: cachedStore(fileSnapshotStore(stateDir(env))) });
      sessions.set(key, (s = { session, devices }));
    }
    return s;
  };

  /**
   * Reads the call's device the way the call asks. The daemon keeps its devices for many calls: it pays the
   * UiAutomator2 server's start once, so without GLANCE_BACKEND (or --backend) it reads with `auto`; a call that
   * asks for another backend switches its own device (the server is stopped first), never another phone's. A phone
   * the daemon has not opened yet is opened by the call itself, reading the way the call asks.
   */
  const switchBackend = async (s: Held, env: Env, device: Device | undefined, signal: AbortSignal): Promise<void> => {
    let backend = LONG_LIVED_BACKEND;
    try {
      backend = backendFrom(env, LONG_LIVED_BACKEND);
    } catch {
      // A bad name is the call's to report (main.ts), with the session left as it is.
      return;
    }
    await s.devices.useBackend(backend, { signal, device: device ?? 'new' });
  };

  const shutdown = async (): Promise<void> => {
    clearTimeout(idle);
    server.close();
    await Promise.all([...sessions.values()].map((s) => s.session.close()));
    resolveClosed();
  };
  const armIdle = (): void => {
    clearTimeout(idle);
    if (inFlight === 0) idle = setTimeout(() => void shutdown(), options.idleMs);
  };

  const serialised = keyedQueue();

  const runCall = async (req: DaemonRequest, socket: Socket): Promise<void> => {
    const send = (f: Frame): void => {
      if (!socket.destroyed) socket.write(`${JSON.stringify(f)}\n`);
    };
    const argv = req.argv ?? [];
    const env = callEnv(argv, req.env ?? {});
    const ctrl = new AbortController();
    socket.once('close', () => ctrl.abort(new Error('the client went away')));
    const io: CliIO = {
      stdout: (s) => send({ t: 'o', s }),
      stderr: (s) => send({ t: 'e', s }),
      stdoutBytes: (d) => send({ t: 'b', d: Buffer.from(d).toString('base64') }),
      readStdin: async () => '',
      readFile: (p) => (req.cwd === undefined ? readTextFile(p) : readTextFile(resolve(req.cwd, p), p)),
      isTTY: req.isTTY === true,
      env,
      signal: ctrl.signal,
      ...(req.cwd === undefined ? {} : { cwd: req.cwd }),
    };
    let serial: string | undefined;
    try {
      serial = globalSerial(argv) ?? env['ANDROID_SERIAL'];
    } catch {
      serial = undefined;
    }
    const s = sessionOf(env);
    // The phone the call will act on, when the daemon has opened it before (asking nothing of adb: a call that
    // reads a file starts no adb server), so that one queue holds every call on it however it was named.
    const device = s.devices.made(serial === '' ? undefined : serial);
    const code = await serialised(`${sessionKey(env)}\n${device?.serial ?? serial ?? ''}`, async () => {
      await switchBackend(s, env, device, ctrl.signal);
      return run(argv, { ...io, session: s.session });
    });
    send({ t: 'x', code });
  };

  const onConnection = (socket: Socket): void => {
    let buf = '';
    socket.setEncoding('utf8');
    socket.on('error', () => undefined);
    socket.on('data', (chunk: string) => {
      buf += chunk;
      const nl = buf.indexOf('\n');
      if (nl < 0) return;
      socket.removeAllListeners('data');
      const req = JSON.parse(buf.slice(0, nl)) as DaemonRequest;
      const status = (): Frame => ({
        t: 'status',
        pid: process.pid,
        startedAt,
        calls,
        inFlight,
        idleMs: options.idleMs,
        socket: options.socket,
      });
      if (req.op === 'status') {
        socket.end(`${JSON.stringify(status())}\n`);
        return;
      }
      if (req.op === 'stop') {
        socket.end(`${JSON.stringify(status())}\n`, () => void shutdown());
        return;
      }
      calls++;
      inFlight++;
      clearTimeout(idle);
      runCall(req, socket)
        .catch((e: unknown) => socket.write(`${JSON.stringify({ t: 'e', s: `error INTERNAL: ${(e as Error).message}\n` })}\n`))
        .finally(() => {
          inFlight--;
          socket.end();
          armIdle();
        });
    });
  };

  const server = createServer(onConnection);
  await listen(server, options.socket);
  armIdle();
  return { server, closed };
}

/**
 * Listens on `path`. When another daemon already answers there (two clients started one each), this one is
 * not needed: EADDRINUSE is thrown. A socket file with nobody behind it is removed and taken over.
 */
async function listen(server: Server, path: string): Promise<void> {
  const attempt = (): Promise<void> =>
    new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await attempt();
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || process.platform === 'win32') throw e;
    const { connect } = await import('node:net');
    const alive = await new Promise<boolean>((resolve) => {
      const s = connect(path);
      s.once('connect', () => {
        s.destroy();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (alive) throw e;
    unlinkSync(path);
    await attempt();
  }
}
