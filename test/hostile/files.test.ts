// Files the user names: inputs without end, screenshot writes that cannot happen, and `-` for standard output.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { glance, glanceProcess } from '../helpers/cli.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import type { CliIO } from '../../src/cli/io.js';
import { run } from '../../src/cli/main.js';
import { readTextFile } from '../../src/cli/files.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('glance-files-');

describe('input size', () => {
  test('--from /dev/zero stops at the input cap with INPUT_TOO_LARGE', async () => {
    const r = await glanceProcess(['ui', '--from', '/dev/zero'], { timeoutMs: 60_000 });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /error INPUT_TOO_LARGE/);
    await assert.rejects(readTextFile('/dev/zero'), (e: Error & { code?: string }) => e.code === 'INPUT_TOO_LARGE');
  });
});

describe('screenshots', () => {
  let phone: RunningVirtualDevice;
  let serial: string;
  before(async () => {
    phone = await startVirtualDevice({ scenario: 'demo' });
    serial = `direct:127.0.0.1:${phone.port}`;
  });
  after(() => phone.close());

  test('a screenshot into a missing folder is OUTPUT_UNWRITABLE, not INTERNAL', async () => {
    const r = await glance(['-s', serial, 'screenshot', join(dir, 'no/such/folder/shot.png')], { env: { ANDROID_USER_HOME: dir } });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /error OUTPUT_UNWRITABLE/);
  });

  test('a screenshot onto a directory is OUTPUT_UNWRITABLE', async () => {
    const r = await glance(['-s', serial, 'screenshot', dir], { env: { ANDROID_USER_HOME: dir } });
    assert.equal(r.code, 1);
    assert.match(r.stderr, /error OUTPUT_UNWRITABLE/);
  });

  test('glance screenshot - writes the PNG to standard output, not a file named -', async () => {
    const bytes: Uint8Array[] = [];
    let stdout = '';
    let stderr = '';
    const io: CliIO = {
      stdout: (s) => void (stdout += s),
      stderr: (s) => void (stderr += s),
      stdoutBytes: (d) => void bytes.push(Buffer.from(d)),
      readStdin: async () => '',
      readFile: readTextFile,
      isTTY: false,
      env: { ...process.env, ANDROID_USER_HOME: dir },
      signal: new AbortController().signal,
    };
    const cwd = process.cwd();
    process.chdir(dir);
    try {
      const code = await run(['-s', serial, 'screenshot', '-'], io);
      assert.equal(code, 0, stderr);
    } finally {
      process.chdir(cwd);
    }
    const png = Buffer.concat(bytes);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.equal(stdout, '', 'the text result goes to stderr');
    assert.equal(existsSync(join(dir, '-')), false);
  });
});
