/**
 * Code facts pass: walks one Java or Kotlin syntax tree through the visitor table and records, per
 * function, what it refers to, each use tagged with the UI trigger it runs under (facts.ts). No resolution
 * happens here: names are kept as written; the resolver links them.
 */
import type { Lang, SNode } from '../syntax.js';
import type { FileFacts } from './facts.js';
import { VISITORS } from './visitors.js';
import { Walker } from './walker.js';

export type { TriggerContextKind, TriggerContext, ResType, Use, UseBody, FunctionFacts, ClassFacts, FileFacts } from './facts.js';

/** Extracts facts from one parsed file. `text` must be the text the tree was parsed from. */
export function extractFacts(lang: Lang, path: string, text: string, root: SNode): FileFacts {
  const w = new Walker(lang, path, text, VISITORS);
  const top = { fn: w.topLevel, fnName: '<file>', scope: 0 };
  for (const c of root.children) w.guarded(() => w.visit(c, top));
  if (w.topLevel.uses.length > 0) w.facts.functions.push(w.topLevel);
  return w.facts;
}
