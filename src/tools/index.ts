// The one tool registry: the CLI and the MCP server are both built from this list.
import { deviceTools } from './device.js';
import type { ToolDef } from './registry.js';
import { snapshotTools } from './snapshot.js';

export const allTools: readonly ToolDef[] = [...snapshotTools, ...deviceTools];

/** Glance's version as the CLI and the MCP server report it; equal to package.json's (test/cli/commands.test.ts). */
export const VERSION = '0.1.0';

export { defineTool } from './registry.js';
export type { ToolDef, ToolContext, ToolResult, DeviceProvider, SnapshotStore } from './registry.js';
