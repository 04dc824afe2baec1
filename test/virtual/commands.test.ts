// The Android commands tools send, option by option, through the in-process shell: what each prints, its exit
// status, and for `input` the action the phone received (its log). Formats and statuses are Android's
// (InputShellCommand, WindowManagerShellCommand, SettingsService, PackageManagerShellCommand, cmd, getprop).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/index.js';

async function sh(cmd: string, dev: VirtualDevice): Promise<{ out: string; err: string; code: number }> {
  const r = await dev.run(cmd);
  return { out: Buffer.from(r.stdout).toString(), err: Buffer.from(r.stderr).toString(), code: r.exitCode };
}

/** The actions the phone logged while `cmd` ran. */
async function actions(cmd: string, dev: VirtualDevice = createVirtualDevice()): Promise<string[]> {
  const before = dev.state.log.length;
  const r = await sh(cmd, dev);
  assert.equal(r.code, 0, `${cmd}: ${r.err}`);
  return dev.state.log.slice(before).map((e) => e.action);
}

describe('input', () => {
  test('tap, with the source and display prefixes tools add, coordinates rounded', async () => {
    assert.deepEqual(await actions('input tap 891 136'), ['tap 891 136']);
    assert.deepEqual(await actions('input touchscreen tap 10 20'), ['tap 10 20']);
    assert.deepEqual(await actions('input touchscreen -d 0 tap 10 20'), ['tap 10 20']);
    assert.deepEqual(await actions('input -d 1 tap 10 20'), ['tap 10 20']);
    assert.deepEqual(await actions('input tap 1.6 20.4'), ['tap 2 20']);
    assert.deepEqual(await actions('input tap -3 20'), ['tap -3 20']);
  });

  test('swipe and draganddrop: a move is a swipe; a still one is a tap, or a long press when it lasts 500 ms or more', async () => {
    assert.deepEqual(await actions('input swipe 500 1500 500 500'), ['swipe 500 1500 500 500']);
    assert.deepEqual(await actions('input draganddrop 500 1500 500 500 100'), ['swipe 500 1500 500 500']);
    assert.deepEqual(await actions('input swipe 500 1500 505 1502'), ['tap 500 1500']);
    assert.deepEqual(await actions('input swipe 500 1500 505 1502 499'), ['tap 500 1500']);
    assert.deepEqual(await actions('input swipe 500 1500 505 1502 500'), ['long press 500 1500']);
  });

  test('keyevent: codes and names, several at once, --longpress/--doubletap left out', async () => {
    assert.deepEqual(await actions('input keyevent 4'), ['key BACK']);
    assert.deepEqual(await actions('input keyevent KEYCODE_HOME'), ['key HOME']);
    assert.deepEqual(await actions('input keyboard keyevent --longpress 3 --doubletap 4'), ['key HOME', 'key BACK']);
    assert.deepEqual(await actions('input press'), ['key DPAD_CENTER']);
    assert.deepEqual(await actions('input roll 1 1'), []);
  });

  test('motionevent: DOWN then UP is one swipe from the first point to the second; CANCEL drops it', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await actions('input motionevent DOWN 10 100', dev), []);
    assert.deepEqual(await actions('input motionevent up 10 900', dev), ['swipe 10 100 10 900']);
    assert.deepEqual(await actions('input motionevent UP 10 900', dev), [], 'no DOWN before it');
    await actions('input motionevent DOWN 10 100', dev);
    await actions('input motionevent CANCEL 10 100', dev);
    assert.deepEqual(await actions('input motionevent UP 10 900', dev), []);
  });

  test('bad arguments: the usage on stderr and status 1; an unknown key names it', async () => {
    const dev = createVirtualDevice();
    for (const cmd of [
      'input tap 1',
      'input tap x 2',
      'input swipe 1 2 3',
      'input swipe 1 2 3 y',
      'input keyevent',
      'input text',
      'input motionevent DOWN 1',
    ]) {
      const r = await sh(cmd, dev);
      assert.equal(r.code, 1, cmd);
      assert.match(r.err, /^Error: Invalid arguments for command: \w+\nUsage: input \[<source>\] \[-d DISPLAY_ID\] <command>/, cmd);
    }
    const unknown = await sh('input frob', dev);
    assert.deepEqual([unknown.code, unknown.err.split('\n')[0]], [1, 'Error: Unknown command: frob']);
    const bare = await sh('input', dev);
    assert.deepEqual([bare.code, bare.err.split('\n')[0]], [1, 'Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]']);
    assert.deepEqual(await sh('input keyevent 4 NOPE', dev), { out: '', err: 'Error: Unknown keycode: NOPE\n', code: 1 });
    assert.equal(dev.state.log.length, 1, 'only the valid BACK before NOPE was sent');
  });
});

describe('wm', () => {
  test('size and density: the physical value, an override shown beside it until reset, bad values refused', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await sh('wm size', dev), { out: 'Physical size: 1080x2400\n', err: '', code: 0 });
    assert.equal((await sh('wm size 720x1280', dev)).code, 0);
    assert.equal((await sh('cmd window size', dev)).out, 'Physical size: 1080x2400\nOverride size: 720x1280\n');
    assert.deepEqual(await sh('wm size 720', dev), { out: '', err: 'Error: bad size 720\n', code: 255 });
    await sh('wm size reset', dev);
    assert.equal((await sh('wm size', dev)).out, 'Physical size: 1080x2400\n');
    assert.deepEqual(await sh('wm density', dev), { out: 'Physical density: 420\n', err: '', code: 0 });
    await sh('wm density 320', dev);
    assert.equal((await sh('wm density', dev)).out, 'Physical density: 420\nOverride density: 320\n');
    assert.deepEqual(await sh('wm density 3x', dev), { out: '', err: 'Error: bad density 3x\n', code: 255 });
    await sh('wm density reset', dev);
    assert.equal((await sh('wm density', dev)).out, 'Physical density: 420\n');
  });

  test('no verb prints the help with status 0; an unknown verb prints it with 255', async () => {
    const dev = createVirtualDevice();
    const help = await sh('wm', dev);
    assert.equal(help.code, 0);
    assert.match(help.out, /^Window manager \(window\) commands:\n/);
    const bad = await sh('wm frob', dev);
    assert.deepEqual([bad.code, bad.out], [255, help.out]);
  });
});

describe('cmd, clipboard', () => {
  test('cmd routes to the service by name; an unknown or missing service is status 20', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('cmd package path dev.glance.demo', dev)).out, (await sh('pm path dev.glance.demo', dev)).out);
    assert.deepEqual(await sh('cmd nope list', dev), { out: '', err: "cmd: Can't find service: nope\n", code: 20 });
    assert.deepEqual(await sh('cmd', dev), { out: '', err: "cmd: Can't find service: \n", code: 20 });
    assert.equal((await sh('cmd toString', dev)).code, 20, 'not a property of the table');
  });

  test("cmd clipboard: every verb gets Binder's default answer (stderr, status 0)", async () => {
    const dev = createVirtualDevice();
    for (const verb of ['get-primary-clip', 'set-primary-clip-text hi', '']) {
      assert.deepEqual(await sh(`cmd clipboard ${verb}`, dev), { out: '', err: 'No shell command implementation.\n', code: 0 });
    }
  });
});

describe('getprop, setprop, settings', () => {
  test('getprop: every property sorted by name in [k]: [v] form; one value; a default for a missing one', async () => {
    const dev = createVirtualDevice();
    const lines = (await sh('getprop', dev)).out.trimEnd().split('\n');
    assert.ok(
      lines.every((l) => /^\[[^\]]+\]: \[[^\]]*\]$/.test(l)),
      lines.join('\n'),
    );
    const keys = lines.map((l) => l.slice(1, l.indexOf(']')));
    assert.deepEqual(keys, [...keys].sort());
    assert.ok(keys.includes('ro.build.version.sdk') && keys.includes('sys.boot_completed'));
    assert.equal((await sh('getprop sys.boot_completed', dev)).out, '1\n');
    assert.equal((await sh('getprop no.such fallback', dev)).out, 'fallback\n');
    assert.equal((await sh('getprop sys.boot_completed fallback', dev)).out, '1\n');
  });

  test('setprop sets; without two arguments it is an error', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('setprop debug.x 7; getprop debug.x', dev)).out, '7\n');
    assert.deepEqual(await sh('setprop debug.x', dev), { out: '', err: 'setprop: need 2 arguments\n', code: 1 });
    assert.equal((await sh('setprop', dev)).code, 1);
  });

  test('settings: put/get/list/delete per namespace, --user skipped, bad namespace and bad usage refused', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('settings --user 0 put system font_scale 1.3', dev)).code, 0);
    assert.equal((await sh('settings get system font_scale', dev)).out, '1.3\n');
    assert.equal((await sh('settings get --user current secure font_scale', dev)).out, 'null\n', 'another namespace');
    assert.ok((await sh('settings list system', dev)).out.split('\n').includes('font_scale=1.3'));
    assert.ok(!(await sh('settings list global', dev)).out.includes('font_scale'));
    assert.equal((await sh('settings delete system font_scale', dev)).out, 'Deleted 1 rows\n');
    assert.equal((await sh('settings delete system font_scale', dev)).out, 'Deleted 0 rows\n');
    assert.equal((await sh('settings get system font_scale', dev)).out, 'null\n');
    assert.deepEqual(await sh('settings get bogus k', dev), { out: '', err: "Invalid namespace 'bogus'\n", code: 255 });
    for (const bad of ['settings put global k', 'settings frob global', 'settings']) {
      const r = await sh(bad, dev);
      assert.equal(r.code, 255, bad);
      assert.match(r.err, /^usage: {2}settings \[--user <USER_ID> \| current\] get namespace key\n/, bad);
    }
  });
});

describe('pm', () => {
  test('list packages: sorted, -3 third-party, -s system, -f with the APK path, a filter', async () => {
    const dev = createVirtualDevice();
    const all = (await sh('pm list packages', dev)).out.trimEnd().split('\n');
    assert.deepEqual(all, [...all].sort());
    const third = (await sh('pm list packages -3', dev)).out.trimEnd().split('\n');
    const system = (await sh('pm list packages -s', dev)).out.trimEnd().split('\n');
    assert.ok(third.includes('package:dev.glance.demo') && !third.includes('package:com.android.settings'));
    assert.ok(system.includes('package:com.android.settings') && !system.includes('package:dev.glance.demo'));
    assert.deepEqual([...third, ...system].sort(), all);
    assert.equal(
      (await sh('pm list packages -f glance.demo', dev)).out,
      'package:/data/app/~~glance==/dev.glance.demo-1/base.apk=dev.glance.demo\n',
    );
    assert.deepEqual(await sh('pm list widgets', dev), { out: '', err: "Error: unknown list type 'widgets'\n", code: 255 });
  });

  test('path, clear, the no-op verbs, help and unknown verbs', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await sh('pm path dev.glance.demo', dev), {
      out: 'package:/data/app/~~glance==/dev.glance.demo-1/base.apk\n',
      err: '',
      code: 0,
    });
    assert.deepEqual(await sh('pm path com.nope', dev), { out: '', err: '', code: 1 });
    assert.equal(dev.state.foregroundPackage(), 'dev.glance.demo');
    assert.deepEqual(await sh('pm clear dev.glance.demo', dev), { out: 'Success\n', err: '', code: 0 });
    assert.notEqual(dev.state.foregroundPackage(), 'dev.glance.demo', 'clearing stops the app');
    assert.deepEqual(await sh('pm clear com.nope', dev), { out: 'Failed\n', err: '', code: 1 });
    for (const v of ['grant dev.glance.demo android.permission.CAMERA', 'revoke dev.glance.demo x', 'enable x', 'disable-user x']) {
      assert.deepEqual(await sh(`pm ${v}`, dev), { out: '', err: '', code: 0 }, v);
    }
    const help = await sh('pm help', dev);
    assert.deepEqual([help.code, help.out.split('\n')[0]], [255, 'Package manager (package) commands:']);
    assert.deepEqual(await sh('pm', dev), help);
    assert.deepEqual(await sh('pm frob', dev), { out: 'Unknown command: frob\n', err: '', code: 255 });
  });
});

describe('uiautomator', () => {
  test('help with no subcommand or `help` (status 0), and for an unknown one (status 1)', async () => {
    const dev = createVirtualDevice();
    const help = await sh('uiautomator', dev);
    assert.equal(help.code, 0);
    assert.match(help.out, /^Usage: uiautomator <subcommand> \[options\]\n/);
    assert.deepEqual(await sh('uiautomator help', dev), help);
    assert.deepEqual(await sh('uiautomator events', dev), { ...help, code: 1 });
  });

  test('dump: the default file, a named file (options before it skipped), and /dev/tty printing the XML', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('uiautomator dump', dev)).out, 'UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const file = Buffer.from(dev.fs.readFile('/sdcard/window_dump.xml')).toString();
    assert.match(file, /^<\?xml version='1\.0' encoding='UTF-8' standalone='yes' \?><hierarchy rotation="0">/);
    assert.equal((await sh('uiautomator dump --verbose /sdcard/x.xml', dev)).out, 'UI hierchary dumped to: /sdcard/x.xml\n');
    assert.equal(Buffer.from(dev.fs.readFile('/sdcard/x.xml')).toString(), file);
    const tty = await sh('uiautomator dump /dev/tty', dev);
    assert.equal(tty.out, `${file}UI hierchary dumped to: /dev/tty\n`);
  });
});

describe('dumpsys', () => {
  test('window: the display and window sections by name or letter, the focus lines tools grep for', async () => {
    const dev = createVirtualDevice();
    const heads = async (sub: string): Promise<string[]> =>
      (await sh(`dumpsys window ${sub}`, dev)).out.split('\n').filter((l) => /^WINDOW MANAGER/.test(l));
    const DISPLAYS = 'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)';
    const WINDOWS = 'WINDOW MANAGER WINDOWS (dumpsys window windows)';
    assert.deepEqual(await heads(''), [DISPLAYS, WINDOWS]);
    assert.deepEqual(await heads('displays'), [DISPLAYS]);
    assert.deepEqual(await heads('d'), [DISPLAYS]);
    assert.deepEqual(await heads('windows'), [WINDOWS]);
    assert.deepEqual(await heads('w'), [WINDOWS]);
    assert.deepEqual(await heads('policy'), []);
    const out = (await sh('dumpsys window displays', dev)).out;
    assert.match(out, /^ {4}init=1080x2400 420dpi cur=1080x2400 app=1080x2400 rng=1080x1080-2400x2400$/m);
    const focus = (await sh('dumpsys window | grep -E "mCurrentFocus|mFocusedApp|mInputMethodTarget"', dev)).out;
    assert.equal(
      focus,
      '  mCurrentFocus=Window{5c2e9d1 u0 dev.glance.demo/dev.glance.demo.MainActivity}\n' +
        '  mFocusedApp=ActivityRecord{7f3a2b1 u0 dev.glance.demo/.MainActivity t12}\n' +
        '  mInputMethodTarget=null\n',
    );
    assert.match(
      (await sh('dumpsys window windows', dev)).out,
      /^ {4}mOwnerUid=10123 showForAllUsers=false package=dev\.glance\.demo appop=NONE$/m,
    );
  });

  test('input_method and window follow the focused field', async () => {
    const dev = createVirtualDevice();
    assert.match((await sh('dumpsys input_method', dev)).out, /^ {2}mInputShown=false\n {2}mServedView=null\n/);
    await sh('input tap 891 136; input tap 540 500', dev); // Sign in, then the e-mail field
    assert.match((await sh('dumpsys input_method', dev)).out, /^ {2}mInputShown=true\n {2}mServedView=EditText\n/);
    assert.match((await sh('dumpsys window', dev)).out, /^ {2}mInputMethodTarget=Window\{5c2e9d1 u0 [^}]+\}$/m);
  });

  test('the launcher in front: task 1 and its package', async () => {
    const dev = createVirtualDevice();
    await sh('input keyevent 3', dev);
    const out = (await sh('dumpsys activity activities', dev)).out;
    assert.match(out, /^ {2}\* Task\{8e7d6c5 #1 type=standard A=10123:com\.android\.launcher3 /m);
    assert.match(out, /^ {2}mResumedActivity: ActivityRecord\{7f3a2b1 u0 com\.android\.launcher3\/\.uioverrides\.QuickstepLauncher t1\}$/m);
  });

  test('power, display, package, the service list, an unknown service', async () => {
    const dev = createVirtualDevice();
    assert.match((await sh('dumpsys power', dev)).out, /^ {2}mWakefulness=Awake$/m);
    assert.match(
      (await sh('dumpsys display', dev)).out,
      /"Built-in Screen": uniqueId="local:0", 1080 x 2400, density 420\}\n {2}mScreenState=ON\n$/,
    );
    assert.match(
      (await sh('dumpsys package', dev)).out,
      /^ {2}Package \[dev\.glance\.demo\] \(1a2b3c4\):\n {4}versionCode=1 minSdk=24 targetSdk=34\n {4}versionName=1\.0\n$/m,
    );
    assert.match((await sh('dumpsys package com.android.settings', dev)).out, /Package \[com\.android\.settings\]/);
    assert.deepEqual(await sh('dumpsys package com.nope', dev), { out: 'Unable to find package: com.nope\n', err: '', code: 0 });
    const services = (await sh('dumpsys', dev)).out.split('\n');
    assert.equal(services[0], 'Currently running services:');
    for (const s of ['SurfaceFlinger', 'activity', 'input_method', 'package', 'window']) assert.ok(services.includes(`  ${s}`), s);
    assert.deepEqual(await sh('dumpsys nope', dev), { out: "Can't find service: nope\n", err: '', code: 0 });
  });
});

describe('toybox and mksh odds and ends', () => {
  test('echo: -n drops the newline, -e reads escapes, -E and other dashes do not', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('echo -n a; echo b', dev)).out, 'ab\n');
    assert.equal((await sh("echo -e 'a\\tb\\\\c\\nd'", dev)).out, 'a\tb\\c\nd\n');
    assert.equal((await sh("echo -ne 'x\\ry'", dev)).out, 'x\ry');
    assert.equal((await sh("echo -n -e 'x\\ty'", dev)).out, 'x\ty');
    assert.equal((await sh("echo -E 'a\\tb'", dev)).out, 'a\\tb\n');
    assert.equal((await sh("echo 'a\\tb'", dev)).out, 'a\\tb\n');
    assert.equal((await sh('echo -x y', dev)).out, '-x y\n');
    assert.equal((await sh('echo a -n', dev)).out, 'a -n\n');
  });

  test('sh -c SCRIPT NAME ARGS: $1… are the arguments after the name; no -c reads nothing; -c alone is an error', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh("sh -c 'echo $1-$2' zero one two", dev)).out, 'one-two\n');
    assert.equal((await sh("sh -c 'exit 4'", dev)).code, 4);
    assert.deepEqual(await sh('sh', dev), { out: '', err: '', code: 0 });
    assert.deepEqual(await sh('sh -c', dev), { out: '', err: '/system/bin/sh: -c: option requires an argument\n', code: 1 });
  });

  test('sleep refuses what is not a non-negative number; which names what exists', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await sh('sleep x', dev), { out: '', err: "sleep: invalid number 'x'\n", code: 1 });
    assert.deepEqual(await sh('sleep -1', dev), { out: '', err: "sleep: invalid number '-1'\n", code: 1 });
    assert.deepEqual(await sh('sleep', dev), { out: '', err: "sleep: invalid number ''\n", code: 1 });
    assert.deepEqual(await sh('sleep 0', dev), { out: '', err: '', code: 0 });
    assert.deepEqual(await sh('which ls sh', dev), { out: '/system/bin/ls\n/system/bin/sh\n', err: '', code: 0 });
    assert.deepEqual(await sh('which ls nope', dev), { out: '/system/bin/ls\n', err: '', code: 1 });
  });

  test('id, whoami, uname, date: the shell user, the kernel, the clock', async () => {
    const dev = createVirtualDevice();
    assert.match((await sh('id', dev)).out, /^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),.* context=u:r:shell:s0\n$/);
    assert.equal((await sh('whoami', dev)).out, 'shell\n');
    assert.equal((await sh('uname', dev)).out, 'Linux\n');
    assert.equal((await sh('uname -m', dev)).out, 'x86_64\n');
    assert.match((await sh('uname -a', dev)).out, /^Linux localhost \S+ #1 SMP PREEMPT x86_64 Toybox\n$/);
    const before = Math.floor(Date.now() / 1000);
    const epoch = Number((await sh('date +%s', dev)).out);
    assert.ok(epoch >= before && epoch <= Math.floor(Date.now() / 1000), String(epoch));
    assert.match((await sh('date', dev)).out, /^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} UTC\n$/);
  });

  test('ps lists system_server, system UI, the launcher and running apps; pidof answers with the same pid', async () => {
    const dev = createVirtualDevice();
    const lines = (await sh('ps', dev)).out.trimEnd().split('\n');
    assert.match(lines[0]!, /^USER +PID +PPID +VSZ +RSS +WCHAN +ADDR +S +NAME$/);
    const rows = lines.slice(1).map((l) => l.split(/ +/));
    const names = rows.map((r) => r[8]);
    assert.deepEqual(names.slice(0, 3), ['system_server', 'com.android.systemui', 'com.android.launcher3']);
    assert.ok(names.includes('dev.glance.demo'));
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['system', ...rows.slice(1).map(() => 'u0_a123')],
    );
    const pids = rows.map((r) => r[1]);
    assert.equal(new Set(pids).size, pids.length, 'pids are distinct');
    assert.equal((await sh('pidof dev.glance.demo', dev)).out, `${pids[names.indexOf('dev.glance.demo')]}\n`);
    assert.equal((await sh('pidof system_server', dev)).out, `${pids[0]}\n`);
    assert.deepEqual(await sh('pidof nope', dev), { out: '', err: '', code: 1 });
    assert.deepEqual(await sh('pidof', dev), { out: '', err: '', code: 1 });
  });

  test('appops: set per package and op (--user skipped), get all or one, reset one package or all, help', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('appops get dev.glance.demo', dev)).out, 'No operations.\n');
    await sh(
      'appops set dev.glance.demo CAMERA deny; appops set --user 0 dev.glance.demo RECORD_AUDIO ignore; appops set other CAMERA allow',
      dev,
    );
    assert.equal((await sh('appops get dev.glance.demo', dev)).out, 'CAMERA: deny\nRECORD_AUDIO: ignore\n');
    assert.equal((await sh('appops get --user 0 dev.glance.demo CAMERA', dev)).out, 'CAMERA: deny\n');
    assert.equal((await sh('appops get dev.glance', dev)).out, 'No operations.\n', 'a package name, not a prefix');
    await sh('appops reset dev.glance.demo', dev);
    assert.equal((await sh('appops get dev.glance.demo', dev)).out, 'No operations.\n');
    assert.equal((await sh('appops get other', dev)).out, 'CAMERA: allow\n');
    await sh('appops reset', dev);
    assert.equal((await sh('appops get other', dev)).out, 'No operations.\n');
    assert.deepEqual(await sh('appops set x CAMERA', dev), { out: '', err: 'Error: Mode not specified.\n', code: 255 });
    const help = await sh('appops', dev);
    assert.equal(help.code, 0);
    assert.match(help.out, /^AppOps service \(appops\) commands:\n/);
    assert.deepEqual(await sh('appops help', dev), help);
    assert.deepEqual(await sh('appops frob', dev), { ...help, code: 255 });
  });

  test('run-as: the app home as working directory for the debuggable app only', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await sh('run-as dev.glance.demo pwd', dev), { out: '/data/user/0/dev.glance.demo\n', err: '', code: 0 });
    assert.deepEqual(await sh('run-as dev.glance.demo', dev), { out: '', err: '', code: 0 });
    assert.equal((await sh("run-as dev.glance.demo sh -c 'exit 3'", dev)).code, 3);
    assert.deepEqual(await sh('run-as', dev), {
      out: '',
      err: 'usage: run-as <package-name> [--user <uid>] <command> [<args>]\n',
      code: 1,
    });
    assert.deepEqual(await sh('run-as com.nope id', dev), { out: '', err: 'run-as: unknown package: com.nope\n', code: 1 });
    assert.deepEqual(await sh('run-as com.android.settings id', dev), {
      out: '',
      err: 'run-as: package not debuggable: com.android.settings\n',
      code: 1,
    });
    assert.equal((await sh('pwd', dev)).out, '/\n', 'the shell itself stays where it was');
  });
});

describe('mksh itself', () => {
  test('$$ is a fixed pid, $0 the shell, commands by their /system/bin or /system/xbin path, other paths not found', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('echo $$ $0', dev)).out, '4242 /system/bin/sh\n');
    assert.equal((await sh("sh -c 'echo $# $1' name", dev)).out, '0 \n');
    assert.equal((await sh('/system/bin/echo hi; /system/xbin/echo ho', dev)).out, 'hi\nho\n');
    assert.deepEqual(await sh('/bin/echo hi', dev), { out: '', err: '/system/bin/sh: /bin/echo: inaccessible or not found\n', code: 127 });
    assert.deepEqual(await sh('/system/bin/nope', dev), {
      out: '',
      err: '/system/bin/sh: /system/bin/nope: inaccessible or not found\n',
      code: 127,
    });
  });

  test('redirection errors: a bad descriptor or an unreadable file fail that command with 1 and the script goes on', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await sh('echo x >&3; echo $?', dev), { out: '1\n', err: '/system/bin/sh: 3: bad file descriptor\n', code: 0 });
    assert.deepEqual(await sh('echo x >&a', dev), { out: '', err: '/system/bin/sh: a: bad file descriptor\n', code: 1 });
    assert.deepEqual(await sh('cat < /nope; echo $?', dev), {
      out: '1\n',
      err: "/system/bin/sh: can't open /nope: No such file or directory\n",
      code: 0,
    });
    assert.deepEqual(await sh('echo a 1>&2', dev), { out: '', err: 'a\n', code: 0 });
  });

  test('cd: to / without an argument, relative to the current folder, a missing folder is status 2', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('cd /data; cd local/tmp; pwd; cd; pwd', dev)).out, '/data/local/tmp\n/\n');
    assert.deepEqual(await sh('cd /nope; echo $?; pwd', dev), {
      out: '2\n/\n',
      err: '/system/bin/sh: cd: /nope: No such file or directory\n',
      code: 0,
    });
  });

  test('a syntax error is reported by mksh with status 2 and nothing runs', async () => {
    const dev = createVirtualDevice();
    assert.deepEqual(await sh('echo before; echo (', dev), { out: '', err: "/system/bin/sh: syntax error: '(' unexpected\n", code: 2 });
  });

  test('export sets NAME=VALUE for later commands and sh -c; words without a name are ignored', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh("export A=1 B C=x=y =z; sh -c 'echo $A $C'", dev)).out, '1 x=y\n');
  });
});
