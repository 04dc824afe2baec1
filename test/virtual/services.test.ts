// The DeviceServices seam in-process: a ServiceIO fake records what the device writes, as the transport would
// carry it, without any ADB framing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ServiceIO, ServiceSession } from '../../src/adb/services.js';
import { ShellPacketDecoder, encodeShellPacket, ShellId } from '../../src/adb/shell-protocol.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';

class RecordingIO implements ServiceIO {
  chunks: Uint8Array[] = [];
  closedByDevice = false;
  private waiters: Array<() => void> = [];
  async write(data: Uint8Array): Promise<void> {
    if (this.closedByDevice) throw new Error('write after close');
    this.chunks.push(Uint8Array.from(data));
  }
  close(): void {
    this.closedByDevice = true;
    for (const w of this.waiters) w();
  }
  done(): Promise<void> {
    if (this.closedByDevice) return Promise.resolve();
    return new Promise((r) => this.waiters.push(r));
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

async function open(service: string, input: Uint8Array[] = []): Promise<{ io: RecordingIO; session: ServiceSession | undefined }> {
  const dev = createVirtualDevice();
  const io = new RecordingIO();
  const session = dev.services.open(service, io);
  for (const d of input) await session?.input(d);
  return { io, session };
}

function shellPackets(b: Buffer): { stdout: string; stderr: string; exit: number | undefined } {
  const packets = new ShellPacketDecoder().push(b);
  let stdout = '';
  let stderr = '';
  let exit: number | undefined;
  for (const p of packets) {
    if (p.id === ShellId.stdout) stdout += Buffer.from(p.data).toString();
    else if (p.id === ShellId.stderr) stderr += Buffer.from(p.data).toString();
    else if (p.id === ShellId.exit) exit = p.data[0];
  }
  return { stdout, stderr, exit };
}

describe('virtual DeviceServices', () => {
  test('banner names the product and the features it can serve', () => {
    const b = createVirtualDevice().services.banner();
    assert.equal(b.product, 'glance_demo');
    assert.ok(b.features.includes('shell_v2') && b.features.includes('ls_v2') && b.features.includes('stat_v2'));
    assert.ok(!b.features.includes('sendrecv_v2'), 'no v2 send/recv: not implemented');
  });

  test('shell v2 frames stdout, stderr and the exit code, then closes', async () => {
    const { io } = await open('shell,v2,TERM=xterm,raw:echo out; echo err 1>&2; exit 5');
    await io.done();
    assert.deepEqual(shellPackets(io.bytes()), { stdout: 'out\n', stderr: 'err\n', exit: 5 });
  });

  test('legacy shell: and exec: merge stderr into the stream; exec is binary-safe', async () => {
    const legacy = await open('shell:echo a; ls /nope');
    await legacy.io.done();
    assert.equal(legacy.io.bytes().toString(), 'a\nls: /nope: No such file or directory\n');
    const exec = await open('exec:screencap -p');
    await exec.io.done();
    const png = exec.io.bytes();
    assert.deepEqual([...png.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
    assert.equal(png.readUInt32BE(16), 1080);
    assert.equal(png.readUInt32BE(20), 2400);
  });

  test('interactive shell v2 (no command): prompt, PTY echo, one command per line, exit on close-stdin', async () => {
    const line = encodeShellPacket(ShellId.stdin, Buffer.from('echo hi\n'));
    const { io, session } = await open('shell,v2,TERM=xterm,pty:', [line]);
    await session!.input(encodeShellPacket(ShellId.closeStdin));
    await io.done();
    const r = shellPackets(io.bytes());
    assert.equal(r.exit, 0);
    assert.equal(r.stdout, 'glance_virtual:/ $ echo hi\nhi\nglance_virtual:/ $ ');
  });

  test('refuses services it does not have; tcp: only where a server listens', async () => {
    for (const s of ['reboot:', 'root:', 'remount:', 'tcp:9', 'localabstract:foo', 'jdwp:1']) {
      assert.equal((await open(s)).session, undefined, s);
    }
    const echo = await open('tcp:7777', [Buffer.from('abc')]);
    assert.equal(echo.io.bytes().toString(), 'abc');
  });

  test('arbitrary service names and garbage input never throw out of the device (fuzz)', async () => {
    const dev = createVirtualDevice();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('sync:', 'shell,v2,pty:', 'shell:', 'tcp:7777', 'tcp:8080')),
        fc.array(fc.uint8Array({ maxLength: 64 }), { maxLength: 4 }),
        async (service, inputs) => {
          const io = new RecordingIO();
          const session = dev.services.open(service, io);
          for (const d of inputs) await session?.input(d);
          session?.closed();
          await new Promise((r) => setImmediate(r));
        },
      ),
      { numRuns: 300 },
    );
  });

  test('closing a shell stream aborts the running command', async () => {
    const dev = createVirtualDevice();
    const io = new RecordingIO();
    const session = dev.services.open('shell,v2,raw:sleep 30; echo late', io)!;
    const t = Date.now();
    setTimeout(() => session.closed(), 30);
    await new Promise((r) => setTimeout(r, 200));
    assert.ok(Date.now() - t < 5000);
    assert.equal(shellPackets(io.bytes()).stdout, '', 'nothing after the abort');
  });
});
