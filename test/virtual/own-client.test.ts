// Glance's own ADB client (src/adb) drives the virtual device like a phone: straight over TCP (no adb server)
// and in-process over the in-memory transport.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { AdbClient, connectInMemory, type AdbDeviceClient } from '../../src/adb/index.js';
import { connectDirect } from '../../src/adb/node/host.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { createVirtualDevice, startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';

async function exercise(phone: AdbDeviceClient, screencap: () => Promise<Uint8Array>): Promise<void> {
  const r = await phone.shell('ls /nope; echo done', { timeoutMs: 5000 });
  assert.deepEqual(
    [Buffer.from(r.stdout).toString(), Buffer.from(r.stderr).toString(), r.exitCode],
    ['done\n', 'ls: /nope: No such file or directory\n', 0],
  );
  const png = await phone.exec('screencap -p', { timeoutMs: 60_000 });
  assert.ok(Buffer.from(png).equals(Buffer.from(await screencap())));
  const xml = await phone.shell('uiautomator dump /sdcard/w.xml >/dev/null && cat /sdcard/w.xml', { timeoutMs: 5000 });
  assert.ok(parseDump(Buffer.from(xml.stdout).toString()).roots.length >= 1);
  const data = randomBytes(150_000);
  await phone.push('/data/local/tmp/d.bin', data, { timeoutMs: 5000 });
  assert.ok(Buffer.from(await phone.pull('/data/local/tmp/d.bin', { timeoutMs: 5000 })).equals(data));
  const names = (await phone.list('/data/local/tmp', { timeoutMs: 5000 })).map((e) => e.name);
  assert.ok(names.includes('d.bin'));
  assert.equal(await phone.stat('/sdcard/none', { timeoutMs: 5000 }), undefined);
}

describe("Glance's ADB client against the virtual device", () => {
  let running: RunningVirtualDevice;
  before(async () => {
    running = await startVirtualDevice();
  });
  after(() => running.close());

  test('direct TCP connection', async () => {
    const client = new AdbClient(await connectDirect({ port: running.port, timeoutMs: 5000, keyPath: '/nonexistent' }));
    try {
      await exercise(await client.device(), () => running.device.screencap());
    } finally {
      client.transport.close();
    }
  });

  test('in-memory transport', async () => {
    const dev = createVirtualDevice();
    const client = new AdbClient(await connectInMemory(dev.services, { timeoutMs: 5000 }));
    try {
      await exercise(await client.device(), () => dev.screencap());
    } finally {
      client.transport.close();
    }
  });
});
