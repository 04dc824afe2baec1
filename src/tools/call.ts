// Calling a registry tool by name with semantic params: the library's phone methods go through here, so a
// method and its tool are one implementation.
import { GlanceError } from '../errors.js';
import { allTools } from './all.js';
import type { ToolContext, ToolDef, ToolResult } from './registry.js';

/** The tool with this registry name, if any. */
export function toolByName(name: string): ToolDef | undefined {
  return allTools.find((t) => t.name === name);
}

export function findTool(name: string): ToolDef {
  const tool = toolByName(name);
  if (!tool) throw new GlanceError('USAGE', `no tool named "${name}"`, { hint: `tools: ${allTools.map((t) => t.name).join(', ')}` });
  return tool;
}

/** Validates `params` against the tool's schema (USAGE naming each bad field) and runs its handler. */
export async function callTool(name: string, params: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
  return callToolDef(findTool(name), params, ctx);
}

/** As callTool, for a tool defined outside the registry (the agent's tools sit above it). */
export async function callToolDef(tool: ToolDef, params: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
  const name = tool.name;
  const parsed = tool.schema.safeParse(params);
  if (!parsed.success) {
    const msg = parsed.error.issues.map((iss) => `${iss.path.length > 0 ? `${iss.path.join('.')}: ` : ''}${iss.message}`).join('; ');
    throw new GlanceError('USAGE', `${name}: ${msg}`, {
      hint: `${name} takes ${Object.keys(tool.schema.shape).join(', ')}`,
      next: { tool: name, help: true },
    });
  }
  return tool.handler(parsed.data, ctx);
}
