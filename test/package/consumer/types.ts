// Compiled only (never run): the public types fit together the way a library user combines them.
import { AdbClient, AdbDevice, adbPort, createDeviceProvider, createServerTransport, type Device, type ShellResult } from 'glance-mobile';
import { AdbDeviceClient, connectInMemory, type ShellOutput } from 'glance-mobile/adb';
import { snapshotFromDump, findElements, type SnapshotElement } from 'glance-mobile/snapshot';
import { startVirtualDevice } from 'glance-mobile/virtual';
import { allTools, callTool, type ToolDef } from 'glance-mobile/tools';
import { createMcpServer } from 'glance-mobile/mcp';
import { tokenReport } from 'glance-mobile/tokens';
import { privacyView } from 'glance-mobile/privacy';
import { mapDirectory } from 'glance-mobile/uimap';
// @ts-expect-error internal modules are not part of the package: the exports map keeps them out
import { run } from 'glance-mobile/dist/src/cli/main.js';

export async function adapters(serial: string): Promise<number> {
  // The ADB client's device drives an AdbDevice directly, or through the adapter.
  const handle: AdbDeviceClient = await new AdbClient(createServerTransport()).device({ serial });
  const a: Device = new AdbDevice(handle);
  const b: Device = new AdbDevice(adbPort(handle));
  const r: ShellResult = await a.shell('true');
  const raw: ShellOutput = await handle.shell('true');
  const code: number = r.exitCode;
  const rawCode: number | null = raw.exitCode;
  const fromProvider: Device = await createDeviceProvider().get(serial, { signal: new AbortController().signal });
  return code + (rawCode ?? 0) + (b === fromProvider ? 1 : 0);
}

export function pure(dump: string): SnapshotElement[] {
  const tools: readonly ToolDef[] = allTools;
  void [tools, callTool, createMcpServer, tokenReport, privacyView, mapDirectory, startVirtualDevice, connectInMemory, run];
  return findElements(snapshotFromDump(dump), 'Button');
}
