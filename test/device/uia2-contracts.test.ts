// What a caller of the UiAutomator2 backend relies on besides "a touch is never sent twice": backend `uia2` never
// quietly switches to adb, a cancelled call is not a server failure, switching backends takes effect on the next
// call, coordinates reach the phone as whole pixels, and long key runs arrive in order, once. The device is the
// virtual one over the direct transport (no adb server); the phone's own record of taps and keys is the witness.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { BackendName } from '../../src/device/uia2/device.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import type { Uia2ServerOptions } from '../../src/device/uia2/server.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { isGlanceError } from '../../src/errors.js';
import { DirectUia2 } from './uia2-direct.js';

const NO_APKS: Uia2ServerOptions = { apks: async () => undefined };

describe('UiAutomator2 backend: what callers rely on', { timeout: 120_000 }, () => {
  let rig: DirectUia2;
  let hasApks = false;

  before(async () => {
    rig = await DirectUia2.start('glance-uia2-contracts-home-');
    hasApks = rig.hasApks;
  });
  after(() => rig.close());

  const setup = (backend: BackendName, options: Uia2ServerOptions = {}) => rig.device(backend, options);

  test('uia2: a server that cannot be brought up is an error, and nothing goes through adb instead', async () => {
    const { d, taps } = await setup('uia2', NO_APKS);
    await assert.rejects(d.tap({ x: 540, y: 1200 }), (e: unknown) => isGlanceError(e, 'UIA2_UNAVAILABLE'));
    await assert.rejects(d.dump(), (e: unknown) => isGlanceError(e, 'UIA2_UNAVAILABLE'));
    assert.deepEqual(taps, [], 'no tap reached the phone');
    const info = d.backendInfo();
    assert.deepEqual([info.requested, info.active, info.fallback], ['uia2', 'uia2', undefined]);
  });

  test('auto: a cancelled read is not a server failure: the backend stays on the server', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const { d } = await setup('auto');
    await d.dump();
    const ac = new AbortController();
    ac.abort();
    await assert.rejects(d.dump({ signal: ac.signal }), (e: unknown) => isGlanceError(e, 'ABORTED'));
    assert.equal(d.backendInfo().fallback, undefined);
    assert.equal(d.backendInfo().active, 'uia2');
    await d.dump();
    assert.equal(d.backendInfo().last?.backend, 'uia2');
  });

  test('switching to dump stops the server and reads with uiautomator; back to auto reads through the server again', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const { v, d } = await setup('auto');
    assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
    assert.equal(v.device.uia2().running, true);
    assert.equal(d.backendInfo().version, (await findUia2Apks())?.version, 'the version of the server that answered');
    await d.use('dump');
    assert.equal(v.device.uia2().running, false, 'the server let go of UiAutomation');
    assert.equal(parseDump(await d.dump()).format, 'uiautomator');
    assert.deepEqual([d.backendInfo().requested, d.backendInfo().active, d.backendInfo().last?.backend], ['dump', 'dump', 'dump']);
    await d.use('auto');
    assert.equal(parseDump(await d.dump()).format, 'uiautomator2');
    assert.deepEqual([d.backendInfo().active, d.backendInfo().last?.backend], ['uia2', 'uia2']);
  });

  test('auto after a fallback: the reason is kept and every later touch goes through adb, once', async () => {
    const { d, taps } = await setup('auto', NO_APKS);
    assert.equal(parseDump(await d.dump()).format, 'uiautomator');
    await d.tap({ x: 540, y: 1200 });
    await d.doubleTap({ x: 100, y: 300 });
    assert.deepEqual(taps, ['540,1200', '100,300', '100,300']);
    assert.match(d.backendInfo().fallback ?? '', /^UIA2_UNAVAILABLE: /);
    assert.equal(d.backendInfo().last?.backend, 'dump');
  });

  test('a point between pixels reaches the phone as the nearest whole pixel, through the server as through adb', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const server = await setup('uia2');
    await server.d.tap({ x: 540.6, y: 1199.5 });
    assert.deepEqual(server.taps, ['541,1200']);
    const adb = await setup('dump');
    await adb.d.tap({ x: 540.6, y: 1199.5 });
    assert.equal(adb.taps.length, 1);
  });

  test('keys arrive in order and once each, a short run through the server as a long one through adb', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const { d, keys } = await setup('uia2');
    await d.dump();
    const short = [29, 30, 31];
    const long = [67, 67, 67, 67, 67, 67, 67, 67, 67, 67, 112, 112];
    await d.keys(short);
    await d.keys(long);
    await d.key(4);
    const name: Record<number, string> = { 4: 'BACK', 29: 'A', 30: 'B', 31: 'C', 67: 'DEL', 112: 'FORWARD_DEL' };
    assert.deepEqual(
      keys,
      [...short, ...long, 4].map((c) => name[c]),
    );
  });

  test('typing nothing sends nothing', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const { v, d } = await setup('uia2');
    v.device.state.reset('compose');
    await d.typeText('');
    assert.equal(v.device.uia2().running, false, 'not even the server was started for it');
  });
});
