/**
 * Names for privacy blocks that may go to the cloud before any block does: the block's strongest labels, but only
 * those the app itself ships (texts of its UI Map: layouts, menus, dialogs, screen titles). A label the app ships
 * says nothing about the user; a note's title, a contact's name or a typed value is never in the map, so it stays
 * on the machine. Without a map no label qualifies and the block keeps its generic wording. Pure.
 */
import type { Block } from '../../privacy/index.js';
import { elementLabels } from '../../privacy/text.js';
import type { UiMap } from '../../uimap/index.js';

/** Labels named per block, and the most characters of each. */
const NAMED = 2;
const LABEL = 30;

const norm = (s: string): string => s.trim().toLowerCase();

/** Every text the app ships, as its UI Map records it (lower case). */
export function appStrings(map: UiMap): Set<string> {
  const out = new Set<string>();
  const add = (s: string | undefined): void => {
    if (s !== undefined && s.trim() !== '') out.add(norm(s));
  };
  for (const a of map.activities) {
    add(a.label);
    for (const part of [a, ...a.fragments, ...a.dialogs, ...a.menus])
      for (const e of part.elements) {
        add(e.text);
        add(e.desc);
        add(e.hint);
      }
  }
  return out;
}

/** The block's strongest labels the app ships (controls' first), quoted and joined, or undefined when none is. */
export function blockName(b: Block, known: ReadonlySet<string>): string | undefined {
  if (known.size === 0) return undefined;
  const ranked = [...b.elements.filter((e) => e.actions.length > 0), ...b.elements.filter((e) => e.actions.length === 0)];
  const names: string[] = [];
  for (const e of ranked)
    for (const l of elementLabels(e))
      if (known.has(norm(l)) && !names.some((n) => norm(n) === norm(l)) && names.length < NAMED) names.push(l.trim());
  if (names.length === 0) return undefined;
  return names.map((n) => JSON.stringify(n.length <= LABEL ? n : `${n.slice(0, LABEL - 1)}…`)).join(' — ');
}
