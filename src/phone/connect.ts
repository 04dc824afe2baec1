/**
 * `connect()`: three lines from import to a driven phone. The tool registry (and with it zod and every tool)
 * loads on the first connect, not on import, so importing the library stays cheap.
 */
import { createDeviceProvider, type DeviceProvider } from '../device/provider.js';
import type { Phone } from './phone.js';
import type { BackendName } from '../device/uia2/device.js';

export interface ConnectOptions {
  /** Device serial (`emulator-5554`, `HOST:PORT`, `direct:HOST:PORT`); else ANDROID_SERIAL, else the only device. */
  serial?: string;
  /** Environment read for ANDROID_SERIAL, ANDROID_ADB_SERVER_PORT, ADB_PATH and GLANCE_DIRECT (default process.env). */
  env?: Record<string, string | undefined>;
  /**
   * How an Android screen is read: `auto` (Appium's UiAutomator2 server when it can be installed and started, else
   * `uiautomator dump`), `uia2` or `dump`. Default: GLANCE_BACKEND, else `dump`.
   */
  backend?: BackendName;
  /** Where devices come from (default: the adb server and direct connections, configured by `env`). */
  devices?: DeviceProvider;
  signal?: AbortSignal;
}

/** Picks the device (coded errors when there is none, or several and no serial) and returns a Phone over it. */
export async function connect(options: ConnectOptions = {}): Promise<Phone> {
  const base = options.env ?? process.env;
  const env = options.backend === undefined ? base : { ...base, GLANCE_BACKEND: options.backend };
  const devices = options.devices ?? createDeviceProvider(env);
  const signal = options.signal ?? new AbortController().signal;
  try {
    const device = await devices.get(options.serial ?? env['ANDROID_SERIAL'], { signal });
    const { createPhone } = await import('./phone.js');
    return createPhone({ serial: device.serial, devices, ownsDevices: options.devices === undefined });
  } catch (e) {
    if (options.devices === undefined) await devices.close?.();
    throw e;
  }
}
