// UiAutomator2 devices over the virtual demo phone's direct transport (no adb server), for the tests of what the
// backend promises its callers. Each device comes with the phone's own record of every tap and key that reached
// it, whichever way it came (the server's gestures or `input`): the witness that a touch was sent once, or not at
// all. close() stops the devices' servers before their phones.
import { DirectPort } from '../../src/device/direct-port.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { Uia2Device, type BackendName } from '../../src/device/uia2/device.js';
import { findUia2Apks } from '../../src/device/uia2/package.js';
import { uia2PortOf } from '../../src/device/uia2/select.js';
import type { Uia2Port, Uia2ServerOptions } from '../../src/device/uia2/server.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { tempDir } from '../helpers/temp.js';
import { slimUia2Apks } from './uia2-slim-apks.js';

export interface DirectUia2Device<P extends Uia2Port> {
  v: RunningVirtualDevice;
  d: Uia2Device;
  /** The port the device reaches its server through (as `wrap` made it). */
  up: P;
  /** `x,y` of every tap the phone received, in order. */
  taps: string[];
  /** Every key the phone received, in order. */
  keys: string[];
}

export class DirectUia2 {
  private readonly closers: Array<() => Promise<void> | void> = [];
  private readonly env: { HOME: string };

  private constructor(
    /** Whether the server's APKs are installed (tests that need the server skip without them). */
    readonly hasApks: boolean,
    home: string,
  ) {
    this.env = { HOME: home };
  }

  /** `home`: the prefix of the HOME folder (adb keys) the direct transports use. */
  static async start(home: string): Promise<DirectUia2> {
    return new DirectUia2((await findUia2Apks()) !== undefined, tempDir(home));
  }

  /** A new demo phone and a `backend` device over it; `wrap` stands between the device and its server's port. */
  async device(backend: BackendName, options?: Uia2ServerOptions): Promise<DirectUia2Device<Uia2Port>>;
  async device<P extends Uia2Port>(
    backend: BackendName,
    options: Uia2ServerOptions,
    wrap: (p: Uia2Port) => P,
  ): Promise<DirectUia2Device<P>>;
  async device(
    backend: BackendName,
    options: Uia2ServerOptions = {},
    wrap = (p: Uia2Port): Uia2Port => p,
  ): Promise<DirectUia2Device<Uia2Port>> {
    const v = await startVirtualDevice({ scenario: 'demo' });
    this.closers.push(() => v.close());
    const port = new DirectPort('127.0.0.1', v.port, this.env);
    const up = wrap(uia2PortOf(port)!);
    const d = new Uia2Device(new AdbDevice(port, { retryDelayMs: 10 }), up, backend, { apks: slimUia2Apks, ...options });
    this.closers.push(
      () => port.close(),
      () => d.close(),
    );
    const phone = v.device.state;
    const taps: string[] = [];
    const keys: string[] = [];
    const tap = phone.tap.bind(phone);
    phone.tap = (x, y) => {
      taps.push(`${x},${y}`);
      tap(x, y);
    };
    const key = phone.key.bind(phone);
    phone.key = (name) => {
      keys.push(name);
      key(name);
    };
    return { v, d, up, taps, keys };
  }

  /** Each device's server, then its transport, then its phone: in the reverse of the order they were made. */
  async close(): Promise<void> {
    for (const c of this.closers.reverse()) await c();
  }
}
