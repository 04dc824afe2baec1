// The APK decoders agree with Debian's aapt and dexdump (apk-agreement.ts) on the APKs of 5 MB and more that npm
// packages ship: the UiAutomator2 server's 18 MB, sixteen DEX files. Its own file, the slowest of the UI Map tests
// (5 s; 30 s with a mutation run's instrumented decoders): the decoders' mutation run leaves it out.
import { describe, test } from 'node:test';
import path from 'node:path';
import { requires } from '../helpers/requires.js';
import { agreesWithTools, npmApksSized } from './apk-agreement.js';

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
