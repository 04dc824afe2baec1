/**
 * DEX files: string, type, field and method tables, class definitions (super class, interfaces, source file)
 * and each method's code and line table. Written here: no kept npm library reads DEX (the format is the
 * Dalvik executable format as documented for ART: header, *_ids sections, class_def_item, class_data_item,
 * code_item, debug_info_item).
 */
import { Bytes } from './bytes.js';

const NO_INDEX = 0xffffffff;

export interface DexMethodRef {
  cls: string;
  name: string;
}

export interface DexFieldRef {
  cls: string;
  type: string;
  name: string;
}

export interface DexMethod {
  ref: DexMethodRef;
  isStatic: boolean;
  /** Registers: the method's arguments sit in the last `ins` of them (`this` first). */
  registers: number;
  ins: number;
  /** Code units (16-bit) of the body; empty for abstract and native methods. */
  insns: Uint16Array;
  /** Code-unit offset → source line, from the debug info (when kept). */
  lines: [number, number][];
}

export interface DexClass {
  /** Java name: `com.x.Main$1`. */
  name: string;
  superName: string | undefined;
  interfaces: string[];
  sourceFile: string | undefined;
  methods: DexMethod[];
}

export interface DexFile {
  file: string;
  strings: (i: number) => string;
  types: (i: number) => string;
  methodRef: (i: number) => DexMethodRef;
  fieldRef: (i: number) => DexFieldRef;
  classes: DexClass[];
}

/** `Lcom/x/Main$1;` → `com.x.Main$1`; arrays and primitives stay descriptors. */
export function javaName(descriptor: string): string {
  return descriptor.startsWith('L') && descriptor.endsWith(';') ? descriptor.slice(1, -1).replace(/\//g, '.') : descriptor;
}

function readLines(b: Bytes, at: number): [number, number][] {
  const [lineStart, afterLine] = b.uleb(at);
  const [params, afterParams] = b.uleb(afterLine);
  let line = lineStart;
  let p = afterParams;
  b.count(params, 1, p, 'debug parameter');
  for (let i = 0; i < params; i++) p = b.uleb(p)[1];
  const out: [number, number][] = [];
  let address = 0;
  for (let steps = 0; steps < 1_000_000; steps++) {
    const op = b.u8(p++);
    if (op === 0x00) break;
    if (op === 0x01) [address, p] = ((r) => [address + r[0], r[1]])(b.uleb(p));
    else if (op === 0x02) {
      // signed LEB128
      let v = 0;
      let shift = 0;
      let byte: number;
      do {
        byte = b.u8(p++);
        v |= (byte & 0x7f) << shift;
        shift += 7;
      } while ((byte & 0x80) !== 0 && shift < 35);
      if (shift < 32 && (byte & 0x40) !== 0) v |= -1 << shift;
      line += v;
    } else if (op === 0x03 || op === 0x04) {
      p = b.uleb(b.uleb(b.uleb(p)[1])[1])[1];
      if (op === 0x04) p = b.uleb(p)[1];
    } else if (op === 0x05 || op === 0x06 || op === 0x09) p = b.uleb(p)[1];
    else if (op >= 0x0a) {
      const adj = op - 0x0a;
      line += -4 + (adj % 15);
      address += Math.floor(adj / 15);
      out.push([address, line]);
    }
  }
  return out;
}

function readMethods(d: { b: Bytes; methodRef: (i: number) => DexMethodRef }, at: number, n: number): [DexMethod[], number] {
  const { b } = d;
  const out: DexMethod[] = [];
  let idx = 0;
  let p = at;
  b.count(n, 3, p, 'method');
  for (let i = 0; i < n; i++) {
    let diff: number;
    let flags: number;
    let codeOff: number;
    [diff, p] = b.uleb(p);
    [flags, p] = b.uleb(p);
    [codeOff, p] = b.uleb(p);
    idx += diff;
    const m: DexMethod = {
      ref: d.methodRef(idx),
      isStatic: (flags & 0x8) !== 0,
      registers: 0,
      ins: 0,
      insns: new Uint16Array(0),
      lines: [],
    };
    if (codeOff !== 0) {
      m.registers = b.u16(codeOff);
      m.ins = b.u16(codeOff + 2);
      const debug = b.u32(codeOff + 8);
      const size = b.count(b.u32(codeOff + 12), 2, codeOff + 16, 'instruction');
      b.check(codeOff + 16, size * 2);
      m.insns = new Uint16Array(size);
      for (let k = 0; k < size; k++) m.insns[k] = b.view.getUint16(codeOff + 16 + k * 2, true);
      if (debug !== 0) m.lines = readLines(b, debug);
    }
    out.push(m);
  }
  return [out, p];
}

function readClass(
  d: { b: Bytes; types: (i: number) => string; strings: (i: number) => string; methodRef: (i: number) => DexMethodRef },
  at: number,
): DexClass {
  const { b } = d;
  const superIdx = b.u32(at + 8);
  const ifOff = b.u32(at + 12);
  const srcIdx = b.u32(at + 16);
  const dataOff = b.u32(at + 24);
  const interfaces: string[] = [];
  if (ifOff !== 0) {
    const n = b.count(b.u32(ifOff), 2, ifOff + 4, 'interface');
    for (let i = 0; i < n; i++) interfaces.push(javaName(d.types(b.u16(ifOff + 4 + i * 2))));
  }
  const cls: DexClass = {
    name: javaName(d.types(b.u32(at))),
    superName: superIdx === NO_INDEX ? undefined : javaName(d.types(superIdx)),
    interfaces,
    sourceFile: srcIdx === NO_INDEX ? undefined : d.strings(srcIdx),
    methods: [],
  };
  if (dataOff !== 0) {
    let p = dataOff;
    const sizes: number[] = [];
    for (let i = 0; i < 4; i++) {
      let v: number;
      [v, p] = b.uleb(p);
      sizes.push(v);
    }
    const fields = (sizes[0] ?? 0) + (sizes[1] ?? 0);
    b.count(fields, 2, p, 'field');
    for (let i = 0; i < fields * 2; i++) p = b.uleb(p)[1];
    const [direct, afterDirect] = readMethods(d, p, sizes[2] ?? 0);
    const [virtual] = readMethods(d, afterDirect, sizes[3] ?? 0);
    cls.methods = [...direct, ...virtual];
  }
  return cls;
}

/** Reads one classes*.dex. */
export function readDex(data: Uint8Array, file: string): DexFile {
  const b = new Bytes(data, file);
  if (b.length < 0x70 || b.utf8(0, 4) !== 'dex\n') b.fail('not a DEX file', 0);
  const section = (sizeAt: number, itemSize: number, what: string): [number, number] => {
    const off = b.u32(sizeAt + 4);
    return [b.count(b.u32(sizeAt), itemSize, off, what), off];
  };
  const [nStrings, stringsOff] = section(56, 4, 'string');
  const [nTypes, typesOff] = section(64, 4, 'type');
  const [nFields, fieldsOff] = section(80, 8, 'field');
  const [nMethods, methodsOff] = section(88, 8, 'method');
  const [nClasses, classesOff] = section(96, 32, 'class');
  const stringCache = new Map<number, string>();
  const strings = (i: number): string => {
    if (i >= nStrings) b.fail(`string index ${i}`, stringsOff);
    let s = stringCache.get(i);
    if (s === undefined) {
      // string_data_item: ULEB128 UTF-16 length, then modified UTF-8 ending in a zero byte
      const p = b.uleb(b.u32(stringsOff + i * 4))[1];
      let end = p;
      while (b.u8(end) !== 0) end++;
      s = b.utf8(p, end);
      stringCache.set(i, s);
    }
    return s;
  };
  const types = (i: number): string => {
    if (i >= nTypes) b.fail(`type index ${i}`, typesOff);
    return strings(b.u32(typesOff + i * 4));
  };
  const methodRef = (i: number): DexMethodRef => {
    if (i >= nMethods) b.fail(`method index ${i}`, methodsOff);
    const at = methodsOff + i * 8;
    return { cls: javaName(types(b.u16(at))), name: strings(b.u32(at + 4)) };
  };
  const fieldRef = (i: number): DexFieldRef => {
    if (i >= nFields) b.fail(`field index ${i}`, fieldsOff);
    const at = fieldsOff + i * 8;
    return { cls: javaName(types(b.u16(at))), type: javaName(types(b.u16(at + 2))), name: strings(b.u32(at + 4)) };
  };
  const d = { b, types, strings, methodRef };
  const classes: DexClass[] = [];
  for (let i = 0; i < nClasses; i++) classes.push(readClass(d, classesOff + i * 32));
  return { file, strings, types, methodRef, fieldRef, classes };
}
