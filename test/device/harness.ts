// Shared pieces for the device tests: the login fixture scenario, an in-process AdbPort over a virtual
// device (no ADB framing: fast unit tests of AdbDevice + actions), and an in-memory dump store.
import { fileURLToPath } from 'node:url';
import { AdbDevice, type AdbPort } from '../../src/device/adb-device.js';
import type { DumpStore } from '../../src/device/actions/index.js';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/device.js';

export const LOGIN_SCENARIO = fileURLToPath(new URL('./fixtures/login/', import.meta.url));

export function inProcessPort(vd: VirtualDevice, serial = 'virtual-inproc'): AdbPort & { commands: string[] } {
  const commands: string[] = [];
  return {
    serial,
    commands,
    async shell(command, opts = {}) {
      commands.push(command);
      return vd.run(command, opts.signal ? { signal: opts.signal } : {});
    },
    async exec(command, opts = {}) {
      commands.push(`exec:${command}`);
      return (await vd.run(command, opts.signal ? { signal: opts.signal } : {})).stdout;
    },
  };
}

export function memoryStore(): DumpStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    load: async (k) => map.get(k),
    save: async (k, d) => void map.set(k, d),
  };
}

export function loginDevice(): { vd: VirtualDevice; port: ReturnType<typeof inProcessPort>; device: AdbDevice } {
  const vd = createVirtualDevice({ scenario: LOGIN_SCENARIO });
  const port = inProcessPort(vd);
  return { vd, port, device: new AdbDevice(port, { retryDelayMs: 10 }) };
}
