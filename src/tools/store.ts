import type { SnapshotStore } from './registry.js';

/** In-memory snapshot store (the MCP server and library sessions keep refs for their own lifetime). */
export function memorySnapshotStore(): SnapshotStore {
  const m = new Map<string, string>();
  return {
    load: async (k) => m.get(k),
    save: async (k, d) => {
      m.set(k, d);
    },
  };
}
