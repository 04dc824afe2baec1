// End to end: the CLI (in-process `run`, plus one spawned process) → Glance's ADB client → the real Debian adb
// server on its own port → virtual devices served over TCP. Every server and device started here is stopped in
// `after`, and the adb server is killed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { walk } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { glance, glanceProcess, type CliRun } from '../helpers/cli.js';
import { LOGIN_SCENARIO } from './harness.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { parseDeviceList } from '../../src/adb/transport.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('e2e through the real adb server', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let h: AdbHarness;
  let stateDir = '';
  const started: RunningVirtualDevice[] = [];
  let main: RunningVirtualDevice;

  // The harness's HOME: the adb server keeps its key in $HOME/.android, and nothing here should touch the user's.
  const env = (): Record<string, string> => ({
    ANDROID_ADB_SERVER_PORT: String(h.port),
    GLANCE_STATE_DIR: stateDir,
    // Where the CLI keeps an image named no file for: inside this test's folder, removed in `after`.
    TMPDIR: stateDir,
    ANDROID_SERIAL: '',
    HOME: h.home,
  });
  const run = (...argv: string[]): Promise<CliRun> => glance(argv, { env: env() });
  const json = async (
    ...argv: string[]
  ): Promise<{
    code: number;
    body: { ok: boolean; result?: Record<string, unknown>; error?: { code: string; message: string; hint?: string; next?: unknown } };
  }> => {
    const r = await run('--json', ...argv);
    return { code: r.code, body: JSON.parse(r.stdout) as never };
  };

  /** Starts a virtual device and connects the adb server to it; waits until it is online. */
  async function connect(opts: { dumpDelayMs?: number } = {}): Promise<RunningVirtualDevice> {
    const v = await startVirtualDevice({ scenario: LOGIN_SCENARIO, ...opts });
    started.push(v);
    await h.connectOnline(v.serial);
    return v;
  }

  before(async () => {
    stateDir = tempDir('glance-e2e-');
    h = await AdbHarness.start();
    main = await connect();
  });

  after(async () => {
    await h.stop();
    for (const v of started) await v.close();
  });

  const elements = async (
    ...flags: string[]
  ): Promise<Array<{ ref: string; class: string; text?: string; desc?: string; id?: string }>> => {
    const r = await json('-s', main.serial, 'ui', ...flags);
    assert.equal(r.code, 0, JSON.stringify(r.body));
    return (r.body.result as { elements: Array<{ ref: string; class: string; text?: string }> }).elements;
  };
  const screenTitle = async (): Promise<string | undefined> => (await elements())[0]?.text;

  test('devices lists the virtual device; a spawned process agrees', async () => {
    const r = await json('devices');
    assert.equal(r.code, 0);
    const list = (r.body.result as { devices: Array<{ serial: string; state: string; model?: string }> }).devices;
    assert.deepEqual(list.find((d) => d.serial === main.serial)?.state, 'device');
    const p = await glanceProcess(['--json', 'devices'], { env: env(), timeoutMs: 30_000 });
    assert.equal(p.code, 0, p.stderr);
    assert.deepEqual(JSON.parse(p.stdout), r.body);
  });

  test('live ui, then tap by ref, by selector and by point change the screen', async () => {
    const els = await elements();
    assert.equal(els[0]?.text, 'Sign in');
    const add = els.find((e) => e.desc === 'Add')!;
    const t1 = await json('-s', main.serial, 'tap', add.ref);
    assert.equal(t1.code, 0, JSON.stringify(t1.body));
    assert.equal(t1.body.result?.['settled'], true);
    const changes = t1.body.result?.['changes'] as { added: string[]; removed: string[] };
    assert.ok(changes.removed.includes(add.ref) && changes.added.length > 0);
    assert.equal(await screenTitle(), 'New item');
    assert.equal((await run('-s', main.serial, 'back')).code, 0);
    assert.equal((await run('-s', main.serial, 'tap', '[text="Row 5"]')).code, 0);
    assert.equal(await screenTitle(), 'Row 5 details');
    await run('-s', main.serial, 'back');
    const t3 = await json('-s', main.serial, 'tap', '540,1680');
    assert.deepEqual(t3.body.result?.['point'], { x: 540, y: 1680 });
    assert.equal(await screenTitle(), 'New item');
    await run('-s', main.serial, 'back');
  });

  test('type arrives byte-exact: read back from a dump', async () => {
    const tricky = 'it\'s 5$ & "ok"; `id` \\ %s';
    const r = await json('-s', main.serial, 'type', '#username', tricky);
    assert.equal(r.code, 0, JSON.stringify(r.body));
    const xml = await run('-s', main.serial, 'ui', '--format', 'xml');
    const field = [...walk(parseDump(xml.stdout).roots)].map((w) => w.node).find((n) => n.id.endsWith(':id/username'));
    assert.equal(field?.text, tricky);
    assert.equal(r.body.result?.['value'], tricky);
    for (const ch of [...'\'"$&;\\`|<>()*?!#~ %', '%s', ' a  b ']) {
      const one = await json('-s', main.serial, 'type', '#note', ch);
      assert.equal(one.body.result?.['value'], ch, JSON.stringify(ch));
    }
    assert.equal((await run('-s', main.serial, 'clear', '#note')).code, 0);
  });

  test('waits: appears, gone, and a timeout exits 3', async () => {
    assert.equal((await run('-s', main.serial, 'wait', 'Sign in')).code, 0);
    assert.equal((await run('-s', main.serial, 'wait', '--selector', '#nothing', '--gone')).code, 0);
    assert.equal((await run('-s', main.serial, 'wait', 'idle')).code, 0);
    const t = await json('-s', main.serial, 'wait', 'Never shown', '--timeout', '400');
    assert.equal(t.code, 3);
    assert.equal(t.body.error?.code, 'TIMEOUT');
  });

  test('assert and scroll until', async () => {
    assert.equal((await run('-s', main.serial, 'assert', 'Button[text=Help]', '-n', '2')).code, 0);
    const bad = await json('-s', main.serial, 'assert', '#nothing');
    assert.equal(bad.code, 1);
    assert.equal(bad.body.error?.code, 'ASSERTION_FAILED');
    const s = await json('-s', main.serial, 'scroll', 'down', '--until', '[text="Row 14"]');
    assert.equal(s.code, 0, JSON.stringify(s.body));
    assert.ok((await elements()).some((e) => e.text === 'Row 14'));
    await run('-s', main.serial, 'scroll', 'up', '--until', '[text="Row 1"]');
  });

  test('the other verbs: type into the focused field, clear, key, long-press, double-tap, swipe, apps, activity, stop, launch', async () => {
    const s = main.serial;
    assert.equal((await run('-s', s, 'tap', '#note')).code, 0);
    // `glance type hello world`: plain words are all text, typed into the focused field.
    const typed = await json('-s', s, 'type', 'hello', 'world');
    assert.equal(typed.body.result?.['value'], 'hello world');
    const cleared = await json('-s', s, 'clear', '#note');
    assert.equal(cleared.body.result?.['deleted'], 11);
    const key = await json('-s', s, 'key', 'tab');
    assert.equal(key.body.result?.['command'], `glance -s ${s} key TAB`);
    assert.equal((await run('-s', s, 'long-press', '[text="Row 2"]', '--duration', '600')).code, 0);
    assert.equal((await run('-s', s, 'double-tap', '540,150')).code, 0);
    const sw = await json('-s', s, 'swipe', 'up', '--target', '#list');
    assert.equal(sw.code, 0, JSON.stringify(sw.body));
    await run('-s', s, 'scroll', 'up', '--until', '[text="Row 1"]');
    const apps = await json('-s', s, 'apps');
    assert.ok((apps.body.result?.['apps'] as string[]).includes('com.example.login'));
    const act = await json('-s', s, 'activity');
    assert.equal(act.body.result?.['package'], 'com.example.login');
    assert.equal((await run('-s', s, 'stop', 'com.example.login')).code, 0);
    assert.notEqual((await json('-s', s, 'activity')).body.result?.['package'], 'com.example.login');
    const missing = await json('-s', s, 'launch', 'com.example.missing');
    assert.equal(missing.code, 2);
    assert.equal(missing.body.error?.code, 'APP_NOT_FOUND');
    assert.equal((await run('-s', s, 'launch', 'Login', 'Demo')).code, 0);
    assert.equal(await screenTitle(), 'Sign in');
  });

  test("screenshot: full size, downscaled, and marked with the snapshot's refs", async () => {
    const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    const full = join(stateDir, 'full.png');
    const r = await json('-s', main.serial, 'screenshot', full, '--max-edge', '0');
    assert.equal(r.code, 0, JSON.stringify(r.body));
    const png = readFileSync(full);
    assert.deepEqual([...png.subarray(0, 8)], sig);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [1080, 1920]);
    assert.equal(r.body.result?.['bytes'], png.length);

    // An image for the caller only (no file, no --max-edge) stays within what a model reads: 1.2 megapixels.
    // A terminal shows no image, so the CLI keeps it in a new folder under $TMPDIR and names the file.
    const small = await json('-s', main.serial, 'screenshot');
    assert.deepEqual([small.body.result?.['width'], small.body.result?.['height']], [821, 1460]);
    assert.ok(Math.abs((small.body.result?.['scale'] as number) - 1920 / 1460) < 0.01);
    const kept = small.body.result?.['file'] as string;
    assert.equal(dirname(dirname(kept)), stateDir);
    assert.match(kept, /\/glance-[^/]+\/screenshot\.webp$/);
    const webp = readFileSync(kept);
    assert.equal(webp.subarray(0, 4).toString('latin1'), 'RIFF');
    assert.equal(webp.subarray(8, 12).toString('latin1'), 'WEBP');
    assert.equal(small.body.result?.['bytes'], webp.length);
    const text = await run('-s', main.serial, 'screenshot', '--format', 'jpeg');
    const named = /→ (\S+?)(?:;|$)/m.exec(text.stdout)?.[1] ?? '';
    assert.match(named, /\/screenshot\.jpg$/, text.stdout);
    assert.notEqual(dirname(named), dirname(kept), 'each image gets a folder of its own');
    assert.deepEqual([...readFileSync(named).subarray(0, 3)], [0xff, 0xd8, 0xff]);
    const edge = await json('-s', main.serial, 'screenshot', '--max-edge', '1568');
    assert.deepEqual([edge.body.result?.['width'], edge.body.result?.['height']], [882, 1568]);

    const marked = join(stateDir, 'marked.png');
    const m = await json('-s', main.serial, 'screenshot', marked, '--marks');
    assert.equal(m.code, 0, JSON.stringify(m.body));
    assert.deepEqual([...readFileSync(marked).subarray(0, 8)], sig);
    const legendRefs = (m.body.result?.['legend'] as Array<{ ref: string }>).map((l) => l.ref).sort();
    assert.deepEqual(legendRefs, (await elements()).map((e) => e.ref).sort());
  });

  test('a stale ref is REF_NOT_FOUND, exit 2', async () => {
    const login = (await elements()).find((e) => e.text === 'Log in')!;
    await run('-s', main.serial, 'tap', '[desc=Add]');
    const r = await json('-s', main.serial, 'tap', login.ref);
    assert.equal(r.code, 2);
    assert.equal(r.body.error?.code, 'REF_NOT_FOUND');
    assert.match(r.body.error?.hint ?? '', /new snapshot/);
    // The next step as data, and as the command the CLI words it as.
    assert.deepEqual(r.body.error?.next, { tool: 'device_snapshot', command: 'glance ui' });
    const t = await run('-s', main.serial, 'tap', login.ref);
    assert.match(t.stderr, /^error REF_NOT_FOUND: .*\nhint: .*new snapshot.*\nnext: glance ui\n$/);
    await run('-s', main.serial, 'back');
  });

  test('the direct transport drives the same device without the server', async () => {
    const direct = `direct:${main.serial}`;
    const r = await json('-s', direct, 'ui');
    assert.equal(r.code, 0, JSON.stringify(r.body));
    const els = (r.body.result as { elements: Array<{ text?: string }> }).elements;
    assert.equal(els[0]?.text, 'Sign in');
    const t = await json('-s', direct, 'tap', '[desc=Add]');
    assert.equal(t.code, 0);
    assert.equal(await screenTitle(), 'New item');
    await run('-s', direct, 'back');
  });

  test('-s HOST:PORT of a device the server does not know yet connects it first', async () => {
    const fresh = await startVirtualDevice({ scenario: LOGIN_SCENARIO });
    started.push(fresh);
    try {
      const r = await json('-s', fresh.serial, 'ui');
      assert.equal(r.code, 0, JSON.stringify(r.body));
      const listed = parseDeviceList((await h.adb(['devices'])).stdout.toString());
      assert.ok(listed.some((d) => d.serial === fresh.serial));
    } finally {
      await h.adb(['disconnect', fresh.serial]);
    }
  });

  test('two devices without -s: ADB_MULTIPLE_DEVICES, exit 4', async () => {
    const second = await connect();
    try {
      const r = await json('ui');
      assert.equal(r.code, 4);
      assert.equal(r.body.error?.code, 'ADB_MULTIPLE_DEVICES');
      assert.equal((await run('-s', second.serial, 'ui')).code, 0);
    } finally {
      await h.adb(['disconnect', second.serial]);
    }
  });

  test('a device that dies mid-command: ADB_DEVICE_GONE', async () => {
    const slow = await connect({ dumpDelayMs: 3000 });
    const pending = json('-s', slow.serial, 'ui');
    await sleep(800);
    await slow.close();
    const r = await pending;
    assert.equal(r.code, 1);
    assert.equal(r.body.error?.code, 'ADB_DEVICE_GONE', JSON.stringify(r.body));
    await h.adb(['disconnect', slow.serial]);
  });

  test('the server killed mid-command: ADB_SERVER_RESTARTED or ADB_SERVER_UNAVAILABLE', async () => {
    const slow = await connect({ dumpDelayMs: 3000 });
    const pending = json('-s', slow.serial, 'ui');
    await sleep(800);
    await h.adb(['kill-server']);
    const r = await pending;
    assert.equal(r.code, 1);
    assert.ok(['ADB_SERVER_RESTARTED', 'ADB_SERVER_UNAVAILABLE'].includes(r.body.error?.code ?? ''), JSON.stringify(r.body));
  });
});
