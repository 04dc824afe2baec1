/**
 * A host connection to DeviceServices in the same process, with no sockets: our device endpoint and our
 * direct transport joined by an in-memory stream pair. Same protocol path as TCP, minus the kernel.
 */

import { callOptionsOf, type CallOptions } from './call.js';
import { serveDevice, type DeviceEndpointOptions } from './device-endpoint.js';
import { DirectTransport } from './direct-transport.js';
import type { DeviceServices } from './services.js';
import { createStreamPair } from './stream.js';

export interface InMemoryOptions extends CallOptions {
  /** Serial the transport reports (default `memory`). */
  serial?: string;
  endpoint?: DeviceEndpointOptions;
}

export async function connectInMemory(services: DeviceServices, options: InMemoryOptions = {}): Promise<DirectTransport> {
  const [host, device] = createStreamPair();
  // Runs for the life of the connection; serveDevice never rejects.
  void serveDevice(device, services, options.endpoint ?? {});
  return DirectTransport.connect(host, { serial: options.serial ?? 'memory', ...callOptionsOf(options) });
}
