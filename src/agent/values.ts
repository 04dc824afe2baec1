/**
 * Values a task asks to type, with the kind of field each goes into: quoted text after "named", "called",
 * "type", "search", "rename … to"; file names after "as"; long numbers; what follows "that" in a message;
 * person names after "contact" or "search … with"; an address after "email", a word after "password". Pure; measured on task wording, not on any app's screens.
 */
import { quoted } from '../privacy/text.js';

export type FieldCue = 'name' | 'search' | 'number' | 'text' | 'email' | 'password';

export interface TypedValue {
  value: string;
  cue: FieldCue;
}

const NAME_CUE = /\b(named|called|titled|name it|rename\b.*\bto|save it as|as)\s*$/i;
const SEARCH_CUE = /\b(search(?: for)?|find|look up)\b[^'"]*$/i;
const TYPE_CUE = /\b(type|write|enter|input)\s*$/i;

function cueBefore(before: string): FieldCue | undefined {
  if (TYPE_CUE.test(before)) return 'text';
  if (NAME_CUE.test(before)) return 'name';
  if (SEARCH_CUE.test(before) && !/\b(in|on|the)\s*$/i.test(before)) return 'search';
  return undefined;
}

export function typedValues(task: string): TypedValue[] {
  const out: Array<TypedValue & { at: number }> = [];
  const add = (value: string, cue: FieldCue, at: number): void => {
    if (value !== '' && !out.some((v) => v.value === value)) out.push({ value, cue, at });
  };
  for (const m of task.matchAll(/['"‘“]([^'"’”]{1,80})['"’”]/g)) {
    const cue = cueBefore(task.slice(0, m.index));
    if (cue !== undefined) add(m[1]!, cue, m.index);
  }
  // A file name the task saves under: the name without its extension (the app adds it).
  for (const m of task.matchAll(/\bsave (?:it )?as\s+([\w-]+)\.(\w{2,4})\b/gi)) add(m[1]!, 'name', m.index);
  for (const m of task.matchAll(/\b(?:resize|number|to)\b[^\d]{0,30}?(\d{3,})(?::\d+)?(?![\d%])/gi))
    add(m[1]!, 'number', m.index + m[0].indexOf(m[1]!));
  for (const m of task.matchAll(/\b(?:text|message|sms)\s+\w+\s+that\s+(\S+)/gi)) add(m[1]!, 'text', m.index);
  for (const m of task.matchAll(/\bnew contact\s+(\p{Lu}\p{L}*)(?:\s+(\p{Lu}\p{L}*))?/gu)) {
    add(m[1]!, 'name', m.index);
    if (m[2] !== undefined) add(m[2], 'name', m.index + 1);
  }
  for (const m of task.matchAll(/\bsearch\b[^'"]*?\b(?:contact|with|for(?: the)?)\s+(\p{Lu}[\p{L}\d]*)/giu)) {
    if (/^\p{Lu}/u.test(m[1]!)) add(m[1]!, 'search', m.index);
  }
  for (const m of task.matchAll(/\b(?:e-?mail|email address)\s+(?:of\s+)?([^\s'"]+@[^\s'"]+?)(?=[\s,.;]*(?:\s|$))/gi))
    add(m[1]!, 'email', m.index);
  for (const m of task.matchAll(/\bpassword\s+(?:is\s+)?(?:['"‘“]([^'"’”]+)['"’”]|([^\s'"]+?)(?=[,.;]?(?:\s|$)))/gi))
    add(m[1] ?? m[2]!, 'password', m.index);
  // Quoted text a task asks to find is typed only when it also says "search".
  if (/\bsearch\b/i.test(task)) for (const q of quoted(task)) add(q, 'search', task.indexOf(q));
  return out.sort((a, b) => a.at - b.at).map(({ value, cue }) => ({ value, cue }));
}
