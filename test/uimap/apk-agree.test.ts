// The APK decoders agree with Debian's aapt and dexdump on real APKs (apk-agreement.ts): the APKs under 5 MB that
// npm packages ship. The 18 MB one and the Android framework's 31 MB resource table are in apk-agree-large.test.ts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { requires } from '../helpers/requires.js';
import { agreesWithTools, npmApksSized } from './apk-agreement.js';

describe('APK decoders agree with aapt and dexdump', { skip: requires({ androidTools: true }) }, () => {
  const apks = npmApksSized(true);
  test('there are real APKs to check (agent-device ships two)', () => {
    assert.ok(apks.length >= 2, apks.join(', '));
  });
  for (const apk of apks) test(`${path.basename(apk)}: manifest tree, resource names, classes`, () => agreesWithTools(apk));
});
