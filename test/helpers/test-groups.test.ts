// The test runner's plan (scripts/test-groups.mjs): which files share a process, and the times it keeps for them
// (scripts/test-times.mjs, fed the events node's runner reports).
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { GROUP_MS, planUnits, SHORT_MS } from '../../scripts/test-groups.mjs';
import times from '../../scripts/test-times.mjs';
import { tempDir } from './temp.js';

test('short files share processes in path order, up to the group budget; long, new and per-test-hook files run alone', () => {
  const dir = tempDir('glance-test-groups-');
  const file = (name: string, text = "import { test } from 'node:test';\n"): string => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  // As many files as fit in one group's budget, and one more.
  const per = SHORT_MS - 1;
  const fit = Math.floor(GROUP_MS / per);
  const shorts = Array.from({ length: fit + 1 }, (_, i) => file(`s${String(i).padStart(2, '0')}.test.ts`));
  const long = file('long.test.ts');
  const fresh = file('new.test.ts');
  const hooked = file('hooked.test.ts', "import { beforeEach } from 'node:test';\nbeforeEach(() => undefined);\n");
  const lone = file('z.test.ts');
  const known = { ...Object.fromEntries(shorts.map((f) => [f, per])), [long]: SHORT_MS + 1, [hooked]: 10, [lone]: 10 };
  const { units, groups } = planUnits([...shorts].reverse().concat([long, fresh, hooked, lone]), known, dir);
  // In path order: the first `fit` together; the one past the budget opens the next group, z joins it.
  assert.deepEqual([...groups.values()], [shorts.slice(0, fit), [shorts[fit], lone]]);
  const [first, second] = [...groups.keys()];
  // Longest first; a new file (no time) counts as longest of all; the per-test hook keeps its file alone.
  assert.deepEqual(units, [fresh, first, second, long, hooked]);
  assert.equal(
    readFileSync(first!, 'utf8'),
    shorts
      .slice(0, fit)
      .map((f) => `import ${JSON.stringify(pathToFileURL(f).href)};\n`)
      .join(''),
  );
  // One short file is no group: it runs alone.
  const one = planUnits([shorts[0]!, long], known, dir);
  assert.equal(one.groups.size, 0);
  assert.deepEqual(one.units, [long, shorts[0]]);
});

test("a file run in its own process keeps the runner's time for it; a grouped file the sum of its outermost tests", async () => {
  const ev = (type: string, data: Record<string, unknown>) => ({ type, data });
  async function* events() {
    yield ev('test:pass', { file: '/g/a.test.ts', name: 'inner', nesting: 1, details: { duration_ms: 5 } });
    yield ev('test:pass', { file: '/g/a.test.ts', name: 'suite', nesting: 0, details: { duration_ms: 40 } });
    yield ev('test:fail', { file: '/g/a.test.ts', name: 'other', nesting: 0, details: { duration_ms: 2 } });
    yield ev('test:pass', { file: '/solo.test.ts', name: 'x', nesting: 0, details: { duration_ms: 7 } });
    yield ev('test:complete', { file: '/solo.test.ts', name: '/solo.test.ts', nesting: 0, details: { duration_ms: 900 } });
    yield ev('test:complete', { file: '/g/group-1.test.mjs', name: '/g/group-1.test.mjs', nesting: 0, details: { duration_ms: 60 } });
    yield ev('test:diagnostic', { nesting: 0, message: 'pass 3' });
  }
  let out = '';
  for await (const chunk of times(events())) out += String(chunk);
  const r = JSON.parse(out) as { times: Record<string, number>; pass: number };
  assert.deepEqual(r.times, { '/solo.test.ts': 900, '/g/group-1.test.mjs': 60, '/g/a.test.ts': 42 });
  assert.equal(r.pass, 3);
});
