/** toybox text commands: grep (basic and extended regex), head, tail, wc, printf, seq, yes. */
import type { CmdContext, Command } from '../shell.js';
import { flags, inputOf, lines, type DeviceContext } from './context.js';

export function grep(dev: DeviceContext): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    const opts = new Set<string>();
    const patterns: string[] = [];
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-e') patterns.push(args[++i] ?? '');
      else if (a.startsWith('-') && a.length > 1) for (const c of a.slice(1)) opts.add(c);
      else if (patterns.length === 0) patterns.push(a);
      else files.push(a);
    }
    if (patterns.length === 0) {
      ctx.err('grep: Needs 1 argument (see "grep --help")\n');
      return 2;
    }
    const source = (p: string): string => {
      if (opts.has('F')) return p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Basic regex: `\|`, `\(`, `\)`, `\+`, `\?` are the operators; bare ones are literals.
      return opts.has('E')
        ? p
        : p.replace(/\\([|()+?{}])|([|()+?{}])/g, (_m, esc: string | undefined, lit: string | undefined) =>
            esc !== undefined ? esc : `\\${lit!}`,
          );
    };
    let re: RegExp;
    try {
      re = new RegExp(patterns.map((p) => `(?:${source(p)})`).join('|'), opts.has('i') ? 'i' : '');
    } catch {
      ctx.err(`grep: bad regex '${patterns[0]}'\n`);
      return 2;
    }
    const data = inputOf(dev, ctx, files, 'grep');
    if (data === undefined) return 2;
    const hits = lines(data).filter((l) => re.test(l) !== opts.has('v'));
    if (opts.has('q')) return hits.length > 0 ? 0 : 1;
    if (opts.has('c')) ctx.out(`${hits.length}\n`);
    else if (opts.has('o')) {
      const g = new RegExp(re.source, re.flags + 'g');
      for (const l of hits) for (const m of l.matchAll(g)) ctx.out(`${m[0]}\n`);
    } else for (const l of hits) ctx.out(`${l}\n`);
    return hits.length > 0 ? 0 : 1;
  };
}

export function headTail(dev: DeviceContext, tail: boolean): Command {
  return (ctx) => {
    const args = ctx.argv.slice(1);
    let n = 10;
    let bytes: number | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      if (a === '-c') bytes = Number(args[++i] ?? 0);
      else if (a === '-n') n = Number(args[++i] ?? 10);
      else if (/^-n?\d+$/.test(a)) n = Number(a.replace(/^-n?/, ''));
      else files.push(a);
    }
    const data = inputOf(dev, ctx, files, { name: tail ? 'tail' : 'head', want: tail ? undefined : bytes });
    if (data === undefined) return 1;
    if (bytes !== undefined) {
      ctx.out(tail ? data.subarray(Math.max(0, data.length - bytes)) : data.subarray(0, bytes));
      return 0;
    }
    const ls = lines(data);
    for (const l of tail ? ls.slice(Math.max(0, ls.length - n)) : ls.slice(0, n)) ctx.out(`${l}\n`);
    return 0;
  };
}

export function wc(dev: DeviceContext): Command {
  return (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'lwc');
    const data = inputOf(dev, ctx, rest, 'wc');
    if (data === undefined) return 1;
    const s = new TextDecoder().decode(data);
    const counts = { l: (s.match(/\n/g) ?? []).length, w: s.split(/\s+/).filter(Boolean).length, c: data.length };
    const pick = set.size === 0 ? (['l', 'w', 'c'] as const) : (['l', 'w', 'c'] as const).filter((k) => set.has(k));
    ctx.out(pick.map((k) => String(counts[k])).join(' ') + (rest.length === 1 ? ` ${rest[0]}` : '') + '\n');
    return 0;
  };
}

/** Output an endless writer (`yes`, `cat /dev/zero`) gives before stopping: what a pipe reader or a host takes. */
const ENDLESS_CAP = { piped: 1024 * 1024, direct: 64 * 1024 * 1024 };

/** Writes `chunk` again and again until the cap (a pipe's reader would have closed it) or the session ends. */
export async function endless(ctx: CmdContext, chunk: Uint8Array): Promise<number> {
  const block = Buffer.concat(Array.from({ length: Math.max(1, Math.floor(65536 / chunk.length)) }, () => chunk));
  // A reader that says how much it takes (`| head -c N`) gets that much, within the memory cap.
  const cap = ctx.piped ? Math.min(Math.max(ENDLESS_CAP.piped, ctx.demand ?? 0), ENDLESS_CAP.direct) : ENDLESS_CAP.direct;
  for (let sent = 0; sent < cap && !ctx.signal.aborted; sent += block.length) {
    ctx.out(block);
    await new Promise<void>((r) => setImmediate(r));
  }
  return 0;
}

/** toybox `yes [STRING…]`. */
export const yes: Command = (ctx) => endless(ctx, Buffer.from(`${ctx.argv.length > 1 ? ctx.argv.slice(1).join(' ') : 'y'}\n`));

/** toybox `seq [-w] [-s SEP] [FIRST [INC]] LAST`. */
export const seq: Command = (ctx) => {
  const args = ctx.argv.slice(1);
  let sep = '\n';
  let width = false;
  const nums: number[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-s') sep = args[++i] ?? '';
    else if (a === '-w') width = true;
    else if (/^-?\d+(\.\d+)?$/.test(a)) nums.push(Number(a));
    else {
      ctx.err(`seq: Not a number: '${a}'\n`);
      return 1;
    }
  }
  if (nums.length === 0 || nums.length > 3) {
    ctx.err('seq: Needs 1 argument (see "seq --help")\n');
    return 1;
  }
  const [first, inc, last] =
    nums.length === 1 ? [1, 1, nums[0]!] : nums.length === 2 ? [nums[0]!, 1, nums[1]!] : (nums as [number, number, number]);
  if (inc === 0) return 0;
  const out: string[] = [];
  for (let v = first; inc > 0 ? v <= last : v >= last; v += inc) {
    out.push(String(v));
    if (out.length > 1_000_000) break;
  }
  const w = width ? Math.max(...out.map((s) => s.length)) : 0;
  if (out.length > 0) ctx.out(out.map((s) => s.padStart(w, '0')).join(sep) + '\n');
  return 0;
};

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };

function unescape(s: string): string {
  return s.replace(/\\(0[0-7]{0,3}|[ntr\\abfve])/g, (_m, c: string) =>
    c.startsWith('0') ? String.fromCharCode(parseInt(c, 8) || 0) : ESCAPES[c]!,
  );
}

/** toybox `printf FORMAT [ARG…]`: `%s %b %c %d %i %u %x %X %o %f %%`, widths; the format repeats while arguments remain. */
export const printf: Command = (ctx) => {
  const [format, ...args] = ctx.argv.slice(1);
  if (format === undefined) {
    ctx.err('printf: Needs 1 argument (see "printf --help")\n');
    return 1;
  }
  let status = 0;
  let i = 0;
  const spec = /%([-+ 0#]*)(\d*)(?:\.(\d+))?([sbcdiuxXof%])/g;
  const num = (a: string | undefined): number => {
    if (a === undefined || a === '') return 0;
    const n = /^[-+]?0x[0-9a-f]+$/i.test(a) ? parseInt(a, 16) : Number(a);
    if (Number.isNaN(n)) {
      ctx.err(`printf: invalid number '${a}'\n`);
      status = 1;
      return 0;
    }
    return n;
  };
  const one = (): string =>
    unescape(format).replace(spec, (...m: string[]) => {
      const [, fl = '', w = '', prec, conv = 's'] = m as [string, string?, string?, string?, string?];
      if (conv === '%') return '%';
      const arg = args[i++];
      let v: string;
      switch (conv) {
        case 's':
          v = prec !== undefined ? (arg ?? '').slice(0, Number(prec)) : (arg ?? '');
          break;
        case 'b':
          v = unescape(arg ?? '');
          break;
        case 'c':
          v = (arg ?? '').slice(0, 1);
          break;
        case 'x':
        case 'X':
        case 'o': {
          const n = Math.trunc(num(arg));
          v = n.toString(conv === 'o' ? 8 : 16);
          if (conv === 'X') v = v.toUpperCase();
          break;
        }
        case 'f':
          v = num(arg).toFixed(prec !== undefined ? Number(prec) : 6);
          break;
        default:
          v = String(Math.trunc(num(arg)));
      }
      const width = Number(w || 0);
      if (v.length >= width) return v;
      if (fl.includes('-')) return v.padEnd(width);
      return fl.includes('0') && conv !== 's' ? v.padStart(width, '0') : v.padStart(width);
    });
  let out = one();
  while (i > 0 && i < args.length) out += one();
  ctx.out(out);
  return status;
};
