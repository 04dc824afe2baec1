// The virtual device in-process: cost of the calls tools make most (uiautomator dump through the shell service,
// the dump+cat one-liner, input tap, screencap), DroidBot load time, and the DroidTask replay score.
// Run: node --import tsx bench/virtual.ts
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ServiceIO } from '../src/adb/services.js';
import { createVirtualDevice, type VirtualDevice } from '../src/device/virtual/index.js';
import { CORPUS, replayDroidTask } from '../test/virtual/droidtask.js';

/** Opens a service and resolves when the device closes the stream (what the transport would see). */
function callService(dev: VirtualDevice, service: string): Promise<number> {
  return new Promise((resolve, reject) => {
    let bytes = 0;
    const io: ServiceIO = {
      write: async (d) => void (bytes += d.length),
      close: () => resolve(bytes),
    };
    if (dev.services.open(service, io) === undefined) reject(new Error(`refused ${service}`));
  });
}

async function perCall(n: number, fn: () => Promise<unknown>): Promise<number> {
  await fn(); // warm-up (glyph cache, JIT)
  const t = performance.now();
  for (let i = 0; i < n; i++) await fn();
  return (performance.now() - t) / n;
}

export async function benchVirtual(): Promise<Record<string, number>> {
  const dev = createVirtualDevice();
  const out: Record<string, number> = {};
  out['dump service call (µs)'] = Math.round(
    1000 * (await perCall(200, () => callService(dev, 'shell,v2,raw:uiautomator dump /sdcard/w.xml'))),
  );
  out['dump+cat one-liner (µs)'] = Math.round(
    1000 * (await perCall(200, () => callService(dev, 'shell,v2,raw:uiautomator dump /sdcard/w.xml >/dev/null 2>&1 && cat /sdcard/w.xml'))),
  );
  out['input tap, navigate and back (µs)'] = Math.round(
    (1000 *
      (await perCall(200, async () => {
        await dev.run('input tap 1017 136');
        await dev.run('input keyevent 4');
      }))) /
      2,
  );
  out['screencap -p home (ms)'] = Number((await perCall(10, () => dev.screencap())).toFixed(1));
  dev.state.tap(1017, 136);
  out['screencap -p settings (ms)'] = Number((await perCall(10, () => dev.screencap())).toFixed(1));
  out['screencap bytes (home, KiB)'] = Math.round((await callService(createVirtualDevice(), 'exec:screencap -p')) / 1024);
  if (existsSync(CORPUS)) {
    const r = await replayDroidTask();
    out['DroidBot load per app (ms)'] = Math.round(r.loadMsPerApp);
    out['DroidTask tasks replayed fully'] = r.full;
    out['DroidTask tasks'] = r.tasks;
  }
  for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(40)} ${v}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchVirtual();
