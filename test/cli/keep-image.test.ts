// Where the CLI keeps an image the caller named no file for (a terminal shows none): a new private folder under
// $TMPDIR per image, the format's extension, and a coded error when no folder can be made there.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { keepTempImage } from '../../src/cli/files.js';
import { GlanceError } from '../../src/errors.js';
import { tempDir } from '../helpers/temp.js';

describe('keepTempImage', () => {
  test('each image gets a new folder of its own under TMPDIR, named by its format', async () => {
    const base = tempDir('glance-keep-');
    const bytes = new Uint8Array([1, 2, 3, 4]);
    const paths = [
      await keepTempImage({ TMPDIR: base }, bytes, 'webp'),
      await keepTempImage({ TMPDIR: base }, bytes, 'png'),
      await keepTempImage({ TMPDIR: base }, bytes, 'jpeg'),
    ];
    assert.deepEqual(
      paths.map((p) => basename(p)),
      ['screenshot.webp', 'screenshot.png', 'screenshot.jpg'],
    );
    for (const p of paths) {
      assert.equal(dirname(dirname(p)), base);
      assert.match(basename(dirname(p)), /^glance-.{6}$/);
      assert.deepEqual([...readFileSync(p)], [1, 2, 3, 4]);
      // mkdtemp's folder is the user's alone.
      assert.equal(statSync(dirname(p)).mode & 0o777, 0o700);
    }
    assert.equal(new Set(paths.map((p) => dirname(p))).size, 3);
  });

  test('without TMPDIR (or an empty one) the system temp directory is used', async (t) => {
    for (const env of [{}, { TMPDIR: '' }]) {
      const p = await keepTempImage(env, new Uint8Array([9]), 'png');
      t.after(() => rmSync(dirname(p), { recursive: true, force: true }));
      assert.equal(dirname(dirname(p)), tmpdir());
    }
  });

  test('a TMPDIR where no folder can be made is OUTPUT_UNWRITABLE with a hint, naming the place', async () => {
    const base = tempDir('glance-keep-');
    const file = join(base, 'not-a-folder');
    writeFileSync(file, 'x');
    for (const where of [file, join(base, 'missing', 'deeper')]) {
      await assert.rejects(keepTempImage({ TMPDIR: where }, new Uint8Array([1]), 'webp'), (e: unknown) => {
        assert.ok(e instanceof GlanceError);
        assert.equal(e.code, 'OUTPUT_UNWRITABLE');
        assert.match(e.message, new RegExp(`cannot keep the image under ${where.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: E`));
        assert.match(e.hint ?? '', /glance screenshot FILE/);
        return true;
      });
    }
  });
});
