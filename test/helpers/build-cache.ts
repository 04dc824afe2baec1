// What tests build from inputs that rarely change (an APK from aapt and smali, the UI Maps of the shared apps),
// kept in the temp folder under a hash of those inputs: the first run on a machine builds, later ones read.
import { createHash, type Hash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Feeds every file under `dir` (sorted, each with its path) to `h`; `skip` leaves top-level files out. */
export function hashTree(h: Hash, dir: string, skip: ReadonlySet<string> = new Set(), rel = ''): Hash {
  if (!existsSync(dir)) return h;
  const entries = readdirSync(path.join(dir, rel), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
  for (const e of entries) {
    const p = path.join(rel, e.name);
    if (e.isDirectory()) hashTree(h, dir, skip, p);
    else if (!(rel === '' && skip.has(e.name)))
      h.update(p)
        .update('\0')
        .update(readFileSync(path.join(dir, p)))
        .update('\0');
  }
  return h;
}

export const newHash = (): Hash => createHash('sha256');

/** The file kept as `name` in the temp folder `folder`, or undefined when no earlier run wrote it. */
export function readBuilt(folder: string, name: string): Buffer | undefined {
  const file = path.join(tmpdir(), folder, name);
  return existsSync(file) ? readFileSync(file) : undefined;
}

/** Keeps `bytes` as `name` in the temp folder `folder` (written beside and renamed: no reader sees half a file). */
export function keepBuilt(folder: string, name: string, bytes: Uint8Array | string): void {
  const dir = path.join(tmpdir(), folder);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  writeFileSync(`${file}.${process.pid}`, bytes);
  renameSync(`${file}.${process.pid}`, file);
}
