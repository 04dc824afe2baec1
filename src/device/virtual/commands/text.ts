/** toybox text commands: grep (basic and extended regex), head, tail, wc. */
import type { Command } from '../shell.js';
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
    const data = inputOf(dev, ctx, files, tail ? 'tail' : 'head');
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
