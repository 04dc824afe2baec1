// 4 MiB from the virtual device (`glance virtual`, demo app) through the real adb server, read by Glance's own
// client and by Tango (@yume-chan/adb) side by side, through `exec:` and through shell v2: MB/s, best of 10
// after a warm-up. Starts its own device and adb server (own port, own HOME) and stops both.
// Run: node --import tsx bench/throughput.ts
import { pathToFileURL } from 'node:url';
import { AdbServerClient as TangoServer } from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import { AdbClient, ShellId, ShellPacketDecoder, encodeShellPacket } from '../src/adb/index.js';
import { createServerTransport } from '../src/adb/node/host.js';
import { startVirtualDevice } from '../src/device/virtual/index.js';
import { AdbHarness } from '../test/adb/adb-harness.js';

const BYTES = 4 * 1024 * 1024;
const RUNS = 10;

async function mbps(read: () => Promise<Uint8Array>): Promise<number> {
  const first = await read();
  if (first.length !== BYTES) throw new Error(`read ${first.length} bytes, expected ${BYTES}`);
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await read();
    best = Math.min(best, performance.now() - t);
  }
  return Math.round(BYTES / 1e6 / (best / 1000));
}

/** The client's shell v2 decoding alone: one 4 MiB stdout packet arriving in 16 KiB pieces (ms, best of 10). */
function decodeMs(): number {
  const wire = encodeShellPacket(ShellId.stdout, Buffer.alloc(BYTES, 0x5a));
  let best = Infinity;
  for (let i = 0; i < 11; i++) {
    const t = performance.now();
    const d = new ShellPacketDecoder();
    for (let at = 0; at < wire.length; at += 16 * 1024) d.push(wire.subarray(at, at + 16 * 1024));
    best = Math.min(best, performance.now() - t);
  }
  return Math.round(best * 100) / 100;
}

export async function benchThroughput(): Promise<Record<string, number>> {
  const dev = await startVirtualDevice();
  dev.device.fs.writeFile('/sdcard/blob', Buffer.alloc(BYTES, 0x5a));
  const harness = await AdbHarness.start();
  const out: Record<string, number> = { 'shell v2 decode 4 MiB in 16 KiB pieces (ms)': decodeMs() };
  try {
    await harness.connectOnline(dev.serial);
    const glance = new AdbClient(createServerTransport({ port: harness.port, env: harness.env })).deviceBySerial(dev.serial);
    const tango = await new TangoServer(new AdbServerNodeTcpConnector({ host: '127.0.0.1', port: harness.port })).createAdb({
      serial: dev.serial,
    });
    const cmd = 'cat /sdcard/blob';
    out['exec: Glance (MB/s)'] = await mbps(() => glance.exec(cmd));
    out['exec: Tango (MB/s)'] = await mbps(() => tango.subprocess.noneProtocol.spawnWait(cmd));
    out['shell v2: Glance (MB/s)'] = await mbps(async () => (await glance.shell(cmd)).stdout);
    const v2 = tango.subprocess.shellProtocol;
    if (v2 === undefined) throw new Error('Tango sees no shell v2 on the virtual device');
    out['shell v2: Tango (MB/s)'] = await mbps(async () => (await v2.spawnWait(cmd)).stdout);
    out['shell v2: Glance / Tango'] = Math.round((out['shell v2: Glance (MB/s)']! / out['shell v2: Tango (MB/s)']!) * 100) / 100;
    await tango.close();
  } finally {
    await harness.stop();
    await dev.close();
  }
  return out;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchThroughput(), null, 2));
}
