// Short test files run several to a process. Node's runner starts one process per file, and a process under the
// TypeScript loader costs about half a second of CPU before its first test, then more to load the modules it
// imports: for the ~120 files that take under 2.5 s that start-up was most of their time (measured on 117 of them:
// 114 s of CPU one per process, 24 s in four groups). A group is a small ES module in the run's scratch folder that
// imports its files in path order; their tests register and run in that one process as they would in their own,
// each reported under its own file. Files still run alone when they are long (their own process keeps them
// apart from the rest) or new (no time recorded yet). The times kept for a grouped file are its tests' own
// (scripts/test-times.mjs), so a short file stays short, and one that grows long leaves the groups.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** A file shorter than this (milliseconds, as last recorded) runs in a group. */
export const SHORT_MS = 5000;
/**
 * A root-level beforeEach or afterEach: in a group it would run around the other files' tests too, so such a file
 * runs alone. (A root-level before or after runs once either way, at the start or end of its process.)
 */
const EACH_HOOK = /^(beforeEach|afterEach)\(/m;
/** A group holds files of at most this much recorded time together, so groups still spread over the workers. */
export const GROUP_MS = 20_000;

/**
 * The units to hand node's runner: each long or new file alone, the short ones in groups written into `dir`.
 * Returns the units longest first (a group's time is its files' sum) and each group's files by its path.
 */
export function planUnits(files, known, dir) {
  const groupable = (f) => (known[f] ?? Infinity) < SHORT_MS && !EACH_HOOK.test(readFileSync(f, 'utf8'));
  const short = files.filter(groupable).sort();
  const alone = files.filter((f) => !short.includes(f));
  const groups = new Map();
  const cost = new Map(alone.map((f) => [f, known[f] ?? Infinity]));
  let members = [];
  let sum = 0;
  const close = () => {
    if (members.length === 0) return;
    if (members.length === 1) {
      alone.push(members[0]);
      cost.set(members[0], sum);
    } else {
      const path = join(dir, `group-${groups.size + 1}.test.mjs`);
      // .mjs: an ES module wherever it lies (the scratch folder has no package.json saying "module").
      writeFileSync(path, members.map((f) => `import ${JSON.stringify(pathToFileURL(resolve(f)).href)};\n`).join(''));
      groups.set(path, members);
      cost.set(path, sum);
    }
    members = [];
    sum = 0;
  };
  for (const f of short) {
    if (sum + known[f] > GROUP_MS) close();
    members.push(f);
    sum += known[f];
  }
  close();
  const units = [...cost.keys()].sort().sort((a, b) => cost.get(b) - cost.get(a));
  return { units, groups };
}
