/**
 * Runs parsed sh scripts (sh.ts) against the virtual device: `&&`/`||`/`;`, pipelines, redirects with an fd
 * table (so `>/dev/null 2>&1` and `2>&1 >/dev/null` differ as in a real shell), `$VAR`, `$?`.
 * Messages follow Android's mksh (`/system/bin/sh: NAME: inaccessible or not found`, exit 127).
 */
import { FsError, tryFs, type MemFs } from './fs.js';
import { Pipe, SIGPIPE_STATUS, SinkClosed, bytesSource, emptySource, type Sink, type Source } from './pipe.js';
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

export type { Sink, Source } from './pipe.js';

export interface CmdContext {
  argv: string[];
  /** Read as it arrives: a pipe's writer runs beside this command. */
  stdin: Source;
  env: Map<string, string>;
  cwd: string;
  out(data: string | Uint8Array): void;
  err(data: string | Uint8Array): void;
  /**
   * Waits until stdout's reader has room (a bulk writer awaits it after each block, so memory stays one pipe's
   * worth); throws SinkClosed once the reader has gone, which ends the command as SIGPIPE would.
   */
  drain(): Promise<void>;
  /** Runs a nested script (`sh -c`) in this shell. */
  run(script: string, args: string[]): Promise<number>;
  signal: AbortSignal;
  /** The session has a PTY (`adb shell` interactive / `-t`), so /dev/tty exists. */
  tty: boolean;
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

class NullSink implements Sink {
  write(): void {}
}

/** A command's three streams. */
interface Io {
  stdout: Sink;
  stderr: Sink;
  stdin: Source;
}

/** Output a file redirect takes before the device's disk is full: bounds what an endless writer leaves in memory. */
export const MAX_REDIRECT_BYTES = 64 * 1024 * 1024;

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
  async run(script: string, io: { stdout: Sink; stderr: Sink; stdin?: Uint8Array | Source }, args: string[] = []): Promise<number> {
    const saved = this.positional;
    this.positional = args;
    const stdin = io.stdin === undefined ? emptySource() : io.stdin instanceof Uint8Array ? bytesSource(io.stdin) : io.stdin;
    try {
      return await this.exec(script, { stdout: io.stdout, stderr: io.stderr, stdin });
    } catch (e) {
      if (e instanceof ExitSignal) return (this.status = e.code);
      throw e;
    } finally {
      this.positional = saved;
    }
  }

  private async exec(script: string, io: Io): Promise<number> {
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

  private async list(parsed: Script, io: Io): Promise<number> {
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

  /**
   * Runs the stages of a pipeline side by side, each stage's stdout a bounded pipe into the next one's stdin.
   * As in mksh, every stage but the last runs in a subshell (its `cd` and variables stay there). A stage's exit
   * ends its pipe for the reader (end of input) and, for the writer before it, closes it (SIGPIPE).
   */
  private async pipeline(p: Pipeline, io: Io): Promise<number> {
    const n = p.commands.length;
    const pipes = p.commands.slice(1).map(() => new Pipe(this.opts.signal));
    const stages = p.commands.map(async (c, i) => {
      const stageIo = { stdout: pipes[i] ?? io.stdout, stderr: io.stderr, stdin: i === 0 ? io.stdin : pipes[i - 1]! };
      try {
        return i === n - 1 ? await this.stage(c, stageIo) : await this.subshell().stage(c, stageIo);
      } catch (e) {
        if (e instanceof ExitSignal && i < n - 1) return e.code;
        throw e;
      } finally {
        pipes[i]?.end();
        if (i > 0) pipes[i - 1]!.close();
      }
    });
    // Every stage settles before the pipeline does (a failing one aborts none of the others by itself).
    const settled = await Promise.allSettled(stages);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    const st = (settled[n - 1] as PromiseFulfilledResult<number>).value;
    this.status = p.negate ? (st === 0 ? 1 : 0) : st;
    return this.status;
  }

  /** One pipeline element: a command or a compound; an arithmetic error is its status 1, a closed sink its SIGPIPE. */
  private async stage(c: Pipeline['commands'][number], io: Io): Promise<number> {
    try {
      return 'body' in c ? await this.compound(c, io) : await this.simple(c, io);
    } catch (e) {
      if (e instanceof SinkClosed) return SIGPIPE_STATUS;
      if (!(e instanceof ArithError)) throw e;
      io.stderr.write(enc.encode(`${SH}: ${e.message}\n`));
      return 1;
    }
  }

  /** A copy of this shell for a pipeline element: same variables, folder and `$?`, none of it shared back. */
  private subshell(): Shell {
    const sh = this.child(new Map(this.opts.env));
    sh.status = this.status;
    sh.positional = this.positional;
    return sh;
  }

  /** `( list )` in a copy of this shell's state; `{ list; }` in this shell. Redirects apply to the whole list. */
  private async compound(cmd: Compound, io: Io): Promise<number> {
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
  private redirect(redirects: readonly Redirect[], io: Io): { fds: Map<number, Sink>; stdin: Source } | number {
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
        stdin = bytesSource(data);
        continue;
      }
      // Open now (truncating for `>`), as the shell does before the command runs.
      if (r.op === '>' || fs.lookup(path) === undefined) {
        const created = tryFs(() => fs.writeFile(path, new Uint8Array(0)));
        if (created instanceof FsError) return shErr(`can't create ${target}: ${created.reason}`);
      }
      fds.set(r.fd, fileSink(fs, path));
    }
    return { fds, stdin };
  }

  private async simple(cmd: SimpleCommand, io: Io): Promise<number> {
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
    const signal = this.opts.signal;
    const drain = async (): Promise<void> => {
      if (out.ready !== undefined) await out.ready();
      // A sink that never waits still gives the session a turn, so an abort reaches an endless writer.
      else await new Promise<void>((r) => setImmediate(r));
      signal.throwIfAborted();
    };
    try {
      return await impl({
        argv,
        stdin,
        env,
        cwd: this.cwd,
        out: (d) => out.write(toBytes(d)),
        err: (d) => err.write(toBytes(d)),
        drain,
        run: (script, args) => this.child(env).run(script, { stdout: out, stderr: err, stdin }, args),
        signal,
        tty: this.opts.tty,
        readInput: this.opts.readInput ?? (() => Promise.resolve(new Uint8Array(0))),
      });
    } catch (e) {
      // A full disk is a write error the command reports; a broken pipe kills it silently (the stage's status).
      if (!(e instanceof SinkClosed) || e.reason === 'Broken pipe') throw e;
      err.write(enc.encode(`${base}: write error: ${e.reason}\n`));
      return 1;
    }
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

/** A `>`/`>>` target: appends each write, and is full past MAX_REDIRECT_BYTES (device nodes take everything). */
function fileSink(fs: MemFs, path: string): Sink {
  let written = 0;
  const isDevice = fs.lookup(path)?.kind === 'dev';
  return {
    write(data) {
      const take = isDevice ? data : data.subarray(0, MAX_REDIRECT_BYTES - written);
      written += take.length;
      if (take.length > 0) fs.writeFile(path, take, { append: true });
    },
    ready: () =>
      !isDevice && written >= MAX_REDIRECT_BYTES ? Promise.reject(new SinkClosed('No space left on device')) : Promise.resolve(),
  };
}
