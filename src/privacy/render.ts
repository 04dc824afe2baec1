/**
 * Text of blocks as sent to the cloud model, and the one-screen privacy view (`glance ui --privacy TASK`).
 * One element per line, like the snapshot's table: ref, class, label, hint, id, states.
 */
import { shownClass } from '../snapshot/render.js';
import type { SnapshotElement } from '../snapshot/types.js';
import type { Block } from './api.js';
import type { SensitiveCategory } from './sensitive.js';

const q = (s: string): string => JSON.stringify(s);

export function elementLine(e: SnapshotElement): string {
  const parts = [e.ref, shownClass(e)];
  if (e.text !== undefined) parts.push(q(e.text));
  if (e.desc !== undefined && e.desc !== e.text) parts.push(`desc=${q(e.desc)}`);
  for (const l of e.labels ?? []) parts.push(q(l));
  if (e.hint !== undefined && e.hint !== e.text) parts.push(`hint=${q(e.hint)}`);
  if (e.items !== undefined) parts.push(`[${e.items} items]`);
  if (e.id !== undefined) parts.push(`#${e.id}`);
  const tags: string[] = e.states.filter((s: string) => s !== 'clickable' && s !== 'checkable' && s !== 'editable');
  if (e.actions.includes('type')) tags.unshift('editable');
  parts.push(...tags);
  return parts.join(' ');
}

/** `[B3 toolbar · rank 1]`; with `score`, the ranker's score too (for people, not sent to the model). */
function blockHeader(b: Pick<Block, 'id' | 'kind' | 'rank' | 'score'>, score: boolean): string {
  return `[${b.id} ${b.kind} · rank ${b.rank}${score ? ` · score ${b.score}` : ''}]`;
}

export function renderBlock(b: Pick<Block, 'id' | 'kind' | 'rank' | 'score'>, elements: readonly SnapshotElement[], score = false): string {
  return [blockHeader(b, score), ...elements.map((e) => `  ${elementLine(e)}`)].join('\n');
}

const CATEGORY_NAMES: Record<SensitiveCategory, [string, string]> = {
  name: ['name', 'names'],
  phone: ['phone number', 'phone numbers'],
  email: ['email', 'emails'],
  address: ['address', 'addresses'],
  message: ['message text', 'message texts'],
  password: ['password', 'passwords'],
  card: ['card number', 'card numbers'],
};

function describeCategories(counts: Partial<Record<SensitiveCategory, number>>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n !== undefined && n > 0)
    .map(([c, n]) => `${n} ${CATEGORY_NAMES[c as SensitiveCategory][n === 1 ? 0 : 1]}`);
  return parts.join(', ');
}

export interface WithheldSummary {
  blocks: number;
  elements: number;
  chars: number;
  categories: Partial<Record<SensitiveCategory, number>>;
}

/** One line saying what was not sent: `withheld: 4 blocks, 11 elements, 412 chars (2 names, 1 phone number)`. */
export function withheldLine(w: WithheldSummary): string {
  if (w.blocks === 0) return 'withheld: nothing (the whole screen was sent)';
  const cats = describeCategories(w.categories);
  const s = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;
  return `withheld: ${s(w.blocks, 'block', 'blocks')}, ${s(w.elements, 'element', 'elements')}, ${s(w.chars, 'char', 'chars')}${cats === '' ? '' : ` (${cats})`}`;
}
