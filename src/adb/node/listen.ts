/**
 * A TCP listener that serves the device side of the ADB protocol: what `adb connect 127.0.0.1:PORT` talks to.
 * Each connection is served on its own (serveDevice never rejects), so garbage, abrupt disconnects or many
 * clients cannot take the process down.
 */

import { createServer, type Socket } from 'node:net';
import { randomBytes } from 'node:crypto';
import { serveDevice, type DeviceEndpointOptions } from '../device-endpoint.js';
import type { DeviceServices } from '../services.js';
import { socketStream } from './socket-stream.js';

export interface ListenDeviceOptions {
  /** 0 picks a free port. */
  port: number;
  host?: string;
  services: DeviceServices;
  signal?: AbortSignal;
  maxPayload?: number;
  /** Require RSA auth with these adb-format public keys (see DeviceEndpointOptions.auth). */
  authorizedKeys?: readonly string[];
  onPublicKey?: (key: string) => boolean;
  onError?: (error: unknown) => void;
}

export interface DeviceListener {
  readonly port: number;
  readonly host: string;
  /** Number of host connections currently open. */
  connections(): number;
  /** Stop listening and drop every connection. */
  close(): Promise<void>;
}

export function listenDevice(options: ListenDeviceOptions): Promise<DeviceListener> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const endpoint: DeviceEndpointOptions = {
    ...(options.maxPayload === undefined ? {} : { maxPayload: options.maxPayload }),
    ...(options.onError === undefined ? {} : { onError: options.onError }),
    ...(options.authorizedKeys === undefined
      ? {}
      : {
          auth: {
            authorizedKeys: options.authorizedKeys,
            randomToken: () => randomBytes(20),
            ...(options.onPublicKey === undefined ? {} : { onPublicKey: options.onPublicKey }),
          },
        }),
  };
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined); // reported through the stream; keep node from throwing
    socket.on('close', () => sockets.delete(socket));
    // One session per connection, for its whole life; serveDevice never rejects.
    void serveDevice(socketStream(socket), options.services, endpoint).finally(() => sockets.delete(socket));
  });
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> => {
    closing ??= new Promise<void>((resolve) => {
      server.close(() => resolve());
      for (const s of sockets) s.destroy();
    });
    return closing;
  };
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.removeListener('error', reject);
      server.on('error', (e) => options.onError?.(e));
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : options.port;
      if (options.signal) {
        if (options.signal.aborted) void close();
        else options.signal.addEventListener('abort', () => void close(), { once: true });
      }
      resolve({ port, host, connections: () => sockets.size, close });
    });
  });
}
