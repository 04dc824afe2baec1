// Peers run as they are against `glance virtual` (the demo app) through the real adb server (own port, killed
// after): each one's read (screen elements), act (tap) and launch operations, as its own process where it has one.
//
// What each peer does and does not do here (a test below pins every line, failures included):
// - Tango (@yume-chan/adb): reads the one-root dump from `uiautomator dump /dev/tty`, taps, launches by package.
// - mobile-mcp, legacy adb robot: lists the screen's elements, lists apps (query-activities `packageName=`),
//   taps, presses BACK, types, swipes, screenshots, launches. Does not open a URL: no browser is recorded, so
//   `am start -a VIEW -d URL` resolves nothing (a phone would open Chrome).
// - mobile-mcp, mobilecli robot (its default): lists elements (mobilecli reads `uiautomator dump`), taps,
//   launches (`resolve-activity --brief PKG`, then `am start`), screenshots. Does not list apps: mobilecli
//   pushes its own dex and starts it with `app_process`, and no code runs on a recorded device. No URL either.
// - agent-device (its CLI and daemon): lists the device, opens the app by package, presses, lists apps, closes.
//   Does not snapshot: it installs its helper APK (the install succeeds) and reads the screen through that
//   helper's instrumentation, which cannot run here.
// - adbkit (@devicefarmer/adbkit): lists the device, reads its features (`pm list features`) and the one-root dump,
//   taps, finds the app installed, starts it (`am start -W -a MAIN -c LAUNCHER -n COMP`).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import adbkit from '@devicefarmer/adbkit';
import { AdbServerClient as TangoServer } from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import { parseDump } from '../../src/hierarchy/parse.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbHarness, waitFor } from '../adb/adb-harness.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const MOBILE_MCP = 'node_modules/@mobilenext/mobile-mcp/lib/index.js';
const MOBILECLI = 'node_modules/@mobilenext/mobilecli-linux-amd64/mobilecli-linux-amd64';
const AGENT_DEVICE = 'node_modules/agent-device/bin/agent-device.mjs';

/** Whether a process is still there (signal 0 tests without signalling). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Runs a peer's own executable (bounded), with the harness's adb server in its environment. */
function runPeer(file: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 60_000 }, (error, stdout, stderr) =>
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: `${stdout}${stderr}` }),
    );
  });
}

describe('peers against the virtual device', { skip: requires({ adb: true }), timeout: 240_000 }, () => {
  let harness: AdbHarness;
  let dev: RunningVirtualDevice;
  /** The harness's environment for a peer's process: its adb server and HOME, no SDK. */
  const peerEnv = (extra: Record<string, string> = {}): Record<string, string> => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(harness.env)) if (v !== undefined) env[k] = v;
    delete env.ANDROID_HOME;
    return { ...env, ...extra };
  };

  before(async () => {
    dev = await startVirtualDevice();
    harness = await AdbHarness.start();
    await harness.connectOnline(dev.serial);
  });
  after(async () => {
    await harness?.stop();
    await dev?.close();
  });

  test('Tango (@yume-chan/adb): reads the one-root dump from /dev/tty, taps, launches by package', async () => {
    const adb = await new TangoServer(new AdbServerNodeTcpConnector({ host: '127.0.0.1', port: harness.port })).createAdb({
      serial: dev.serial,
    });
    try {
      const v2 = adb.subprocess.shellProtocol!;
      const out = await adb.subprocess.noneProtocol.spawnWaitText('uiautomator dump /dev/tty');
      assert.ok(out.endsWith('UI hierchary dumped to: /dev/tty\n'));
      const dump = parseDump(out.slice(0, out.lastIndexOf('UI hier')));
      assert.equal(dump.roots.length, 1);
      assert.equal((await v2.spawnWait('input tap 1017 136')).exitCode, 0); // Settings
      assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
      const start = await v2.spawnWaitText(
        'am start -W -a android.intent.action.MAIN -c android.intent.category.DEFAULT -c android.intent.category.LAUNCHER -p dev.glance.demo',
      );
      assert.equal(start.exitCode, 0, start.stderr);
    } finally {
      await adb.close();
    }
  });

  test('adbkit: lists the device and its features, reads the one-root dump, taps, launches', async () => {
    const { Adb } = adbkit; // CommonJS: named exports come through the default import
    const client = Adb.createClient({ host: '127.0.0.1', port: harness.port });
    assert.ok((await client.listDevices()).some((d: { id: string; type: string }) => d.id === dev.serial && d.type === 'device'));
    const device = client.getDevice(dev.serial);
    const features = await device.getFeatures();
    assert.equal(features['android.hardware.touchscreen'], true);
    assert.equal(features['android.hardware.vulkan.version'], '4206592');
    const read = async (cmd: string): Promise<string> => (await Adb.util.readAll(await device.shell(cmd))).toString();
    dev.device.state.reset(dev.device.scenario.start);
    const out = await read('uiautomator dump /dev/tty');
    assert.ok(out.endsWith('UI hierchary dumped to: /dev/tty\n'), out.slice(-80));
    assert.equal(parseDump(out.slice(0, out.lastIndexOf('UI hier'))).roots.length, 1);
    await read('input tap 1017 136'); // Settings
    assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
    assert.equal(await device.isInstalled('dev.glance.demo'), true);
    dev.device.state.reset(dev.device.scenario.start);
    dev.device.state.home();
    const started = await device.startActivity({
      wait: true,
      action: 'android.intent.action.MAIN',
      category: 'android.intent.category.LAUNCHER',
      component: 'dev.glance.demo/.MainActivity',
    });
    assert.equal(started, true);
    assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.MainActivity');
  });

  /** One mobile-mcp session over stdio; `call` returns the tool's text and whether it failed. */
  async function withMobileMcp(
    env: Record<string, string>,
    body: (call: (name: string, args?: Record<string, unknown>) => Promise<{ text: string; failed: boolean }>) => Promise<void>,
  ): Promise<void> {
    const client = new Client({ name: 'glance-peers', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [MOBILE_MCP, '--stdio'], env, stderr: 'ignore' }));
    try {
      await body(async (name, args = {}) => {
        const r = (await client.callTool({ name, arguments: { device: dev.serial, ...args } })) as {
          content: Array<{ type: string; text?: string }>;
          isError?: boolean;
        };
        return { text: r.content.map((c) => c.text ?? '').join('\n'), failed: r.isError === true };
      });
    } finally {
      await client.close();
    }
  }

  test('mobile-mcp (legacy adb robot, MCP over stdio): lists elements and apps, taps, launches; no URL', async () => {
    await withMobileMcp(peerEnv({ MOBILEMCP_LEGACY_ROBOT: '1', MOBILEMCP_DISABLE_TELEMETRY: '1' }), async (call) => {
      const ok = async (name: string, args?: Record<string, unknown>): Promise<string> => {
        const r = await call(name, args);
        assert.equal(r.failed, false, `${name}: ${r.text}`);
        return r.text;
      };
      dev.device.state.reset(dev.device.scenario.start);
      const elements = await ok('mobile_list_elements_on_screen');
      for (const label of ['Glance Notes', 'Groceries', 'Browse recipes']) assert.ok(elements.includes(label), `${label} in:\n${elements}`);
      assert.ok(!elements.includes('com.android.systemui'), 'one root: no system bars');
      assert.match(await ok('mobile_list_apps'), /dev\.glance\.demo/);
      await ok('mobile_click_on_screen_at_coordinates', { x: 1017, y: 136 });
      assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
      await ok('mobile_press_button', { button: 'BACK' });
      assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.MainActivity');
      assert.match(await ok('mobile_get_screen_size'), /1080x2400/);
      dev.device.state.home();
      await ok('mobile_launch_app', { packageName: 'dev.glance.demo' });
      assert.equal(dev.device.state.foregroundPackage(), 'dev.glance.demo');
      const url = await call('mobile_open_url', { url: 'https://example.com' });
      assert.ok(url.failed && /am start -a android\.intent\.action\.VIEW/.test(url.text), url.text);
    });
  });

  test(
    'mobile-mcp (mobilecli robot, the default): lists elements, taps, launches; no app list, no URL',
    { skip: !existsSync(MOBILECLI) && 'mobilecli has no binary for this platform' },
    async () => {
      const env = peerEnv({ MOBILEMCP_DISABLE_TELEMETRY: '1' });
      try {
        await withMobileMcp(env, async (call) => {
          dev.device.state.reset(dev.device.scenario.start);
          const elements = await call('mobile_list_elements_on_screen');
          assert.equal(elements.failed, false, elements.text);
          for (const label of ['Glance Notes', 'Groceries', 'Browse recipes']) assert.ok(elements.text.includes(label), elements.text);
          assert.equal((await call('mobile_click_on_screen_at_coordinates', { x: 1017, y: 136 })).failed, false);
          assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
          dev.device.state.home();
          const launch = await call('mobile_launch_app', { packageName: 'dev.glance.demo' });
          assert.equal(launch.failed, false, launch.text);
          assert.equal(dev.device.state.foregroundPackage(), 'dev.glance.demo');
          // mobilecli lists apps through its own dex started with app_process: nothing runs it here.
          const apps = await call('mobile_list_apps');
          assert.ok(apps.failed && /launch device server/.test(apps.text), apps.text);
          assert.equal((await call('mobile_open_url', { url: 'https://example.com' })).failed, true);
        });
      } finally {
        // mobilecli starts a daemon on first use (keyed on HOME): stop it with the test.
        await runPeer(MOBILECLI, ['daemon', 'stop'], env);
      }
    },
  );

  test('agent-device (CLI + daemon): devices, open by package, press, apps, close; no snapshot', async () => {
    const state = tempDir('glance-agent-device-');
    const env = peerEnv({ AGENT_DEVICE_STATE_DIR: state });
    const ad = (...args: string[]): Promise<{ code: number; out: string }> =>
      runPeer(process.execPath, [AGENT_DEVICE, ...args, '--platform', 'android', '--serial', dev.serial], env);
    try {
      dev.device.state.reset(dev.device.scenario.start);
      dev.device.state.home();
      const devices = await ad('devices', '--json');
      assert.equal(devices.code, 0, devices.out);
      assert.ok(devices.out.includes(`"id": "${dev.serial}"`), devices.out);
      const open = await ad('open', 'dev.glance.demo');
      assert.equal(open.code, 0, open.out);
      assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.MainActivity');
      assert.equal((await ad('press', '1017', '136')).code, 0);
      assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
      assert.match((await ad('apps')).out, /\(dev\.glance\.demo\)/);
      // Its snapshot runs inside its helper APK's instrumentation: installed, but no code runs here.
      const snap = await ad('snapshot', '-i');
      assert.notEqual(snap.code, 0);
      assert.match(snap.out, /snapshot helper/i);
      assert.equal((await ad('close')).code, 0);
    } finally {
      // The CLI leaves its daemon running; its pid is in the state folder this test made. The folder goes once the
      // daemon has exited (it writes its logs there until then).
      const pid = existsSync(join(state, 'daemon.json'))
        ? (JSON.parse(readFileSync(join(state, 'daemon.json'), 'utf8')) as { pid: number }).pid
        : undefined;
      if (pid !== undefined) {
        process.kill(pid);
        await waitFor(async () => (isRunning(pid) ? undefined : true), 10_000);
      }
      rmSync(state, { recursive: true, force: true });
    }
  });
});
