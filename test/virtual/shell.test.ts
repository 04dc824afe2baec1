import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { walk } from '../../src/hierarchy/model.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { resolveKey } from '../../src/device/keys.js';

const text = (b: Uint8Array): string => Buffer.from(b).toString('utf8');

async function sh(cmd: string, dev = createVirtualDevice()): Promise<{ out: string; err: string; code: number }> {
  const r = await dev.run(cmd);
  return { out: text(r.stdout), err: text(r.stderr), code: r.exitCode };
}

describe('virtual shell', () => {
  test('unknown commands answer like mksh with 127; $? carries it', async () => {
    const r = await sh('frobnicate --x; echo $?');
    assert.equal(r.err, '/system/bin/sh: frobnicate: inaccessible or not found\n');
    assert.equal(r.out, '127\n');
    assert.equal((await sh('frobnicate')).code, 127);
  });

  test('&& || ; and exit codes', async () => {
    assert.deepEqual(await sh('false && echo no || echo yes; echo done'), { out: 'yes\ndone\n', err: '', code: 0 });
    assert.equal((await sh('true; false')).code, 1);
    assert.equal((await sh('exit 3; echo unreachable')).code, 3);
    assert.equal((await sh('! true')).code, 1);
    assert.equal((await sh('ls /nope')).code, 1);
  });

  test('redirect order matters as in a real shell', async () => {
    const dev = createVirtualDevice();
    // stdout to the file, stderr to the original stdout
    let r = await sh('ls /nope 2>&1 >/sdcard/a.txt', dev);
    assert.equal(r.out, 'ls: /nope: No such file or directory\n');
    // both to /dev/null
    r = await sh('ls /nope >/dev/null 2>&1', dev);
    assert.deepEqual([r.out, r.err, r.code], ['', '', 1]);
    r = await sh('echo one > /sdcard/f; echo two >> /sdcard/f; cat /sdcard/f', dev);
    assert.equal(r.out, 'one\ntwo\n');
    r = await sh('echo x > /nodir/f', dev);
    assert.deepEqual([r.err, r.code], ["/system/bin/sh: can't create /nodir/f: No such file or directory\n", 1]);
  });

  test('quoting reaches commands intact, sh -c nests', async () => {
    const r = await sh(`sh -c 'echo "it'\\''s" \\$HOME' ; echo "$EXTERNAL_STORAGE"`);
    assert.equal(r.out, "it's $HOME\n/sdcard\n");
    assert.equal((await sh(`sh -c 'exit 7'`)).code, 7);
  });

  test('pipes feed stdin: grep, head, wc', async () => {
    const r = await sh('dumpsys window | grep -E "mCurrentFocus|mFocusedApp"');
    const lines = r.out.replace(/\n$/, '').split('\n');
    assert.equal(lines.length, 2);
    assert.match(lines[0]!, /^\s+mCurrentFocus=Window\{\w+ u0 dev\.glance\.demo\/dev\.glance\.demo\.MainActivity\}$/);
    assert.match(lines[1]!, /^\s+mFocusedApp=ActivityRecord\{\w+ u0 dev\.glance\.demo\/\.MainActivity t\d+\}$/);
    assert.equal((await sh('pm list packages | grep -c demo')).out, '1\n');
    assert.equal((await sh('echo abc | grep -q zzz')).code, 1);
  });

  test('uiautomator dump writes a parseable file and prints the (sic) line', async () => {
    const dev = createVirtualDevice();
    const r = await sh('uiautomator dump /sdcard/window.xml', dev);
    assert.equal(r.out, 'UI hierchary dumped to: /sdcard/window.xml\n');
    const xml = text(dev.fs.readFile('/sdcard/window.xml'));
    assert.equal(xml.includes('\n'), false, 'one line, as uiautomator writes it');
    const dump = parseDump(xml);
    const ids = [...walk(dump.roots)].map((w) => w.node.id);
    assert.ok(ids.includes('dev.glance.demo:id/notes_list'));
    // One root, the active window: a stock dump never carries the system bars.
    assert.equal(dump.roots.length, 1);
    assert.equal(ids.includes('com.android.systemui:id/status_bar_container'), false);
    // The combined form tools send, parsed through hierarchy/parse (which skips the preamble line).
    const combined = await sh('uiautomator dump /sdcard/x.xml >/dev/null 2>&1 && cat /sdcard/x.xml', dev);
    assert.equal(combined.out, xml);
    // Default path and --compressed: fewer nodes, same texts.
    const c = await sh('uiautomator dump --compressed && cat /sdcard/window_dump.xml', dev);
    const compressed = parseDump(c.out);
    const count = (d: typeof dump): number => [...walk(d.roots)].length;
    assert.ok(count(compressed) < count(dump));
    const texts = (d: typeof dump): string[] =>
      [...walk(d.roots)]
        .map((w) => w.node.text)
        .filter(Boolean)
        .sort();
    assert.deepEqual(texts(compressed), texts(dump));
  });

  test('injected dump failures print the device error lines on stderr, exit 0 and write nothing', async () => {
    const dev = createVirtualDevice();
    dev.failDumps('idle');
    dev.failDumps('null-root', 2);
    const outs: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = await dev.run(`uiautomator dump /sdcard/f${i}.xml`);
      assert.equal(r.exitCode, 0);
      outs.push(text(r.stderr) + text(r.stdout));
    }
    assert.deepEqual(outs, [
      'ERROR: could not get idle state.\n',
      'ERROR: null root node returned by UiTestAutomationBridge.\n',
      'ERROR: null root node returned by UiTestAutomationBridge.\n',
      'UI hierchary dumped to: /sdcard/f3.xml\n',
    ]);
    assert.equal(dev.fs.lookup('/sdcard/f0.xml'), undefined);
    // hierarchy/parse turns the combined form into a coded error.
    dev.failDumps('idle');
    const r = await dev.run('uiautomator dump /sdcard/x.xml && cat /sdcard/x.xml');
    assert.throws(
      () => parseDump(text(r.stderr) + text(r.stdout)),
      (e: unknown) => (e as { code?: string }).code === 'DUMP_DEVICE_ERROR',
    );
  });

  test('dump to /dev/tty prints the XML then the line, with or without a PTY', async () => {
    const dev = createVirtualDevice();
    for (const tty of [false, true]) {
      const out = text((await dev.run('uiautomator dump /dev/tty', { tty })).stdout);
      assert.ok(out.startsWith("<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation=\"0\">"));
      assert.ok(out.endsWith('</hierarchy>UI hierchary dumped to: /dev/tty\n'), 'no newline between the XML and the line');
      assert.equal(parseDump(out.slice(0, out.lastIndexOf('UI hier'))).roots.length, 1);
    }
  });

  test('input text: one argument, %s is a space, non-ASCII fails like Android', async () => {
    const dev = createVirtualDevice();
    await dev.run('input tap 891 136'); // Sign in
    await dev.run('input tap 540 500'); // email field
    const r = await dev.run("input text 'a%sb' ignored");
    assert.equal(r.exitCode, 0);
    assert.equal(dev.state.fieldValue('email'), 'a b');
    const bad = await dev.run("input text 'héllo'");
    assert.equal(bad.exitCode, 255);
    assert.match(text(bad.stderr), /^Exception occurred while executing 'text':\njava\.lang\.NullPointerException/);
    assert.equal(dev.state.fieldValue('email'), 'a b', 'nothing typed on failure');
    assert.equal((await dev.run('input tap 1')).exitCode, 1);
    assert.equal((await dev.run('input keyevent KEYCODE_NOPE')).exitCode, 1);
  });

  test('input keyevent knows every key glance key sends (one KeyEvent table)', async () => {
    const dev = createVirtualDevice();
    for (const name of ['ASSIST', 'MEDIA_PLAY', 'ALL_APPS', 'BACK', 'A', '7']) {
      const { code } = resolveKey(name);
      assert.equal((await dev.run(`input keyevent ${code}`)).exitCode, 0, `${name} (${code})`);
      assert.equal((await dev.run(`input keyevent KEYCODE_${name}`)).exitCode, 0, name);
    }
    assert.equal((await dev.run('input keyevent 0')).exitCode, 0, 'KEYCODE_UNKNOWN');
    assert.equal((await dev.run('input keyevent 9999')).exitCode, 1);
  });

  test('wm, getprop, settings, pm, am, monkey answer in Android formats', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('wm size', dev)).out, 'Physical size: 1080x2400\n');
    assert.equal((await sh('wm density', dev)).out, 'Physical density: 420\n');
    assert.equal((await sh('getprop ro.build.version.sdk', dev)).out, '34\n');
    assert.equal((await sh('getprop no.such.prop', dev)).out, '\n');
    assert.equal((await sh('settings get global window_animation_scale', dev)).out, '1.0\n');
    assert.equal((await sh('settings put global window_animation_scale 0; settings get global window_animation_scale', dev)).out, '0\n');
    assert.equal((await sh('settings get secure nope', dev)).out, 'null\n');
    const pkgs = (await sh('pm list packages', dev)).out.trim().split('\n');
    assert.ok(pkgs.every((l) => l.startsWith('package:')));
    assert.ok(pkgs.includes('package:dev.glance.demo'));
    assert.equal((await sh('am force-stop dev.glance.demo', dev)).code, 0);
    assert.equal(dev.state.foregroundPackage(), 'com.android.launcher3');
    const m = await sh('monkey -p dev.glance.demo -c android.intent.category.LAUNCHER 1', dev);
    assert.equal(m.code, 0);
    assert.ok(m.out.split('\n').includes('Events injected: 1'));
    assert.equal(dev.state.screenName(), 'home');
    await sh('input tap 1017 136', dev); // settings on top of home
    const hist = (await sh('dumpsys activity activities | grep "Hist #"', dev)).out
      .trim()
      .split('\n')
      .map((l) => l.trim());
    assert.deepEqual(hist, [
      '* Hist #1: ActivityRecord{7f3a2b1 u0 dev.glance.demo/.SettingsActivity t12}',
      '* Hist #0: ActivityRecord{7f3a2b1 u0 dev.glance.demo/.MainActivity t12}',
    ]);
    assert.equal((await sh('pidof dev.glance.demo', dev)).code, 0);
    await sh('input keyevent 4', dev);
    const bad = await sh('monkey -p com.nope 1', dev);
    assert.equal(bad.code, 251);
    const start = await sh('am start -n dev.glance.demo/.SettingsActivity', dev);
    assert.equal(start.code, 0);
    assert.equal(dev.state.screenName(), 'settings');
    const missing = await sh('am start -n dev.glance.demo/.Nope', dev);
    assert.equal(missing.code, 1);
    assert.match(missing.err, /Error: Activity class \{dev\.glance\.demo\/dev\.glance\.demo\.Nope\} does not exist\./);
  });

  test('files: ls, rm, mkdir, cat errors in toybox words', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('mkdir -p /sdcard/a/b && echo hi > /sdcard/a/b/f.txt && ls /sdcard/a/b', dev)).out, 'f.txt\n');
    assert.equal((await sh('cat /sdcard/a/b/missing', dev)).err, 'cat: /sdcard/a/b/missing: No such file or directory\n');
    assert.equal((await sh('rm /sdcard/a', dev)).err, 'rm: /sdcard/a: Is a directory\n');
    assert.equal((await sh('rm -r /sdcard/a && ls /sdcard/a', dev)).code, 1);
    assert.equal((await sh('rm -f /sdcard/none', dev)).code, 0);
    const l = (await sh('echo 12345 > /data/local/tmp/x; ls -l /data/local/tmp/x', dev)).out;
    assert.match(l, /^-rw-rw---- 1 shell shell +6 \d{4}-\d\d-\d\d \d\d:\d\d \/data\/local\/tmp\/x\n$/);
  });

  test('screencap: PNG to stdout, to a file, and raw with a header', async () => {
    const dev = createVirtualDevice();
    const png = (await dev.run('screencap -p')).stdout;
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await dev.run('screencap -p /sdcard/s.png');
    assert.deepEqual(Buffer.from(dev.fs.readFile('/sdcard/s.png')), Buffer.from(png));
    const raw = (await dev.run('screencap')).stdout;
    const b = Buffer.from(raw);
    assert.deepEqual([b.readUInt32LE(0), b.readUInt32LE(4), b.readUInt32LE(8)], [1080, 2400, 1]);
    assert.equal(b.length, 16 + 1080 * 2400 * 4);
  });

  test('sleep is cancelled by the signal', async () => {
    const dev = createVirtualDevice();
    const ac = new AbortController();
    const t = Date.now();
    setTimeout(() => ac.abort(), 50);
    await assert.rejects(dev.run('sleep 30', { signal: ac.signal }));
    assert.ok(Date.now() - t < 5000);
  });
});
