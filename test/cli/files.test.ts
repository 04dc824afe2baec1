// Paths a user names (--from, --diff, --map) that cannot be read are the user's to fix: coded errors with a
// hint and a not-found or failure exit, never INTERNAL.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileError } from '../../src/errors.js';
import { GlanceError } from '../../src/errors.js';
import { glance, glanceProcess } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

const dir = tempDir('glance-files-');
const missing = join(dir, 'missing.xml');
const screen = 'assets/scenarios/demo/screens/home.xml';

interface JsonError {
  ok: false;
  error: { code: string; message: string; hint?: string };
}

async function failure(argv: string[]): Promise<{ code: number; error: JsonError['error'] }> {
  const r = await glance(['--json', ...argv]);
  const body = JSON.parse(r.stdout) as JsonError;
  assert.equal(body.ok, false, r.stdout);
  assert.ok(body.error.hint !== undefined && body.error.hint.length > 0, 'every error carries a hint');
  return { code: r.code, error: body.error };
}

describe('unreadable input paths', () => {
  const commands: [string, string[]][] = [
    ['ui --from', ['ui', '--from']],
    ['tokens --from', ['tokens', '--from']],
    ['find --from', ['find', 'Button', '--from']],
    ['blocks --from', ['blocks', '--task', 'x', '--from']],
    ['map path --map', ['map', 'path', '--to', 'X', '--map']],
  ];
  for (const [name, argv] of commands) {
    test(`${name}: a missing file is FILE_NOT_FOUND (exit 2), a directory is USAGE (exit 1)`, async () => {
      const gone = await failure([...argv, missing]);
      assert.deepEqual([gone.code, gone.error.code], [2, 'FILE_NOT_FOUND']);
      assert.match(gone.error.message, /missing\.xml/);
      const folder = await failure([...argv, dir]);
      assert.deepEqual([folder.code, folder.error.code], [1, 'USAGE']);
      assert.match(folder.error.message, /is a directory/);
    });
  }

  test('ui --diff with a missing previous dump is FILE_NOT_FOUND', async () => {
    const r = await failure(['ui', '--from', screen, '--diff', missing]);
    assert.equal(r.error.code, 'FILE_NOT_FOUND');
  });

  test('a file that is there but is no dump stays a dump error', async () => {
    const junk = join(dir, 'junk.xml');
    writeFileSync(junk, 'not a dump');
    assert.equal((await failure(['ui', '--from', junk])).error.code, 'DUMP_NOT_RECOGNISED');
  });

  test('the spawned command prints the code and hint on stderr', async () => {
    const r = await glanceProcess(['ui', '--from', missing]);
    assert.equal(r.code, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^error FILE_NOT_FOUND: no such file: .*missing\.xml\nhint: /);
  });
});

describe('fileError', () => {
  const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(code), { code });
  test('maps the file-system errors a user can cause; anything else passes through unchanged', () => {
    const codes = ['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'ELOOP', 'ENAMETOOLONG'].map((c) => {
      const e = fileError(errno(c), '/x');
      assert.ok(e instanceof GlanceError, c);
      assert.ok(e.hint !== undefined, c);
      assert.deepEqual(e.context, { path: '/x' });
      return e.code;
    });
    assert.deepEqual(codes, ['FILE_NOT_FOUND', 'FILE_NOT_FOUND', 'USAGE', 'INPUT_UNREADABLE', 'INPUT_UNREADABLE', 'USAGE', 'USAGE']);
    const other = errno('EIO');
    assert.equal(fileError(other, '/x'), other);
    const plain = new TypeError('boom');
    assert.equal(fileError(plain, '/x'), plain);
  });
});
