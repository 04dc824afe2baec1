/** The session a task world acts through: one device, its own refs, no files. */
import type { Device } from '../../device/types.js';
import { createSession, type Session } from '../../tools/session.js';

export function deviceSession(device: Device): Session {
  return createSession({
    devices: { get: async () => device, list: async () => [{ serial: device.serial, state: 'device' }] },
    serial: device.serial,
    name: 'task worlds',
  });
}
