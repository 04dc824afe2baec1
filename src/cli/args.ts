/**
 * argv → tool input, driven by the tool's zod schema (flag types, enums, defaults, descriptions), so a new
 * tool needs no CLI code. `--max-label 20` fills `maxLabel`; `--no-x` sets a boolean false; `-x` uses the
 * tool's short aliases; positionals fill `cli.positionals` in order.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { GlanceError } from '../errors.js';
import type { ToolDef } from '../tools/registry.js';
import { camel, fieldInfo, kebab } from '../tools/schema.js';

function usage(tool: ToolDef, message: string): GlanceError {
  return new GlanceError('USAGE', message, { hint: `see \`glance ${tool.cli?.verb ?? tool.name} --help\`` });
}

/**
 * node:util `parseArgs` for the commands that are not registry tools; its unknown or malformed options
 * (TypeError with an ERR_PARSE_ARGS_* code) become USAGE errors that point at `glance VERB --help`.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(verb: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    if (e instanceof TypeError && String((e as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS')) {
      throw new GlanceError('USAGE', e.message, { hint: `see \`glance ${verb} --help\`` });
    }
    throw e;
  }
}

/** A TCP port option (0: any free port). Blank is refused before `Number`, which would read it as 0. */
export function portOption(verb: string, flag: string, value: string): number {
  const port = value.trim() === '' ? NaN : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new GlanceError('USAGE', `${flag} takes a TCP port number (0-65535), got "${value}"`, { hint: `see \`glance ${verb} --help\`` });
  }
  return port;
}

export function parseToolArgs(tool: ToolDef, argv: readonly string[]): Record<string, unknown> {
  const shape = tool.schema.shape as Record<string, unknown>;
  const fields = new Map(Object.entries(shape).map(([k, v]) => [k, fieldInfo(v)]));
  const out: Record<string, unknown> = {};
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    const isFlag = a.startsWith('--') || (a.length === 2 && a[0] === '-' && /[a-zA-Z]/.test(a[1]!));
    if (!isFlag) {
      positionals.push(a);
      continue;
    }
    let name: string;
    let value: string | undefined;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      name = camel(eq < 0 ? a.slice(2) : a.slice(2, eq));
      if (eq >= 0) value = a.slice(eq + 1);
    } else {
      const alias = tool.cli?.short?.[a[1]!];
      if (!alias) throw usage(tool, `unknown option ${a}`);
      name = alias;
    }
    const info = fields.get(name);
    if (!info && name.startsWith('no') && value === undefined) {
      const positive = name[2]!.toLowerCase() + name.slice(3);
      if (fields.get(positive)?.kind === 'boolean') {
        out[positive] = false;
        continue;
      }
    }
    if (!info) throw usage(tool, `unknown option --${kebab(name)}`);
    if (info.kind === 'boolean') {
      if (value !== undefined && value !== 'true' && value !== 'false') throw usage(tool, `--${kebab(name)} takes no value`);
      out[name] = value !== 'false';
      continue;
    }
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined) throw usage(tool, `--${kebab(name)} needs a value`);
    }
    if (info.kind === 'number') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw usage(tool, `--${kebab(name)} takes a number, got "${value}"`);
      out[name] = n;
    } else if (info.kind === 'array') {
      out[name] = [...((out[name] as string[] | undefined) ?? []), value];
    } else out[name] = value;
  }
  const names = tool.cli?.positionals ?? [];
  names.forEach((key, idx) => {
    const last = idx === names.length - 1;
    const v = last && tool.cli?.restJoined ? (positionals.length > idx ? positionals.slice(idx).join(' ') : undefined) : positionals[idx];
    if (v === undefined) return;
    const info = fields.get(key);
    out[key] = info?.kind === 'number' ? Number(v) : v;
  });
  if (!tool.cli?.restJoined && positionals.length > names.length) {
    throw usage(tool, `unexpected argument "${positionals[names.length]}"`);
  }
  const parsed = tool.schema.safeParse(out);
  if (!parsed.success) {
    const msg = parsed.error.issues
      .map((iss) => {
        const key = String(iss.path[0] ?? '');
        const isPos = names.includes(key);
        return `${key ? (isPos ? `<${kebab(key)}>` : `--${kebab(key)}`) + ': ' : ''}${iss.message}`;
      })
      .join('; ');
    throw usage(tool, msg);
  }
  return parsed.data as Record<string, unknown>;
}

/** `glance VERB --help`: generated from the schema so it cannot go stale. */
export function toolHelp(tool: ToolDef): string {
  const shape = tool.schema.shape as Record<string, unknown>;
  const pos = tool.cli?.positionals ?? [];
  const lines = [
    `glance ${tool.cli?.verb ?? tool.name} ${pos.map((p) => (fieldInfo(shape[p]).optional ? `[${kebab(p)}]` : `<${kebab(p)}>`)).join(' ')}`.trimEnd(),
    '',
    tool.description,
    '',
  ];
  for (const [key, schema] of Object.entries(shape)) {
    const f = fieldInfo(schema);
    const flag = pos.includes(key)
      ? `<${kebab(key)}>`
      : `--${kebab(key)}${f.kind === 'boolean' ? '' : f.choices ? ` ${f.choices.join('|')}` : ` ${f.kind === 'number' ? 'N' : 'VALUE'}`}`;
    const dflt = f.defaultValue === undefined ? '' : ` (default ${JSON.stringify(f.defaultValue)})`;
    lines.push(`  ${flag.padEnd(28)} ${f.description}${dflt}`);
  }
  lines.push('', 'Global: -s SERIAL (device), --json (one JSON object: {ok, result} or {ok:false, error}).');
  return lines.join('\n');
}
