/**
 * Runs parsed sh scripts (sh.ts) against the virtual device: `&&`/`||`/`;`, pipelines, redirects with an fd
 * table (so `>/dev/null 2>&1` and `2>&1 >/dev/null` differ as in a real shell), `$VAR`, `$?`.
 * Messages follow Android's mksh (`/system/bin/sh: NAME: inaccessible or not found`, exit 127).
 */
import { FsError, tryFs, type MemFs } from './fs.js';
import { ArithError } from './sh-arith.js';
import {
  ShSyntaxError,
  expandWord,
  parseScript,
  type Compound,
  type Pipeline,
  type Redirect,
  type Script,
  type SimpleCommand,
} from './sh.js';

const enc = new TextEncoder();

export interface Sink {
  write(data: Uint8Array): void;
}

export interface CmdContext {
  argv: string[];
  stdin: Uint8Array;
  env: Map<string, string>;
  cwd: string;
  out(data: string | Uint8Array): void;
  err(data: string | Uint8Array): void;
  /** Runs a nested script (`sh -c`) in this shell. */
  run(script: string, args: string[]): Promise<number>;
  signal: AbortSignal;
  /** The session has a PTY (`adb shell` interactive / `-t`), so /dev/tty exists. */
  tty: boolean;
  /** stdout is a pipe into another command (so endless writers such as `yes` stop after a bounded amount). */
  piped: boolean;
  /** Bytes the command reading this pipe takes (`head -c N`), when it says: an endless writer gives that much. */
  demand?: number;
  /**
   * Reads up to `bytes` more from the session's own input as it arrives (what `adb install` streams into
   * `cmd package install -S SIZE`); fewer at end of input. Pipes and `<` use `stdin` instead.
   */
  readInput(bytes: number): Promise<Uint8Array>;
}

export type Command = (ctx: CmdContext) => number | Promise<number>;

export interface ShellOptions {
  fs: MemFs;
  commands: ReadonlyMap<string, Command>;
  env: Map<string, string>;
  signal: AbortSignal;
  tty: boolean;
  /** The session's streamed input (`exec:` bytes, shell v2 stdin packets); none by default. */
  readInput?: (bytes: number) => Promise<Uint8Array>;
}

export const SH = '/system/bin/sh';

class ExitSignal {
  constructor(readonly code: number) {}
}

class BufferSink implements Sink {
  chunks: Uint8Array[] = [];
  write(data: Uint8Array): void {
    this.chunks.push(data);
  }
  bytes(): Uint8Array {
    return Buffer.concat(this.chunks);
  }
}

class NullSink implements Sink {
  write(): void {}
}

/** One shell process: cwd, variables, `$?`. */
export class Shell {
  private readonly opts: ShellOptions;
  private status = 0;
  private cwd = '/';
  private positional: string[] = [];

  constructor(opts: ShellOptions) {
    this.opts = opts;
  }

  /** Runs a script; writes go to `stdout`/`stderr`. Returns the exit status (`exit N` included). */
  async run(script: string, io: { stdout: Sink; stderr: Sink; stdin?: Uint8Array }, args: string[] = []): Promise<number> {
    const saved = this.positional;
    this.positional = args;
    try {
      return await this.exec(script, io);
    } catch (e) {
      if (e instanceof ExitSignal) return (this.status = e.code);
      throw e;
    } finally {
      this.positional = saved;
    }
  }

  private async exec(script: string, io: { stdout: Sink; stderr: Sink; stdin?: Uint8Array }): Promise<number> {
    let parsed;
    try {
      parsed = parseScript(script);
    } catch (e) {
      if (!(e instanceof ShSyntaxError)) throw e;
      io.stderr.write(enc.encode(`${SH}: ${e.message}\n`));
      return (this.status = 2);
    }
    return this.list(parsed, io);
  }

  private async list(parsed: Script, io: { stdout: Sink; stderr: Sink; stdin?: Uint8Array }): Promise<number> {
    for (const andOr of parsed) {
      let st = await this.pipeline(andOr.first, io);
      for (const { op, pipeline } of andOr.rest) {
        if ((op === '&&' && st !== 0) || (op === '||' && st === 0)) continue;
        st = await this.pipeline(pipeline, io);
      }
      this.status = st;
    }
    return this.status;
  }

  private lookup = (name: string): string => {
    if (name === '?') return String(this.status);
    if (name === '$') return '4242';
    if (name === '#') return String(this.positional.length);
    if (/^\d$/.test(name)) return name === '0' ? SH : (this.positional[Number(name) - 1] ?? '');
    return this.opts.env.get(name) ?? '';
  };

  private async pipeline(p: Pipeline, io: { stdout: Sink; stderr: Sink; stdin?: Uint8Array }): Promise<number> {
    let stdin = io.stdin ?? new Uint8Array(0);
    let st = 0;
    for (let i = 0; i < p.commands.length; i++) {
      const last = i === p.commands.length - 1;
      const buf = last ? undefined : new BufferSink();
      const demand = last ? undefined : headBytes(p.commands[i + 1]!);
      const cmdIo = {
        stdout: buf ?? io.stdout,
        stderr: io.stderr,
        stdin,
        piped: buf !== undefined,
        ...(demand === undefined ? {} : { demand }),
      };
      const c = p.commands[i]!;
      try {
        st = 'body' in c ? await this.compound(c, cmdIo) : await this.simple(c, cmdIo);
      } catch (e) {
        if (!(e instanceof ArithError)) throw e;
        io.stderr.write(enc.encode(`${SH}: ${e.message}\n`));
        st = 1;
      }
      if (buf !== undefined) stdin = buf.bytes();
    }
    this.status = p.negate ? (st === 0 ? 1 : 0) : st;
    return this.status;
  }

  /** `( list )` in a copy of this shell's state; `{ list; }` in this shell. Redirects apply to the whole list. */
  private async compound(cmd: Compound, io: { stdout: Sink; stderr: Sink; stdin: Uint8Array }): Promise<number> {
    const r = this.redirect(cmd.redirects, io);
    if (typeof r === 'number') return r;
    const inner = { stdout: r.fds.get(1)!, stderr: r.fds.get(2)!, stdin: r.stdin };
    if (cmd.kind === 'group') return this.list(cmd.body, inner);
    const saved = { cwd: this.cwd, env: new Map(this.opts.env) };
    try {
      return await this.list(cmd.body, inner);
    } catch (e) {
      if (e instanceof ExitSignal) return e.code;
      throw e;
    } finally {
      this.cwd = saved.cwd;
      this.opts.env.clear();
      for (const [k, v] of saved.env) this.opts.env.set(k, v);
    }
  }

  /** Opens a command's redirects in order: the fd table and stdin, or the status of a failed open. */
  private redirect(
    redirects: readonly Redirect[],
    io: { stdout: Sink; stderr: Sink; stdin: Uint8Array },
  ): { fds: Map<number, Sink>; stdin: Uint8Array } | number {
    const fs = this.opts.fs;
    const fds = new Map<number, Sink>([
      [1, io.stdout],
      [2, io.stderr],
    ]);
    let stdin = io.stdin;
    const shErr = (msg: string): number => {
      io.stderr.write(enc.encode(`${SH}: ${msg}\n`));
      return 1;
    };
    for (const r of redirects) {
      const target = expandWord(r.target, this.lookup);
      if (r.op === '>&' || r.op === '<&') {
        if (target === '-') {
          fds.set(r.fd, new NullSink());
          continue;
        }
        const src = fds.get(Number(target));
        if (!/^\d+$/.test(target) || src === undefined) return shErr(`${target}: bad file descriptor`);
        fds.set(r.fd, src);
        continue;
      }
      const path = target.startsWith('/') ? target : `${this.cwd}/${target}`;
      if (r.op === '<') {
        const data = tryFs(() => fs.readFile(path));
        if (data instanceof FsError) return shErr(`can't open ${target}: ${data.reason}`);
        stdin = data;
        continue;
      }
      // Open now (truncating for `>`), as the shell does before the command runs.
      if (r.op === '>' || fs.lookup(path) === undefined) {
        const created = tryFs(() => fs.writeFile(path, new Uint8Array(0)));
        if (created instanceof FsError) return shErr(`can't create ${target}: ${created.reason}`);
      }
      fds.set(r.fd, { write: (data) => fs.writeFile(path, data, { append: true }) });
    }
    return { fds, stdin };
  }

  private async simple(
    cmd: SimpleCommand,
    io: { stdout: Sink; stderr: Sink; stdin: Uint8Array; piped?: boolean; demand?: number },
  ): Promise<number> {
    this.opts.signal.throwIfAborted();
    const r = this.redirect(cmd.redirects, io);
    if (typeof r === 'number') return r;
    const { fds, stdin } = r;
    const env = new Map(this.opts.env);
    for (const a of cmd.assigns) env.set(a.name, expandWord(a.value, this.lookup));
    const argv = cmd.words.map((w) => expandWord(w, this.lookup));
    if (argv.length === 0) {
      for (const a of cmd.assigns) this.opts.env.set(a.name, env.get(a.name)!);
      return 0;
    }
    const out = fds.get(1)!;
    const err = fds.get(2)!;
    const name = argv[0]!;
    const builtin = this.builtin(name, argv, { out, err });
    if (builtin !== undefined) return builtin;
    const base = name.startsWith('/system/bin/') || name.startsWith('/system/xbin/') ? name.slice(name.lastIndexOf('/') + 1) : name;
    const impl = this.opts.commands.get(base);
    if (impl === undefined) {
      err.write(enc.encode(`${SH}: ${name}: inaccessible or not found\n`));
      return 127;
    }
    const toBytes = (d: string | Uint8Array): Uint8Array => (typeof d === 'string' ? enc.encode(d) : d);
    return await impl({
      argv,
      stdin,
      env,
      cwd: this.cwd,
      out: (d) => out.write(toBytes(d)),
      err: (d) => err.write(toBytes(d)),
      run: (script, args) => this.child(env).run(script, { stdout: out, stderr: err, stdin }, args),
      signal: this.opts.signal,
      tty: this.opts.tty,
      piped: io.piped === true && out === io.stdout,
      ...(io.demand !== undefined && out === io.stdout ? { demand: io.demand } : {}),
      readInput: this.opts.readInput ?? (() => Promise.resolve(new Uint8Array(0))),
    });
  }

  /**
   * The shell a command starts (`sh -c`, nohup, run-as): a new process with the command's environment (prefix
   * assignments included) and folder; its variables, `cd` and `exit` stay in it.
   */
  private child(env: Map<string, string>): Shell {
    const sh = new Shell({ ...this.opts, env: new Map(env) });
    sh.cwd = this.cwd;
    return sh;
  }

  /** Shell builtins that change the shell itself (cd, exit, export) or need no device. */
  private builtin(name: string, argv: string[], io: { out: Sink; err: Sink }): number | undefined {
    switch (name) {
      case 'cd': {
        const to = argv[1] ?? '/';
        const path = to.startsWith('/') ? to : `${this.cwd}/${to}`;
        if (!this.opts.fs.isDir(path)) {
          io.err.write(enc.encode(`${SH}: cd: ${to}: No such file or directory\n`));
          return 2;
        }
        this.cwd =
          '/' +
          path
            .split('/')
            .filter((p) => p !== '' && p !== '.')
            .reduce<string[]>((a, p) => (p === '..' ? a.slice(0, -1) : [...a, p]), [])
            .join('/');
        return 0;
      }
      case 'pwd':
        io.out.write(enc.encode(`${this.cwd}\n`));
        return 0;
      case 'exit':
        throw new ExitSignal(argv[1] === undefined ? this.status : Number(argv[1]) & 0xff);
      case 'export':
        for (const a of argv.slice(1)) {
          const eq = a.indexOf('=');
          if (eq > 0) this.opts.env.set(a.slice(0, eq), a.slice(eq + 1));
        }
        return 0;
      case 'true':
      case ':':
        return 0;
      case 'false':
        return 1;
      default:
        return undefined;
    }
  }
}

/** `head -c N` written literally: how many bytes it reads from its pipe (a literal word only; else unknown). */
function headBytes(c: Pipeline['commands'][number]): number | undefined {
  if ('body' in c) return undefined;
  const w = c.words.map((x) =>
    x.parts.every((p) => p.kind === 'lit') ? x.parts.map((p) => (p as { text: string }).text).join('') : undefined,
  );
  if (w[0] !== 'head') return undefined;
  const i = w.indexOf('-c');
  const n = i < 0 ? NaN : Number(w[i + 1]);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
