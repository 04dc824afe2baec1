// The ADB client against a hostile adb server: one that streams output without end, and ones that answer WHAT or
// FAIL and keep the socket open. The client must stop with a coded error and close what it opened.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { encodeShellPacket, ShellId } from '../../src/adb/shell-protocol.js';
import { isGlanceError } from '../../src/errors.js';
import { glanceProcess } from '../helpers/cli.js';
import { fail, fakeAdbServer, streamForever } from './fake-adb-server.js';

const client = (port: number) => new AdbClient(createServerTransport({ port, autoStart: false })).deviceBySerial('fake');
const MiB = 1024 * 1024;

describe('adb client against a server that never stops sending', () => {
  test('exec stops at its output limit with ADB_OUTPUT_TOO_LARGE and closes the stream', async () => {
    const server = await fakeAdbServer(streamForever(Buffer.alloc(64 * 1024, 0x41)));
    try {
      await assert.rejects(client(server.port).exec('screencap -p', { maxOutputBytes: MiB, timeoutMs: 10_000 }), (e) =>
        isGlanceError(e, 'ADB_OUTPUT_TOO_LARGE'),
      );
      // The default limit holds too (64 MiB), without a caller's say.
      await assert.rejects(client(server.port).exec('screencap -p', { timeoutMs: 30_000 }), (e) =>
        isGlanceError(e, 'ADB_OUTPUT_TOO_LARGE'),
      );
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(server.connections(), 0);
    } finally {
      await server.close();
    }
  });

  test('shell v2 stops at its output limit too', async () => {
    const server = await fakeAdbServer(streamForever(encodeShellPacket(ShellId.stdout, Buffer.alloc(64 * 1024, 0x3c))));
    try {
      await assert.rejects(client(server.port).shell('uiautomator dump /dev/tty', { maxOutputBytes: MiB, timeoutMs: 10_000 }), (e) =>
        isGlanceError(e, 'ADB_OUTPUT_TOO_LARGE'),
      );
    } finally {
      await server.close();
    }
  });
});

describe('adb client against a server that answers badly and keeps the socket open', () => {
  test('WHAT: ADB_PROTOCOL, and the client closes its socket', async () => {
    const server = await fakeAdbServer((_r, socket) => socket.write('WHAT'), { device: false });
    try {
      await assert.rejects(client(server.port).transport.devices({ timeoutMs: 5000 }), (e) => isGlanceError(e, 'ADB_PROTOCOL'));
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(server.connections(), 0);
    } finally {
      await server.close();
    }
  });

  for (const [name, reply, code] of [
    ['WHAT', 'WHAT', 'ADB_PROTOCOL'],
    ['FAIL', fail('no thanks'), 'ADB_COMMAND_FAILED'],
  ] as const) {
    test(`glance devices exits after ${name} (${code}) instead of hanging`, async () => {
      const server = await fakeAdbServer((_r, socket) => socket.write(reply), { device: false });
      try {
        const r = await glanceProcess(['devices'], { env: { ANDROID_ADB_SERVER_PORT: String(server.port) }, timeoutMs: 15_000 });
        assert.equal(r.code, 1, `exit ${r.code}, stderr: ${r.stderr}`);
        assert.match(r.stderr, new RegExp(`error ${code}`));
      } finally {
        await server.close();
      }
    });
  }
});
