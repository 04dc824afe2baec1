// CLI commands that are not registry tools: long-running servers and file-to-file jobs.
import type { CliIO } from '../io.js';
import { mcpCommand } from './mcp.js';

export interface CommandIO extends CliIO {
  json: boolean;
  serial: string | undefined;
}

export interface Command {
  summary: string;
  run(argv: string[], io: CommandIO): Promise<number>;
}

export const commands: Readonly<Record<string, Command>> = {
  mcp: mcpCommand,
};
