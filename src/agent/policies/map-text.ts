/**
 * The UI Map as text for a planning prompt (UICOMPASS's map section): the screens the task is about and the
 * screens on the way to them — a small map whole — each with the screens it opens (and by which element) and
 * its elements, task-relevant ones first, capped so a large app stays within a prompt.
 */
import { elementsOf } from '../../uimap/paths.js';
import { relevance, taskTerms, terms } from '../lexical.js';
import type { Planner } from '../planner.js';

const WHOLE_BELOW = 12;
const ELEMENTS_PER_SCREEN = 14;

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

export function renderMapForTask(p: Planner, task: string, here: string | undefined): string {
  const map = p.map;
  const tt = taskTerms(task);
  const keep = new Set<string>();
  if (map.activities.length <= WHOLE_BELOW) for (const a of map.activities) keep.add(a.name);
  else {
    const starts = [here, ...map.activities.filter((a) => a.launcher === true).map((a) => a.name)].filter(
      (x): x is string => x !== undefined,
    );
    for (const s of starts) keep.add(s);
    for (const g of p.goals(tt, 12)) {
      keep.add(g.activity);
      for (const s of starts) for (const step of p.route(s, g.activity)?.steps ?? []) keep.add(step.to);
    }
  }
  const lines: string[] = [];
  for (const a of map.activities.filter((x) => keep.has(x.name))) {
    lines.push(
      `${simple(a.name)}${a.launcher === true ? ' (launcher)' : ''}${a.name === here ? ' (current)' : ''}${a.label === undefined ? '' : `: ${a.label}`}`,
    );
    const opens = map.transitions
      .filter((t) => t.from === a.name && t.back !== true && keep.has(t.to))
      .map(
        (t) =>
          `${simple(t.to)}${t.trigger?.element === undefined ? '' : ` via "${p.label(a.name, t.trigger.element)}"${t.trigger.kind === 'menu' ? ' (in the menu)' : ''}`}`,
      );
    if (opens.length > 0) lines.push(`  opens: ${[...new Set(opens)].join(', ')}`);
    const els = elementsOf(a)
      .map((h) => ({
        e: h.element,
        part: h.target.part,
        score: relevance(tt, terms([h.element.text, h.element.hint, h.element.desc, h.element.id].join(' '))),
      }))
      .filter((x) => x.e.text !== undefined || x.e.desc !== undefined || x.e.hint !== undefined);
    els.sort((x, y) => y.score - x.score);
    const seen = new Set<string>();
    for (const x of els) {
      const label = x.e.text ?? x.e.desc ?? x.e.hint ?? x.e.id;
      if (seen.has(label) || seen.size >= ELEMENTS_PER_SCREEN) continue;
      seen.add(label);
      const kind = x.e.kind === undefined ? simple(x.e.class) : x.e.kind;
      lines.push(`  - ${kind} "${label}" id:${x.e.id}${x.part !== 'activity' ? ` (${x.part})` : ''}`);
    }
  }
  return lines.join('\n');
}
