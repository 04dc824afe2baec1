// The adb server client at its edges. Against a scripted server (the smart-socket framing, then whatever each
// case needs: a dropped connection, a reset, a bad length, a device that goes offline mid-command) for the failure
// paths a real server only shows by accident; against the real Debian adb server for the requests that name no
// device, `adb disconnect` with no target, reverse forwarding and a device that appears after the first call.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Socket } from 'node:net';
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { listenDevice, type DeviceListener } from '../../src/adb/node/listen.js';
import { AdbServerClient, mapServerFailure } from '../../src/adb/server-transport.js';
import { HINT_CHOOSE_DEVICE, HINT_NO_DEVICE, HINT_OFFLINE, HINT_UNAUTHORIZED } from '../../src/adb/select.js';
import type { DeviceServices, ServiceIO, ServiceSession } from '../../src/adb/services.js';
import { createStreamPair } from '../../src/adb/stream.js';
import { isGlanceError, type GlanceError } from '../../src/errors.js';
import { rejected } from '../helpers/thrown.js';
import { fail, fakeAdbServer, type FakeAdbServer, type Reply } from '../hostile/fake-adb-server.js';
import { requires } from '../helpers/requires.js';
import { AdbHarness, waitFor } from './adb-harness.js';
import { MemoryFs, fakeDevice } from './fake-device.js';

/** OKAY + 4-hex length + text, as the server frames a reply. */
const okay = (text: string): string => `OKAY${text.length.toString(16).padStart(4, '0')}${text}`;

describe('adb server client against a scripted server', () => {
  const servers: FakeAdbServer[] = [];
  after(() => Promise.all(servers.map((s) => s.close())));

  async function scripted(reply: Reply, device = true): Promise<{ client: AdbServerClient; address: string }> {
    const s = await fakeAdbServer(reply, { device });
    servers.push(s);
    return { client: createServerTransport({ port: s.port, autoStart: false }), address: `127.0.0.1:${s.port}` };
  }

  test('the server closing before its answer, or resetting the connection, is ADB_SERVER_RESTARTED naming the request', async () => {
    const closing = await scripted((_request, socket) => socket.end(), false);
    const e = await rejected(closing.client.version());
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_SERVER_RESTARTED',
      message: 'adb server connection dropped while reading host:version',
      hint: 'the adb server was killed or restarted during the call; retry',
      context: { address: closing.address },
    });
    const resetting = await scripted((_request, socket) => socket.resetAndDestroy(), false);
    const r = await rejected(resetting.client.devices());
    assert.deepEqual([r.code, r.message], ['ADB_SERVER_RESTARTED', 'adb server connection dropped while reading host:devices-l']);
  });

  test('a status other than OKAY or FAIL is ADB_PROTOCOL: something else is listening there', async () => {
    const { client, address } = await scripted((_request, socket) => socket.end('HTTP/1.0 400 Bad Request\r\n\r\n'), false);
    assert.deepEqual((await rejected(client.version())).toJSON(), {
      code: 'ADB_PROTOCOL',
      message: 'adb server answered "HTTP" to host:version',
      hint: 'is something other than an adb server listening on that port?',
      context: { address },
    });
  });

  test('connect: any text but "connected to" / "already connected to" is ADB_CONNECT_FAILED with that text', async () => {
    const { client } = await scripted((request, socket) => {
      if (request.startsWith('host:disconnect:')) {
        socket.end(okay(`disconnected ${request.slice('host:disconnect:'.length)}\n`));
        return;
      }
      const target = request.slice('host:connect:'.length);
      socket.end(
        okay(target === 'good:5555' ? `already connected to ${target}\n` : `failed to connect to '${target}': Connection refused`),
      );
    }, false);
    assert.equal(await client.connect('good:5555'), 'already connected to good:5555');
    assert.equal(await client.disconnect('good:5555'), 'disconnected good:5555');
    assert.deepEqual((await rejected(client.connect('bad:5555'))).toJSON(), {
      code: 'ADB_CONNECT_FAILED',
      message: "failed to connect to 'bad:5555': Connection refused",
      hint: 'is the device listening (adb tcpip / the virtual device running) on that port?',
      context: { target: 'bad:5555' },
    });
  });

  test('server FAIL texts become coded errors with their hints, the text and the serial kept as context', () => {
    const cases: Array<[string, ReturnType<GlanceError['toJSON']>]> = [
      [
        'device unauthorized.',
        {
          code: 'ADB_UNAUTHORIZED',
          message: 'device unauthorized.',
          hint: HINT_UNAUTHORIZED,
          context: { serverMessage: 'device unauthorized.', serial: 's1' },
        },
      ],
      [
        'device still connecting',
        {
          code: 'ADB_OFFLINE',
          message: 'device still connecting',
          hint: HINT_OFFLINE,
          context: { serverMessage: 'device still connecting', serial: 's1' },
        },
      ],
      [
        'more than one emulator',
        {
          code: 'ADB_MULTIPLE_DEVICES',
          message: 'more than one emulator',
          hint: HINT_CHOOSE_DEVICE,
          next: { tool: 'device_list' },
          context: { serverMessage: 'more than one emulator', serial: 's1' },
        },
      ],
      [
        "device 's1' not found",
        {
          code: 'ADB_DEVICE_NOT_FOUND',
          message: "device 's1' not found",
          hint: 'list the devices and pick one of their serials',
          next: { tool: 'device_list' },
          context: { serverMessage: "device 's1' not found", serial: 's1' },
        },
      ],
      [
        'no such device',
        {
          code: 'ADB_DEVICE_NOT_FOUND',
          message: 'no such device',
          hint: 'list the devices and pick one of their serials',
          next: { tool: 'device_list' },
          context: { serverMessage: 'no such device', serial: 's1' },
        },
      ],
      [
        'no emulators found',
        {
          code: 'ADB_NO_DEVICE',
          message: 'no emulators found',
          hint: HINT_NO_DEVICE,
          context: { serverMessage: 'no emulators found', serial: 's1' },
        },
      ],
      [
        'cannot bind listener',
        {
          code: 'ADB_COMMAND_FAILED',
          message: 'cannot bind listener',
          hint: 'the adb server refused the request',
          context: { serverMessage: 'cannot bind listener', serial: 's1' },
        },
      ],
    ];
    for (const [text, want] of cases) assert.deepEqual(mapServerFailure(text, 's1').toJSON(), want, text);
    assert.deepEqual(mapServerFailure('closed').context, { serverMessage: 'closed' });
  });

  test('get-state and features replies are read as adb prints them: trimmed, features split on commas', async () => {
    const { client } = await scripted((request, socket) => {
      if (request === 'host-serial:fake:get-state') socket.end(okay('offline\n'));
      else if (request === 'host-serial:bare:features') socket.end(okay('\n'));
      else if (request === 'host-serial:some:features') socket.end(okay('shell_v2,cmd,\n'));
      else socket.end(okay(''));
    }, false);
    assert.equal(await client.getState('fake'), 'offline');
    assert.deepEqual(await client.features('bare'), []);
    assert.deepEqual(await client.features('some'), ['shell_v2', 'cmd']);
  });

  test('a length prefix that is not four hex digits is ADB_PROTOCOL', async () => {
    const { client, address } = await scripted((_request, socket) => socket.write('OKAYzz!!0029'), false);
    const e = await rejected(client.version());
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_PROTOCOL',
      message: 'bad length prefix "zz!!" from the adb server',
      context: { address },
    });
  });

  describe('a service stream that ends or breaks: the server is asked what became of the device', () => {
    /** Answers the device service with `service`, and get-state with whatever `state` holds then. */
    async function device(service: (socket: Socket) => void, state: () => string): Promise<AdbServerClient> {
      const { client } = await scripted((request, socket) => {
        if (request === 'host-serial:fake:get-state') socket.end(okay(state()));
        else if (request === 'exec:cmd') {
          socket.write('OKAY');
          service(socket);
        } else socket.end(`FAIL${'0007'}unknown`);
      });
      return client;
    }

    test('a stream that ends while the device is still there is a plain end of output', async () => {
      const client = await device(
        (s) => s.end('output'),
        () => 'device',
      );
      const stream = await client.openService('fake', 'exec:cmd');
      assert.equal(Buffer.from((await stream.read()) ?? []).toString(), 'output');
      assert.equal(await stream.read(), null);
    });

    test('a stream that ends because the device went offline is ADB_DEVICE_GONE saying so', async () => {
      const client = await device(
        (s) => s.end(),
        () => 'offline\n',
      );
      const stream = await client.openService('fake', 'exec:cmd');
      const e = await rejected(stream.read());
      assert.deepEqual(e.toJSON(), {
        code: 'ADB_DEVICE_GONE',
        message: 'fake: the device went offline during the command',
        hint: 'reconnect the device and retry',
        context: { serial: 'fake', state: 'offline' },
      });
      assert.equal(e.cause, undefined);
    });

    test('a stream reset while the device is still there is ADB_DEVICE_GONE "the stream broke", with the socket error', async () => {
      // Reset once the client has certainly read the OKAY: when the first bytes it sends on the stream arrive.
      const client = await device(
        (s) => s.once('data', () => s.resetAndDestroy()),
        () => 'device',
      );
      const stream = await client.openService('fake', 'exec:cmd');
      await stream.write(Buffer.from('input'));
      const e = await rejected(stream.read());
      assert.deepEqual(e.toJSON(), {
        code: 'ADB_DEVICE_GONE',
        message: 'fake: the stream broke during the command',
        hint: 'reconnect the device and retry',
        context: { serial: 'fake', state: 'device' },
      });
      assert.equal((e.cause as NodeJS.ErrnoException).code, 'ECONNRESET');
    });

    test('a device the server no longer knows "disappeared"; a server that is gone itself "went away"', async () => {
      const { client } = await scripted((request, socket) => {
        if (request === 'host-serial:fake:get-state') socket.end(fail("device 'fake' not found"));
        else {
          socket.write('OKAY');
          socket.end();
        }
      });
      const stream = await client.openService('fake', 'exec:cmd');
      const e = await rejected(stream.read());
      assert.deepEqual(e.toJSON(), {
        code: 'ADB_DEVICE_GONE',
        message: 'device fake disappeared during the command',
        hint: 'reconnect the device and retry',
        context: { serial: 'fake' },
      });
      assert.ok(isGlanceError(e.cause, 'ADB_DEVICE_NOT_FOUND'));

      const s = await fakeAdbServer((_request, socket) => socket.write('OKAY'));
      const address = `127.0.0.1:${s.port}`;
      const alone = createServerTransport({ port: s.port, autoStart: false });
      const orphan = await alone.openService('fake', 'exec:cmd');
      await s.close();
      const gone = await rejected(orphan.read());
      assert.deepEqual(gone.toJSON(), {
        code: 'ADB_SERVER_RESTARTED',
        message: 'the adb server went away during the command',
        hint: 'the adb server was killed or restarted; start it again and retry',
        context: { address },
      });
    });

    test('a write after the stream ended is explained the same way', async () => {
      let state = 'device';
      const client = await device(
        (s) => s.end(),
        () => state,
      );
      const stream = await client.openService('fake', 'exec:cmd');
      assert.equal(await stream.read(), null);
      state = 'offline';
      const e = await rejected(stream.write(Buffer.from('more')));
      assert.deepEqual([e.code, e.message], ['ADB_DEVICE_GONE', 'fake: the device went offline during the command']);
      assert.ok(isGlanceError(e.cause, 'ADB_DEVICE_GONE'), 'the write error is kept as the cause');
    });
  });

  test('a connection that is already closed when the request goes out is the server gone', async () => {
    // No address given: errors call it "adb server".
    const client = new AdbServerClient({
      dial: async () => {
        const [ours, theirs] = createStreamPair();
        theirs.close();
        return ours;
      },
    });
    assert.equal(client.address, 'adb server');
    const e = await rejected(client.version());
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_SERVER_RESTARTED',
      message: 'adb server connection dropped while reading the reply to host:version',
      hint: 'the adb server was killed or restarted during the call; retry',
      context: { address: 'adb server' },
    });
  });

  test('a request longer than the 4-hex-digit length allows is refused before it is sent (USAGE)', async () => {
    let sent = 0;
    const client = new AdbServerClient({
      dial: async () => {
        const [ours, theirs] = createStreamPair();
        void theirs.read().then((c) => (sent += c?.length ?? 0));
        return ours;
      },
    });
    const e = await rejected(client.getState('x'.repeat(70_000)));
    assert.deepEqual([e.code, e.message], ['USAGE', 'adb service request longer than 65535 bytes']);
    assert.equal(sent, 0);
  });
});

/** adbd's `reverse:` service as protocol.txt and adb.cpp handle_forward_request answer it: OKAY (+ port for tcp:0) or FAIL. */
function withReverse(base: DeviceServices): DeviceServices & { reversed: Map<string, string> } {
  const reversed = new Map<string, string>();
  let nextPort = 41000;
  const answer = (io: ServiceIO, text: string): ServiceSession => {
    void io.write(Buffer.from(text)).then(() => io.close());
    return { input: () => undefined, closed: () => undefined };
  };
  const refusal = (message: string): string => `FAIL${message.length.toString(16).padStart(4, '0')}${message}`;
  return {
    reversed,
    banner: () => base.banner(),
    open(service, io) {
      // A device that never answers about this port (for the timeouts).
      if (service.includes('tcp:9999')) return { input: () => undefined, closed: () => undefined };
      const forward = /^reverse:forward:([^;]+);(.+)$/.exec(service);
      if (forward) {
        const [, remote = '', local = ''] = forward;
        const port = remote === 'tcp:0' ? String(nextPort++) : undefined;
        reversed.set(port === undefined ? remote : `tcp:${port}`, local);
        return answer(io, port === undefined ? 'OKAY' : `OKAY${okay(port).slice(4)}`);
      }
      const kill = /^reverse:killforward:(.+)$/.exec(service);
      if (kill) {
        const remote = kill[1] ?? '';
        if (!reversed.delete(remote)) return answer(io, refusal(`listener '${remote}' not found`));
        return answer(io, 'OKAY');
      }
      return base.open(service, io);
    },
  };
}

describe('adb server client through the real adb server', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let adb: AdbHarness;
  let server: AdbServerClient;
  const listeners: DeviceListener[] = [];

  before(async () => {
    adb = await AdbHarness.start();
    server = createServerTransport({ port: adb.port, autoStart: false });
  });
  after(async () => {
    await adb?.stop();
    await Promise.all(listeners.map((l) => l.close()));
  });

  async function device(services: DeviceServices = fakeDevice(new MemoryFs())): Promise<string> {
    const l = await listenDevice({ port: 0, services });
    listeners.push(l);
    return `127.0.0.1:${l.port}`;
  }

  test('features asked before the device is connected fail, and are asked again afterwards (no cached failure)', async () => {
    const serial = await device();
    const d = new AdbClient(server).deviceBySerial(serial);
    assert.equal((await rejected(d.features())).code, 'ADB_DEVICE_NOT_FOUND');
    await adb.connectOnline(serial);
    assert.ok((await d.features()).includes('shell_v2'));
    await server.disconnect(serial);
  });

  test('with one device, the empty serial means that device (host:get-state, host:features, transport-any)', async () => {
    const serial = await device();
    await adb.connectOnline(serial);
    assert.equal(await server.getState(''), 'device');
    assert.ok((await server.features('')).includes('shell_v2'));
    const out = await new AdbClient(server).deviceBySerial('').shell('echo any');
    assert.equal(out.stdout.toString(), 'any\n');
    // `adb disconnect` with no target drops every TCP device.
    assert.equal(await server.disconnect(), 'disconnected everything');
    assert.deepEqual(await server.devices(), []);
  });

  test('kill() stops the server: the next request finds nothing listening', async () => {
    const own = await AdbHarness.start();
    const t = createServerTransport({ port: own.port, autoStart: false });
    assert.equal(await t.version(), 41);
    await t.kill();
    await waitFor(async () => ((await t.version().catch((e: unknown) => e)) instanceof Error ? true : undefined));
    assert.equal((await rejected(t.version())).code, 'ADB_SERVER_UNAVAILABLE');
    await own.stop();
  });

  test('reverse: the device chooses the port for tcp:0; killReverse removes it; an unknown one is ADB_COMMAND_FAILED', async () => {
    const services = withReverse(fakeDevice(new MemoryFs()));
    const serial = await device(services);
    await adb.connectOnline(serial);
    try {
      assert.equal(await server.reverse(serial, 'tcp:0', 'tcp:8080'), 41000);
      assert.equal(await server.reverse(serial, 'tcp:6000', 'tcp:8081'), undefined);
      assert.deepEqual(
        [...services.reversed],
        [
          ['tcp:41000', 'tcp:8080'],
          ['tcp:6000', 'tcp:8081'],
        ],
      );
      await server.killReverse(serial, 'tcp:6000');
      assert.deepEqual([...services.reversed.keys()], ['tcp:41000']);
      const e = await rejected(server.killReverse(serial, 'tcp:6000'));
      assert.deepEqual([e.code, e.message], ['ADB_COMMAND_FAILED', "listener 'tcp:6000' not found"]);
      const slow = await rejected(server.reverse(serial, 'tcp:9999', 'tcp:1', { timeoutMs: 300 }));
      assert.deepEqual([slow.code, slow.message], ['TIMEOUT', 'reverse timed out after 300 ms']);
      const slowKill = await rejected(server.killReverse(serial, 'tcp:9999', { timeoutMs: 300 }));
      assert.deepEqual([slowKill.code, slowKill.message], ['TIMEOUT', 'reverse --remove timed out after 300 ms']);
    } finally {
      await server.disconnect(serial);
    }
  });
});
