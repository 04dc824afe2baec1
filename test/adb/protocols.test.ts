import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isGlanceError } from '../../src/errors.js';
import { ShellId, ShellPacketDecoder, encodeShellExit, encodeShellPacket, parseShellServiceName } from '../../src/adb/shell-protocol.js';
import {
  SYNC_DATA_MAX,
  SyncRequestDecoder,
  encodeDentV1,
  encodeDentV2,
  encodeListDone,
  encodeStatV1,
  encodeStatV2,
  encodeSyncData,
  encodeSyncDataChunks,
  encodeSyncDone,
  encodeSyncFail,
  encodeSyncRequest,
  encodeSyncSend,
  readListing,
  readRecv,
  readStatV1,
  readStatV2,
  readSyncStatus,
} from '../../src/adb/sync-protocol.js';
import { StreamReader, createStreamPair } from '../../src/adb/stream.js';
import { parseDeviceList } from '../../src/adb/transport.js';
import { resolveSerial } from '../../src/adb/select.js';
import { mapServerFailure } from '../../src/adb/server-transport.js';
import { decodeAdbPublicKey, encodeAdbPublicKey, signAuthToken, verifyAuthSignature } from '../../src/adb/auth.js';
import { adbPath, requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

/** A reader over fixed bytes, delivered in small chunks. */
function readerOf(bytes: Uint8Array, chunk = 7): StreamReader {
  const [a, b] = createStreamPair();
  for (let at = 0; at < bytes.length; at += chunk) a.write(bytes.subarray(at, at + chunk));
  a.close();
  return new StreamReader(b);
}

describe('shell v2', () => {
  test('packets round trip through the streaming decoder', () => {
    const wire = Buffer.concat([
      encodeShellPacket(ShellId.stdout, Buffer.from('out')),
      encodeShellPacket(ShellId.stderr, Buffer.from('err')),
      encodeShellExit(42),
    ]);
    assert.deepEqual([...wire.subarray(0, 5)], [1, 3, 0, 0, 0]);
    const d = new ShellPacketDecoder();
    const got = [...wire].flatMap((b) => d.push(Uint8Array.of(b)));
    assert.deepEqual(
      got.map((p) => [p.id, Buffer.from(p.data).toString('latin1')]),
      [
        [1, 'out'],
        [2, 'err'],
        [3, '*'],
      ],
    );
  });

  test('a large packet split at every odd boundary comes out whole, byte for byte', () => {
    const big = Buffer.alloc(300_000);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7) & 0xff;
    const wire = Buffer.concat([
      encodeShellPacket(ShellId.stdout, big),
      encodeShellPacket(ShellId.stdout, Buffer.from('x')),
      encodeShellExit(0),
    ]);
    for (const step of [1_000, 4_099, 65_536, wire.length]) {
      const d = new ShellPacketDecoder();
      const got = [];
      for (let at = 0; at < wire.length; at += step) got.push(...d.push(wire.subarray(at, at + step)));
      assert.equal(got.length, 3, `step ${step}`);
      assert.ok(Buffer.from(got[0]!.data).equals(big), `step ${step}`);
      assert.equal(Buffer.from(got[1]!.data).toString(), 'x');
      assert.deepEqual([got[2]!.id, got[2]!.data[0]], [ShellId.exit, 0]);
      assert.ok(d.idle);
    }
  });

  test('unknown ids are ADB_PROTOCOL', () => {
    assert.throws(
      () => new ShellPacketDecoder().push(Uint8Array.of(9, 0, 0, 0, 0)),
      (e) => isGlanceError(e, 'ADB_PROTOCOL'),
    );
  });

  test('service names', () => {
    assert.deepEqual(parseShellServiceName('shell,v2,TERM=xterm,raw:ls -l /'), {
      kind: 'shell-v2',
      mode: 'raw',
      term: 'xterm',
      command: 'ls -l /',
    });
    assert.deepEqual(parseShellServiceName('shell:echo a:b'), { kind: 'shell', mode: undefined, term: undefined, command: 'echo a:b' });
    assert.deepEqual(parseShellServiceName("exec:cat 'x'"), { kind: 'exec', mode: 'raw', term: undefined, command: "cat 'x'" });
    assert.equal(parseShellServiceName('sync:'), undefined);
  });
});

describe('sync protocol', () => {
  test('listing DONE is exactly 20 (v1) / 76 (v2) bytes; entries parse back', async () => {
    assert.equal(encodeListDone(false).length, 20);
    assert.equal(encodeListDone(true).length, 76);
    assert.equal(encodeStatV2('STA2', undefined).length, 72);
    const st = { mode: 0o100644, size: 5_000_000_000, mtime: 1_700_000_001, uid: 2000, gid: 2000 };
    const v2 = await readListing(readerOf(Buffer.concat([encodeDentV2({ name: 'a.txt', stat: st }), encodeListDone(true)])), true);
    assert.equal(v2.length, 1);
    assert.equal(v2[0]!.name, 'a.txt');
    assert.equal(v2[0]!.stat.size, 5_000_000_000);
    assert.equal(v2[0]!.stat.uid, 2000);
    const v1 = await readListing(
      readerOf(Buffer.concat([encodeDentV1({ name: 'b', stat: { mode: 0o40755, size: 4096, mtime: 3 } }), encodeListDone(false)])),
      false,
    );
    assert.deepEqual(v1, [{ name: 'b', stat: { mode: 0o40755, size: 4096, mtime: 3 } }]);
  });

  test('stat records', async () => {
    assert.deepEqual(await readStatV1(readerOf(encodeStatV1({ mode: 1, size: 2, mtime: 3 }))), { mode: 1, size: 2, mtime: 3 });
    const missing = await readStatV2(readerOf(encodeStatV2('STA2', undefined)), 'STA2');
    assert.equal(missing.error, 2);
    const found = await readStatV2(readerOf(encodeStatV2('LST2', { mode: 0o100600, size: 9, mtime: 8 })), 'LST2');
    assert.equal(found.error, 0);
    assert.equal(found.mode, 0o100600);
    assert.equal(found.size, 9);
  });

  test('DATA chunks never exceed 64 KiB; RECV and status replies', async () => {
    const data = randomBytes(3 * SYNC_DATA_MAX + 17);
    const chunks = encodeSyncDataChunks(data);
    assert.equal(chunks.length, 4);
    for (const c of chunks) assert.ok(c.readUInt32LE(4) <= SYNC_DATA_MAX);
    assert.throws(() => encodeSyncData(Buffer.alloc(SYNC_DATA_MAX + 1)), RangeError);
    const parts: Uint8Array[] = [];
    await readRecv(readerOf(Buffer.concat([...chunks, encodeSyncDone()]), 1000), (c) => parts.push(c));
    assert.ok(Buffer.concat(parts).equals(data));
    await assert.rejects(
      readSyncStatus(readerOf(encodeSyncFail('Read-only file system'))),
      (e: unknown) => isGlanceError(e, 'SYNC_FAILED') && e.message === 'Read-only file system',
    );
  });

  test('device-side request decoder', () => {
    const wire = Buffer.concat([
      encodeSyncRequest('STA2', '/sdcard'),
      encodeSyncSend('/sdcard/a,b.txt', 0o100644),
      ...encodeSyncDataChunks(Buffer.alloc(70_000, 1)),
      encodeSyncDone(1234),
      encodeSyncRequest('QUIT', ''),
    ]);
    const d = new SyncRequestDecoder();
    const got = [];
    for (let at = 0; at < wire.length; at += 999) got.push(...d.push(wire.subarray(at, at + 999)));
    assert.deepEqual(
      got.map((r) => (r.kind === 'DATA' ? `DATA ${r.data.length}` : JSON.stringify(r))),
      [
        JSON.stringify({ kind: 'STA2', path: '/sdcard' }),
        JSON.stringify({ kind: 'SEND', path: '/sdcard/a,b.txt', mode: 0o100644 }),
        `DATA ${SYNC_DATA_MAX}`,
        `DATA ${70_000 - SYNC_DATA_MAX}`,
        JSON.stringify({ kind: 'DONE', mtime: 1234 }),
        JSON.stringify({ kind: 'QUIT', path: '' }),
      ],
    );
    const big = Buffer.alloc(8);
    big.write('DATA', 'latin1');
    big.writeUInt32LE(SYNC_DATA_MAX + 1, 4);
    assert.throws(
      () => new SyncRequestDecoder().push(big),
      (e) => isGlanceError(e, 'ADB_PROTOCOL'),
    );
  });
});

describe('device list and selection', () => {
  const text = [
    '127.0.0.1:5555         device product:sdk_gphone64 model:sdk_gphone64_x86_64 device:emu64x transport_id:3',
    'R58M123ABC             unauthorized usb:1-1 transport_id:4',
    '0123456789ABCDEF       no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html] usb:1-2 transport_id:5',
    'emulator-5554          offline transport_id:6',
    '',
  ].join('\n');

  test('parses devices-l lines, including states with spaces', () => {
    assert.deepEqual(parseDeviceList(text), [
      {
        serial: '127.0.0.1:5555',
        state: 'device',
        product: 'sdk_gphone64',
        model: 'sdk_gphone64_x86_64',
        device: 'emu64x',
        transportId: 3,
      },
      { serial: 'R58M123ABC', state: 'unauthorized', transportId: 4 },
      {
        serial: '0123456789ABCDEF',
        state: 'no permissions (user in plugdev group; are your udev rules wrong?); see [http://developer.android.com/tools/device.html]',
        transportId: 5,
      },
      { serial: 'emulator-5554', state: 'offline', transportId: 6 },
    ]);
  });

  test('resolveSerial', () => {
    const list = parseDeviceList(text);
    assert.equal(resolveSerial(list), '127.0.0.1:5555');
    assert.equal(resolveSerial(list, undefined, '127.0.0.1:5555'), '127.0.0.1:5555');
    const code = (f: () => unknown): string | undefined => {
      try {
        f();
        return undefined;
      } catch (e) {
        return isGlanceError(e) ? e.code : 'not a GlanceError';
      }
    };
    assert.equal(
      code(() => resolveSerial([])),
      'ADB_NO_DEVICE',
    );
    assert.equal(
      code(() => resolveSerial(list, 'nope')),
      'ADB_DEVICE_NOT_FOUND',
    );
    assert.equal(
      code(() => resolveSerial(list, 'R58M123ABC')),
      'ADB_UNAUTHORIZED',
    );
    assert.equal(
      code(() => resolveSerial(list, 'emulator-5554')),
      'ADB_OFFLINE',
    );
    assert.equal(
      code(() => resolveSerial(list, 'R58M123ABC', '127.0.0.1:5555')),
      'ADB_UNAUTHORIZED',
    ); // -s wins over env
    const two = [
      { serial: 'a', state: 'device' },
      { serial: 'b', state: 'device' },
    ];
    assert.equal(
      code(() => resolveSerial(two)),
      'ADB_MULTIPLE_DEVICES',
    );
    assert.equal(resolveSerial(two, undefined, 'b'), 'b');
    assert.equal(
      code(() => resolveSerial([{ serial: 'x', state: 'unauthorized' }])),
      'ADB_UNAUTHORIZED',
    );
  });

  test('server FAIL texts map to codes', () => {
    const cases: Array<[string, string]> = [
      ["device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set", 'ADB_UNAUTHORIZED'],
      ['device offline', 'ADB_OFFLINE'],
      ['more than one device/emulator', 'ADB_MULTIPLE_DEVICES'],
      ["device 'abc' not found", 'ADB_DEVICE_NOT_FOUND'],
      ['no devices/emulators found', 'ADB_NO_DEVICE'],
      ['closed', 'ADB_COMMAND_FAILED'],
    ];
    for (const [text, want] of cases) assert.equal(mapServerFailure(text).code, want, text);
  });
});

describe('RSA auth', () => {
  test('our adb public key encoding matches the one adb keygen writes', { skip: requires({ adb: true }) }, () => {
    const dir = tempDir('glance-adbkey-');
    try {
      execFileSync(adbPath(), ['keygen', join(dir, 'adbkey')], { stdio: 'ignore', timeout: 20_000 });
      const pem = readFileSync(join(dir, 'adbkey'), 'utf8');
      assert.match(pem, /BEGIN PRIVATE KEY/);
      const theirs = readFileSync(join(dir, 'adbkey.pub'), 'utf8').trim().split(/\s+/)[0];
      const ours = encodeAdbPublicKey(pem).split(' ')[0];
      assert.equal(ours, theirs);
      const token = randomBytes(20);
      assert.equal(verifyAuthSignature(readFileSync(join(dir, 'adbkey.pub'), 'utf8'), token, signAuthToken(pem, token)), true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('signatures verify only with the matching key and token', () => {
    const a = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
    const b = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 65537 });
    const token = randomBytes(20);
    const sig = signAuthToken(a.privateKey, token);
    assert.equal(verifyAuthSignature(encodeAdbPublicKey(a.publicKey), token, sig), true);
    assert.equal(verifyAuthSignature(encodeAdbPublicKey(b.publicKey), token, sig), false);
    assert.equal(verifyAuthSignature(encodeAdbPublicKey(a.publicKey), randomBytes(20), sig), false);
    assert.equal(decodeAdbPublicKey('not a key'), undefined);
    const decoded = decodeAdbPublicKey(encodeAdbPublicKey(a.publicKey));
    assert.ok(decoded);
    assert.equal(decoded.export({ format: 'pem', type: 'spki' }), a.publicKey.export({ format: 'pem', type: 'spki' }));
  });
});
