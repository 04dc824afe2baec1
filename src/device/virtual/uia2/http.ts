/**
 * HTTP/1.1 on `tcp:PORT` streams of the virtual device: each ADB stream becomes a node Duplex handed to a
 * node:http server as a connection, so keep-alive, pipelining and Content-Length/chunked bodies are node's
 * well-tested parser's business rather than a hand-written one. No socket is opened: the bytes come and go
 * through the ADB transport.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import { promisedWrites, withSocketStubs } from '../../stream-duplex.js';
import type { TcpHandler } from '../services.js';

export interface StreamHttpServer {
  /** Plug into the device's `tcp:` table. */
  tcp: TcpHandler;
  /** Ends every open connection (as a dying server process does). */
  closeAll(): void;
}

export function streamHttpServer(handler: (req: IncomingMessage, res: ServerResponse) => void): StreamHttpServer {
  const server = createServer({ keepAlive: true }, handler);
  // The server is never listen()ed: connections arrive by hand, and idle ones end with their ADB stream.
  server.keepAliveTimeout = 0;
  server.headersTimeout = 0;
  server.requestTimeout = 0;
  const open = new Set<Duplex>();
  const tcp: TcpHandler = (io) => {
    const sock = new Duplex({
      read() {},
      ...promisedWrites((chunk) => io.write(chunk)),
      final(cb) {
        io.close();
        cb();
      },
      destroy(err, cb) {
        open.delete(sock);
        io.close();
        cb(err);
      },
    });
    withSocketStubs(sock, { remoteAddress: '127.0.0.1' });
    sock.on('error', () => sock.destroy());
    open.add(sock);
    server.emit('connection', sock);
    return {
      input: (data) => void sock.push(Buffer.from(data)),
      closed: () => {
        sock.push(null);
        sock.destroy();
      },
    };
  };
  return {
    tcp,
    closeAll() {
      for (const s of [...open]) s.destroy();
    },
  };
}
