// What every glance command prints: a result as text, or with --json as one `{ok, result}` object; an error as
// `error CODE: message` + hint + the next step as a command, or `{ok:false, error:{code, message, hint, next}}`.
// Registry tools and the other commands (demo, virtual, mcp, blocks, bench, farm) share it so --json means the same
// everywhere.
import { asGlanceError, errorText, type NextStep } from '../errors.js';
import { commandLine, nextCommand } from './args.js';
import type { ToolCommand } from './table.js';

export interface Printable {
  text: string;
  /** The --json result; without it, `{text}`. */
  data?: unknown;
  /** A follow-up, printed as the command to run (text only). */
  next?: NextStep;
}

export function renderResult(result: Printable, json: boolean): string {
  if (json) return `${JSON.stringify({ ok: true, result: result.data ?? { text: result.text } })}\n`;
  const text = result.next === undefined ? result.text : `${result.text}\nnext: ${nextCommand(result.next)}`;
  return text.endsWith('\n') || text === '' ? text : `${text}\n`;
}

/**
 * A tool's result as the CLI prints it: an action (`echo` in the table) is followed by the command line that
 * repeats it (`$ glance tap b12`), also as `command` in --json.
 */
export function echoed<T extends Printable & { replay?: Record<string, unknown> }>(
  cmd: ToolCommand,
  call: { given: Readonly<Record<string, unknown>>; serial: string | undefined },
  result: T,
): T {
  return cmd.echo ? withCommand(result, commandLine(cmd.tool, result.replay ?? call.given, call.serial)) : result;
}

function withCommand<T extends Printable>(result: T, command: string): T {
  const data = result.data;
  const withLine = typeof data === 'object' && data !== null && !Array.isArray(data) ? { ...data, command } : data;
  return { ...result, text: `${result.text}\n$ ${command}`, ...(withLine === undefined ? {} : { data: withLine }) };
}

export function renderError(e: unknown, json: boolean): string {
  if (!json) return `${errorText(e, nextCommand)}\n`;
  const err = asGlanceError(e);
  const next = err.next === undefined ? {} : { next: { ...err.next, command: nextCommand(err.next) } };
  return `${JSON.stringify({ ok: false, error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}), ...next } })}\n`;
}
