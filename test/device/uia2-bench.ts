// One real adb server for a test file, with the virtual phones it starts and the UiAutomator2 devices over them:
// the set-up every UiAutomator2 test through the adb server shares. close() stops the devices' servers, the adb
// server and the phones, in that order (a server session is ended while its phone still answers).
import { AdbClient } from '../../src/adb/client.js';
import { createServerTransport } from '../../src/adb/node/host.js';
import { AdbDevice, type AdbPort } from '../../src/device/adb-device.js';
import { adbPort } from '../../src/device/adb-port.js';
import { Uia2Device, type BackendName } from '../../src/device/uia2/device.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { uia2PortOf } from '../../src/device/uia2/select.js';
import type { Uia2ServerOptions } from '../../src/device/uia2/server.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { slimUia2Apks } from './uia2-slim-apks.js';

export interface Uia2Rig {
  v: RunningVirtualDevice;
  d: Uia2Device;
  adb: AdbDevice;
  port: AdbPort;
}

export class Uia2Bench {
  private readonly phones: RunningVirtualDevice[] = [];
  private readonly devices: Uia2Device[] = [];

  private constructor(
    readonly h: AdbHarness,
    /** Whether the server's APKs are installed (tests that need the server skip without them). */
    readonly hasApks: boolean,
  ) {}

  static async start(): Promise<Uia2Bench> {
    const h = await AdbHarness.start();
    return new Uia2Bench(h, (await findUia2Apks()) !== undefined);
  }

  /**
   * A new virtual phone (the demo one unless `virtual` says otherwise), online on the adb server unless `online` is
   * false (for a test of the direct transport).
   */
  async phone(virtual: Parameters<typeof startVirtualDevice>[0] = {}, online = true): Promise<RunningVirtualDevice> {
    const v = await startVirtualDevice({ scenario: 'demo', ...virtual });
    this.phones.push(v);
    if (online) await this.h.connectOnline(v.serial);
    return v;
  }

  /** A port to `v` through the adb server, looked up by serial on each call. */
  portOf(v: RunningVirtualDevice): AdbPort {
    return adbPort(new AdbClient(createServerTransport({ env: this.h.env, port: this.h.port })).deviceBySerial(v.serial));
  }

  /** A UiAutomator2 device with `backend` over `v` (stopped by close()). */
  async device(v: RunningVirtualDevice, backend: BackendName, options: Uia2ServerOptions = {}): Promise<Uia2Rig> {
    const port = adbPort(await new AdbClient(createServerTransport({ env: this.h.env, port: this.h.port })).device({ serial: v.serial }));
    const adb = new AdbDevice(port, { retryDelayMs: 10 });
    return { v, d: this.track(new Uia2Device(adb, uia2PortOf(port)!, backend, { apks: slimUia2Apks, ...options })), adb, port };
  }

  /** A new phone and a UiAutomator2 device over it. */
  async setup(
    backend: BackendName,
    options: Uia2ServerOptions = {},
    virtual: Parameters<typeof startVirtualDevice>[0] = {},
  ): Promise<Uia2Rig> {
    return this.device(await this.phone(virtual), backend, options);
  }

  /** Has close() stop a device made elsewhere. */
  track(d: Uia2Device): Uia2Device {
    this.devices.push(d);
    return d;
  }

  async close(): Promise<void> {
    for (const d of this.devices) await d.close();
    await this.h.stop();
    for (const v of this.phones) await v.close();
  }
}
