// The package as a consumer gets it: built by tsc into a temporary package directory (package.json, bin,
// dist, assets; its dependencies are this repository's node_modules), and a consumer project that depends on
// it by name, so the `exports` map, the emitted JavaScript and the `.d.ts` are what is tested — never src/.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

export const tscBin = join(repoRoot, 'node_modules/typescript/bin/tsc');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export function runNode(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      args,
      { cwd: opts.cwd ?? repoRoot, env: opts.env ?? process.env, timeout: opts.timeoutMs ?? 180_000, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

export interface BuiltPackage {
  /** The package directory (what `npm pack` would ship, plus a node_modules link). */
  pkgDir: string;
  /** A consumer project with `node_modules/glance-mobile` → pkgDir. */
  consumerDir: string;
}

/** Builds the package with the build's tsconfig into a fresh directory (declarations and JavaScript). */
export async function buildPackage(): Promise<BuiltPackage> {
  const root = tempDir('glance-package-');
  const pkgDir = join(root, 'glance-mobile');
  mkdirSync(join(pkgDir, 'bin'), { recursive: true });
  const r = await runNode([tscBin, '-p', 'tsconfig.build.json', '--outDir', join(pkgDir, 'dist'), '--sourceMap', 'false']);
  if (r.code !== 0) throw new Error(`tsc build failed:\n${r.stdout}${r.stderr}`);
  copyFileSync(join(repoRoot, 'package.json'), join(pkgDir, 'package.json'));
  // A copy, not a link: the launcher imports ../dist relative to where it lies.
  copyFileSync(join(repoRoot, 'bin/glance.js'), join(pkgDir, 'bin/glance.js'));
  symlinkSync(join(repoRoot, 'assets'), join(pkgDir, 'assets'));
  symlinkSync(join(repoRoot, 'node_modules'), join(pkgDir, 'node_modules'));

  const consumerDir = join(root, 'consumer');
  mkdirSync(join(consumerDir, 'node_modules'), { recursive: true });
  symlinkSync(pkgDir, join(consumerDir, 'node_modules/glance-mobile'));
  writeFileSync(join(consumerDir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'module', private: true }));
  return { pkgDir, consumerDir };
}
