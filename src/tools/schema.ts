// Reading a tool's zod schema: field kinds, enums, defaults and descriptions (CLI flags, docs).

type Kind = 'boolean' | 'number' | 'string' | 'array';

export interface FieldInfo {
  kind: Kind;
  optional: boolean;
  description: string;
  choices?: string[];
  defaultValue?: unknown;
}

interface ZodLike {
  def: { type: string; innerType?: ZodLike; entries?: Record<string, string>; options?: ZodLike[]; defaultValue?: unknown };
  description?: string;
}

export function fieldInfo(schema: unknown): FieldInfo {
  let t = schema as ZodLike;
  const description = t.description ?? '';
  let optional = false;
  let defaultValue: unknown;
  while (['optional', 'default', 'nullable', 'prefault'].includes(t.def.type) && t.def.innerType) {
    optional = true;
    if (t.def.type === 'default') defaultValue = t.def.defaultValue;
    t = t.def.innerType;
  }
  const type = t.def.type;
  const base = { optional, description, ...(defaultValue === undefined ? {} : { defaultValue }) };
  if (type === 'boolean') return { kind: 'boolean', ...base };
  if (type === 'number' || type === 'int') return { kind: 'number', ...base };
  if (type === 'array') return { kind: 'array', ...base };
  if (type === 'enum') return { kind: 'string', choices: Object.values(t.def.entries ?? {}), ...base };
  if (type === 'union' && (t.def.options ?? []).every((o) => o.def.type === 'number')) return { kind: 'number', ...base };
  return { kind: 'string', ...base };
}

export const camel = (s: string): string => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
export const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
