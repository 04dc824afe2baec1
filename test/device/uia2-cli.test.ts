// The UiAutomator2 backend from the front: `glance --backend uia2` (in-process and as a real process) against a
// virtual device through the real adb server: snapshots say which backend read them, Unicode lands byte-exact
// through `glance type`, the doctor names the backend, a bad backend name is a usage error; and the page source
// the server emulation serves gives the same snapshot as `uiautomator dump` on every screen of the demo app.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { callEnv } from '../../src/cli/main.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { createDeviceProvider } from '../../src/device/provider.js';
import { adbPort } from '../../src/device/adb-port.js';
import { Uia2Device } from '../../src/device/uia2/device.js';
import { Uia2Http } from '../../src/device/uia2/http.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { uia2PortOf } from '../../src/device/uia2/select.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import type { UiNode } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { devArgs, glance, glanceProcess } from '../helpers/cli.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const UNICODE = 'Grüße, 東京 🚀 "quotes" $HOME';

test('a daemon call folds --backend into the environment its devices are made for', () => {
  assert.equal(callEnv(['-s', 'x', '--backend', 'uia2', 'ui'], { GLANCE_BACKEND: 'dump' })['GLANCE_BACKEND'], 'uia2');
  assert.equal(callEnv(['--backend=auto', 'ui'], {})['GLANCE_BACKEND'], 'auto');
  assert.equal(callEnv(['ui'], { GLANCE_BACKEND: 'dump' })['GLANCE_BACKEND'], 'dump');
  // A bad name is left alone: the call itself reports it.
  assert.equal(callEnv(['--backend', 'fast', 'ui'], {})['GLANCE_BACKEND'], undefined);
});

describe('glance --backend uia2 through the real adb server', { skip: requires({ adb: true }), timeout: 180_000 }, () => {
  let h: AdbHarness;
  let v: RunningVirtualDevice;
  let stateDir = '';
  let hasApks = false;
  const env = (): Record<string, string> => ({
    ANDROID_ADB_SERVER_PORT: String(h.port),
    GLANCE_STATE_DIR: stateDir,
    ANDROID_SERIAL: '',
    HOME: h.home,
    GLANCE_BACKEND: '',
  });

  before(async () => {
    stateDir = tempDir('glance-uia2-cli-');
    h = await AdbHarness.start();
    v = await startVirtualDevice({ scenario: 'demo' });
    await h.connectOnline(v.serial);
    hasApks = (await findUia2Apks()) !== undefined;
  });
  after(async () => {
    await h.stop();
    await v.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  test('a --json snapshot says which backend read the screen; the server is stopped when the command ends', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed (npm install appium-uiautomator2-server)');
    const r = await glance(['-s', v.serial, '--backend', 'uia2', '--json', 'ui'], { env: env() });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const source = (JSON.parse(r.stdout) as { result: { source?: { backend: string; ms: number } } }).result.source;
    assert.equal(source?.backend, 'uia2');
    assert.ok(typeof source.ms === 'number' && source.ms >= 0);
    const d = await glance(['-s', v.serial, '--json', 'ui'], { env: env() });
    assert.equal((JSON.parse(d.stdout) as { result: { source?: { backend: string } } }).result.source?.backend, 'dump');
    await waitStopped(v);
  });

  test('glance type with any Unicode lands byte-exact through the server (a real process, which exits)', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    v.device.state.reset('compose');
    const p = await glanceProcess(['-s', v.serial, '--backend', 'uia2', '--json', 'type', '#compose_title', UNICODE], {
      env: env(),
      timeoutMs: 60_000,
    });
    assert.equal(p.code, 0, p.stdout + p.stderr);
    assert.equal(v.device.state.fieldValue('compose_title'), UNICODE);
    assert.equal((JSON.parse(p.stdout) as { result: { value?: string } }).result.value, UNICODE);
    // The dump backend cannot: `input text` types ASCII only and no ADB Keyboard is active.
    v.device.state.reset('compose');
    const ascii = await glance(['-s', v.serial, 'type', '#compose_title', UNICODE], { env: env() });
    assert.equal(ascii.code, 1);
    assert.match(ascii.stderr, /TEXT_NOT_TYPABLE/);
    await waitStopped(v);
  });

  test('GLANCE_BACKEND picks the backend; a bad name is a usage error; the doctor names the backend', async (t) => {
    const bad = await glance(['-s', v.serial, '--backend', 'fast', 'ui'], { env: env() });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /error USAGE: --backend must be auto, uia2 or dump, not "fast"/);
    const badEnv = await glance(['-s', v.serial, 'ui'], { env: { ...env(), GLANCE_BACKEND: 'fast' } });
    assert.match(badEnv.stderr, /GLANCE_BACKEND must be auto, uia2 or dump/);
    const doctor = await glance(['--json', 'doctor'], { env: { ...env(), GLANCE_BACKEND: 'auto' } });
    const checks = (JSON.parse(doctor.stdout) as { result: { checks: Array<{ name: string; ok: boolean; detail: string }> } }).result
      .checks;
    const line = checks.find((c) => c.name === 'backend');
    assert.ok(line, JSON.stringify(checks));
    assert.match(
      line.detail,
      hasApks ? /^auto \(UiAutomator2 server \d+\.\d+\.\d+ available\)$/ : /^auto \(UiAutomator2 server package not installed\)$/,
    );
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed: the rest needs it');
    const r = await glance(['-s', v.serial, '--json', 'ui'], { env: { ...env(), GLANCE_BACKEND: 'uia2' } });
    assert.equal((JSON.parse(r.stdout) as { result: { source?: { backend: string } } }).result.source?.backend, 'uia2');
    await waitStopped(v);
  });

  test('glance mcp reads screens with auto unless GLANCE_BACKEND says otherwise', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const backendOver = async (extra: Record<string, string>): Promise<string | undefined> => {
      const client = new Client({ name: 'glance-test', version: '1.0.0' });
      const serverEnv = { ...(process.env as Record<string, string>), ...env(), ...extra };
      delete serverEnv['GLANCE_NO_DAEMON'];
      await client.connect(
        new StdioClientTransport({ command: process.execPath, args: [...devArgs, '-s', v.serial, 'mcp'], env: serverEnv }),
      );
      try {
        const r = (await client.callTool({ name: 'device_snapshot', arguments: {} })) as {
          structuredContent?: { source?: { backend: string } };
        };
        return r.structuredContent?.source?.backend;
      } finally {
        await client.close();
      }
    };
    assert.equal(await backendOver({}), 'uia2');
    await waitStopped(v);
    assert.equal(await backendOver({ GLANCE_BACKEND: 'dump' }), 'dump');
  });

  test('a long-lived provider: the doctor reports the backend, version and last read of each device', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const provider = createDeviceProvider({ ...process.env, ...env(), GLANCE_BACKEND: 'auto' });
    try {
      const device = await provider.get(v.serial, { signal: new AbortController().signal });
      await device.dump();
      const checks = await provider.diagnose({ signal: new AbortController().signal });
      const line = checks.find((c) => c.name === `backend ${v.serial}`);
      assert.ok(line?.ok, JSON.stringify(checks));
      assert.match(line.detail, /^uia2 \d+\.\d+\.\d+, last read \d+ ms by uia2$/);
    } finally {
      await provider.close();
    }
    assert.equal(v.device.uia2().running, false, 'close() ended the session');
  });

  test("--backend dump while another Glance process holds the server: the server's session is ended and the screen read", async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    v.device.state.reset('home');
    const shown = await glance(['-s', v.serial, '--backend', 'dump', '--json', 'ui'], { env: env() });
    assert.equal(shown.code, 0, shown.stdout + shown.stderr);
    const elements = (JSON.parse(shown.stdout) as { result: { elements: Array<{ ref: string; actions: string[] }> } }).result.elements;
    const target = elements.find((e) => e.actions.includes('tap'));
    assert.ok(target, 'the home screen has a tappable element');
    const provider = createDeviceProvider({ ...process.env, ...env(), GLANCE_BACKEND: 'uia2' });
    try {
      const held = await provider.get(v.serial, { signal: new AbortController().signal });
      await held.dump();
      assert.equal(v.device.uia2().running, true, 'the provider holds the server');
      const r = await glance(['-s', v.serial, '--backend', 'dump', '--json', 'tap', target.ref], { env: env() });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const result = (JSON.parse(r.stdout) as { result: { settled: boolean; unread?: unknown } }).result;
      assert.equal(result.unread, undefined, 'the screen was read after the tap');
      assert.equal(v.device.uia2().running, false, "the other process's server was stopped");
      // The process that held the server starts it again on its next read.
      await held.dump();
      assert.equal(v.device.uia2().running, true);
    } finally {
      await provider.close();
    }
  });

  test('--backend dump while a server Glance did not start holds UiAutomation: the error names it and the ways out', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    v.device.state.reset('home');
    const provider = createDeviceProvider({ ...process.env, ...env(), GLANCE_BACKEND: 'uia2' });
    try {
      const held = await provider.get(v.serial, { signal: new AbortController().signal });
      await held.dump();
      // Another client (as Appium does) opens its own session on the running server, replacing Glance's.
      const port = uia2PortOf(
        adbPort(await new AdbClient(createServerTransport({ env: h.env, port: h.port })).device({ serial: v.serial })),
      )!;
      const http = new Uia2Http((o) => port.open('tcp:6790', o), 5000);
      await http.call('POST', '/session', { capabilities: { alwaysMatch: { platformName: 'Android' } } }, {});
      http.close();
      const r = await glance(['-s', v.serial, '--backend', 'dump', '--json', 'ui'], { env: env() });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      const error = (JSON.parse(r.stdout) as { error: { code: string; message: string; hint: string } }).error;
      assert.equal(error.code, 'DUMP_FAILED');
      assert.match(error.message, /a UiAutomator2 server that Glance did not start/);
      assert.match(error.hint, /force-stop io\.appium\.uiautomator2\.server.*--backend uia2/);
      assert.equal(v.device.uia2().running, true, "someone else's server is left alone");
    } finally {
      await provider.close();
    }
  });

  test('every demo screen: the page source the server serves gives the snapshot uiautomator dump gives', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const port = adbPort(await new AdbClient(createServerTransport({ env: h.env, port: h.port })).device({ serial: v.serial }));
    const adb = new AdbDevice(port, { retryDelayMs: 10 });
    const server = new Uia2Device(adb, uia2PortOf(port)!, 'uia2');
    const phone = v.device.state;
    const names = [...v.device.scenario.screens.keys()];
    const fromSource = new Map<string, string>();
    try {
      for (const name of names) {
        phone.reset(name);
        const xml = await server.dump();
        assert.equal(parseDump(xml).format, 'uiautomator2', name);
        fromSource.set(name, xml);
      }
    } finally {
      await server.close();
    }
    assert.ok(names.length >= 10, `${names.length} screens`);
    let fields = 0;
    for (const name of names) {
      phone.reset(name);
      const dumped = snapshotFromDump(await adb.dump());
      const sourced = snapshotFromDump(fromSource.get(name)!);
      // `uiautomator dump` writes an empty field's hint as its text and no hint attribute, the page source writes
      // both: the field reads as the dump shows it either way, so the two snapshots are one, refs included.
      fields += parseDump(fromSource.get(name)!)
        .roots.flatMap(function all(n): UiNode[] {
          return [n, ...n.children.flatMap(all)];
        })
        .filter((n) => n.editable && n.hint !== '' && n.hint === n.text).length;
      assert.equal(sourced.text, dumped.text, name);
      assert.deepEqual(sourced.elements, dumped.elements, name);
    }
    assert.ok(fields >= 2, 'the demo has empty text fields');
  });
});

/** The one-shot CLI deletes its session as it exits; the server then stops (shortly after the reply). */
async function waitStopped(v: RunningVirtualDevice): Promise<void> {
  for (let i = 0; i < 100 && v.device.uia2().running; i++) await new Promise((r) => setTimeout(r, 20));
  assert.equal(v.device.uia2().running, false, 'the server still runs after the command ended');
}
