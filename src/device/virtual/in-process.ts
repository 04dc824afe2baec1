/**
 * A virtual device driven in-process: an AdbDevice whose shell calls run straight in the virtual device's
 * shell, with no ADB framing. The same commands a phone would get, for benchmarks that replay thousands of
 * actions (the ADB wire itself is tested against the real adb server elsewhere).
 */
import { AdbDevice, type AdbPort } from '../adb-device.js';
import type { VirtualDevice } from './device.js';

export function inProcessPort(vd: VirtualDevice, serial: string): AdbPort {
  return {
    serial,
    shell: (command, opts = {}) => vd.run(command, opts.signal ? { signal: opts.signal } : {}),
    exec: async (command, opts = {}) => (await vd.run(command, opts.signal ? { signal: opts.signal } : {})).stdout,
  };
}

export function inProcessDevice(vd: VirtualDevice, serial = 'virtual-inproc'): AdbDevice {
  return new AdbDevice(inProcessPort(vd, serial), { retryDelayMs: 10 });
}
