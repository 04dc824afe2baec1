// ADB round-trip latency: a shell v2 call through the real adb server and through our direct transport, plus
// exec throughput. Starts its own virtual device endpoint and adb server (own port, own HOME) and stops both.
// Run: node --import tsx bench/adb.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { AdbClient, openShellService, type DeviceServices, type ShellResult } from '../src/adb/index.js';
import { connectDirect, createServerTransport, findAdbBinary, startAdbServer } from '../src/adb/node/host.js';
import { listenDevice } from '../src/adb/node/listen.js';
import { freePort } from '../test/adb/adb-harness.js';
import { medianMs } from './timing.js';

const EXEC_BYTES = 4 * 1024 * 1024;
const WARM = 5;

const blob = Buffer.alloc(EXEC_BYTES, 0x5a);
const services: DeviceServices = {
  banner: () => ({ product: 'bench', model: 'Bench', device: 'bench', features: ['shell_v2', 'stat_v2', 'ls_v2'] }),
  open: (service, io) =>
    openShellService(service, io, (command): ShellResult => ({
      stdout: command === 'blob' ? blob : Buffer.from(`${command}\n`),
      stderr: Buffer.alloc(0),
      exitCode: 0,
    })),
};

/** Milliseconds (median of 50) and MB/s; keys name the path measured. */
export async function benchAdb(): Promise<Record<string, number>> {
  const adbPath = findAdbBinary();
  if (!adbPath) throw new Error('benchAdb needs an adb binary');
  const device = await listenDevice({ port: 0, services });
  const port = await freePort();
  const home = mkdtempSync(join(tmpdir(), 'glance-bench-adb-'));
  const env = { ...process.env, HOME: home };
  const server = createServerTransport({ port, env, adbPath });
  const results: Record<string, number> = {};
  try {
    await startAdbServer({ adbPath, port, env });
    const serial = `127.0.0.1:${device.port}`;
    await server.connect(serial);
    const viaServer = new AdbClient(server).deviceBySerial(serial);
    results.shellViaServerMs = await medianMs(50, () => viaServer.shell('echo x'), WARM);
    results.execViaServerMs = await medianMs(50, () => viaServer.exec('echo x'), WARM);
    results.execViaServerMBps = EXEC_BYTES / 1e6 / ((await medianMs(5, () => viaServer.exec('blob'), WARM)) / 1000);

    const direct = await connectDirect({ port: device.port, env });
    try {
      const viaDirect = new AdbClient(direct).deviceBySerial(serial);
      results.shellDirectMs = await medianMs(50, () => viaDirect.shell('echo x'), WARM);
      results.execDirectMs = await medianMs(50, () => viaDirect.exec('echo x'), WARM);
      results.execDirectMBps = EXEC_BYTES / 1e6 / ((await medianMs(5, () => viaDirect.exec('blob'), WARM)) / 1000);
    } finally {
      direct.close();
    }
  } finally {
    await server.kill().catch(() => undefined);
    await device.close();
    rmSync(home, { recursive: true, force: true });
  }
  for (const k of Object.keys(results)) results[k] = Math.round((results[k] as number) * 100) / 100;
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(JSON.stringify(await benchAdb(), null, 2));
}
