/**
 * The virtual device's in-memory file system, shared by the shell (`cat`, `rm`, `ls`, redirects,
 * `uiautomator dump`, `screencap`) and the sync service (push/pull/ls). Paths are absolute, `/`-separated.
 * Error strings follow toybox, as Android's shell prints them.
 */

import { S_IFDIR, S_IFREG } from '../../adb/sync-protocol.js';

export const S_IFCHR = 0o020000;

export interface FsEntry {
  kind: 'file' | 'dir' | 'dev';
  /** Permission bits only (no type bits). */
  perm: number;
  /** Seconds since the epoch. */
  mtime: number;
  data: Uint8Array;
  children: Map<string, FsEntry>;
  /** A kernel-made file (procfs): its content is made at each read, and stat says size 0 as procfs does. */
  made?: () => Uint8Array;
  /** Room `data` grows into when appended to (a view of its start is `data`), so a writer appending block by block copies each byte about twice, not once per block. */
  room?: Uint8Array;
}

export interface FsStat {
  /** Full st_mode: type and permission bits. */
  mode: number;
  size: number;
  mtime: number;
}

export class FsError extends Error {
  /** errno name: ENOENT, ENOTDIR, EISDIR, EEXIST, ENOTEMPTY, EACCES. */
  readonly errno: 'ENOENT' | 'ENOTDIR' | 'EISDIR' | 'EEXIST' | 'ENOTEMPTY' | 'EACCES';
  constructor(errno: FsError['errno'], path: string) {
    super(`${path}: ${FsError.describe(errno)}`);
    this.errno = errno;
  }
  static describe(errno: FsError['errno']): string {
    switch (errno) {
      case 'ENOENT':
        return 'No such file or directory';
      case 'ENOTDIR':
        return 'Not a directory';
      case 'EISDIR':
        return 'Is a directory';
      case 'EEXIST':
        return 'File exists';
      case 'ENOTEMPTY':
        return 'Directory not empty';
      case 'EACCES':
        return 'Permission denied';
    }
  }
  /** What toybox and sh print for it (`No such file or directory`). */
  get reason(): string {
    return FsError.describe(this.errno);
  }
  /** Linux errno number, as sync STA2 reports it. */
  get number(): number {
    return { ENOENT: 2, ENOTDIR: 20, EISDIR: 21, EEXIST: 17, ENOTEMPTY: 39, EACCES: 13 }[this.errno];
  }
}

/**
 * Runs a file-system operation and returns its FsError instead of throwing it, so commands can report a
 * missing or wrong path in their own words; any other error is a bug and is rethrown.
 */
export function tryFs<T>(op: () => T): T | FsError {
  try {
    return op();
  } catch (e) {
    if (e instanceof FsError) return e;
    throw e;
  }
}

const EMPTY = new Uint8Array(0);

function entry(kind: FsEntry['kind'], perm: number, mtime: number): FsEntry {
  return { kind, perm, mtime, data: EMPTY, children: new Map() };
}

/** Splits and normalises an absolute path (`.`/`..` resolved, duplicate slashes ignored). */
export function splitPath(path: string, cwd = '/'): string[] {
  const full = path.startsWith('/') ? path : `${cwd}/${path}`;
  const out: string[] = [];
  for (const part of full.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') out.pop();
    else out.push(part);
  }
  return out;
}

export function joinPath(parts: readonly string[]): string {
  return `/${parts.join('/')}`;
}

export class MemFs {
  private readonly root: FsEntry;
  private readonly now: () => number;

  constructor(now: () => number = () => Math.floor(Date.now() / 1000)) {
    this.now = now;
    this.root = entry('dir', 0o755, now());
    // The directories tools write to on a real device (adb push targets, dump paths).
    for (const d of ['/sdcard', '/data/local/tmp', '/system/bin', '/dev', '/proc']) this.mkdirp(d);
    this.lookup('/sdcard')!.perm = 0o771;
    this.lookup('/data/local/tmp')!.perm = 0o771;
    this.mknod('/dev/null');
    this.mknod('/dev/zero');
    this.mknod('/dev/urandom');
    this.mknod('/dev/random');
    this.mknod('/dev/tty');
    // /storage/emulated/0 is where /sdcard points on Android 4.2+; share the directory entry.
    this.mkdirp('/storage/emulated');
    this.lookup('/storage/emulated')!.children.set('0', this.lookup('/sdcard')!);
    this.mkdirp('/storage/self');
    this.lookup('/storage/self')!.children.set('primary', this.lookup('/sdcard')!);
  }

  lookup(path: string, cwd = '/'): FsEntry | undefined {
    let e: FsEntry | undefined = this.root;
    for (const part of splitPath(path, cwd)) {
      if (e.kind !== 'dir') return undefined;
      e = e.children.get(part);
      if (e === undefined) return undefined;
    }
    return e;
  }

  stat(path: string, cwd = '/'): FsStat {
    const e = this.lookup(path, cwd);
    if (e === undefined) throw new FsError(this.parentIsFile(path, cwd) ? 'ENOTDIR' : 'ENOENT', path);
    return statOf(e);
  }

  private parentIsFile(path: string, cwd: string): boolean {
    const parts = splitPath(path, cwd);
    let e: FsEntry | undefined = this.root;
    for (const part of parts.slice(0, -1)) {
      if (e.kind !== 'dir') return true;
      e = e.children.get(part);
      if (e === undefined) return false;
    }
    return e.kind !== 'dir';
  }

  private parentDir(path: string, cwd: string): { dir: FsEntry; name: string } {
    const parts = splitPath(path, cwd);
    const name = parts.pop();
    if (name === undefined) throw new FsError('EISDIR', path);
    const dir = this.lookup(joinPath(parts));
    if (dir === undefined) throw new FsError('ENOENT', path);
    if (dir.kind !== 'dir') throw new FsError('ENOTDIR', path);
    return { dir, name };
  }

  readFile(path: string, cwd = '/'): Uint8Array {
    const e = this.lookup(path, cwd);
    if (e === undefined) throw new FsError('ENOENT', path);
    if (e.kind === 'dir') throw new FsError('EISDIR', path);
    return e.made?.() ?? e.data;
  }

  /** A read-only file whose content `make` produces at each read (what procfs files are). */
  procFile(path: string, make: () => Uint8Array): void {
    this.writeFile(path, EMPTY, { perm: 0o444 });
    this.lookup(path)!.made = make;
  }

  /** Creates or replaces a regular file (writes to a device node are discarded, like /dev/null). */
  writeFile(path: string, data: Uint8Array, opts: { append?: boolean; perm?: number; mtime?: number } = {}): void {
    const existing = this.lookup(path);
    if (existing?.kind === 'dev') return;
    if (existing?.made !== undefined) throw new FsError('EACCES', path);
    if (existing?.kind === 'dir') throw new FsError('EISDIR', path);
    const { dir, name } = this.parentDir(path, '/');
    const e = existing ?? entry('file', opts.perm ?? 0o660, this.now());
    if (opts.append === true && existing !== undefined) {
      const len = e.data.length + data.length;
      if (e.room === undefined || e.room.buffer !== e.data.buffer || e.room.byteOffset !== e.data.byteOffset || len > e.room.length) {
        e.room = new Uint8Array(Math.max(len, 2 * e.data.length));
        e.room.set(e.data, 0);
      }
      // Bytes past the current end are written: a reader holding the shorter view never sees them.
      e.room.set(data, e.data.length);
      e.data = e.room.subarray(0, len);
    } else {
      e.data = data.slice();
      delete e.room;
    }
    if (opts.perm !== undefined) e.perm = opts.perm & 0o7777;
    e.mtime = opts.mtime ?? this.now();
    dir.children.set(name, e);
  }

  mkdir(path: string, cwd = '/'): void {
    const { dir, name } = this.parentDir(path, cwd);
    if (dir.children.has(name)) throw new FsError('EEXIST', path);
    dir.children.set(name, entry('dir', 0o771, this.now()));
  }

  /** `mkdir -p`: creates missing parents; fails only when a component is a file. */
  mkdirp(path: string, cwd = '/'): void {
    let e = this.root;
    for (const part of splitPath(path, cwd)) {
      let next = e.children.get(part);
      if (next === undefined) {
        next = entry('dir', 0o771, this.now());
        e.children.set(part, next);
      } else if (next.kind !== 'dir') throw new FsError('ENOTDIR', path);
      e = next;
    }
  }

  private mknod(path: string): void {
    const { dir, name } = this.parentDir(path, '/');
    dir.children.set(name, entry('dev', 0o666, this.now()));
  }

  /** Removes a file, or a directory when `recursive` (or when empty and `dirs`). */
  remove(path: string, opts: { recursive?: boolean; cwd?: string } = {}): void {
    const { dir, name } = this.parentDir(path, opts.cwd ?? '/');
    const e = dir.children.get(name);
    if (e === undefined) throw new FsError('ENOENT', path);
    if (e.kind === 'dir' && opts.recursive !== true) throw new FsError('EISDIR', path);
    if (e.kind === 'dev') throw new FsError('EACCES', path);
    dir.children.delete(name);
  }

  /** Directory listing sorted by name, or undefined when the path is not a directory. */
  list(path: string, cwd = '/'): Array<{ name: string; stat: FsStat }> {
    const e = this.lookup(path, cwd);
    if (e === undefined) throw new FsError('ENOENT', path);
    if (e.kind !== 'dir') throw new FsError('ENOTDIR', path);
    return [...e.children.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, c]) => ({ name, stat: statOf(c) }));
  }

  isDir(path: string, cwd = '/'): boolean {
    return this.lookup(path, cwd)?.kind === 'dir';
  }
}

export function statOf(e: FsEntry): FsStat {
  const type = e.kind === 'dir' ? S_IFDIR : e.kind === 'dev' ? S_IFCHR : S_IFREG;
  return { mode: type | e.perm, size: e.kind === 'file' ? e.data.length : e.kind === 'dir' ? 4096 : 0, mtime: e.mtime };
}
