/**
 * The virtual device on a TCP port: the one file of device/virtual/ that touches the network (through
 * adb/node), so the virtual phone itself stays free of node I/O and runs in-process as well.
 */
import { listenDevice } from '../../../adb/node/listen.js';
import { throwIfAborted } from '../../../errors.js';
import { createVirtualDevice, type VirtualDevice, type VirtualDeviceOptions } from '../device.js';

export interface StartVirtualDeviceOptions extends VirtualDeviceOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  host?: string;
  signal?: AbortSignal;
  /** Connection-level failures (garbage bytes, dropped hosts), for logs. */
  onError?: (error: unknown) => void;
}

export interface RunningVirtualDevice {
  /** What `adb devices` lists after `adb connect`: `127.0.0.1:PORT`. */
  serial: string;
  port: number;
  device: VirtualDevice;
  close(): Promise<void>;
}

/** Serves a virtual device on 127.0.0.1:PORT until `close()` or the signal aborts. */
export async function startVirtualDevice(opts: StartVirtualDeviceOptions = {}): Promise<RunningVirtualDevice> {
  throwIfAborted(opts.signal);
  const host = opts.host ?? '127.0.0.1';
  const device = createVirtualDevice(opts);
  const listener = await listenDevice({
    port: opts.port ?? 0,
    host,
    services: device.services,
    ...(opts.signal === undefined ? {} : { signal: opts.signal }),
    ...(opts.onError === undefined ? {} : { onError: opts.onError }),
  });
  const serial = `${host}:${listener.port}`;
  if (opts.serial === undefined) device.props.set('ro.serialno', serial);
  return { serial, port: listener.port, device, close: () => listener.close() };
}
