import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { crc32 } from 'node:zlib';
import { GlobalFonts } from '@napi-rs/canvas';
import {
  canvasOf,
  checkQuality,
  css,
  decodeImage,
  encodeCanvas,
  font,
  IMAGE_FORMATS,
  MIME,
  pixelsOf,
  surface,
} from '../../src/image/canvas.js';
import { decodeRgba } from '../../src/image/codec.js';
import { encodePng } from '../../src/image/png.js';
import { createImage, fillRect } from '../../src/image/raster.js';
import { thrown } from '../helpers/thrown.js';

const DAMAGED_HINT = 'the capture is probably truncated or damaged; take the screenshot again';
const NOT_IMAGE_HINT = 'pass the bytes of `adb exec-out screencap -p`; a text reply usually means the device refused the capture';

/** Code, message and hint of what decoding `bytes` throws. */
function decodeFailure(bytes: Uint8Array): { code: string; message: string; hint: string | undefined } {
  const e = thrown(() => decodeImage(bytes));
  return { code: e.code, message: e.message, hint: e.hint };
}

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** A 64×64 screen as PNG bytes: a dark background and one pink bar. */
function samplePng(): Uint8Array {
  const { ctx } = surface(64, 64, [10, 20, 30]);
  fillRect(ctx, { x0: 5, y0: 4, x1: 50, y1: 9 }, [250, 0, 128]);
  return encodeCanvas(ctx.canvas);
}

describe('decodeImage: what is not an image', () => {
  test('a text reply is named by its size and its first printable characters, runs of control bytes as one space', () => {
    assert.deepEqual(decodeFailure(text('\u0001\u0002 Error:\r\n\r\n  bad  \u0000')), {
      code: 'IMAGE_INVALID',
      message: 'not a PNG, JPEG or WebP image (21 bytes, starts "Error:   bad")',
      hint: NOT_IMAGE_HINT,
    });
    const long = `screencap failed: ${'x'.repeat(100)}`;
    assert.equal(
      decodeFailure(text(long)).message,
      `not a PNG, JPEG or WebP image (118 bytes, starts "${long.slice(0, 80)}")`,
      'only the first 80 bytes are quoted',
    );
  });

  test('no bytes, or bytes with nothing printable, are named by their size alone', () => {
    assert.equal(decodeFailure(new Uint8Array()).message, 'not a PNG, JPEG or WebP image (0 bytes)');
    assert.equal(decodeFailure(Uint8Array.of(0, 1, 2, 0xfe)).message, 'not a PNG, JPEG or WebP image (4 bytes)');
  });

  test('a reply that shares only the first byte of a signature, or is shorter than one, is not taken for an image', () => {
    // "R" is the first byte of RIFF (WebP), 0xff 0xd8 the first two of JPEG's three.
    assert.equal(decodeFailure(text('Resource busy')).message, 'not a PNG, JPEG or WebP image (13 bytes, starts "Resource busy")');
    assert.equal(decodeFailure(Uint8Array.of(0xff, 0xd8)).message, 'not a PNG, JPEG or WebP image (2 bytes)');
  });
});

describe('decodeImage: damaged images', () => {
  test('a signature alone, or a signature and garbage, fails as the format it claims to be', () => {
    const cases: Array<[Uint8Array, string]> = [
      [Uint8Array.of(0xff, 0xd8, 0xff), 'JPEG image could not be decoded (3 bytes)'],
      [Uint8Array.of(0xff, 0xd8, 0xff, 1, 2, 3, 4, 5), 'JPEG image could not be decoded (8 bytes)'],
      [text('RIFF'), 'WebP image could not be decoded (4 bytes)'],
      [text('RIFF....WEBPVP8 garbage'), 'WebP image could not be decoded (23 bytes)'],
      [Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), 'PNG truncated at byte 8 of 8 (no IEND chunk)'],
    ];
    for (const [bytes, message] of cases) {
      assert.deepEqual(decodeFailure(bytes), { code: 'IMAGE_INVALID', message, hint: DAMAGED_HINT });
    }
  });

  test('a PNG cut short says where: between chunks, or inside the chunk it cut', () => {
    const full = samplePng();
    const cut = (n: number): string => decodeFailure(full.subarray(0, n)).message;
    assert.equal(cut(19), 'PNG truncated at byte 8 of 19 (no IEND chunk)');
    assert.equal(cut(20), 'PNG truncated inside its IHDR chunk');
    assert.equal(cut(45), 'PNG truncated inside its IDAT chunk');
    assert.equal(cut(full.length - 12), `PNG truncated at byte ${full.length - 12} of ${full.length - 12} (no IEND chunk)`);
    assert.equal(cut(full.length - 1), `PNG truncated at byte ${full.length - 12} of ${full.length - 1} (no IEND chunk)`);
    assert.deepEqual([decodeImage(full).width, decodeImage(full).height], [64, 64], 'the whole file decodes');
  });

  test('a PNG whose chunks are whole but which holds no picture fails to decode, with the hint', () => {
    const full = samplePng();
    // The signature and the IEND chunk alone: no header, no pixels.
    const empty = new Uint8Array([...full.subarray(0, 8), ...full.subarray(full.length - 12)]);
    assert.deepEqual(decodeFailure(empty), {
      code: 'IMAGE_INVALID',
      message: 'PNG image could not be decoded (20 bytes)',
      hint: DAMAGED_HINT,
    });
    // A header whose size bytes were overwritten claims the largest size it can hold.
    const bad = full.slice();
    bad.fill(0xff, 16, 24);
    assert.deepEqual(decodeFailure(bad), {
      code: 'IMAGE_INVALID',
      message: 'PNG image claims 4294967295×4294967295 pixels (at most 16384 a side)',
      hint: DAMAGED_HINT,
    });
  });

  test('a PNG whose intact header claims no pixels across or down is refused', () => {
    for (const [width, height] of [
      [0, 5],
      [5, 0],
    ] as const) {
      const png = encodePng(createImage(5, 5).data, 5, 5).slice();
      // IHDR's width and height are bytes 16–23; its CRC, over bytes 12–28, follows at 29.
      const dv = new DataView(png.buffer);
      dv.setUint32(16, width);
      dv.setUint32(20, height);
      dv.setUint32(29, crc32(png.subarray(12, 29)));
      assert.deepEqual(decodeFailure(png), {
        code: 'IMAGE_INVALID',
        message: `PNG image could not be decoded (${png.length} bytes)`,
        hint: DAMAGED_HINT,
      });
    }
  });

  test('more than 16384 pixels a side is refused; 16384 is decoded', () => {
    const png = (w: number, h: number): Uint8Array => encodePng(createImage(w, h).data, w, h);
    assert.equal(decodeFailure(png(16385, 1)).message, 'PNG image claims 16385×1 pixels (at most 16384 a side)');
    assert.equal(decodeFailure(png(1, 16385)).message, 'PNG image claims 1×16385 pixels (at most 16384 a side)');
    for (const [w, h] of [
      [16384, 1],
      [1, 16384],
    ] as const) {
      const edge = decodeImage(png(w, h));
      assert.deepEqual([edge.width, edge.height], [w, h]);
    }
  });
});

describe('encodeCanvas', () => {
  test('each format carries its signature, its MIME type, and the canvas size', () => {
    assert.deepEqual(IMAGE_FORMATS, ['png', 'webp', 'jpeg']);
    const { canvas } = surface(33, 17, [0, 128, 255]);
    const seen = IMAGE_FORMATS.map((format) => {
      const bytes = encodeCanvas(canvas, { format });
      const back = decodeRgba(bytes);
      const kind = bytes[0] === 0x89 ? 'image/png' : bytes[0] === 0xff ? 'image/jpeg' : new TextDecoder().decode(bytes.subarray(8, 12));
      return [MIME[format], kind, back.width, back.height];
    });
    assert.deepEqual(seen, [
      ['image/png', 'image/png', 33, 17],
      ['image/webp', 'WEBP', 33, 17],
      ['image/jpeg', 'image/jpeg', 33, 17],
    ]);
  });

  test('quality: 1 and 100 are accepted, the default is 80, lower quality gives fewer bytes', () => {
    const img = createImage(96, 64, [240, 240, 240]);
    for (let i = 0; i < img.data.length; i += 4) img.data.fill((i * 2654435761) >>> 24, i, i + 3);
    const canvas = canvasOf(img);
    const jpeg = (quality?: number): Uint8Array =>
      encodeCanvas(canvas, quality === undefined ? { format: 'jpeg' } : { format: 'jpeg', quality });
    assert.deepEqual(Buffer.from(jpeg()), Buffer.from(jpeg(80)));
    assert.ok(jpeg(1).length < jpeg(80).length && jpeg(80).length < jpeg(100).length);
  });

  test('quality outside 1–100, or not whole, is USAGE naming the value, with the default in the hint', () => {
    for (const quality of [0, 101, 2.5, Number.NaN]) {
      const e = thrown(() => checkQuality(quality));
      assert.deepEqual(
        [e.code, e.message, e.hint],
        ['USAGE', `quality must be an integer from 1 to 100, got ${quality}`, 'omit quality for the default of 80'],
      );
    }
    for (const quality of [1, 100]) checkQuality(quality);
  });
});

describe('surfaces and pixels', () => {
  test('a surface is filled with an opaque colour when given one, transparent otherwise', () => {
    const filled = surface(3, 2, [1, 2, 3]);
    assert.deepEqual([...pixelsOf(filled.ctx, { width: 3, height: 2 }).data], Array.from({ length: 6 }, () => [1, 2, 3, 255]).flat());
    const empty = surface(3, 2);
    assert.deepEqual([...pixelsOf(empty.ctx, { width: 3, height: 2 }).data], new Array(24).fill(0));
  });

  test('pixelsOf reads the region at x, y, from the top-left corner when they are left out', () => {
    const { ctx } = surface(8, 6, [0, 0, 0]);
    fillRect(ctx, { x0: 5, y0: 4, x1: 6, y1: 5 }, [200, 100, 50]);
    const at = pixelsOf(ctx, { x: 5, y: 4, width: 2, height: 1 });
    assert.deepEqual([at.width, at.height, [...at.data]], [2, 1, [200, 100, 50, 255, 0, 0, 0, 255]]);
    assert.deepEqual([...pixelsOf(ctx, { width: 1, height: 1 }).data], [0, 0, 0, 255]);
  });

  test('css: rgb() for an opaque colour (alpha 1 or more), rgba() below', () => {
    assert.equal(css([1, 2, 3]), 'rgb(1,2,3)');
    assert.equal(css([1, 2, 3], 1), 'rgb(1,2,3)');
    assert.equal(css([1, 2, 3], 0.5), 'rgba(1,2,3,0.5)');
  });
});

describe('fonts', () => {
  test('the three DejaVu faces are registered under glance- names', () => {
    assert.equal(font('mono-bold', 13), '13px glance-mono-bold');
    const glance = GlobalFonts.families.map((f) => f.family).filter((f) => f.startsWith('glance-'));
    assert.deepEqual(glance.sort(), ['glance-mono-bold', 'glance-sans', 'glance-sans-bold']);
  });
});
