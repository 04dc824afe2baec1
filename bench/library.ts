// The library's import cost: whole `node` processes importing the built package by name (the root and each
// subpath entry) beside `node -e 0`, median of several runs, wall-clock and CPU (user + system, which the
// other processes sharing the machine disturb less). Needs `npm run build`.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../test/helpers/corpus.js';
import { median } from './timing.js';

const RUNS = 5;

/** One process running `code`: wall ms and the CPU ms it reports for itself at exit. */
function once(code: string): Promise<{ wall: number; cpu: number }> {
  const report = `const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000));`;
  return new Promise((resolve, reject) => {
    const t = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', `${code};${report}`], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('exit', (c) =>
      c === 0 ? resolve({ wall: performance.now() - t, cpu: Number(out) }) : reject(new Error(`${code}: exit ${c}`)),
    );
  });
}

async function measure(code: string): Promise<{ wall: number; cpu: number }> {
  const runs: Array<{ wall: number; cpu: number }> = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once(code));
  return { wall: median(runs.map((r) => r.wall)), cpu: median(runs.map((r) => r.cpu)) };
}

export async function benchLibrary(): Promise<Record<string, number>> {
  if (!existsSync(join(repoRoot, 'dist/src/index.js'))) {
    console.log('dist/ not built: run `npm run build` first (skipped)');
    return {};
  }
  const results: Record<string, number> = {};
  const row = (what: string, m: { wall: number; cpu: number }): void => {
    console.log(`${what.padEnd(44)} ${(m.wall / 1000).toFixed(3)} s wall  ${(m.cpu / 1000).toFixed(3)} s cpu`);
  };
  console.log(`whole processes, median of ${RUNS}:`);
  const base = await measure('0');
  row('node -e 0', base);
  results['node -e 0 (s)'] = base.wall / 1000;
  for (const entry of ['', '/snapshot', '/tokens', '/mcp']) {
    const m = await measure(`await import('glance-mobile${entry}')`);
    row(`import('glance-mobile${entry}')`, m);
    if (entry === '') {
      results["import('glance-mobile') (s)"] = m.wall / 1000;
      results["import('glance-mobile') minus node -e 0 (s)"] = (m.wall - base.wall) / 1000;
    }
  }
  for (const k of Object.keys(results)) results[k] = Math.round((results[k] as number) * 1000) / 1000;
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchLibrary();
