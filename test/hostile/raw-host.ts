// A raw ADB host over TCP for hostile-client tests: speaks CNXN/OPEN by hand and can stop reading its socket,
// which is what a misbehaving or malicious local client does to `glance virtual`.
import { connect, type Socket } from 'node:net';
import { A_CNXN, A_OPEN, A_VERSION, encodePacket } from '../../src/adb/packet.js';

export interface RawHost {
  socket: Socket;
  /** OPEN a service on a fresh local id. */
  open(service: string): void;
  /** Bytes received so far (while reading). */
  received(): number;
  destroy(): void;
}

/** Connects, sends CNXN (max payload 1 MiB) and, unless `read` is true, never reads a byte afterwards. */
export async function rawHost(port: number, opts: { read?: boolean } = {}): Promise<RawHost> {
  const socket = connect({ host: '127.0.0.1', port });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  socket.on('error', () => undefined);
  let got = 0;
  if (opts.read === true) socket.on('data', (d: Buffer) => (got += d.length));
  else socket.pause();
  socket.write(encodePacket({ command: A_CNXN, arg0: A_VERSION, arg1: 1024 * 1024, payload: Buffer.from('host::\0') }));
  let id = 1;
  return {
    socket,
    open: (service) => void socket.write(encodePacket({ command: A_OPEN, arg0: id++, arg1: 0, payload: Buffer.from(`${service}\0`) })),
    received: () => got,
    destroy: () => socket.destroy(),
  };
}
