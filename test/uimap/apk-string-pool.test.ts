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
});
