// APK maps: a small app built here with aapt + smali mapped end to end (through the library and `glance map`),
// and damaged or hostile files refused with APK_INVALID. The decoders' agreement with aapt and dexdump on real
// APKs is in apk-agree.test.ts.
import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import { apkEntries, mapApk, readBinaryXml, readDex, readResourceTable } from '../../src/uimap/index.js';
import { classFacts } from '../../src/uimap/apk/bytecode.js';
import { GlanceError } from '../../src/errors.js';
import { glance } from '../helpers/cli.js';
import { needsFramework, tinyApk } from './android-tools.js';
import { tempDir } from '../helpers/temp.js';

const short = (n: string): string => n.split('.').at(-1) ?? n;

/** What `f` throws, as `CODE: message` for a GlanceError and as text for anything else; 'no error' when it returns. */
function thrown(f: () => unknown): string {
  try {
    f();
    return 'no error';
  } catch (e) {
    return e instanceof GlanceError ? `${e.code}: ${e.message}` : String(e);
  }
}

describe(
  'an app built from resources and smali maps like its source would',
  {
    skip: needsFramework(),
  },
  () => {
    let apk: Uint8Array;
    before(() => {
      apk = tinyApk();
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
          // layout-v4/detail.xml (aapt moved android:onClick and contentDescription there), a stub, a preference screen
          [
            'Detail',
            false,
            '',
            ['detail', 'extra', 'prefs'],
            ['body:Body', 'more:More help', 'extra:', 'about:About', 'get_help:Get help', 'more_prefs:More'],
          ],
          ['Help', false, '', [], []],
          // declared, but a library's class (androidx): a screen without code read, so no edge from it
          ['LibThing', false, '', [], []],
        ],
      );
      assert.deepEqual(map.activities[0]?.aliases, ['org.glance.tiny.Start']);
      // the fragment a preference row names; layout-land-v21/detail.xml (one TextView) is not the layout read
      assert.deepEqual(map.activities[1]?.fragments, [
        { name: 'org.glance.tiny.MorePrefs', elements: [], trigger: { kind: 'preference', element: 'more_prefs' } },
      ]);
      // showAsAction="always" (compiled to a flag, in menu-v11/main.xml): no overflow row
      assert.deepEqual(
        map.activities[0]?.menus.map((m) => [m.name, m.elements.map((e) => `${e.id}:${e.text ?? ''}`)]),
        [['main', ['help:Help']]],
      );
      assert.deepEqual(
        map.transitions.map((t) => `${short(t.from)}>${short(t.to)} ${t.trigger?.kind}:${t.trigger?.element ?? ''} ${t.kind} ${t.at}`),
        [
          'Main>Detail click:open explicit classes.dex!org/glance/tiny/Main.java:14',
          'Main>Help menu:help explicit classes.dex!org/glance/tiny/Main.java:21',
          // a sparse switch over View.getId() and a packed switch over MenuItem.getItemId(): one trigger per case
          'Detail>Help click:body explicit classes.dex!org/glance/tiny/Detail.java:22',
          'Detail>Main click:query explicit classes.dex!org/glance/tiny/Detail.java:25',
          // android:onClick="showMore"; preference rows naming a class and an app action
          'Detail>Help click:more explicit classes.dex!org/glance/tiny/Detail.java:40',
          'Detail>Main preference:about preference xml/prefs.xml',
          'Detail>Help preference:get_help preference xml/prefs.xml',
          // ACTION_VIEW of a tiny: URI matches Detail's filter, ACTION_SEND of text/plain Main's
          'Help>Detail auto: implicit classes.dex!org/glance/tiny/Help.java:11',
          'Help>Main auto: implicit classes.dex!org/glance/tiny/Help.java:12',
          'Help>Detail menu:open explicit classes.dex!org/glance/tiny/Help.java:32',
          'Help>Main menu:query explicit classes.dex!org/glance/tiny/Help.java:35',
        ],
      );
      assert.deepEqual(map.warnings, []);
    });

    test('glance map APP.apk writes the map and its HTML view; a damaged APK is a coded error', async () => {
      const dir = tempDir('glance-apk-cli-');
      const file = path.join(dir, 'tiny.apk');
      writeFileSync(file, apk);
      const r = await glance(['map', file, '--json', path.join(dir, 'm.json'), '--html', path.join(dir, 'm.html')]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /mapped org\.glance\.tiny: 4 activities, 11 transitions/);
      const map = JSON.parse(readFileSync(path.join(dir, 'm.json'), 'utf8')) as { transitions: unknown[] };
      assert.equal(map.transitions.length, 11);
      assert.match(readFileSync(path.join(dir, 'm.html'), 'utf8'), /org\.glance\.tiny/);
      writeFileSync(file, apk.slice(0, 100));
      const bad = await glance(['map', file]);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /^error APK_INVALID/);
    });

    test('the same map from a second dex, from files whose attribute names were stripped; less without a resource table', () => {
      const entries = unzipSync(apk);
      const lines = (m: ReturnType<typeof mapApk>): string[] =>
        m.transitions.map((t) => `${short(t.from)}>${short(t.to)} ${t.trigger?.kind}:${t.trigger?.element ?? ''} ${t.at}`);
      const base = mapApk(apk);
      // code in classes2.dex only
      const { 'classes.dex': dex, ...rest } = entries;
      const split = mapApk(zipSync({ ...rest, 'classes2.dex': dex as Uint8Array }));
      assert.deepEqual(
        lines(split),
        lines(base).map((l) => l.replace('classes.dex!', 'classes2.dex!')),
      );
      // every binary XML file with its attribute names blanked: the resource map still names android:name, text…
      const stripped: Record<string, Uint8Array> = {};
      for (const [name, bytes] of Object.entries(entries))
        stripped[name] = name === 'AndroidManifest.xml' || name.startsWith('res/') ? blankAttributeNames(bytes) : bytes;
      assert.notDeepEqual(stripped['AndroidManifest.xml'], entries['AndroidManifest.xml']);
      const shrunk = mapApk(zipSync(stripped));
      assert.deepEqual(
        { activities: shrunk.activities, transitions: shrunk.transitions, warnings: shrunk.warnings },
        { activities: base.activities, transitions: base.transitions, warnings: base.warnings },
      );
      // no resources.arsc: the manifest's classes and the code's edges stay; ids are unnamed, so no triggers
      const { 'resources.arsc': _arsc, ...noTable } = entries;
      const bare = mapApk(zipSync(noTable));
      assert.deepEqual(
        bare.activities.map((a) => [short(a.name), a.layouts]),
        [
          ['Main', []],
          ['Detail', []],
          ['Help', []],
          ['LibThing', []],
        ],
      );
      assert.ok(bare.transitions.some((t) => short(t.from) === 'Main' && short(t.to) === 'Detail'));
    });

    test('attribute values as the passes read them: strings, references, @null, booleans, integers, the rest in hex', () => {
      const entries = unzipSync(apk);
      const table = readResourceTable(entries['resources.arsc'] as Uint8Array);
      const layout = Object.keys(entries).find((n) => n.startsWith('res/layout/detail')) as string;
      const root = readBinaryXml(entries[layout] as Uint8Array, layout, table);
      assert.equal(root.tag, 'FrameLayout');
      assert.equal(root.attrs['android:layout_width'], '-1', 'match_parent');
      assert.deepEqual(root.children[0]?.attrs, {
        'android:id': '@id/body',
        'android:text': 'Body',
        'android:layout_width': '-2',
        'android:layout_height': '-2',
        'android:background': '@null',
        'android:clickable': 'true',
        'android:maxLines': '2',
        'android:textColor': '0xffff0000',
      });
      // without the table a reference keeps its number
      assert.match(readBinaryXml(entries[layout] as Uint8Array, layout).children[0]?.attrs['android:id'] ?? '', /^@0x7f[0-9a-f]{6}$/);
    });

    test('bytecode shapes: view fields, static listeners, receivers, const forms, the up arrow, if-ne either way, payloads', () => {
      const entries = unzipSync(apk);
      const dex = readDex(entries['classes.dex'] as Uint8Array, 'classes.dex');
      const walks = dex.classes.find((c) => c.name === 'org.glance.tiny.Walks');
      assert.ok(walks !== undefined);
      const facts = classFacts(dex, readResourceTable(entries['resources.arsc'] as Uint8Array), walks);
      assert.deepEqual(facts.classes[0]?.viewVars, { btn: 'open' }, 'iput-object of a found view into a field');
      const uses = Object.fromEntries(
        facts.functions.map((f) => [
          f.name,
          f.uses.map((u) => {
            const { line: _line, ...rest } = u;
            return JSON.stringify(rest);
          }),
        ]),
      );
      const W = 'org.glance.tiny.Walks';
      const call = (name: string, receiver: string, type = W): string => JSON.stringify({ t: 'call', name, receiver, receiverType: type });
      assert.deepEqual(uses['later'], [
        JSON.stringify({ t: 'new', cls: 'org.glance.tiny.Main$1', trig: { kind: 'click', element: 'btn' } }),
        call('setOnClickListener', 'other', 'android.view.View'),
        JSON.stringify({ t: 'res', type: 'id', name: 'query' }),
        call('findViewById', 'this'),
        call('setOnLongClickListener', 'other', 'android.view.View'),
        // sget-object: the field's type (a Kotlin object's INSTANCE is its own class); the view moved between registers
        JSON.stringify({ t: 'new', cls: 'android.view.View$OnClickListener', trig: { kind: 'long-click', element: 'query' } }),
      ]);
      assert.deepEqual(uses['calls'], [
        call('helper', 'other'),
        call('refresh', 'this'),
        call('refresh', 'other'),
        call('close', 'this'),
        JSON.stringify({ t: 'str', value: 'jumbo' }),
        JSON.stringify({ t: 'res', type: 'layout', name: 'detail' }),
      ]);
      assert.deepEqual(uses['toolbar'], [
        JSON.stringify({ t: 'res', type: 'id', name: 'root' }),
        call('findViewById', 'this'),
        JSON.stringify({ t: 'new', cls: 'org.glance.tiny.Main$1', trig: { kind: 'up' } }),
        call('setNavigationOnClickListener', 'other', 'android.widget.Toolbar'),
      ]);
      assert.deepEqual(uses['onClick'], [
        call('getId', 'other', 'android.view.View'),
        JSON.stringify({ t: 'res', type: 'id', name: 'query' }),
        JSON.stringify({ t: 'classref', cls: 'org.glance.tiny.Help', trig: { kind: 'click', element: 'query' } }),
        JSON.stringify({ t: 'classref', cls: 'org.glance.tiny.Detail' }),
      ]);
      // the debug line program: a long code gap (advance pc), a jump forward and back (advance line), locals
      assert.deepEqual(
        facts.functions.find((f) => f.name === 'lines')?.uses.map((u) => `${u.t === 'str' ? u.value : u.t}@${u.line}`),
        ['a@100', 'b@200', 'c@150', 'd@151'],
      );
      const onClick = facts.functions.find((f) => f.name === 'onClick');
      assert.deepEqual(
        onClick?.uses.map((u) => u.line),
        [30, 30, 31, 33],
      );
    });

    test('only the entries the map reads are inflated; an entry claiming more than 256 MB is refused unread', () => {
      const entries = unzipSync(apk);
      const junk = new Uint8Array([1, 2, 3]);
      const zip = zipSync({
        ...entries,
        'classes2.dex': entries['classes.dex'] as Uint8Array,
        'classes.dex.bak': junk,
        'res/drawable/x.png': junk,
        'assets/res/x.xml': junk,
        'res/raw/notes.txt': junk,
        'META-INF/MANIFEST.MF': junk,
      });
      assert.deepEqual(Object.keys(apkEntries(zip)).sort(), [...Object.keys(entries), 'classes2.dex'].sort());
      // the central directory's uncompressed size of one entry set to 300 MB
      const bomb = zipSync({ 'AndroidManifest.xml': entries['AndroidManifest.xml'] as Uint8Array, 'res/layout/big.xml': junk });
      const v = new DataView(bomb.buffer, bomb.byteOffset, bomb.byteLength);
      let patched = 0;
      for (let at = 0; at + 46 <= bomb.length; at++)
        if (
          v.getUint32(at, true) === 0x02014b50 &&
          new TextDecoder().decode(bomb.subarray(at + 46, at + 46 + v.getUint16(at + 28, true))) === 'res/layout/big.xml'
        ) {
          v.setUint32(at + 24, 300 * 1024 * 1024, true);
          patched++;
        }
      assert.equal(patched, 1);
      assert.throws(
        () => apkEntries(bomb),
        (e: unknown) => e instanceof GlanceError && e.code === 'APK_INVALID' && /big\.xml claims 314572800 bytes/.test(e.message),
      );
    });

    test("only the app's classes are read: not bundled libraries (androidx…), not other packages", () => {
      const dex = readDex(unzipSync(apk)['classes.dex'] as Uint8Array, 'classes.dex');
      const all = dex.classes.map((c) => c.name);
      assert.ok(all.includes('androidx.tiny.LibThing') && all.includes('com.elsewhere.Other'));
      const map = mapApk(apk);
      assert.equal(map.stats.sourceFiles, all.filter((n) => n.startsWith('org.glance.')).length);
      assert.ok(!map.transitions.some((t) => t.at?.includes('LibThing')));
    });

    test('progress: read, resources, code, then the resolver', () => {
      const seen: string[] = [];
      mapApk(apk, { onProgress: (p) => seen.push(`${p.phase} ${p.done}/${p.total}`) });
      assert.deepEqual(seen, ['read 0/1', 'resources 0/1', 'code 0/1', 'resolve 0/1', 'resolve 1/1']);
    });

    test('a damaged layout is skipped with XML_UNPARSABLE; the rest maps', () => {
      const entries = unzipSync(apk);
      // the copy the table names for the newest devices: layout-v4 (aapt versioned it for android:onClick)
      const layout = 'res/layout-v4/detail.xml';
      assert.ok(entries[layout] !== undefined && entries['res/layout/detail.xml'] !== undefined);
      const map = mapApk(zipSync({ ...entries, [layout]: (entries[layout] as Uint8Array).slice(0, 40) }));
      assert.deepEqual(
        map.warnings.map((w) => [w.code, w.count, w.examples]),
        [
          ['LAYOUT_NOT_FOUND', 1, ['detail']],
          ['XML_UNPARSABLE', 1, [layout]],
        ],
      );
      assert.deepEqual(
        map.activities.find((a) => short(a.name) === 'Detail')?.elements.map((e) => e.id),
        ['about', 'get_help', 'more_prefs'],
      );
      assert.equal(map.activities.find((a) => short(a.name) === 'Main')?.elements.length, 3);
    });

    test('hostile resource tables and binary XML: APK_INVALID with what and where, never a crash or a hang', () => {
      const entries = unzipSync(apk);
      const le = (...words: [number, number][]): Uint8Array => {
        const out = new Uint8Array(words.reduce((n, [, size]) => n + size, 0));
        const v = new DataView(out.buffer);
        let at = 0;
        for (const [value, size] of words) {
          if (size === 2) v.setUint16(at, value, true);
          else v.setUint32(at, value, true);
          at += size;
        }
        return out;
      };
      // tables: too short, not a table, a chunk shorter than its header, a package chunk past the table's end
      assert.match(
        thrown(() => readResourceTable(new Uint8Array(8))),
        /^APK_INVALID: .*not a resource table at 0x0/,
      );
      assert.match(
        thrown(() => readResourceTable(le([0x0002, 2], [8, 2], [8, 4]))),
        /^APK_INVALID: .*not a resource table/,
        'no room for a package count',
      );
      assert.match(
        thrown(() => readResourceTable(le([0x0003, 2], [12, 2], [12, 4], [0, 4]))),
        /^APK_INVALID: .*not a resource table/,
      );
      assert.match(
        thrown(() => readResourceTable(le([0x0002, 2], [12, 2], [20, 4], [1, 4], [0x0200, 2], [8, 2], [4, 4]))),
        /^APK_INVALID: .*resource chunk size at 0xc/,
      );
      const arsc = (entries['resources.arsc'] as Uint8Array).slice();
      const av = new DataView(arsc.buffer);
      const pkgAt = av.getUint16(2, true) + av.getUint32(av.getUint16(2, true) + 4, true);
      av.setUint32(pkgAt + 4, arsc.length, true);
      assert.match(
        thrown(() => readResourceTable(arsc)),
        /^APK_INVALID: .*resource chunk size/,
      );
      // a chunk inside the package that claims more than the package holds
      const inner = (entries['resources.arsc'] as Uint8Array).slice();
      const iv = new DataView(inner.buffer);
      const first = pkgAt + iv.getUint16(pkgAt + 2, true);
      iv.setUint32(first + 4, iv.getUint32(pkgAt + 4, true), true);
      assert.match(
        thrown(() => readResourceTable(inner)),
        new RegExp(`^APK_INVALID: .*resource chunk size at 0x${first.toString(16)}`),
      );
      // XML: too short, not XML, a document with no element, elements nested past the bound
      assert.match(
        thrown(() => readBinaryXml(new Uint8Array(4), 'x.xml')),
        /^APK_INVALID: .*x\.xml: not a binary XML document at 0x0/,
      );
      assert.match(
        thrown(() => readBinaryXml(le([0x0002, 2], [8, 2], [8, 4]), 'x.xml')),
        /^APK_INVALID: .*not a binary XML document/,
      );
      assert.match(
        thrown(() => readBinaryXml(le([0x0003, 2], [8, 2], [8, 4]), 'x.xml')),
        /^APK_INVALID: .*no element/,
      );
      assert.match(
        thrown(() => readBinaryXml(le([0x0003, 2], [8, 2], [16, 4], [0x0102, 2], [16, 2], [4, 4]), 'x.xml')),
        /^APK_INVALID: .*chunk runs past the end/,
      );
      const manifest = entries['AndroidManifest.xml'] as Uint8Array;
      const mv = new DataView(manifest.buffer, manifest.byteOffset, manifest.byteLength);
      let start = mv.getUint16(2, true);
      while (mv.getUint16(start, true) !== 0x0102) start += mv.getUint32(start + 4, true);
      const element = manifest.slice(start, start + mv.getUint32(start + 4, true));
      const deep = new Uint8Array(start + element.length * 300);
      deep.set(manifest.slice(0, start));
      for (let i = 0; i < 300; i++) deep.set(element, start + i * element.length);
      new DataView(deep.buffer).setUint32(4, deep.length, true);
      assert.match(
        thrown(() => readBinaryXml(deep, 'deep.xml')),
        /^APK_INVALID: .*elements nested deeper than 256/,
      );
    });

    test('damaged and hostile files are refused with APK_INVALID, never a crash or a hang', () => {
      assert.match(
        thrown(() => mapApk(apk.slice(0, apk.length / 2))),
        /^APK_INVALID: /,
        'truncated zip',
      );
      assert.match(
        thrown(() => mapApk(new TextEncoder().encode('not a zip at all'))),
        /^APK_INVALID: /,
      );
      assert.match(
        thrown(() => mapApk(zipSync({ 'classes.dex': new Uint8Array(8) }))),
        /^APK_INVALID: /,
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
      assert.match(
        thrown(() => mapApk(tamper('classes.dex', (b) => u32(b, 96, 0xfffffff0)))),
        /^APK_INVALID: /,
        'dex class count',
      );
      assert.match(
        thrown(() => mapApk(tamper('classes.dex', (b) => b.slice(0, 200)))),
        /^APK_INVALID: /,
        'dex truncated',
      );
      // index tables shorter than the code's references: strings, types, fields, methods
      for (const [at, what] of [
        [56, 'strings'],
        [64, 'types'],
        [80, 'fields'],
        [88, 'methods'],
      ] as const)
        assert.match(
          thrown(() => mapApk(tamper('classes.dex', (b) => u32(b, at, 0)))),
          /^APK_INVALID: /,
          `dex ${what}`,
        );
      assert.match(
        thrown(() => mapApk(tamper('AndroidManifest.xml', (b) => u32(b, 16, 0x7fffffff)))),
        /^APK_INVALID: /,
        'manifest string count',
      );
      assert.match(
        thrown(() => mapApk(tamper('AndroidManifest.xml', (b) => b.slice(0, b.length - 7)))),
        /^APK_INVALID: /,
        'manifest truncated',
      );
      assert.match(
        thrown(() => mapApk(tamper('resources.arsc', (b) => u32(b, 16, 0x7fffffff)))),
        /^APK_INVALID: /,
        'arsc chunk size',
      );
    });
  },
);

const mapApkBytes = (entries: Record<string, Uint8Array>): Uint8Array => zipSync(entries);

/**
 * A binary XML file with the names of its resource-mapped attributes blanked, as shrinking tools leave them:
 * those names are the first strings of the pool, one per resource-map entry.
 */
function blankAttributeNames(data: Uint8Array): Uint8Array {
  const b = data.slice();
  const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const pool = v.getUint16(2, true);
  const poolHeader = v.getUint16(pool + 2, true);
  const stringsStart = pool + v.getUint32(pool + 20, true);
  const mapAt = pool + v.getUint32(pool + 4, true);
  if (v.getUint16(mapAt, true) !== 0x0180) return b;
  const mapped = (v.getUint32(mapAt + 4, true) - v.getUint16(mapAt + 2, true)) / 4;
  for (let i = 0; i < mapped; i++) {
    const at = stringsStart + v.getUint32(pool + poolHeader + i * 4, true);
    // one 16-bit write zeroes either form of a short string's length: UTF-8 pools keep a UTF-16 length byte
    // and a UTF-8 length byte, UTF-16 pools one 16-bit length
    v.setUint16(at, 0, true);
  }
  return b;
}
