// In-process and spawned CLI runs for tests.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { readTextFile } from '../../src/cli/files.js';
import { repoRoot } from './corpus.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `glance ARGV` in this process with captured output. */
export async function glance(
  argv: string[],
  opts: { env?: Record<string, string | undefined>; stdin?: string; signal?: AbortSignal } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (s) => {
      stdout += s;
    },
    stderr: (s) => {
      stderr += s;
    },
    readStdin: async () => opts.stdin ?? '',
    readFile: readTextFile,
    isTTY: false,
    env: { ...process.env, ...opts.env },
    signal: opts.signal ?? new AbortController().signal,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

export const devEntry = join(repoRoot, 'test/helpers/glance-dev.ts');

/** Spawns `glance ARGV` as a real process (from source, through tsx). */
export function glanceProcess(
  argv: string[],
  opts: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', devEntry, ...argv], { cwd: repoRoot, env: { ...process.env, ...opts.env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 30_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}

const clientEntry = join(repoRoot, 'test/helpers/glance-client.ts');

/**
 * Spawns `glance ARGV` as a user's shell does (from source, through tsx): the warm client, which hands device
 * commands to the daemon unless GLANCE_NO_DAEMON is set in `env`. `env` is the whole environment.
 */
export function glanceClient(argv: string[], env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', clientEntry, ...argv], { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? -1, stdout, stderr });
    });
  });
}
