// APK maps: the binary manifest, resource table and DEX decoders checked against Debian's aapt and dexdump on
// real APKs shipped in npm packages, a small app built here with aapt + smali mapped end to end, and damaged
// or hostile files refused with APK_INVALID.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, zipSync } from 'fflate';
import { apkEntries, mapApk, readBinaryXml, readDex, readResourceTable } from '../../src/uimap/index.js';
import type { XNode } from '../../src/uimap/xml.js';
import { GlanceError } from '../../src/errors.js';
import { classFacts } from '../../src/uimap/apk/bytecode.js';
import { mapCommand } from '../../src/cli/commands/map.js';
import { requires } from '../helpers/requires.js';

const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));
const tinyDir = fileURLToPath(new URL('../fixtures/apk/tiny/', import.meta.url));
const FRAMEWORK = '/usr/share/android-framework-res/framework-res.apk';

/** APKs inside installed npm packages (agent-device is a dev dependency; the Appium ones when installed). */
function npmApks(): string[] {
  const out: string[] = [];
  for (const [pkg, dirs] of [
    ['agent-device', ['android/ime-helper/dist', 'android/snapshot-helper/dist']],
    ['appium-uiautomator2-server', ['apks']],
    ['io.appium.settings', ['apks']],
  ] as const) {
    const root = path.join(nodeModules, pkg);
    for (const d of dirs) {
      const dir = path.join(root, d);
      if (existsSync(dir)) for (const f of readdirSync(dir)) if (f.endsWith('.apk')) out.push(path.join(dir, f));
    }
  }
  return out;
}

const run = (cmd: string, args: string[]): string =>
  execFileSync(cmd, args, { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] }).toString();

/** `aapt dump xmltree` as lines `E tag` / `A name=value` (string values; typed values compared by kind only). */
function aaptTree(apk: string, entry: string): string[] {
  const out: string[] = [];
  for (const l of run('aapt', ['dump', 'xmltree', apk, entry]).split('\n')) {
    const e = /^\s*E: (\S+)/.exec(l);
    if (e !== null) out.push(`E ${e[1]}`);
    const a = /^\s*A: (?:(\w+):)?(\w+)(?:\(0x[0-9a-f]+\))?=(.*)$/.exec(l);
    if (a === null) continue;
    const str = /^"(.*)" \(Raw: .*\)$/.exec(a[3] ?? '');
    out.push(`A ${a[1] === undefined ? '' : `${a[1]}:`}${a[2]}=${str === null ? '(typed)' : str[1]}`);
  }
  return out;
}

function ourTree(root: XNode): string[] {
  const out: string[] = [];
  const walk = (n: XNode): void => {
    out.push(`E ${n.tag}`);
    for (const [k, v] of Object.entries(n.attrs)) out.push(`A ${k}=${v}`);
    n.children.forEach(walk);
  };
  walk(root);
  return out;
}

/** Same elements and attributes in order; values equal where aapt shows a string (typed values: names only). */
function assertSameTree(ours: string[], theirs: string[]): void {
  assert.equal(ours.length, theirs.length);
  ours.forEach((o, i) => {
    const t = theirs[i] ?? '';
    if (t.endsWith('=(typed)')) assert.equal(o.replace(/=.*$/, ''), t.replace(/=.*$/, ''), `line ${i}`);
    else assert.equal(o, t, `line ${i}`);
  });
}

/** `dexdump -d`: per class its super class, interfaces and const-class targets. */
function dexdumpClasses(dexFile: string): Map<string, string> {
  const out = new Map<string, string>();
  let cls = '';
  let parts: { sup: string; ifs: string[]; refs: Set<string> } = { sup: '', ifs: [], refs: new Set() };
  let inInterfaces = false;
  const flush = (): void => {
    if (cls !== '') out.set(cls, `${parts.sup} [${parts.ifs.join(',')}] {${[...parts.refs].sort().join(',')}}`);
  };
  for (const l of run('dexdump', ['-d', dexFile]).split('\n')) {
    const c = /^\s+Class descriptor\s+: '(.+)'/.exec(l);
    if (c?.[1] !== undefined) {
      flush();
      cls = c[1];
      parts = { sup: '', ifs: [], refs: new Set() };
      continue;
    }
    const s = /^\s+Superclass\s+: '(.+)'/.exec(l);
    if (s?.[1] !== undefined) parts.sup = s[1];
    if (/^\s+Interfaces\s+-/.test(l)) inInterfaces = true;
    else if (/^\s+(Static|Instance) fields/.test(l)) inInterfaces = false;
    const i = /^\s+#\d+\s+: '(.+)'/.exec(l);
    if (inInterfaces && i?.[1] !== undefined) parts.ifs.push(i[1]);
    const k = /const-class v\d+, (\S+) \/\/ type@/.exec(l);
    if (k?.[1] !== undefined) parts.refs.add(k[1]);
  }
  flush();
  return out;
}

/** The same from our DEX reader and bytecode pass (const-class targets are its `classref` uses). */
function ourClasses(data: Uint8Array, name: string): Map<string, string> {
  const dex = readDex(data, name);
  const empty = { package: '', names: new Map(), values: new Map() };
  const desc = (n: string): string => (n.startsWith('[') || n.length === 1 ? n : `L${n.replace(/\./g, '/')};`);
  const out = new Map<string, string>();
  for (const c of dex.classes) {
    const refs = new Set<string>();
    for (const fn of classFacts(dex, empty, c).functions) for (const u of fn.uses) if (u.t === 'classref') refs.add(desc(u.cls));
    const sup = c.superName === undefined ? '' : desc(c.superName);
    out.set(desc(c.name), `${sup} [${c.interfaces.map(desc).join(',')}] {${[...refs].sort().join(',')}}`);
  }
  return out;
}

describe('APK decoders agree with aapt and dexdump', { skip: requires({ androidTools: true }) }, () => {
  const apks = npmApks();
  test('there are real APKs to check (agent-device ships two)', () => {
    assert.ok(apks.length >= 2, apks.join(', '));
  });
  for (const apk of apks) {
    test(`${path.basename(apk)}: manifest tree, resource names, classes`, () => {
      const entries = apkEntries(readFileSync(apk));
      const arsc = entries['resources.arsc'];
      const table = arsc === undefined ? undefined : readResourceTable(arsc);
      assertSameTree(
        ourTree(readBinaryXml(entries['AndroidManifest.xml'] as Uint8Array, 'AndroidManifest.xml', table)),
        aaptTree(apk, 'AndroidManifest.xml'),
      );
      const names = [...run('aapt', ['dump', 'resources', apk]).matchAll(/spec resource 0x([0-9a-f]+) ([^:]+):([^/]+)\/([^:]+):/g)]
        .map((m) => `${m[1]} ${m[2]}:${m[3]}/${m[4]}`)
        .sort();
      const ours = [...(table?.names ?? new Map())]
        .map(([id, n]) => `${id.toString(16).padStart(8, '0')} ${n.pkg}:${n.type}/${n.name}`)
        .sort();
      assert.deepEqual(ours, names);
      const tmp = mkdtempSync(path.join(tmpdir(), 'glance-dex-'));
      for (const [name, data] of Object.entries(entries).filter(([n]) => n.endsWith('.dex'))) {
        writeFileSync(path.join(tmp, name), data);
        const theirs = dexdumpClasses(path.join(tmp, name));
        const mine = ourClasses(data, name);
        assert.equal(mine.size, theirs.size, `${name}: class count`);
        for (const [cls, v] of mine) assert.equal(v, theirs.get(cls), `${name}: ${cls}`);
      }
    });
  }
});

describe(
  'resources.arsc of the Android framework',
  {
    skip:
      requires({ androidTools: true }) ||
      (existsSync(FRAMEWORK) ? false : `skipped: ${FRAMEWORK} not found (apt-get install android-framework-res)`),
  },
  () => {
    test('every resource id and name aapt lists, no more', () => {
      const table = readResourceTable(apkEntries(readFileSync(FRAMEWORK))['resources.arsc'] as Uint8Array);
      const names = [
        ...run('aapt', ['dump', 'resources', FRAMEWORK]).matchAll(/spec resource 0x([0-9a-f]+) ([^:]+):([^/]+)\/([^:]+):/g),
      ].map((m) => `${m[1]} ${m[2]}:${m[3]}/${m[4]}`);
      const ours = [...table.names].map(([id, n]) => `${id.toString(16).padStart(8, '0')} ${n.pkg}:${n.type}/${n.name}`);
      assert.ok(names.length > 10000);
      assert.deepEqual(ours.sort(), names.sort());
    });
  },
);

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
    skip:
      requires({ androidTools: true }) ||
      (existsSync(FRAMEWORK) ? false : `skipped: ${FRAMEWORK} not found (apt-get install android-framework-res)`),
  },
  () => {
    let apk: Uint8Array;
    before(() => {
      apk = buildTiny();
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
      assert.match(out.join(''), /mapped org\.glance\.tiny: 3 activities, 2 transitions/);
      const map = JSON.parse(readFileSync(path.join(dir, 'm.json'), 'utf8')) as { transitions: unknown[] };
      assert.equal(map.transitions.length, 2);
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
