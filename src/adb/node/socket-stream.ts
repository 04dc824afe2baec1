/**
 * node:net adapter: a TCP socket as a ByteStream, and a dialer. The only place (with the other files in this
 * folder) that touches node:net. Nagle is off on every socket: with it each ADB round trip costs ~40 ms
 * (delayed ACK against small packets; measured against a local adb server).
 */

import { connect, type Socket } from 'node:net';
import { GlanceError } from '../../errors.js';
import { ChunkQueue, type ByteStream } from '../stream.js';

/** Pause the socket when this much is buffered unread, resume below a quarter of it. */
const HIGH_WATER = 4 * 1024 * 1024;

export function socketStream(socket: Socket): ByteStream {
  socket.setNoDelay(true);
  const queue = new ChunkQueue((_chunk, queued) => {
    if (queued < HIGH_WATER / 4 && socket.isPaused()) socket.resume();
  });
  socket.on('data', (chunk: Buffer) => {
    queue.push(chunk);
    if (queue.size > HIGH_WATER) socket.pause();
  });
  socket.on('end', () => queue.end());
  socket.on('error', (e) => queue.end(e));
  socket.on('close', () => queue.end());
  return {
    write(data) {
      return new Promise<void>((resolve, reject) => {
        if (socket.destroyed || !socket.writable) {
          reject(new GlanceError('ADB_DEVICE_GONE', 'socket closed', { hint: 'the peer disconnected' }));
          return;
        }
        socket.write(data, (err) => (err ? reject(err) : resolve()));
      });
    },
    read: () => queue.read(),
    close() {
      socket.destroy();
      queue.end();
    },
  };
}

export interface DialOptions {
  host: string;
  port: number;
  signal?: AbortSignal;
}

/** Open a TCP connection; rejects with the raw socket error (callers map ECONNREFUSED to their code). */
export function dialTcp(options: DialOptions): Promise<ByteStream> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: options.host, port: options.port });
    const onAbort = (): void => {
      socket.destroy();
      reject(new GlanceError('ABORTED', 'connect aborted', { cause: options.signal?.reason }));
    };
    const onError = (e: Error): void => {
      options.signal?.removeEventListener('abort', onAbort);
      reject(e);
    };
    if (options.signal?.aborted) return onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    socket.once('connect', () => {
      options.signal?.removeEventListener('abort', onAbort);
      // From here on socketStream's own listener reports errors.
      socket.removeListener('error', onError);
      resolve(socketStream(socket));
    });
    socket.once('error', onError);
  });
}
