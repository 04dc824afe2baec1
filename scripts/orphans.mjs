// Servers a test process starts (a real adb server on a port of its own) must not outlive it. An `after()` hook that
// stops them never runs when the process is killed from outside: the mutation runner's SIGKILL on a timeout, the
// test runner ending a file, Ctrl-C. So each server is recorded here as it starts, as a file in one folder under the
// system temp directory naming the server's process and the test process that owns it; the owner removes the record
// when it stops the server, and kills what it still owns when it exits (normally, or on SIGINT, SIGTERM, SIGHUP).
// Only SIGKILL escapes that: the next test process to start a server, and scripts/test.js when a run ends, reap
// every record whose owner is gone. A process is named by its pid and its start time, so a reused pid is never
// taken for the process that had it (without /proc the pid alone decides).
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of records: GLANCE_ORPHAN_DIR, or one under the system temp directory shared by every run. */
export function orphanDir(env = process.env) {
  return env.GLANCE_ORPHAN_DIR ?? join(tmpdir(), 'glance-test-servers');
}

const hasProc = existsSync('/proc/self/stat');

/** When `pid` started (field 22 of /proc/PID/stat, clock ticks since boot), or undefined (gone, or no /proc). */
export function startedAt(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Whether the process `pid` that started at `start` still runs (a zombie counts as gone). */
export function alive(pid, start) {
  if (hasProc) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return fields[0] !== 'Z' && fields[19] === start;
    } catch {
      return false;
    }
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Records this process owns: file → { pid, remove }. */
const owned = new Map();
let hooked = false;

function killOwned() {
  for (const [file, r] of owned) {
    stopRecorded(r);
    rmSync(file, { force: true });
  }
  owned.clear();
}

function stopRecorded(r) {
  try {
    if (alive(r.pid, r.start)) process.kill(r.pid, 'SIGKILL');
  } catch {
    // Gone between the check and the kill.
  }
  for (const path of r.remove ?? []) rmSync(path, { recursive: true, force: true });
}

/** Kills what this process owns, then raises `signal` again: with this listener gone, it ends the process as it would have. */
function onSignal(signal) {
  killOwned();
  process.kill(process.pid, signal);
}

/**
 * Records `pid` (a server this process started) as owned by this process until the returned `release` is called
 * (once the caller has stopped it). Should this process end first, the server is killed and the `remove` paths
 * (its HOME, say) are removed: by this process at its exit, or by the next reaper after a SIGKILL.
 */
export function track(pid, { what, remove = [] }) {
  if (!hooked) {
    hooked = true;
    process.on('exit', killOwned);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, onSignal);
  }
  const dir = orphanDir();
  mkdirSync(dir, { recursive: true });
  const record = { pid, start: startedAt(pid), owner: process.pid, ownerStart: startedAt(process.pid), what, remove };
  const file = join(dir, `${pid}.json`);
  // Written beside and renamed: a reaper never reads half a record.
  writeFileSync(`${file}.${process.pid}.tmp`, JSON.stringify(record));
  renameSync(`${file}.${process.pid}.tmp`, file);
  owned.set(file, record);
  return () => {
    owned.delete(file);
    rmSync(file, { force: true });
  };
}

/**
 * Kills every recorded server whose owner is gone and removes its record and paths. Returns what was still running
 * (the `what` of each), so a caller can say so.
 */
export function reapOrphans(dir = orphanDir()) {
  let files;
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  } catch {
    return [];
  }
  const reaped = [];
  for (const f of files) {
    const file = join(dir, f);
    let r;
    try {
      r = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      continue; // Removed meanwhile by its owner or another reaper.
    }
    if (alive(r.owner, r.ownerStart)) continue;
    if (alive(r.pid, r.start)) reaped.push(r.what);
    stopRecorded(r);
    rmSync(file, { force: true });
  }
  return reaped;
}
