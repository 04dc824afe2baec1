// The APK decoders checked against Debian's aapt and dexdump on one real APK: the binary manifest tree, every
// resource id and name, and per class its super class, interfaces and class literals. Shared by
// apk-agree.test.ts (the APKs under 5 MB and the framework's resource table) and apk-agree-large.test.ts.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apkEntries, readBinaryXml, readDex, readResourceTable } from '../../src/uimap/index.js';
import type { XNode } from '../../src/uimap/xml.js';
import { classFacts } from '../../src/uimap/apk/bytecode.js';
import { run } from './android-tools.js';
import { tempDir } from '../helpers/temp.js';

const nodeModules = fileURLToPath(new URL('../../node_modules/', import.meta.url));

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

/** The npm packages' APKs below `5 MB` (small: true) or from 5 MB up (small: false). */
export function npmApksSized(small: boolean): string[] {
  return npmApks().filter((apk) => statSync(apk).size < 5_000_000 === small);
}

/** Asserts that our decoders read `apk` as aapt and dexdump do. */
export function agreesWithTools(apk: string): void {
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
  const ours = [...(table?.names ?? new Map())].map(([id, n]) => `${id.toString(16).padStart(8, '0')} ${n.pkg}:${n.type}/${n.name}`).sort();
  assert.deepEqual(ours, names);
  const tmp = tempDir('glance-dex-');
  for (const [name, data] of Object.entries(entries).filter(([n]) => n.endsWith('.dex'))) {
    writeFileSync(path.join(tmp, name), data);
    const theirs = dexdumpClasses(path.join(tmp, name));
    const mine = ourClasses(data, name);
    assert.equal(mine.size, theirs.size, `${name}: class count`);
    for (const [cls, v] of mine) assert.equal(v, theirs.get(cls), `${name}: ${cls}`);
  }
}
