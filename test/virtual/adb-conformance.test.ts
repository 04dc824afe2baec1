// Conformance through the real Debian adb (29.0.6): the virtual device must be driven exactly like a phone.
// The adb server runs on its own free port and HOME (AdbHarness) and is killed afterwards; the device runs
// in this process, so every adb call is asynchronous (a blocking spawnSync would starve the device).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { parseDump } from '../../src/hierarchy/parse.js';
import { walk } from '../../src/hierarchy/model.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { adbPath, requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

interface Run {
  status: number | null;
  stdout: Buffer;
  stderr: string;
}

let harness: AdbHarness | undefined;

function adb(
  args: string[],
  opts: { timeoutMs?: number; stdin?: string; onSpawn?: (kill: () => void, firstData: Promise<void>) => void } = {},
): Promise<Run> {
  // Never the user's own server (5037): only the harness's.
  if (!harness) return Promise.reject(new Error('the adb harness is not running'));
  const env = harness.env;
  return new Promise((resolve) => {
    const child = spawn(adbPath(), args, { env, stdio: [opts.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    if (opts.stdin !== undefined) child.stdin!.end(opts.stdin);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let gotData: () => void = () => undefined;
    const firstData = new Promise<void>((r) => (gotData = r));
    child.stdout!.on('data', (d: Buffer) => {
      out.push(d);
      gotData();
    });
    child.stderr!.on('data', (d: Buffer) => err.push(d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
    opts.onSpawn?.(() => child.kill('SIGKILL'), firstData);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout: Buffer.concat(out), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

describe('virtual device through the real adb', { skip: requires({ adb: true }), timeout: 180_000 }, () => {
  let dev: RunningVirtualDevice;
  let serial: string;
  // Made in before(), not while the file loads: after() removes it, and the mutation runner runs this suite many
  // times in one process (a folder made once would be gone from the second run on, failing the push test).
  let tmp: string;

  before(async () => {
    tmp = tempDir('glance-adb-');
    dev = await startVirtualDevice({ scenario: 'demo' });
    serial = dev.serial;
    harness = await AdbHarness.start();
    const c = await adb(['connect', serial]);
    // adb connect exits 0 even on failure: read what it says.
    assert.match(c.stdout.toString(), new RegExp(`^(already )?connected to ${serial.replace(/\./g, '\\.')}`, 'm'));
    const w = await adb(['-s', serial, 'wait-for-device'], { timeoutMs: 15_000 });
    assert.equal(w.status, 0, w.stderr);
  });

  after(async () => {
    if (harness) {
      await adb(['disconnect', serial]);
      await harness.stop();
    }
    await dev.close();
    rmSync(tmp, { recursive: true, force: true });
  });

  test('devices -l lists the device with the banner properties', async () => {
    const r = await adb(['devices', '-l']);
    const line = r.stdout
      .toString()
      .split('\n')
      .find((l) => l.startsWith(`${serial} `));
    assert.ok(line, r.stdout.toString());
    const [name, state, ...props] = line.trim().split(/\s+/);
    assert.equal(name, serial);
    assert.equal(state, 'device');
    const kv = Object.fromEntries(props.map((p) => p.split(':', 2) as [string, string]));
    assert.equal(kv.product, 'glance_demo');
    assert.equal(kv.model, 'Glance_Virtual_Device');
    assert.equal(kv.device, 'glance_virtual');
  });

  test('shell: exit codes and a separate stderr (shell v2)', async () => {
    const ok = await adb(['-s', serial, 'shell', 'echo', 'hello']);
    assert.deepEqual([ok.status, ok.stdout.toString(), ok.stderr], [0, 'hello\n', '']);
    const missing = await adb(['-s', serial, 'shell', 'ls /nope']);
    assert.equal(missing.status, 1);
    assert.equal(missing.stdout.toString(), '');
    assert.equal(missing.stderr, 'ls: /nope: No such file or directory\n');
    const exit = await adb(['-s', serial, 'shell', 'exit 42']);
    assert.equal(exit.status, 42);
    const unknown = await adb(['-s', serial, 'shell', 'nosuchcmd']);
    assert.equal(unknown.status, 127);
    assert.equal(unknown.stderr, '/system/bin/sh: nosuchcmd: inaccessible or not found\n');
  });

  test('shell without a command reads commands from stdin (raw, no prompt) and ends with exit', async () => {
    const r = await adb(['-s', serial, 'shell'], { stdin: 'echo one\nls /nope\nexit 3\necho never\n' });
    assert.equal(r.status, 3);
    assert.equal(r.stdout.toString(), 'one\n');
    assert.equal(r.stderr, 'ls: /nope: No such file or directory\n');
  });

  test('exec-out screencap -p is byte-exact', async () => {
    const expected = Buffer.from(await dev.device.screencap());
    const r = await adb(['-s', serial, 'exec-out', 'screencap', '-p']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout.length, expected.length);
    assert.ok(r.stdout.equals(expected), 'PNG bytes differ');
  });

  test('uiautomator dump + cat in one shell call, and input drives the app', async () => {
    const r = await adb(['-s', serial, 'shell', 'uiautomator dump /sdcard/w.xml >/dev/null 2>&1 && cat /sdcard/w.xml']);
    assert.equal(r.status, 0, r.stderr);
    const dump = parseDump(r.stdout.toString('utf8'));
    const titles = [...walk(dump.roots)].filter((w) => w.node.id === 'dev.glance.demo:id/note_title').map((w) => w.node.text);
    assert.deepEqual(titles, ['Groceries', 'Trip to Lisbon', 'Book club', 'Gift ideas', 'Workout plan']);
    const settings = [...walk(dump.roots)].find((w) => w.node.desc === 'Settings')!.node;
    const [x, y] = [(settings.bounds[0] + settings.bounds[2]) >> 1, (settings.bounds[1] + settings.bounds[3]) >> 1];
    assert.equal((await adb(['-s', serial, 'shell', 'input', 'tap', String(x), String(y)])).status, 0);
    const focus = await adb(['-s', serial, 'shell', 'dumpsys window | grep mCurrentFocus']);
    assert.match(focus.stdout.toString(), /mCurrentFocus=Window\{\w+ u0 dev\.glance\.demo\/dev\.glance\.demo\.SettingsActivity\}/);
    assert.equal((await adb(['-s', serial, 'shell', 'input', 'keyevent', 'KEYCODE_BACK'])).status, 0);
    assert.equal(dev.device.state.screenName(), 'home');
  });

  test('push, pull and ls through sync (multi-chunk file)', async () => {
    const data = randomBytes(300 * 1024 + 17);
    const local = join(tmp, 'blob.bin');
    writeFileSync(local, data);
    const push = await adb(['-s', serial, 'push', local, '/data/local/tmp/blob.bin']);
    assert.equal(push.status, 0, push.stderr);
    assert.ok(Buffer.from(dev.device.fs.readFile('/data/local/tmp/blob.bin')).equals(data));
    const back = join(tmp, 'back.bin');
    const pull = await adb(['-s', serial, 'pull', '/data/local/tmp/blob.bin', back]);
    assert.equal(pull.status, 0, pull.stderr);
    assert.ok(readFileSync(back).equals(data));
    // push into a directory that does not exist yet: adbd creates parents (fixed_push_mkdir)
    const deep = await adb(['-s', serial, 'push', local, '/sdcard/Download/new/blob.bin']);
    assert.equal(deep.status, 0, deep.stderr);
    const ls = await adb(['-s', serial, 'ls', '/data/local/tmp']);
    assert.equal(ls.status, 0, ls.stderr);
    const entries = ls.stdout
      .toString()
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s+/));
    const blob = entries.find((e) => e[3] === 'blob.bin');
    assert.ok(blob, ls.stdout.toString());
    assert.equal(parseInt(blob[1]!, 16), data.length);
    const shellLs = await adb(['-s', serial, 'shell', 'ls', '/data/local/tmp']);
    assert.ok(shellLs.stdout.toString().split('\n').includes('blob.bin'));
    const missing = await adb(['-s', serial, 'pull', '/sdcard/none.txt', join(tmp, 'none')]);
    assert.notEqual(missing.status, 0);
  });

  test('forward reaches tcp: servers on the device (echo and http)', async () => {
    const f = await adb(['-s', serial, 'forward', 'tcp:0', 'tcp:7777']);
    assert.equal(f.status, 0, f.stderr);
    const port = Number(f.stdout.toString().trim());
    assert.ok(port > 0);
    const echoed = await new Promise<string>((resolve, reject) => {
      const s = createConnection({ port, host: '127.0.0.1' }, () => s.write('ping over adb'));
      let got = '';
      s.on('data', (d) => {
        got += d.toString();
        if (got.length >= 'ping over adb'.length) {
          s.end();
          resolve(got);
        }
      });
      s.on('error', reject);
      setTimeout(() => reject(new Error('echo timeout')), 10_000).unref();
    });
    assert.equal(echoed, 'ping over adb');
    const h = await adb(['-s', serial, 'forward', 'tcp:0', 'tcp:8080']);
    const httpPort = Number(h.stdout.toString().trim());
    const res = await fetch(`http://127.0.0.1:${httpPort}/`);
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<h1>Glance Notes sync server<\/h1>/);
    await adb(['-s', serial, 'forward', '--remove-all']);
  });

  test('robustness: garbage bytes and a client killed mid-stream leave the device serving', async () => {
    // Garbage on a fresh connection: the device drops that connection only.
    await new Promise<void>((resolve) => {
      const s = createConnection({ port: dev.port, host: '127.0.0.1' }, () => s.write(randomBytes(4096)));
      s.on('close', () => resolve());
      s.on('error', () => resolve());
      setTimeout(() => {
        s.destroy();
        resolve();
      }, 3000).unref();
    });
    // A big stream, and the client killed as soon as data flows.
    dev.device.fs.writeFile('/sdcard/big.bin', randomBytes(8 * 1024 * 1024));
    await adb(['-s', serial, 'exec-out', 'cat /sdcard/big.bin'], {
      onSpawn: (kill, firstData) => {
        firstData.then(kill);
      },
    });
    const ok = await adb(['-s', serial, 'shell', 'echo', 'still here']);
    assert.deepEqual([ok.status, ok.stdout.toString()], [0, 'still here\n']);
    const state = await adb(['-s', serial, 'get-state']);
    assert.equal(state.stdout.toString().trim(), 'device');
  });
});
