import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isGlanceError } from '../../src/errors.js';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_WRTE,
  HEADER_SIZE,
  PacketDecoder,
  encodePacket,
  formatBanner,
  parseBanner,
  payloadChecksum,
} from '../../src/adb/packet.js';
import { bannerText } from '../../src/adb/device-endpoint.js';

describe('packet codec', () => {
  test('header layout is little-endian with magic = command ^ 0xffffffff', () => {
    const b = encodePacket({ command: A_WRTE, arg0: 7, arg1: 0x01020304, payload: Buffer.from('abc') }, true);
    assert.equal(b.length, HEADER_SIZE + 3);
    assert.equal(b.toString('latin1', 0, 4), 'WRTE');
    assert.equal(b.readUInt32LE(4), 7);
    assert.equal(b.readUInt32LE(8), 0x01020304);
    assert.equal(b.readUInt32LE(12), 3);
    assert.equal(b.readUInt32LE(16), 0x61 + 0x62 + 0x63);
    assert.equal(b.readUInt32LE(20), (A_WRTE ^ 0xffffffff) >>> 0);
    assert.equal(encodePacket({ command: A_OKAY, arg0: 1, arg1: 2, payload: new Uint8Array(0) }).readUInt32LE(16), 0);
  });

  test('decodes packets split at every byte boundary', () => {
    const packets = [
      { command: A_CNXN, arg0: 0x01000001, arg1: 262144, payload: Buffer.from('host::features=shell_v2') },
      { command: A_OKAY, arg0: 1, arg1: 2, payload: new Uint8Array(0) },
      { command: A_WRTE, arg0: 3, arg1: 4, payload: Buffer.alloc(1000, 0xab) },
    ];
    const wire = Buffer.concat(packets.map((p) => encodePacket(p, true)));
    for (const step of [1, 5, 23, 24, 25, 777, wire.length]) {
      const d = new PacketDecoder({ maxPayload: 4096, verifyChecksum: true });
      const got = [];
      for (let at = 0; at < wire.length; at += step) got.push(...d.push(wire.subarray(at, at + step)));
      assert.equal(got.length, 3, `step ${step}`);
      got.forEach((g, i) => {
        const want = packets[i]!;
        assert.equal(g.command, want.command);
        assert.equal(g.arg0, want.arg0);
        assert.equal(g.arg1, want.arg1);
        assert.deepEqual(Buffer.from(g.payload), Buffer.from(want.payload));
      });
      assert.equal(d.idle, true);
    }
  });

  test('rejects bad magic, unknown commands, oversized payloads and bad checksums with ADB_PROTOCOL', () => {
    const good = encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, payload: Buffer.from('xyz') }, true);
    const badMagic = Buffer.from(good);
    badMagic.writeUInt32LE(0, 20);
    const unknown = Buffer.from(good);
    unknown.write('ABCD', 0, 'latin1');
    const huge = encodePacket({ command: A_WRTE, arg0: 1, arg1: 1, payload: Buffer.alloc(5000) });
    const badSum = Buffer.from(good);
    badSum.writeUInt32LE(1, 16);
    for (const [name, bytes] of [
      ['magic', badMagic],
      ['unknown', unknown],
      ['huge', huge],
      ['checksum', badSum],
    ] as const) {
      const d = new PacketDecoder({ maxPayload: 4096, verifyChecksum: true });
      assert.throws(
        () => d.push(bytes),
        (e: unknown) => isGlanceError(e, 'ADB_PROTOCOL'),
        name,
      );
      // Poisoned: the stream cannot be re-framed.
      assert.throws(
        () => d.push(good),
        (e: unknown) => isGlanceError(e, 'ADB_PROTOCOL'),
        `${name} poisoned`,
      );
    }
  });

  test('checksum is ignored unless asked for (protocol version 0x01000001)', () => {
    const p = encodePacket({ command: A_CLSE, arg0: 1, arg1: 2, payload: Buffer.from('q') });
    assert.equal(new PacketDecoder({ maxPayload: 10 }).push(p).length, 1);
    assert.equal(payloadChecksum(Buffer.from([255, 255, 1])), 511);
  });

  test('banner round trip', () => {
    const text = bannerText({ product: 'p', model: 'Pixel_7', device: 'panther', features: ['shell_v2', 'cmd'] });
    assert.equal(text, 'device::ro.product.name=p;ro.product.model=Pixel_7;ro.product.device=panther;features=shell_v2,cmd');
    const parsed = parseBanner(`${text}\0`);
    assert.deepEqual(parsed, {
      systemType: 'device',
      serialno: '',
      props: { 'ro.product.name': 'p', 'ro.product.model': 'Pixel_7', 'ro.product.device': 'panther' },
      features: ['shell_v2', 'cmd'],
    });
    // The host's banner (no properties) goes through the same formatter.
    assert.equal(formatBanner('host', {}, ['shell_v2', 'ls_v2']), 'host::features=shell_v2,ls_v2');
    assert.deepEqual(parseBanner('host::features=shell_v2,ls_v2'), {
      systemType: 'host',
      serialno: '',
      props: {},
      features: ['shell_v2', 'ls_v2'],
    });
  });
});
