// APK maps: a small app built here with aapt + smali mapped end to end (through the library and `glance map`),
// and damaged or hostile files refused with APK_INVALID. The decoders' agreement with aapt and dexdump on real
// APKs is in apk-agree.test.ts.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { mapApk } from '../../src/uimap/index.js';
import { GlanceError } from '../../src/errors.js';
import { mapCommand } from '../../src/cli/commands/map.js';
import { builtOnce, FRAMEWORK, needsFramework, run } from './android-tools.js';

const tinyDir = fileURLToPath(new URL('../fixtures/apk/tiny/', import.meta.url));

/** Builds the tiny app: resources with aapt (ids read back from R.java into the smali), code with smali, zipped with fflate. */
function buildTiny(): Uint8Array {
  const tmp = mkdtempSync(path.join(tmpdir(), 'glance-tiny-'));
  const gen = path.join(tmp, 'gen');
  mkdirSync(gen);
  const resApk = path.join(tmp, 'res.apk');
  run('aapt', [
    'package',
    '-f',
    '-M',
    path.join(tinyDir, 'AndroidManifest.xml'),
    '-S',
    path.join(tinyDir, 'res'),
    '-I',
    FRAMEWORK,
    '-J',
    gen,
    '-F',
    resApk,
  ]);
  const rJava = readFileSync(path.join(gen, 'R.java'), 'utf8');
  const ids = new Map<string, string>();
  let type = '';
  for (const l of rJava.split('\n')) {
    const c = /class (\w+) \{/.exec(l);
    if (c?.[1] !== undefined) type = c[1];
    const f = /int (\w+)=(0x[0-9a-f]+);/.exec(l);
    if (f?.[1] !== undefined && f[2] !== undefined) ids.set(`R_${type}_${f[1]}`, f[2]);
  }
  const smali = path.join(tmp, 'smali');
  mkdirSync(smali);
  for (const f of readdirSync(path.join(tinyDir, 'smali'))) {
    const text = readFileSync(path.join(tinyDir, 'smali', f), 'utf8').replace(/R_\w+/g, (k) => ids.get(k) ?? k);
    writeFileSync(path.join(smali, f), text);
  }
  run('smali', ['a', '-o', path.join(tmp, 'classes.dex'), smali]);
  const entries = unzipSync(readFileSync(resApk));
  entries['classes.dex'] = readFileSync(path.join(tmp, 'classes.dex'));
  return zipSync(entries);
}

const short = (n: string): string => n.split('.').at(-1) ?? n;

describe(
  'an app built from resources and smali maps like its source would',
  {
    skip: needsFramework(),
  },
  () => {
    let apk: Uint8Array;
    before(() => {
      apk = builtOnce(tinyDir, ['aapt', 'smali'], buildTiny);
    });

    test('activities, layouts, elements with text, the menu, and edges with triggers and source lines', () => {
      const map = mapApk(apk);
      assert.equal(map.package, 'org.glance.tiny');
      assert.deepEqual(
        map.activities.map((a) => [
          short(a.name),
          a.launcher ?? false,
          a.label ?? '',
          a.layouts,
          a.elements.map((e) => `${e.id}:${e.text ?? e.hint ?? e.desc ?? ''}`),
        ]),
        [
          ['Main', true, 'Tiny', ['main'], ['root:', 'open:Open details', 'query:Search']],
          ['Detail', false, '', ['detail'], ['body:Body']],
          ['Help', false, '', [], []],
        ],
      );
      assert.deepEqual(
        map.activities[0]?.menus.map((m) => [m.name, m.elements.map((e) => `${e.id}:${e.text ?? ''}`)]),
        [['main', ['help:Help', 'title:Help']]],
      );
      assert.deepEqual(
        map.transitions.map((t) => `${short(t.from)}>${short(t.to)} ${t.trigger?.kind}:${t.trigger?.element ?? ''} ${t.kind} ${t.at}`),
        [
          'Main>Detail click:open explicit classes.dex!org/glance/tiny/Main.java:14',
          'Main>Help menu:help explicit classes.dex!org/glance/tiny/Main.java:21',
          // a sparse switch over View.getId() and a packed switch over MenuItem.getItemId(): one trigger per case
          'Detail>Help click:body explicit classes.dex!org/glance/tiny/Detail.java:22',
          'Detail>Main click:query explicit classes.dex!org/glance/tiny/Detail.java:25',
          'Help>Detail menu:open explicit classes.dex!org/glance/tiny/Help.java:32',
          'Help>Main menu:query explicit classes.dex!org/glance/tiny/Help.java:35',
        ],
      );
      assert.deepEqual(map.warnings, []);
    });

    test('glance map APP.apk writes the map and its HTML view; a damaged APK is a coded error', async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'glance-apk-cli-'));
      const file = path.join(dir, 'tiny.apk');
      writeFileSync(file, apk);
      const out: string[] = [];
      const io = { stdout: (s: string) => out.push(s), stderr: (s: string) => out.push(s), isTTY: false };
      assert.equal(await mapCommand([file, '--json', path.join(dir, 'm.json'), '--html', path.join(dir, 'm.html')], io), 0);
      assert.match(out.join(''), /mapped org\.glance\.tiny: 3 activities, 6 transitions/);
      const map = JSON.parse(readFileSync(path.join(dir, 'm.json'), 'utf8')) as { transitions: unknown[] };
      assert.equal(map.transitions.length, 6);
      assert.match(readFileSync(path.join(dir, 'm.html'), 'utf8'), /org\.glance\.tiny/);
      writeFileSync(file, apk.slice(0, 100));
      await assert.rejects(mapCommand([file], io), (e: unknown) => e instanceof GlanceError && e.code === 'APK_INVALID');
    });

    test('damaged and hostile files are refused with APK_INVALID, never a crash or a hang', () => {
      const code = (f: () => unknown): string => {
        try {
          f();
          return 'no error';
        } catch (e) {
          return e instanceof GlanceError ? e.code : `${String(e)}`;
        }
      };
      assert.equal(
        code(() => mapApk(apk.slice(0, apk.length / 2))),
        'APK_INVALID',
        'truncated zip',
      );
      assert.equal(
        code(() => mapApk(new TextEncoder().encode('not a zip at all'))),
        'APK_INVALID',
      );
      assert.equal(
        code(() => mapApk(zipSync({ 'classes.dex': new Uint8Array(8) }))),
        'APK_INVALID',
        'no manifest',
      );
      const entries = unzipSync(apk);
      const tamper = (name: string, edit: (b: Uint8Array) => Uint8Array): Uint8Array =>
        mapApkBytes({ ...entries, [name]: edit((entries[name] as Uint8Array).slice()) });
      const u32 = (b: Uint8Array, at: number, v: number): Uint8Array => {
        new DataView(b.buffer, b.byteOffset).setUint32(at, v, true);
        return b;
      };
      // a class count of four billion, a string pool claiming more strings than bytes, chunks cut short
      assert.equal(
        code(() => mapApk(tamper('classes.dex', (b) => u32(b, 96, 0xfffffff0)))),
        'APK_INVALID',
        'dex class count',
      );
      assert.equal(
        code(() => mapApk(tamper('classes.dex', (b) => b.slice(0, 200)))),
        'APK_INVALID',
        'dex truncated',
      );
      assert.equal(
        code(() => mapApk(tamper('AndroidManifest.xml', (b) => u32(b, 16, 0x7fffffff)))),
        'APK_INVALID',
        'manifest string count',
      );
      assert.equal(
        code(() => mapApk(tamper('AndroidManifest.xml', (b) => b.slice(0, b.length - 7)))),
        'APK_INVALID',
        'manifest truncated',
      );
      assert.equal(
        code(() => mapApk(tamper('resources.arsc', (b) => u32(b, 16, 0x7fffffff)))),
        'APK_INVALID',
        'arsc chunk size',
      );
    });
  },
);

const mapApkBytes = (entries: Record<string, Uint8Array>): Uint8Array => zipSync(entries);
