// A small DeviceServices for the tests: shell v2 / legacy / exec built on our own helpers, plus an in-memory
// file system for sync. Implements our own interface, as every fake does.
import type { DeviceServices } from '../../src/adb/services.js';
import { createSyncSession, openShellService, makeStat, type ShellResult, type SyncFileSystem } from '../../src/adb/device-services.js';
import type { SyncEntry, SyncStat } from '../../src/adb/sync-protocol.js';

export const FULL_FEATURES = ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir', 'fixed_push_symlink_timestamp'];

/** 0..255 repeated until at least `size` bytes. */
export function binaryPattern(size: number): Buffer {
  const out = Buffer.alloc(size);
  for (let i = 0; i < size; i++) out[i] = i & 0xff;
  return out;
}

export const BIG_SIZE = 1024 * 1024 + 4099;

export class MemoryFs implements SyncFileSystem {
  readonly files = new Map<string, { data: Buffer; mode: number; mtime: number }>();
  readonly dirs = new Set<string>(['/', '/sdcard', '/data', '/data/local', '/data/local/tmp']);

  stat(path: string): SyncStat | undefined {
    const p = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (this.dirs.has(p)) return makeStat('dir', 4096, 1_700_000_000);
    const f = this.files.get(p);
    return f ? { mode: f.mode, size: f.data.length, mtime: f.mtime } : undefined;
  }
  list(path: string): SyncEntry[] | undefined {
    const dir = path.length > 1 ? path.replace(/\/+$/, '') : path;
    if (!this.dirs.has(dir)) return undefined;
    const prefix = dir === '/' ? '/' : `${dir}/`;
    const out: SyncEntry[] = [];
    for (const d of this.dirs) {
      if (d !== dir && d.startsWith(prefix) && !d.slice(prefix.length).includes('/')) {
        out.push({ name: d.slice(prefix.length), stat: makeStat('dir', 4096, 1_700_000_000) });
      }
    }
    for (const [p, f] of this.files) {
      if (p.startsWith(prefix) && !p.slice(prefix.length).includes('/')) {
        out.push({ name: p.slice(prefix.length), stat: { mode: f.mode, size: f.data.length, mtime: f.mtime } });
      }
    }
    return out.sort((a, b) => a.name.localeCompare(b.name));
  }
  read(path: string): Uint8Array | undefined {
    return this.files.get(path)?.data;
  }
  write(path: string, data: Uint8Array, meta: { mode: number; mtime: number }): void {
    const parent = path.slice(0, path.lastIndexOf('/')) || '/';
    if (!this.dirs.has(parent)) throw new Error(`${parent}: No such file or directory`);
    this.files.set(path, { data: Buffer.from(data), mode: meta.mode, mtime: meta.mtime });
  }
}

export interface FakeDeviceOptions {
  model?: string;
  features?: readonly string[];
  /** Called for `shell` commands named `hang`: lets a test kill the device mid-command. */
  onHang?: () => void;
}

/**
 * Commands: `echo ARGS` (stdout), `fail N MSG` (stderr MSG, exit N), `bin` (0..255 pattern, BIG_SIZE bytes),
 * `hang` (never answers), anything else: exit 127.
 */
export function fakeDevice(fs: MemoryFs, options: FakeDeviceOptions = {}): DeviceServices {
  const run = (command: string): ShellResult | Promise<ShellResult> => {
    const [name, ...args] = command.trim().split(/\s+/);
    const none = Buffer.alloc(0);
    switch (name) {
      case 'echo':
        return { stdout: Buffer.from(`${args.join(' ')}\n`), stderr: none, exitCode: 0 };
      case 'fail':
        return { stdout: none, stderr: Buffer.from(`${args.slice(1).join(' ')}\n`), exitCode: Number(args[0] ?? 1) };
      case 'bin':
        return { stdout: binaryPattern(BIG_SIZE), stderr: none, exitCode: 0 };
      case 'hang':
        options.onHang?.();
        return new Promise<ShellResult>(() => undefined);
      default:
        return { stdout: none, stderr: Buffer.from(`/system/bin/sh: ${name ?? ''}: not found\n`), exitCode: 127 };
    }
  };
  return {
    banner: () => ({
      product: 'glance_test',
      model: options.model ?? 'Glance_Test',
      device: 'glance',
      features: options.features ?? FULL_FEATURES,
    }),
    open(service, io) {
      if (service === 'sync:') return createSyncSession(fs, io);
      if (service.startsWith('tcp:')) {
        // Echo server standing in for a device-side TCP port (what `adb forward` reaches).
        return { input: (data) => io.write(data), closed: () => undefined };
      }
      return openShellService(service, io, run);
    },
  };
}
