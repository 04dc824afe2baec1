/**
 * The one interface device logic talks to: the adb server's smart sockets and a direct TCP
 * connection to a device both implement it, so nothing above assumes which one it has.
 */

import type { CallOptions } from './call.js';
import type { ByteStream } from './stream.js';

/** One line of `adb devices -l`. */
export interface DeviceInfo {
  serial: string;
  /** `device`, `offline`, `unauthorized`, `authorizing`, `connecting`, `recovery`, `no permissions (…)`, … */
  state: string;
  product?: string;
  model?: string;
  device?: string;
  transportId?: number;
}

export interface AdbTransport {
  /** Devices this transport can reach (a direct transport reaches exactly one). */
  devices(options?: CallOptions): Promise<DeviceInfo[]>;
  /** Feature names the device announced (`shell_v2`, `stat_v2`, `ls_v2`, …). */
  features(serial: string, options?: CallOptions): Promise<string[]>;
  /**
   * Open an ADB service stream (`shell,v2,raw:ls`, `exec:screencap -p`, `sync:`, `tcp:8080`…). The options bound
   * the opening only; afterwards the caller owns the stream and must close it. Reads reject with
   * ADB_DEVICE_GONE / ADB_SERVER_RESTARTED when the connection dies instead of ending quietly.
   */
  openService(serial: string, service: string, options?: CallOptions): Promise<ByteStream>;
  /** Release connections (the direct transport's socket); the adb server keeps running. */
  close(): void;
}

/**
 * Parse `host:devices-l` text. A line is `SERIAL<ws>STATE[ key:value…]`; the state may contain spaces
 * (`no permissions (…); see [http://…]`), so it runs until the first `key:value` word.
 */
export function parseDeviceList(text: string): DeviceInfo[] {
  const out: DeviceInfo[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.length === 0 || line.startsWith('List of devices') || line.startsWith('*')) continue;
    const words = line.split(/\s+/);
    const serial = words[0] as string;
    let i = 1;
    const state: string[] = [];
    while (i < words.length && !/^[a-z_]+:\S*$/i.test(words[i] as string)) state.push(words[i++] as string);
    const info: DeviceInfo = { serial, state: state.join(' ') };
    for (; i < words.length; i++) {
      const w = words[i] as string;
      const colon = w.indexOf(':');
      const key = w.slice(0, colon);
      const value = w.slice(colon + 1);
      if (key === 'product') info.product = value;
      else if (key === 'model') info.model = value;
      else if (key === 'device') info.device = value;
      else if (key === 'transport_id' && /^\d+$/.test(value)) info.transportId = Number(value);
    }
    out.push(info);
  }
  return out;
}
