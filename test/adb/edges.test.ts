// The small pieces under the ADB client, at their edges: device selection's errors (what each says and hints),
// the byte streams' misuse errors, the sync readers' complaints about a reply out of step, and the ready-made
// device services when the command runner or the file system says no.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isGlanceError, type GlanceError } from '../../src/errors.js';
import { resolveSerial, HINT_CHOOSE_DEVICE, HINT_NO_DEVICE, HINT_OFFLINE, HINT_UNAUTHORIZED } from '../../src/adb/select.js';
import { ChunkQueue, OutputLimit, StreamReader, createStreamPair } from '../../src/adb/stream.js';
import {
  S_IFLNK,
  SyncRequestDecoder,
  encodeDentV1,
  encodeListDone,
  encodeStatV1,
  encodeSyncRequest,
  isDirectory,
  readListing,
  readStatV1,
} from '../../src/adb/sync-protocol.js';
import { createSyncSession, makeStat, openShellService, type SyncFileSystem } from '../../src/adb/device-services.js';
import { ShellId, ShellPacketDecoder } from '../../src/adb/shell-protocol.js';
import type { ServiceIO } from '../../src/adb/services.js';
import type { DeviceInfo } from '../../src/adb/transport.js';

/** The error `f` throws, as plain data. */
function thrown(f: () => unknown): ReturnType<GlanceError['toJSON']> {
  try {
    f();
  } catch (e) {
    assert.ok(isGlanceError(e), String(e));
    return e.toJSON();
  }
  assert.fail('expected a GlanceError');
}

async function rejected(p: Promise<unknown>): Promise<ReturnType<GlanceError['toJSON']>> {
  try {
    await p;
  } catch (e) {
    assert.ok(isGlanceError(e), String(e));
    return e.toJSON();
  }
  assert.fail('expected a GlanceError');
}

/** A reader over fixed bytes. */
function readerOf(bytes: Uint8Array): StreamReader {
  const [a, b] = createStreamPair();
  void a.write(bytes);
  a.close();
  return new StreamReader(b);
}

describe('choosing the device', () => {
  const d = (serial: string, state: string): DeviceInfo => ({ serial, state });

  test('a device in a state other than "device" says which state, and what to do', () => {
    assert.deepEqual(
      thrown(() => resolveSerial([d('x', '')])),
      {
        code: 'ADB_OFFLINE',
        message: 'device x is offline',
        hint: HINT_OFFLINE,
        context: { serial: 'x', state: '' },
      },
    );
    assert.deepEqual(
      thrown(() => resolveSerial([d('x', 'bootloader')], 'x')),
      {
        code: 'ADB_OFFLINE',
        message: 'device x is bootloader',
        hint: HINT_OFFLINE,
        context: { serial: 'x', state: 'bootloader' },
      },
    );
    assert.deepEqual(
      thrown(() => resolveSerial([d('x', 'authorizing')])),
      {
        code: 'ADB_UNAUTHORIZED',
        message: 'device x is authorizing',
        hint: HINT_UNAUTHORIZED,
        context: { serial: 'x', state: 'authorizing' },
      },
    );
  });

  test('an unknown serial lists the connected ones, or says none is connected', () => {
    assert.deepEqual(
      thrown(() => resolveSerial([], 'abc')),
      {
        code: 'ADB_DEVICE_NOT_FOUND',
        message: "device 'abc' not found",
        hint: 'no device is connected; plug one in or `adb connect HOST:PORT`',
        context: { serial: 'abc' },
      },
    );
    assert.deepEqual(thrown(() => resolveSerial([d('a', 'device'), d('b', 'offline')], undefined, 'abc')).hint, 'connected: a, b');
  });

  test('several devices: all online ones are named; with none online, all of them', () => {
    assert.deepEqual(
      thrown(() => resolveSerial([d('a', 'device'), d('b', 'offline'), d('c', 'device')])),
      {
        code: 'ADB_MULTIPLE_DEVICES',
        message: 'more than one device/emulator (2)',
        hint: HINT_CHOOSE_DEVICE,
        next: { tool: 'device_list' },
        context: { serials: ['a', 'c'] },
      },
    );
    assert.deepEqual(
      thrown(() => resolveSerial([d('a', 'offline'), d('b', 'unauthorized')])),
      {
        code: 'ADB_MULTIPLE_DEVICES',
        message: 'more than one device/emulator (2), none online',
        hint: HINT_CHOOSE_DEVICE,
        next: { tool: 'device_list' },
        context: { serials: ['a', 'b'] },
      },
    );
    // One online among offline ones is the one.
    assert.equal(resolveSerial([d('a', 'offline'), d('b', 'device')]), 'b');
    assert.deepEqual(
      thrown(() => resolveSerial([])),
      { code: 'ADB_NO_DEVICE', message: 'no devices/emulators found', hint: HINT_NO_DEVICE },
    );
  });

  test('an empty -s or ANDROID_SERIAL counts as not given', () => {
    const list = [d('a', 'device')];
    assert.equal(resolveSerial(list, '', ''), 'a');
    assert.equal(resolveSerial([...list, d('b', 'device')], '', 'b'), 'b');
  });
});

describe('byte streams', () => {
  test('a queue reports its end; a second reader waiting at once is an INTERNAL error', async () => {
    const q = new ChunkQueue();
    assert.equal(q.isEnded, false);
    const first = q.read();
    assert.deepEqual(await rejected(q.read()), { code: 'INTERNAL', message: 'two concurrent readers on one stream' });
    q.push(Uint8Array.of(1));
    assert.deepEqual(await first, Uint8Array.of(1));
    q.end();
    assert.equal(q.isEnded, true);
    assert.equal(await q.read(), null);
  });

  test('writing to a closed in-memory pair is ADB_DEVICE_GONE, from either side', async () => {
    const [a, b] = createStreamPair();
    b.close();
    assert.deepEqual(await rejected(a.write(Uint8Array.of(1))), { code: 'ADB_DEVICE_GONE', message: 'in-memory stream closed' });
    assert.deepEqual(await rejected(b.write(Uint8Array.of(1))), { code: 'ADB_DEVICE_GONE', message: 'in-memory stream closed' });
  });

  test('a structure cut short says how many bytes it wanted, unless the caller names it', async () => {
    assert.deepEqual(await rejected(readerOf(Uint8Array.of(1, 2)).readExactly(4)), {
      code: 'ADB_DEVICE_GONE',
      message: 'stream ended while reading 4 bytes',
      hint: 'the device or adb server closed the connection; check `adb devices`',
    });
    assert.equal(
      (await rejected(readerOf(Uint8Array.of(1)).readExactly(8, 'sync status'))).message,
      'stream ended while reading sync status',
    );
  });

  test('the output limit counts across chunks and names the call and the limit', () => {
    const limit = new OutputLimit(10, 'exec cat');
    limit.add(6);
    limit.add(4);
    assert.deepEqual(
      thrown(() => limit.add(1)),
      {
        code: 'ADB_OUTPUT_TOO_LARGE',
        message: 'exec cat returned more than 10 bytes',
        hint: 'the command printed far more than expected; pass a larger maxOutputBytes if that much is real',
        context: { maxOutputBytes: 10 },
      },
    );
  });
});

describe('sync replies out of step', () => {
  const hint = 'the sync stream is out of step; reconnect and retry';

  test('a STAT reply with another id, a listing with a foreign record or an overlong name', async () => {
    const dent = encodeDentV1({ name: 'a', stat: { mode: 0o100644, size: 1, mtime: 1 } });
    assert.deepEqual(await rejected(readStatV1(readerOf(dent.subarray(0, 16)))), {
      code: 'ADB_PROTOCOL',
      message: 'expected STAT, got "DENT"',
      hint,
    });
    const stat = encodeStatV1({ mode: 1, size: 2, mtime: 3 });
    assert.deepEqual(await rejected(readListing(readerOf(Buffer.concat([stat, Buffer.alloc(4), encodeListDone(false)])), false)), {
      code: 'ADB_PROTOCOL',
      message: 'unexpected "STAT" in a listing',
      hint,
    });
    const long = Buffer.from(dent);
    long.writeUInt32LE(1025, 16);
    assert.deepEqual(await rejected(readListing(readerOf(long), false)), {
      code: 'ADB_PROTOCOL',
      message: 'listing name of 1025 bytes',
      hint,
    });
  });

  test('SEND without a ",MODE" suffix (or with one that is not a number) is a regular file 0644 at the whole path', () => {
    const send = (body: string): Buffer => {
      const b = encodeSyncRequest('STAT', body);
      b.write('SEND', 0, 'latin1');
      return b;
    };
    assert.deepEqual(new SyncRequestDecoder().push(Buffer.concat([send('/sdcard/x'), send('/sdcard/a,b'), send('/sdcard/y,33261')])), [
      { kind: 'SEND', path: '/sdcard/x', mode: 0o100644 },
      { kind: 'SEND', path: '/sdcard/a,b', mode: 0o100644 },
      { kind: 'SEND', path: '/sdcard/y', mode: 0o100755 },
    ]);
  });

  test('isDirectory looks at the file type bits only', () => {
    assert.equal(isDirectory(makeStat('dir', 0, 0)), true);
    assert.equal(isDirectory(makeStat('file', 0, 0, 0o777)), false);
    assert.equal(isDirectory({ mode: S_IFLNK | 0o777, size: 0, mtime: 0 }), false);
    assert.equal(isDirectory({ mode: 0o040000 | 0o100000, size: 0, mtime: 0 }), false, 'S_IFSOCK shares the directory bit');
  });
});

describe('ready-made device services', () => {
  /** A ServiceIO that keeps what the service writes and resolves when it closes. */
  function capture(): { io: ServiceIO; closed: Promise<Buffer> } {
    const parts: Uint8Array[] = [];
    let done!: (b: Buffer) => void;
    const closed = new Promise<Buffer>((r) => (done = r));
    return {
      io: {
        write: async (data) => void parts.push(Uint8Array.from(data)),
        close: () => done(Buffer.concat(parts)),
      },
      closed,
    };
  }

  const frames = (bytes: Buffer): Array<[number, string]> =>
    new ShellPacketDecoder().push(bytes).map((p) => [p.id, p.id === ShellId.exit ? String(p.data[0]) : Buffer.from(p.data).toString()]);

  test('a runner that throws answers like a failed command: its message on stderr, exit 1', async () => {
    for (const [thrownValue, text] of [
      [new Error('no such applet'), 'no such applet\n'],
      ['a plain string', 'a plain string\n'],
    ] as const) {
      const { io, closed } = capture();
      assert.ok(
        openShellService('shell,v2,raw:boom', io, () => {
          throw thrownValue;
        }),
      );
      assert.deepEqual(frames(await closed), [
        [ShellId.stderr, text],
        [ShellId.exit, '1'],
      ]);
    }
    const legacy = capture();
    openShellService('shell:boom', legacy.io, async () => Promise.reject(new Error('gone')));
    assert.equal((await legacy.closed).toString(), 'gone\n');
  });

  test('makeStat: directories 0755 and files 0644 unless told, with their type bits', () => {
    assert.deepEqual(makeStat('dir', 4096, 7), { mode: 0o040755, size: 4096, mtime: 7 });
    assert.deepEqual(makeStat('file', 3, 8), { mode: 0o100644, size: 3, mtime: 8 });
    assert.deepEqual(makeStat('file', 3, 8, 0o600), { mode: 0o100600, size: 3, mtime: 8 });
    assert.deepEqual(makeStat('dir', 0, 9, 0o700), { mode: 0o040700, size: 0, mtime: 9 });
  });

  test('LIST of a path that is not a directory is an empty listing', async () => {
    const fs: SyncFileSystem = {
      stat: () => undefined,
      list: (path) => (path === '/d' ? [{ name: 'f', stat: makeStat('file', 1, 1) }] : undefined),
      read: () => undefined,
      write: () => undefined,
    };
    const { io, closed } = capture();
    const session = createSyncSession(fs, io);
    session.input(Buffer.concat([encodeSyncRequest('LIST', '/not-a-dir'), encodeSyncRequest('LIST', '/d'), encodeSyncRequest('QUIT', '')]));
    const reply = await closed;
    const r = readerOf(reply);
    assert.deepEqual(await readListing(r, false), []);
    assert.deepEqual(await readListing(r, false), [{ name: 'f', stat: { mode: 0o100644, size: 1, mtime: 1 } }]);
  });
});
