/** Choosing one device the way the adb CLI does: `-s SERIAL`, else ANDROID_SERIAL, else the only one online. */

import { GlanceError } from '../errors.js';
import type { DeviceInfo } from './transport.js';

// Hints for the device states, shared with the server's FAIL texts (mapServerFailure) and the direct transport.
export const HINT_UNAUTHORIZED = 'accept the "Allow USB debugging?" prompt on the device, then retry';
export const HINT_OFFLINE = 'reconnect the device (or `adb reconnect`) and wait until `adb devices` says "device"';
export const HINT_CHOOSE_DEVICE = 'name one by its serial (or set ANDROID_SERIAL); the device list shows them';
export const NEXT_LIST_DEVICES = { tool: 'device_list' } as const;
export const HINT_NO_DEVICE = 'connect a device with USB debugging on, start an emulator, or `adb connect HOST:PORT`';

function stateError(d: DeviceInfo): GlanceError {
  if (d.state === 'unauthorized' || d.state === 'authorizing') {
    return new GlanceError('ADB_UNAUTHORIZED', `device ${d.serial} is ${d.state}`, {
      hint: HINT_UNAUTHORIZED,
      context: { serial: d.serial, state: d.state },
    });
  }
  return new GlanceError('ADB_OFFLINE', `device ${d.serial} is ${d.state || 'offline'}`, {
    hint: HINT_OFFLINE,
    context: { serial: d.serial, state: d.state },
  });
}

/**
 * The serial to use. `requested` wins over `envSerial` (pass `process.env.ANDROID_SERIAL`). Throws
 * ADB_NO_DEVICE, ADB_DEVICE_NOT_FOUND, ADB_MULTIPLE_DEVICES, ADB_UNAUTHORIZED or ADB_OFFLINE.
 */
export function resolveSerial(devices: readonly DeviceInfo[], requested?: string, envSerial?: string): string {
  const wanted = requested !== undefined && requested !== '' ? requested : envSerial || undefined;
  if (wanted !== undefined) {
    const d = devices.find((x) => x.serial === wanted);
    if (!d) {
      throw new GlanceError('ADB_DEVICE_NOT_FOUND', `device '${wanted}' not found`, {
        hint:
          devices.length === 0
            ? 'no device is connected; plug one in or `adb connect HOST:PORT`'
            : `connected: ${devices.map((x) => x.serial).join(', ')}`,
        context: { serial: wanted },
      });
    }
    if (d.state !== 'device') throw stateError(d);
    return d.serial;
  }
  if (devices.length === 0) {
    throw new GlanceError('ADB_NO_DEVICE', 'no devices/emulators found', {
      hint: HINT_NO_DEVICE,
    });
  }
  const online = devices.filter((d) => d.state === 'device');
  if (online.length === 1) return (online[0] as DeviceInfo).serial;
  if (online.length > 1) {
    throw new GlanceError('ADB_MULTIPLE_DEVICES', `more than one device/emulator (${online.length})`, {
      hint: HINT_CHOOSE_DEVICE,
      next: NEXT_LIST_DEVICES,
      context: { serials: online.map((d) => d.serial) },
    });
  }
  if (devices.length > 1) {
    throw new GlanceError('ADB_MULTIPLE_DEVICES', `more than one device/emulator (${devices.length}), none online`, {
      hint: HINT_CHOOSE_DEVICE,
      next: NEXT_LIST_DEVICES,
      context: { serials: devices.map((d) => d.serial) },
    });
  }
  throw stateError(devices[0] as DeviceInfo);
}
