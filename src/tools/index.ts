// The one tool registry: the CLI, the MCP server and the library are all built from this list.
import { GlanceError } from '../errors.js';
import { deviceTools } from './device.js';
import type { ToolContext, ToolDef, ToolResult } from './registry.js';
import { snapshotTools } from './snapshot.js';

export const allTools: readonly ToolDef[] = [...snapshotTools, ...deviceTools];

/** Glance's version as the CLI and the MCP server report it; equal to package.json's (test/cli/commands.test.ts). */
export const VERSION = '0.1.0';

export function toolByName(name: string): ToolDef | undefined {
  return allTools.find((t) => t.name === name);
}

/**
 * Calls a tool by its registry name with semantic params (`{ target: 'b12' }`), validated against its schema:
 * what an agent or a library method does. Bad params are USAGE errors naming the param.
 */
export async function callTool(name: string, params: Readonly<Record<string, unknown>>, ctx: ToolContext): Promise<ToolResult> {
  const tool = toolByName(name);
  if (!tool) {
    throw new GlanceError('USAGE', `no tool named ${name}`, { hint: `the tools are ${allTools.map((t) => t.name).join(', ')}` });
  }
  const parsed = tool.schema.safeParse(params);
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) => `${i.path.length > 0 ? `${i.path.join('.')}: ` : ''}${i.message}`).join('; ');
    throw new GlanceError('USAGE', `bad params for ${name}: ${what}`, {
      hint: 'the params are described in the tool definition',
      next: { tool: name, help: true },
      context: { tool: name, issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })) },
    });
  }
  return tool.handler(parsed.data, ctx);
}

export { defineTool } from './registry.js';
export type { ToolDef, ToolContext, ToolResult, DeviceProvider, SnapshotStore } from './registry.js';
export { respond, ToolResponse } from './response.js';
