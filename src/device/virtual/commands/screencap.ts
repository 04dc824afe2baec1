/** `screencap [-p] [FILE]` (frameworks/base/cmds/screencap/screencap.cpp): PNG, or the raw RGBA header + pixels. */
import { FsError, tryFs } from '../fs.js';
import type { Command } from '../shell.js';
import { abs, flags, type DeviceContext } from './context.js';

export function screencap(dev: DeviceContext): Command {
  return async (ctx) => {
    const { set, rest } = flags(
      ctx.argv.slice(1).filter((a, i, all) => a !== '-d' && all[i - 1] !== '-d'),
      'hpj',
    );
    if (set.has('h')) {
      ctx.out('usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n');
      return 0;
    }
    const file = rest[0];
    const png = set.has('p') || (file?.endsWith('.png') ?? false);
    let bytes: Uint8Array;
    if (png) bytes = await dev.screencap();
    else {
      // Raw RGBA_8888: width, height, format (1) and dataspace as little-endian u32s, then pixels (API 28+).
      const { decodeRgba } = await import('../../../image/codec.js');
      const decoded = decodeRgba(await dev.screencap());
      const head = Buffer.alloc(16);
      head.writeUInt32LE(decoded.width, 0);
      head.writeUInt32LE(decoded.height, 4);
      head.writeUInt32LE(1, 8);
      head.writeUInt32LE(0, 12);
      bytes = Buffer.concat([head, decoded.data]);
    }
    if (file === undefined) {
      ctx.out(bytes);
      return 0;
    }
    const e = tryFs(() => dev.fs.writeFile(abs(ctx, file), bytes));
    if (e instanceof FsError) {
      ctx.err(`Error opening file: ${file} (${e.reason})\n`);
      return 1;
    }
    return 0;
  };
}
