/**
 * The virtual device's DeviceServices (src/adb/services.ts): `shell,v2,…:` / `shell:` / `exec:` run the sh
 * subset, `sync:` serves the in-memory file system through adb's sync session, `tcp:PORT` reaches servers
 * the scenario runs "on the device". Anything else is refused (the transport answers CLSE), as adbd does for
 * services it does not know.
 */
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { createSyncSession, type SyncFileSystem } from '../../adb/device-services.js';
import type { DeviceBanner, DeviceServices, ServiceIO, ServiceSession } from '../../adb/services.js';
import {
  ShellId,
  ShellPacketDecoder,
  encodeShellExit,
  encodeShellPacket,
  parseShellServiceName,
  type ShellServiceName,
} from '../../adb/shell-protocol.js';
import { FsError, tryFs, type MemFs } from './fs.js';
import { Shell, type Command, type Sink } from './shell.js';
import { debug, preview } from '../../debug.js';

/** Answers one `tcp:PORT` stream. */
export type TcpHandler = (io: ServiceIO) => ServiceSession;

export interface ServiceHost {
  banner: DeviceBanner;
  fs: MemFs;
  commands: ReadonlyMap<string, Command>;
  /** Environment of a fresh shell (copied per session). */
  env: ReadonlyMap<string, string>;
  tcp: ReadonlyMap<number, TcpHandler>;
  /** The prompt an interactive shell prints (`glance_virtual:/ $ `). */
  prompt: string;
}

/** Features the virtual adbd announces: shell v2 and the v2 sync records, nothing it cannot serve. */
export const VIRTUAL_FEATURES: readonly string[] = [
  'shell_v2',
  'cmd',
  'stat_v2',
  'ls_v2',
  'fixed_push_mkdir',
  'fixed_push_symlink_timestamp',
];

export function createDeviceServices(host: ServiceHost): DeviceServices {
  return {
    banner: () => host.banner,
    open(service, io) {
      debug('virtual', () => `open ${preview(service, 96)}`);
      const shell = parseShellServiceName(service);
      if (shell !== undefined) return openShell(host, shell, io);
      if (service === 'sync:') return createSyncSession(syncFs(host.fs), io);
      const tcp = /^tcp:(\d+)$/.exec(service) ?? /^tcp:(?:localhost|127\.0\.0\.1):(\d+)$/.exec(service);
      if (tcp !== null) return host.tcp.get(Number(tcp[1]))?.(io);
      return undefined;
    },
  };
}

/** Adapts MemFs to adb's sync file-system interface (adbd creates missing parents on push: fixed_push_mkdir). */
function syncFs(fs: MemFs): SyncFileSystem {
  const orMissing = <T>(v: T | FsError): T | undefined => (v instanceof FsError ? undefined : v);
  return {
    stat: (path) => orMissing(tryFs(() => fs.stat(path))),
    list: (path) => orMissing(tryFs(() => fs.list(path).map((e) => ({ name: e.name, stat: e.stat })))),
    read: (path) => orMissing(tryFs(() => fs.readFile(path))),
    write(path, data, meta) {
      const parent = path.slice(0, path.lastIndexOf('/'));
      const e = tryFs(() => {
        if (parent !== '') fs.mkdirp(parent);
        fs.writeFile(path, data, { perm: meta.mode & 0o7777, mtime: meta.mtime });
      });
      // The sync session sends the message as the push's FAIL text.
      if (e instanceof FsError) throw new Error(e.reason);
    },
  };
}

/**
 * A shell stream. Output is coalesced per tick into one write (the transport splits it into WRTEs), which
 * keeps order across stdout and stderr and avoids a round trip per line. Closing the stream aborts the
 * running command (a `sleep` ends at once).
 */
function openShell(host: ServiceHost, name: ShellServiceName, io: ServiceIO): ServiceSession {
  const v2 = name.kind === 'shell-v2';
  // adbd gives `shell:` without a command a PTY, and v2 a PTY unless the host asked for raw.
  const tty = name.mode === 'pty' || (name.mode === undefined && name.command === '');
  const abort = new AbortController();
  let pending: Uint8Array[] = [];
  let scheduled = false;
  let chain: Promise<void> = Promise.resolve();
  // Bytes emitted and not yet acknowledged by the host, and the writers waiting for them to go down.
  let queued = 0;
  let waiters: Array<() => void> = [];
  const release = (): void => {
    const w = waiters;
    waiters = [];
    for (const f of w) f();
  };
  abort.signal.addEventListener('abort', release, { once: true });
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const data = Buffer.concat(pending);
    pending = [];
    chain = chain
      .then(() => io.write(data))
      .then(() => {
        queued -= data.length;
        if (queued < SESSION_HIGH_WATER) release();
      })
      .catch(() => abort.abort());
  };
  const emit = (fd: 1 | 2 | 3, data: Uint8Array): void => {
    if (abort.signal.aborted) return;
    const packet = v2
      ? fd === 3
        ? encodeShellExit(data[0] ?? 0)
        : encodeShellPacket(fd === 1 ? ShellId.stdout : ShellId.stderr, data)
      : data;
    // exec: and legacy shell: carry stdout and stderr on one stream, and no exit packet.
    if (!v2 && fd === 3) return;
    pending.push(packet);
    queued += packet.length;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  // A bulk writer waits while the host holds a window's worth unacknowledged: `adb shell yes` runs as fast as the
  // host reads, in bounded memory, until the host closes the stream.
  const ready = async (): Promise<void> => {
    while (queued >= SESSION_HIGH_WATER && !abort.signal.aborted) await new Promise<void>((r) => waiters.push(r));
  };
  const stdout: Sink = { write: (d) => d.length > 0 && emit(1, d), ready };
  const stderr: Sink = { write: (d) => d.length > 0 && emit(2, d), ready };
  const received = new InputQueue();
  const shell = new Shell({
    fs: host.fs,
    commands: host.commands,
    env: new Map(host.env),
    signal: abort.signal,
    tty,
    readInput: (n) => received.read(n, abort.signal),
  });
  const finish = async (code: number): Promise<void> => {
    emit(3, Uint8Array.of(code & 0xff));
    flush();
    await chain;
    io.close();
  };
  const runLine = async (line: string): Promise<number> => {
    try {
      const code = await shell.run(line, { stdout, stderr });
      debug('virtual', () => `sh ${preview(line, 96)} → exit ${code}`);
      return code;
    } catch (e) {
      if (abort.signal.aborted) return 130;
      stderr.write(Buffer.from(`/system/bin/sh: ${e instanceof Error ? e.message : String(e)}\n`));
      return 1;
    }
  };

  const decoder = v2 ? new ShellPacketDecoder() : undefined;
  if (name.command !== '') {
    // A command's input (what `adb install` streams into `cmd package install -S SIZE`) waits for it to read.
    runLine(name.command).then(finish, () => io.close());
    return {
      input(data) {
        if (decoder === undefined) return received.push(data);
        let packets;
        try {
          packets = decoder.push(data);
        } catch {
          abort.abort();
          io.close();
          return;
        }
        for (const p of packets) {
          if (p.id === ShellId.stdin) received.push(p.data);
          else if (p.id === ShellId.closeStdin) received.end();
        }
      },
      closed: () => {
        received.end();
        abort.abort();
      },
    };
  }

  // Interactive shell: lines from stdin (v2 stdin packets, or raw bytes on legacy shell:).
  let buffered = '';
  let queue: Promise<void> = Promise.resolve();
  let exited = false;
  // sh prints its prompt only when stdin is a terminal: `echo cmd | adb shell` (raw) gets bare output.
  const prompt = (): void => {
    if (tty) stdout.write(Buffer.from(host.prompt));
  };
  prompt();
  const feed = (text: string): void => {
    // A PTY echoes what is typed.
    if (tty) stdout.write(Buffer.from(text.replace(/\r/g, '\r\n')));
    buffered += text.replace(/\r\n?/g, '\n');
    let nl: number;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      queue = queue.then(async () => {
        if (exited) return;
        if (/^\s*exit(\s+\d+)?\s*$/.test(line)) {
          exited = true;
          await finish(Number(/\d+/.exec(line)?.[0] ?? 0));
          return;
        }
        await runLine(line);
        prompt();
      });
    }
  };
  return {
    input(data) {
      if (decoder === undefined) return feed(Buffer.from(data).toString('utf8'));
      let packets;
      try {
        packets = decoder.push(data);
      } catch {
        abort.abort();
        io.close();
        return;
      }
      for (const p of packets) {
        if (p.id === ShellId.stdin) feed(Buffer.from(p.data).toString('utf8'));
        else if (p.id === ShellId.closeStdin) {
          queue = queue.then(async () => {
            if (!exited) {
              exited = true;
              await finish(0);
            }
          });
        }
      }
    },
    closed: () => abort.abort(),
  };
}

/** Output a shell session holds unacknowledged before its writers wait for the host. */
const SESSION_HIGH_WATER = 1024 * 1024;

/** Input a command may leave unread before more is dropped: bounds what a host can park on the device. */
const MAX_UNREAD_INPUT = 64 * 1024 * 1024;

/** Bytes a command has not read yet, and the one read waiting for more. */
class InputQueue {
  private chunks: Uint8Array[] = [];
  private size = 0;
  private ended = false;
  private wake: (() => void) | undefined;

  push(data: Uint8Array): void {
    if (this.ended || data.length === 0 || this.size + data.length > MAX_UNREAD_INPUT) return;
    this.chunks.push(Uint8Array.from(data));
    this.size += data.length;
    this.wake?.();
  }

  end(): void {
    this.ended = true;
    this.wake?.();
  }

  /** Up to `n` bytes: waits until that many arrived or the input ended (or the session was aborted). */
  async read(n: number, signal: AbortSignal): Promise<Uint8Array> {
    while (this.size < n && !this.ended && !signal.aborted) {
      await new Promise<void>((resolve) => {
        const done = (): void => {
          signal.removeEventListener('abort', done);
          this.wake = undefined;
          resolve();
        };
        this.wake = done;
        signal.addEventListener('abort', done, { once: true });
      });
    }
    const all = Buffer.concat(this.chunks);
    const take = all.subarray(0, Math.min(n, all.length));
    const rest = all.subarray(take.length);
    this.chunks = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
    return take;
  }
}

/** `tcp:` echo server: writes back whatever arrives (handy for forward tests and latency probes). */
export function echoServer(): TcpHandler {
  return (io) => ({
    input: (data) => io.write(data),
    closed: () => undefined,
  });
}

/**
 * `tcp:` HTTP/1.0 static server over a scenario folder: enough for a WebView-ish page or a test fixture.
 * One request per stream, then close (HTTP/1.0 without keep-alive).
 */
export function httpServer(root: string): TcpHandler {
  const base = resolve(root);
  return (io) => {
    let head = '';
    let answered = false;
    const respond = async (status: string, type: string, body: Uint8Array): Promise<void> => {
      const header = `HTTP/1.0 ${status}\r\nContent-Type: ${type}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
      await io.write(Buffer.concat([Buffer.from(header), body]));
      io.close();
    };
    return {
      input(data) {
        if (answered) return;
        head += Buffer.from(data).toString('latin1');
        if (head.length > 65536) {
          answered = true;
          return respond('431 Request Header Fields Too Large', 'text/plain', Buffer.from('too large\n'));
        }
        if (!head.includes('\r\n\r\n') && !head.includes('\n\n')) return;
        answered = true;
        const [method = '', target = '/'] = head.split(/\s+/, 2);
        if (method !== 'GET' && method !== 'HEAD')
          return respond('405 Method Not Allowed', 'text/plain', Buffer.from('method not allowed\n'));
        const path = decodeURIComponent(target.split('?')[0] ?? '/');
        const file = resolve(base, `.${path.endsWith('/') ? `${path}index.html` : path}`);
        if (file !== base && !file.startsWith(base + sep)) return respond('403 Forbidden', 'text/plain', Buffer.from('forbidden\n'));
        return readFile(file).then(
          (body) =>
            respond(
              '200 OK',
              /\.html?$/.test(file) ? 'text/html; charset=utf-8' : /\.json$/.test(file) ? 'application/json' : 'application/octet-stream',
              method === 'HEAD' ? new Uint8Array(0) : body,
            ),
          () => respond('404 Not Found', 'text/plain', Buffer.from('not found\n')),
        );
      },
      closed: () => undefined,
    };
  };
}
