// glance-mobile/tools: the one catalogue behind the CLI, the MCP server and the phone, and the session every
// front-end calls it through, for your own front-end.
export { allTools, defineTool } from '../tools/index.js';
export { catalogue } from '../agent/catalogue.js';
export { createSession } from '../tools/session.js';
export type { Session, SessionCallOptions, SessionFiles, SessionOptions } from '../tools/session.js';
export type { LatestScreen } from '../device/latest.js';
export { callTool, findTool } from '../tools/call.js';
export { memorySnapshotStore } from '../tools/store.js';
export type { SnapshotStore, ToolAnnotations, ToolContext, ToolDef, ToolImage, ToolProgress, ToolResult } from '../tools/registry.js';
