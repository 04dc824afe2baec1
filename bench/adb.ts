// ADB round-trip latency: a shell v2 call through the real adb server and through our direct transport, plus
// exec throughput. Starts its own virtual device endpoint and adb server (own port, own HOME) and stops both.
// Run: node --import tsx bench/adb.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  AdbClient,
  connectDirect,
  createServerTransport,
  findAdbBinary,
  listenDevice,
  openShellService,
  startAdbServer,
  type DeviceServices,
  type ShellResult,
} from '../src/adb/index.js';
import { freePort } from '../test/adb/adb-harness.js';

const EXEC_BYTES = 4 * 1024 * 1024;


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

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
}

async function timeEach(n: number, f: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i++) await f(); // warm up
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await f();
    out.push(performance.now() - t);
  }
  return out;
}

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
    results.shellViaServerMs = median(await timeEach(50, () => viaServer.shell('echo x')));
    results.execViaServerMs = median(await timeEach(50, () => viaServer.exec('echo x')));
    const t1 = await timeEach(5, () => viaServer.exec('blob'));
    results.execViaServerMBps = EXEC_BYTES / 1e6 / (median(t1) / 1000);

    const direct = await connectDirect({ port: device.port, env });
    try {
      const viaDirect = new AdbClient(direct).deviceBySerial(serial);
      results.shellDirectMs = median(await timeEach(50, () => viaDirect.shell('echo x')));
      results.execDirectMs = median(await timeEach(50, () => viaDirect.exec('echo x')));
      const t2 = await timeEach(5, () => viaDirect.exec('blob'));
      results.execDirectMBps = EXEC_BYTES / 1e6 / (median(t2) / 1000);
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
