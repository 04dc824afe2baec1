// The marked screenshot of the demo app's home screen as the device_screenshot tool produces it, shared by
// test/mcp/mcp.test.ts (compares) and scripts/mcp-goldens.ts (alone writes test/golden/mcp/).
import { join } from 'node:path';
import { repoRoot } from '../helpers/corpus.js';

export const MCP_GOLDEN = join(repoRoot, 'test/golden/mcp/demo-home-marks.png');
// PNG: the golden compares pixels, which a lossy format would blur.
export const MCP_GOLDEN_ARGS = { marks: true, maxEdge: 1000, format: 'png' } as const;
