// The process-facing side of the CLI: the only place (with main.ts) that touches stdout, stderr and stdin.
import type { Session } from '../tools/session.js';
import { readBounded, readTextFile } from './files.js';
import { endOnClosedPipe } from './pipe.js';

export interface CliIO {
  stdout(s: string): void;
  stderr(s: string): void;
  /** Raw bytes to standard output (`glance screenshot -`); absent where only text can be printed. */
  stdoutBytes?(data: Uint8Array): void;
  /** Whole standard input as text (for `--from -`). */
  readStdin(): Promise<string>;
  readFile(path: string): Promise<string>;
  isTTY: boolean;
  env: Record<string, string | undefined>;
  /** Fires on Ctrl-C (long-running commands such as `glance virtual` stop on it). */
  signal: AbortSignal;
  /** The caller's working directory, when it is not this process's (the daemon): relative paths start there. */
  cwd?: string;
  /** The session kept between calls (the daemon's); without one, each call opens and closes its own. */
  session?: Session;
}

export function processIO(): CliIO {
  const ctrl = new AbortController();
  const onSignal = (): void => ctrl.abort(new Error('interrupted'));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  endOnClosedPipe(process.stdout);
  endOnClosedPipe(process.stderr);
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    stdoutBytes: (data) => process.stdout.write(data),
    readStdin: () => readBounded(process.stdin, 'standard input'),
    readFile: readTextFile,
    isTTY: Boolean(process.stderr.isTTY),
    env: process.env,
    signal: ctrl.signal,
  };
}

/** Resolves when `signal` fires (at once if it already has): how long-running commands serve until Ctrl-C. */
export function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
