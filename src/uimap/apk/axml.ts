/**
 * Android binary XML (AndroidManifest.xml, compiled layouts, menus, navigation graphs, XML screens) → the
 * same XNode tree the source passes read, attribute values rendered the way source XML writes them
 * (`@id/x`, `@string/y`, literal text), so the manifest and resource passes run unchanged. Written here: the
 * npm APK readers decode only the manifest, into their own object shapes. Layout per AOSP ResourceTypes.h
 * (ResXMLTree_header, ResXMLTree_node, ResXMLTree_attrExt, ResXMLTree_attribute, Res_value).
 */
import type { XNode } from '../xml.js';
import type { ResourceTable } from './arsc.js';
import { TYPE_REFERENCE, TYPE_STRING, refName } from './arsc.js';
import { Bytes, readStringPool } from './bytes.js';

const RES_STRING_POOL = 0x0001;
const RES_XML = 0x0003;
const RES_XML_START_ELEMENT = 0x0102;
const RES_XML_END_ELEMENT = 0x0103;
const RES_XML_RESOURCE_MAP = 0x0180;
const NONE = 0xffffffff;
const TYPE_INT_DEC = 0x10;
const TYPE_INT_BOOLEAN = 0x12;
/** Deeper than any real layout; a bound so the recursive passes over the tree cannot overflow. */
const MAX_DEPTH = 256;

const PREFIXES: Record<string, string> = {
  'http://schemas.android.com/apk/res/android': 'android:',
  'http://schemas.android.com/apk/res-auto': 'app:',
  'http://schemas.android.com/tools': 'tools:',
};

/**
 * android.R.attr ids of the attributes the passes read, for files whose attribute names were stripped
 * (shrunk or obfuscated builds keep only the resource map).
 */
const ANDROID_ATTRS: ReadonlyMap<number, string> = new Map([
  [0x01010001, 'label'],
  [0x01010003, 'name'],
  [0x01010026, 'mimeType'],
  [0x01010027, 'scheme'],
  [0x0101002d, 'action'],
  [0x0101002f, 'targetClass'],
  [0x010100d0, 'id'],
  [0x010100f2, 'layout'],
  [0x010100f3, 'inflatedId'],
  [0x0101014f, 'text'],
  [0x01010150, 'hint'],
  [0x010101e1, 'title'],
  [0x010101e8, 'key'],
  [0x01010202, 'targetActivity'],
  [0x0101026f, 'onClick'],
  [0x01010273, 'contentDescription'],
  [0x010102d9, 'showAsAction'],
  [0x010102e3, 'fragment'],
]);

function renderValue(type: number, data: number, strings: string[], table: ResourceTable | undefined): string {
  switch (type) {
    case TYPE_STRING:
      return strings[data] ?? '';
    case TYPE_REFERENCE:
      if (data === 0) return '@null';
      return (table === undefined ? undefined : refName(table, data)) ?? `@0x${data.toString(16).padStart(8, '0')}`;
    case TYPE_INT_BOOLEAN:
      return data === 0 ? 'false' : 'true';
    case TYPE_INT_DEC:
      return String(data | 0);
    default:
      return `0x${data.toString(16)}`;
  }
}

interface Pools {
  strings: string[];
  resIds: number[];
  prefixOf: (ns: number) => string;
}

function startElement(b: Bytes, at: number, pools: Pools, table: ResourceTable | undefined): XNode {
  const { strings, resIds } = pools;
  const ext = at + b.u16(at + 2);
  const name = strings[b.u32(ext + 4)] ?? '';
  const attrStart = b.u16(ext + 8);
  const attrSize = b.u16(ext + 10);
  const count = b.count(b.u16(ext + 12), Math.max(attrSize, 20), ext + attrStart, 'attribute');
  const attrs: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    const a = ext + attrStart + i * attrSize;
    const nameIdx = b.u32(a + 4);
    let local = strings[nameIdx] ?? '';
    const ns = b.u32(a);
    let prefix = pools.prefixOf(ns);
    if (local === '') {
      local = ANDROID_ATTRS.get(resIds[nameIdx] ?? 0) ?? `attr${nameIdx}`;
      prefix = 'android:';
    }
    const raw = b.u32(a + 8);
    attrs[`${prefix}${local}`] = raw !== NONE ? (strings[raw] ?? '') : renderValue(b.u8(a + 15), b.u32(a + 16), strings, table);
  }
  return { tag: name, attrs, children: [], text: '' };
}

/** The document element of a binary XML file; `table` names resource references (`@string/app_name`). */
export function readBinaryXml(data: Uint8Array, file: string, table?: ResourceTable): XNode {
  const b = new Bytes(data, file);
  if (b.length < 8 || b.u16(0) !== RES_XML) b.fail('not a binary XML document', 0);
  const pools: Pools = { strings: [], resIds: [], prefixOf: () => '' };
  pools.prefixOf = (ns) => (ns === NONE ? '' : (PREFIXES[pools.strings[ns] ?? ''] ?? ''));
  const stack: XNode[] = [];
  let root: XNode | undefined;
  for (let at = b.u16(2); at + 8 <= b.length;) {
    const type = b.u16(at);
    const size = b.u32(at + 4);
    if (size < 8 || at + size > b.length) b.fail('chunk runs past the end', at);
    if (type === RES_STRING_POOL) pools.strings = readStringPool(b, at);
    else if (type === RES_XML_RESOURCE_MAP) {
      const n = b.count((size - 8) / 4, 4, at + 8, 'resource map');
      pools.resIds = Array.from({ length: Math.floor(n) }, (_, i) => b.u32(at + 8 + i * 4));
    } else if (type === RES_XML_START_ELEMENT) {
      const el = startElement(b, at, pools, table);
      const parent = stack.at(-1);
      if (parent === undefined) root ??= el;
      else parent.children.push(el);
      stack.push(el);
      if (stack.length > MAX_DEPTH) b.fail(`elements nested deeper than ${MAX_DEPTH}`, at);
    } else if (type === RES_XML_END_ELEMENT) stack.pop();
    at += size;
  }
  return root ?? b.fail('no element', 0);
}
