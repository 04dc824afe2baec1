// A device without shell_v2 (Android < 7): the legacy `shell:` service has no exit status and mixes stderr into
// stdout. The virtual device is served with its feature list cut down, reached through the direct transport.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AdbClient } from '../../src/adb/client.js';
import type { DirectTransport } from '../../src/adb/direct-transport.js';
import { connectDirect } from '../../src/adb/node/host.js';
import { listenDevice, type DeviceListener } from '../../src/adb/node/listen.js';
import type { DeviceServices } from '../../src/adb/services.js';
import { typeInto, fresh } from '../../src/device/actions/index.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { adbPort } from '../../src/device/adb-port.js';
import { createVirtualDevice } from '../../src/device/virtual/device.js';
import { isGlanceError } from '../../src/errors.js';
import { LOGIN_SCENARIO, memoryStore } from './harness.js';

let listener: DeviceListener;
let transport: DirectTransport;
let device: AdbDevice;

before(async () => {
  const vd = createVirtualDevice({ scenario: LOGIN_SCENARIO });
  const services: DeviceServices = {
    banner: () => ({ ...vd.services.banner(), features: ['cmd'] }),
    open: (service, io) => (service.startsWith('shell,') ? undefined : vd.services.open(service, io)),
  };
  listener = await listenDevice({ port: 0, services });
  transport = await connectDirect({ port: listener.port, timeoutMs: 5000 });
  const client = new AdbClient(transport).deviceBySerial(transport.serial);
  assert.ok(!(await client.features()).includes('shell_v2'));
  device = new AdbDevice(adbPort(client));
});

after(async () => {
  transport.close();
  await listener.close();
});

test('exit status and output survive the legacy shell', async () => {
  const ok = await device.shell('echo hello; true');
  assert.equal(Buffer.from(ok.stdout).toString().replace(/\r\n/g, '\n'), 'hello\n');
  assert.equal(ok.exitCode, 0);
  const bad = await device.shell('echo no >&2; false');
  assert.equal(bad.exitCode, 1);
  assert.equal(Buffer.from(bad.stdout).toString().replace(/\r\n/g, '\n'), 'no\n'); // stderr shares the stream
  assert.equal((await device.shell('exit 3')).exitCode, 255); // status unknowable without shell_v2
  await assert.rejects(device.tap({ x: -5, y: Number.NaN }), (e) => isGlanceError(e, 'ADB_COMMAND_FAILED'));
});

test('dump, typing and the screenshot work without shell_v2', async () => {
  const env = { device, store: memoryStore(), signal: new AbortController().signal };
  const snap = await fresh(env);
  assert.equal(snap.elements[0]?.text, 'Sign in');
  const tricky = 'it\'s 5$ & "ok"; `id` \\ %s';
  assert.equal((await typeInto(env, { target: '#username', text: tricky })).value, tricky);
  const png = await device.screenshot();
  assert.equal(new DataView(png.buffer, png.byteOffset, png.byteLength).getUint32(16), 1080);
});
