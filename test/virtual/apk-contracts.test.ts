// What `pm install` learns from an APK a client pushes: package, version and launcher from the binary manifest,
// in the shapes aapt and aapt2 write (UTF-8 and UTF-16 pools, long strings, obfuscated attribute names, values
// kept only as typed data), the launcher rules a phone applies (MAIN and LAUNCHER in one intent filter, the first
// such activity or alias), instrumentation as `pm list instrumentation` prints it, and damaged or hostile files
// turned away. APKs are built here byte by byte (axml-writer.ts); in process, no adb.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { zipSync } from 'fflate';
import { readApk, readBinaryXml } from '../../src/device/virtual/apk.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { apkOf, writeBinaryXml, type Attr, type XmlElement } from './axml-writer.js';

const MAIN = { name: 'action', attrs: [{ name: 'name', value: 'android.intent.action.MAIN' }] } satisfies XmlElement;
const LAUNCHER = { name: 'category', attrs: [{ name: 'name', value: 'android.intent.category.LAUNCHER' }] } satisfies XmlElement;
const DEFAULT = { name: 'category', attrs: [{ name: 'name', value: 'android.intent.category.DEFAULT' }] } satisfies XmlElement;
const VIEW = { name: 'action', attrs: [{ name: 'name', value: 'android.intent.action.VIEW' }] } satisfies XmlElement;

const filter = (...children: XmlElement[]): XmlElement => ({ name: 'intent-filter', children });
const activity = (name: string, ...filters: XmlElement[]): XmlElement => ({
  name: 'activity',
  attrs: [{ name: 'name', value: name }],
  children: filters,
});

function manifest(pkg: Attr['value'] | undefined, app: XmlElement[] = [], extra: Attr[] = [], siblings: XmlElement[] = []): XmlElement {
  return {
    name: 'manifest',
    attrs: [...(pkg === undefined ? [] : [{ name: 'package', value: pkg }]), ...extra],
    children: [...siblings, { name: 'application', children: app }],
  };
}

const apk = (root: XmlElement, utf8 = false): Uint8Array => apkOf(writeBinaryXml(root, { utf8 }));

describe('APK manifests: package and version', () => {
  for (const utf8 of [false, true]) {
    test(`package, versionCode and versionName from a ${utf8 ? 'UTF-8' : 'UTF-16'} pool`, () => {
      const root = manifest(
        'com.example.notes',
        [],
        [
          { name: 'versionCode', value: 42 },
          { name: 'versionName', value: '1.4.2-β' },
        ],
      );
      assert.deepEqual(readApk(apk(root, utf8)), {
        package: 'com.example.notes',
        versionCode: 42,
        versionName: '1.4.2-β',
        launcher: undefined,
        instrumentation: [],
      });
    });
  }

  test('long strings: 200 characters in a UTF-8 pool (two-byte lengths), 40,000 in a UTF-16 pool (two-unit lengths)', () => {
    const pkg = `com.example.${'a'.repeat(188)}`;
    const longName = 'é'.repeat(200);
    const r8 = readApk(apk(manifest(pkg, [], [{ name: 'versionName', value: longName }]), true));
    assert.equal(r8?.package, pkg);
    assert.equal(r8?.versionName, longName);
    const huge = 'v'.repeat(40_000);
    const r16 = readApk(apk(manifest('com.example.huge', [], [{ name: 'versionName', value: huge }])));
    assert.equal(r16?.package, 'com.example.huge');
    assert.equal(r16?.versionName, huge);
  });

  test('an obfuscated manifest: attribute names empty, known by their android.R.attr ids', () => {
    const root = manifest(
      'com.example.obf',
      [activity('.Home', filter(MAIN, LAUNCHER))],
      [
        { name: 'versionCode', value: 7, obfuscated: true },
        { name: 'versionName', value: '7.0', obfuscated: true },
      ],
    );
    (root.children![0]!.children![0]!.attrs as Attr[])[0] = { name: 'name', value: '.Home', obfuscated: true };
    assert.deepEqual(readApk(apk(root)), {
      package: 'com.example.obf',
      versionCode: 7,
      versionName: '7.0',
      launcher: 'com.example.obf/com.example.obf.Home',
      instrumentation: [],
    });
  });

  test('a string kept only as typed data (no raw value) is read from the typed value', () => {
    const root = manifest({ typed: 'com.example.typed' }, [], [{ name: 'versionName', value: { typed: '3.1' } }]);
    const r = readApk(apk(root));
    assert.equal(r?.package, 'com.example.typed');
    assert.equal(r?.versionName, '3.1');
  });

  test('versionCode: a number, a numeric string, absent (0), not a number (0); versionName: a number becomes text, absent stays absent', () => {
    const code = (v: Attr['value'] | undefined): number | undefined =>
      readApk(apk(manifest('com.example.v', [], v === undefined ? [] : [{ name: 'versionCode', value: v }])))?.versionCode;
    assert.equal(code(300), 300);
    assert.equal(code('12'), 12);
    assert.equal(code(undefined), 0);
    assert.equal(code('twelve'), 0);
    assert.equal(readApk(apk(manifest('com.example.v', [], [{ name: 'versionName', value: 5 }])))?.versionName, '5');
    assert.equal(readApk(apk(manifest('com.example.v')))?.versionName, undefined);
  });

  test('no package, an empty package or a numeric one: not an APK', () => {
    assert.equal(readApk(apk(manifest(undefined))), undefined);
    assert.equal(readApk(apk(manifest(''))), undefined);
    assert.equal(readApk(apk(manifest(17))), undefined);
  });

  test('a document whose root is not <manifest> is not an APK, even with a package attribute', () => {
    const layout: XmlElement = { name: 'LinearLayout', attrs: [{ name: 'package', value: 'com.example.fake' }] };
    assert.equal(readApk(apk(layout)), undefined);
  });
});

describe('APK manifests: the launcher activity', () => {
  const launcherOf = (...app: XmlElement[]): string | undefined => readApk(apk(manifest('com.example.app', app)))?.launcher;

  test('names: relative (.Main), bare (Main) and fully qualified in another package', () => {
    assert.equal(launcherOf(activity('.ui.Main', filter(MAIN, LAUNCHER))), 'com.example.app/com.example.app.ui.Main');
    assert.equal(launcherOf(activity('Main', filter(MAIN, LAUNCHER))), 'com.example.app/com.example.app.Main');
    assert.equal(launcherOf(activity('org.other.Start', filter(MAIN, LAUNCHER))), 'com.example.app/org.other.Start');
  });

  test('MAIN and LAUNCHER must be in the same intent filter', () => {
    assert.equal(launcherOf(activity('.Split', filter(MAIN, DEFAULT), filter(VIEW, LAUNCHER))), undefined);
    assert.equal(launcherOf(activity('.OnlyMain', filter(MAIN))), undefined);
    assert.equal(launcherOf(activity('.OnlyLauncher', filter(LAUNCHER))), undefined);
    // Order inside the filter does not matter, nor do other actions and categories beside them.
    assert.equal(launcherOf(activity('.Both', filter(LAUNCHER, VIEW, DEFAULT, MAIN))), 'com.example.app/com.example.app.Both');
  });

  test('a filter is judged alone: an earlier filter of the same activity lends it nothing', () => {
    assert.equal(launcherOf(activity('.A', filter(MAIN, LAUNCHER), filter(VIEW))), 'com.example.app/com.example.app.A');
    assert.equal(launcherOf(activity('.B', filter(MAIN), filter(LAUNCHER))), undefined);
  });

  test('the first launcher activity wins; activities without one before it are skipped', () => {
    const app = [
      activity('.Settings', filter(VIEW, DEFAULT)),
      activity('.Home', filter(MAIN, LAUNCHER)),
      activity('.Second', filter(MAIN, LAUNCHER)),
    ];
    assert.equal(launcherOf(...app), 'com.example.app/com.example.app.Home');
  });

  test('an activity-alias can be the launcher', () => {
    const alias: XmlElement = { name: 'activity-alias', attrs: [{ name: 'name', value: '.Alias' }], children: [filter(MAIN, LAUNCHER)] };
    assert.equal(launcherOf(activity('.Target', filter(VIEW)), alias), 'com.example.app/com.example.app.Alias');
  });

  test('a MAIN/LAUNCHER filter before any activity names no launcher', () => {
    const r = readApk(apk(manifest('com.example.app', [], [], [filter(MAIN, LAUNCHER)])));
    assert.equal(r?.launcher, undefined);
  });
});

describe('APK manifests: instrumentation', () => {
  test('runners inside the package print short (pkg/.Runner), others in full; the target defaults to the package', () => {
    const inst = (name: string, target?: string): XmlElement => ({
      name: 'instrumentation',
      attrs: [{ name: 'name', value: name }, ...(target === undefined ? [] : [{ name: 'targetPackage', value: target }])],
    });
    const root = manifest(
      'com.example.test',
      [],
      [],
      [
        inst('com.example.test.Runner', 'com.example.app'),
        inst('androidx.test.runner.AndroidJUnitRunner'),
        inst('com.example.testing.Other'),
      ],
    );
    assert.deepEqual(readApk(apk(root))?.instrumentation, [
      { component: 'com.example.test/.Runner', target: 'com.example.app' },
      { component: 'com.example.test/androidx.test.runner.AndroidJUnitRunner', target: 'com.example.test' },
      { component: 'com.example.test/com.example.testing.Other', target: 'com.example.test' },
    ]);
  });
});

let eight: Uint8Array | undefined;
/** An APK whose manifest is exactly 8 MiB (an unknown chunk pads it out), stored: made once per process. */
function eightMiB(): Uint8Array {
  if (eight !== undefined) return eight;
  const base = writeBinaryXml(manifest('com.example.big'));
  // Readers skip chunks they do not know.
  const fill = Buffer.alloc(8 * 1024 * 1024 - base.length);
  fill.writeUInt16LE(0x7777, 0);
  fill.writeUInt16LE(8, 2);
  fill.writeUInt32LE(fill.length, 4);
  const doc = Buffer.concat([base, fill]);
  doc.writeUInt32LE(doc.length, 4);
  eight = zipSync({ 'AndroidManifest.xml': doc }, { level: 0 });
  return eight;
}

describe('damaged and hostile APKs', () => {
  test('not a zip, a zip without a manifest, a manifest that is not binary XML: not an APK', () => {
    assert.equal(readApk(Buffer.from('PK but not really a zip')), undefined);
    assert.equal(readApk(zipSync({ 'classes.dex': new Uint8Array(16) })), undefined);
    assert.equal(readApk(apkOf(Buffer.from('<manifest package="com.example.text"/>'))), undefined);
  });

  test('a manifest that claims more than 8 MiB is refused unread; one of exactly 8 MiB is read', () => {
    const small = apkOf(writeBinaryXml(manifest('com.example.big')));
    assert.equal(readApk(small)?.package, 'com.example.big');
    // The same zip with its central directory claiming 8 MiB + 1 uncompressed: a bomb, turned away unread.
    const bomb = Buffer.from(small);
    const central = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    bomb.writeUInt32LE(8 * 1024 * 1024 + 1, central + 24);
    assert.equal(readApk(bomb), undefined);
    assert.equal(readApk(eightMiB())?.package, 'com.example.big');
  });

  test('binary XML: too short or another chunk type is refused; a bare header holds no elements', () => {
    assert.throws(() => readBinaryXml(new Uint8Array(7)), /not a binary XML document/);
    const header = Buffer.from([0x03, 0x00, 0x08, 0x00, 0x08, 0x00, 0x00, 0x00]);
    assert.deepEqual(readBinaryXml(header), []);
    const pool = Buffer.from(header);
    pool.writeUInt16LE(0x0001, 0);
    assert.throws(() => readBinaryXml(pool), /not a binary XML document/);
  });

  test('binary XML: a chunk running past the end, or claiming under 8 bytes, is an error and the APK is refused', () => {
    const good = writeBinaryXml(manifest('com.example.cut'));
    const past = Buffer.alloc(8);
    past.writeUInt16LE(0x7777, 0);
    past.writeUInt16LE(8, 2);
    past.writeUInt32LE(16, 4);
    assert.throws(() => readBinaryXml(Buffer.concat([good, past])), /truncated binary XML chunk/);
    const tiny = Buffer.from(past);
    tiny.writeUInt32LE(4, 4);
    assert.throws(() => readBinaryXml(Buffer.concat([good, tiny])), /truncated binary XML chunk/);
    assert.equal(readApk(apkOf(Buffer.concat([good, tiny]))), undefined);
    // A trailing fragment shorter than a chunk header is ignored, as the platform parser does.
    assert.equal(readBinaryXml(Buffer.concat([good, Buffer.alloc(7)])).length, readBinaryXml(good).length);
  });

  test('elements come back in document order, start and end, with attributes by name', () => {
    const els = readBinaryXml(writeBinaryXml(manifest('com.example.order', [activity('.A')])));
    assert.deepEqual(
      els.map((e) => `${e.end ? '/' : ''}${e.name}`),
      ['manifest', 'application', 'activity', '/activity', '/application', '/manifest'],
    );
    assert.deepEqual([...els[0]!.attrs], [['package', 'com.example.order']]);
    assert.deepEqual([...els[2]!.attrs], [['name', '.A']]);
    assert.equal(els[3]!.attrs.size, 0);
  });
});

describe('pm install of a built APK, through the in-process shell', () => {
  test('installs under its manifest package with its version', async () => {
    const dev = createVirtualDevice({ launchApp: false });
    const root = manifest(
      'com.example.built',
      [activity('.Home', filter(MAIN, LAUNCHER))],
      [
        { name: 'versionCode', value: 9 },
        { name: 'versionName', value: '9.1' },
      ],
    );
    dev.fs.writeFile('/data/local/tmp/built.apk', apk(root));
    const text = async (cmd: string): Promise<string> => Buffer.from((await dev.run(cmd)).stdout).toString();
    assert.equal(await text('pm install /data/local/tmp/built.apk'), 'Success\n');
    assert.match(await text('dumpsys package com.example.built'), /versionCode=9 .*\n\s+versionName=9\.1/);
    assert.ok((await text('pm list packages -3')).split('\n').includes('package:com.example.built'));
  });

  test('streamed as adb install streams it (cmd package install -S SIZE on stdin): installed the same', async () => {
    const dev = createVirtualDevice({ launchApp: false });
    const bytes = apk(manifest('com.example.streamed', [], [{ name: 'versionName', value: '2.0' }]));
    dev.fs.writeFile('/data/local/tmp/s.apk', bytes);
    const r = await dev.run(`cat /data/local/tmp/s.apk | cmd package install -S ${bytes.length}`);
    assert.deepEqual([Buffer.from(r.stdout).toString(), r.exitCode], ['Success\n', 0]);
    assert.match(Buffer.from((await dev.run('dumpsys package com.example.streamed')).stdout).toString(), /versionName=2\.0/);
  });
});
