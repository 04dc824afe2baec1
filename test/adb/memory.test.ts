// The device endpoint and the direct transport against each other over in-memory streams (no sockets), plus
// raw-packet checks of the endpoint's flow control, max payload and checksums.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { isGlanceError } from '../../src/errors.js';
import { serveDevice, type DeviceEndpointOptions } from '../../src/adb/device-endpoint.js';
import { DirectTransport } from '../../src/adb/direct-transport.js';
import { connectInMemory } from '../../src/adb/in-memory.js';
import { AdbClient } from '../../src/adb/client.js';
import { createStreamPair, type ByteStream } from '../../src/adb/stream.js';
import {
  A_CLSE,
  A_CNXN,
  A_OKAY,
  A_OPEN,
  A_STLS,
  A_WRTE,
  PacketDecoder,
  encodePacket,
  parseBanner,
  type AdbPacket,
} from '../../src/adb/packet.js';
import { encodeAdbPublicKey } from '../../src/adb/auth.js';
import { BIG_SIZE, MemoryFs, binaryPattern, fakeDevice } from './fake-device.js';
import type { DeviceServices } from '../../src/adb/services.js';

function startDevice(services: DeviceServices, options: DeviceEndpointOptions = {}) {
  const [hostSide, deviceSide] = createStreamPair();
  const errors: unknown[] = [];
  const served = serveDevice(deviceSide, services, { onError: (e) => errors.push(e), ...options });
  return { hostSide, deviceSide, served, errors };
}

/** Speaks raw packets to the endpoint. */
function rawHost(stream: ByteStream, checksums = false) {
  const decoder = new PacketDecoder({ maxPayload: 1024 * 1024, verifyChecksum: checksums });
  const queue: AdbPacket[] = [];
  // One read stays outstanding across timeouts (a ByteStream has a single reader).
  let pending: Promise<Uint8Array | null> | undefined;
  return {
    send: (command: number, arg0: number, arg1: number, payload: Uint8Array = new Uint8Array(0)) =>
      stream.write(encodePacket({ command, arg0, arg1, payload }, checksums)),
    /** Next packet, or undefined when none arrives within `ms`. */
    async next(ms = 2000): Promise<AdbPacket | undefined> {
      const deadline = Date.now() + ms;
      while (queue.length === 0) {
        const left = deadline - Date.now();
        if (left <= 0) return undefined;
        let timer: NodeJS.Timeout | undefined;
        pending ??= stream.read();
        const chunk = await Promise.race([pending, new Promise<'timeout'>((r) => (timer = setTimeout(() => r('timeout'), left)))]);
        clearTimeout(timer);
        if (chunk === 'timeout') return undefined;
        pending = undefined;
        if (chunk === null) return undefined;
        queue.push(...decoder.push(chunk));
      }
      return queue.shift();
    },
    queued: () => queue.length,
  };
}

const fs0 = (): MemoryFs => {
  const fs = new MemoryFs();
  fs.files.set('/sdcard/a.txt', { data: Buffer.from('alpha\n'), mode: 0o100644, mtime: 1_700_000_000 });
  return fs;
};

describe('device endpoint, raw packets', () => {
  test('answers CNXN with version, max payload and banner; OPEN of an unknown service gets CLSE', async () => {
    const dev = startDevice(fakeDevice(fs0()));
    const host = rawHost(dev.hostSide);
    await host.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::features=shell_v2\0'));
    const cnxn = await host.next();
    assert.equal(cnxn?.command, A_CNXN);
    assert.equal(cnxn?.arg0, 0x01000001);
    assert.equal(cnxn?.arg1, 256 * 1024);
    const banner = parseBanner(Buffer.from(cnxn!.payload).toString());
    assert.equal(banner.props['ro.product.model'], 'Glance_Test');
    assert.ok(banner.features.includes('shell_v2'));
    await host.send(A_OPEN, 5, 0, Buffer.from('bogus:\0'));
    const clse = await host.next();
    assert.deepEqual([clse?.command, clse?.arg0, clse?.arg1], [A_CLSE, 0, 5]);
    dev.hostSide.close();
    await dev.served;
  });

  test('a WRTE the socket refused leaves no rejected promise behind when the connection then drops', async () => {
    const [hostSide, deviceSide] = createStreamPair();
    let refuse = false;
    const flaky: ByteStream = {
      write: (d) => (refuse ? Promise.reject(new Error('EPIPE')) : deviceSide.write(d)),
      read: () => deviceSide.read(),
      close: () => deviceSide.close(),
    };
    const writes: Array<Promise<void>> = [];
    const services: DeviceServices = {
      banner: () => ({ product: 'p', model: 'm', device: 'd', features: [] }),
      open(_service, io) {
        refuse = true; // from here on every packet the device sends fails on the "socket"
        writes.push(io.write(Buffer.from('out')));
        return { input: () => undefined, closed: () => undefined };
      },
    };
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown): void => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      const served = serveDevice(flaky, services, { onError: () => undefined });
      const host = rawHost(hostSide);
      await host.send(A_CNXN, 0x01000001, 1024 * 1024, Buffer.from('host::\0'));
      assert.equal((await host.next())?.command, A_CNXN);
      await host.send(A_OPEN, 1, 0, Buffer.from('exec:x\0'));
      await assert.rejects(writes[0] as Promise<void>);
      hostSide.close();
      await served;
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(unhandled, []);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });

  test('WRTEs respect the host max payload and wait for OKAY one at a time', async () => {
    const dev = startDevice(fakeDevice(fs0()));
    const host = rawHost(dev.hostSide);
    await host.send(A_CNXN, 0x01000001, 4096, Buffer.from('host::\0'));
    await host.next();
    await host.send(A_OPEN, 9, 0, Buffer.from('exec:bin\0'));
    const okay = await host.next();
    assert.equal(okay?.command, A_OKAY);
    assert.equal(okay?.arg1, 9);
    const local = okay!.arg0;
    const first = await host.next();
    assert.equal(first?.command, A_WRTE);
    assert.equal(first?.payload.length, 4096);
    // Nothing more until we acknowledge.
    assert.equal(await host.next(150), undefined);
    const got: Uint8Array[] = [first!.payload];
    for (;;) {
      await host.send(A_OKAY, 9, local);
      const p = await host.next();
      assert.ok(p, 'device stalled');
      if (p.command === A_CLSE) break;
      assert.equal(p.command, A_WRTE);
      assert.ok(p.payload.length <= 4096);
      got.push(p.payload);
    }
    assert.ok(Buffer.concat(got).equals(binaryPattern(BIG_SIZE)));
    dev.hostSide.close();
    await dev.served;
  });

  test('a version 0x01000000 host gets byte-sum checksums', async () => {
    const dev = startDevice(fakeDevice(fs0()));
    const host = rawHost(dev.hostSide, true);
    await host.send(A_CNXN, 0x01000000, 4096, Buffer.from('host::\0'));
    const cnxn = await host.next();
    assert.equal(cnxn?.command, A_CNXN);
    await host.send(A_OPEN, 1, 0, Buffer.from('shell,v2,raw:echo sums\0'));
    assert.equal((await host.next())?.command, A_OKAY);
    const w = await host.next(); // decoder verifies the checksum or throws
    assert.equal(w?.command, A_WRTE);
    dev.hostSide.close();
    await dev.served;
    assert.deepEqual(dev.errors, []);
  });

  test('garbage ends the connection with ADB_PROTOCOL reported, not thrown', async () => {
    const dev = startDevice(fakeDevice(fs0()));
    await dev.hostSide.write(Buffer.from('GET / HTTP/1.1\r\nHost: x\r\n\r\n'));
    await dev.served;
    assert.ok(dev.errors.some((e) => isGlanceError(e, 'ADB_PROTOCOL')));
    assert.equal(await dev.hostSide.read(), null);
  });
});

async function directPair(services: DeviceServices, options: DeviceEndpointOptions = {}, privateKey?: string) {
  const dev = startDevice(services, options);
  const transport = await DirectTransport.connect(dev.hostSide, {
    serial: 'mem',
    timeoutMs: options.auth ? 400 : 2000,
    ...(privateKey ? { privateKey } : {}),
  });
  return { dev, transport, client: new AdbClient(transport) };
}

describe('direct transport ↔ device endpoint (in memory)', () => {
  test('shell v2, exec, sync', async () => {
    const fs = fs0();
    const { dev, transport, client } = await directPair(fakeDevice(fs), { maxPayload: 4096 });
    const d = await client.device();
    assert.equal(d.serial, 'mem');
    const ok = await d.shell('echo hello  world');
    assert.deepEqual([ok.stdout.toString(), ok.stderr.toString(), ok.exitCode], ['hello world\n', '', 0]);
    const bad = await d.shell('fail 3 broken pipe');
    assert.deepEqual([bad.stdout.toString(), bad.stderr.toString(), bad.exitCode], ['', 'broken pipe\n', 3]);
    assert.ok((await d.exec('bin')).equals(binaryPattern(BIG_SIZE)));
    const payload = randomBytes(300_000);
    await d.push('/sdcard/r.bin', payload, { mtime: 1_234_567 });
    assert.ok((await d.pull('/sdcard/r.bin')).equals(payload));
    const st = await d.stat('/sdcard/r.bin');
    assert.equal(st?.size, 300_000);
    assert.equal(st?.mtime, 1_234_567);
    assert.equal(await d.stat('/sdcard/none'), undefined);
    assert.deepEqual(
      (await d.list('/sdcard')).map((e) => [e.name, e.stat.size]),
      [
        ['a.txt', 6],
        ['r.bin', 300_000],
      ],
    );
    await assert.rejects(d.push('/nodir/x', payload), (e: unknown) => isGlanceError(e, 'SYNC_FAILED'));
    await assert.rejects(d.pull('/sdcard/none'), (e: unknown) => isGlanceError(e, 'SYNC_FAILED'));
    await assert.rejects(transport.openService('mem', 'bogus:'), (e: unknown) => isGlanceError(e, 'ADB_COMMAND_FAILED'));
    await assert.rejects(transport.openService('other', 'exec:echo'), (e: unknown) => isGlanceError(e, 'ADB_DEVICE_NOT_FOUND'));
    transport.close();
    await dev.served;
  });

  test('legacy shell when the device lacks shell_v2', async () => {
    const { transport, client } = await directPair(fakeDevice(fs0(), { features: ['cmd'] }));
    const d = await client.device();
    const out = await d.shell('fail 2 oops');
    assert.deepEqual([out.stdout.toString(), out.exitCode], ['oops\n', null]);
    assert.equal(await d.stat('/sdcard/a.txt').then((s) => s?.size), 6); // STAT v1
    assert.deepEqual(
      (await d.list('/sdcard')).map((e) => e.name),
      ['a.txt'],
    ); // LIST v1
    transport.close();
  });

  test('concurrent streams on one connection', async () => {
    const { transport, client } = await directPair(fakeDevice(fs0()), { maxPayload: 4096 });
    const d = await client.device();
    const results = await Promise.all([d.exec('bin'), d.shell('echo one'), d.exec('bin'), d.shell('echo two'), d.pull('/sdcard/a.txt')]);
    assert.ok((results[0] as Buffer).equals(binaryPattern(BIG_SIZE)));
    assert.ok((results[2] as Buffer).equals(binaryPattern(BIG_SIZE)));
    assert.equal((results[1] as { stdout: Buffer }).stdout.toString(), 'one\n');
    assert.equal((results[3] as { stdout: Buffer }).stdout.toString(), 'two\n');
    assert.equal((results[4] as Buffer).toString(), 'alpha\n');
    transport.close();
  });

  test('device dropping the connection mid-command → ADB_DEVICE_GONE', async () => {
    let dropDevice = (): void => undefined;
    const { dev, client } = await directPair(fakeDevice(fs0(), { onHang: () => setTimeout(() => dropDevice(), 20) }));
    dropDevice = () => dev.deviceSide.close();
    const d = await client.device();
    await assert.rejects(d.shell('hang'), (e: unknown) => isGlanceError(e, 'ADB_DEVICE_GONE'));
    await assert.rejects(d.exec('echo after'), (e: unknown) => isGlanceError(e, 'ADB_DEVICE_GONE'));
  });

  test('a broken connection is ADB_DEVICE_GONE with the socket error as its cause', async () => {
    const dev = startDevice(fakeDevice(fs0()));
    let breakWith: Error | undefined = undefined;
    const breakable: ByteStream = {
      write: (d) => dev.hostSide.write(d),
      read: () => (breakWith ? Promise.reject(breakWith) : dev.hostSide.read()),
      close: () => dev.hostSide.close(),
    };
    const transport = await DirectTransport.connect(breakable, { serial: 'mem', timeoutMs: 2000 });
    const d = new AdbClient(transport).deviceBySerial('mem');
    const pending = d.shell('hang');
    breakWith = new Error('ECONNRESET'); // the read after the device's answer to OPEN fails
    const gone = await pending.then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(isGlanceError(gone, 'ADB_DEVICE_GONE'), String(gone));
    assert.equal((gone as Error).cause, breakWith);
    transport.close();
  });

  test('timeout and abort close the stream and reject with their codes', async () => {
    const { transport, client } = await directPair(fakeDevice(fs0()));
    const d = await client.device();
    const t0 = Date.now();
    await assert.rejects(d.shell('hang', { timeoutMs: 150 }), (e: unknown) => isGlanceError(e, 'TIMEOUT'));
    assert.ok(Date.now() - t0 < 5000);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    await assert.rejects(d.exec('hang', { signal: ac.signal }), (e: unknown) => isGlanceError(e, 'ABORTED'));
    await assert.rejects(d.exec('echo x', { signal: ac.signal }), (e: unknown) => isGlanceError(e, 'ABORTED'));
    // The connection survives cancelled calls.
    assert.equal((await d.shell('echo still')).stdout.toString(), 'still\n');
    transport.close();
  });
});

test('a write queued just before close() still reaches the host; a write after it is refused', async () => {
  const big = binaryPattern(300_000);
  const writes: Array<Promise<unknown>> = [];
  const services: DeviceServices = {
    banner: () => ({ product: 'p', model: 'm', device: 'd', features: [] }),
    open(service, io) {
      if (service !== 'exec:burst') return undefined;
      queueMicrotask(() => {
        writes.push(io.write(big));
        io.close();
        writes.push(io.write(Buffer.from('late')));
      });
      return { input: () => undefined, closed: () => undefined };
    },
  };
  const transport = await connectInMemory(services, { serial: 'vd' });
  const out = await new AdbClient(transport).deviceBySerial('vd').exec('burst', { timeoutMs: 5000 });
  assert.ok(out.equals(big));
  await writes[0];
  await assert.rejects(writes[1] as Promise<unknown>, (e: unknown) => isGlanceError(e, 'ADB_DEVICE_GONE'));
  transport.close();
});

test('connectInMemory: same client API with no sockets', async () => {
  const transport = await connectInMemory(fakeDevice(fs0()), { serial: 'vd' });
  const d = await new AdbClient(transport).device({ serial: 'vd' });
  assert.deepEqual(await d.features(), ['shell_v2', 'cmd', 'stat_v2', 'ls_v2', 'fixed_push_mkdir', 'fixed_push_symlink_timestamp']);
  assert.equal((await d.shell('echo vd')).stdout.toString(), 'vd\n');
  assert.equal((await d.pull('/sdcard/a.txt')).toString(), 'alpha\n');
  transport.close();
  await assert.rejects(d.shell('echo closed'), (e: unknown) => isGlanceError(e, 'ADB_DEVICE_GONE'));
});

describe('RSA AUTH between our host and our device', () => {
  const known = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const pem = (k: typeof known) => k.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const auth = (onPublicKey?: (k: string) => boolean): DeviceEndpointOptions => ({
    auth: {
      authorizedKeys: [encodeAdbPublicKey(known.publicKey)],
      randomToken: () => randomBytes(20),
      ...(onPublicKey ? { onPublicKey } : {}),
    },
  });

  test('an authorised key signs the token', async () => {
    const { transport, client } = await directPair(fakeDevice(fs0()), auth(), pem(known));
    assert.equal((await (await client.device()).shell('echo in')).stdout.toString(), 'in\n');
    transport.close();
  });

  test('an unknown key is offered as a public key; accepted on the device', async () => {
    const offered: string[] = [];
    const { transport, client } = await directPair(
      fakeDevice(fs0()),
      auth((k) => {
        offered.push(k);
        return true;
      }),
      pem(stranger),
    );
    assert.equal(offered.length, 1);
    assert.equal(offered[0]!.split(' ')[0], encodeAdbPublicKey(stranger.publicKey).split(' ')[0]);
    assert.equal((await (await client.device()).shell('echo ok')).exitCode, 0);
    transport.close();
  });

  test('a TLS-only device and an unusable key fail with coded errors', async () => {
    const [host, device] = createStreamPair();
    const connecting = DirectTransport.connect(host, { serial: 'tls', timeoutMs: 1000 });
    await device.read(); // our CNXN
    await device.write(encodePacket({ command: A_STLS, arg0: 0x01000000, arg1: 0, payload: new Uint8Array(0) }));
    await assert.rejects(connecting, (e: unknown) => isGlanceError(e, 'ADB_CONNECT_FAILED'));
    await assert.rejects(directPair(fakeDevice(fs0()), auth(), 'not a pem'), (e: unknown) => isGlanceError(e, 'ADB_UNAUTHORIZED'));
  });

  test('refused key or no key → ADB_UNAUTHORIZED', async () => {
    await assert.rejects(
      directPair(
        fakeDevice(fs0()),
        auth(() => false),
        pem(stranger),
      ),
      (e: unknown) => isGlanceError(e, 'ADB_UNAUTHORIZED'),
    );
    await assert.rejects(directPair(fakeDevice(fs0()), auth()), (e: unknown) => isGlanceError(e, 'ADB_UNAUTHORIZED'));
  });
});
