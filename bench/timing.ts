// Timing helpers shared by the device-side benches (adb, device).

/** The middle sample (the upper one of an even count). */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

/** Median milliseconds of `n` timed runs of `f`, after `warm` untimed ones (JIT, caches, connections). */
export async function medianMs(n: number, f: () => Promise<unknown>, warm = 2): Promise<number> {
  for (let i = 0; i < warm; i++) await f();
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return median(out);
}

/** Wall time of one whole process, and its CPU (user + system) when /usr/bin/time is there to measure it. */
export interface ProcessRun {
  wall: number;
  cpu: number | undefined;
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node ARGS` as its own process (through /usr/bin/time for its CPU when present) and times it. */
export async function nodeProcess(args: readonly string[], env: NodeJS.ProcessEnv, cwd: string): Promise<ProcessRun> {
  const { spawn } = await import('node:child_process');
  const { existsSync, mkdtempSync, readFileSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const timer = existsSync('/usr/bin/time') ? mkdtempSync(join(tmpdir(), 'glance-bench-time-')) : undefined;
  const argv =
    timer === undefined ? [process.execPath, ...args] : ['/usr/bin/time', '-f', '%U %S', '-o', join(timer, 't'), process.execPath, ...args];
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(argv[0]!, argv.slice(1), { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const removeTimer = (): void => {
      if (timer !== undefined) rmSync(timer, { recursive: true, force: true });
    };
    child.on('error', (e) => {
      removeTimer();
      reject(e);
    });
    child.on('close', (code) => {
      const wall = performance.now() - t;
      let cpu: number | undefined;
      try {
        if (timer !== undefined) {
          // The last line: GNU time puts "Command exited with non-zero status N" before it when the process failed.
          const [user, sys] = (readFileSync(join(timer, 't'), 'utf8').trim().split('\n').at(-1) ?? '').split(/\s+/).map(Number);
          cpu = ((user ?? NaN) + (sys ?? NaN)) * 1000;
        }
      } catch {
        // /usr/bin/time wrote nothing (the process could not start): no CPU figure.
      } finally {
        removeTimer();
      }
      resolve({ wall, cpu, code: code ?? -1, stdout, stderr });
    });
  });
}

/** CPU milliseconds (user + system) a running process has used so far, from /proc (undefined elsewhere). */
export async function processCpuMs(pid: number): Promise<number | undefined> {
  const { readFileSync } = await import('node:fs');
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(rest[11]) + Number(rest[12])) * 10;
  } catch {
    return undefined;
  }
}
