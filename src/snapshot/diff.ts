/**
 * Snapshot diff by ref: what appeared, what went away and what changed, and nothing else. Refs are
 * identity-derived, so a ref present in both snapshots is the same element; its position is not compared
 * unless asked (a 7 px layout shift is noise to a model).
 */
import { elementLine, headerLine } from './render.js';
import type { Snapshot } from './snapshot.js';
import type { ScreenInfo, SnapshotElement } from './types.js';

export type ChangedField = 'class' | 'text' | 'desc' | 'hint' | 'id' | 'labels' | 'items' | 'states' | 'actions' | 'bounds';

export interface ElementChange {
  ref: string;
  before: SnapshotElement;
  after: SnapshotElement;
  fields: ChangedField[];
}

export interface SnapshotDiff {
  /** The foreground package or activity changed (another screen: expect most refs to differ). */
  screen?: { before: ScreenInfo; after: ScreenInfo };
  /** In the new snapshot's order. */
  added: SnapshotElement[];
  /** In the old snapshot's order. */
  removed: SnapshotElement[];
  /** In the new snapshot's order. */
  changed: ElementChange[];
  /** True when nothing above is present. */
  same: boolean;
}

export interface DiffOptions {
  /** Also report elements whose bounds moved (default false). */
  bounds?: boolean;
}

const same = <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((x, i) => x === (b ?? [])[i]);

function changedFields(a: SnapshotElement, b: SnapshotElement, o: DiffOptions): ChangedField[] {
  const f: ChangedField[] = [];
  if (a.class !== b.class) f.push('class');
  if (a.text !== b.text) f.push('text');
  if (a.desc !== b.desc) f.push('desc');
  if (a.hint !== b.hint) f.push('hint');
  if (a.id !== b.id) f.push('id');
  if (!same(a.labels, b.labels)) f.push('labels');
  if (a.items !== b.items) f.push('items');
  if (!same([...a.states].sort(), [...b.states].sort())) f.push('states');
  if (!same(a.actions, b.actions)) f.push('actions');
  if (o.bounds && !same(a.bounds, b.bounds)) f.push('bounds');
  return f;
}

/** `before` undefined (no earlier snapshot) reports every element as added. */
export function diffSnapshots(
  previous: Pick<Snapshot, 'elements' | 'screen'> | undefined,
  after: Pick<Snapshot, 'elements' | 'screen'>,
  options: DiffOptions = {},
): SnapshotDiff {
  const before = previous ?? { elements: [], screen: after.screen };
  const old = new Map(before.elements.map((e) => [e.ref, e]));
  const now = new Map(after.elements.map((e) => [e.ref, e]));
  const added = after.elements.filter((e) => !old.has(e.ref));
  const removed = before.elements.filter((e) => !now.has(e.ref));
  const changed: ElementChange[] = [];
  for (const b of after.elements) {
    const a = old.get(b.ref);
    if (!a) continue;
    const fields = changedFields(a, b, options);
    if (fields.length > 0) changed.push({ ref: b.ref, before: a, after: b, fields });
  }
  const d: SnapshotDiff = { added, removed, changed, same: false };
  if (before.screen.package !== after.screen.package || before.screen.activity !== after.screen.activity)
    d.screen = { before: before.screen, after: after.screen };
  d.same = added.length === 0 && removed.length === 0 && changed.length === 0 && d.screen === undefined;
  return d;
}

function screenName(s: ScreenInfo): string {
  return headerLine(s) ?? '(unknown)';
}

function show(v: string | undefined): string {
  return v === undefined ? '(none)' : JSON.stringify(v);
}

function describe(c: ElementChange): string {
  const a = c.before;
  const b = c.after;
  const parts: string[] = [];
  for (const f of c.fields) {
    switch (f) {
      case 'states': {
        const plus = b.states.filter((s) => !a.states.includes(s)).map((s) => '+' + s);
        const minus = a.states.filter((s) => !b.states.includes(s)).map((s) => '-' + s);
        parts.push([...plus, ...minus].join(' '));
        break;
      }
      case 'labels':
        parts.push(`labels ${(a.labels ?? []).join(' | ') || '(none)'} → ${(b.labels ?? []).join(' | ') || '(none)'}`);
        break;
      case 'items':
        parts.push(`items ${a.items ?? 0} → ${b.items ?? 0}`);
        break;
      case 'actions':
        parts.push(`actions ${a.actions.join(',') || '(none)'} → ${b.actions.join(',') || '(none)'}`);
        break;
      case 'bounds':
        parts.push(`bounds ${a.bounds.join(',')} → ${b.bounds.join(',')}`);
        break;
      default:
        parts.push(`${f} ${show(a[f])} → ${show(b[f])}`);
    }
  }
  return parts.join('; ');
}

/**
 * A grid member's line reads like every other member's (that is why the tree folds them into one line): a diff
 * line about one says which cell it is, so `+`, `-` and `~` lines of look-alikes can be told apart without the
 * tree. Other elements' lines are unchanged.
 */
const cellTag = (e: SnapshotElement): string => (e.cell === undefined ? '' : ` [cell ${e.cell[0]},${e.cell[1]}]`);

/**
 * Text form: `-` removed, `+` added (each as its tree line), `~ REF: what changed`; or the single line
 * `no change`. Grid members carry their cell (`[cell 2,3]`).
 */
export function renderDiff(d: SnapshotDiff): string {
  if (d.same) return 'no change\n';
  const lines: string[] = [];
  if (d.screen) lines.push(`screen ${screenName(d.screen.before)} → ${screenName(d.screen.after)}`);
  for (const e of d.removed) lines.push('- ' + elementLine(e) + cellTag(e));
  for (const e of d.added) lines.push('+ ' + elementLine(e) + cellTag(e));
  for (const c of d.changed) lines.push(`~ ${c.ref}${cellTag(c.after)}: ${describe(c)}`);
  return lines.join('\n') + '\n';
}
