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

  test('resolve-activity and query-activities: --brief, --components and the whole ResolveInfo dump', async () => {
    assert.deepEqual((await sh(`cmd package resolve-activity --brief ${MAIN} dev.glance.demo`)).out.split('\n'), [
      'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false',
      'dev.glance.demo/.MainActivity',
      '',
    ]);
    // A bare package is MAIN + LAUNCHER on that package (Intent.parseCommandArgs): mobilecli resolves launchers so.
    assert.equal(
      (await sh('cmd package resolve-activity --brief dev.glance.demo')).out,
      'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\ndev.glance.demo/.MainActivity\n',
    );
    assert.equal((await sh('cmd package resolve-activity --components dev.glance.demo')).out, 'dev.glance.demo/.MainActivity\n');
    assert.equal((await sh('cmd package resolve-activity --brief com.nope')).out, 'No activity found\n');
    assert.equal((await sh(`cmd package query-activities --components ${MAIN}`)).out, 'dev.glance.demo/.MainActivity\n');
    assert.equal(
      (await sh(`cmd package query-activities --brief ${MAIN}`)).out,
      '1 activities found:\n  Activity #0:\n    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false\n' +
        '    dev.glance.demo/.MainActivity\n',
    );
    assert.equal((await sh('cmd package query-activities -a android.intent.action.VIEW')).out, 'No activities found\n');
    // ResolveInfo.dump → ActivityInfo.dump → ApplicationInfo.dump with DUMP_FLAG_ALL; mobile-mcp's legacy robot
    // lists apps from the trimmed `packageName=` lines.
    const full = await sh(`cmd package query-activities ${MAIN}`);
    assert.equal(full.code, 0);
    assert.deepEqual(full.out.split('\n'), [
      '1 activities found:',
      '  Activity #0:',
      '    priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=false',
      '    ActivityInfo:',
      '      name=dev.glance.demo.MainActivity',
      '      packageName=dev.glance.demo',
      '      enabled=true exported=true directBootAware=false',
      '      taskAffinity=dev.glance.demo targetActivity=null persistableMode=PERSIST_ROOT_ONLY',
      '      launchMode=0 flags=0x200 privateFlags=0x0 theme=0x0',
      '      lockTaskLaunchMode=LOCK_TASK_LAUNCH_MODE_DEFAULT',
      '      resizeMode=RESIZE_MODE_RESIZEABLE',
      '      ApplicationInfo:',
      '        packageName=dev.glance.demo',
      '        labelRes=0x7f120027 nonLocalizedLabel=null icon=0x7f0f0000 banner=0x0',
      '        processName=dev.glance.demo',
      '        taskAffinity=dev.glance.demo',
      '        uid=10123 flags=0x10c8be46 privateFlags=0x88000400 theme=0x7f130249',
      '        requiresSmallestWidthDp=0 compatibleWidthLimitDp=0 largestWidthLimitDp=0',
      '        sourceDir=/data/app/~~glance==/dev.glance.demo-1/base.apk',
      '        seinfo=default:targetSdkVersion=34',
      '        seinfoUser=:complete',
      '        dataDir=/data/user/0/dev.glance.demo',
      '        deviceProtectedDataDir=/data/user_de/0/dev.glance.demo',
      '        credentialProtectedDataDir=/data/user/0/dev.glance.demo',
      '        enabled=true minSdkVersion=24 targetSdkVersion=34 versionCode=1 targetSandboxVersion=1',
      '        supportsRtl=true',
      '        fullBackupContent=true',
      '        crossProfile=false',
      '        HiddenApiEnforcementPolicy=2',
      '        usesNonSdkApi=false',
      '        allowsPlaybackCapture=true',
      '        enableOnBackInvokedCallback=false',
      '        createTimestamp=23874',
      '',
    ]);
  });

  test('a bare component or package on am start is MAIN + LAUNCHER; a URI is VIEW', async () => {
    const dev = createVirtualDevice();
    assert.equal(
      (await sh('am start dev.glance.demo/.SettingsActivity', dev)).out,
      'Starting: Intent { act=android.intent.action.MAIN cat=[android.intent.category.LAUNCHER] cmp=dev.glance.demo/.SettingsActivity }\n',
    );
    assert.equal(dev.state.focusedActivity(), 'dev.glance.demo/dev.glance.demo.SettingsActivity');
    const view = await sh('am start https://example.com/x', dev);
    assert.equal(
      view.err,
      'Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=https://example.com/x flg=0x10000000 }\n',
    );
    // With -a given, the bare package keeps its package but not the base intent's LAUNCHER category.
    assert.equal(
      (await sh('cmd package resolve-activity --components -a android.intent.action.MAIN dev.glance.demo', dev)).out,
      'dev.glance.demo/.MainActivity\n',
    );
  });

  test('features: pm list features (versioned entries), has-feature NAME [VERSION] (exit 0/1)', async () => {
    const list = (await sh('pm list features')).out.split('\n').filter(Boolean);
    assert.equal(list[0], 'feature:reqGlEsVersion=0x30002', 'the unnamed GL ES entry sorts first');
    const names = list.slice(1).map((l) => l.replace(/^feature:/, '').replace(/=\d+$/, ''));
    assert.deepEqual(names, [...names].sort(), 'sorted by name');
    assert.ok(list.includes('feature:android.hardware.touchscreen'));
    assert.ok(list.includes('feature:android.hardware.vulkan.version=4206592'), 'Vulkan 1.3, printed with its version');
    assert.ok(!list.some((l) => /leanback|television/.test(l)), 'a phone, not a TV');
    assert.deepEqual(await sh('cmd package has-feature android.hardware.touchscreen'), { out: 'true\n', err: '', code: 0 });
    assert.deepEqual(await sh('cmd package has-feature android.software.leanback'), { out: 'false\n', err: '', code: 1 });
    assert.deepEqual(await sh('cmd package has-feature android.hardware.vulkan.level 1'), { out: 'true\n', err: '', code: 0 });
    assert.deepEqual(await sh('cmd package has-feature android.hardware.vulkan.level 2'), { out: 'false\n', err: '', code: 1 });
    assert.deepEqual(await sh('cmd package has-feature android.hardware.wifi x'), {
      out: '',
      err: 'Error: illegal version number x\n',
      code: 1,
    });
    assert.deepEqual(await sh('cmd package has-feature'), { out: '', err: 'Error: expected FEATURE name\n', code: 1 });
  });

  test('unknown or missing verbs of cmd package / cmd activity: stdout, status -1 (255)', async () => {
    assert.deepEqual(await sh('cmd package frobnicate'), { out: 'Unknown command: frobnicate\n', err: '', code: 255 });
    assert.deepEqual(await sh('am frobnicate'), { out: 'Unknown command: frobnicate\n', err: '', code: 255 });
    assert.equal((await sh('pm')).code, 255);
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
  test('cmd clipboard: the service has no shell command (Binder default: stderr line, status 0)', async () => {
    for (const verb of ['get-primary-clip', "set-primary-clip 'hello there'", 'get text', '']) {
      assert.deepEqual(await sh(`cmd clipboard ${verb}`), { out: '', err: 'No shell command implementation.\n', code: 0 }, verb);
    }
  });

  test('one display: SurfaceFlinger --display-id; cmd display get-displays as Display.toString prints it', async () => {
    const sf = (await sh('dumpsys SurfaceFlinger --display-id')).out.split('\n').filter((l) => l.startsWith('Display '));
    assert.equal(sf.length, 1);
    const disp = await sh('cmd display get-displays');
    assert.equal(disp.code, 0);
    assert.deepEqual(disp.out.split('\n'), [
      'Displays:',
      'Display id 0: DisplayInfo{"Built-in Screen", displayId 0, displayGroupId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, ' +
        'FLAG_TRUSTED, real 1080 x 2400, largest app 2274 x 2211, smallest app 1080 x 1017, appVsyncOff 1000000, ' +
        'presDeadline 16666666, mode 1, renderFrameRate 60.0, defaultMode 1, userPreferredModeId -1, ' +
        'modes [{id=1, width=1080, height=2400, fps=60.0, alternativeRefreshRates=[], supportedHdrTypes=[]}], ' +
        'hdrCapabilities HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, mMaxAverageLuminance=500.0, mMinLuminance=0.0}, ' +
        'userDisabledHdrTypes [], minimalPostProcessingSupported false, rotation 0, state ON, committedState ON, type INTERNAL, ' +
        'uniqueId "local:4619827259835644672", app 1080 x 2274, density 420 (420.0 x 420.0) dpi, layerStack 0, colorMode 0, ' +
        'supportedColorModes [0], address {port=0, model=0x401cec6a7a2b7b}, deviceProductInfo DeviceProductInfo{name=, ' +
        'manufacturerPnpId=GGL, productId=1, modelYear=null, manufactureDate=ManufactureDate{week=27, year=2006}, ' +
        'connectionToSinkType=0}, removeMode 0, refreshRateOverride 0.0, brightnessMinimum 0.0, brightnessMaximum 1.0, ' +
        'brightnessDefault 0.39763778, installOrientation ROTATION_0, layoutLimitedRefreshRate null, hdrSdrRatio not_available, ' +
        'thermalRefreshRateThrottling {}, thermalBrightnessThrottlingDataId default}, DisplayMetrics{density=2.625, width=1080, ' +
        'height=2274, scaledDensity=2.625, xdpi=420.0, ydpi=420.0}, isValid=true',
      '',
    ]);
    assert.deepEqual(await sh('cmd display get-displays -i'), { out: '0\n', err: '', code: 0 });
    assert.deepEqual(await sh('cmd display get-displays --type external'), { out: 'Displays:\n', err: '', code: 0 });
    assert.equal((await sh('cmd display get-displays -t internal -i')).out, '0\n');
    assert.deepEqual(await sh('cmd display get-displays android.hardware.display.category.PRESENTATION'), {
      out: 'Displays:\n',
      err: '',
      code: 0,
    });
    assert.equal((await sh('cmd display get-displays -i -c android.hardware.display.category.ALL_INCLUDING_DISABLED')).out, '0\n');
    assert.deepEqual(await sh('cmd display get-displays -t tv'), {
      out: "Error: argument for display type should be one of 'UNKNOWN', 'INTERNAL', 'EXTERNAL', 'WIFI', 'OVERLAY', 'VIRTUAL', but got 'TV' instead.\n",
      err: '',
      code: 1,
    });
    assert.deepEqual(await sh('cmd display get-displays -x'), { out: "Error: unknown option '-x'\n", err: '', code: 1 });
    assert.deepEqual(await sh('cmd display frob'), { out: 'Unknown command: frob\n', err: '', code: 255 });
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
    // toybox 0.8.9's default layout: plain %N, `%04a`, `%5u/%8U`, device type; times as format_iso_time prints them.
    dev.fs.writeFile('/sdcard/b', Buffer.from('abc'), { mtime: 1_700_000_000 });
    assert.equal(
      (await sh('stat /sdcard/b', dev)).out,
      '  File: /sdcard/b\n  Size: 3\t Blocks: 1\t IO Blocks: 512\t regular file\n' +
        'Device: fd05h/64773d\t Inode: 0\t Links: 1\t Device type: 0,0\n' +
        'Access: (0660/-rw-rw----)\tUid: ( 2000/   shell)\tGid: ( 2000/   shell)\n' +
        'Access: 2023-11-14 22:13:20.000000000 +0000\nModify: 2023-11-14 22:13:20.000000000 +0000\n' +
        'Change: 2023-11-14 22:13:20.000000000 +0000\n',
    );
    // %a is the bare octal mode; widths and flags as printf; an unknown letter prints `?`; %% is a percent sign.
    assert.equal((await sh("stat -c '%a|%04a|%5s|%-5s|%q|%%|%N' /sdcard", dev)).out, '771|0771| 4096|4096 |?|%|/sdcard\n');
    assert.equal(
      (await sh('stat -t /sdcard/b', dev)).out,
      '/sdcard/b 3 1 81b0 2000 2000 fd05 0 1 0 0 1700000000 1700000000 1700000000 4096\n',
    );
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
