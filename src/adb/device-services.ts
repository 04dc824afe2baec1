/**
 * Ready-made ServiceSessions for a device implementation: shell (v2 and legacy), exec, and sync over a small
 * file-system interface. A DeviceServices.open can delegate to these and only supply what commands do and
 * which files exist.
 */

import type { ServiceIO, ServiceSession } from './services.js';
import { ShellId, encodeShellExit, encodeShellPacket, parseShellServiceName } from './shell-protocol.js';
import {
  S_IFDIR,
  S_IFREG,
  SyncRequestDecoder,
  encodeDentV1,
  encodeDentV2,
  encodeListDone,
  encodeStatV1,
  encodeStatV2,
  encodeSyncDataChunks,
  encodeSyncDone,
  encodeSyncFail,
  encodeSyncOkay,
  type SyncEntry,
  type SyncRequest,
  type SyncStat,
} from './sync-protocol.js';

export interface ShellResult {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

/** Runs one command line on the device (whatever "running" means there). */
export type ShellRunner = (command: string) => ShellResult | Promise<ShellResult>;

/** Largest shell v2 packet we emit; adbd uses far smaller ones, any size is legal. */
const SHELL_CHUNK = 64 * 1024;

const noInput: ServiceSession = { input: () => undefined, closed: () => undefined };

/**
 * Answer `exec:`, `shell:` and `shell,v2,…:` with `run`; undefined for any other service name.
 * stdin is ignored: commands run as soon as the stream opens (what non-interactive `adb shell CMD` needs).
 */
export function openShellService(service: string, io: ServiceIO, run: ShellRunner): ServiceSession | undefined {
  const parsed = parseShellServiceName(service);
  if (!parsed) return undefined;
  const respond = async (): Promise<void> => {
    let result: ShellResult;
    try {
      result = await run(parsed.command);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      result = { stdout: new Uint8Array(0), stderr: Buffer.from(`${message}\n`), exitCode: 1 };
    }
    if (parsed.kind === 'shell-v2') {
      const packets: Uint8Array[] = [];
      for (const [id, data] of [
        [ShellId.stdout, result.stdout],
        [ShellId.stderr, result.stderr],
      ] as const) {
        for (let at = 0; at < data.length; at += SHELL_CHUNK) {
          packets.push(encodeShellPacket(id, data.subarray(at, Math.min(at + SHELL_CHUNK, data.length))));
        }
      }
      packets.push(encodeShellExit(result.exitCode));
      await io.write(Buffer.concat(packets));
    } else if (parsed.kind === 'shell') {
      // Legacy shell: one stream, stderr merged after stdout, no exit status.
      await io.write(Buffer.concat([result.stdout, result.stderr]));
    } else {
      await io.write(result.stdout);
    }
    io.close();
  };
  respond().catch(() => io.close());
  return noInput;
}

/** What a device's sync service needs from its file system. Paths are absolute device paths. */
export interface SyncFileSystem {
  /** undefined when the path does not exist. */
  stat(path: string): SyncStat | undefined | Promise<SyncStat | undefined>;
  /** Directory entries (without `.`/`..`); undefined when not a directory. */
  list(path: string): readonly SyncEntry[] | undefined | Promise<readonly SyncEntry[] | undefined>;
  /** File contents; undefined when missing. */
  read(path: string): Uint8Array | undefined | Promise<Uint8Array | undefined>;
  /** Store a pushed file; throw to make the push fail with the error's message. */
  write(path: string, data: Uint8Array, meta: { mode: number; mtime: number }): void | Promise<void>;
}

/** Answer a `sync:` stream from `fs` (STAT/STA2/LST2/LIST/LIS2/RECV/SEND/QUIT). */
export function createSyncSession(fs: SyncFileSystem, io: ServiceIO): ServiceSession {
  const decoder = new SyncRequestDecoder();
  let upload: { path: string; mode: number; chunks: Uint8Array[] } | undefined;
  let queue: Promise<void> = Promise.resolve();

  const handle = async (req: SyncRequest): Promise<void> => {
    switch (req.kind) {
      case 'STAT':
        return io.write(encodeStatV1(await fs.stat(req.path)));
      case 'STA2':
      case 'LST2':
        return io.write(encodeStatV2(req.kind, await fs.stat(req.path)));
      case 'LIST':
      case 'LIS2': {
        const v2 = req.kind === 'LIS2';
        const entries = (await fs.list(req.path)) ?? [];
        const parts = entries.map((e) => (v2 ? encodeDentV2(e) : encodeDentV1(e)));
        parts.push(encodeListDone(v2));
        return io.write(Buffer.concat(parts));
      }
      case 'RECV': {
        const data = await fs.read(req.path);
        if (!data) return io.write(encodeSyncFail('No such file or directory'));
        return io.write(Buffer.concat([...encodeSyncDataChunks(data), encodeSyncDone()]));
      }
      case 'SEND':
        upload = { path: req.path, mode: req.mode, chunks: [] };
        return;
      case 'DATA':
        if (!upload) throw new Error('sync DATA outside SEND');
        upload.chunks.push(Uint8Array.from(req.data));
        return;
      case 'DONE': {
        if (!upload) throw new Error('sync DONE outside SEND');
        const { path, mode, chunks } = upload;
        upload = undefined;
        try {
          await fs.write(path, Buffer.concat(chunks), { mode, mtime: req.mtime });
        } catch (e) {
          return io.write(encodeSyncFail(e instanceof Error ? e.message : String(e)));
        }
        return io.write(encodeSyncOkay());
      }
      case 'QUIT':
        io.close();
        return;
    }
  };

  return {
    input(data) {
      let requests: SyncRequest[];
      try {
        requests = decoder.push(data);
      } catch {
        io.close();
        return;
      }
      for (const req of requests) {
        queue = queue.then(() => handle(req)).catch(() => io.close());
      }
    },
    closed() {
      upload = undefined;
    },
  };
}

/** A `stat` record for a regular file or directory, for in-memory file systems. */
export function makeStat(kind: 'file' | 'dir', size: number, mtime: number, perm = kind === 'dir' ? 0o755 : 0o644): SyncStat {
  return { mode: (kind === 'dir' ? S_IFDIR : S_IFREG) | perm, size, mtime };
}
