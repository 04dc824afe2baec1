// Zip bombs and hostile entry names against the APK reader, made in the test: an entry that deflates a
// thousand to one, entries whose declared sizes add up past the cap (central directory forged), and names that
// climb out of the archive. Each is APK_INVALID before anything is inflated, or the entry is never read.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { zipSync } from 'fflate';
import { apkEntries, mapApk, safeEntryName } from '../../src/uimap/apk/index.js';
import { isGlanceError } from '../../src/errors.js';

/** Sets every central-directory entry's uncompressed size (offset 24 of each PK\1\2 record) to `size`. */
function claimSize(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++) if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  return out;
}

test('an entry that inflates a thousand to one is refused before inflating', () => {
  // 64 MB of zeros deflate to about 64 KB.
  const bomb = zipSync({ 'AndroidManifest.xml': new Uint8Array(16), 'classes.dex': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
  assert.ok(bomb.length < 200_000, `the bomb is ${bomb.length} bytes`);
  const rss = process.memoryUsage().rss;
  assert.throws(
    () => mapApk(bomb),
    (e: unknown) => isGlanceError(e, 'APK_INVALID') && /classes\.dex inflates \d+ to 1 \(at most 100 to 1\): a zip bomb/.test(e.message),
  );
  // Nothing near the 64 MB was allocated for it (a loose bound: the heap moves for other reasons too).
  assert.ok(process.memoryUsage().rss - rss < 48 * 1024 * 1024);
});

test('declared sizes that add up past the cap are refused', () => {
  const files: Record<string, Uint8Array> = {};
  for (let i = 0; i < 4; i++) files[`res/layout/l${i}.xml`] = new Uint8Array(2 * 1024 * 1024).fill(i + 1);
  const zip = zipSync(files, { level: 0 });
  // Stored entries: ratio 1, each 2 MB; the cap of 5 MB is crossed at the third.
  assert.throws(
    () => apkEntries(zip, { maxTotalBytes: 5 * 1024 * 1024 }),
    (e: unknown) => isGlanceError(e, 'APK_INVALID') && /inflate to more than 5242880 bytes/.test(e.message),
  );
  assert.equal(Object.keys(apkEntries(zip, { maxTotalBytes: 9 * 1024 * 1024 })).length, 4);
  // A central directory that lies upwards is a ratio the reader refuses.
  assert.throws(
    () => apkEntries(claimSize(zip, 250 * 1024 * 1024)),
    (e: unknown) => isGlanceError(e, 'APK_INVALID') && /a zip bomb/.test(e.message),
  );
});

test('entry names that leave the archive are never read', () => {
  for (const bad of ['/etc/passwd', 'res/../../x.xml', '..\\x.dex', 'C:/x.xml', 'res/layout/..', 'res/\\..\\a.xml'])
    assert.equal(safeEntryName(bad), false, bad);
  for (const good of ['res/layout/main.xml', 'classes2.dex', 'res/a..b.xml']) assert.equal(safeEntryName(good), true, good);
  const zip = zipSync({ 'res/../../evil.xml': new Uint8Array([1]), 'res/layout/a.xml': new Uint8Array([2]) });
  assert.deepEqual(Object.keys(apkEntries(zip)), ['res/layout/a.xml']);
});
