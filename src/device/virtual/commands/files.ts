/** toybox file commands: cat, rm, ls, mkdir, touch, cp, mv, md5sum, stat (messages as toybox prints them: `NAME: FILE: reason`). */
import { S_IFMT, isDirectory } from '../../../adb/sync-protocol.js';
import { FsError, S_IFCHR, tryFs, type FsStat } from '../fs.js';
import type { Command } from '../shell.js';
import { createHash } from 'node:crypto';
import { abs, fileSource, flags, inputOf, pump, type DeviceContext, type FsContext } from './context.js';

export function cat(dev: FsContext): Command {
  return async (ctx) => {
    const files = ctx.argv.slice(1).filter((a) => a !== '-u');
    let st = 0;
    for (const f of files.length === 0 ? ['-'] : files) {
      const src = f === '-' ? ctx.stdin : fileSource(dev, ctx, f);
      if (src instanceof FsError) {
        ctx.err(`cat: ${f}: ${src.reason}\n`);
        st = 1;
      } else await pump(ctx, src);
    }
    return st;
  };
}

export function rm(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'frRiv');
    const force = set.has('f');
    let st = 0;
    if (rest.length === 0 && !force) {
      ctx.err('rm: Needs 1 argument (see "rm --help")\n');
      return 1;
    }
    for (const f of rest) {
      const e = tryFs(() => dev.fs.remove(abs(ctx, f), { recursive: set.has('r') || set.has('R') }));
      if (e instanceof FsError && !(force && e.errno === 'ENOENT')) {
        ctx.err(`rm: ${f}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

function modeString(st: FsStat): string {
  const type = isDirectory(st) ? 'd' : (st.mode & S_IFMT) === S_IFCHR ? 'c' : '-';
  const rwx = 'rwxrwxrwx';
  let s = type;
  for (let i = 0; i < 9; i++) s += st.mode & (1 << (8 - i)) ? rwx[i] : '-';
  return s;
}

function lsTime(mtime: number): string {
  const d = new Date(mtime * 1000);
  const p = (n: number): string => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${p(d.getUTCMonth() + 1)}-${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}`;
}

export function ls(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest, bad } = flags(ctx.argv.slice(1), 'laA1dRhs');
    if (bad !== undefined) {
      ctx.err(`ls: Unknown option '${bad}' (see "ls --help")\n`);
      return 1;
    }
    const long = set.has('l');
    const line = (name: string, st: FsStat): string =>
      long
        ? `${modeString(st)} 1 ${isDirectory(st) ? 'root root' : 'shell shell'} ${String(st.size).padStart(6)} ${lsTime(st.mtime)} ${name}\n`
        : `${name}\n`;
    const targets = rest.length === 0 ? ['.'] : rest;
    let st = 0;
    targets.forEach((t, i) => {
      const path = abs(ctx, t);
      const s = tryFs(() => dev.fs.stat(path));
      if (s instanceof FsError) {
        ctx.err(`ls: ${t}: ${s.reason}\n`);
        st = 1;
        return;
      }
      if (!isDirectory(s) || set.has('d')) {
        ctx.out(line(t, s));
        return;
      }
      if (targets.length > 1) ctx.out(`${i > 0 ? '\n' : ''}${t}:\n`);
      const entries = dev.fs.list(path).filter((e) => set.has('a') || set.has('A') || !e.name.startsWith('.'));
      if (long) ctx.out(`total ${entries.length * 8}\n`);
      if (set.has('a')) ctx.out(line('.', s) + line('..', s));
      for (const e of entries) ctx.out(line(e.name, e.stat));
    });
    return st;
  };
}

export function mkdir(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'pvm');
    let st = 0;
    for (const d of rest) {
      const e = tryFs(() => (set.has('p') ? dev.fs.mkdirp(abs(ctx, d)) : dev.fs.mkdir(abs(ctx, d))));
      if (e instanceof FsError) {
        ctx.err(`mkdir: ${d}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

export function touch(dev: DeviceContext): Command {
  return (ctx) => {
    let st = 0;
    for (const f of ctx.argv.slice(1).filter((a) => !a.startsWith('-'))) {
      const p = abs(ctx, f);
      const e = tryFs(() => dev.fs.writeFile(p, dev.fs.lookup(p)?.kind === 'file' ? dev.fs.readFile(p) : new Uint8Array(0)));
      if (e instanceof FsError) {
        ctx.err(`touch: ${f}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

export function cpmv(dev: DeviceContext, move: boolean): Command {
  const name = move ? 'mv' : 'cp';
  return (ctx) => {
    const { rest } = flags(ctx.argv.slice(1), 'fnrRpa');
    if (rest.length < 2) {
      ctx.err(`${name}: Needs 2 arguments (see "${name} --help")\n`);
      return 1;
    }
    const dst = abs(ctx, rest[rest.length - 1]!);
    let st = 0;
    for (const s of rest.slice(0, -1)) {
      const src = abs(ctx, s);
      const e = tryFs(() => {
        const data = dev.fs.readFile(src);
        const target = dev.fs.isDir(dst) ? `${dst}/${src.slice(src.lastIndexOf('/') + 1)}` : dst;
        dev.fs.writeFile(target, data);
        if (move) dev.fs.remove(src);
      });
      if (e instanceof FsError) {
        ctx.err(`${name}: ${s}: ${e.reason}\n`);
        st = 1;
      }
    }
    return st;
  };
}

/** toybox `md5sum [FILE…]`: `HASH  NAME` per file, `-` for stdin. */
export function md5sum(dev: FsContext): Command {
  return async (ctx) => {
    const files = ctx.argv.slice(1).filter((a) => !a.startsWith('-') || a === '-');
    if (files.length === 0) files.push('-');
    let st = 0;
    for (const f of files) {
      const src = inputOf(dev, ctx, [f], 'md5sum');
      if (src === undefined) {
        st = 1;
        continue;
      }
      const hash = createHash('md5');
      for (let c = await src.read(); c !== undefined; c = await src.read()) hash.update(c);
      ctx.out(`${hash.digest('hex')}  ${f}\n`);
    }
    return st;
  };
}

function fileType(st: FsStat): string {
  if (isDirectory(st)) return 'directory';
  if ((st.mode & S_IFMT) === S_IFCHR) return 'character special file';
  return st.size === 0 ? 'regular empty file' : 'regular file';
}

/** The default `stat` layout (toybox 0.8.9, toys/other/stat.c, as Android 14 ships it). */
const STAT_DEFAULT =
  '  File: %N\n  Size: %s\t Blocks: %b\t IO Blocks: %B\t %F\n' +
  'Device: %Dh/%dd\t Inode: %i\t Links: %h\t Device type: %t,%T\n' +
  'Access: (%04a/%A)\tUid: (%5u/%8U)\tGid: (%5g/%8G)\n' +
  'Access: %x\nModify: %y\nChange: %z';

/** The SELinux file label `%C` shows: shared storage is FUSE, the shell's scratch space its own, the rest system. */
function selinuxContext(path: string): string {
  if (/^\/(sdcard|storage)(\/|$)/.test(path)) return 'u:object_r:fuse:s0';
  if (/^\/data\/local\/tmp(\/|$)/.test(path)) return 'u:object_r:shell_data_file:s0';
  return 'u:object_r:system_file:s0';
}

/** One printf conversion with toybox's parsed prefix (flags `0'#-+ `, width, precision) applied. */
function printfOne(spec: { flags: string; width: string; precision: string | undefined }, value: string | number, conv: string): string {
  const { flags: flagsSpec, width, precision } = spec;
  let v: string;
  if (typeof value === 'string') v = precision !== undefined ? value.slice(0, Number(precision)) : value;
  else {
    v = value.toString(conv === 'o' ? 8 : conv === 'x' ? 16 : 10);
    if (precision !== undefined) v = v.padStart(Number(precision), '0');
    if (flagsSpec.includes('#') && value !== 0) v = (conv === 'o' ? '0' : conv === 'x' ? '0x' : '') + v;
    if (conv === 'd' && value >= 0) v = (flagsSpec.includes('+') ? '+' : flagsSpec.includes(' ') ? ' ' : '') + v;
  }
  const w = Number(width || 0);
  if (v.length >= w) return v;
  if (flagsSpec.includes('-')) return v.padEnd(w);
  return flagsSpec.includes('0') && typeof value === 'number' && precision === undefined ? v.padStart(w, '0') : v.padStart(w);
}

/**
 * toybox `stat [-c FORMAT] FILE…` (toys/other/stat.c, 0.8.9): printf-style escapes with toybox's field letters;
 * `%a` is the bare octal mode (no leading 0: the default layout asks for `%04a`), `%N` the plain name, unknown
 * letters print `?`; a failed file prints `stat: 'F': reason` and the others still print (exit 1).
 */
export function stat(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    let format: string | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      if (args[i] === '-c' || args[i] === '--format') format = args[++i] ?? '';
      else if (args[i] === '-t') format ??= '%n %s %b %f %u %g %D %i %h %t %T %X %Y %Z %o';
      else if (args[i]!.startsWith('--format=')) format = args[i]!.slice('--format='.length);
      else if (!args[i]!.startsWith('-')) files.push(args[i]!);
    }
    if (files.length === 0) {
      ctx.err('stat: Needs 1 argument (see "stat --help")\n');
      return 1;
    }
    const fmt = format ?? STAT_DEFAULT;
    let status = 0;
    for (const f of files) {
      const st = tryFs(() => dev.fs.stat(abs(ctx, f)));
      if (st instanceof FsError) {
        ctx.err(`stat: '${f}': ${st.reason}\n`);
        status = 1;
        continue;
      }
      const time = new Date(st.mtime * 1000)
        .toISOString()
        .replace('T', ' ')
        .replace(/\.\d+Z$/, '.000000000 +0000');
      const own = isDirectory(st) ? { id: 0, name: 'root' } : { id: 2000, name: 'shell' };
      const dev_ = 0xfd05;
      // [conversion, value]: numbers print through %lld/%llo/%llx as toybox's out() does, strings through %s.
      const fields: Record<string, [string, string | number]> = {
        a: ['o', st.mode & 0o7777],
        A: ['s', modeString(st)],
        b: ['u', Math.ceil(st.size / 512)],
        B: ['d', 512],
        C: ['s', selinuxContext(abs(ctx, f))],
        d: ['d', dev_],
        D: ['x', dev_],
        f: ['x', st.mode],
        F: ['s', fileType(st)],
        g: ['u', own.id],
        G: ['s', own.name],
        h: ['u', isDirectory(st) ? 2 : 1],
        i: ['u', 0],
        n: ['s', f],
        o: ['u', 4096],
        s: ['u', st.size],
        t: ['x', 0],
        T: ['x', 0],
        u: ['u', own.id],
        U: ['s', own.name],
        x: ['s', time],
        X: ['u', st.mtime],
        y: ['s', time],
        Y: ['u', st.mtime],
        z: ['s', time],
        Z: ['u', st.mtime],
      };
      let out = '';
      for (let k = 0; k < fmt.length; k++) {
        const c = fmt[k]!;
        if (c !== '%' || k + 1 >= fmt.length) {
          out += c;
          continue;
        }
        if (fmt[k + 1] === '%') {
          out += '%';
          k++;
          continue;
        }
        const m = /^([0'#\-+ ]*)(\d*)(?:\.(\d*))?/.exec(fmt.slice(k + 1))!;
        k += m[0].length + 1;
        const letter = fmt[k];
        if (letter === undefined) {
          ctx.out(out);
          ctx.err(`stat: bad %${m[0]}\n`);
          return 1;
        }
        if (letter === 'N') out += f;
        else {
          const field = fields[letter];
          out += field === undefined ? '?' : printfOne({ flags: m[1]!, width: m[2]!, precision: m[3] }, field[1], field[0]);
        }
      }
      ctx.out(`${out}\n`);
    }
    return status;
  };
}
