// The small pieces under the ADB client, at their edges: device selection's errors (what each says and hints),
// the byte streams' misuse errors, the sync readers' complaints about a reply out of step, and the ready-made
// device services when the command runner or the file system says no.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isGlanceError, type GlanceError } from '../../src/errors.js';
import { rejected as rejectedWith } from '../helpers/thrown.js';
import { resolveSerial, HINT_CHOOSE_DEVICE, HINT_NO_DEVICE, HINT_OFFLINE, HINT_UNAUTHORIZED } from '../../src/adb/select.js';
import { ChunkQueue, OutputLimit, StreamReader, createStreamPair } from '../../src/adb/stream.js';
import {
  S_IFLNK,
  SyncRequestDecoder,
  encodeDentV1,
  encodeListDone,
  encodeStatV1,
  encodeSyncData,
  encodeSyncDone,
  encodeSyncFail,
  encodeSyncOkay,
  encodeSyncRequest,
  isDirectory,
  readListing,
  readRecv,
  readStatV1,
  readSyncStatus,
} from '../../src/adb/sync-protocol.js';
import { PacketDecoder } from '../../src/adb/packet.js';
import { parseDeviceList } from '../../src/adb/transport.js';
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
  return (await rejectedWith(p)).toJSON();
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

describe('what the errors say', () => {
  test('the device-state hints, word for word (the CLI and MCP show them as they are)', () => {
    assert.equal(HINT_UNAUTHORIZED, 'accept the "Allow USB debugging?" prompt on the device, then retry');
    assert.equal(HINT_OFFLINE, 'reconnect the device (or `adb reconnect`) and wait until `adb devices` says "device"');
    assert.equal(HINT_CHOOSE_DEVICE, 'name one by its serial (or set ANDROID_SERIAL); the device list shows them');
    assert.equal(HINT_NO_DEVICE, 'connect a device with USB debugging on, start an emulator, or `adb connect HOST:PORT`');
  });

  test('transport, shell v2 and sync decoders name what they refused and hint at the cause', () => {
    assert.deepEqual(
      thrown(() => new PacketDecoder({ maxPayload: 4096 }).push(Buffer.from('GET / HTTP/1.0\r\n\r\n\0\0\0\0\0\0'))),
      {
        code: 'ADB_PROTOCOL',
        message: 'unknown ADB command 0x20544547',
        hint: 'the peer does not speak the ADB transport protocol (wrong port?)',
        context: { command: 0x20544547 },
      },
    );
    assert.deepEqual(
      thrown(() => new ShellPacketDecoder().push(Buffer.from([9, 1, 0, 0, 0, 0x41]))),
      { code: 'ADB_PROTOCOL', message: 'bad shell v2 packet (id 9, length 1)', hint: 'the stream does not carry the shell v2 protocol' },
    );
    const bad = Buffer.alloc(8);
    bad.write('NOPE', 'latin1');
    assert.deepEqual(
      thrown(() => new SyncRequestDecoder().push(bad)),
      {
        code: 'ADB_PROTOCOL',
        message: 'bad sync request "NOPE" (length 0)',
        hint: 'the sync stream is out of step; reconnect and retry',
      },
    );
    assert.throws(() => encodeSyncData(Buffer.alloc(64 * 1024 + 1)), { name: 'RangeError', message: 'sync DATA chunk over 65536 bytes' });
  });

  test('sync replies: FAIL text with its hint, foreign ids, and what was being read when the stream ended', async () => {
    const hint = 'the sync stream is out of step; reconnect and retry';
    assert.deepEqual(await rejected(readSyncStatus(readerOf(encodeSyncFail('Permission denied')))), {
      code: 'SYNC_FAILED',
      message: 'Permission denied',
      hint: 'check the device path and its permissions',
    });
    assert.deepEqual(await rejected(readSyncStatus(readerOf(encodeSyncDone(0)))), {
      code: 'ADB_PROTOCOL',
      message: 'expected OKAY or FAIL, got "DONE"',
      hint,
    });
    assert.deepEqual(await rejected(readRecv(readerOf(encodeSyncOkay()), () => undefined)), {
      code: 'ADB_PROTOCOL',
      message: 'unexpected "OKAY" in RECV reply',
      hint,
    });
    const ended = async (p: Promise<unknown>): Promise<string> => (await rejected(p)).message;
    const fail = encodeSyncFail('Permission denied');
    assert.deepEqual(
      [
        await ended(readSyncStatus(readerOf(fail.subarray(0, 10)))),
        await ended(readListing(readerOf(Buffer.from('DEN')), false)),
        await ended(readListing(readerOf(encodeListDone(false).subarray(0, 12)), false)),
        await ended(readRecv(readerOf(Buffer.from('DAT')), () => undefined)),
        await ended(readRecv(readerOf(encodeSyncData(Buffer.from('abcdef')).subarray(0, 10)), () => undefined)),
      ],
      [
        'stream ended while reading sync FAIL message',
        'stream ended while reading listing entry',
        'stream ended while reading listing entry',
        'stream ended while reading RECV reply',
        'stream ended while reading RECV data',
      ],
    );
  });

  test('`adb devices` output: the "List of devices attached" heading and daemon lines are not devices', () => {
    const text =
      '* daemon not running; starting now at tcp:5037\n* daemon started successfully\nList of devices attached\nemulator-5554\tdevice\n\n';
    assert.deepEqual(parseDeviceList(text), [{ serial: 'emulator-5554', state: 'device' }]);
  });

  test('devices-l lines from older or odd servers: CRLF, blank lines, no transport_id, a transport_id that is not a number', () => {
    const text = [
      'emulator-5554          device product:sdk model:m device:d transport_id:12\r',
      'R58M123ABC             unauthorized usb:1-1',
      '   ',
      '0123\tdevice transport_id:x5',
      '0124 device transport_id:5x',
      '0125 offline usb:3',
    ].join('\n');
    assert.deepEqual(parseDeviceList(text), [
      { serial: 'emulator-5554', state: 'device', product: 'sdk', model: 'm', device: 'd', transportId: 12 },
      { serial: 'R58M123ABC', state: 'unauthorized' },
      { serial: '0123', state: 'device' },
      { serial: '0124', state: 'device' },
      { serial: '0125', state: 'offline' },
    ]);
  });
});
