/**
 * The catalogue: every tool Glance offers, device and agent alike, in the order front-ends list them. The CLI's
 * command table, the MCP server, the daemon, the README's tool table and the library read this one list; a new
 * tool is its definition plus one line here.
 */
import { allTools } from '../tools/all.js';
import type { ToolDef } from '../tools/registry.js';
import { mapTools } from './map-tools.js';
import { replayTool } from './replay-tool.js';
import { agentTools } from './tooldefs.js';

export const catalogue: readonly ToolDef[] = [...allTools, ...agentTools, replayTool, ...mapTools];
