/**
 * toybox text commands: grep (basic and extended regex), head, tail, wc, printf, seq, yes. The readers stream
 * their input (head stops reading once it has its part, which ends an endless writer before it).
 */
import { linesOf, type Source } from '../pipe.js';
import type { CmdContext, Command } from '../shell.js';
import { flags, inputOf, type FsContext } from './context.js';

export function grep(dev: FsContext): Command {
  return async (ctx) => {
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
    const src = inputOf(dev, ctx, files, 'grep');
    if (src === undefined) return 2;
    const g = new RegExp(re.source, re.flags + 'g');
    let hits = 0;
    for await (const l of linesOf(src)) {
      if (re.test(l) === opts.has('v')) continue;
      hits++;
      // -q answers at the first match and stops reading, as toybox does.
      if (opts.has('q')) return 0;
      if (opts.has('c')) continue;
      if (opts.has('o')) for (const m of l.matchAll(g)) ctx.out(`${m[0]}\n`);
      else ctx.out(`${l}\n`);
      await ctx.drain();
    }
    if (opts.has('c')) ctx.out(`${hits}\n`);
    return hits > 0 ? 0 : 1;
  };
}

export function headTail(dev: FsContext, tail: boolean): Command {
  return async (ctx) => {
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
    const src = inputOf(dev, ctx, files, tail ? 'tail' : 'head');
    if (src === undefined) return 1;
    const unit = bytes !== undefined ? { bytes: true, n: bytes } : { bytes: false, n };
    if (tail) ctx.out(await lastPart(src, unit));
    else await firstPart(ctx, src, unit);
    return 0;
  };
}

/** Where the `want`-th newline of `c` ends (else the chunk's end), and how many newlines that takes. */
function afterLines(c: Uint8Array, want: number): { end: number; seen: number } {
  let seen = 0;
  for (let i = c.indexOf(10); i >= 0; i = c.indexOf(10, i + 1)) if (++seen === want) return { end: i + 1, seen };
  return { end: c.length, seen };
}

/** `head`: writes the first `n` bytes or lines as they arrive, then stops reading. */
async function firstPart(ctx: CmdContext, src: Source, unit: { bytes: boolean; n: number }): Promise<void> {
  let left = unit.n;
  while (left > 0) {
    const c = await src.read();
    if (c === undefined) return;
    if (unit.bytes) {
      const part = c.subarray(0, left);
      left -= part.length;
      ctx.out(part);
    } else {
      const { end, seen } = afterLines(c, left);
      left -= seen;
      ctx.out(c.subarray(0, end));
    }
    await ctx.drain();
  }
}

/** What `tail` holds at most beyond its answer before dropping the older bytes. */
const TAIL_SLACK = 1024 * 1024;

/** `tail`: the last `n` bytes or lines, holding only about that much while the input streams past. */
async function lastPart(src: Source, unit: { bytes: boolean; n: number }): Promise<Uint8Array> {
  let kept: Uint8Array = new Uint8Array(0);
  let parts: Uint8Array[] = [];
  let size = 0;
  const trim = (): void => {
    const all = Buffer.concat([kept, ...parts]);
    kept = all.subarray(unit.bytes ? Math.max(0, all.length - unit.n) : startOfLast(all, unit.n));
    parts = [];
    size = kept.length;
  };
  for (let c = await src.read(); c !== undefined; c = await src.read()) {
    parts.push(c);
    size += c.length;
    if (size > unit.n + TAIL_SLACK) trim();
  }
  trim();
  return kept;
}

/** Offset where the last `n` lines of `data` start (a final line without newline counts as a line). */
function startOfLast(data: Uint8Array, n: number): number {
  if (n <= 0) return data.length;
  let i = data.length - 1;
  if (data[i] === 10) i--;
  for (let seen = 0; i >= 0; i--) if (data[i] === 10 && ++seen === n) return i + 1;
  return 0;
}

export function wc(dev: FsContext): Command {
  return async (ctx) => {
    const { set, rest } = flags(ctx.argv.slice(1), 'lwc');
    const src = inputOf(dev, ctx, rest, 'wc');
    if (src === undefined) return 1;
    const pick = set.size === 0 ? (['l', 'w', 'c'] as const) : (['l', 'w', 'c'] as const).filter((k) => set.has(k));
    const counts = await countOf(src, pick.length > 1 || pick[0] !== 'c');
    ctx.out(pick.map((k) => String(counts[k])).join(' ') + (rest.length === 1 ? ` ${rest[0]}` : '') + '\n');
    return 0;
  };
}

/** Lines, words and bytes of a source, counted as it streams past (words split on ASCII white space); `scan`: count lines and words too. */
async function countOf(src: Source, scan: boolean): Promise<{ l: number; w: number; c: number }> {
  const counts = { l: 0, w: 0, c: 0 };
  let inWord = false;
  for (let chunk = await src.read(); chunk !== undefined; chunk = await src.read()) {
    counts.c += chunk.length;
    if (!scan) continue;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i]!;
      const space = b === 32 || (b >= 9 && b <= 13);
      if (b === 10) counts.l++;
      if (!space && !inWord) counts.w++;
      inWord = !space;
    }
  }
  return counts;
}

/** Writes `chunk` again and again while someone reads: ends when the reader goes (SIGPIPE) or the session ends. */
export async function endless(ctx: CmdContext, chunk: Uint8Array): Promise<number> {
  const block = Buffer.concat(Array.from({ length: Math.max(1, Math.floor(65536 / chunk.length)) }, () => chunk));
  for (;;) {
    ctx.out(block);
    await ctx.drain();
  }
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
