// The CLI's memory between invocations: the latest screen of each device (its dump with the refs shown), so
// `glance tap k42` resolves the ref against the snapshot `glance ui` printed. Kept under $GLANCE_STATE_DIR
// (default ~/.cache/glance), one file per device in `latest/`.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { SnapshotStore } from '../tools/registry.js';

export function stateDir(env: Record<string, string | undefined>): string {
  return env['GLANCE_STATE_DIR'] ?? join(env['XDG_CACHE_HOME'] ?? join(homedir(), '.cache'), 'glance');
}

export function fileSnapshotStore(dir: string): SnapshotStore {
  const path = (key: string): string => join(dir, 'latest', `${key.replace(/[^A-Za-z0-9._-]/g, '_')}.txt`);
  return {
    async load(key) {
      try {
        return await readFile(path(key), 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    },
    async save(key, dump) {
      await mkdir(join(dir, 'latest'), { recursive: true });
      // Write then rename: a concurrent `glance tap` never reads half a record.
      const tmp = `${path(key)}.${process.pid}.tmp`;
      await writeFile(tmp, dump);
      await rename(tmp, path(key));
    },
  };
}
