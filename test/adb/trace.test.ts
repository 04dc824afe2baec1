// GLANCE_DEBUG=adb, in process: the packet trace around a transport stream (one line per packet each way, the
// bytes passed on untouched) and the adb server client's request/reply lines.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, encodePacket, type AdbPacket } from '../../src/adb/packet.js';
import { createStreamPair } from '../../src/adb/stream.js';
import { describePacket, tracePackets } from '../../src/adb/trace.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { requires } from '../helpers/requires.js';
import { AdbHarness } from './adb-harness.js';
import { captureAdbTrace } from './trace-capture.js';

const packet = (command: number, arg0: number, arg1: number, payload = ''): Buffer =>
  encodePacket({ command, arg0, arg1, payload: Buffer.from(payload, 'latin1') });

/** Reads `n` bytes from a stream (chunks as they come). */
async function readBytes(read: () => Promise<Uint8Array | null>, n: number): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  let got = 0;
  while (got < n) {
    const c = await read();
    if (c === null) break;
    parts.push(c);
    got += c.length;
  }
  return Buffer.concat(parts);
}

describe('packet trace', () => {
  test('with GLANCE_DEBUG off the stream is handed back as it is', () => {
    const saved = process.env.GLANCE_DEBUG;
    delete process.env.GLANCE_DEBUG;
    try {
      const [a] = createStreamPair();
      assert.equal(tracePackets(a, 'host'), a);
    } finally {
      if (saved !== undefined) process.env.GLANCE_DEBUG = saved;
    }
  });

  test('one line per packet each way: who, arrow, command, unsigned args, length, payload preview', async () => {
    const [ours, peer] = createStreamPair();
    let received: Uint8Array[] = [];
    const sent = Buffer.concat([packet(A_CNXN, 0x01000001, 1024 * 1024, 'host::\0'), packet(A_OPEN, 1, 0, 'shell:ls\0')]);
    const lines = await captureAdbTrace(async () => {
      const traced = tracePackets(ours, 'host');
      // Two packets in one write, then one packet cut in two writes: each is one line once whole.
      await traced.write(sent);
      const okay = packet(A_OKAY, 7, -1);
      await traced.write(okay.subarray(0, 10));
      await traced.write(okay.subarray(10));
      // The reading direction, also cut mid-header.
      const wrte = packet(A_WRTE, 7, 1, 'hi\n');
      await peer.write(wrte.subarray(0, 5));
      await peer.write(wrte.subarray(5));
      received = [await readBytes(() => traced.read(), 5), await readBytes(() => traced.read(), wrte.length - 5)];
    });
    assert.deepEqual(lines, [
      'host > CNXN 16777217 1048576 7 B "host::\\0"',
      'host > OPEN 1 0 9 B "shell:ls\\0"',
      'host > OKAY 7 4294967295 0 B',
      'host < WRTE 7 1 3 B "hi\\n"',
    ]);
    // The bytes themselves pass through untouched, both ways.
    const onWire = await readBytes(() => peer.read(), sent.length + 24);
    assert.ok(onWire.subarray(0, sent.length).equals(sent));
    assert.ok(Buffer.concat(received).equals(packet(A_WRTE, 7, 1, 'hi\n')));
  });

  test('payloads far above the negotiated sizes are traced (1 MiB), up to 16 MiB announced', async () => {
    const [ours, peer] = createStreamPair();
    const big = Buffer.alloc(1024 * 1024, 0x61);
    const lines = await captureAdbTrace(async () => {
      const traced = tracePackets(ours, 'device');
      await traced.write(encodePacket({ command: A_WRTE, arg0: 1, arg1: 2, payload: big }));
      // A header announcing one byte over 16 MiB: the trace gives up on this direction, the bytes still go out.
      const header = packet(A_WRTE, 1, 2);
      header.writeUInt32LE(16 * 1024 * 1024 + 1, 12);
      await traced.write(header);
      // The same announcement coming the other way.
      await peer.write(header);
      await traced.read();
    });
    assert.equal(lines.length, 3, lines.join('\n'));
    assert.equal(lines[0], `device > WRTE 1 2 1048576 B "${'a'.repeat(48)}"…(+1048528 B)`);
    assert.equal(lines[1], 'device > undecodable bytes, tracing of this direction stops: WRTE payload of 16777217 bytes exceeds 16777216');
    assert.equal(lines[2], 'device < undecodable bytes, tracing of this direction stops: WRTE payload of 16777217 bytes exceeds 16777216');
    assert.equal((await readBytes(() => peer.read(), big.length + 48)).length, big.length + 48);
  });

  test('undecodable bytes stop the trace of that direction only; the stream goes on', async () => {
    const [ours, peer] = createStreamPair();
    let echoed: Buffer = Buffer.alloc(0);
    const lines = await captureAdbTrace(async () => {
      const traced = tracePackets(ours, 'host');
      await traced.write(Buffer.from('GET / HTTP/1.0\r\n\r\n'));
      await traced.write(packet(A_OKAY, 1, 2));
      await traced.write(packet(A_OKAY, 1, 2));
      await peer.write(packet(A_CLSE, 2, 1));
      echoed = await readBytes(() => traced.read(), 24);
      traced.close();
      assert.equal(await traced.read(), null, 'a closed trace reads the end of the stream');
    });
    assert.deepEqual(lines, [
      'host > undecodable bytes, tracing of this direction stops: unknown ADB command 0x20544547',
      'host < CLSE 2 1 0 B',
    ]);
    assert.ok(echoed.equals(packet(A_CLSE, 2, 1)));
    const wire = await readBytes(() => peer.read(), 18 + 48);
    assert.equal(wire.subarray(0, 18).toString(), 'GET / HTTP/1.0\r\n\r\n');
    assert.equal(await peer.read(), null, 'close() reaches the stream underneath');
  });

  test('describePacket: payload preview only when there is a payload', () => {
    const p = (command: number, arg0: number, arg1: number, payload: string): AdbPacket => ({
      command,
      arg0,
      arg1,
      payload: Buffer.from(payload, 'latin1'),
    });
    assert.equal(describePacket(p(A_OPEN, 1, 0, 'shell:ls\0')), 'OPEN 1 0 9 B "shell:ls\\0"');
    assert.equal(describePacket(p(A_OKAY, -2, 3, '')), 'OKAY 4294967294 3 0 B');
    assert.equal(describePacket(p(0x01020304, 0, 0, '\xff')), '0x01020304 0 0 1 B "\\xff"');
  });
});

describe('adb server requests traced', { skip: requires({ adb: true }), timeout: 60_000 }, () => {
  test('each request, its status and its length-prefixed reply are one line each', async () => {
    const adb = await AdbHarness.start();
    try {
      const server = createServerTransport({ port: adb.port, autoStart: false });
      let version = 0;
      const lines = await captureAdbTrace(async () => {
        version = await server.version();
        await assert.rejects(server.getState('nosuch'), (e: unknown) => e instanceof Error);
      });
      assert.equal(version, 41);
      assert.deepEqual(lines, [
        'server > "host:version" (12 B)',
        'server < OKAY',
        'server < 4 B "0029"',
        'server > "host-serial:nosuch:get-state" (28 B)',
        'server < FAIL',
        `server < 25 B "device 'nosuch' not found"`,
      ]);
    } finally {
      await adb.stop();
    }
  });
});
