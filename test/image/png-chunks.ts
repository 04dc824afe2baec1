// Reading PNG files back at the level of their format: chunks, CRCs, the zlib stream and the row filters.
import { crc32, inflateSync } from 'node:zlib';

export interface Chunk {
  type: string;
  data: Uint8Array;
  crcOk: boolean;
}

/** The chunks of a PNG file after its signature, each with whether its CRC matches. */
export function chunksOf(png: Uint8Array): Chunk[] {
  const dv = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const out: Chunk[] = [];
  for (let at = 8; at < png.length;) {
    const length = dv.getUint32(at);
    const data = png.subarray(at + 8, at + 8 + length);
    out.push({
      type: String.fromCharCode(...png.subarray(at + 4, at + 8)),
      data,
      crcOk: dv.getUint32(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length)),
    });
    at += 12 + length;
  }
  return out;
}

/** The zlib stream of all IDAT chunks: its compression-level flag (0 fastest … 3 best) and its inflated rows. */
export function idatOf(png: Uint8Array): { level: number; raw: Uint8Array } {
  const stream = Buffer.concat(
    chunksOf(png)
      .filter((c) => c.type === 'IDAT')
      .map((c) => c.data),
  );
  return { level: stream[1]! >> 6, raw: inflateSync(stream) };
}

/** The filter type byte at the start of each row. */
export function rowFilters(raw: Uint8Array, width: number, height: number, channels: number): number[] {
  return Array.from({ length: height }, (_, y) => raw[y * (width * channels + 1)]!);
}
