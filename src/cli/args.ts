/**
 * argv ↔ tool params, driven by the command table (table.ts: verb, positional slots, short flags) and the
 * tool's zod schema (flag types, enums, defaults, descriptions), so a new tool needs one table row and no CLI
 * code. `--max-label 20` fills `maxLabel`; `--no-x` sets a boolean false; `-x` uses the command's short aliases.
 * The inverse, `commandLine`, writes the command a shell reads back into the same params.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { GlanceError, type NextStep } from '../errors.js';
import { shWord } from '../device/text.js';
import type { ToolDef } from '../tools/registry.js';
import { camel, fieldInfo, kebab } from '../tools/schema.js';
import { commandForTool, type ToolCommand } from './table.js';

function usage(cmd: ToolCommand, message: string): GlanceError {
  return new GlanceError('USAGE', message, { hint: `see \`glance ${cmd.verb} --help\`` });
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

/**
 * Positional words → params by the command's slots: a fixed word first (`wait idle`), then each slot in order,
 * skipping a slot whose `accepts` refuses the word. Undefined when words are left over.
 */
export function fillSlots(cmd: ToolCommand, words: readonly string[]): Record<string, unknown> | undefined {
  const fixed = words.length === 1 && cmd.words !== undefined && Object.hasOwn(cmd.words, words[0]!) ? cmd.words[words[0]!] : undefined;
  if (fixed) return { ...fixed };
  const out: Record<string, unknown> = {};
  let i = 0;
  for (const slot of cmd.slots ?? []) {
    if (i >= words.length) break;
    const value = slot.rest ? words.slice(i).join(' ') : words[i]!;
    if (slot.accepts && !slot.accepts(value, slot.rest ? 0 : words.length - i - 1)) continue;
    out[slot.param] = value;
    i = slot.rest ? words.length : i + 1;
  }
  return i < words.length ? undefined : out;
}

interface Split {
  flags: Record<string, unknown>;
  words: string[];
}

/** Flags by the schema's field kinds; everything else (and all after `--`) is a positional word. */
function splitArgv(cmd: ToolCommand, tool: ToolDef, argv: readonly string[]): Split {
  const fields = new Map(Object.entries(tool.schema.shape as Record<string, unknown>).map(([k, v]) => [k, fieldInfo(v)]));
  const flags: Record<string, unknown> = {};
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') {
      words.push(...argv.slice(i + 1));
      break;
    }
    const isFlag = a.startsWith('--') || (a.length === 2 && a[0] === '-' && /[a-zA-Z]/.test(a[1]!));
    if (!isFlag) {
      words.push(a);
      continue;
    }
    let name: string;
    let value: string | undefined;
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      name = camel(eq < 0 ? a.slice(2) : a.slice(2, eq));
      name = cmd.long?.[name] ?? name;
      if (eq >= 0) value = a.slice(eq + 1);
    } else {
      const alias = cmd.short?.[a[1]!];
      if (!alias) throw usage(cmd, `unknown option ${a}`);
      name = alias;
    }
    const info = fields.get(name);
    if (!info && name.startsWith('no') && value === undefined) {
      const positive = name[2]!.toLowerCase() + name.slice(3);
      if (fields.get(positive)?.kind === 'boolean') {
        flags[positive] = false;
        continue;
      }
    }
    if (!info || Object.hasOwn(cmd.fixed ?? {}, name)) throw usage(cmd, `unknown option --${kebab(name)}`);
    if (info.kind === 'boolean') {
      if (value !== undefined && value !== 'true' && value !== 'false') throw usage(cmd, `--${kebab(name)} takes no value`);
      flags[name] = value !== 'false';
      continue;
    }
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined) throw usage(cmd, `--${kebab(name)} needs a value`);
    }
    if (info.kind === 'number') {
      const n = Number(value);
      if (value.trim() === '' || !Number.isFinite(n)) throw usage(cmd, `--${kebab(name)} takes a number, got "${value}"`);
      flags[name] = n;
    } else if (info.kind === 'array') {
      flags[name] = [...((flags[name] as string[] | undefined) ?? []), value];
    } else flags[name] = value;
  }
  return { flags, words };
}

/** `glance VERB ARGV…` → the params as given (no defaults filled in, not yet validated). */
export function readCommand(cmd: ToolCommand, tool: ToolDef, argv: readonly string[]): Record<string, unknown> {
  const { flags, words } = splitArgv(cmd, tool, argv);
  const slots = fillSlots(cmd, words);
  if (slots === undefined) {
    const taken = (cmd.slots ?? []).length;
    throw usage(cmd, `unexpected argument "${words[taken] ?? words[words.length - 1]}"`);
  }
  const shape = tool.schema.shape as Record<string, unknown>;
  const raw: Record<string, unknown> = { ...flags, ...cmd.fixed };
  for (const [k, v] of Object.entries(slots)) raw[k] = typeof v === 'string' && fieldInfo(shape[k]).kind === 'number' ? Number(v) : v;
  return raw;
}

/** Params as given → the tool's params, validated by its schema (USAGE errors name the flag or slot). */
export function validateCommand(cmd: ToolCommand, tool: ToolDef, raw: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const parsed = tool.schema.safeParse(raw);
  if (!parsed.success) {
    const positional = new Set((cmd.slots ?? []).map((s) => s.param));
    const msg = parsed.error.issues
      .map((iss) => {
        const key = String(iss.path[0] ?? '');
        return `${key ? (positional.has(key) ? `<${kebab(key)}>` : `--${kebab(key)}`) + ': ' : ''}${iss.message}`;
      })
      .join('; ');
    throw usage(cmd, msg);
  }
  return parsed.data as Record<string, unknown>;
}

/** `glance VERB ARGV…` → the tool's validated params. */
export function parseCommand(cmd: ToolCommand, tool: ToolDef, argv: readonly string[]): Record<string, unknown> {
  return validateCommand(cmd, tool, readCommand(cmd, tool, argv));
}

/** `glance VERB --help`: generated from the table and the schema so it cannot go stale. */
export function commandHelp(cmd: ToolCommand, tool: ToolDef): string {
  const shape = tool.schema.shape as Record<string, unknown>;
  const slots = (cmd.slots ?? []).map((s) => s.param);
  const usageLine = [
    `glance ${cmd.verb}`,
    ...Object.keys(cmd.words ?? {}).map((w) => `[${w}]`),
    ...slots.map((p) => (fieldInfo(shape[p]).optional ? `[${kebab(p)}]` : `<${kebab(p)}>`)),
  ];
  const lines = [usageLine.join(' '), '', tool.description, ''];
  for (const [key, schema] of Object.entries(shape)) {
    if (Object.hasOwn(cmd.fixed ?? {}, key)) continue;
    const f = fieldInfo(schema);
    const short = Object.entries(cmd.short ?? {}).find(([, v]) => v === key)?.[0];
    const flag = `--${kebab(flagName(cmd, key))}${f.kind === 'boolean' ? '' : f.choices ? ` ${f.choices.join('|')}` : ` ${f.kind === 'number' ? 'N' : 'VALUE'}`}`;
    const name = slots.includes(key) ? `<${kebab(key)}> | ${flag}` : short ? `-${short}, ${flag}` : flag;
    const dflt = f.defaultValue === undefined ? '' : ` (default ${JSON.stringify(f.defaultValue)})`;
    lines.push(`  ${name.padEnd(28)} ${f.description}${dflt}`);
  }
  const own = cmd.long !== undefined && Object.hasOwn(cmd.long, 'json');
  lines.push(
    '',
    `Global: -s SERIAL (device), --json${own ? ' before the verb' : ''} (one JSON object: {ok, result} or {ok:false, error}).`,
  );
  return lines.join('\n');
}

/** The flag a param is spelled as on this command's line: its long alias, else its own name. */
function flagName(cmd: ToolCommand, key: string): string {
  return Object.entries(cmd.long ?? {}).find(([, v]) => v === key)?.[0] ?? key;
}

function flagWords(name: string, value: unknown): string[] {
  if (value === true) return [`--${kebab(name)}`];
  if (value === false) return [`--no-${kebab(name)}`];
  if (Array.isArray(value)) return value.flatMap((v) => [`--${kebab(name)}`, String(v)]);
  return [`--${kebab(name)}`, String(value)];
}

/**
 * The positional words for `params`: the fixed word or slots that parse back to exactly these params, the rest
 * left for flags. A slot whose value would be read otherwise (`type` text that looks like a target, `wait`
 * text `idle`) is written as a flag instead.
 */
function positionalWords(cmd: ToolCommand, params: Record<string, unknown>): { words: string[]; used: string[] } {
  for (const [word, set] of Object.entries(cmd.words ?? {})) {
    if (Object.entries(set).every(([k, v]) => params[k] === v)) return { words: [word], used: Object.keys(set) };
  }
  let candidates = (cmd.slots ?? []).filter((s) => typeof params[s.param] === 'string' || typeof params[s.param] === 'number');
  while (candidates.length > 0) {
    const words = candidates.map((s) => String(params[s.param]));
    const back = fillSlots(cmd, words);
    const want = Object.fromEntries(candidates.map((s) => [s.param, String(params[s.param])]));
    if (back !== undefined && isDeepStrictEqual(back, want)) return { words, used: candidates.map((s) => s.param) };
    candidates = candidates.slice(1);
  }
  return { words: [], used: [] };
}

/** The `glance …` command line that calls `tool` with `params`, quoted so that a shell reads back exactly them. */
export function commandLine(tool: string, params: Readonly<Record<string, unknown>>, serial?: string): string {
  const cmd = commandForTool(tool);
  if (!cmd) return tool;
  const given = Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
  const { words, used } = positionalWords(cmd, given);
  const flags = Object.entries(given)
    .filter(([k]) => !used.includes(k))
    .flatMap(([k, v]) => flagWords(flagName(cmd, k), v));
  // A positional word that starts with a dash would read as a flag: flags first, then `--`.
  const args = words.some((w) => w.startsWith('-')) ? [...flags, '--', ...words] : [...words, ...flags];
  return ['glance', ...(serial ? ['-s', shWord(serial)] : []), cmd.verb, ...args.map(shWord)].join(' ');
}

/** How the CLI words a next step: the command to run (`glance ui`), or its help. */
export function nextCommand(next: NextStep): string {
  if (next.help) {
    const cmd = commandForTool(next.tool);
    return cmd ? `glance ${cmd.verb} --help` : `glance help`;
  }
  return commandLine(next.tool, next.params ?? {});
}
