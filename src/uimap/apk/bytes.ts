/**
 * Bounds-checked little-endian reads over one file of an APK. Every read past the end, and every count that
 * cannot fit in the bytes that remain, is an APK_INVALID error naming the file and offset: a hostile APK
 * (truncated, or claiming billions of entries) fails fast instead of reading garbage or allocating without end.
 */
import { GlanceError } from '../../errors.js';

export class Bytes {
  readonly view: DataView;
  readonly length: number;

  constructor(
    readonly data: Uint8Array,
    /** The file inside the APK, for error messages. */
    readonly file: string,
  ) {
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    this.length = data.byteLength;
  }

  fail(what: string, at: number): never {
    throw new GlanceError('APK_INVALID', `${this.file}: ${what} at 0x${at.toString(16)}`, {
      hint: 'the APK is damaged or not an Android package; rebuild it or pass the app source folder instead',
      context: { file: this.file, offset: at },
    });
  }

  check(at: number, size: number, what = 'read'): void {
    if (!Number.isInteger(at) || at < 0 || size < 0 || at + size > this.length) this.fail(`${what} runs past the end`, at);
  }

  u8(at: number): number {
    this.check(at, 1);
    return this.view.getUint8(at);
  }
  u16(at: number): number {
    this.check(at, 2);
    return this.view.getUint16(at, true);
  }
  u32(at: number): number {
    this.check(at, 4);
    return this.view.getUint32(at, true);
  }
  i32(at: number): number {
    this.check(at, 4);
    return this.view.getInt32(at, true);
  }

  /** A count of `size`-byte records starting at `at`: rejected when they cannot all fit. */
  count(n: number, size: number, at: number, what: string): number {
    if (n * size > this.length - at) this.fail(`${what} count ${n} does not fit`, at);
    return n;
  }

  /** Unsigned LEB128 (DEX); returns the value and the offset after it. */
  uleb(at: number): [number, number] {
    let result = 0;
    let shift = 0;
    let p = at;
    for (;;) {
      const b = this.u8(p++);
      result += (b & 0x7f) * 2 ** shift;
      if ((b & 0x80) === 0) return [result, p];
      shift += 7;
      if (shift > 28) this.fail('LEB128 value too long', at);
    }
  }

  utf8(from: number, to: number): string {
    this.check(from, to - from);
    return Buffer.from(this.data.buffer, this.data.byteOffset + from, to - from).toString('utf8');
  }
  utf16(from: number, units: number): string {
    this.check(from, units * 2);
    return Buffer.from(this.data.buffer, this.data.byteOffset + from, units * 2).toString('utf16le');
  }
}

const UTF8_FLAG = 0x100;

/** A ResStringPool chunk (binary XML and resources.arsc) at `at`: its strings in order. */
export function readStringPool(b: Bytes, at: number): string[] {
  const headerSize = b.u16(at + 2);
  const chunkEnd = at + b.u32(at + 4);
  const count = b.count(b.u32(at + 8), 4, at + headerSize, 'string pool');
  const utf8 = (b.u32(at + 16) & UTF8_FLAG) !== 0;
  const stringsStart = at + b.u32(at + 20);
  const out: string[] = new Array<string>(count);
  for (let i = 0; i < count; i++) {
    let p = stringsStart + b.u32(at + headerSize + i * 4);
    if (p >= chunkEnd) b.fail('string outside its pool', p);
    if (utf8) {
      p += (b.u8(p) & 0x80) !== 0 ? 2 : 1; // length in UTF-16 units, unused
      let len = b.u8(p);
      if ((len & 0x80) !== 0) len = ((len & 0x7f) << 8) | b.u8(++p);
      p++;
      out[i] = b.utf8(p, Math.min(p + len, chunkEnd));
    } else {
      let len = b.u16(p);
      p += 2;
      if ((len & 0x8000) !== 0) {
        len = ((len & 0x7fff) << 16) | b.u16(p);
        p += 2;
      }
      out[i] = b.utf16(p, Math.min(len, Math.floor((chunkEnd - p) / 2)));
    }
  }
  return out;
}
