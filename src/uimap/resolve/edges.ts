/** Final steps: screens known only by name, back edges from finishing taps, and one entry per edge. */
import type { MapTransition } from '../model.js';
import type { ResolveContext } from './context.js';

/** Step: activities started in code that no manifest declares become name-only screens. */
export function addUndeclared(ctx: ResolveContext): void {
  for (const name of [...ctx.undeclared].sort()) {
    if (ctx.manifest.activities.has(name)) continue;
    ctx.warnings.add('ACTIVITY_NOT_DECLARED', name);
    ctx.activities.push({ name, declared: false, layouts: [], elements: [], fragments: [], dialogs: [], menus: [] });
  }
}

/** Step: a tap that finishes an activity returns to the one that opened it: one back edge per caller. */
export function addBackEdges(ctx: ResolveContext): void {
  const forward = dedupeTransitions(ctx.transitions);
  for (const [activity, triggers] of ctx.finishTriggers) {
    // Callers that hand over by themselves (a splash screen's auto start) are gone from the back stack.
    const callers = new Set(
      forward.filter((t) => t.to === activity && t.from !== activity && t.trigger?.kind !== 'auto').map((t) => t.from),
    );
    for (const caller of callers)
      for (const { trigger, at } of triggers) ctx.transitions.push({ from: activity, to: caller, trigger, back: true, at });
  }
}

/** One entry per (from, to, trigger); trigger-less entries go when the same edge has a known trigger. */
export function dedupeTransitions(list: readonly MapTransition[]): MapTransition[] {
  const seen = new Map<string, MapTransition>();
  for (const t of list) {
    const key = `${t.from}|${t.to}|${t.trigger?.kind ?? ''}|${t.trigger?.element ?? ''}|${t.back === true}`;
    if (!seen.has(key)) seen.set(key, t);
  }
  const withTrigger = new Set<string>();
  for (const t of seen.values()) if (t.trigger !== undefined) withTrigger.add(`${t.from}|${t.to}`);
  const out = [...seen.values()].filter((t) => t.trigger !== undefined || !withTrigger.has(`${t.from}|${t.to}`));
  // an element-less trigger adds nothing when the same edge has one of the same kind with an element
  const withElement = new Set(out.filter((t) => t.trigger?.element !== undefined).map((t) => `${t.from}|${t.to}|${t.trigger?.kind ?? ''}`));
  return out.filter(
    (t) => t.trigger === undefined || t.trigger.element !== undefined || !withElement.has(`${t.from}|${t.to}|${t.trigger.kind}`),
  );
}
