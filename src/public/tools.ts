// glance-mobile/tools: the one tool registry behind the CLI, the MCP server and the phone, for your own front-end.
export { allTools, defineTool } from '../tools/index.js';
export { callTool, findTool } from '../tools/call.js';
export { memorySnapshotStore } from '../tools/store.js';
export type { SnapshotStore, ToolAnnotations, ToolContext, ToolDef, ToolImage, ToolProgress, ToolResult } from '../tools/registry.js';
