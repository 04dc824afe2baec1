// What a client finds on a freshly made virtual device, before it does anything: the scenario it asked for, the
// serial and properties a phone reports, the animation and input settings tools read first, the shell's
// environment, the binaries in /system/bin, /proc files, the banner, the scenario's servers, and the knobs tests
// turn (serve, failDumps, launchApp). In process, through the shell and the services seam; no adb. Each test makes
// its own device: one made while the file loads would be built before a mutation run switches a mutant on.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServiceIO, ServiceSession } from '../../src/adb/services.js';
import { isGlanceError } from '../../src/errors.js';
import { apkOf, writeBinaryXml } from './axml-writer.js';
import { UIA2_INSTRUMENTATION, UIA2_RUNNER, UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE } from '../../src/device/uia2/protocol.js';
import { builtinScenarioDir, createVirtualDevice, loadScenario, type VirtualDevice } from '../../src/device/virtual/index.js';

async function sh(dev: VirtualDevice, cmd: string): Promise<{ out: string; err: string; code: number }> {
  const r = await dev.run(cmd);
  return { out: Buffer.from(r.stdout).toString(), err: Buffer.from(r.stderr).toString(), code: r.exitCode };
}

const out = async (dev: VirtualDevice, cmd: string): Promise<string> => (await sh(dev, cmd)).out;

/** The listening ports of /proc/net/tcp or tcp6 (hex `addr:PORT` in the second column), with their uid. */
function listening(table: string): Array<{ port: number; uid: number }> {
  return table
    .split('\n')
    .slice(1)
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const cols = l.trim().split(/\s+/);
      return { port: parseInt(cols[1]!.split(':')[1]!, 16), uid: Number(cols[7]) };
    });
}

class Collect implements ServiceIO {
  data: Buffer[] = [];
  closed = false;
  async write(d: Uint8Array): Promise<void> {
    this.data.push(Buffer.from(d));
  }
  close(): void {
    this.closed = true;
  }
}

describe('a new virtual device', () => {
  test('the built-in demo scenario, its app in front; ro.serialno is glance-virtual', async () => {
    const dev = createVirtualDevice();
    assert.equal(dev.scenario.name, 'demo');
    assert.equal(dev.state.foregroundPackage(), 'dev.glance.demo');
    assert.equal(await out(dev, 'getprop ro.serialno'), 'glance-virtual\n');
  });

  test("properties a phone reports come from the scenario's device and display", async () => {
    const dev = createVirtualDevice();
    assert.equal(await out(dev, 'getprop ro.product.model'), 'Glance Virtual Device\n');
    assert.equal(await out(dev, 'getprop ro.product.name'), 'glance_demo\n');
    assert.equal(await out(dev, 'getprop ro.build.version.sdk'), '34\n');
    assert.equal(await out(dev, 'getprop ro.build.version.release'), '14\n');
    assert.equal(await out(dev, 'getprop ro.sf.lcd_density'), '420\n');
  });

  test('settings tools read first: animations at 1.0, the stock keyboard, portrait locked, screen-off 10 min, font 1.0', async () => {
    const dev = createVirtualDevice();
    const expected: Array<[string, string]> = [
      ['global animator_duration_scale', '1.0'],
      ['global transition_animation_scale', '1.0'],
      ['global window_animation_scale', '1.0'],
      ['secure default_input_method', 'com.android.inputmethod.latin/.LatinIME'],
      ['system screen_off_timeout', '600000'],
      ['system font_scale', '1.0'],
      ['system user_rotation', '0'],
      ['system accelerometer_rotation', '0'],
    ];
    for (const [key, value] of expected) assert.equal(await out(dev, `settings get ${key}`), `${value}\n`, key);
    // Settings are the device's: a put is seen by the next shell.
    assert.equal((await sh(dev, 'settings put global window_animation_scale 0')).code, 0);
    assert.equal(await out(dev, 'settings get global window_animation_scale'), '0\n');
    await sh(dev, 'settings put global window_animation_scale 1.0');
  });

  test("the shell's environment is adbd's", async () => {
    const dev = createVirtualDevice();
    const vars = ['PATH', 'HOME', 'USER', 'HOSTNAME', 'EXTERNAL_STORAGE', 'ANDROID_DATA', 'ANDROID_ROOT', 'TMPDIR'];
    const values = (await out(dev, vars.map((v) => `echo "$${v}"`).join('; '))).split('\n');
    assert.deepEqual(Object.fromEntries(vars.map((v, i) => [v, values[i]])), {
      PATH: '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin',
      HOME: '/',
      USER: 'shell',
      HOSTNAME: 'localhost',
      EXTERNAL_STORAGE: '/sdcard',
      ANDROID_DATA: '/data',
      ANDROID_ROOT: '/system',
      TMPDIR: '/data/local/tmp',
    });
  });

  test('each run is a fresh shell: exports and cd do not carry over; the environment is not shared', async () => {
    const dev = createVirtualDevice();
    assert.equal(await out(dev, 'export GLANCE_X=1; cd /sdcard; echo $GLANCE_X; pwd'), '1\n/sdcard\n');
    assert.equal(await out(dev, 'echo "[$GLANCE_X]"; pwd'), '[]\n/\n');
    assert.equal(await out(dev, 'HOME=/x; echo $HOME'), '/x\n');
    assert.equal(await out(dev, 'echo $HOME'), '/\n');
  });

  test('every command the shell knows is an executable in /system/bin', async () => {
    const dev = createVirtualDevice();
    const ls = await sh(dev, 'ls -l /system/bin/input /system/bin/am /system/bin/uiautomator /system/bin/screencap');
    assert.equal(ls.code, 0, ls.err);
    const lines = ls.out.trim().split('\n');
    assert.equal(lines.length, 4);
    for (const l of lines) assert.match(l, /^-rwxr-xr-x /);
    assert.equal((await sh(dev, 'ls /system/bin/no-such-tool')).code, 1);
  });

  test('/proc/version is an Android kernel banner, read-only', async () => {
    const dev = createVirtualDevice();
    assert.match(await out(dev, 'cat /proc/version'), /^Linux version \S+-android14-\S+ .*\n$/);
    assert.match(await out(dev, 'ls -l /proc/version'), /^-r--r--r-- /);
  });

  test("the banner: the scenario's product and model (spaces as underscores), device glance_virtual", () => {
    const dev = createVirtualDevice();
    const b = dev.services.banner();
    assert.equal(b.product, 'glance_demo');
    assert.equal(b.model, 'Glance_Virtual_Device');
    assert.equal(b.device, 'glance_virtual');
  });

  test("the scenario's servers listen as its app, on tcp6: an echo server and an HTTP server of its files", async () => {
    const dev = createVirtualDevice();
    const uid = Number((await out(dev, 'pm list packages -U dev.glance.demo')).match(/uid:(\d+)/)?.[1]);
    assert.ok(uid >= 10000, 'an app uid');
    const ports = listening(await out(dev, 'cat /proc/net/tcp6'));
    assert.deepEqual(
      ports.filter((p) => p.port === 7777 || p.port === 8080).sort((a, b) => a.port - b.port),
      [
        { port: 7777, uid },
        { port: 8080, uid },
      ],
    );
    const http = new Collect();
    const s = dev.services.open('tcp:8080', http);
    assert.ok(s, 'tcp:8080 opens');
    await s.input(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    for (let i = 0; i < 50 && !Buffer.concat(http.data).includes('</html>'); i++) await new Promise((r) => setImmediate(r));
    const response = Buffer.concat(http.data).toString();
    assert.match(response, /^HTTP\/1\.[01] 200 /);
    assert.ok(response.includes('<html') || response.includes('<!'), 'the index page');
  });

  test('installed packages have uids in the app range, each its own, stable in name order', async () => {
    const dev = createVirtualDevice();
    const uids = (await out(dev, 'pm list packages -U'))
      .trim()
      .split('\n')
      .map((l) => l.match(/^package:(\S+) uid:(\d+)$/))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, Number(m[2])] as const);
    const scenarioPkgs = ['com.android.camera2', 'com.google.android.gm', 'dev.glance.demo'];
    const mine = uids.filter(([p]) => scenarioPkgs.includes(p)).sort((a, b) => a[1] - b[1]);
    assert.deepEqual(
      mine.map(([p]) => p),
      scenarioPkgs,
    );
    assert.equal(new Set(mine.map(([, u]) => u)).size, 3);
  });
});

describe('options', () => {
  test('serial: what getprop ro.serialno answers', async () => {
    assert.equal(await out(createVirtualDevice({ serial: 'emulator-5554' }), 'getprop ro.serialno'), 'emulator-5554\n');
  });

  test('launchApp false: the launcher in front, the app not running', async () => {
    const dev = createVirtualDevice({ launchApp: false });
    assert.notEqual(dev.state.foregroundPackage(), 'dev.glance.demo');
    assert.equal((await sh(dev, 'pidof dev.glance.demo')).code, 1);
  });

  test('scenario: a built-in name, a folder, or a loaded scenario are the same device', () => {
    const byName = createVirtualDevice({ scenario: 'demo' });
    const byDir = createVirtualDevice({ scenario: builtinScenarioDir('demo') });
    const loaded = createVirtualDevice({ scenario: loadScenario(builtinScenarioDir('demo')) });
    for (const d of [byName, byDir, loaded]) {
      assert.equal(d.scenario.package, 'dev.glance.demo');
      assert.equal(d.state.screenName(), 'home');
    }
    const other = createVirtualDevice({ scenario: 'test/device/fixtures/login' });
    assert.notEqual(other.scenario.name, 'demo');
    assert.throws(() => createVirtualDevice({ scenario: 'no-such-scenario' }));
  });

  test('failDumps: the next N dumps fail as a phone does (exit 0, no file), then dumps work again', async () => {
    const dev = createVirtualDevice();
    dev.failDumps('idle', 2);
    for (let i = 0; i < 2; i++) {
      const r = await sh(dev, 'uiautomator dump /sdcard/d.xml');
      assert.deepEqual(r, { out: '', err: 'ERROR: could not get idle state.\n', code: 0 });
      assert.equal((await sh(dev, 'ls /sdcard/d.xml')).code, 1, 'no file written');
    }
    assert.match(await out(dev, 'uiautomator dump /sdcard/d.xml'), /UI hierchary dumped to: \/sdcard\/d\.xml/);
    dev.failDumps('null-root');
    assert.equal((await sh(dev, 'uiautomator dump')).err, 'ERROR: null root node returned by UiTestAutomationBridge.\n');
    assert.equal((await sh(dev, 'uiautomator dump')).err, '');
  });

  test('serve: a handler on a port, owned by the app (tcp6) or a named package (tcp, and now installed)', async () => {
    const dev = createVirtualDevice();
    const hello = (): ServiceSession => ({ input() {}, closed() {} });
    dev.serve(9001, () => hello());
    dev.serve(9002, () => hello(), { owner: 'com.example.helper', family: 'tcp' });
    const uidOf = async (pkg: string): Promise<number> => Number((await out(dev, `pm list packages -U ${pkg}`)).match(/uid:(\d+)/)?.[1]);
    const app = await uidOf('dev.glance.demo');
    const helper = await uidOf('com.example.helper');
    assert.ok(helper >= 10000 && helper !== app, 'the new owner is an installed app with its own uid');
    assert.deepEqual(
      listening(await out(dev, 'cat /proc/net/tcp6')).find((p) => p.port === 9001),
      { port: 9001, uid: app },
    );
    assert.deepEqual(
      listening(await out(dev, 'cat /proc/net/tcp')).find((p) => p.port === 9002),
      { port: 9002, uid: helper },
    );
    assert.equal(
      listening(await out(dev, 'cat /proc/net/tcp')).find((p) => p.port === 9001),
      undefined,
    );
    // Serving again as an installed app lists it once.
    dev.serve(9003, () => hello(), { owner: 'com.example.helper' });
    const listed = (await out(dev, 'pm list packages'))
      .split('\n')
      .filter((l) => l === 'package:com.example.helper' || l === 'package:dev.glance.demo');
    assert.deepEqual(listed.sort(), ['package:com.example.helper', 'package:dev.glance.demo']);
  });

  test('run: an abort ends a running command (the run rejects, coded ABORTED)', async () => {
    const dev = createVirtualDevice();
    const ac = new AbortController();
    const running = dev.run('sleep 30', { signal: ac.signal });
    ac.abort();
    await assert.rejects(running, (e) => isGlanceError(e) && e.code === 'ABORTED');
  });

  test('the UiAutomator2 server: failUia2 no-start crashes the next N starts; force-stop of either of its packages ends it, of another app not', async () => {
    const dev = createVirtualDevice();
    // The server's two APKs as their manifests say: the server app, and the test app whose runner serves it.
    const server = writeBinaryXml({
      name: 'manifest',
      attrs: [
        { name: 'package', value: UIA2_SERVER_PACKAGE },
        { name: 'versionName', value: '9.9.9' },
      ],
    });
    const runner = writeBinaryXml({
      name: 'manifest',
      attrs: [{ name: 'package', value: UIA2_TEST_PACKAGE }],
      children: [
        {
          name: 'instrumentation',
          attrs: [
            { name: 'name', value: UIA2_RUNNER },
            { name: 'targetPackage', value: UIA2_SERVER_PACKAGE },
          ],
        },
      ],
    });
    dev.fs.writeFile('/data/local/tmp/server.apk', apkOf(server));
    dev.fs.writeFile('/data/local/tmp/test.apk', apkOf(runner));
    assert.equal(await out(dev, 'pm install /data/local/tmp/server.apk && pm install /data/local/tmp/test.apk'), 'Success\nSuccess\n');
    const start = `am instrument -w ${UIA2_INSTRUMENTATION}`;
    dev.failUia2('no-start', 2);
    for (let i = 0; i < 2; i++) assert.match(await out(dev, start), /shortMsg=Process crashed/);
    assert.deepEqual(dev.uia2(), { running: false, starts: 0 });
    // The run in a box: an async function returning a promise would wait for it.
    const serving = async (): Promise<{ run: Promise<string> }> => {
      const run = out(dev, start);
      for (let i = 0; i < 200 && !dev.uia2().running; i++) await new Promise((r) => setImmediate(r));
      assert.equal(dev.uia2().running, true, 'the server runs');
      return { run };
    };
    for (const [n, pkg] of [
      [1, UIA2_SERVER_PACKAGE],
      [2, UIA2_TEST_PACKAGE],
    ] as const) {
      const { run } = await serving();
      assert.equal(dev.uia2().starts, n);
      await sh(dev, 'am force-stop dev.glance.demo');
      assert.equal(dev.uia2().running, true, 'stopping another app leaves the server');
      await sh(dev, `am force-stop ${pkg}`);
      assert.match(await run, /shortMsg=Process crashed/);
      assert.equal(dev.uia2().running, false);
    }
  });
});
