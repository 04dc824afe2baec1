// Endless device files and writers through pipes: a reader that says how much it takes gets exactly that, as on a
// phone, while an unbounded reader still stops at the memory cap.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createVirtualDevice } from '../../src/device/virtual/index.js';

const dev = createVirtualDevice({});
const run = async (c: string): Promise<string> => {
  const r = await dev.run(c);
  assert.equal(r.exitCode, 0, c);
  return new TextDecoder().decode(r.stdout);
};
const count = async (c: string): Promise<number> => Number((await run(c)).trim());

describe('endless sources through pipes', () => {
  test('head -c N takes N bytes of /dev/zero and /dev/urandom, beyond one pipe of 1 MiB', async () => {
    assert.equal(await count('head -c 4194304 /dev/zero | wc -c'), 4194304);
    assert.equal(await count('head -c 1000 /dev/urandom | wc -c'), 1000);
    assert.equal(await count('cat /dev/zero | head -c 4194304 | wc -c'), 4194304);
    assert.equal(await count('cat /dev/urandom | head -c 3000000 | wc -c'), 3000000);
    assert.equal(await count('yes | head -c 2097152 | wc -c'), 2097152);
  });

  test('random bytes are random; zeros are zeros', async () => {
    const a = await dev.run('head -c 64 /dev/urandom');
    const b = await dev.run('head -c 64 /dev/urandom');
    assert.equal(a.stdout.length, 64);
    assert.notDeepEqual(a.stdout, b.stdout);
    const z = await dev.run('head -c 64 /dev/zero');
    assert.ok(z.stdout.every((x) => x === 0));
  });

  test('a reader that does not say how much it takes still stops at the cap', async () => {
    assert.equal(await count('yes | wc -c'), 1048576);
    assert.equal(await run('yes | head -n 2'), 'y\ny\n');
  });
});
