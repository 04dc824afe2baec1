// The virtual device's UiAutomator2 server emulation, route by route, through the real adb server: settings that
// shape the page source, element lookup and actions on found elements, pointer gestures as the phone sees them,
// the server stopping when its package is force-stopped (and Glance starting it again), the `/wd/hub` prefix, and
// a session deleted by its id.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { adbPort } from '../../src/device/adb-port.js';
import { Uia2Device } from '../../src/device/uia2/device.js';
import { Uia2Http } from '../../src/device/uia2/http.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { UIA2_SERVER_PACKAGE, W3C_ELEMENT_KEY } from '../../src/device/uia2/protocol.js';
import { uia2PortOf } from '../../src/device/uia2/select.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { isGlanceError } from '../../src/errors.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { requires } from '../helpers/requires.js';

describe('the emulated UiAutomator2 server', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let h: AdbHarness;
  let v: RunningVirtualDevice;
  let d: Uia2Device;
  let hasApks = false;

  before(async () => {
    h = await AdbHarness.start();
    v = await startVirtualDevice({ scenario: 'demo' });
    await h.connectOnline(v.serial);
    const port = adbPort(await new AdbClient(createServerTransport({ env: h.env, port: h.port })).device({ serial: v.serial }));
    d = new Uia2Device(new AdbDevice(port), uia2PortOf(port)!, 'uia2');
    hasApks = (await findUia2Apks()) !== undefined;
  });
  after(async () => {
    await d.close();
    await h.stop();
    await v.close();
  });

  const value = async (method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> =>
    (await d.server.request(method, path, body)).value;

  test('settings shape the page source: all windows, a depth limit, layout-only views dropped', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    v.device.state.reset('home');
    const plain = parseDump(await d.dump());
    assert.equal(plain.roots.length, 1);
    assert.deepEqual((await value('GET', '/appium/settings')) as Record<string, unknown>, {
      ...((await value('GET', '/appium/settings')) as Record<string, unknown>),
      waitForIdleTimeout: 0,
      shutdownOnPowerDisconnect: false,
    });
    await value('POST', '/appium/settings', { settings: { enableMultiWindows: true, noSuchSetting: 1 } });
    const all = parseDump(await d.dump());
    assert.ok(
      all.roots.some((r) => r.pkg === 'com.android.systemui'),
      'system bars are windows of their own',
    );
    await value('POST', '/appium/settings', { settings: { enableMultiWindows: false, snapshotMaxDepth: 2 } });
    const shallow = parseDump(await d.dump());
    const depth = (n: { children: readonly unknown[] }, k = 1): number =>
      n.children.length === 0 ? k : Math.max(...(n.children as Array<{ children: readonly unknown[] }>).map((c) => depth(c, k + 1)));
    assert.equal(depth(shallow.roots[0]!), 2);
    assert.ok(!('noSuchSetting' in ((await value('GET', '/appium/settings')) as object)));
    await value('POST', '/appium/settings', { settings: { snapshotMaxDepth: 70, ignoreUnimportantViews: true } });
    const compressed = parseDump(await d.dump());
    const count = (roots: readonly { children: readonly unknown[] }[]): number =>
      roots.reduce((n, r) => n + 1 + count(r.children as Array<{ children: readonly unknown[] }>), 0);
    assert.ok(count(compressed.roots) < count(plain.roots));
    await value('POST', '/appium/settings', { settings: { ignoreUnimportantViews: false } });
  });

  test('elements found by id and XPath take clicks and Unicode values; a bad XPath is an invalid selector', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const phone = v.device.state;
    phone.reset('compose');
    const byId = (await value('POST', '/element', { strategy: 'id', selector: 'compose_body', context: '' })) as Record<string, string>;
    await value('POST', `/element/${byId[W3C_ELEMENT_KEY]!}/value`, { text: 'Zürich 🚲', replace: true });
    assert.equal(phone.fieldValue('compose_body'), 'Zürich 🚲');
    await value('POST', `/element/${byId[W3C_ELEMENT_KEY]!}/value`, { text: ' → Bern' });
    assert.equal(phone.fieldValue('compose_body'), 'Zürich 🚲 → Bern');
    const byXpath = (await value('POST', '/element', {
      strategy: 'xpath',
      selector: "//android.widget.EditText[@resource-id='dev.glance.demo:id/compose_title']",
    })) as Record<string, string>;
    await value('POST', `/element/${byXpath[W3C_ELEMENT_KEY]!}/click`);
    await value('POST', '/keys', { text: 'Tag', replace: true });
    assert.equal(phone.fieldValue('compose_title'), 'Tag');
    await assert.rejects(
      value('POST', '/element', { strategy: 'xpath', selector: '//node()[1]' }),
      (e: unknown) => isGlanceError(e, 'UIA2_COMMAND_FAILED') && /invalid selector/.test(e.message),
    );
    // Once the screen changed, the element is stale.
    await d.key(4);
    await assert.rejects(
      value('POST', `/element/${byId[W3C_ELEMENT_KEY]!}/click`),
      (e: unknown) => isGlanceError(e, 'ELEMENT_NOT_FOUND') && /stale element reference/.test(e.message),
    );
  });

  test('gestures reach the phone as taps, long presses and swipes', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const phone = v.device.state;
    phone.reset('home');
    const seen = (): string[] => phone.log.map((l) => l.action);
    const before = phone.log.length;
    await d.longPress({ x: 540, y: 48 }, 800);
    await d.doubleTap({ x: 540, y: 48 });
    await d.swipe({ x: 540, y: 1600 }, { x: 540, y: 800 }, 300);
    const actions = seen().slice(before);
    assert.deepEqual(actions.slice(0, 3), ['long press 540 48', 'tap 540 48', 'tap 540 48']);
    assert.match(actions[3] ?? '', /^swipe 540 1600 540 800$/);
    const size = (await value('GET', '/window/current/size')) as { width: number; height: number };
    assert.deepEqual(size, { width: 1080, height: 2400 });
    const png = await d.screenshot();
    assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  });

  test('a force-stopped server is gone (dump works again); the next read starts it again', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    await d.dump();
    const starts = v.device.uia2().starts;
    await v.device.run(`am force-stop ${UIA2_SERVER_PACKAGE}`);
    assert.equal(v.device.uia2().running, false);
    for (let i = 0; i < 50 && d.server.running; i++) await new Promise((r) => setTimeout(r, 20));
    assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
    assert.equal(v.device.uia2().starts, starts + 1);
  });

  test('plain HTTP: /wd/hub prefix, the status envelope, a session deleted by its id stops the server', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    await d.dump();
    const t0 = createServerTransport({ env: h.env, port: h.port });
    const http = new Uia2Http((o) => t0.openService(v.serial, 'tcp:6790', o), 5000);
    try {
      const status = await http.call('GET', '/wd/hub/status', undefined);
      assert.equal(status.sessionId, 'None');
      assert.equal((status.value as { ready: boolean }).ready, true);
      const sessions = (await http.call('GET', '/sessions', undefined)).value as Array<{ id: string }>;
      assert.equal(sessions.length, 1);
      await assert.rejects(http.call('DELETE', '/session/not-a-session', undefined), (e: unknown) => isGlanceError(e, 'UIA2_SESSION_LOST'));
      await assert.rejects(
        http.call('POST', '/session', {}),
        (e: unknown) => isGlanceError(e, 'UIA2_COMMAND_FAILED') && /session not created/.test(e.message),
      );
      await http.call('DELETE', `/session/${sessions[0]!.id}`, undefined);
      for (let i = 0; i < 50 && v.device.uia2().running; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(v.device.uia2().running, false);
    } finally {
      http.close();
    }
  });
});
