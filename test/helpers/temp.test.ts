// tempDir's folders are gone once the process that made them ends: a normal exit, an uncaught error, a SIGTERM
// (which still ends the process by that signal). Each case runs in a child process of its own.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { repoRoot } from './corpus.js';

interface Ended {
  dirs: string[];
  /** Whether both folders were there while the child waited. */
  existed: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/**
 * A child that makes two folders with tempDir, prints their paths (one a line) and waits; once this process has
 * seen them, it sends the child `signal`, or else tells it to go on and run `then`.
 */
function child(then: string, signal?: NodeJS.Signals): Promise<Ended> {
  const code = `import { tempDir } from './test/helpers/temp.ts';
const dirs = [tempDir('glance-temp-test-'), tempDir('glance-temp-test-')];
process.stdout.write(dirs.join('\\n') + '\\n');
await new Promise((go) => process.stdin.once('data', go));
process.stdin.destroy();
${then}`;
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: repoRoot });
    let out = '';
    let existed = false;
    const lines = (): string[] => out.split('\n').filter(Boolean);
    p.stdout.on('data', (d: Buffer) => {
      const printed = lines().length >= 2;
      out += d.toString();
      if (printed || lines().length < 2) return;
      existed = lines().every((dir) => existsSync(dir));
      if (signal !== undefined) p.kill(signal);
      else p.stdin.write('go\n');
    });
    p.on('error', reject);
    p.on('close', (code, signal) => resolve({ dirs: lines(), existed, code, signal }));
  });
}

const gone = (r: Ended): void => {
  assert.equal(r.dirs.length, 2);
  assert.ok(r.existed, 'the folders exist while the child runs');
  for (const d of r.dirs) {
    assert.equal(dirname(d), tmpdir());
    assert.ok(!existsSync(d), `${d} is removed`);
  }
};

describe('tempDir', () => {
  test('removed when the process exits on its own', async () => {
    const r = await child('');
    assert.deepEqual([r.code, r.signal], [0, null]);
    gone(r);
  });

  test('removed when an error escapes', async () => {
    const r = await child("throw new Error('boom');");
    assert.deepEqual([r.code, r.signal], [1, null]);
    gone(r);
  });

  test('removed on SIGTERM, and the process still ends by SIGTERM', async () => {
    const r = await child('', 'SIGTERM');
    assert.deepEqual([r.code, r.signal], [null, 'SIGTERM']);
    gone(r);
  });
});
