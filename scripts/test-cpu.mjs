// Loaded into every test process by `node scripts/test.js --cpu` (an --import the runner passes on to each file's
// process): at exit it appends one JSON line to GLANCE_TEST_CPU_LOG with the file, its wall time and the CPU time of
// the process and of the children it waited for (the spawned `glance`, tools), read from /proc/self/stat. A file
// whose CPU is far below its wall time sleeps (polls, settle waits, timeouts): it is cut by waiting less; one near
// its wall time is cut by doing less. Linux only; elsewhere it records nothing.
import { appendFileSync, readFileSync } from 'node:fs';

const log = process.env.GLANCE_TEST_CPU_LOG;
const started = performance.now();

/** utime, stime, cutime, cstime in seconds (fields 14–17 of /proc/self/stat, after the command's parenthesis). */
function ticks() {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Clock ticks are 100 a second on every Linux Node runs on (USER_HZ).
  return [11, 12, 13, 14].map((i) => Number(f[i]) / 100);
}

const file = process.argv[1];
if (log !== undefined && file !== undefined) {
  process.on('exit', () => {
    try {
      const [user, sys, childUser, childSys] = ticks();
      const line = { file, wall: (performance.now() - started) / 1000, cpu: user + sys, children: childUser + childSys };
      appendFileSync(log, `${JSON.stringify(line)}\n`);
    } catch {
      // No /proc: nothing to record.
    }
  });
}
