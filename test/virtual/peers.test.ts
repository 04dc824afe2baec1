// Peers run as they are against `glance virtual` (the demo app) through the real adb server (own port, killed
// after): each one's read (screen elements), act (tap) and launch operations.
//
// What the peers cannot do on a recorded device, listed rather than hidden:
// - mobile-mcp's mobilecli robot (the default) drives Android through its own on-device agent APK/dex: the
//   virtual device records installs but runs no code, so only the legacy adb robot is exercised here.
// - agent-device installs and runs its snapshot helper APK (instrumentation) for reading: not runnable here;
//   its `open PKG` path (`am start -W -a MAIN -c DEFAULT -c LAUNCHER -p PKG`) is checked through the shell.
// - adbkit: covered by the ADB conformance tests (devices, shell, push/pull), not repeated here.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { AdbServerClient as TangoServer } from '@yume-chan/adb';
import { AdbServerNodeTcpConnector } from '@yume-chan/adb-server-node-tcp';
import { parseDump } from '../../src/hierarchy/parse.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { requires } from '../helpers/requires.js';

const MOBILE_MCP = 'node_modules/@mobilenext/mobile-mcp/lib/index.js';

describe('peers against the virtual device', { skip: requires({ adb: true }), timeout: 60_000 }, () => {
  let harness: AdbHarness;
  let dev: RunningVirtualDevice;

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

  test('mobile-mcp (legacy adb robot, MCP over stdio): lists elements and apps, taps, launches the app', async () => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(harness.env)) if (v !== undefined) env[k] = v;
    Object.assign(env, { MOBILEMCP_LEGACY_ROBOT: '1', MOBILEMCP_DISABLE_TELEMETRY: '1' });
    delete env.ANDROID_HOME;
    const client = new Client({ name: 'glance-peers', version: '1' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [MOBILE_MCP, '--stdio'], env, stderr: 'ignore' }));
    try {
      const call = async (name: string, args: Record<string, unknown>): Promise<string> => {
        const r = (await client.callTool({ name, arguments: { device: dev.serial, ...args } })) as {
          content: Array<{ type: string; text?: string }>;
          isError?: boolean;
        };
        const text = r.content.map((c) => c.text ?? '').join('\n');
        assert.notEqual(r.isError, true, `${name}: ${text}`);
        return text;
      };
      dev.device.state.reset(dev.device.scenario.start);
      const elements = await call('mobile_list_elements_on_screen', {});
      for (const label of ['Glance Notes', 'Groceries', 'Browse recipes']) assert.ok(elements.includes(label), `${label} in:\n${elements}`);
      assert.ok(!elements.includes('com.android.systemui'), 'one root: no system bars');
      assert.match(await call('mobile_list_apps', {}), /dev\.glance\.demo/);
      await call('mobile_click_on_screen_at_coordinates', { x: 1017, y: 136 });
      assert.equal(dev.device.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
      dev.device.state.home();
      await call('mobile_launch_app', { packageName: 'dev.glance.demo' });
      assert.equal(dev.device.state.foregroundPackage(), 'dev.glance.demo');
    } finally {
      await client.close();
    }
  });
});
