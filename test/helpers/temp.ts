// Temporary folders for tests, removed when the test process ends, however it ends: after its tests pass or fail,
// on an uncaught error, and on SIGINT, SIGTERM or SIGHUP (Ctrl-C; `node --test` stopping its file processes; the
// mutation runner ending a process at its first failing test). An `after()` hook is skipped when a signal ends the
// process, and a root-level one keeps a file out of the mutation runner's batches. Only SIGKILL leaves them behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];
let hooked = false;

function removeAll(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Removes the folders, then raises `signal` again: with this listener gone, it ends the process as it would have. */
function onSignal(signal: NodeJS.Signals): void {
  removeAll();
  process.kill(process.pid, signal);
}

/**
 * A new empty folder under the system temp directory, named `prefix` and six random characters, removed with
 * everything in it when this process exits: under `node --test` a test file's own process, under the mutation
 * runner one batch of files. The exit comes after every `after()` hook, so a server or daemon given the folder
 * has been stopped by then. Removing a folder sooner yourself is fine (and removing it twice harmless).
 */
export function tempDir(prefix: string): string {
  if (!hooked) {
    hooked = true;
    process.on('exit', removeAll);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.once(signal, onSignal);
  }
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
