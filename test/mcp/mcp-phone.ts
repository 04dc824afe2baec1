// The demo phone as an MCP host meets it: the official SDK client over stdio spawning `glance mcp`, which reaches
// the virtual device through the real Debian adb server on its own port; or, where a process per test would only
// cost time, the server in this process over the SDK's linked transports. For tests and the bench.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createDeviceProvider } from '../../src/device/provider.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { createMcpServer, type McpOptions } from '../../src/mcp/server.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { devArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';

export type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
export interface CallResult {
  content: Content;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

/** A client on an MCP server: its calls, typed as results, and the clean-up of both ends. */
export interface McpSession {
  client: Client;
  call(name: string, args?: Record<string, unknown>): Promise<CallResult>;
  close(): Promise<void>;
}

export interface McpPhone {
  client: Client;
  phone: RunningVirtualDevice;
  call(name: string, args?: Record<string, unknown>): Promise<CallResult>;
  close(): Promise<void>;
}

/** The text parts of a result, joined as a host shows them to the model. */
export const textOf = (r: CallResult): string =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('\n');

/** Starts the demo phone, an adb server and `glance mcp ARGS` (e.g. `--root DIR`) with the SDK client on it. */
export async function startMcpPhone(args: readonly string[] = []): Promise<McpPhone> {
  const adb = await AdbHarness.start();
  let phone: RunningVirtualDevice | undefined;
  try {
    phone = await startVirtualDevice({ scenario: 'demo' });
    await adb.connect(phone.serial);
    const env = Object.fromEntries(
      Object.entries({ ...adb.env, ANDROID_SERIAL: phone.serial }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    const client = new Client({ name: 'glance-agent-script', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...devArgs, 'mcp', ...args],
        env,
        cwd: repoRoot,
        stderr: 'pipe',
      }),
    );
    const running = phone;
    return {
      client,
      phone: running,
      call: async (name, a = {}) => (await client.callTool({ name, arguments: a })) as CallResult,
      close: async () => {
        await client.close();
        await running.close();
        await adb.stop();
      },
    };
  } catch (e) {
    await phone?.close();
    await adb.stop();
    throw e;
  }
}

/**
 * Glance's MCP server in this process over the SDK's linked transports, the demo phone `phone` reached directly (no
 * adb server), the client announcing `capabilities`. Files are neither read nor written unless `options` says so.
 */
export async function connectInMemory(
  phone: RunningVirtualDevice,
  o: { name: string; capabilities?: Record<string, unknown>; options?: Partial<McpOptions> },
): Promise<McpSession> {
  const devices = createDeviceProvider({});
  const server = createMcpServer({
    devices,
    snapshots: memorySnapshotStore(),
    defaultSerial: `direct:${phone.serial}`,
    readFile: async () => '',
    writeFile: async () => undefined,
    ...o.options,
  });
  const [serverSide, clientSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: o.name, version: '1.0.0' }, { capabilities: o.capabilities ?? {} });
  await client.connect(clientSide);
  return {
    client,
    call: async (name, args = {}) => (await client.callTool({ name, arguments: args })) as CallResult,
    async close() {
      await client.close();
      await server.close();
      await devices.close();
    },
  };
}
