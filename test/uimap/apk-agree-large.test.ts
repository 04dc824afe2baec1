// The APK decoders on the largest inputs the machine has: the APKs of 5 MB and more that npm packages ship (the
// UiAutomator2 server's 18 MB, sixteen DEX files) against Debian's aapt and dexdump (apk-agreement.ts), and the
// Android framework's 31 MB resources.arsc — every resource id and name aapt lists, and the same table again in
// each encoding newer build tools write (arsc-encodings.ts). Their own file, the slowest of the UI Map tests
// (5 s; minutes with a mutation run's instrumented decoders): the decoders' mutation run leaves it out, and
// checks the same code on the tiny app and the small APKs instead.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apkEntries, readResourceTable } from '../../src/uimap/index.js';
import { requires } from '../helpers/requires.js';
import { FRAMEWORK, needsFramework, run } from './android-tools.js';
import { agreesWithTools, npmApksSized } from './apk-agreement.js';
import { reencode, summary } from './arsc-encodings.js';

describe('APK decoders agree with aapt and dexdump on large APKs', { skip: requires({ androidTools: true }) }, () => {
  const apks = npmApksSized(false);
  if (apks.length === 0)
    test(
      'an APK of 5 MB or more',
      { skip: 'skipped: no APK of 5 MB or more installed (the optional appium-uiautomator2-server package has one)' },
      () => {},
    );
  for (const apk of apks) test(`${path.basename(apk)}: manifest tree, resource names, classes`, () => agreesWithTools(apk));
});

describe('resources.arsc of the Android framework', { skip: needsFramework() }, () => {
  const arsc = apkEntries(readFileSync(FRAMEWORK))['resources.arsc'] as Uint8Array;
  const table = readResourceTable(arsc);

  test('every resource id and name aapt lists, no more', () => {
    const names = [...run('aapt', ['dump', 'resources', FRAMEWORK]).matchAll(/spec resource 0x([0-9a-f]+) ([^:]+):([^/]+)\/([^:]+):/g)].map(
      (m) => `${m[1]} ${m[2]}:${m[3]}/${m[4]}`,
    );
    const ours = [...table.names].map(([id, n]) => `${id.toString(16).padStart(8, '0')} ${n.pkg}:${n.type}/${n.name}`);
    assert.ok(names.length > 10000);
    assert.deepEqual(ours.sort(), names.sort());
  });

  test('16-bit offsets, sparse types and compact entries: the same names and values as the classic encoding', () => {
    const classic = summary(table);
    for (const mode of ['offset16', 'sparse', 'compact'] as const) {
      const { bytes, changed } = reencode(arsc, mode);
      assert.ok(changed > 100, `${mode}: ${changed} type chunks re-encoded`);
      assert.deepEqual(summary(readResourceTable(bytes)), classic, mode);
    }
  });
});
