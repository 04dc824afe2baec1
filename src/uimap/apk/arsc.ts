/**
 * resources.arsc: the compiled resource table — every resource id's package, type and entry name, and each
 * entry's value in the default configuration or its highest SDK-version copy (falling back to the first
 * configuration that has one): strings, and the file paths of layouts, menus, navigation graphs and XML
 * screens. Written here because no kept npm library decodes the table apart from whole-APK readers that load
 * everything into promise-based objects; the layout is AOSP's ResourceTypes.h (ResTable_header,
 * ResTable_package, ResTable_type, ResTable_config, ResTable_entry, Res_value; sparse and 16-bit offset types;
 * compact entries).
 */
import { Bytes, readStringPool } from './bytes.js';

const RES_STRING_POOL = 0x0001;
const RES_TABLE = 0x0002;
const RES_TABLE_PACKAGE = 0x0200;
const RES_TABLE_TYPE = 0x0201;
const FLAG_SPARSE = 0x01;
const FLAG_OFFSET16 = 0x02;
const ENTRY_COMPLEX = 0x0001;
const ENTRY_COMPACT = 0x0008;
const NO_ENTRY = 0xffffffff;
export const TYPE_REFERENCE = 0x01;
export const TYPE_STRING = 0x03;

export interface ResName {
  pkg: string;
  type: string;
  name: string;
}

export interface ResValue {
  type: number;
  data: number;
  /** For strings: the text. */
  str?: string;
}

export interface ResourceTable {
  /** Name of the first package (the app's). */
  package: string;
  names: Map<number, ResName>;
  values: Map<number, ResValue>;
}

interface Pkg {
  id: number;
  name: string;
  types: string[];
  keys: string[];
}

function readValue(b: Bytes, at: number, strings: string[]): ResValue {
  const type = b.u8(at + 3);
  const data = b.u32(at + 4);
  return type === TYPE_STRING ? { type, data, str: strings[data] ?? '' } : { type, data };
}

/** Entry offsets of one type chunk: [entry index, absolute offset of its ResTable_entry]. */
function entryOffsets(b: Bytes, at: number): [number, number][] {
  const headerSize = b.u16(at + 2);
  const flags = b.u8(at + 9);
  const count = b.u32(at + 12);
  const entriesStart = at + b.u32(at + 16);
  const table = at + headerSize;
  const out: [number, number][] = [];
  if ((flags & FLAG_SPARSE) !== 0) {
    b.count(count, 4, table, 'sparse entry');
    for (let i = 0; i < count; i++) out.push([b.u16(table + i * 4), entriesStart + b.u16(table + i * 4 + 2) * 4]);
  } else if ((flags & FLAG_OFFSET16) !== 0) {
    b.count(count, 2, table, 'entry');
    for (let i = 0; i < count; i++) {
      const o = b.u16(table + i * 2);
      if (o !== 0xffff) out.push([i, entriesStart + o * 4]);
    }
  } else {
    b.count(count, 4, table, 'entry');
    for (let i = 0; i < count; i++) {
      const o = b.u32(table + i * 4);
      if (o !== NO_ENTRY) out.push([i, entriesStart + o]);
    }
  }
  return out;
}

/** ResTable_config offset of sdkVersion and minorVersion (after size, imsi, locale, screenType, input, screenSize). */
const CONFIG_VERSION = 24;

/**
 * How much a type chunk's configuration counts for the one value kept per resource: a configuration that names
 * nothing but an SDK version ranks by that version (the default one is 0), any other -1. Build tools move
 * attributes newer than the app's minimum SDK into `-vNN` copies (`layout-v21/x.xml`), which every device in use
 * loads: the highest such copy is the one to read.
 */
function configRank(b: Bytes, at: number): number {
  const size = b.u32(at + 20);
  b.check(at + 20, size, 'configuration');
  for (let i = 4; i < size; i++) {
    if (i >= CONFIG_VERSION && i < CONFIG_VERSION + 4) continue;
    if (b.u8(at + 20 + i) !== 0) return -1;
  }
  return size >= CONFIG_VERSION + 2 ? b.u16(at + 20 + CONFIG_VERSION) : 0;
}

function readType(b: Bytes, at: number, pkg: Pkg, into: { table: ResourceTable; strings: string[]; ranks: Map<number, number> }): void {
  const { table, strings, ranks } = into;
  const typeId = b.u8(at + 8);
  const type = pkg.types[typeId - 1] ?? `type${typeId}`;
  const rank = configRank(b, at);
  for (const [index, e] of entryOffsets(b, at)) {
    const id = ((pkg.id << 24) | (typeId << 16) | index) >>> 0;
    const flags = b.u16(e + 2);
    let key: number;
    let value: ResValue | undefined;
    if ((flags & ENTRY_COMPACT) !== 0) {
      key = b.u16(e);
      const type8 = flags >> 8;
      const data = b.u32(e + 4);
      value = type8 === TYPE_STRING ? { type: type8, data, str: strings[data] ?? '' } : { type: type8, data };
    } else {
      key = b.u32(e + 4);
      if ((flags & ENTRY_COMPLEX) === 0) value = readValue(b, e + b.u16(e), strings);
    }
    if (!table.names.has(id)) table.names.set(id, { pkg: pkg.name, type, name: pkg.keys[key] ?? `0x${id.toString(16)}` });
    const held = ranks.get(id);
    if (value !== undefined && (held === undefined || rank > held)) {
      table.values.set(id, value);
      ranks.set(id, rank);
    }
  }
}

function readPackage(b: Bytes, at: number, table: ResourceTable, strings: string[]): void {
  const ranks = new Map<number, number>();
  const headerSize = b.u16(at + 2);
  const end = at + b.u32(at + 4);
  const nameUnits: number[] = [];
  for (let i = 0; i < 128; i++) {
    const c = b.u16(at + 12 + i * 2);
    if (c === 0) break;
    nameUnits.push(c);
  }
  const pkg: Pkg = { id: b.u32(at + 8), name: String.fromCharCode(...nameUnits), types: [], keys: [] };
  if (table.package === '') table.package = pkg.name;
  const typeStrings = at + b.u32(at + 268);
  const keyStrings = at + b.u32(at + 276);
  if (typeStrings > at && typeStrings < end) pkg.types = readStringPool(b, typeStrings);
  if (keyStrings > at && keyStrings < end) pkg.keys = readStringPool(b, keyStrings);
  for (let p = at + headerSize; p + 8 <= end;) {
    const size = b.u32(p + 4);
    if (size < 8 || p + size > end) b.fail('resource chunk size', p);
    if (b.u16(p) === RES_TABLE_TYPE) readType(b, p, pkg, { table, strings, ranks });
    p += size;
  }
}

/** Decodes a whole resources.arsc. */
export function readResourceTable(data: Uint8Array): ResourceTable {
  const b = new Bytes(data, 'resources.arsc');
  if (b.length < 12 || b.u16(0) !== RES_TABLE) b.fail('not a resource table', 0);
  const table: ResourceTable = { package: '', names: new Map(), values: new Map() };
  const end = Math.min(b.u32(4), b.length);
  let strings: string[] = [];
  for (let p = b.u16(2); p + 8 <= end;) {
    const type = b.u16(p);
    const size = b.u32(p + 4);
    if (size < 8 || p + size > b.length) b.fail('resource chunk size', p);
    if (type === RES_STRING_POOL) strings = readStringPool(b, p);
    else if (type === RES_TABLE_PACKAGE) readPackage(b, p, table, strings);
    p += size;
  }
  return table;
}

/** `@type/name` (or `@pkg:type/name` for another package) of a resource id, when the table names it. */
export function refName(table: ResourceTable, id: number): string | undefined {
  const n = table.names.get(id);
  if (n === undefined) return undefined;
  return n.pkg === table.package ? `@${n.type}/${n.name}` : `@${n.pkg}:${n.type}/${n.name}`;
}
