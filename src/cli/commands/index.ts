// CLI commands that are not registry tools: long-running servers and file-to-file jobs.
import { mcpCommand } from './mcp.js';
import type { Command } from './types.js';

export type { Command, CommandIO } from './types.js';

export const commands: Readonly<Record<string, Command>> = {
  mcp: mcpCommand,
};
