// Device action latency through the real adb server against a virtual device: `glance ui` (live snapshot) and
// `glance tap` (resolve + input + settle + diff) run in-process through the CLI's `run`, beside the raw
// `adb exec-out sh -c 'uiautomator dump … && cat …'` on the same device, the library's AdbDevice.dump(), and the
// CLI's cold start. Starts its own virtual device and adb server (own port) and stops both.
// Run: node --import tsx bench/device.ts
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run } from '../src/cli/main.js';
import type { CliIO } from '../src/cli/io.js';
import { createDeviceProvider } from '../src/device/provider.js';
import { startVirtualDevice } from '../src/device/virtual/node/start.js';
import { AdbHarness } from '../test/adb/adb-harness.js';
import { medianMs } from './timing.js';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

function io(env: Record<string, string>): CliIO & { out: () => string } {
  let out = '';
  return {
    stdout: (s) => void (out += s),
    stderr: (s) => void (out += s),
    readStdin: async () => '',
    readFile: async () => '',
    isTTY: false,
    env: { ...process.env, ...env },
    signal: new AbortController().signal,
    out: () => out,
  };
}

export async function benchDevice(): Promise<Record<string, number>> {
  const v = await startVirtualDevice({ scenario: 'demo' });
  // Started last, so nothing that can fail stands between it and the finally that kills it. Its own port and
  // HOME (where the adb server keeps its key) are the CLI's too.
  const h = await AdbHarness.start();
  const stateDir = mkdtempSync(join(tmpdir(), 'glance-bench-device-'));
  const env = { ANDROID_ADB_SERVER_PORT: String(h.port), GLANCE_STATE_DIR: stateDir, HOME: h.home };
  const results: Record<string, number> = {};
  try {
    await h.connectOnline(v.serial);
    /** The CLI in-process against one device; a failed command throws with what it printed. */
    const glanceOn =
      (serial: string) =>
      async (...argv: string[]): Promise<void> => {
        const c = io(env);
        const code = await run(['-s', serial, ...argv], c);
        if (code !== 0) throw new Error(`glance ${argv.join(' ')} exited ${code}: ${c.out()}`);
      };
    const glance = glanceOn(v.serial);

    results['raw adb exec-out dump+cat (ms)'] = await medianMs(15, async () => {
      const r = await h.adb(['-s', v.serial, 'exec-out', "sh -c 'uiautomator dump /sdcard/x.xml >/dev/null && cat /sdcard/x.xml'"]);
      if (!r.stdout.includes('</hierarchy>')) throw new Error(`raw dump failed: ${r.stdout.subarray(0, 200).toString()}`);
    });
    const provider = createDeviceProvider(env);
    const device = await provider.get(v.serial, { signal: new AbortController().signal });
    results['AdbDevice.dump() library (ms)'] = await medianMs(15, () => device.dump());
    results['glance ui, in-process CLI (ms)'] = await medianMs(15, () => glance('ui'));
    // A tap that changes nothing on screen: resolve + `input tap` + settle (2 identical dumps) + diff.
    const dim = v.device.scenario.display;
    const still = `${Math.round(dim.width / 2)},${Math.round(dim.height * 0.02)}`;
    results['glance tap X,Y + settle, in-process CLI (ms)'] = await medianMs(15, () => glance('tap', still));
    results['glance key BACK + settle (ms)'] = await medianMs(5, () => glance('key', 'BACK'));

    // The same on a device whose `uiautomator dump` takes 1.5 s, as a phone's does: the settle
    // cost is then two dumps after the input.
    const slow = await startVirtualDevice({ scenario: 'demo', dumpDelayMs: 1500 });
    try {
      await h.connectOnline(slow.serial);
      const onSlow = glanceOn(slow.serial);
      results['1.5 s dumps: glance ui (ms)'] = await medianMs(3, () => onSlow('ui'), 0);
      results['1.5 s dumps: glance tap X,Y + settle (ms)'] = await medianMs(3, () => onSlow('tap', still), 0);
    } finally {
      await h.adb(['disconnect', slow.serial]);
      await slow.close();
    }

    // Cold start: a fresh node process printing the version; dist when built, else from source through tsx.
    const built = existsSync(join(repoRoot, 'dist/src/cli/main.js'));
    const args = built
      ? [join(repoRoot, 'bin/glance.js'), '--version']
      : ['--import', 'tsx', join(repoRoot, 'test/helpers/glance-dev.ts'), '--version'];
    results[built ? 'CLI cold start, node bin/glance.js --version (ms)' : 'CLI cold start from source via tsx, --version (ms)'] =
      await medianMs(
        5,
        () =>
          new Promise<void>((resolve, reject) => {
            const child = spawn(process.execPath, args, { cwd: repoRoot, stdio: 'ignore' });
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`exit ${code}`))));
          }),
        1,
      );
  } finally {
    await h.stop();
    await v.close();
    rmSync(stateDir, { recursive: true, force: true });
  }
  for (const k of Object.keys(results)) results[k] = Math.round((results[k] as number) * 10) / 10;
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const r = await benchDevice();
  for (const [k, val] of Object.entries(r)) process.stdout.write(`${k.padEnd(52)} ${val}\n`);
}
