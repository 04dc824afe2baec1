// In-process and spawned CLI runs for tests.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { run } from '../../src/cli/main.js';
import type { CliIO } from '../../src/cli/io.js';
import { readTextFile } from '../../src/cli/files.js';
import { staleSource } from '../../scripts/dist-fresh.mjs';
import { repoRoot } from './corpus.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `glance ARGV` in this process with captured output. */
export async function glance(
  argv: string[],
  opts: { env?: Record<string, string | undefined>; stdin?: string; signal?: AbortSignal; isTTY?: boolean } = {},
): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIO = {
    stdout: (s) => {
      stdout += s;
    },
    stdoutBytes: (b) => {
      stdout += Buffer.from(b).toString('utf8');
    },
    stderr: (s) => {
      stderr += s;
    },
    readStdin: async () => opts.stdin ?? '',
    readFile: readTextFile,
    isTTY: opts.isTTY ?? false,
    env: { ...process.env, ...opts.env },
    signal: opts.signal ?? new AbortController().signal,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}

export const devEntry = join(repoRoot, 'test/helpers/glance-dev.ts');
const clientEntry = join(repoRoot, 'test/helpers/glance-client.ts');

// A spawned `glance` runs the build in dist/ when it is current (scripts/test.js builds it first), since a node
// process under the tsx loader starts several times slower and a test may spawn dozens; otherwise (a source file
// changed since the build, or no build, as in a mutation sandbox) it runs the source through tsx, as it does
// when GLANCE_TEST_FROM_SOURCE=1 asks for it.
const built = process.env['GLANCE_TEST_FROM_SOURCE'] !== '1' && staleSource(repoRoot) === undefined;

/** Whether a spawned `glance` runs the build in dist/ (else the source through tsx). */
export const spawnsBuilt = built;

// The loader by its resolved URL: a bare `tsx` resolves from the spawned process's working directory, and tests
// spawn `glance` in folders outside the repository.
const tsx = import.meta.resolve('tsx');

/** Node's arguments that run the CLI in-process (no daemon), before the CLI's own. */
export const devArgs: readonly string[] = built ? [join(repoRoot, 'test/helpers/glance-built.mjs')] : ['--import', tsx, devEntry];

/** Node's arguments that run the `glance` entry a user's shell runs (the warm client), before the CLI's own. */
export const clientArgs: readonly string[] = built ? [join(repoRoot, 'bin/glance.js')] : ['--import', tsx, clientEntry];

/** Spawns `glance ARGV` as a real process, the CLI in-process (no daemon). */
export function glanceProcess(
  argv: string[],
  opts: { env?: Record<string, string | undefined>; timeoutMs?: number } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...devArgs, ...argv], { cwd: repoRoot, env: { ...process.env, ...opts.env } });
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

/**
 * Spawns `glance ARGV` as a user's shell does: the warm client, which hands device
 * commands to the daemon unless GLANCE_NO_DAEMON is set in `env`. `env` is the whole environment.
 */
export function glanceClient(argv: string[], env: Record<string, string | undefined>, timeoutMs = 90_000): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...clientArgs, ...argv], { cwd: repoRoot, env });
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
