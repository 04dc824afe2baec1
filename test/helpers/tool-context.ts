// A tool context over one device and nothing else: a fresh in-memory store of latest screens, and no file access
// (a tool that reads or writes a file fails the test). For tests that call tools or observe the screen directly.
import type { Device } from '../../src/device/types.js';
import type { ToolContext } from '../../src/tools/registry.js';
import { memorySnapshotStore } from '../../src/tools/store.js';

const noFiles = (): Promise<never> => Promise.reject(new Error('this test reads and writes no files'));

export function deviceContext(device: Device): ToolContext {
  return {
    signal: new AbortController().signal,
    serial: undefined,
    devices: { get: () => Promise.resolve(device), list: () => Promise.resolve([]) },
    snapshots: memorySnapshotStore(),
    readFile: noFiles,
    writeFile: noFiles,
  };
}
