/**
 * A tool result's `structuredContent`: its data cut to the tool's output schema (what an agent reads beside the
 * text; what the text already says is left to the text) and without empty fields, so a host that forwards it to
 * the model pays only for facts the text does not carry. Pure.
 */
import type { ToolDef } from '../tools/registry.js';

/**
 * `value` without undefined fields, empty strings, empty arrays and objects left empty by that (recursively).
 * Items of an array keep their places: an item that would vanish stays as it was.
 */
export function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    if (value.length === 0) return undefined;
    return value.map((v) => compact(v) ?? v);
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const c = compact(v);
      if (c !== undefined) out[k] = c;
    }
    return Object.keys(out).length === 0 ? undefined : out;
  }
  return value === '' ? undefined : value;
}

/**
 * The structured content of a successful result: undefined when the data is not an object (a list goes only as
 * text). A tool with an output schema always answers an object (a client that read the schema expects one).
 */
export function structuredContent(tool: ToolDef, data: unknown): Record<string, unknown> | undefined {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return tool.output === undefined ? undefined : {};
  const shaped = tool.output === undefined ? data : tool.output.parse(data);
  const c = compact(shaped) as Record<string, unknown> | undefined;
  return c ?? (tool.output === undefined ? undefined : {});
}
