// Android binary XML (the compiled AndroidManifest.xml inside an APK) written byte by byte, for tests that hand the
// virtual phone an APK of their own: the chunk layout of AOSP's ResourceTypes.h (ResXMLTree_header, ResStringPool,
// the resource-id map, ResXMLTree_node + ResXMLTree_attrExt, Res_value), in UTF-8 or UTF-16 pools.
import { zipSync } from 'fflate';

const XML = 0x0003;
const STRING_POOL = 0x0001;
const RESOURCE_MAP = 0x0180;
const START_NAMESPACE = 0x0100;
const START_ELEMENT = 0x0102;
const END_ELEMENT = 0x0103;
const UTF8_FLAG = 0x100;
const NONE = 0xffffffff;
const TYPE_STRING = 0x03;
const TYPE_INT_DEC = 0x10;

/** The android.R.attr ids of the manifest attributes tests name. */
export const ATTR = { name: 0x01010003, versionCode: 0x0101021b, versionName: 0x0101021c } as const;

/**
 * An attribute: a string (stored as the raw value and as a typed string, as aapt does), a number (a typed
 * integer without a raw value), or `{ typed }`: a string only in the typed value (no raw value, as aapt2 writes
 * some). `obfuscated`: the attribute's name string is empty and only its resource id says which it is.
 */
export interface Attr {
  name: keyof typeof ATTR | (string & {});
  value: string | number | { typed: string };
  obfuscated?: boolean;
}

export interface XmlElement {
  name: string;
  attrs?: Attr[];
  children?: XmlElement[];
}

export interface WriteOptions {
  utf8?: boolean;
  /** Extra bytes appended after the last chunk (a damaged or padded document). */
  trailer?: Uint8Array;
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n >>> 0);
  return b;
}

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  return Buffer.concat([u16(type), u16(headerSize), u32(8 + body.length), body]);
}

/** One pool string: UTF-8 = UTF-16 length, byte length (1 or 2 bytes each), bytes, NUL; UTF-16 = length (1 or 2 units), units, NUL. */
function encode(s: string, utf8: boolean): Buffer {
  if (utf8) {
    const bytes = Buffer.from(s, 'utf8');
    const len = (n: number): number[] => (n < 0x80 ? [n] : [0x80 | (n >> 8), n & 0xff]);
    return Buffer.concat([Buffer.from([...len(s.length), ...len(bytes.length)]), bytes, Buffer.from([0])]);
  }
  const head = s.length < 0x8000 ? u16(s.length) : Buffer.concat([u16(0x8000 | (s.length >>> 16)), u16(s.length & 0xffff)]);
  return Buffer.concat([head, Buffer.from(s, 'utf16le'), Buffer.alloc(2)]);
}

function stringPool(strings: string[], utf8: boolean): Buffer {
  const encoded = strings.map((s) => encode(s, utf8));
  const data = Buffer.concat(encoded);
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const offsets: Buffer[] = [];
  let at = 0;
  for (const e of encoded) {
    offsets.push(u32(at));
    at += e.length;
  }
  const headerSize = 28;
  const stringsStart = headerSize + 4 * strings.length;
  const head = Buffer.concat([u32(strings.length), u32(0), u32(utf8 ? UTF8_FLAG : 0), u32(stringsStart), u32(0)]);
  return Buffer.concat([u16(STRING_POOL), u16(headerSize), u32(stringsStart + padded.length), head, ...offsets, padded]);
}

/** A binary XML document of `root`. */
export function writeBinaryXml(root: XmlElement, opts: WriteOptions = {}): Uint8Array {
  // Attribute names with resource ids come first in the pool: the resource map is indexed by string index.
  const named: Array<{ key: string; id: number }> = [];
  const strings: string[] = [];
  const index = new Map<string, number>();
  const intern = (s: string): number => {
    let i = index.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      index.set(s, i);
    }
    return i;
  };
  const idOf = (a: Attr): number | undefined => (ATTR as Record<string, number>)[a.name];
  // An obfuscated name is an empty pool string of its own, so that its resource id stays its own.
  const keyOf = (a: Attr): string => (a.obfuscated === true ? `\0${a.name}` : a.name);
  const walkNames = (e: XmlElement): void => {
    for (const a of e.attrs ?? []) {
      const id = idOf(a);
      if (id !== undefined && !named.some((n) => n.key === keyOf(a))) named.push({ key: keyOf(a), id });
    }
    for (const c of e.children ?? []) walkNames(c);
  };
  walkNames(root);
  for (const n of named) intern(n.key);
  const attrName = (a: Attr): number => intern(idOf(a) === undefined ? a.name : keyOf(a));
  const nodes: Buffer[] = [];
  const element = (e: XmlElement): void => {
    const attrs = (e.attrs ?? []).map((a) => {
      const name = attrName(a);
      let raw = NONE;
      let type = TYPE_INT_DEC;
      let data: number;
      if (typeof a.value === 'number') data = a.value;
      else if (typeof a.value === 'string') {
        raw = intern(a.value);
        type = TYPE_STRING;
        data = raw;
      } else {
        type = TYPE_STRING;
        data = intern(a.value.typed);
      }
      return Buffer.concat([u32(NONE), u32(name), u32(raw), u16(8), Buffer.from([0, type]), u32(data)]);
    });
    const ext = Buffer.concat([u32(NONE), u32(intern(e.name)), u16(20), u16(20), u16(attrs.length), u16(0), u16(0), u16(0)]);
    nodes.push(chunk(START_ELEMENT, 16, Buffer.concat([u32(1), u32(NONE), ext, ...attrs])));
    for (const c of e.children ?? []) element(c);
    nodes.push(chunk(END_ELEMENT, 16, Buffer.concat([u32(1), u32(NONE), u32(NONE), u32(intern(e.name))])));
  };
  const ns = chunk(
    START_NAMESPACE,
    16,
    Buffer.concat([u32(1), u32(NONE), u32(intern('android')), u32(intern('http://schemas.android.com/apk/res/android'))]),
  );
  element(root);
  const pool = stringPool(
    strings.map((s) => (s.startsWith('\0') ? '' : s)),
    opts.utf8 ?? false,
  );
  const resMap = chunk(RESOURCE_MAP, 8, Buffer.concat(named.map((n) => u32(n.id))));
  const body = Buffer.concat([pool, resMap, ns, ...nodes, Buffer.from(opts.trailer ?? new Uint8Array())]);
  return new Uint8Array(Buffer.concat([u16(XML), u16(8), u32(8 + body.length), body]));
}

/** An APK (a zip) holding `manifest` as AndroidManifest.xml and whatever `extra` entries. */
export function apkOf(manifest: Uint8Array, extra: Record<string, Uint8Array> = {}): Uint8Array {
  return zipSync({ 'AndroidManifest.xml': manifest, ...extra });
}
