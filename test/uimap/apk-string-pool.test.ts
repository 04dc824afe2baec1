// String pools as aapt writes them into binary XML and resources.arsc, built byte by byte here, read back whole:
// every string a layout or a resource can hold, at the lengths where the format changes (a length of 128 or more
// takes two bytes in UTF-8 pools, one of 32768 or more two units in UTF-16 pools), with characters whose UTF-8 byte
// count differs from their UTF-16 unit count. Damaged pools are coded errors.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Bytes, readStringPool } from '../../src/uimap/apk/bytes.js';
import { isGlanceError } from '../../src/errors.js';

const STRING_POOL = 0x0001;
const HEADER = 28;
const UTF8_FLAG = 0x100;

/** UTF-8 pool length prefix: one byte below 0x80, else two with the high bit set on the first. */
function len8(n: number): number[] {
  return n < 0x80 ? [n] : [0x80 | (n >> 8), n & 0xff];
}

/** UTF-16 pool length prefix (in units): one unit below 0x8000, else two with the high bit set on the first. */
function len16(n: number): number[] {
  return n < 0x8000 ? [n] : [0x8000 | (n >>> 16), n & 0xffff];
}

/** One encoded string of a pool: UTF-16 length, byte length, bytes, NUL (UTF-8); length, units, NUL (UTF-16). */
function encodeString(s: string, utf8: boolean): Buffer {
  if (utf8) {
    const bytes = Buffer.from(s, 'utf8');
    return Buffer.concat([Buffer.from([...len8(s.length), ...len8(bytes.length)]), bytes, Buffer.from([0])]);
  }
  const units = Buffer.from(s, 'utf16le');
  const prefix = Buffer.alloc(len16(s.length).length * 2);
  len16(s.length).forEach((u, i) => prefix.writeUInt16LE(u, i * 2));
  return Buffer.concat([prefix, units, Buffer.alloc(2)]);
}

/** A ResStringPool chunk holding `strings`, after `lead` bytes of something else (the pool need not start at 0). */
function pool(strings: readonly string[], utf8: boolean, lead = 0): Uint8Array {
  const encoded = strings.map((s) => encodeString(s, utf8));
  const offsets: number[] = [];
  let at = 0;
  for (const e of encoded) {
    offsets.push(at);
    at += e.length;
  }
  const data = Buffer.concat(encoded);
  const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
  const stringsStart = HEADER + 4 * strings.length;
  const size = stringsStart + padded.length;
  const head = Buffer.alloc(stringsStart);
  head.writeUInt16LE(STRING_POOL, 0);
  head.writeUInt16LE(HEADER, 2);
  head.writeUInt32LE(size, 4);
  head.writeUInt32LE(strings.length, 8);
  head.writeUInt32LE(0, 12); // styles
  head.writeUInt32LE(utf8 ? UTF8_FLAG : 0, 16);
  head.writeUInt32LE(stringsStart, 20);
  head.writeUInt32LE(0, 24);
  offsets.forEach((o, i) => head.writeUInt32LE(o, HEADER + 4 * i));
  return new Uint8Array(Buffer.concat([Buffer.alloc(lead, 0xee), head, padded]));
}

const read = (chunk: Uint8Array, lead = 0): string[] => readStringPool(new Bytes(chunk, 'res/layout/main.xml'), lead);

// Lengths around each boundary, in characters of 1, 2, 3 and 4 UTF-8 bytes (the last two units in UTF-16).
const STRINGS = [
  '',
  'a',
  'x'.repeat(127),
  'x'.repeat(128),
  'x'.repeat(129),
  'y'.repeat(255),
  'y'.repeat(256),
  'y'.repeat(300),
  'é'.repeat(63),
  'é'.repeat(64), // 64 units, 128 bytes: only the byte length takes two bytes
  'é'.repeat(127),
  'é'.repeat(128), // both lengths take two bytes, and differ
  '東'.repeat(43), // 43 units, 129 bytes
  '東京'.repeat(200),
  '🚀'.repeat(64), // 128 units, 256 bytes
  'Grüße, 東京 🚀 "quotes" $HOME',
  'last',
];

describe('string pools', () => {
  for (const utf8 of [true, false]) {
    test(`${utf8 ? 'UTF-8' : 'UTF-16'}: every string read back whole, in order, wherever the pool starts`, () => {
      assert.deepEqual(read(pool(STRINGS, utf8)), STRINGS);
      assert.deepEqual(read(pool(STRINGS, utf8, 12), 12), STRINGS);
      // One string at a time too: a misread length shows as a wrong string, not only as a shifted neighbour.
      for (const s of STRINGS) assert.equal(read(pool([s], utf8))[0], s, `a string of ${s.length} units`);
    });
  }

  test('UTF-16: a string of 32768 units or more (a two-unit length) is read whole', () => {
    const long = ['z'.repeat(0x8000), 'w'.repeat(0x8000 + 7), 'after'];
    assert.deepEqual(read(pool(long, false)), long);
  });

  test('a pool claiming more strings than its bytes hold is APK_INVALID naming the file', () => {
    const chunk = pool(['a', 'b'], true);
    new DataView(chunk.buffer).setUint32(8, 0x10000000, true);
    assert.throws(
      () => read(chunk),
      (e: unknown) => isGlanceError(e, 'APK_INVALID') && /res\/layout\/main\.xml/.test(e.message),
    );
  });

  test('a string offset outside the pool is APK_INVALID', () => {
    const chunk = pool(['a', 'b'], true);
    new DataView(chunk.buffer).setUint32(HEADER + 4, 0x1000, true);
    assert.throws(
      () => read(chunk),
      (e: unknown) => isGlanceError(e, 'APK_INVALID'),
    );
  });

  test('a pool cut short is APK_INVALID, never a string read past the end', () => {
    const chunk = pool(['hello', 'x'.repeat(200)], true);
    const cut = chunk.subarray(0, HEADER + 4);
    assert.throws(
      () => read(cut),
      (e: unknown) => isGlanceError(e, 'APK_INVALID'),
    );
  });

  test('a string claiming more than its pool holds is cut at the pool end, never read from the next chunk', () => {
    for (const utf8 of [true, false]) {
      const chunk = pool(['abcd'], utf8);
      const tail = new Uint8Array(Buffer.concat([Buffer.from(chunk), Buffer.from('NEXTCHUNK', 'latin1')]));
      // The one string's length prefix says 100 units (and bytes).
      const at = HEADER + 4;
      if (utf8) tail.set([100, 100], at);
      else new DataView(tail.buffer).setUint16(at, 100, true);
      const [s] = read(tail);
      assert.ok(s !== undefined && !s.includes('NEXT') && s.startsWith('abcd'), JSON.stringify(s));
    }
  });

  test('a string offset at the very end of the pool is APK_INVALID', () => {
    const chunk = pool(['a'], true);
    const size = new DataView(chunk.buffer).getUint32(4, true);
    new DataView(chunk.buffer).setUint32(HEADER, size - (HEADER + 4), true);
    assert.throws(
      () => read(chunk),
      (e: unknown) => isGlanceError(e, 'APK_INVALID') && /string outside its pool/.test(e.message),
    );
  });
});

describe('bounds-checked reads', () => {
  const b = new Bytes(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]), 'classes.dex');
  const invalid =
    (at: number, what = 'read runs past the end') =>
    (e: unknown) => {
      assert.ok(isGlanceError(e, 'APK_INVALID'), String(e));
      assert.equal(e.message, `classes.dex: ${what} at 0x${at.toString(16)}`);
      assert.deepEqual(e.context, { file: 'classes.dex', offset: at });
      assert.match(e.hint ?? '', /damaged or not an Android package/);
      return true;
    };

  test('reads inside the bytes, little-endian', () => {
    assert.equal(b.u8(7), 8);
    assert.equal(b.u16(6), 0x0807);
    assert.equal(b.u32(4), 0x08070605);
    assert.equal(new Bytes(new Uint8Array([0xff, 0xff, 0xff, 0xff]), 'x').i32(0), -1);
    assert.equal(b.utf8(0, 0), '');
    assert.equal(new Bytes(new Uint8Array(Buffer.from('hé', 'utf16le')), 'x').utf16(0, 2), 'hé');
  });

  test('every read past the end, before the start or at a fractional offset is APK_INVALID naming file and offset', () => {
    assert.throws(() => b.u8(8), invalid(8));
    assert.throws(() => b.u16(7), invalid(7));
    assert.throws(() => b.u32(5), invalid(5));
    assert.throws(() => b.i32(6), invalid(6));
    assert.throws(() => b.u8(-1), invalid(-1));
    assert.throws(() => b.u8(1.5), invalid(1.5));
    assert.throws(() => b.utf8(6, 9), invalid(6));
    assert.throws(() => b.utf8(4, 2), invalid(4));
    assert.throws(() => b.utf16(4, 3), invalid(4));
  });

  test('a count of records that cannot fit in what remains is refused; one that fits exactly is not', () => {
    assert.equal(b.count(2, 4, 0, 'method'), 2);
    assert.equal(b.count(1, 4, 4, 'method'), 1);
    assert.throws(() => b.count(3, 4, 0, 'method'), invalid(0, 'method count 3 does not fit'));
    assert.throws(() => b.count(1, 4, 5, 'field'), invalid(5, 'field count 1 does not fit'));
  });

  test('LEB128: values up to five bytes; a longer one is refused', () => {
    const leb = (...bytes: number[]) => new Bytes(new Uint8Array(bytes), 'classes.dex').uleb(0);
    assert.deepEqual(leb(0x7f), [127, 1]);
    assert.deepEqual(leb(0x80, 0x01), [128, 2]);
    assert.deepEqual(leb(0xff, 0xff, 0xff, 0xff, 0x0f), [0xffffffff, 5]);
    assert.throws(() => leb(0x80, 0x80, 0x80, 0x80, 0x80, 0x01), invalid(0, 'LEB128 value too long'));
    assert.throws(() => leb(0x80), invalid(1));
  });
});
