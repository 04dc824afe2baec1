// Hostile hosts against the device side of the transport: one that opens streams, never reads and drops the
// connection, and one that never acknowledges what it is sent. The device must survive both and hold bounded
// output per connection.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { serveDevice } from '../../src/adb/device-endpoint.js';
import { A_CNXN, A_OPEN, A_VERSION, A_WRTE, PacketDecoder, encodePacket } from '../../src/adb/packet.js';
import type { DeviceServices } from '../../src/adb/services.js';
import { createStreamPair } from '../../src/adb/stream.js';
import { AdbClient } from '../../src/adb/client.js';
import { connectDirect } from '../../src/adb/node/host.js';
import { startVirtualDevice } from '../../src/device/virtual/index.js';
import { rawHost } from './raw-host.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('device endpoint under hostile hosts', () => {
  test('a host that opens streams, stops reading and disconnects cannot crash the process', async () => {
    const rejections: unknown[] = [];
    const onRejection = (e: unknown): void => void rejections.push(e);
    process.on('unhandledRejection', onRejection);
    const dev = await startVirtualDevice();
    try {
      dev.device.fs.writeFile('/sdcard/big.bin', new Uint8Array(1024 * 1024).fill(7));
      for (let round = 0; round < 3; round++) {
        const host = await rawHost(dev.port);
        for (let i = 0; i < 50; i++) host.open('exec:cat /sdcard/big.bin');
        await sleep(300);
        host.destroy();
        await sleep(100);
      }
      await sleep(200);
      assert.deepEqual(rejections.map(String), []);
      // And the device still serves a well-behaved client.
      const transport = await connectDirect({ port: dev.port, timeoutMs: 5000, keyPath: '/nonexistent' });
      const out = await new AdbClient(transport).deviceBySerial(transport.serial).shell('echo alive');
      assert.equal(out.stdout.toString(), 'alive\n');
      transport.close();
    } finally {
      process.off('unhandledRejection', onRejection);
      await dev.close();
    }
  });

  test('a host that never acknowledges gets no more commands started than the output budget holds', async () => {
    const started: string[] = [];
    const MiB = 1024 * 1024;
    const services: DeviceServices = {
      banner: () => ({ product: 'p', model: 'm', device: 'd', features: ['shell_v2'] }),
      open(name, io) {
        started.push(name);
        io.write(new Uint8Array(MiB)).catch(() => undefined);
        return { input: () => undefined, closed: () => undefined };
      },
    };
    const [hostSide, deviceSide] = createStreamPair();
    const served = serveDevice(deviceSide, services, { maxBufferedBytes: 4 * MiB });
    await hostSide.write(encodePacket({ command: A_CNXN, arg0: A_VERSION, arg1: MiB, payload: Buffer.from('host::\0') }));
    for (let id = 1; id <= 400; id++) {
      await hostSide.write(encodePacket({ command: A_OPEN, arg0: id, arg1: 0, payload: Buffer.from('exec:big\0') }));
    }
    // Read what the device sends, but never OKAY a WRTE.
    const decoder = new PacketDecoder({ maxPayload: MiB });
    let wrtes = 0;
    const reading = (async () => {
      for (;;) {
        const chunk = await hostSide.read();
        if (chunk === null) return;
        for (const p of decoder.push(chunk)) if (p.command === A_WRTE) wrtes++;
      }
    })();
    await sleep(300);
    assert.ok(wrtes > 0, 'the device answered');
    // 4 MiB of budget: 4 commands of 1 MiB fill it, one more may start before its output is counted.
    assert.ok(started.length <= 6, `${started.length} commands started`);
    hostSide.close();
    await served;
    await reading;
  });
});
