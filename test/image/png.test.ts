import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { decodeRgba } from '../../src/image/codec.js';
import { encodePng, isOpaque } from '../../src/image/png.js';
import { createImage } from '../../src/image/raster.js';
import { chunksOf, idatOf, rowFilters } from './png-chunks.js';

/** A 5×4 image whose pixels all differ (so that every filter changes the bytes), opaque unless `alpha` is given. */
function varied(alpha?: number): Uint8Array {
  const data = new Uint8Array(5 * 4 * 4);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + 11) & 0xff;
  for (let i = 3; i < data.length; i += 4) data[i] = alpha ?? 255;
  return data;
}

describe('encodePng', () => {
  test('the container: signature, IHDR with size, depth 8 and colour type, one IDAT, IEND; every CRC right', () => {
    const png = encodePng(varied(), 5, 4);
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const chunks = chunksOf(png);
    assert.deepEqual(
      chunks.map((c) => [c.type, c.crcOk]),
      [
        ['IHDR', true],
        ['IDAT', true],
        ['IEND', true],
      ],
    );
    // Width 5, height 4, 8 bits, truecolour (2), default compression, filtering and no interlace.
    assert.deepEqual([...chunks[0]!.data], [0, 0, 0, 5, 0, 0, 0, 4, 8, 2, 0, 0, 0]);
    assert.equal(chunks[2]!.data.length, 0);
    assert.equal(chunksOf(encodePng(varied(128), 5, 4))[0]!.data[9], 6, 'truecolour with alpha');
  });

  test('the first row is stored as it is, every later row with the Up filter, deflated at the fastest level', () => {
    const opaque = idatOf(encodePng(varied(), 5, 4));
    assert.equal(opaque.level, 0);
    assert.deepEqual(rowFilters(opaque.raw, 5, 4, 3), [0, 2, 2, 2]);
    assert.equal(opaque.raw.length, 4 * (5 * 3 + 1), 'three bytes a pixel');
    const translucent = idatOf(encodePng(varied(128), 5, 4));
    assert.deepEqual(rowFilters(translucent.raw, 5, 4, 4), [0, 2, 2, 2]);
    assert.equal(translucent.raw.length, 4 * (5 * 4 + 1), 'four bytes a pixel');
    assert.deepEqual([...translucent.raw.subarray(1, 5)], [11, 48, 85, 128], 'the first row unfiltered, alpha included');
  });

  test('pixels that start at an odd offset of their buffer give the same file', () => {
    const data = varied(200);
    const shifted = new Uint8Array(data.length + 1);
    shifted.set(data, 1);
    const png = encodePng(shifted.subarray(1), 5, 4);
    assert.deepEqual(Buffer.from(png), Buffer.from(encodePng(data, 5, 4)));
    assert.deepEqual(decodeRgba(png).width, 5);
  });

  test('isOpaque looks at every alpha byte, the last one included', () => {
    assert.equal(isOpaque(createImage(3, 3).data), true);
    assert.equal(isOpaque(new Uint8Array()), true);
    for (const at of [3, 19, 35]) {
      const img = createImage(3, 3);
      img.data[at] = 254;
      assert.equal(isOpaque(img.data), false, `alpha byte ${at}`);
    }
    const colourOnly = createImage(3, 3);
    colourOnly.data[34] = 0;
    assert.equal(isOpaque(colourOnly.data), true, 'a colour byte is not alpha');
  });
});
