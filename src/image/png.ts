/**
 * PNG encoding of pixels read back from the drawing library. Skia (through @napi-rs/canvas) encodes PNG with a
 * fixed zlib level and adaptive filtering and exposes neither: a 1375×1568 marked screenshot costs ~80 ms of
 * CPU there. Screens are mostly flat runs, so the Up filter and zlib level 1 give files of about the same size
 * for a fourth of that. Only the container is written here; deflate and CRC are node's own zlib.
 */
import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const dv = new DataView(out.buffer);
  dv.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  dv.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Whether every pixel of 8-bit RGBA data is opaque (then the alpha channel is left out of the file). */
export function isOpaque(data: Uint8Array): boolean {
  // The alpha bytes alone: small integers keep this loop fast, where comparing packed 32-bit pixels (beyond the
  // small-integer range) cost ~6 ns a pixel.
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

/** Bytewise `a - b` (mod 256) of two packed pixels, all four bytes at once. */
function minus(a: number, b: number): number {
  return ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
}

/**
 * Filtered scanlines: each row starts with filter type 2 (Up: each byte minus the byte above it; the first row
 * has nothing above and is stored as it is, type 0), `channels` 3 (alpha dropped) or 4 bytes a pixel.
 */
function upFiltered(px: Uint32Array, width: number, height: number, channels: 3 | 4): Uint8Array {
  const stride = width * channels + 1;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    let o = y * stride;
    out[o++] = y === 0 ? 0 : 2;
    const row = y * width;
    for (let x = 0; x < width; x++, o += channels) {
      // Little-endian: R is the low byte of a packed pixel.
      const v = y === 0 ? px[row + x]! : minus(px[row + x]!, px[row - width + x]!);
      out[o] = v;
      out[o + 1] = v >>> 8;
      out[o + 2] = v >>> 16;
      if (channels === 4) out[o + 3] = v >>> 24;
    }
  }
  return out;
}

/** Encodes 8-bit RGBA pixels (`width × height × 4` bytes, not premultiplied) as a PNG (RGB when all opaque). */
export function encodePng(data: Uint8Array, width: number, height: number): Uint8Array {
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  const px = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const channels = isOpaque(data) ? 3 : 4;
  const ihdr = new Uint8Array(13);
  const dv = new DataView(ihdr.buffer);
  dv.setUint32(0, width);
  dv.setUint32(4, height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = channels === 3 ? 2 : 6; // colour type: truecolour, or truecolour with alpha
  const idat = deflateSync(upFiltered(px, width, height, channels), { level: 1 });
  const parts = [SIGNATURE, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', new Uint8Array(0))];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
