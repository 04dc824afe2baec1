// A misbehaving adb server on a local port: speaks the smart-socket framing but answers with whatever the test
// scripts (WHAT, FAIL that keeps the socket open, a service that streams without end). Records whether the
// client closed each connection.
import { createServer, type Server, type Socket } from 'node:net';

export type Reply = (request: string, socket: Socket) => void;

export interface FakeAdbServer {
  port: number;
  /** Connections the client has closed (its side ended). */
  closedByClient(): number;
  connections(): number;
  close(): Promise<void>;
}

const okay = (text: string): Buffer =>
  Buffer.concat([Buffer.from('OKAY'), Buffer.from(text.length.toString(16).padStart(4, '0')), Buffer.from(text)]);
export const fail = (text: string): Buffer =>
  Buffer.concat([Buffer.from('FAIL'), Buffer.from(text.length.toString(16).padStart(4, '0')), Buffer.from(text)]);

/**
 * Answers host:devices-l and host:features for one shell_v2 device `fake`, then `reply` for the rest; with
 * `device: false`, `reply` answers every request.
 */
export async function fakeAdbServer(reply: Reply, opts: { device?: boolean; devicesList?: string } = {}): Promise<FakeAdbServer> {
  const device = opts.device ?? true;
  const list = opts.devicesList ?? 'fake                   device product:p model:m device:d transport_id:1\n';
  let closed = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('end', () => closed++);
    socket.on('close', () => sockets.delete(socket));
    let buf = Buffer.alloc(0);
    let piped = false;
    socket.on('data', (d: Buffer) => {
      if (piped) return;
      buf = Buffer.concat([buf, d]);
      while (buf.length >= 4) {
        const n = parseInt(buf.subarray(0, 4).toString('latin1'), 16);
        if (buf.length < 4 + n) return;
        const request = buf.subarray(4, 4 + n).toString();
        buf = buf.subarray(4 + n);
        if (!device) {
          piped = true;
          reply(request, socket);
        } else if (request === 'host:devices-l') socket.write(okay(list));
        else if (/^host(-serial:fake)?:features$/.test(request)) socket.write(okay('shell_v2,cmd'));
        else if (/^host:transport(:fake|-any)$/.test(request)) socket.write('OKAY');
        else {
          piped = true;
          reply(request, socket);
        }
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : 0,
    closedByClient: () => closed,
    connections: () => sockets.size,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

/** OKAY, then `chunk` written again and again, respecting the socket's back-pressure, until the client leaves. */
export function streamForever(chunk: Buffer): Reply {
  return (_request, socket) => {
    socket.write('OKAY');
    const pump = (): void => {
      while (!socket.destroyed && socket.write(chunk));
      if (!socket.destroyed) socket.once('drain', pump);
    };
    pump();
  };
}
