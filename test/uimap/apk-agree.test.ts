// The APK decoders agree with Debian's aapt and dexdump on real APKs (apk-agreement.ts): the APKs under 5 MB that
// npm packages ship, and the Android framework's resource table. The 18 MB one is in apk-agree-large.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apkEntries, readResourceTable } from '../../src/uimap/index.js';
import { requires } from '../helpers/requires.js';
import { FRAMEWORK, needsFramework, run } from './android-tools.js';
import { agreesWithTools, npmApksSized } from './apk-agreement.js';

describe('APK decoders agree with aapt and dexdump', { skip: requires({ androidTools: true }) }, () => {
  const apks = npmApksSized(true);
  test('there are real APKs to check (agent-device ships two)', () => {
    assert.ok(apks.length >= 2, apks.join(', '));
  });
  for (const apk of apks) test(`${path.basename(apk)}: manifest tree, resource names, classes`, () => agreesWithTools(apk));
});

describe(
  'resources.arsc of the Android framework',
  {
    skip: needsFramework(),
  },
  () => {
    test('every resource id and name aapt lists, no more', () => {
      const table = readResourceTable(apkEntries(readFileSync(FRAMEWORK))['resources.arsc'] as Uint8Array);
      const names = [
        ...run('aapt', ['dump', 'resources', FRAMEWORK]).matchAll(/spec resource 0x([0-9a-f]+) ([^:]+):([^/]+)\/([^:]+):/g),
      ].map((m) => `${m[1]} ${m[2]}:${m[3]}/${m[4]}`);
      const ours = [...table.names].map(([id, n]) => `${id.toString(16).padStart(8, '0')} ${n.pkg}:${n.type}/${n.name}`);
      assert.ok(names.length > 10000);
      assert.deepEqual(ours.sort(), names.sort());
    });
  },
);
