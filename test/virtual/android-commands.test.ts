// The Android commands peers send, answered as a phone does: launcher resolution, package queries, install from
// an APK's manifest, clipboard, displays, run-as, and the toybox/mksh gaps (printf, seq, yes, md5sum, stat,
// nohup, pkill, appops, $((…)), ( … ), { …; }, /dev/zero, /proc/version). Through the in-process shell.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/index.js';
import { readApk } from '../../src/device/virtual/apk.js';

const HELPER_APK = 'node_modules/agent-device/android/snapshot-helper/dist/agent-device-android-snapshot-helper-0.21.5.apk';
const MAIN = '-a android.intent.action.MAIN -c android.intent.category.LAUNCHER';

async function sh(cmd: string, dev: VirtualDevice = createVirtualDevice()): Promise<{ out: string; err: string; code: number }> {
  const r = await dev.run(cmd);
  return { out: Buffer.from(r.stdout).toString(), err: Buffer.from(r.stderr).toString(), code: r.exitCode };
}

describe('activities and packages', () => {
  test('am start MAIN/LAUNCHER -p PKG resolves the launcher activity by package', async () => {
    const dev = createVirtualDevice({ launchApp: false });
    const r = await sh(`am start -W ${MAIN} -p dev.glance.demo`, dev);
    assert.equal(r.code, 0, r.err);
    const lines = r.out.split('\n');
    assert.equal(
      lines[0],
      'Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] pkg=dev.glance.demo }',
    );
    assert.equal(lines[1], 'Status: ok');
    assert.equal(dev.state.foregroundPackage(), 'dev.glance.demo');
    // Again while the task runs: brought to the front, as a phone warns.
    assert.match((await sh(`am start ${MAIN} -p dev.glance.demo`, dev)).out, /brought to the front/);
    const none = await sh(`am start ${MAIN} -p com.nope`, dev);
    assert.equal(none.code, 1);
    assert.equal(
      none.err,
      'Error: Activity not started, unable to resolve Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] flg=0x10000000 pkg=com.nope }\n',
    );
  });

  test('am start -n of another activity than the root starts it without the warning', async () => {
    const dev = createVirtualDevice();
    const r = await sh('am start -n dev.glance.demo/.SettingsActivity', dev);
    assert.equal(r.out, 'Starting: Intent { cmp=dev.glance.demo/.SettingsActivity }\n');
    assert.equal(dev.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
    assert.match((await sh('am start -n dev.glance.demo/.MainActivity', dev)).out, /brought to the front/);
  });

  test('resolve-activity and query-activities, brief and full', async () => {
    assert.deepEqual((await sh(`cmd package resolve-activity --brief ${MAIN} dev.glance.demo`)).out.split('\n'), [
      'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false',
      'dev.glance.demo/.MainActivity',
      '',
    ]);
    assert.equal((await sh('cmd package resolve-activity --brief com.nope')).out, 'No activity found\n');
    const full = (await sh(`cmd package query-activities ${MAIN}`)).out;
    assert.equal(full.split('\n')[0], '1 activities found:');
    // mobile-mcp lists apps from the trimmed `packageName=` lines.
    const names = new Set(
      full
        .split('\n')
        .map((l) => l.trim())
        .filter((l) => l.startsWith('packageName='))
        .map((l) => l.slice('packageName='.length)),
    );
    assert.deepEqual([...names], ['dev.glance.demo']);
    assert.match((await sh(`cmd package query-activities --brief ${MAIN}`)).out, /^ {4}dev\.glance\.demo\/\.MainActivity$/m);
    assert.equal((await sh('cmd package query-activities -a android.intent.action.VIEW')).out, 'No activities found\n');
  });

  test('features: pm list features, cmd package has-feature (exit 0/1)', async () => {
    const list = (await sh('pm list features')).out.split('\n').filter(Boolean);
    assert.ok(list.every((l) => l.startsWith('feature:')));
    assert.ok(list.includes('feature:android.hardware.touchscreen'));
    assert.ok(!list.some((l) => /leanback|television/.test(l)), 'a phone, not a TV');
    assert.deepEqual(await sh('cmd package has-feature android.hardware.touchscreen'), { out: 'true\n', err: '', code: 0 });
    assert.deepEqual(await sh('cmd package has-feature android.software.leanback'), { out: 'false\n', err: '', code: 1 });
  });

  test(
    'pm install from a pushed APK: name and version from its manifest; uninstall',
    { skip: !existsSync(HELPER_APK) && 'agent-device not installed (npm ci)' },
    async () => {
      const apk = readFileSync(HELPER_APK);
      assert.deepEqual(readApk(apk), {
        package: 'com.callstack.agentdevice.snapshothelper',
        versionCode: 21005,
        versionName: '0.21.5',
        launcher: undefined,
        instrumentation: [
          {
            component: 'com.callstack.agentdevice.snapshothelper/.SnapshotInstrumentation',
            target: 'com.callstack.agentdevice.snapshothelper',
          },
        ],
      });
      const dev = createVirtualDevice();
      dev.fs.writeFile('/data/local/tmp/helper.apk', apk);
      assert.deepEqual(await sh('pm install -r -t /data/local/tmp/helper.apk', dev), { out: 'Success\n', err: '', code: 0 });
      assert.equal(
        (await sh('pm list instrumentation', dev)).out,
        'instrumentation:com.callstack.agentdevice.snapshothelper/.SnapshotInstrumentation (target=com.callstack.agentdevice.snapshothelper)\n',
      );
      assert.match((await sh('pm list packages -3', dev)).out, /^package:com\.callstack\.agentdevice\.snapshothelper$/m);
      assert.match(
        (await sh('dumpsys package com.callstack.agentdevice.snapshothelper', dev)).out,
        /versionCode=21005 .*\n\s+versionName=0\.21\.5/,
      );
      assert.equal((await sh('pm path com.callstack.agentdevice.snapshothelper', dev)).code, 0);
      assert.deepEqual(await sh('cmd package uninstall com.callstack.agentdevice.snapshothelper', dev), {
        out: 'Success\n',
        err: '',
        code: 0,
      });
      assert.equal((await sh('pm path com.callstack.agentdevice.snapshothelper', dev)).code, 1);
    },
  );

  test('pm install of a file that is not an APK: named after the file; streamed non-APK fails as on a phone', async () => {
    const dev = createVirtualDevice();
    dev.fs.writeFile('/data/local/tmp/notes-2.1.apk', Buffer.from('not a zip'));
    assert.equal((await sh('pm install /data/local/tmp/notes-2.1.apk', dev)).out, 'Success\n');
    assert.match((await sh('dumpsys package notes', dev)).out, /versionName=2\.1/);
    const missing = await sh('pm install /data/local/tmp/nope.apk', dev);
    assert.deepEqual([missing.err, missing.code], ["Error: Can't open file: /data/local/tmp/nope.apk\n", 1]);
    const streamed = await sh('echo junk | cmd package install -S 5', dev);
    assert.equal(streamed.code, 1);
    assert.match(streamed.out, /^Failure \[INSTALL_PARSE_FAILED_NOT_APK: /);
  });
});

describe('clipboard, displays, run-as, settings', () => {
  test('cmd clipboard get/set primary clip', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('cmd clipboard get-primary-clip', dev)).out, 'null\n');
    await sh("cmd clipboard set-primary-clip 'hello there'", dev);
    assert.equal((await sh('cmd clipboard get-primary-clip', dev)).out, 'hello there\n');
  });

  test('one display: SurfaceFlinger --display-id and cmd display get-displays', async () => {
    const sf = (await sh('dumpsys SurfaceFlinger --display-id')).out.split('\n').filter((l) => l.startsWith('Display '));
    assert.equal(sf.length, 1);
    const disp = (await sh('cmd display get-displays')).out.split('\n').filter((l) => l.startsWith('Display id '));
    assert.equal(disp.length, 1);
    assert.match(disp[0]!, /, state ON, .*uniqueId "local:\d+".*real 1080 x 2400|real 1080 x 2400.*state ON, .*uniqueId "local:\d+"/);
  });

  test('run-as: the debuggable app runs in its data directory; others are refused', async () => {
    assert.deepEqual(await sh('run-as dev.glance.demo pwd'), { out: '/data/user/0/dev.glance.demo\n', err: '', code: 0 });
    assert.deepEqual(await sh('run-as com.android.settings id'), {
      out: '',
      err: 'run-as: package not debuggable: com.android.settings\n',
      code: 1,
    });
    assert.deepEqual(await sh('run-as com.nope id'), { out: '', err: 'run-as: unknown package: com.nope\n', code: 1 });
  });

  test('settings get system user_rotation is 0; /proc/version reads', async () => {
    assert.equal((await sh('settings get system user_rotation')).out, '0\n');
    assert.match((await sh('cat /proc/version')).out, /^Linux version \d+\.\d+\.\d+-android14-/);
  });
});

describe('toybox and sh', () => {
  test('printf, seq, yes', async () => {
    assert.equal((await sh("printf '%s=%d %05.1f %x|%-3s|\\n' a 42 3.14159 255 b")).out, 'a=42 003.1 ff|b  |\n');
    assert.equal((await sh("printf '%s\\n' x y z")).out, 'x\ny\nz\n', 'the format repeats while arguments remain');
    assert.equal((await sh('seq 3; seq -s , 2 2 8; seq -w 9 10')).out, '1\n2\n3\n2,4,6,8\n09\n10\n');
    assert.equal((await sh('yes | head -n 3')).out, 'y\ny\ny\n');
    assert.equal((await sh('yes no | head -n 1')).out, 'no\n');
  });

  test('md5sum, stat, /dev/zero', async () => {
    const dev = createVirtualDevice();
    await sh('echo -n abc > /sdcard/a', dev);
    assert.equal((await sh('md5sum /sdcard/a', dev)).out, '900150983cd24fb0d6963f7d28e17f72  /sdcard/a\n');
    const zeros = createHash('md5').update(Buffer.alloc(16)).digest('hex');
    assert.equal((await sh('head -c 16 /dev/zero | md5sum', dev)).out, `${zeros}  -\n`);
    assert.equal((await sh('cat /dev/zero | head -c 5 | wc -c', dev)).out, '5\n');
    assert.equal(
      (await sh("stat -c '%n %s %a %F' /sdcard/a /sdcard", dev)).out,
      '/sdcard/a 3 660 regular file\n/sdcard 4096 771 directory\n',
    );
    assert.match((await sh('stat /sdcard/a', dev)).out, /^ {2}File: '\/sdcard\/a'\n {2}Size: 3\t/);
    assert.deepEqual(await sh('stat /nope', dev), { out: '', err: "stat: '/nope': No such file or directory\n", code: 1 });
  });

  test('nohup, pkill, appops', async () => {
    const dev = createVirtualDevice();
    assert.equal((await sh('nohup echo hi', dev)).out, 'hi\n');
    assert.equal((await sh('pkill -x dev.glance.demo; echo $?; pkill zzz; echo $?', dev)).out, '0\n1\n');
    assert.equal(dev.state.foregroundPackage(), 'com.android.launcher3', 'the killed app left the screen');
    assert.equal((await sh('appops get dev.glance.demo', dev)).out, 'No operations.\n');
    await sh('appops set dev.glance.demo RUN_IN_BACKGROUND ignore', dev);
    assert.equal((await sh('appops get dev.glance.demo', dev)).out, 'RUN_IN_BACKGROUND: ignore\n');
  });

  test('$((…)) arithmetic, ( … ) subshells and { …; } groups', async () => {
    assert.equal((await sh('X=5; echo $((X*X-1)) $(( (7-1)/4 )) $((10%3)) $((2>1 && 0))')).out, '24 1 1 0\n');
    assert.deepEqual(await sh('echo $((1/0))'), { out: '', err: '/system/bin/sh: 1/0: divide by zero\n', code: 1 });
    assert.equal((await sh('(cd /sdcard && pwd); pwd')).out, '/sdcard\n/\n', 'cd stays inside the subshell');
    assert.equal((await sh('X=1; (X=2; exit 4); echo $? $X')).out, '4 1\n');
    assert.equal((await sh('{ echo a; echo b; } | wc -l')).out, '2\n');
    assert.equal((await sh('{ echo gone >&2; } 2>/dev/null; cd /sdcard; { cd /; }; pwd')).out, '/\n', 'a group runs in this shell');
    assert.equal((await sh('( echo x')).code, 2);
  });
});
