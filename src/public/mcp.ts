// glance-mobile/mcp: the MCP server over the tool registry (stdio, or Streamable HTTP on 127.0.0.1).
export { createMcpServer, serveHttp, serveStdio } from '../mcp/server.js';
export type { McpOptions } from '../mcp/server.js';
