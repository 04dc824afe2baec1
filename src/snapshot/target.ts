/**
 * A target as device actions accept it: a ref (`b12`) or a selector (`Button:has-text("Save")`), resolved
 * to exactly one element of a snapshot.
 */
import { GlanceError } from '../errors.js';
import { elementLine } from './render.js';
import { findElements, isLayoutSelector, isRefLike, parseSelector } from './selector.js';
import { elementByRef, type Snapshot } from './snapshot.js';
import type { SnapshotElement } from './types.js';

const LIST = 5;

/**
 * Resolves a ref or a selector to one element. A selector must match exactly one element, except one with a
 * layout relation (`:below`, `:near`…), whose matches are ordered nearest first: the nearest is taken.
 * Errors: REF_NOT_FOUND (ref), ELEMENT_NOT_FOUND (no match), AMBIGUOUS_TARGET (several, listed in the message).
 */
export function resolveTarget(snapshot: Pick<Snapshot, 'elements'>, target: string): SnapshotElement {
  const t = target.trim();
  if (isRefLike(t)) return elementByRef(snapshot.elements, t);
  const selector = parseSelector(t);
  const found = findElements(snapshot, selector);
  if (found.length === 0) {
    throw new GlanceError('ELEMENT_NOT_FOUND', `no element matches ${t}`, {
      hint: 'take a new snapshot (`glance ui`) to see what is on screen, or use `glance find` to try selectors',
      context: { selector: t },
    });
  }
  if (found.length === 1 || isLayoutSelector(selector)) return found[0]!;
  const shown = found.slice(0, LIST).map((e) => '  ' + elementLine(e));
  if (found.length > LIST) shown.push(`  … ${found.length - LIST} more`);
  throw new GlanceError('AMBIGUOUS_TARGET', `${found.length} elements match ${t}:\n${shown.join('\n')}`, {
    hint: 'use one of the refs, or narrow the selector (e.g. add [text=…], :below(…) or :in(…))',
    context: { selector: t, refs: found.map((e) => e.ref) },
  });
}
