/**
 * Lexical relevance of a label to a task, the no-model policy's core: task words (stemmed, with UI synonyms
 * mapped onto concepts) found in an element's text, description, hint and id. Built on privacy's tokenizer, so
 * the agent and privacy's block ranker read words the same way.
 */
import { elementLabels, quoted, terms, words, type Terms } from '../privacy/text.js';
import type { SnapshotElement } from '../snapshot/types.js';

/** The words of a task, with weights: a word already used by earlier steps counts less. */
export interface TaskTerms {
  stems: Map<string, number>;
  concepts: Map<string, number>;
}

const CONCEPT_WEIGHT = 0.35;
/** A word that begins the other (custom / customize) counts this much of a match. */
const PREFIX = 0.7;
/** Weight left to a task word once an earlier step's element carried it (that part of the task is done). */
const CONSUMED = 0.15;

/** Capitalised words past the first are names ("Alice", "DCIM"): the likeliest words to pick a row. */
const PROPER = 1.5;

export function taskTerms(task: string, consumed: readonly string[] = [], appWords: ReadonlySet<string> = new Set()): TaskTerms {
  const t = terms(task);
  const used = terms(consumed.join(' '));
  const proper = terms(
    [...task.replace(/^\s*\S+/, '').matchAll(/(?<![\p{L}\p{N}'])\p{Lu}[\p{L}\p{N}]*/gu)].map((m) => m[0]).join(' '),
  ).stems;
  const stems = new Map<string, number>();
  for (const s of t.stems) stems.set(s, (used.stems.has(s) ? CONSUMED : 1) * (appWords.has(s) ? 0.3 : 1) * (proper.has(s) ? PROPER : 1));
  const concepts = new Map<string, number>();
  for (const c of t.concepts) concepts.set(c, CONCEPT_WEIGHT * (used.concepts.has(c) ? CONSUMED : 1));
  return { stems, concepts };
}

/** Words of an app's package after the vendor (`com.vendor.notes.pro` → notes): they match everything. */
export function packageWords(pkg: string | undefined): Set<string> {
  return terms(
    (pkg ?? '')
      .split('.')
      .slice(2)
      .join(' ')
      .replace(/\b(pro|free|lite|android|app)\b/g, ' '),
  ).stems;
}

/** Everything an element says about itself, as one string of words. */
export function elementWords(e: Pick<SnapshotElement, 'text' | 'desc' | 'hint' | 'id' | 'labels'>): string {
  return [...elementLabels(e), e.hint, e.id === undefined ? undefined : words(e.id).join(' ')].filter((s) => s !== undefined).join(' ');
}

/** Sum of the weights of task words the label holds, each scaled by `idf` when given (rare words decide more). */
export function relevance(tt: TaskTerms, label: Terms, idf?: (term: string) => number): number {
  let s = 0;
  for (const [st, w] of tt.stems) {
    if (label.stems.has(st)) s += w * (idf?.(st) ?? 1);
    else if (st.length >= 5 && [...label.stems].some((l) => l.length >= 5 && (l.startsWith(st) || st.startsWith(l))))
      s += PREFIX * w * (idf?.(st) ?? 1);
  }
  for (const [c, w] of tt.concepts) if (label.concepts.has(c)) s += w * (idf?.(c) ?? 1);
  return s;
}

export { terms, quoted };
export type { Terms };
