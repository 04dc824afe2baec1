// `adb install` as users type it, through the real Debian adb (29.0.6) against the virtual device: adb picks the
// streamed install (`exec:cmd package install -S SIZE`) from the device's features, the package becomes known with
// the name and version in the APK's manifest, `adb uninstall` removes it, and a file that is no APK fails with
// the phone's words and a non-zero status.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { requires } from '../helpers/requires.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

// Real APKs that the devDependencies ship (agent-device's helper, Appium's UiAutomator2 server).
const IME_APK = join(repoRoot, 'node_modules/agent-device/android/ime-helper/dist/agent-device-android-ime-helper-0.21.5.apk');
const UIA2_APK = join(repoRoot, 'node_modules/appium-uiautomator2-server/apks/appium-uiautomator2-server-v10.6.6.apk');
const noApks =
  !existsSync(IME_APK) || !existsSync(UIA2_APK) ? 'the APKs of agent-device and appium-uiautomator2-server are missing (npm ci)' : false;

describe('adb install through the real adb', { skip: requires({ adb: true }) || noApks, timeout: 120_000 }, () => {
  let dev: RunningVirtualDevice;
  let adb: AdbHarness;
  const run = async (...args: string[]) => {
    const r = await adb.adb(['-s', dev.serial, ...args], 60_000);
    return { code: r.code, out: r.stdout.toString(), err: r.stderr };
  };
  const packages = async () => (await run('shell', 'pm', 'list', 'packages')).out;

  before(async () => {
    dev = await startVirtualDevice({ scenario: 'demo' });
    adb = await AdbHarness.start();
    await adb.connectOnline(dev.serial);
  });
  after(async () => {
    await adb?.stop();
    await dev?.close();
  });

  test('adb install streams the APK; the package is listed with its manifest version; adb uninstall removes it', async () => {
    const r = await run('install', UIA2_APK);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(r.out.split('\n').filter(Boolean), ['Performing Streamed Install', 'Success']);
    assert.match(await packages(), /^package:io\.appium\.uiautomator2\.server$/m);
    const info = (await run('shell', 'dumpsys', 'package', 'io.appium.uiautomator2.server')).out;
    assert.match(info, /versionName=10\.6\.6$/m);
    assert.match(info, /versionCode=278 /);
    const u = await run('uninstall', 'io.appium.uiautomator2.server');
    assert.deepEqual([u.code, u.out.trim()], [0, 'Success']);
    assert.doesNotMatch(await packages(), /io\.appium\.uiautomator2\.server/);
  });

  test('adb install -r replaces; a second APK installs beside it', async () => {
    for (const args of [
      ['install', IME_APK],
      ['install', '-r', IME_APK],
      ['install', '-r', '-t', UIA2_APK],
    ]) {
      const r = await run(...args);
      assert.equal(r.code, 0, `${args.join(' ')}: ${r.err}`);
    }
    const list = await packages();
    assert.match(list, /^package:com\.callstack\.agentdevice\.imehelper$/m);
    assert.match(list, /^package:io\.appium\.uiautomator2\.server$/m);
  });

  test('a file that is no APK fails as on a phone, with a non-zero status', async () => {
    const junk = join(tempDir('glance-install-'), 'junk.apk');
    writeFileSync(junk, 'not a zip at all\n');
    const r = await run('install', junk);
    assert.notEqual(r.code, 0);
    assert.match(r.err, /Failure \[INSTALL_PARSE_FAILED_NOT_APK: /);
    assert.doesNotMatch(await packages(), /package:junk/);
  });
});
