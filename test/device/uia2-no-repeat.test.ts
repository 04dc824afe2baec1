// A touch must never happen twice. With backend `auto`, a touch the UiAutomator2 server received but whose reply
// was lost may have landed: it fails with the server's error instead of being sent again through `input`. Only a
// server that could not be brought up at all (nothing sent) lets `auto` carry on with adb. The device is the
// virtual one over the direct transport; the only fake is a port that drops the reply to one request after the
// server has handled it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { ByteStream } from '../../src/adb/stream.js';
import type { BackendName } from '../../src/device/uia2/device.js';
import type { Uia2Port, Uia2ServerOptions } from '../../src/device/uia2/server.js';
import { isGlanceError } from '../../src/errors.js';
import { DirectUia2 } from './uia2-direct.js';

/** A port whose streams lose the reply to the next request for `path` (the server got it and acted on it). */
function lossy(inner: Uia2Port): Uia2Port & { loseReplyTo(path: string): void } {
  let armed: string | undefined;
  const wrap = (s: ByteStream): ByteStream => {
    let cut = false;
    return {
      write: (data) => {
        if (armed !== undefined && Buffer.from(data).toString('latin1').includes(armed)) {
          armed = undefined;
          cut = true;
        }
        return s.write(data);
      },
      // node:http keeps a read pending on an idle connection, so the cut is decided when the reply arrives.
      read: async () => {
        const chunk = await s.read();
        if (!cut || chunk === null) return chunk;
        // The reply came, so the request was handled; the connection drops before the reply reaches the client.
        s.close();
        return null;
      },
      close: () => s.close(),
    };
  };
  return {
    serial: inner.serial,
    shell: (c, o) => inner.shell(c, o),
    open: async (service, o) => wrap(await inner.open(service, o)),
    push: (p, d, o) => inner.push(p, d, o),
    features: (o) => inner.features(o),
    loseReplyTo: (path) => (armed = path),
  };
}

describe('UiAutomator2 backend: touches are not repeated', { timeout: 120_000 }, () => {
  let rig: DirectUia2;
  let hasApks = false;

  before(async () => {
    rig = await DirectUia2.start('glance-uia2-home-');
    hasApks = rig.hasApks;
  });
  after(() => rig.close());

  const setup = (backend: BackendName, options: Uia2ServerOptions = {}) => rig.device(backend, options, lossy);

  for (const [what, path] of [
    ['tap', '/appium/gestures/click'],
    ['typing', '/keys'],
  ] as const) {
    test(`auto: a ${what} whose reply was lost fails with the server's error and is not sent again through adb`, async (t) => {
      if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
      const { v, d, up, taps } = await setup('auto');
      await d.dump(); // the server is up and the session open
      const phone = v.device.state;
      if (what === 'typing') phone.reset('compose');
      up.loseReplyTo(path);
      const act = what === 'tap' ? d.tap({ x: 540, y: 1200 }) : d.typeText('once');
      await assert.rejects(act, (e: unknown) => isGlanceError(e) && e.code === 'UIA2_UNREACHABLE');
      if (what === 'tap') assert.deepEqual(taps, ['540,1200'], 'the tap happened once');
      else assert.equal(phone.fieldValue('compose_title'), 'once', 'the text went in once');
      // Nothing fell back: the next read still goes through the server.
      assert.equal(d.backendInfo().fallback, undefined);
      await d.dump();
      assert.equal(d.backendInfo().last?.backend, 'uia2');
    });
  }

  test('auto: a server that could not start lets the tap go through adb, once', async () => {
    const { d, taps } = await setup('auto', { apks: async () => undefined });
    await d.tap({ x: 540, y: 1200 });
    assert.deepEqual(taps, ['540,1200']);
    assert.match(d.backendInfo().fallback ?? '', /^UIA2_UNAVAILABLE/);
    assert.equal(d.backendInfo().active, 'dump');
  });
});
