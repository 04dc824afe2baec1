/**
 * What the static analysis could not resolve about how screens are reached, grouped by kind: transitions whose
 * trigger a user cannot be told (the screen moves on by itself, a control the map cannot name, a dialog's
 * button, the system), and the code it could not follow at all (listeners on views it could not name, intents
 * whose target it could not tell, activities started but declared nowhere it read). A planner reads the first
 * as "some control"; a user improving a map reads the whole report (`glance map SRC --hidden`). Pure.
 */
import type { MapTransition, UiMap, WarningCode } from './model.js';

export type HiddenKind =
  'by-itself' | 'unnamed-control' | 'dialog-button' | 'no-trigger' | 'system' | 'unresolved-listener' | 'unknown-target' | 'undeclared';

export interface HiddenGroup {
  kind: HiddenKind;
  /** What the kind means, in a few words. */
  what: string;
  count: number;
  /** Up to five examples: `From → To` (with where the code is, when known), or the warning's examples. */
  examples: string[];
}

const WHAT: Record<HiddenKind, string> = {
  'by-itself': 'the screen opens the next one by itself (on start, after a result or a check)',
  'unnamed-control': 'a control opens it, but the map cannot tell which view (set up in code it could not follow)',
  'dialog-button': "a dialog's button opens it; the dialog is not tied to the control that shows it",
  'no-trigger': 'the code that starts it is found, but nothing a user does is tied to it',
  system: 'the system opens it after the app hands it an intent (a call placed through telecom), from no control the map names',
  'unresolved-listener': 'listeners set on views the analysis could not name (what they open is unknown)',
  'unknown-target': 'intents whose target activity the analysis could not tell',
  undeclared: 'activities started in code that no manifest read declares (their library was not given)',
};

const EXAMPLES = 5;
const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

/** The kind of a forward transition the map cannot tie to a control, or undefined when it can. */
export function hiddenKind(t: MapTransition): HiddenKind | undefined {
  const trig = t.trigger;
  if (t.back === true || trig?.element !== undefined || trig?.kind === 'up') return undefined;
  if (t.kind === 'system') return 'system';
  if (trig === undefined) return 'no-trigger';
  if (trig.kind === 'auto') return 'by-itself';
  return trig.kind === 'dialog' ? 'dialog-button' : 'unnamed-control';
}

const FROM_WARNINGS: [HiddenKind, WarningCode][] = [
  ['unresolved-listener', 'LISTENER_TARGET_UNRESOLVED'],
  ['unknown-target', 'INTENT_TARGET_UNKNOWN'],
];

/** The report, largest group first (groups with nothing in them left out). */
export function hiddenTransitions(map: UiMap): HiddenGroup[] {
  const groups = new Map<HiddenKind, HiddenGroup>();
  const add = (kind: HiddenKind, n: number, examples: readonly string[]): void => {
    const g = groups.get(kind) ?? { kind, what: WHAT[kind], count: 0, examples: [] };
    g.count += n;
    for (const e of examples) if (g.examples.length < EXAMPLES && !g.examples.includes(e)) g.examples.push(e);
    groups.set(kind, g);
  };
  for (const t of map.transitions) {
    const kind = hiddenKind(t);
    if (kind !== undefined) add(kind, 1, [`${simple(t.from)} → ${simple(t.to)}${t.at === undefined ? '' : ` (${t.at})`}`]);
  }
  for (const [kind, code] of FROM_WARNINGS) {
    const w = map.warnings.find((x) => x.code === code);
    if (w !== undefined) add(kind, w.count, w.examples);
  }
  const undeclared = map.activities.filter((a) => a.declared === false).map((a) => a.name);
  if (undeclared.length > 0) add('undeclared', undeclared.length, undeclared);
  return [...groups.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind));
}

/** The report as lines: `kind ×N — what: examples`. */
export function renderHidden(groups: readonly HiddenGroup[]): string {
  if (groups.length === 0) return 'nothing hidden: every transition is tied to a control';
  return groups.map((g) => `${g.kind} ×${g.count} — ${g.what}: ${g.examples.join('; ')}`).join('\n');
}
