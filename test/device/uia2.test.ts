// The UiAutomator2 server backend against the virtual device's emulation of the server, through the real adb
// server: install (fresh, same version kept, other version replaced), start and readiness, the session, page
// source, gestures, Unicode typing, the error envelope as coded errors, crash → restart, a stuck server or one
// that never starts → fallback to `uiautomator dump` (server stopped first), and the direct transport.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AdbDevice, type AdbPort } from '../../src/device/adb-device.js';
import { DirectPort } from '../../src/device/direct-port.js';
import { Uia2Device } from '../../src/device/uia2/device.js';
import { uia2Error } from '../../src/device/uia2/errors.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { UIA2_INSTRUMENTATION, UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE } from '../../src/device/uia2/protocol.js';
import { uia2PortOf } from '../../src/device/uia2/select.js';
import type { RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { isGlanceError } from '../../src/errors.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { requires } from '../helpers/requires.js';
import { Uia2Bench, type Uia2Rig } from './uia2-bench.js';

const UNICODE = 'Grüße, 東京 🚀 "quotes" $HOME';
const text = (b: Uint8Array): string => Buffer.from(b).toString('utf8');

test('the server error envelope becomes coded errors', () => {
  const env = (error: string, message = 'm') => ({ error, message, stacktrace: 'at x' });
  assert.equal(uia2Error(404, env('no such element'), 'POST /element').code, 'ELEMENT_NOT_FOUND');
  assert.equal(uia2Error(404, env('stale element reference'), 'POST /element/1/click').code, 'ELEMENT_NOT_FOUND');
  assert.equal(uia2Error(404, env('unknown command'), 'GET /x').code, 'NOT_SUPPORTED');
  assert.equal(uia2Error(404, env('invalid session id'), 'GET /source').code, 'UIA2_SESSION_LOST');
  const state = uia2Error(400, env('invalid element state', 'Cannot set the element'), 'POST /keys');
  assert.equal(state.code, 'UIA2_COMMAND_FAILED');
  assert.equal(state.context?.['error'], 'invalid element state');
  const other = uia2Error(500, undefined, 'GET /source');
  assert.equal(other.code, 'UIA2_COMMAND_FAILED');
  assert.match(other.message, /HTTP 500/);
});

describe('UiAutomator2 backend on the virtual device', { skip: requires({ adb: true }), timeout: 180_000 }, () => {
  let bench: Uia2Bench;
  let hasApks = false;

  before(async () => {
    bench = await Uia2Bench.start();
    hasApks = bench.hasApks;
  });
  after(() => bench.close());

  const setup = (...args: Parameters<Uia2Bench['setup']>): Promise<Uia2Rig> => bench.setup(...args);
  const adbPortOf = (v: RunningVirtualDevice): AdbPort => bench.portOf(v);

  test('first use installs both APKs, starts the server, and reads the screen as page source', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const { v, d } = await setup('uia2');
    const xml = await d.dump();
    assert.match(xml, /^<\?xml version='1.0' encoding='UTF-8' standalone='yes' \?>\n<hierarchy index="0" class="hierarchy"/);
    assert.equal(parseDump(xml).format, 'uiautomator2');
    const apks = (await findUia2Apks())!;
    assert.match(
      text((await v.device.run(`dumpsys package ${UIA2_SERVER_PACKAGE}`)).stdout),
      new RegExp(`versionName=${apks.version.replaceAll('.', '\\.')}`),
    );
    assert.match(
      text((await v.device.run('pm list instrumentation')).stdout),
      new RegExp(`instrumentation:${UIA2_INSTRUMENTATION} \\(target=${UIA2_SERVER_PACKAGE}\\)`),
    );
    assert.deepEqual(v.device.uia2(), { running: true, starts: 1 });
    const info = d.backendInfo();
    assert.equal(info.active, 'uia2');
    assert.equal(info.version, apks.version);
    assert.equal(info.last?.backend, 'uia2');
    // While the server holds UiAutomation, `uiautomator dump` fails as on a phone.
    const busy = await v.device.run('uiautomator dump /sdcard/x.xml');
    assert.match(text(busy.stderr), /UiAutomationService .*already registered/);
    // Closing ends the session and the server; the dump works again.
    await d.close();
    assert.equal(v.device.uia2().running, false);
    assert.match(text((await v.device.run('uiautomator dump /sdcard/x.xml')).stdout), /dumped to/);
  });

  test('the same version is kept; another version is replaced by the package one', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { v, d } = await setup('uia2');
    // An older server (the virtual `pm install` names a non-APK file's package and version after the file).
    await v.device.run(
      `echo x > /data/local/tmp/${UIA2_SERVER_PACKAGE}-9.0.0.apk && pm install -r /data/local/tmp/${UIA2_SERVER_PACKAGE}-9.0.0.apk`,
    );
    assert.match(text((await v.device.run(`dumpsys package ${UIA2_SERVER_PACKAGE}`)).stdout), /versionName=9\.0\.0/);
    await d.dump();
    const apks = (await findUia2Apks())!;
    assert.match(
      text((await v.device.run(`dumpsys package ${UIA2_SERVER_PACKAGE}`)).stdout),
      new RegExp(`versionName=${apks.version.replaceAll('.', '\\.')}`),
    );
    const path = text((await v.device.run(`pm path ${UIA2_TEST_PACKAGE}`)).stdout);
    await d.close();
    // A second backend on the same device finds the right version and installs nothing.
    const again = bench.track(new Uia2Device(new AdbDevice(adbPortOf(v)), uia2PortOf(adbPortOf(v))!, 'uia2'));
    await again.dump();
    assert.equal(text((await v.device.run(`pm path ${UIA2_TEST_PACKAGE}`)).stdout), path);
    assert.equal(v.device.uia2().starts, 2);
  });

  test('a server that never answers: readiness times out (uia2 fails, auto falls back to dump with the server stopped)', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const slow = { uia2StartMs: 60_000 };
    const forced = await setup('uia2', { readyTimeoutMs: 300 }, slow);
    await assert.rejects(
      forced.d.dump(),
      (e: unknown) => isGlanceError(e, 'UIA2_START_FAILED') && /did not answer within 300 ms/.test(e.message),
    );
    const auto = await setup('auto', { readyTimeoutMs: 300 }, slow);
    const xml = await auto.d.dump();
    assert.equal(parseDump(xml).format, 'uiautomator');
    assert.equal(auto.v.device.uia2().running, false);
    const info = auto.d.backendInfo();
    assert.equal(info.active, 'dump');
    assert.match(info.fallback ?? '', /UIA2_START_FAILED/);
  });

  test('an instrumentation that crashes at start is a coded error naming its output', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { v, d } = await setup('uia2');
    v.device.failUia2('no-start');
    await assert.rejects(
      d.dump(),
      (e: unknown) => isGlanceError(e, 'UIA2_START_FAILED') && /exited while starting: INSTRUMENTATION_CODE: 0/.test(e.message),
    );
    // The next call starts it again.
    assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
  });

  test('a crash mid-session restarts the server and the read succeeds', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { v, d } = await setup('uia2');
    await d.dump();
    v.device.failUia2('crash');
    const xml = await d.dump();
    assert.equal(parseDump(xml).format, 'uiautomator2');
    assert.deepEqual(v.device.uia2(), { running: true, starts: 2 });
  });

  test('a stuck page source: uia2 times out, auto stops the server and falls back to uiautomator dump', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const forced = await setup('uia2', { requestTimeoutMs: 400 });
    await forced.d.dump();
    forced.v.device.failUia2('idle-timeout');
    await assert.rejects(forced.d.dump(), (e: unknown) => isGlanceError(e, 'TIMEOUT'));
    const auto = await setup('auto', { requestTimeoutMs: 400 });
    await auto.d.dump();
    auto.v.device.failUia2('idle-timeout');
    const xml = await auto.d.dump();
    assert.equal(parseDump(xml).format, 'uiautomator');
    assert.equal(auto.v.device.uia2().running, false);
    assert.match(auto.d.backendInfo().fallback ?? '', /^TIMEOUT/);
  });

  test('without the APK package, auto reads with uiautomator dump and uia2 says what to install', async () => {
    const none = { apks: async () => undefined };
    const auto = await setup('auto', none);
    assert.equal(parseDump(await auto.d.dump()).format, 'uiautomator');
    assert.match(auto.d.backendInfo().fallback ?? '', /UIA2_UNAVAILABLE/);
    const forced = await setup('uia2', none);
    await assert.rejects(
      forced.d.dump(),
      (e: unknown) => isGlanceError(e, 'UIA2_UNAVAILABLE') && /npm install appium-uiautomator2-server/.test(e.hint ?? ''),
    );
  });

  test('gestures, keys and Unicode typing go through the server; the text lands byte-exact', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { v, d } = await setup('uia2');
    const phone = v.device.state;
    phone.reset('compose');
    await d.typeText(UNICODE);
    assert.equal(phone.fieldValue('compose_title'), UNICODE);
    // Appending keeps what is there.
    await d.typeText('!');
    assert.equal(phone.fieldValue('compose_title'), `${UNICODE}!`);
    // A tap on the body field moves the focus; typing goes there.
    await d.tap({ x: 540, y: 700 });
    await d.typeText('zwei');
    assert.equal(phone.fieldValue('compose_body'), 'zwei');
    await d.key(4);
    assert.notEqual(phone.screenName(), 'compose');
    assert.ok(v.device.uia2().running);
  });

  test('the error envelope of the running server reaches the caller as coded errors', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { v, d } = await setup('uia2');
    await d.dump();
    await assert.rejects(
      d.server.request('GET', '/appium/device/battery_status', undefined),
      (e: unknown) => isGlanceError(e, 'NOT_SUPPORTED') && /unknown command/.test(e.message),
    );
    await assert.rejects(
      d.server.request('POST', '/element', { strategy: 'xpath', selector: "//*[@text='No such thing']" }),
      (e: unknown) => isGlanceError(e, 'ELEMENT_NOT_FOUND') && /no such element/.test(e.message),
    );
    v.device.state.reset('home');
    // Typing with no text field focused.
    await assert.rejects(
      d.typeText('x'),
      (e: unknown) => isGlanceError(e, 'ELEMENT_NOT_FOUND') && /no text field has the input focus/.test(e.message),
    );
    // Typing into something that is not a text field: invalid element state.
    const found = await d.server.request('POST', '/element', { strategy: 'class name', selector: 'android.widget.TextView' });
    const id = (found.value as Record<string, string>)['element-6066-11e4-a52e-4f735466cecf'];
    await assert.rejects(
      d.server.request('POST', `/element/${id}/value`, { text: 'x' }),
      (e: unknown) => isGlanceError(e, 'UIA2_COMMAND_FAILED') && e.context?.['error'] === 'invalid element state',
    );
  });

  test('a session replaced by another client is reopened transparently', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { v, d } = await setup('uia2');
    await d.dump();
    // A second client opens its own session on the same server: the first one's id is gone.
    const other = new Uia2Device(new AdbDevice(adbPortOf(v)), uia2PortOf(adbPortOf(v))!, 'uia2');
    await other.dump();
    assert.equal(v.device.uia2().starts, 1, 'the running server is shared, not restarted');
    assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
    // It did not start the server: closing it leaves the server to the one that did.
    await other.close();
    assert.ok(v.device.uia2().running);
    assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
  });

  test('the direct transport (no adb server) reaches the server too', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const v = await bench.phone({}, false);
    const port = new DirectPort('127.0.0.1', v.port, bench.h.env);
    const d = new Uia2Device(new AdbDevice(port), uia2PortOf(port)!, 'uia2');
    try {
      assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
      await d.tap({ x: 540, y: 1200 });
      assert.ok(v.device.uia2().running);
    } finally {
      await d.close();
      port.close();
    }
    assert.equal(v.device.uia2().running, false);
  });
});
