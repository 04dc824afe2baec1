/**
 * What every virtual command sees: the device state (phone, file system, properties, settings) and the small
 * helpers toybox-style commands share (flag splitting, paths, reading inputs).
 */
import { randomBytes } from 'node:crypto';
import type { DumpFault } from '../../../hierarchy/dump-lines.js';
import { FsError, tryFs, type MemFs } from '../fs.js';
import type { VirtualPhone } from '../phone.js';
import type { TcpHandler } from '../services.js';
import type { DeviceSockets } from '../sockets.js';
import type { PackageUids } from '../uids.js';
import type { VirtualUia2 } from '../uia2/state.js';
import type { CmdContext } from '../shell.js';

export { sleep } from '../../sleep.js';

export type { DumpFault };

export interface DeviceContext {
  phone: VirtualPhone;
  fs: MemFs;
  props: Map<string, string>;
  /** `settings` values keyed `namespace/key`. */
  settings: Map<string, string>;
  /** Draws the current screen as PNG bytes. */
  screencap(): Promise<Uint8Array>;
  /** Optional artificial latency for `uiautomator dump` (real devices take 1.5–3 s). */
  dumpDelayMs: number;
  /** Failures the next `uiautomator dump` calls report instead of dumping (consumed one per call). */
  dumpFaults: DumpFault[];
  /** Overrides set with `wm size` / `wm density`. */
  wm: { size?: string; density?: number };
  /** Packages installed with `pm install` / `adb install`: version, where the APK went, its instrumentation. */
  installed: Map<string, InstalledPackage>;
  /** Serves `tcp:PORT` on the device with `handler` in `owner`'s process, or stops serving it (undefined). */
  serve(port: number, handler: TcpHandler | undefined, owner?: string): void;
  /** The listening sockets and their owners (`/proc/net/tcp{,6}`). */
  sockets: DeviceSockets;
  /** Every package's uid (`pm list packages -U`). */
  uids: PackageUids;
  /** A package's processes die (force-stop, reinstall, uninstall): an instrumentation running in it ends. */
  onPackageStopped(pkg: string): void;
  /** The emulated UiAutomator2 server (`am instrument` of its test package) and its injected faults. */
  uia2: VirtualUia2;
}

export interface InstalledPackage {
  versionCode: number;
  versionName: string;
  path: string;
  instrumentation: Array<{ component: string; target: string }>;
}

export const enc = new TextEncoder();

/** Splits leading single-letter flags (`-la`, `-f`) from operands, toybox style. */
export function flags(argv: readonly string[], known: string): { set: Set<string>; rest: string[]; bad: string | undefined } {
  const set = new Set<string>();
  const rest: string[] = [];
  let bad: string | undefined;
  let done = false;
  for (const a of argv) {
    if (!done && a === '--') {
      done = true;
      continue;
    }
    if (!done && a.length > 1 && a.startsWith('-')) {
      for (const c of a.slice(1)) {
        if (known.includes(c)) set.add(c);
        else bad ??= c;
      }
      continue;
    }
    rest.push(a);
  }
  return { set, rest, bad };
}

export function abs(ctx: CmdContext, p: string): string {
  return p.startsWith('/') ? p : `${ctx.cwd === '/' ? '' : ctx.cwd}/${p}`;
}

export function lines(data: Uint8Array): string[] {
  const s = new TextDecoder().decode(data);
  const ls = s.split('\n');
  if (ls[ls.length - 1] === '') ls.pop();
  return ls;
}

/** Most bytes read from an endless device in one go: the memory cap of a single command's input. */
export const ENDLESS_READ_CAP = 64 * 1024 * 1024;

/** Bytes of an endless device file (`/dev/zero`, `/dev/urandom`), or undefined for any other path. */
export function deviceBytes(path: string, n: number): Uint8Array | undefined {
  if (path === '/dev/zero') return new Uint8Array(n);
  if (path === '/dev/urandom' || path === '/dev/random') return randomBytes(n);
  return undefined;
}

/**
 * The input of a reading command: stdin, or its files concatenated. `want`: how many bytes the reader takes
 * (`head -c N`), so an endless device gives exactly that (up to the cap) instead of one pipe's worth.
 */
export function inputOf(
  dev: DeviceContext,
  ctx: CmdContext,
  files: string[],
  reader: string | { name: string; want: number | undefined },
): Uint8Array | undefined {
  if (files.length === 0) return ctx.stdin;
  const { name, want } = typeof reader === 'string' ? { name: reader, want: undefined } : reader;
  const parts: Uint8Array[] = [];
  for (const f of files) {
    // An endless device never ends: a bounded reader takes what it asked for, any other one pipe's worth.
    const endless = deviceBytes(abs(ctx, f), Math.min(want ?? 1024 * 1024, ENDLESS_READ_CAP));
    if (endless !== undefined) {
      parts.push(endless);
      continue;
    }
    const data = tryFs(() => dev.fs.readFile(abs(ctx, f)));
    if (data instanceof FsError) {
      ctx.err(`${name}: ${f}: ${data.reason}\n`);
      return undefined;
    }
    parts.push(data);
  }
  return Buffer.concat(parts);
}
