/**
 * What every virtual command sees: the device state (phone, file system, properties, settings) and the small
 * helpers toybox-style commands share (flag splitting, paths, reading inputs).
 */
import type { DumpFault } from '../../../hierarchy/dump-lines.js';
import { FsError, tryFs, type MemFs } from '../fs.js';
import type { VirtualPhone } from '../phone.js';
import type { TcpHandler } from '../services.js';
import type { DeviceSockets } from '../sockets.js';
import type { PackageUids } from '../uids.js';
import type { VirtualUia2 } from '../uia2/state.js';
import { bytesSource, deviceSource, type Source } from '../pipe.js';
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

/** What the file and text commands need of the device: its file system. */
export type FsContext = Pick<DeviceContext, 'fs'>;

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

/**
 * The input of a reading command as one stream: stdin when it names no file, else its files in turn (`-` is
 * stdin; an endless device streams without end). Every file is checked first, as before anything is written:
 * the first that cannot be read is reported as `NAME: FILE: reason` and the answer is undefined.
 */
export function inputOf(dev: FsContext, ctx: CmdContext, files: string[], name: string): Source | undefined {
  if (files.length === 0) return ctx.stdin;
  const sources: Source[] = [];
  for (const f of files) {
    const src = f === '-' ? ctx.stdin : fileSource(dev, ctx, f);
    if (src instanceof FsError) {
      ctx.err(`${name}: ${f}: ${src.reason}\n`);
      return undefined;
    }
    sources.push(src);
  }
  return concatSources(sources);
}

/** A file of the device as a source: its bytes, an endless device's stream, or why it cannot be read. */
export function fileSource(dev: FsContext, ctx: CmdContext, f: string): Source | FsError {
  const path = abs(ctx, f);
  const endless = deviceSource(path);
  if (endless !== undefined) return endless;
  const data = tryFs(() => dev.fs.readFile(path));
  return data instanceof FsError ? data : bytesSource(data);
}

function concatSources(sources: Source[]): Source {
  let i = 0;
  return {
    async read() {
      for (; i < sources.length; i++) {
        const c = await sources[i]!.read();
        if (c !== undefined) return c;
      }
      return undefined;
    },
  };
}

/** Copies a source to stdout as it arrives, waiting for the reader between chunks. */
export async function pump(ctx: CmdContext, src: Source): Promise<void> {
  for (let c = await src.read(); c !== undefined; c = await src.read()) {
    ctx.out(c);
    await ctx.drain();
  }
}
