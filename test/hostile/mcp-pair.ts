// An MCP client and the Glance MCP server in one process over the SDK's linked in-memory transports.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { readFile, writeFile } from 'node:fs/promises';
import { createMcpServer, type McpOptions } from '../../src/mcp/server.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { createDeviceProvider } from '../../src/device/provider.js';

export interface CallResult {
  content: Array<{ type: string; text?: string }>;
  isError?: boolean;
}

export async function mcpPair(overrides: Partial<McpOptions> = {}) {
  const devices = createDeviceProvider({ ANDROID_ADB_SERVER_PORT: '1' });
  const server = createMcpServer({
    devices,
    snapshots: memorySnapshotStore(),
    defaultSerial: undefined,
    readFile: (p) => readFile(p, 'utf8'),
    writeFile: (p, d) => writeFile(p, d),
    ...overrides,
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: 'hostile-test', version: '1.0.0' });
  await client.connect(clientSide);
  return {
    call: async (name: string, args: Record<string, unknown>) => (await client.callTool({ name, arguments: args })) as CallResult,
    text: (r: CallResult) => r.content.map((c) => c.text ?? '').join('\n'),
    async close() {
      await client.close();
      await server.close();
      await devices.close();
    },
  };
}
