// The device client's choices and limits over the in-memory transport (our device endpoint, no sockets): stat and
// list pick the v2 records when the device announces them, push stamps the current time, stdin reaches the
// command, output limits hold for pull, a shell stream that ends without its exit status is the device gone,
// and every call names itself when it times out.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AdbClient, type AdbDeviceClient } from '../../src/adb/client.js';
import { connectInMemory } from '../../src/adb/in-memory.js';
import type { DirectTransport } from '../../src/adb/direct-transport.js';
import { createSyncSession, makeStat, openShellService, type SyncFileSystem } from '../../src/adb/device-services.js';
import { ShellId, ShellPacketDecoder, encodeShellExit, encodeShellPacket } from '../../src/adb/shell-protocol.js';
import type { DeviceServices, ServiceSession } from '../../src/adb/services.js';
import type { SyncEntry, SyncStat } from '../../src/adb/sync-protocol.js';
import { rejected } from '../helpers/thrown.js';
import { FULL_FEATURES } from './fake-device.js';

/** Files as a real device reports them: listings include `.` and `..`; one file is larger than 4 GiB. */
class QuirkyFs implements SyncFileSystem {
  readonly stats = new Map<string, SyncStat>([
    ['/big', { mode: 0o100644, size: 5_000_000_000, mtime: 1_700_000_000, uid: 1000, gid: 1001 }],
    ['/d', { ...makeStat('dir', 4096, 1_600_000_000), uid: 0, gid: 0 }],
    // v1 STAT answers all zeros for a missing path; these are real records with zeros in some fields only.
    ['/mode0', { mode: 0, size: 5, mtime: 0 }],
    ['/mtime-only', { mode: 0, size: 0, mtime: 7 }],
    ['/empty', { mode: 0o100600, size: 0, mtime: 0 }],
    ['/zero', { mode: 0, size: 0, mtime: 0 }],
  ]);
  readonly data = new Map<string, { bytes: Buffer; mode: number; mtime: number }>([
    ['/f', { bytes: Buffer.from('0123456789abcdef'), mode: 0o100644, mtime: 1 }],
  ]);
  stat(path: string): SyncStat | undefined {
    const f = this.data.get(path);
    return f ? { mode: f.mode, size: f.bytes.length, mtime: f.mtime } : this.stats.get(path);
  }
  list(path: string): SyncEntry[] | undefined {
    if (path !== '/d') return undefined;
    const dir = this.stats.get('/d') as SyncStat;
    return [
      { name: '.', stat: dir },
      { name: '..', stat: dir },
      { name: 'big', stat: this.stats.get('/big') as SyncStat },
    ];
  }
  read(path: string): Uint8Array | undefined {
    return this.data.get(path)?.bytes;
  }
  write(path: string, bytes: Uint8Array, meta: { mode: number; mtime: number }): void {
    this.data.set(path, { bytes: Buffer.from(bytes), mode: meta.mode, mtime: meta.mtime });
  }
}

interface Options {
  features?: readonly string[];
  /** Services to answer before the usual shell and sync ones. */
  extra?: (service: string, io: Parameters<DeviceServices['open']>[1]) => ServiceSession | undefined;
}

function services(fs: SyncFileSystem, options: Options = {}): DeviceServices {
  return {
    banner: () => ({ product: 'quirky', model: 'Quirky_1', device: 'qk', features: options.features ?? FULL_FEATURES }),
    open(service, io) {
      const extra = options.extra?.(service, io);
      if (extra) return extra;
      if (service === 'sync:') return createSyncSession(fs, io);
      return openShellService(service, io, (command) => ({ stdout: Buffer.from(`${command}\n`), stderr: Buffer.alloc(0), exitCode: 0 }));
    },
  };
}

const transports: DirectTransport[] = [];
after(() => {
  for (const t of transports) t.close();
});

async function open(s: DeviceServices): Promise<AdbDeviceClient> {
  const t = await connectInMemory(s, { timeoutMs: 5000 });
  transports.push(t);
  return new AdbClient(t).device();
}

describe('device client', () => {
  test('devices() on the client lists what its transport lists', async () => {
    const t = await connectInMemory(services(new QuirkyFs()), { timeoutMs: 5000 });
    transports.push(t);
    assert.deepEqual(await new AdbClient(t).devices(), [
      { serial: 'memory', state: 'device', product: 'quirky', model: 'Quirky_1', device: 'qk' },
    ]);
  });

  test('stat: STA2 where the device has stat_v2 (64-bit sizes, owner), STAT otherwise (32-bit fields only)', async () => {
    const v2 = await open(services(new QuirkyFs()));
    const big = await v2.stat('/big');
    assert.deepEqual([big?.size, big?.uid, big?.gid, big?.error], [5_000_000_000, 1000, 1001, 0]);
    assert.equal(await v2.stat('/nothing'), undefined);
    const v1 = await open(services(new QuirkyFs(), { features: ['shell_v2'] }));
    assert.deepEqual(await v1.stat('/big'), { mode: 0o100644, size: 5_000_000_000 % 2 ** 32, mtime: 1_700_000_000 });
    assert.equal(await v1.stat('/nothing'), undefined);
  });

  test('stat v1: only an all-zero record means "no such path"', async () => {
    const v1 = await open(services(new QuirkyFs(), { features: ['shell_v2'] }));
    assert.equal(await v1.stat('/zero'), undefined);
    assert.deepEqual(await v1.stat('/mode0'), { mode: 0, size: 5, mtime: 0 });
    assert.deepEqual(await v1.stat('/mtime-only'), { mode: 0, size: 0, mtime: 7 });
    assert.deepEqual(await v1.stat('/empty'), { mode: 0o100600, size: 0, mtime: 0 });
  });

  test('list: LIS2 where the device has ls_v2, LIST otherwise; "." and ".." are left out', async () => {
    const v2 = await open(services(new QuirkyFs()));
    const entries = await v2.list('/d');
    assert.deepEqual(
      entries.map((e) => [e.name, e.stat.size, e.stat.uid]),
      [['big', 5_000_000_000, 1000]],
    );
    const v1 = await open(services(new QuirkyFs(), { features: ['shell_v2'] }));
    assert.deepEqual(await v1.list('/d'), [{ name: 'big', stat: { mode: 0o100644, size: 5_000_000_000 % 2 ** 32, mtime: 1_700_000_000 } }]);
  });

  test('push stamps the current time unless given one, in seconds', async () => {
    const fs = new QuirkyFs();
    const d = await open(services(fs));
    const before = Math.floor(Date.now() / 1000);
    await d.push('/now', Buffer.from('x'));
    const after = Math.floor(Date.now() / 1000);
    const stamped = fs.data.get('/now')?.mtime ?? -1;
    assert.ok(stamped >= before && stamped <= after, `${stamped} not within ${before}..${after}`);
    await d.push('/then', Buffer.from('y'), { mtime: 1234, mode: 0o100755 });
    assert.deepEqual([fs.data.get('/then')?.mtime, fs.data.get('/then')?.mode], [1234, 0o100755]);
  });

  test('pull stops at its output limit, naming the path and the limit', async () => {
    const d = await open(services(new QuirkyFs()));
    assert.equal((await d.pull('/f', { maxOutputBytes: 16 })).toString(), '0123456789abcdef');
    const e = await rejected(d.pull('/f', { maxOutputBytes: 10 }));
    assert.deepEqual(
      [e.code, e.message, e.context],
      ['ADB_OUTPUT_TOO_LARGE', 'pull /f returned more than 10 bytes', { maxOutputBytes: 10 }],
    );
  });

  test('stdin bytes reach the command (shell v2) as one packet, then stdin is closed; no stdin, no packet', async () => {
    // `cat` on this device answers once stdin is closed, with what it received; it records the packet ids.
    const seen: number[][] = [];
    const d = await open(
      services(new QuirkyFs(), {
        extra: (service, io) => {
          if (service !== 'shell,v2,raw:cat') return undefined;
          const ids: number[] = [];
          seen.push(ids);
          const decoder = new ShellPacketDecoder();
          const got: Uint8Array[] = [];
          return {
            input(data) {
              for (const p of decoder.push(data)) {
                ids.push(p.id);
                if (p.id === ShellId.stdin) got.push(p.data);
                if (p.id === ShellId.closeStdin) {
                  void io
                    .write(Buffer.concat([encodeShellPacket(ShellId.stdout, Buffer.concat(got)), encodeShellExit(0)]))
                    .then(() => io.close());
                }
              }
            },
            closed: () => undefined,
          };
        },
      }),
    );
    const r = await d.shell('cat', { stdin: Buffer.from('typed in\n') });
    assert.deepEqual([r.stdout.toString(), r.exitCode], ['typed in\n', 0]);
    const none = await d.shell('cat', { stdin: new Uint8Array(0) });
    assert.deepEqual([none.stdout.toString(), none.exitCode], ['', 0]);
    const omitted = await d.shell('cat');
    assert.deepEqual([omitted.stdout.toString(), omitted.exitCode], ['', 0]);
    assert.deepEqual(seen, [[ShellId.stdin, ShellId.closeStdin], [ShellId.closeStdin], [ShellId.closeStdin]]);
  });

  test('a shell v2 stream that ends before the exit status is ADB_DEVICE_GONE', async () => {
    const d = await open(
      services(new QuirkyFs(), {
        extra: (service, io) => {
          if (!service.startsWith('shell,v2')) return undefined;
          void io.write(encodeShellPacket(ShellId.stdout, Buffer.from('partial'))).then(() => io.close());
          return { input: () => undefined, closed: () => undefined };
        },
      }),
    );
    const e = await rejected(d.shell('anything'));
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_DEVICE_GONE',
      message: 'memory: stream ended while reading shell output (no exit status)',
      hint: 'the device disconnected mid-command; reconnect and retry',
      context: { serial: 'memory' },
    });
  });

  test('a sync reply cut short is the device gone, naming what was being read', async () => {
    const d = await open(
      services(new QuirkyFs(), {
        extra: (service, io) => {
          if (service !== 'sync:') return undefined;
          // Half a STAT reply, then the stream ends.
          return { input: () => void io.write(Buffer.from('STAT\0\0')).then(() => io.close()), closed: () => undefined };
        },
        features: ['shell_v2'],
      }),
    );
    const e = await rejected(d.stat('/x'));
    assert.deepEqual(e.toJSON(), {
      code: 'ADB_DEVICE_GONE',
      message: 'memory: stream ended while reading STAT reply',
      hint: 'the device disconnected mid-command; reconnect and retry',
      context: { serial: 'memory' },
    });
  });

  test('every call names itself (and its argument) when it times out', async () => {
    // A device that accepts every service and never answers.
    const silent: DeviceServices = {
      banner: () => ({ product: 'p', model: 'm', device: 'd', features: FULL_FEATURES }),
      open: () => ({ input: () => undefined, closed: () => undefined }),
    };
    const d = await open(silent);
    const timedOut = async (p: Promise<unknown>): Promise<string> => {
      const e = await rejected(p);
      assert.equal(e.code, 'TIMEOUT', e.message);
      return e.message;
    };
    const t = { timeoutMs: 30 };
    assert.deepEqual(
      [
        await timedOut(d.shell('sleep 9', t)),
        await timedOut(d.exec('screencap -p', t)),
        await timedOut(d.stat('/a', t)),
        await timedOut(d.list('/b', t)),
        await timedOut(d.pull('/c', t)),
        await timedOut(d.push('/d', Buffer.from('x'), t)),
      ],
      [
        'shell sleep 9 timed out after 30 ms',
        'exec screencap -p timed out after 30 ms',
        'stat /a timed out after 30 ms',
        'ls /b timed out after 30 ms',
        'pull /c timed out after 30 ms',
        'push /d timed out after 30 ms',
      ],
    );
  });
});
