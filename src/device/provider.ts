/**
 * The device composition root: picks the Device to act on from a serial. Devices sit behind the adb server
 * (ANDROID_ADB_SERVER_PORT, else 5037; started with the adb binary — ADB_PATH, else PATH — when it is not
 * running), or are reached directly over TCP without a server when the serial is `direct:HOST:PORT` (or
 * GLANCE_DIRECT=HOST:PORT is set); iOS devices behind WebDriverAgent are `wda:URL` (or GLANCE_WDA_URL). Each Android device is an AdbDevice over Glance's own ADB client; nothing here runs
 * the adb binary except to start the server. The CLI, the MCP server and `connect()` all build on this.
 */
import { AdbClient } from '../adb/client.js';
import { adbServerPort, createServerTransport } from '../adb/node/host.js';
import { isGlanceError } from '../errors.js';
import { AdbDevice, type AdbPort } from './adb-device.js';
import { adbPort } from './adb-port.js';
import { DIRECT_PREFIX, DirectPort, parseHostPort, type Env } from './direct-port.js';
import type { Diagnosable, DoctorCheck } from './doctor.js';
import { probeSetup } from './probe.js';
import { sleep } from './sleep.js';
import type { Device } from './types.js';
import { WDA_PREFIX, WdaDevice } from './wda/device.js';
import { backendFrom, backendChecks, withBackend } from './uia2/select.js';
import type { BackendName, Uia2Device } from './uia2/device.js';

export interface DeviceSummary {
  serial: string;
  state: string;
  model?: string;
  product?: string;
}

export interface DeviceProvider {
  /** The device to act on: by serial, else the only one connected (coded errors otherwise). */
  get(serial: string | undefined, opts: { signal: AbortSignal }): Promise<Device>;
  /** Every device the provider can see, for `glance devices` / device_list. */
  list(opts: { signal: AbortSignal }): Promise<DeviceSummary[]>;
  /** Releases connections the provider keeps (direct transports, backend servers), so a process can exit at once. */
  close?(): void | Promise<void>;
}

export interface AdbDeviceProvider extends DeviceProvider, Diagnosable {
  /**
   * Reads screens with `backend` from now on, on the devices already open too (a server left behind is stopped,
   * so its UiAutomation connection is free): one provider serves calls that ask for different backends. With
   * `device` (one this provider gave), only that device switches, and with `'new'` only the devices made from now
   * on read that way: a call on one phone never stops the server another phone's call is reading through.
   */
  useBackend(backend: BackendName, opts: { signal: AbortSignal; device?: Device | 'new' }): Promise<void>;
  /**
   * The device this provider already made for `serial` (undefined: the only one it made), without asking the adb
   * server anything; undefined when it made none (or, for no serial, several).
   */
  made(serial: string | undefined): Device | undefined;
  /**
   * Stops the UiAutomator2 servers it started (their sessions deleted, so `uiautomator dump` works right after) and
   * closes direct connections (server connections close after every request anyway).
   */
  close(): Promise<void>;
}

/** A fresh TCP device is `connecting`/`offline` until its CNXN handshake is done: polled this often, this long. */
const ONLINE_POLL_MS = 100;
const ONLINE_POLLS = 30;

export interface ProviderOptions {
  /**
   * The screen backend when GLANCE_BACKEND does not name one: `dump` (default) for a process that reads a
   * screen once, `auto` for one that keeps its devices (the CLI's daemon, an MCP server).
   */
  defaultBackend?: BackendName;
}

/** The provider over the adb server and direct connections, configured by `env` (default: process.env). */
export function createDeviceProvider(env: Env = process.env, options: ProviderOptions = {}): AdbDeviceProvider {
  const serverPort = adbServerPort(env);
  const server = createServerTransport({ env, port: serverPort });
  const client = new AdbClient(server);
  const cache = new Map<string, Device>();
  const directs = new Map<string, DirectPort>();
  const defaultDirect = env['GLANCE_DIRECT'];
  const defaultWda = env['GLANCE_WDA_URL'];
  // Read on first use, so a bad GLANCE_BACKEND is a coded error of the call that needs a device.
  let backend: BackendName | undefined;
  const backendNow = (): BackendName => (backend ??= backendFrom(env, options.defaultBackend));
  const backed = new Set<Uia2Device>();
  /** An Android device over `port`, its screen read by the backend asked for (GLANCE_BACKEND). */
  const android = (port: AdbPort): Device => withBackend(new AdbDevice(port), port, backendNow(), backed);

  /** `wda:URL` (or `wda:HOST:PORT`): an iOS device behind WebDriverAgent. */
  const wda = (address: string): Device => {
    const rest = address.startsWith(WDA_PREFIX) ? address.slice(WDA_PREFIX.length) : address;
    const url = /^https?:\/\//.test(rest) ? rest.replace(/\/$/, '') : `http://${rest}`;
    let d = cache.get(WDA_PREFIX + url);
    if (!d) cache.set(WDA_PREFIX + url, (d = new WdaDevice(url)));
    return d;
  };

  const direct = (address: string): Device => {
    const { host, port } = parseHostPort(address);
    const key = `${DIRECT_PREFIX}${host}:${port}`;
    let p = directs.get(key);
    if (!p) directs.set(key, (p = new DirectPort(host, port, env)));
    let d = cache.get(key);
    if (!d) cache.set(key, (d = android(p)));
    return d;
  };

  /** The server's handle for `serial`; `HOST:PORT` the server does not know yet is connected first, as `adb connect`. */
  const handleOf = async (serial: string | undefined, signal: AbortSignal) => {
    try {
      return await client.device({ ...(serial === undefined ? {} : { serial }), signal });
    } catch (e) {
      if (!(isGlanceError(e, 'ADB_DEVICE_NOT_FOUND') && serial !== undefined && /^[\w.-]+:\d+$/.test(serial))) throw e;
      await server.connect(serial, { signal });
      for (let i = 0; ; i++) {
        try {
          return await client.device({ serial, signal });
        } catch (e2) {
          if (i >= ONLINE_POLLS || !isGlanceError(e2, 'ADB_OFFLINE')) throw e2;
          await sleep(ONLINE_POLL_MS, signal);
        }
      }
    }
  };

  return {
    async get(serial, { signal }) {
      if (serial?.startsWith(WDA_PREFIX)) return wda(serial);
      if (serial === undefined && defaultWda) return wda(defaultWda);
      if (serial?.startsWith(DIRECT_PREFIX)) return direct(serial);
      if (serial === undefined && defaultDirect) return direct(defaultDirect);
      const handle = await handleOf(serial, signal);
      let d = cache.get(handle.serial);
      if (!d) cache.set(handle.serial, (d = android(adbPort(handle))));
      return d;
    },
    async list({ signal }) {
      if (defaultWda) {
        const d = wda(defaultWda);
        await d.screenSize({ signal });
        return [{ serial: d.serial, state: 'device' }];
      }
      if (defaultDirect) {
        const d = direct(defaultDirect);
        await d.shell('true', { signal });
        return [{ serial: d.serial, state: 'device' }];
      }
      const all = await client.devices({ signal });
      return all.map((d) => ({
        serial: d.serial,
        state: d.state,
        ...(d.model === undefined ? {} : { model: d.model }),
        ...(d.product === undefined ? {} : { product: d.product }),
      }));
    },
    async diagnose({ signal }): Promise<DoctorCheck[]> {
      const checks = await probeSetup({
        env,
        serverPort,
        signal,
        ...(defaultDirect ? { direct: { address: defaultDirect, device: direct(defaultDirect) } } : {}),
      });
      return [...checks, ...(await backendChecks(backendNow(), backed))];
    },
    made(serial) {
      if (serial !== undefined) return cache.get(serial);
      return cache.size === 1 ? [...cache.values()][0] : undefined;
    },
    async useBackend(name, { signal, device }) {
      if (device === 'new') {
        backend = name;
        return;
      }
      if (device !== undefined) {
        const own = [...backed].find((d) => d === device);
        if (own !== undefined) await own.use(name, { signal });
        return;
      }
      backend = name;
      await Promise.all([...backed].map((d) => d.use(name, { signal })));
    },
    async close() {
      const stops = [...backed].map((d) => d.close());
      backed.clear();
      // Direct connections close after the servers' goodbyes, which travel over them (a stop never rejects).
      await Promise.all(stops);
      for (const p of directs.values()) p.close();
    },
  };
}
