/**
 * The MCP tool list, rendered from the catalogue. A host puts the whole list before the model's first call, so it
 * is kept to what a model reads: each shared param's description said once in the server instructions, no
 * `$schema` per tool, no `±2^53-1` bounds that zod writes for an unbounded whole number, annotations only where
 * they differ from the protocol's defaults, output schemas only for tools read as data, as open objects. Pure.
 */
import { z } from 'zod';
import { sharedParams } from '../tools/params.js';
import type { ToolAnnotations, ToolDef } from '../tools/registry.js';

type Json = Record<string, unknown>;

export interface ListedTool {
  name: string;
  title: string;
  description: string;
  inputSchema: Json & { type: 'object' };
  outputSchema?: Json & { type: 'object' };
  annotations?: Partial<ToolAnnotations>;
}

/** The description of the `device` param every tool takes over MCP (said once, with the shared ones). */
export const DEVICE_PARAM = 'device serial (default: ANDROID_SERIAL, else the only device connected)';

/**
 * Lines on the shared params for the server instructions, `name: description`. Params few tools share name those
 * tools (another tool may take a param of that name with a meaning of its own, described with it); params shared
 * by the same tools share a line.
 */
export function sharedParamNotes(tools: readonly ToolDef[]): string[] {
  const lines = new Map<string, { names: string[]; descriptions: string[] }>([
    ['every tool', { names: ['device'], descriptions: [DEVICE_PARAM] }],
  ]);
  const offered = tools.filter((t) => t.mcp !== false);
  for (const [name, schema] of Object.entries(sharedParams)) {
    const users = offered.filter((t) => sharesSchema(t.schema.shape[name], schema)).map((t) => t.name);
    if (users.length === 0) continue;
    const key = users.length <= 3 ? users.join(', ') : '';
    const line = lines.get(key) ?? { names: [], descriptions: [] };
    line.names.push(name);
    line.descriptions.push(schema.description ?? '');
    lines.set(key, line);
  }
  return [...lines].flatMap(([users, l]) =>
    users === ''
      ? l.names.map((n, i) => `\`${n}\`: ${l.descriptions[i]!}`)
      : [`${l.names.map((n) => `\`${n}\``).join(', ')} (${users}): ${l.descriptions.join('; ')}`],
  );
}

/** Removes what zod writes that a model gains nothing from: `$schema`, sentinel bounds, closed-object markers. */
function lean(node: unknown): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) lean(n);
    return;
  }
  const o = node as Json;
  delete o['$schema'];
  if (o['maximum'] === Number.MAX_SAFE_INTEGER) delete o['maximum'];
  if (o['minimum'] === Number.MIN_SAFE_INTEGER) delete o['minimum'];
  // Every string param is checked on the server; "non-empty" is what a model assumes anyway.
  if (o['minLength'] === 1) delete o['minLength'];
  // Results are open objects: a field added later must not break a client that validates them.
  if (o['additionalProperties'] === false) delete o['additionalProperties'];
  for (const v of Object.values(o)) lean(v);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function jsonSchema(schema: z.ZodObject<any>, io: 'input' | 'output'): Json & { type: 'object' } {
  const json = z.toJSONSchema(schema, { io, target: 'draft-07', unrepresentable: 'any' }) as Json;
  lean(json);
  return { ...json, type: 'object' };
}

/** The hints that differ from the protocol's defaults (read-only false, destructive true, idempotent false, open world true). */
function annotations(a: ToolAnnotations): Partial<ToolAnnotations> | undefined {
  const out: Partial<ToolAnnotations> = {};
  if (a.readOnlyHint) out.readOnlyHint = true;
  else {
    if (a.destructiveHint === false) out.destructiveHint = false;
    if (a.idempotentHint === true) out.idempotentHint = true;
  }
  if (a.openWorldHint === false) out.openWorldHint = false;
  return Object.keys(out).length === 0 ? undefined : out;
}

/** `param` is `shared`, or `shared` made optional without a description of its own. */
function sharesSchema(param: z.ZodType | undefined, shared: z.ZodType): boolean {
  let t = param;
  while (t !== undefined && t !== shared && t instanceof z.ZodOptional && [undefined, shared.description].includes(t.description)) {
    t = t.unwrap() as z.ZodType;
  }
  return t === shared;
}

/** Said on every tool that takes an app's source or map (the server confines paths; a model cannot widen that). */
export const ROOTS_NOTE = 'Paths must lie inside the roots the user gave this server.';

const APP_PATHS = ['map', 'src', 'lib'] as const;

export function listedTool(tool: ToolDef): ListedTool {
  const input = jsonSchema(tool.schema, 'input');
  const props = (input['properties'] ?? {}) as Record<string, Json>;
  for (const [name, schema] of Object.entries(sharedParams)) {
    if (props[name] !== undefined && sharesSchema(tool.schema.shape[name], schema)) delete props[name]['description'];
  }
  input['properties'] = { ...props, device: { type: 'string' } };
  const hints = annotations(tool.annotations);
  return {
    name: tool.name,
    title: tool.title,
    description: APP_PATHS.some((n) => sharesSchema(tool.schema.shape[n], sharedParams[n]!))
      ? `${tool.description} ${ROOTS_NOTE}`
      : tool.description,
    inputSchema: input,
    ...(tool.output === undefined || tool.listOutput !== true ? {} : { outputSchema: jsonSchema(tool.output, 'output') }),
    ...(hints === undefined ? {} : { annotations: hints }),
  };
}

/** The tools the MCP server offers, in catalogue order. */
export function listedTools(tools: readonly ToolDef[]): ListedTool[] {
  return tools.filter((t) => t.mcp !== false).map(listedTool);
}
