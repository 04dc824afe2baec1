// The one tool registry: the CLI, the MCP server and the library are all built from this list.
export { allTools } from './all.js';

/** Glance's version as the CLI and the MCP server report it; equal to package.json's (test/cli/commands.test.ts). */
export const VERSION = '0.1.0';

export { defineTool } from './registry.js';
export type { ToolDef, ToolContext, ToolProgress, ToolResult, DeviceProvider, SnapshotStore } from './registry.js';
export { respond, ToolResponse } from './response.js';
export { callTool, findTool, toolByName } from './call.js';
