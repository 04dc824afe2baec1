// Property tests: random, truncated and garbage input never throws anything but GlanceError and never hangs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { GlanceError } from '../../src/errors.js';
import { A_AUTH, A_CLSE, A_CNXN, A_OKAY, A_OPEN, A_WRTE, PacketDecoder, encodePacket } from '../../src/adb/packet.js';
import { ShellPacketDecoder } from '../../src/adb/shell-protocol.js';
import { SyncRequestDecoder, readListing, readRecv, readStatV2, readSyncStatus } from '../../src/adb/sync-protocol.js';
import { serveDevice } from '../../src/adb/device-endpoint.js';
import { DirectTransport } from '../../src/adb/direct-transport.js';
import { StreamReader, createStreamPair } from '../../src/adb/stream.js';
import { MemoryFs, fakeDevice } from './fake-device.js';

const onlyGlance = (f: () => unknown): void => {
  try {
    f();
  } catch (e) {
    if (!(e instanceof GlanceError)) throw e;
  }
};

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  // Bounded wait: a decoder that hangs fails the property instead of the whole run.
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} hung`)), ms))),
  ]);
}

const packetArb = fc.record({
  command: fc.oneof(fc.constantFrom(A_CNXN, A_AUTH, A_OPEN, A_OKAY, A_WRTE, A_CLSE), fc.integer({ min: 0, max: 0xffffffff })),
  arg0: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 0xffffffff })),
  arg1: fc.oneof(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 0xffffffff })),
  payload: fc.oneof(
    fc.uint8Array({ maxLength: 64 }),
    fc.constantFrom('exec:echo hi\0', 'shell,v2,raw:fail 2 x\0', 'sync:\0', 'tcp:1\0', 'exec:bin\0').map((s) => Buffer.from(s)),
  ),
});

/** Valid framing with random content, then mutations: truncation, bit flips, inserted junk. */
const wireArb = fc
  .tuple(fc.array(packetArb, { maxLength: 12 }), fc.uint8Array({ maxLength: 40 }), fc.nat(), fc.nat())
  .map(([packets, junk, cut, flip]) => {
    const wire = Buffer.concat(packets.map((p) => encodePacket(p)));
    const mode = flip % 4;
    if (mode === 0 || wire.length === 0) return wire;
    if (mode === 1) return wire.subarray(0, cut % wire.length);
    if (mode === 2) {
      const copy = Buffer.from(wire);
      const i = flip % copy.length;
      copy[i] = (copy[i] ?? 0) ^ (1 << (cut % 8));
      return copy;
    }
    const at = cut % wire.length;
    return Buffer.concat([wire.subarray(0, at), junk, wire.subarray(at)]);
  });

const chunksOf = (bytes: Uint8Array, sizes: number[]): Uint8Array[] => {
  const out: Uint8Array[] = [];
  let at = 0;
  for (const s of sizes) {
    if (at >= bytes.length) break;
    out.push(bytes.subarray(at, at + s));
    at += s;
  }
  if (at < bytes.length) out.push(bytes.subarray(at));
  return out;
};

describe('decoders on random input', () => {
  test('PacketDecoder: random bytes and mutated packets, any chunking', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), wireArb), fc.array(fc.integer({ min: 1, max: 50 })), (bytes, sizes) => {
        const d = new PacketDecoder({ maxPayload: 4096, verifyChecksum: sizes.length % 2 === 0 });
        for (const c of chunksOf(bytes, sizes)) onlyGlance(() => d.push(c));
      }),
      { numRuns: 500 },
    );
  });

  test('shell and sync decoders', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.integer({ min: 1, max: 40 })), (bytes, sizes) => {
        const shell = new ShellPacketDecoder();
        const sync = new SyncRequestDecoder();
        for (const c of chunksOf(bytes, sizes)) {
          onlyGlance(() => shell.push(c));
          onlyGlance(() => sync.push(c));
        }
      }),
      { numRuns: 500 },
    );
  });

  test('host-side sync readers end in a value or a GlanceError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.constantFrom(0, 1, 2, 3, 4), async (bytes, which) => {
        const [a, b] = createStreamPair();
        await a.write(bytes);
        a.close();
        const r = new StreamReader(b);
        const run: () => Promise<unknown> = [
          () => readListing(r, true),
          () => readListing(r, false),
          () => readRecv(r, () => undefined),
          () => readStatV2(r, 'STA2'),
          () => readSyncStatus(r),
        ][which]!;
        try {
          await within(run(), 1000, 'sync reader');
        } catch (e) {
          assert.ok(e instanceof GlanceError, String(e));
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('endpoints on random input', () => {
  test('serveDevice survives any byte stream and ends when the host goes away', async () => {
    await fc.assert(
      fc.asyncProperty(wireArb, fc.boolean(), async (wire, handshake) => {
        const [host, device] = createStreamPair();
        const served = serveDevice(device, fakeDevice(new MemoryFs()), { maxPayload: 4096 });
        if (handshake) await host.write(encodePacket({ command: A_CNXN, arg0: 0x01000001, arg1: 4096, payload: Buffer.from('host::\0') }));
        await host.write(wire);
        await new Promise((r) => setImmediate(r));
        host.close();
        await within(served, 1000, 'serveDevice');
      }),
      { numRuns: 200 },
    );
  });

  test('DirectTransport.connect against a garbage device rejects with a GlanceError', async () => {
    await fc.assert(
      fc.asyncProperty(wireArb, fc.boolean(), async (wire, hangUp) => {
        const [host, device] = createStreamPair();
        const connecting = DirectTransport.connect(host, { serial: 'fuzz', timeoutMs: 60 });
        await device.write(wire);
        if (hangUp) device.close();
        try {
          const t = await within(connecting, 1000, 'connect');
          t.close(); // a random CNXN can complete the handshake; that is fine
        } catch (e) {
          assert.ok(e instanceof GlanceError, String(e));
        }
        device.close();
      }),
      { numRuns: 150 },
    );
  });
});
