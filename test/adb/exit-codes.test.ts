// Shell v2 carries the exit status as one byte (0–255). Checked at three levels: the packet codec alone, the
// real adb CLI against the virtual device, and Glance's own client through the real adb server.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ShellId, ShellPacketDecoder, encodeShellExit } from '../../src/adb/shell-protocol.js';
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbHarness } from './adb-harness.js';
import { requires } from '../helpers/requires.js';

const CODES = [0, 1, 2, 127, 128, 130, 137, 254, 255];

test('the exit packet round-trips every status 0–255', () => {
  for (let code = 0; code <= 255; code++) {
    const packets = new ShellPacketDecoder().push(encodeShellExit(code));
    assert.deepEqual(
      packets.map((p) => [p.id, [...p.data]]),
      [[ShellId.exit, [code]]],
    );
  }
});

describe('exit statuses through the real adb', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let dev: RunningVirtualDevice;
  let adb: AdbHarness;

  before(async () => {
    dev = await startVirtualDevice({ scenario: 'demo' });
    adb = await AdbHarness.start();
    await adb.connect(dev.serial);
  });
  after(async () => {
    await adb?.stop();
    await dev?.close();
  });

  test('adb shell returns the status the command exited with', async () => {
    for (const code of CODES) {
      const r = await adb.adb(['-s', dev.serial, 'shell', `exit ${code}`]);
      assert.equal(r.code, code, `exit ${code}`);
    }
  });

  test("Glance's client reads the same statuses through the server", async () => {
    const client = new AdbClient(createServerTransport({ port: adb.port, autoStart: false }));
    const d = await client.device({ serial: dev.serial });
    for (const code of CODES) assert.equal((await d.shell(`exit ${code}`)).exitCode, code, `exit ${code}`);
  });
});
