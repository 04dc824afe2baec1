/** The tool context a task world acts through: one device, its own refs, no files. */
import { GlanceError } from '../../errors.js';
import type { Device } from '../../device/types.js';
import type { ToolContext } from '../../tools/registry.js';
import { memorySnapshotStore } from '../../tools/store.js';

export function deviceContext(device: Device, signal: AbortSignal): ToolContext {
  return {
    signal,
    serial: device.serial,
    devices: { get: async () => device, list: async () => [{ serial: device.serial, state: 'device' }] },
    snapshots: memorySnapshotStore(),
    readFile: async () => {
      throw new GlanceError('INPUT_UNREADABLE', 'task worlds read no files');
    },
    writeFile: async () => {
      throw new GlanceError('INPUT_UNREADABLE', 'task worlds write no files');
    },
  };
}
