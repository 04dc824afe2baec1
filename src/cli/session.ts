/**
 * The CLI's session: one per process in-process, one per adb server in the daemon (shared by every call to it).
 * Built only here; a call adds what belongs to its caller (working folder, standard output, keys in its
 * environment) as per-call options.
 */
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { GlanceError } from '../errors.js';
import { catalogue } from '../agent/catalogue.js';
import { createDeviceProvider, type AdbDeviceProvider } from '../device/provider.js';
import type { BackendName } from '../device/uia2/device.js';
import { createSession, type Session, type SessionCallOptions, type SessionFiles } from '../tools/session.js';
import type { SnapshotStore, ToolProgress } from '../tools/registry.js';
import { keepTempImage, writeUserFile } from './files.js';
import type { CliIO } from './io.js';
import { fileSnapshotStore, stateDir } from './store.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A CLI session over the adb server `env` names; `defaultBackend` when GLANCE_BACKEND names none. */
export function cliSession(
  env: Env,
  o: { defaultBackend?: BackendName; snapshots?: SnapshotStore; devices?: AdbDeviceProvider } = {},
): Session {
  const devices = o.devices ?? createDeviceProvider(env, o.defaultBackend === undefined ? {} : { defaultBackend: o.defaultBackend });
  return createSession({
    devices,
    tools: catalogue,
    snapshots: o.snapshots ?? fileSnapshotStore(stateDir(env)),
    env,
    cacheDir: join(stateDir(env), 'maps'),
    ownsDevices: true,
    name: 'the CLI',
  });
}

/**
 * File access for one call: relative paths start at the caller's working folder (the daemon's callers each have
 * their own), `-` is standard input or output. `toStdout` is set when bytes went to standard output, so the result
 * text goes to stderr instead.
 */
export function callFiles(io: CliIO, sent: { toStdout: boolean }): SessionFiles {
  const at = (p: string): string => (io.cwd === undefined ? p : resolve(io.cwd, p));
  return {
    readFile: (p) => (p === '-' ? io.readStdin() : io.readFile(p)),
    writeFile: async (p, data) => {
      if (p !== '-') return writeUserFile(at(p), data, p);
      if (!io.stdoutBytes) throw new GlanceError('USAGE', 'cannot write bytes to standard output here', { hint: 'name a file' });
      io.stdoutBytes(typeof data === 'string' ? Buffer.from(data) : data);
      sent.toStdout = true;
    },
    // The CLI confines nothing: paths are only resolved against the caller's folder.
    allowPath: async (p) => at(p),
    keepImage: (data, format) => keepTempImage(io.env, data, format),
    makeDir: async (p) => {
      await mkdir(at(p), { recursive: true });
    },
  };
}

const BAR_WIDTH = 24;
const LINE_WIDTH = 60;

/**
 * Progress on a terminal: a run's steps as lines to keep; a transient status (how far a map build is) as one bar
 * redrawn in place, wiped before the next line and when the call ends (`done`).
 */
export function progressPrinter(io: CliIO): { progress?: (p: ToolProgress) => void; done: () => void } {
  if (!io.isTTY) return { done: () => undefined };
  let bar = '';
  const wipe = (): void => {
    if (bar !== '') io.stderr(`\r${' '.repeat(LINE_WIDTH)}\r`);
    bar = '';
  };
  return {
    progress(p) {
      if (p.transient !== true) {
        wipe();
        io.stderr(`step ${p.progress}/${p.total ?? '?'}: ${p.message ?? ''}\n`);
        return;
      }
      const frac = p.total === undefined || p.total === 0 ? 1 : Math.min(1, p.progress / p.total);
      const filled = Math.round(frac * BAR_WIDTH);
      const line = `\r[${'#'.repeat(filled)}${' '.repeat(BAR_WIDTH - filled)}] ${p.message ?? ''} ${p.progress}/${p.total ?? '?'}`;
      if (line !== bar) io.stderr(line.padEnd(LINE_WIDTH));
      bar = line;
    },
    done: wipe,
  };
}

/** The per-call options of a CLI call: its signal, device, files, environment and, on a terminal, progress. */
export function callOptions(
  io: CliIO,
  serial: string | undefined,
  sent: { toStdout: boolean },
  progress?: (p: ToolProgress) => void,
): SessionCallOptions {
  return { signal: io.signal, serial, files: callFiles(io, sent), env: io.env, ...(progress === undefined ? {} : { progress }) };
}
