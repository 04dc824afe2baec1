// Regenerates test/golden/mcp/demo-home-marks.png: the demo phone's home screen with ref marks, produced by the
// device_screenshot tool over Glance's direct transport. Run: node --import tsx scripts/mcp-goldens.ts — then
// LOOK at the PNG before committing it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { createDeviceProvider } from '../src/device/provider.js';
import { startVirtualDevice } from '../src/device/virtual/index.js';
import { allTools } from '../src/tools/index.js';
import { memorySnapshotStore } from '../src/tools/store.js';
import { MCP_GOLDEN, MCP_GOLDEN_ARGS } from '../test/mcp/screenshot-golden.js';

const phone = await startVirtualDevice({ scenario: 'demo' });
const devices = createDeviceProvider({});
try {
  const tool = allTools.find((t) => t.name === 'device_screenshot')!;
  const r = await tool.handler(tool.schema.parse(MCP_GOLDEN_ARGS), {
    signal: new AbortController().signal,
    serial: `direct:127.0.0.1:${phone.port}`,
    devices,
    snapshots: memorySnapshotStore(),
    readFile: async () => '',
    writeFile: async () => undefined,
  });
  const png = r.images?.[0]?.data;
  if (!png) throw new Error('device_screenshot returned no image');
  mkdirSync(dirname(MCP_GOLDEN), { recursive: true });
  writeFileSync(MCP_GOLDEN, png);
  console.log(`${MCP_GOLDEN}: ${png.length} bytes\n${r.text}`);
} finally {
  devices.close();
  await phone.close();
}
