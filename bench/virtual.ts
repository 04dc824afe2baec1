// The virtual device in-process: cost of the calls tools make most (uiautomator dump through the shell service,
// the dump+cat one-liner, input tap, screencap), DroidBot load time, and the DroidTask replay score.
// Run: node --import tsx bench/virtual.ts
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';
import type { ServiceIO } from '../src/adb/services.js';
import { createVirtualDevice, shQuote, type VirtualDevice } from '../src/device/virtual/index.js';

const CORPUS = fileURLToPath(new URL('../../shared/corpus/droidtask/', import.meta.url));

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

interface Step {
  app: string;
  task_file: string;
  step: number;
  kind: string;
  input: string;
  state_str: string;
  target?: { bounds: [[number, number], [number, number]] } | null;
}

async function replayScore(): Promise<{ full: number; tasks: number; loadMs: number }> {
  const tasks = new Map<string, Step[]>();
  for (const line of readFileSync(join(CORPUS, 'steps.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const s = JSON.parse(line) as Step;
    const key = `${s.app}/${s.task_file}`;
    tasks.set(key, [...(tasks.get(key) ?? []), s]);
  }
  const devices = new Map<string, VirtualDevice>();
  let loadMs = 0;
  let full = 0;
  for (const steps of tasks.values()) {
    steps.sort((a, b) => a.step - b.step);
    const app = steps[0]!.app;
    let dev = devices.get(app);
    if (dev === undefined) {
      const t = performance.now();
      dev = createVirtualDevice({ droidbotDir: join(CORPUS, app) });
      loadMs += performance.now() - t;
      devices.set(app, dev);
    }
    dev.state.reset(steps[0]!.state_str);
    let ok = true;
    for (let i = 0; ok && i + 1 < steps.length; i++) {
      const s = steps[i]!;
      if (s.kind === 'back') await dev.run('input keyevent 4');
      else if (s.target == null) ok = false;
      else {
        const [[l, t], [r, b]] = s.target.bounds;
        await dev.run(`input tap ${(l + r) >> 1} ${(t + b) >> 1}`);
        if (s.kind === 'input') await dev.run(`input text ${shQuote(s.input)}`);
      }
      ok &&= dev.state.screenName() === dev.scenario.aliases!.get(steps[i + 1]!.state_str);
    }
    if (ok) full++;
  }
  return { full, tasks: tasks.size, loadMs: loadMs / devices.size };
}

export async function benchVirtual(): Promise<Record<string, number>> {
  const dev = createVirtualDevice();
  const out: Record<string, number> = {};
  out['dump service call (µs)'] = Math.round(1000 * (await perCall(200, () => callService(dev, 'shell,v2,raw:uiautomator dump /sdcard/w.xml'))));
  out['dump+cat one-liner (µs)'] = Math.round(
    1000 * (await perCall(200, () => callService(dev, 'shell,v2,raw:uiautomator dump /sdcard/w.xml >/dev/null 2>&1 && cat /sdcard/w.xml'))),
  );
  out['input tap, navigate and back (µs)'] = Math.round(1000 * (await perCall(200, async () => {
    await dev.run('input tap 1017 136');
    await dev.run('input keyevent 4');
  })) / 2);
  out['screencap -p home (ms)'] = Number((await perCall(10, () => dev.screencap())).toFixed(1));
  dev.state.tap(1017, 136);
  out['screencap -p settings (ms)'] = Number((await perCall(10, () => dev.screencap())).toFixed(1));
  out['screencap bytes (home, KiB)'] = Math.round((await callService(createVirtualDevice(), 'exec:screencap -p')) / 1024);
  if (existsSync(CORPUS)) {
    const r = await replayScore();
    out['DroidBot load per app (ms)'] = Math.round(r.loadMs);
    out['DroidTask tasks replayed fully'] = r.full;
    out['DroidTask tasks'] = r.tasks;
  }
  for (const [k, v] of Object.entries(out)) console.log(`${k.padEnd(40)} ${v}`);
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchVirtual();
