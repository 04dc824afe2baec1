// A resources.arsc re-encoded chunk by chunk into the encodings newer build tools write (16-bit entry offsets,
// sparse types, compact entries; the layout of AOSP's ResTable_type and ResTable_entry), for tests that check the
// decoder reads each of them as it reads the classic encoding Debian's aapt writes.
import type { ResourceTable } from '../../src/uimap/apk/arsc.js';

export type Mode = 'offset16' | 'sparse' | 'compact';

const RES_TABLE_PACKAGE = 0x0200;
const RES_TABLE_TYPE = 0x0201;
const NO_ENTRY = 0xffffffff;

class Out {
  parts: Uint8Array[] = [];
  length = 0;
  push(b: Uint8Array): void {
    this.parts.push(b);
    this.length += b.length;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  }
}

const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

/** One ResTable_type chunk in another encoding; undefined when that encoding cannot hold it. */
function reencodeType(chunk: Uint8Array, mode: Mode): Uint8Array | undefined {
  const v = view(chunk);
  const headerSize = v.getUint16(2, true);
  const count = v.getUint32(12, true);
  const entriesStart = v.getUint32(16, true);
  const present: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    const o = v.getUint32(headerSize + i * 4, true);
    if (o !== NO_ENTRY) present.push([i, o]);
  }
  let blob: Uint8Array = chunk.slice(entriesStart);
  if (mode === 'compact') {
    // simple entries become 8 bytes: u16 key, u16 flags (value type in the high byte), u32 data
    const out = new Out();
    const moved: [number, number][] = [];
    for (const [i, o] of present) {
      const e = entriesStart + o;
      const size = v.getUint16(e, true);
      const flags = v.getUint16(e + 2, true);
      const key = v.getUint32(e + 4, true);
      let entry: Uint8Array;
      if ((flags & 0x0001) === 0 && key <= 0xffff) {
        entry = new Uint8Array(8);
        const ev = view(entry);
        ev.setUint16(0, key, true);
        ev.setUint16(2, (v.getUint8(e + size + 3) << 8) | 0x0008 | (flags & 0x0002), true);
        ev.setUint32(4, v.getUint32(e + size + 4, true), true);
      } else {
        const complexSize = (flags & 0x0001) === 0 ? size + 8 : size + v.getUint32(e + 12, true) * 12;
        entry = chunk.slice(e, e + complexSize);
      }
      moved.push([i, out.length]);
      out.push(entry);
    }
    blob = out.bytes();
    present.splice(0, present.length, ...moved);
  }
  let offsets: Uint8Array;
  let flags = v.getUint8(9);
  let entryCount = count;
  if (mode === 'offset16') {
    if (present.some(([, o]) => o % 4 !== 0 || o / 4 >= 0xffff)) return undefined;
    offsets = new Uint8Array(Math.ceil((count * 2) / 4) * 4);
    const ov = view(offsets);
    for (let i = 0; i < count; i++) ov.setUint16(i * 2, 0xffff, true);
    for (const [i, o] of present) ov.setUint16(i * 2, o / 4, true);
    flags |= 0x02;
  } else if (mode === 'sparse') {
    if (present.some(([i, o]) => o % 4 !== 0 || o / 4 > 0xffff || i > 0xffff)) return undefined;
    offsets = new Uint8Array(present.length * 4);
    const ov = view(offsets);
    present.forEach(([i, o], k) => {
      ov.setUint16(k * 4, i, true);
      ov.setUint16(k * 4 + 2, o / 4, true);
    });
    flags |= 0x01;
    entryCount = present.length;
  } else {
    offsets = new Uint8Array(count * 4);
    const ov = view(offsets);
    for (let i = 0; i < count; i++) ov.setUint32(i * 4, NO_ENTRY, true);
    for (const [i, o] of present) ov.setUint32(i * 4, o, true);
  }
  const header = chunk.slice(0, headerSize);
  const hv = view(header);
  hv.setUint8(9, flags);
  hv.setUint32(12, entryCount, true);
  hv.setUint32(16, headerSize + offsets.length, true);
  hv.setUint32(4, headerSize + offsets.length + blob.length, true);
  const out = new Out();
  out.push(header);
  out.push(offsets);
  out.push(blob);
  return out.bytes();
}

/** The whole table with every type chunk re-encoded (left as it was where the encoding cannot hold it). */
export function reencode(arsc: Uint8Array, mode: Mode): { bytes: Uint8Array; changed: number } {
  const v = view(arsc);
  const out = new Out();
  out.push(arsc.slice(0, v.getUint16(2, true)));
  let changed = 0;
  for (let p = v.getUint16(2, true); p < arsc.length;) {
    const size = v.getUint32(p + 4, true);
    const chunk = arsc.slice(p, p + size);
    if (v.getUint16(p, true) !== RES_TABLE_PACKAGE) out.push(chunk);
    else {
      const cv = view(chunk);
      const pkg = new Out();
      const headerSize = cv.getUint16(2, true);
      pkg.push(chunk.slice(0, headerSize));
      for (let q = headerSize; q < chunk.length;) {
        const s = cv.getUint32(q + 4, true);
        const sub = chunk.slice(q, q + s);
        const again = cv.getUint16(q, true) === RES_TABLE_TYPE ? reencodeType(sub, mode) : undefined;
        if (again !== undefined) changed++;
        pkg.push(again ?? sub);
        q += s;
      }
      const bytes = pkg.bytes();
      view(bytes).setUint32(4, bytes.length, true);
      out.push(bytes);
    }
    p += size;
  }
  const bytes = out.bytes();
  view(bytes).setUint32(4, bytes.length, true);
  return { bytes, changed };
}

export const summary = (t: ResourceTable): { package: string; names: string[]; values: string[] } => ({
  package: t.package,
  names: [...t.names].map(([id, n]) => `${id.toString(16)} ${n.pkg}:${n.type}/${n.name}`).sort(),
  values: [...t.values].map(([id, x]) => `${id.toString(16)} ${x.type} ${x.data} ${x.str ?? ''}`).sort(),
});
