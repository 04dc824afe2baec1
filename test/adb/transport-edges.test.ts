// Both ends of the ADB transport at their edges. Our direct transport against a device spoken by hand (a key
// refused twice, an OPEN that is never answered, a connection whose writes fail) and its state once closed; our
// device endpoint with services that fail in each callback, and whose `closed()` is called only when the host
// (or the connection) ends a stream; the node adapters: the TCP listener's options and signal, the socket stream.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync } from 'node:crypto';
import { connect as tcpConnect, createServer } from 'node:net';
import {
  A_AUTH,
  A_CLSE,
  A_CNXN,
  A_OPEN,
  A_OKAY,
  A_STLS,
  A_WRTE,
  AUTH_RSAPUBLICKEY,
  AUTH_SIGNATURE,
  AUTH_TOKEN,
  PacketDecoder,
  encodePacket,
  formatBanner,
  payloadChecksum,
  type AdbPacket,
} from '../../src/adb/packet.js';
import { DirectTransport } from '../../src/adb/direct-transport.js';
import { serveDevice } from '../../src/adb/device-endpoint.js';
import { encodeAdbPublicKey, signAuthToken } from '../../src/adb/auth.js';
import { connectInMemory } from '../../src/adb/in-memory.js';
import { HINT_UNAUTHORIZED } from '../../src/adb/select.js';
import type { DeviceServices, ServiceSession } from '../../src/adb/services.js';
import { createStreamPair, type ByteStream } from '../../src/adb/stream.js';
import { listenDevice, type DeviceListener } from '../../src/adb/node/listen.js';
import { dialTcp } from '../../src/adb/node/socket-stream.js';
import { connectDirect } from '../../src/adb/node/host.js';
import { isGlanceError } from '../../src/errors.js';
import { rejected } from '../helpers/thrown.js';
import { FULL_FEATURES, MemoryFs, fakeDevice } from './fake-device.js';
import { freePort, waitFor } from './adb-harness.js';

const BANNER = Buffer.from(formatBanner('device', { 'ro.product.model': 'Raw' }, ['shell_v2', 'cmd']));

/**
 * A device end spoken by hand over an in-memory pair: every packet the host sends is kept, and `answer` may
 * reply to it. `host` is the other end, for DirectTransport.connect.
 */
function rawDevice(answer: (p: AdbPacket, send: (command: number, arg0: number, arg1: number, payload?: Uint8Array) => void) => void): {
  host: ByteStream;
  got: AdbPacket[];
  hangUp: () => void;
} {
  const [host, device] = createStreamPair();
  const got: AdbPacket[] = [];
  // As an old (pre-0x01000001) device: checksums are checked on everything but CNXN.
  const decoder = new PacketDecoder({ maxPayload: 2 * 1024 * 1024, verifyChecksum: true });
  const send = (command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)): void => {
    // Announcing 0x01000001 or later, the device lets both sides skip checksums from then on.
    if (command === A_CNXN && arg0 >= 0x01000001) decoder.verifyChecksum = false;
    void device.write(encodePacket({ command, arg0, arg1, payload })).catch(() => undefined);
  };
  rawPeer.set(host, device);
  void (async () => {
    for (;;) {
      const chunk = await device.read();
      if (chunk === null) return;
      for (const p of decoder.push(chunk)) {
        got.push(p);
        answer(p, send);
      }
    }
  })();
  return { host, got, hangUp: () => device.close() };
}

/** The device end of each raw device's pair, for tests that write bytes no packet encoder would. */
const rawPeer = new Map<ByteStream, ByteStream>();

const cnxn = (send: (command: number, arg0: number, arg1: number, payload?: Uint8Array) => void): void =>
  send(A_CNXN, 0x01000001, 256 * 1024, BANNER);

describe('direct transport', () => {
  test('a device that asks again after our signature and our public key: ADB_UNAUTHORIZED "refused our key"', async () => {
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const { host, got } = rawDevice((p, send) => {
      if (p.command === A_CNXN || p.command === A_AUTH) send(A_AUTH, AUTH_TOKEN, 0, Buffer.alloc(20, 7));
    });
    const first: Uint8Array[] = [];
    const recorded: ByteStream = {
      write: (d) => (first.push(Uint8Array.from(d)), host.write(d)),
      read: () => host.read(),
      close: () => host.close(),
    };
    const e = await rejected(DirectTransport.connect(recorded, { serial: 'raw', privateKey: key, timeoutMs: 5000 }));
    // Our CNXN: version, 1 MiB, the features we understand, and its checksum (an old device checks it).
    const [cnxnPacket] = new PacketDecoder({ maxPayload: 1024 * 1024 }).push(first[0] ?? new Uint8Array(0));
    assert.deepEqual(
      [cnxnPacket?.arg0, cnxnPacket?.arg1, Buffer.from(cnxnPacket?.payload ?? []).toString()],
      [0x01000001, 1024 * 1024, 'host::features=shell_v2,cmd,stat_v2,ls_v2,fixed_push_mkdir,fixed_push_symlink_timestamp'],
    );
    assert.equal(Buffer.from(first[0] ?? []).readUInt32LE(16), payloadChecksum(cnxnPacket?.payload ?? new Uint8Array(0)));
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_UNAUTHORIZED',
      message: 'raw refused our key',
      hint: HINT_UNAUTHORIZED,
      context: { serial: 'raw' },
    });
    assert.deepEqual(
      got.map((p) => [p.command, p.arg0]),
      [
        [A_CNXN, 0x01000001],
        [A_AUTH, AUTH_SIGNATURE],
        [A_AUTH, AUTH_RSAPUBLICKEY],
      ],
    );
  });

  test('handshake failures: each says what happened, with a hint and the serial', async () => {
    const connectTo = (answer: Parameters<typeof rawDevice>[0], options: { privateKey?: string; timeoutMs?: number } = {}) =>
      rejected(DirectTransport.connect(rawDevice(answer).host, { serial: 'raw', timeoutMs: 5000, ...options }));
    // Something that reads our CNXN and hangs up.
    let hangUp = (): void => undefined;
    const silent = rawDevice((p) => {
      if (p.command === A_CNXN) hangUp();
    });
    hangUp = silent.hangUp;
    const closed = await rejected(DirectTransport.connect(silent.host, { serial: 'raw', timeoutMs: 5000 }));
    assert.deepEqual(closed.toJSON(), {
      code: 'ADB_CONNECT_FAILED',
      message: 'raw closed the connection during the handshake',
      hint: 'is an ADB device (not something else) listening on that port?',
      context: { serial: 'raw' },
    });
    const tls = await connectTo((p, send) => {
      if (p.command === A_CNXN) send(A_STLS, 0x01000000, 0);
    });
    assert.deepEqual(tls.toJSON(), {
      code: 'ADB_CONNECT_FAILED',
      message: 'raw requires TLS (Android 11+ wireless debugging)',
      hint: 'pair and connect through the adb server (`adb pair`, `adb connect`) and use the server transport',
      context: { serial: 'raw' },
    });
    const token = (p: AdbPacket, send: (command: number, arg0: number, arg1: number, payload?: Uint8Array) => void): void => {
      if (p.command === A_CNXN) send(A_AUTH, AUTH_TOKEN, 0, Buffer.alloc(20, 1));
    };
    assert.deepEqual((await connectTo(token)).toJSON(), {
      code: 'ADB_UNAUTHORIZED',
      message: 'raw requires authentication and no adb key was found',
      hint: 'create one by running `adb devices` once (writes ~/.android/adbkey), or pass the key path',
      context: { serial: 'raw' },
    });
    const unusable = await connectTo(token, { privateKey: 'not a pem' });
    assert.deepEqual(unusable.toJSON(), {
      code: 'ADB_UNAUTHORIZED',
      message: 'the adb private key cannot be used for signing',
      hint: 'the key file is not an RSA private key in PEM form; delete ~/.android/adbkey and run `adb devices`',
      context: { serial: 'raw' },
    });
    assert.ok(unusable.cause instanceof Error);
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    // The device asks, gets our signature and then says nothing (a phone showing its prompt).
    const waiting = await connectTo(token, { privateKey: key, timeoutMs: 300 });
    assert.deepEqual(waiting.toJSON(), {
      code: 'ADB_UNAUTHORIZED',
      message: 'raw did not accept the connection in time',
      hint: 'if the device shows "Allow USB debugging?", accept it and retry; otherwise check the port',
      context: { serial: 'raw' },
    });
    assert.ok(isGlanceError(waiting.cause, 'TIMEOUT'));
  });

  test('after the handshake: another serial, a refused service, the device closing a stream or the connection', async () => {
    const { host, hangUp } = rawDevice((p, send) => {
      if (p.command === A_CNXN) cnxn(send);
      if (p.command === A_OPEN && Buffer.from(p.payload).toString() === 'nope:\0') send(A_CLSE, 0, p.arg0);
      else if (p.command === A_OPEN) send(A_OKAY, 77, p.arg0);
      // Data on a stream is never acknowledged: the stream is closed instead.
      if (p.command === A_WRTE) send(A_CLSE, 77, p.arg0);
    });
    const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
    assert.deepEqual((await rejected(t.features('other'))).toJSON(), {
      code: 'ADB_DEVICE_NOT_FOUND',
      message: "device 'other' not found",
      hint: 'this direct connection reaches only raw',
      context: { serial: 'other' },
    });
    assert.deepEqual((await rejected(t.openService('raw', 'nope:'))).toJSON(), {
      code: 'ADB_COMMAND_FAILED',
      message: 'raw refused service "nope:"',
      hint: 'the device does not offer this service',
      context: { serial: 'raw', service: 'nope:' },
    });
    const s = await t.openService('raw', 'tcp:1');
    const e = await rejected(s.write(Buffer.from('x')));
    assert.deepEqual([e.code, e.message], ['ADB_DEVICE_GONE', 'raw: stream closed by the device']);
    assert.equal(await s.read(), null);
    // The device hangs up: what was pending and what comes next fail alike.
    hangUp();
    await waitFor(async () => (t.isClosed ? true : undefined));
    // Closing afterwards keeps the first reason.
    t.close();
    const after = await rejected(t.openService('raw', 'tcp:2'));
    assert.deepEqual(after.toJSON(), {
      code: 'ADB_DEVICE_GONE',
      message: 'raw: connection closed by the device',
      hint: 'the device closed the connection; reconnect and retry',
      context: { serial: 'raw' },
    });
  });

  test('a transport we closed says so', async () => {
    const t = await connectInMemory(fakeDevice(new MemoryFs()), { timeoutMs: 5000 });
    t.close();
    assert.equal((await rejected(t.openService('memory', 'shell:ls'))).message, 'memory: connection closed by the host');
  });

  test('before CNXN, packets other than an AUTH token are ignored; a device that never answers is a plain TIMEOUT', async () => {
    const { host } = rawDevice((p, send) => {
      if (p.command !== A_CNXN) return;
      send(A_OKAY, AUTH_TOKEN, 0);
      send(A_AUTH, AUTH_SIGNATURE, 0, Buffer.alloc(20));
      cnxn(send);
    });
    const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
    assert.equal(t.isClosed, false);
    t.close();
    const mute = rawDevice(() => undefined);
    const e = await rejected(DirectTransport.connect(mute.host, { serial: 'raw', timeoutMs: 100 }));
    assert.deepEqual([e.code, e.message], ['TIMEOUT', 'connect to raw timed out after 100 ms']);
  });

  test('our WRTEs are cut at the max payload the device announced, never below 4 KiB nor above 1 MiB', async () => {
    const sizesFor = async (announced: number, bytes: number): Promise<number[]> => {
      const sizes: number[] = [];
      const { host } = rawDevice((p, send) => {
        if (p.command === A_CNXN) send(A_CNXN, 0x01000001, announced, BANNER);
        if (p.command === A_OPEN) send(A_OKAY, 9, p.arg0);
        if (p.command === A_WRTE) {
          sizes.push(p.payload.length);
          send(A_OKAY, 9, p.arg0);
        }
      });
      const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
      try {
        const s = await t.openService('raw', 'tcp:1');
        await s.write(Buffer.alloc(bytes, 1));
      } finally {
        t.close();
      }
      return sizes;
    };
    assert.deepEqual(await sizesFor(256 * 1024, 300_000), [262_144, 300_000 - 262_144]);
    assert.deepEqual(await sizesFor(2 * 1024 * 1024, 1_500_000), [1_048_576, 1_500_000 - 1_048_576]);
    assert.deepEqual(await sizesFor(1024, 5000), [4096, 904]);
    // Whole multiples of the max payload end without an empty WRTE; an empty write sends nothing.
    assert.deepEqual(await sizesFor(4096, 8192), [4096, 4096]);
    assert.deepEqual(await sizesFor(4096, 0), []);
  });

  test('an OKAY with no write in flight is ignored; the stream goes on', async () => {
    const { host } = rawDevice((p, send) => {
      if (p.command === A_CNXN) cnxn(send);
      if (p.command === A_OPEN) {
        send(A_OKAY, 9, p.arg0);
        send(A_OKAY, 9, p.arg0);
      }
      if (p.command === A_WRTE) {
        send(A_OKAY, 9, p.arg0);
        send(A_WRTE, 9, p.arg0, p.payload);
      }
    });
    const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
    try {
      const s = await t.openService('raw', 'tcp:1');
      await s.write(Buffer.from('echo me'));
      assert.equal(Buffer.from((await s.read()) ?? []).toString(), 'echo me');
      assert.equal(t.isClosed, false);
    } finally {
      t.close();
    }
  });

  test('garbage from the device after the handshake fails the connection with ADB_PROTOCOL', async () => {
    const { host } = rawDevice((p, send) => {
      if (p.command === A_CNXN) cnxn(send);
    });
    const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
    // The device end writes bytes that are no packet.
    await (rawPeer.get(host) as ByteStream).write(Buffer.from('HTTP/1.1 400 Bad Request\r\n\r\n'));
    await waitFor(async () => (t.isClosed ? true : undefined));
    const e = await rejected(t.openService('raw', 'shell:ls'));
    assert.equal(e.code, 'ADB_PROTOCOL');
    t.close();
  });

  test('banner features, and once closed: isClosed, the device listed offline', async () => {
    const { host } = rawDevice((p, send) => {
      if (p.command === A_CNXN) cnxn(send);
    });
    const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
    assert.deepEqual(t.featureList, ['shell_v2', 'cmd']);
    assert.equal(t.isClosed, false);
    assert.deepEqual(await t.devices(), [{ serial: 'raw', state: 'device', model: 'Raw' }]);
    t.close();
    assert.equal(t.isClosed, true);
    assert.deepEqual(await t.devices(), [{ serial: 'raw', state: 'offline', model: 'Raw' }]);
  });

  test('aborting an OPEN the device has not answered tells the device (CLSE with our id)', async () => {
    const { host, got } = rawDevice((p, send) => {
      if (p.command === A_CNXN) cnxn(send);
    });
    const t = await DirectTransport.connect(host, { serial: 'raw', timeoutMs: 5000 });
    try {
      const ac = new AbortController();
      const opening = t.openService('raw', 'shell:sleep 9', { signal: ac.signal });
      await waitFor(async () => (got.some((p) => p.command === A_OPEN) ? true : undefined));
      ac.abort();
      assert.equal((await rejected(opening)).code, 'ABORTED');
      const open = got.find((p) => p.command === A_OPEN) as AdbPacket;
      await waitFor(async () => (got.some((p) => p.command === A_CLSE) ? true : undefined));
      assert.deepEqual(
        got.filter((p) => p.command === A_CLSE).map((p) => [p.arg0, p.arg1]),
        [[open.arg0, 0]],
      );
    } finally {
      t.close();
    }
  });

  test('a write the connection refuses is ADB_DEVICE_GONE "connection lost while writing", with the cause', async () => {
    const { host } = rawDevice((p, send) => {
      if (p.command === A_CNXN) cnxn(send);
    });
    let refuse = false;
    const broken = new Error('write EPIPE');
    const stream: ByteStream = {
      write: (d) => (refuse ? Promise.reject(broken) : host.write(d)),
      read: () => host.read(),
      close: () => host.close(),
    };
    const t = await DirectTransport.connect(stream, { serial: 'raw', timeoutMs: 5000 });
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown): void => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      refuse = true;
      const e = await rejected(t.openService('raw', 'shell:ls'));
      assert.deepEqual(e.toJSON(), {
        code: 'ADB_DEVICE_GONE',
        message: 'raw: connection lost while writing',
        hint: 'the device closed the connection; reconnect and retry',
        context: { serial: 'raw' },
      });
      assert.equal(e.cause, broken);
      // The teardown that follows must not reject the abandoned OPEN where nobody listens.
      t.close();
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(unhandled, []);
    } finally {
      t.close();
      process.off('unhandledRejection', onUnhandled);
    }
  });

  test('writing to a stream we closed is ADB_DEVICE_GONE "stream closed"', async () => {
    const t = await connectInMemory(fakeDevice(new MemoryFs()), { timeoutMs: 5000 });
    try {
      const s = await t.openService('memory', 'tcp:7000');
      s.close();
      const e = await rejected(s.write(Buffer.from('late')));
      assert.deepEqual([e.code, e.message], ['ADB_DEVICE_GONE', 'memory: stream closed']);
    } finally {
      t.close();
    }
  });
});

describe('device endpoint: services that fail', () => {
  const banner = () => ({ product: 'p', model: 'm', device: 'd', features: FULL_FEATURES });

  async function connectTo(services: DeviceServices): Promise<{ t: DirectTransport; errors: unknown[] }> {
    const errors: unknown[] = [];
    const t = await connectInMemory(services, { timeoutMs: 5000, endpoint: { onError: (e) => errors.push(e) } });
    return { t, errors };
  }

  test('open() throwing refuses the service (the host hears ADB_COMMAND_FAILED) and reports the error', async () => {
    const boom = new Error('open blew up');
    const { t, errors } = await connectTo({
      banner,
      open: () => {
        throw boom;
      },
    });
    try {
      const e = await rejected(t.openService('memory', 'shell:ls'));
      assert.deepEqual([e.code, e.message], ['ADB_COMMAND_FAILED', 'memory refused service "shell:ls"']);
      assert.deepEqual(errors, [boom]);
    } finally {
      t.close();
    }
  });

  test(
    'input() failing ends that stream (the host reads its end), tells the service, and reports the error',
    { timeout: 10_000 },
    async () => {
      const bad = new Error('bad input');
      let closedCalls = 0;
      const greetings: Array<Promise<unknown>> = [];
      const { t, errors } = await connectTo({
        banner,
        open: (_service, io): ServiceSession => {
          // Output the host has not acknowledged yet when the input fails.
          greetings.push(io.write(Buffer.from('hello')).catch((e: unknown) => e));
          return { input: () => Promise.reject(bad), closed: () => void closedCalls++ };
        },
      });
      try {
        const s = await t.openService('memory', 'custom:');
        await s.write(Buffer.from('x')).catch(() => undefined);
        assert.equal(Buffer.from((await s.read()) ?? []).toString(), 'hello');
        assert.equal(await s.read(), null);
        assert.deepEqual(errors, [bad]);
        assert.equal(closedCalls, 1);
        const refused = await greetings[0];
        assert.ok(isGlanceError(refused, 'ADB_DEVICE_GONE'));
        assert.equal(refused.message, 'stream closed: service failed');
        // The connection itself goes on.
        const again = await t.openService('memory', 'custom:');
        again.close();
      } finally {
        t.close();
      }
    },
  );

  test('closed() is called when the host closes the stream, not when the service closes it; a throw in it is reported', async () => {
    const calls: string[] = [];
    const trouble = new Error('closed blew up');
    const { t, errors } = await connectTo({
      banner,
      open: (service, io): ServiceSession => {
        if (service === 'self-closing:') void io.write(Buffer.from('bye')).then(() => io.close());
        return {
          input: () => undefined,
          closed: () => {
            calls.push(service);
            throw trouble;
          },
        };
      },
    });
    try {
      const own = await t.openService('memory', 'self-closing:');
      assert.equal(Buffer.from((await own.read()) ?? []).toString(), 'bye');
      assert.equal(await own.read(), null);
      const byHost = await t.openService('memory', 'host-closes:');
      byHost.close();
      await waitFor(async () => (calls.length > 0 ? true : undefined));
      assert.deepEqual(calls, ['host-closes:']);
      assert.deepEqual(errors, [trouble]);
    } finally {
      t.close();
    }
    // Dropping the connection finishes streams still open, once each, and never the ones already closed.
    assert.deepEqual(calls, ['host-closes:']);
  });

  test('output still waiting for the host when it closes the stream fails, saying the host closed it', async () => {
    const pending: Array<Promise<unknown>> = [];
    const { t } = await connectTo({
      banner,
      open: (_service, io): ServiceSession => {
        pending.push(io.write(Buffer.from('unread')).catch((e: unknown) => e));
        return { input: () => undefined, closed: () => undefined };
      },
    });
    try {
      const s = await t.openService('memory', 'talker:');
      s.close();
      const e = await pending[0];
      assert.ok(isGlanceError(e));
      assert.deepEqual(e.toJSON(), {
        code: 'ADB_DEVICE_GONE',
        message: 'stream closed: closed by host',
        hint: 'the host closed the stream or disconnected',
      });
    } finally {
      t.close();
    }
  });

  test('the connection dropping calls closed() on the streams still open', async () => {
    const calls: string[] = [];
    const { t } = await connectTo({
      banner,
      open: (service): ServiceSession => ({ input: () => undefined, closed: () => void calls.push(service) }),
    });
    await t.openService('memory', 'a:');
    await t.openService('memory', 'b:');
    t.close();
    await waitFor(async () => (calls.length === 2 ? true : undefined));
    assert.deepEqual(calls.sort(), ['a:', 'b:']);
  });
});

describe('device endpoint: handshake', () => {
  const services = (): DeviceServices => fakeDevice(new MemoryFs());

  /** Our endpoint on one end of a pair; the test speaks raw packets on the other and collects what comes back. */
  function endpoint(
    options: Parameters<typeof serveDevice>[2] = {},
    with_: DeviceServices = services(),
  ): {
    send: (command: number, arg0: number, arg1: number, payload?: Uint8Array) => Promise<void>;
    next: () => Promise<AdbPacket>;
    host: ByteStream;
  } {
    const [host, device] = createStreamPair();
    void serveDevice(device, with_, options);
    const decoder = new PacketDecoder({ maxPayload: 1024 * 1024 });
    const queue: AdbPacket[] = [];
    return {
      host,
      send: (command, arg0, arg1, payload = new Uint8Array(0)) => host.write(encodePacket({ command, arg0, arg1, payload })),
      async next() {
        while (queue.length === 0) {
          const chunk = await host.read();
          if (chunk === null) throw new Error('the device closed the connection');
          queue.push(...decoder.push(chunk));
        }
        return queue.shift() as AdbPacket;
      },
    };
  }

  test('stream packets before CNXN are ignored, as adbd does; the first answer is the CNXN', async () => {
    const e = endpoint();
    await e.send(A_OPEN, 1, 0, Buffer.from('shell:echo early\0'));
    await e.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::\0'));
    await e.send(A_OPEN, 2, 0, Buffer.from('tcp:1\0'));
    const first = await e.next();
    const second = await e.next();
    assert.deepEqual([first.command, second.command, second.arg1], [A_CNXN, A_OKAY, 2]);
    e.host.close();
  });

  test('an AUTH before CNXN is ignored; after CNXN the device asks with a token', async () => {
    const token = Buffer.alloc(20, 5);
    const e = endpoint({ auth: { authorizedKeys: [], randomToken: () => token } });
    await e.send(A_AUTH, AUTH_SIGNATURE, 0, Buffer.alloc(256));
    await e.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::\0'));
    const p = await e.next();
    assert.deepEqual([p.command, p.arg0, Buffer.from(p.payload)], [A_AUTH, AUTH_TOKEN, token]);
    e.host.close();
  });

  test('an AUTH before CNXN gets no token of its own: one token, our signature, then CNXN', async () => {
    const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const token = Buffer.alloc(20, 9);
    const e = endpoint({ auth: { authorizedKeys: [encodeAdbPublicKey(pair.publicKey)], randomToken: () => token } });
    await e.send(A_AUTH, AUTH_SIGNATURE, 0, Buffer.alloc(256));
    await e.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::\0'));
    const challenge = await e.next();
    assert.deepEqual([challenge.command, challenge.arg0], [A_AUTH, AUTH_TOKEN]);
    await e.send(A_AUTH, AUTH_SIGNATURE, 0, signAuthToken(pair.privateKey, challenge.payload));
    assert.equal((await e.next()).command, A_CNXN);
    e.host.close();
  });

  test('a stream the host closed gets no CLSE back, even when its input fails afterwards', async () => {
    let failed!: () => void;
    const failure = new Promise<void>((r) => (failed = r));
    const e = endpoint(
      {},
      {
        banner: () => ({ product: 'p', model: 'm', device: 'd', features: FULL_FEATURES }),
        // The input fails a turn later, once the host's CLSE has been handled.
        open: (): ServiceSession => ({
          input: () =>
            new Promise((_, reject) =>
              setImmediate(() => {
                reject(new Error('late'));
                failed();
              }),
            ),
          closed: () => undefined,
        }),
      },
    );
    await e.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::\0'));
    assert.equal((await e.next()).command, A_CNXN);
    await e.send(A_OPEN, 1, 0, Buffer.from('x:\0'));
    const okayed = await e.next();
    assert.deepEqual([okayed.command, okayed.arg1], [A_OKAY, 1]);
    await e.host.write(
      Buffer.concat([
        encodePacket({ command: A_WRTE, arg0: 1, arg1: okayed.arg0, payload: Buffer.from('in') }),
        encodePacket({ command: A_CLSE, arg0: 1, arg1: okayed.arg0, payload: new Uint8Array(0) }),
      ]),
    );
    // Once the failure has happened, open another stream: its OKAY is the next packet, with no CLSE before it.
    await failure;
    await new Promise((r) => setImmediate(r));
    await e.send(A_OPEN, 2, 0, Buffer.from('x:\0'));
    const next = await e.next();
    assert.deepEqual([next.command, next.arg1], [A_OKAY, 2]);
    e.host.close();
  });

  test('an offered public key reaches the prompt as its text without the NUL; one that is not a key never does', async () => {
    const offered: string[] = [];
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const e = endpoint({
      auth: {
        authorizedKeys: [],
        randomToken: () => Buffer.alloc(20, 1),
        onPublicKey: (k) => {
          offered.push(k);
          return true;
        },
      },
    });
    await e.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::\0'));
    assert.equal((await e.next()).arg0, AUTH_TOKEN);
    await e.send(A_AUTH, AUTH_RSAPUBLICKEY, 0, Buffer.from('not a key\0'));
    await e.send(A_AUTH, AUTH_RSAPUBLICKEY, 0, Buffer.from(`${encodeAdbPublicKey(stranger.publicKey)}\0\0`));
    const accepted = await e.next();
    assert.equal(accepted.command, A_CNXN);
    assert.deepEqual(offered, [encodeAdbPublicKey(stranger.publicKey)]);
    e.host.close();
  });
});

describe('node adapters', () => {
  const listeners: DeviceListener[] = [];
  after(() => Promise.all(listeners.map((l) => l.close())));

  /** Connects, sends CNXN, returns the device's first packet (or the socket error). */
  function handshake(
    port: number,
    bytes = encodePacket({ command: A_CNXN, arg0: 0x01000001, arg1: 1024 * 1024, payload: Buffer.from('host::\0') }),
  ): Promise<AdbPacket | Error> {
    return new Promise((resolve) => {
      const s = tcpConnect({ host: '127.0.0.1', port }, () => s.write(bytes));
      const d = new PacketDecoder({ maxPayload: 1024 * 1024 });
      s.on('data', (c) => {
        const [p] = d.push(c);
        if (p) {
          resolve(p);
          s.destroy();
        }
      });
      s.on('error', resolve);
      s.on('close', () => resolve(new Error('closed without an answer')));
    });
  }

  test('the listener announces its max payload and reports connection errors to onError', async () => {
    const errors: unknown[] = [];
    const l = await listenDevice({ port: 0, services: fakeDevice(new MemoryFs()), maxPayload: 8192, onError: (e) => errors.push(e) });
    listeners.push(l);
    assert.equal(l.host, '127.0.0.1', 'loopback unless told otherwise');
    const p = await handshake(l.port);
    assert.ok(!(p instanceof Error));
    assert.deepEqual([p.command, p.arg1], [A_CNXN, 8192]);
    await handshake(l.port, Buffer.from('GET / HTTP/1.0\r\n\r\n'.repeat(2)));
    await waitFor(async () => (errors.length > 0 ? true : undefined));
    assert.ok(isGlanceError(errors[0], 'ADB_PROTOCOL'), String(errors[0]));
  });

  test('a port already taken rejects with the listen error; connections() counts open host connections', async () => {
    const first = await listenDevice({ port: 0, services: fakeDevice(new MemoryFs()) });
    listeners.push(first);
    await assert.rejects(listenDevice({ port: first.port, services: fakeDevice(new MemoryFs()) }), { code: 'EADDRINUSE' });
    assert.equal(first.connections(), 0);
    const t = await connectDirect({ port: first.port, privateKey: 'unused', timeoutMs: 5000 });
    await waitFor(async () => (first.connections() === 1 ? true : undefined));
    t.close();
    await waitFor(async () => (first.connections() === 0 ? true : undefined));
  });

  test('the listener stops when its signal aborts, or at once when it already has', async () => {
    const ac = new AbortController();
    const l = await listenDevice({ port: 0, services: fakeDevice(new MemoryFs()), signal: ac.signal });
    listeners.push(l);
    assert.equal(((await handshake(l.port)) as AdbPacket).command, A_CNXN);
    ac.abort();
    await waitFor(async () => {
      const r = await handshake(l.port);
      return r instanceof Error && (r as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? true : undefined;
    });
    const already = await listenDevice({ port: 0, services: fakeDevice(new MemoryFs()), signal: AbortSignal.abort() });
    listeners.push(already);
    await waitFor(async () => {
      const r = await handshake(already.port);
      return r instanceof Error && (r as NodeJS.ErrnoException).code === 'ECONNREFUSED' ? true : undefined;
    });
  });

  test('a socket stream refuses writes once closed; an aborted dial never connects', async () => {
    const server = createServer((s) => s.on('error', () => undefined));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const s = await dialTcp({ host: '127.0.0.1', port });
      s.close();
      const e = await rejected(s.write(Buffer.from('x')));
      assert.deepEqual(e.toJSON(), { code: 'ADB_DEVICE_GONE', message: 'socket closed', hint: 'the peer disconnected' });
      const reason = new Error('user cancelled');
      const ac = new AbortController();
      ac.abort(reason);
      const a = await rejected(dialTcp({ host: '127.0.0.1', port, signal: ac.signal }));
      assert.deepEqual([a.code, a.message, a.cause], ['ABORTED', 'connect aborted', reason]);
    } finally {
      server.close();
    }
    // And nothing listening is the raw socket error, for callers to map.
    await assert.rejects(dialTcp({ host: '127.0.0.1', port: await freePort() }), { code: 'ECONNREFUSED' });
  });
});
