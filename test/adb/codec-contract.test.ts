// The two wire codecs from their specification (AOSP protocol.txt / adb.h for transport packets,
// shell_protocol.h for shell v2, SERVICES.TXT for service names): exact bytes out, exact limits in, the text of
// each protocol error, and the banner and service-name grammars including their odd corners.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isGlanceError } from '../../src/errors.js';
import { thrown } from '../helpers/thrown.js';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_STLS,
  A_SYNC,
  A_WRTE,
  HEADER_SIZE,
  MAX_PAYLOAD_V1,
  PacketDecoder,
  commandName,
  encodePacket,
  parseBanner,
} from '../../src/adb/packet.js';
import {
  SHELL_MAX_PACKET,
  ShellId,
  ShellPacketDecoder,
  encodeShellExit,
  encodeShellPacket,
  parseShellServiceName,
} from '../../src/adb/shell-protocol.js';

const header = (o: { command: number; arg0?: number; arg1?: number; length: number; checksum?: number; magic?: number }): Buffer => {
  const b = Buffer.alloc(HEADER_SIZE);
  b.writeUInt32LE(o.command >>> 0, 0);
  b.writeUInt32LE(o.arg0 ?? 0, 4);
  b.writeUInt32LE(o.arg1 ?? 0, 8);
  b.writeUInt32LE(o.length, 12);
  b.writeUInt32LE(o.checksum ?? 0, 16);
  b.writeUInt32LE(o.magic ?? (o.command ^ 0xffffffff) >>> 0, 20);
  return b;
};

describe('transport packets', () => {
  test('command names are the four ASCII letters; others print as 8 hex digits', () => {
    const names = [A_SYNC, A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_CLSE, A_WRTE, A_STLS].map(commandName);
    assert.deepEqual(names, ['SYNC', 'CNXN', 'AUTH', 'OPEN', 'OKAY', 'CLSE', 'WRTE', 'STLS']);
    for (const c of [A_SYNC, A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_CLSE, A_WRTE, A_STLS]) {
      const b = Buffer.alloc(4);
      b.writeUInt32LE(c, 0);
      assert.equal(b.toString('latin1'), commandName(c));
    }
    assert.equal(commandName(1), '0x00000001');
    assert.equal(commandName(0xdeadbeef), '0xdeadbeef');
    assert.equal(commandName(-1), '0xffffffff');
  });

  test('the v1 maximum payload is 4 KiB (adb.h MAX_PAYLOAD_V1)', () => assert.equal(MAX_PAYLOAD_V1, 4096));

  test('encode: arguments are unsigned 32-bit, the payload follows the header, the checksum only when asked', () => {
    const payload = Buffer.from([1, 2, 250]);
    const b = encodePacket({ command: A_WRTE, arg0: -1, arg1: 2 ** 32 + 5, payload }, true);
    assert.equal(b.readUInt32LE(4), 0xffffffff);
    assert.equal(b.readUInt32LE(8), 5);
    assert.equal(b.readUInt32LE(16), 253);
    assert.deepEqual([...b.subarray(HEADER_SIZE)], [1, 2, 250]);
    assert.equal(encodePacket({ command: A_WRTE, arg0: 0, arg1: 0, payload }).readUInt32LE(16), 0);
    assert.equal(encodePacket({ command: A_WRTE, arg0: 0, arg1: 0, payload }, false).readUInt32LE(16), 0);
  });

  test('a payload of exactly maxPayload is accepted; one byte more is ADB_PROTOCOL naming both sizes', () => {
    const d = new PacketDecoder({ maxPayload: 8 });
    const got = d.push(Buffer.concat([header({ command: A_WRTE, arg0: 1, arg1: 2, length: 8 }), Buffer.alloc(8, 7)]));
    assert.deepEqual(
      got.map((p) => [commandName(p.command), p.arg0, p.arg1, [...p.payload]]),
      [['WRTE', 1, 2, [7, 7, 7, 7, 7, 7, 7, 7]]],
    );
    const e = thrown(() => new PacketDecoder({ maxPayload: 8 }).push(header({ command: A_WRTE, length: 9 })));
    assert.equal(e.code, 'ADB_PROTOCOL');
    assert.equal(e.message, 'WRTE payload of 9 bytes exceeds 8');
    assert.deepEqual(e.context, { command: A_WRTE, length: 9, maxPayload: 8 });
    assert.match(e.hint ?? '', /ADB transport protocol/);
    // the limit can be raised after CNXN, as the peer's announced maximum becomes known
    const raised = new PacketDecoder({ maxPayload: 8 });
    raised.maxPayload = 16;
    assert.equal(raised.push(Buffer.concat([header({ command: A_WRTE, length: 9 }), Buffer.alloc(9)])).length, 1);
  });

  test('each malformed header names what is wrong', () => {
    assert.equal(
      thrown(() => new PacketDecoder({ maxPayload: 8 }).push(header({ command: 0x41424344, length: 0 }))).message,
      'unknown ADB command 0x41424344',
    );
    const magic = thrown(() => new PacketDecoder({ maxPayload: 8 }).push(header({ command: A_OKAY, length: 0, magic: A_OKAY })));
    assert.equal(magic.message, 'bad magic on OKAY packet');
    assert.deepEqual(magic.context, { command: A_OKAY, magic: A_OKAY });
    const sum = thrown(() =>
      new PacketDecoder({ maxPayload: 8, verifyChecksum: true }).push(
        Buffer.concat([header({ command: A_WRTE, length: 2, checksum: 9 }), Buffer.from([1, 2])]),
      ),
    );
    assert.equal(sum.message, 'checksum mismatch on WRTE packet');
    assert.deepEqual(sum.context, { command: A_WRTE });
    assert.equal(isGlanceError(sum, 'ADB_PROTOCOL'), true);
  });

  test('checksums: a right one passes, CNXN is never checked (the version inside decides), and checking can start later', () => {
    const body = Buffer.from([1, 2]);
    const right = Buffer.concat([header({ command: A_WRTE, length: 2, checksum: 3 }), body]);
    assert.equal(new PacketDecoder({ maxPayload: 8, verifyChecksum: true }).push(right).length, 1);
    const cnxn = Buffer.concat([header({ command: A_CNXN, length: 2, checksum: 12345 }), body]);
    assert.equal(new PacketDecoder({ maxPayload: 8, verifyChecksum: true }).push(cnxn).length, 1);
    const d = new PacketDecoder({ maxPayload: 8 });
    const wrong = Buffer.concat([header({ command: A_WRTE, length: 2, checksum: 4 }), body]);
    assert.equal(d.push(wrong).length, 1);
    d.verifyChecksum = true;
    assert.throws(() => d.push(wrong), /checksum mismatch/);
  });

  test('idle only between packets; empty payloads complete with their header', () => {
    const d = new PacketDecoder({ maxPayload: 8 });
    assert.equal(d.idle, true);
    const okay = header({ command: A_OKAY, arg0: 3, arg1: 4, length: 0 });
    const wrte = Buffer.concat([header({ command: A_WRTE, length: 3 }), Buffer.from('abc')]);
    assert.deepEqual(d.push(okay.subarray(0, 23)), []);
    assert.equal(d.idle, false);
    const got = d.push(Buffer.concat([okay.subarray(23), okay, wrte.subarray(0, 25)]));
    assert.deepEqual(
      got.map((p) => [commandName(p.command), p.arg0, p.payload.length]),
      [
        ['OKAY', 3, 0],
        ['OKAY', 3, 0],
      ],
    );
    assert.equal(d.idle, false, 'inside a payload');
    assert.deepEqual(
      d.push(wrte.subarray(25)).map((p) => Buffer.from(p.payload).toString()),
      ['abc'],
    );
    assert.equal(d.idle, true);
    assert.deepEqual(d.push(new Uint8Array(0)), []);
  });
});

describe('CNXN banner', () => {
  test('TYPE:SERIAL:key=value;…: the serial between the colons, trailing NULs dropped, values may hold "="', () => {
    assert.deepEqual(parseBanner('device:emu-5554:ro.product.model=A=B;features=shell_v2,,cmd;\0\0'), {
      systemType: 'device',
      serialno: 'emu-5554',
      props: { 'ro.product.model': 'A=B' },
      features: ['shell_v2', 'cmd'],
    });
  });

  test('only trailing NULs go; an empty type or serial is kept as empty', () => {
    assert.deepEqual(parseBanner('device::features=a,b\0\0').features, ['a', 'b']);
    assert.deepEqual(parseBanner('::features=x'), { systemType: '', serialno: '', props: {}, features: ['x'] });
    assert.deepEqual(parseBanner('host=x;ab=c'), { systemType: 'host=x;ab=c', serialno: '', props: {}, features: [] });
  });

  test('missing parts come back empty; pieces without a key are skipped', () => {
    assert.deepEqual(parseBanner('bootloader'), { systemType: 'bootloader', serialno: '', props: {}, features: [] });
    assert.deepEqual(parseBanner('host:abc'), { systemType: 'host', serialno: '', props: {}, features: [] });
    assert.deepEqual(parseBanner('device::=x;novalue;k=;features='), {
      systemType: 'device',
      serialno: '',
      props: { k: '' },
      features: [],
    });
  });
});

describe('shell v2 packets', () => {
  test('[id][u32 LE length][data]; the exit status is the low byte', () => {
    assert.deepEqual([...encodeShellPacket(ShellId.stdout, Buffer.from('hi'))], [1, 2, 0, 0, 0, 0x68, 0x69]);
    assert.deepEqual([...encodeShellPacket(ShellId.closeStdin)], [4, 0, 0, 0, 0]);
    assert.deepEqual([...encodeShellExit(130)], [3, 1, 0, 0, 0, 130]);
    assert.deepEqual([...encodeShellExit(256 + 7)], [3, 1, 0, 0, 0, 7]);
    assert.deepEqual([...encodeShellExit(-1)], [3, 1, 0, 0, 0, 255]);
  });

  test('ids 0–5 decode, empty packets too; id 6 is ADB_PROTOCOL naming id and length, and poisons the decoder', () => {
    const d = new ShellPacketDecoder();
    const wire = Buffer.concat([0, 1, 2, 3, 4, 5].map((id) => encodeShellPacket(id as 0, id === 1 ? Buffer.from('x') : new Uint8Array(0))));
    assert.deepEqual(
      d.push(wire).map((p) => [p.id, p.data.length]),
      [
        [0, 0],
        [1, 1],
        [2, 0],
        [3, 0],
        [4, 0],
        [5, 0],
      ],
    );
    const bad = Buffer.from([6, 0, 0, 0, 0]);
    const e = thrown(() => d.push(bad));
    assert.equal(e.code, 'ADB_PROTOCOL');
    assert.equal(e.message, 'bad shell v2 packet (id 6, length 0)');
    assert.match(e.hint ?? '', /shell v2/);
    assert.equal(
      thrown(() => d.push(encodeShellExit(0))),
      e,
    );
  });

  test('a length up to the bound is awaited; beyond it is refused at once', () => {
    const at = Buffer.alloc(5);
    at.writeUInt8(ShellId.stdout, 0);
    at.writeUInt32LE(SHELL_MAX_PACKET, 1);
    const d = new ShellPacketDecoder();
    assert.deepEqual(d.push(at), []);
    assert.equal(d.idle, false);
    const over = Buffer.from(at);
    over.writeUInt32LE(SHELL_MAX_PACKET + 1, 1);
    assert.equal(thrown(() => new ShellPacketDecoder().push(over)).message, `bad shell v2 packet (id 1, length ${SHELL_MAX_PACKET + 1})`);
  });

  test('packets cut anywhere, and several in one chunk, come out whole and in order', () => {
    const packets = [
      encodeShellPacket(ShellId.stdout, Buffer.from('hello')),
      encodeShellPacket(ShellId.stderr, Buffer.from('oops!')),
      encodeShellExit(2),
    ];
    const wire = Buffer.concat(packets);
    for (let cut1 = 0; cut1 <= wire.length; cut1++) {
      for (const cut2 of [cut1, Math.min(wire.length, cut1 + 3), wire.length]) {
        const d = new ShellPacketDecoder();
        const got = [...d.push(wire.subarray(0, cut1)), ...d.push(wire.subarray(cut1, cut2)), ...d.push(wire.subarray(cut2))];
        assert.deepEqual(
          got.map((p) => [p.id, Buffer.from(p.data).toString('latin1')]),
          [
            [1, 'hello'],
            [2, 'oops!'],
            [3, '\x02'],
          ],
          `cuts ${cut1}, ${cut2}`,
        );
        assert.equal(d.idle, true);
      }
    }
  });

  test('idle: false with part of a header or of a body buffered', () => {
    const d = new ShellPacketDecoder();
    assert.equal(d.idle, true);
    d.push(Buffer.from([1, 3]));
    assert.equal(d.idle, false);
    d.push(Buffer.from([0, 0, 0, 0x61]));
    assert.equal(d.idle, false);
    assert.deepEqual(
      d.push(Buffer.from('bc')).map((p) => Buffer.from(p.data).toString()),
      ['abc'],
    );
    assert.equal(d.idle, true);
  });
});

describe('shell service names', () => {
  test('exec:, legacy shell:, and shell,v2 with TERM and raw/pty in any order', () => {
    assert.deepEqual(parseShellServiceName('exec:cat /x'), { kind: 'exec', mode: 'raw', term: undefined, command: 'cat /x' });
    assert.deepEqual(parseShellServiceName('shell:ls'), { kind: 'shell', mode: undefined, term: undefined, command: 'ls' });
    assert.deepEqual(parseShellServiceName('shell,v2,TERM=xterm-256color,raw:ls -l'), {
      kind: 'shell-v2',
      mode: 'raw',
      term: 'xterm-256color',
      command: 'ls -l',
    });
    assert.deepEqual(parseShellServiceName('shell,pty,v2:echo a:b'), {
      kind: 'shell-v2',
      mode: 'pty',
      term: undefined,
      command: 'echo a:b',
    });
    assert.deepEqual(parseShellServiceName('shell,future,raw:'), { kind: 'shell', mode: 'raw', term: undefined, command: '' });
  });

  test('other services are not shell services', () => {
    for (const s of ['sync:', 'shell', 'shellx:ls', 'reboot:', 'v2,shell:ls', 'execx:ls'])
      assert.equal(parseShellServiceName(s), undefined, s);
  });
});
