// What every glance command prints: a result as text, or with --json as one `{ok, result}` object; an error as
// `error CODE: message` + hint, or `{ok:false, error:{code, message, hint}}`. Registry tools and the other
// commands (demo, virtual, mcp, map, blocks) share it so --json means the same everywhere.
import { asGlanceError, errorText } from '../errors.js';

export interface Printable {
  text: string;
  /** The --json result; without it, `{text}`. */
  data?: unknown;
}

export function renderResult(result: Printable, json: boolean): string {
  if (json) return `${JSON.stringify({ ok: true, result: result.data ?? { text: result.text } })}\n`;
  return result.text.endsWith('\n') || result.text === '' ? result.text : `${result.text}\n`;
}

export function renderError(e: unknown, json: boolean): string {
  if (!json) return `${errorText(e)}\n`;
  const err = asGlanceError(e);
  return `${JSON.stringify({ ok: false, error: { code: err.code, message: err.message, ...(err.hint ? { hint: err.hint } : {}) } })}\n`;
}
