/**
 * What an action did, in words a model can act on, from the screens before and after it: another app came to
 * the front, a new screen, a field that now holds a text, a switch now on or off, a list that could not scroll
 * further, or the same screen. "Nothing changed" alone meant all of these at once. Pure.
 */
import type { SnapshotElement } from '../snapshot/types.js';
import type { HistoryEntry } from './policy.js';
import { isDialog } from './screen.js';
import type { Observation } from './types.js';

const simple = (name: string): string => name.slice(name.lastIndexOf('.') + 1);

const isOn = (e: SnapshotElement): boolean => e.states.includes('checked') || e.states.includes('on');
const switchable = (e: SnapshotElement): boolean => e.states.includes('checkable') && !e.class.endsWith('RadioButton');

/** The switch an action on `ref` flips: the element itself, or the one switch its row holds. */
function switchOf(obs: Observation, ref: string): SnapshotElement | undefined {
  const el = obs.elements.find((e) => e.ref === ref);
  if (el === undefined) return undefined;
  if (switchable(el)) return el;
  const kids = obs.elements.filter((e) => e.parent === ref && switchable(e));
  return kids.length === 1 ? kids[0] : undefined;
}

/** The title a screen shows (its first text nobody taps), for "new screen: Settings". */
function titleOf(obs: Observation): string | undefined {
  const t = obs.elements.find((e) => e.actions.length === 0 && e.text !== undefined && e.text.length <= 40);
  return t?.text;
}

const quoteCut = (s: string, n = 40): string => JSON.stringify(s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** One line: what the action of `h` did, given the screen observed after it (undefined: not observed yet). */
export function outcomeOf(h: HistoryEntry, after: Observation | undefined): string {
  const r = h.result;
  if (r === undefined) return '';
  if (!r.ok) return `failed: ${r.error?.message ?? r.diff}`;
  const a = h.decision.action;
  const before = h.observation;
  if (after === undefined) return r.newScreen ? 'new screen' : r.changed ? 'screen changed' : 'same screen, nothing changed';
  const pkg = after.screen.package;
  if (pkg !== undefined && before.screen.package !== undefined && pkg !== before.screen.package)
    return `another app came to the front: ${pkg}`;
  const act = after.screen.activity;
  if (act !== undefined && act !== before.screen.activity) return `new screen ${simple(act)}${titled(after)}`;
  if (a.kind === 'type' && a.target !== undefined) {
    const f = after.elements.find((e) => e.ref === a.target);
    if (f?.states.includes('password') === true) return 'the password field is filled (hidden)';
    if (f !== undefined) return `the field now holds ${quoteCut(f.text ?? '')}`;
  }
  if ((a.kind === 'tap' || a.kind === 'long_press') && a.target !== undefined) {
    const was = switchOf(before, a.target);
    const now = was === undefined ? undefined : after.elements.find((e) => e.ref === was.ref);
    if (was !== undefined && now !== undefined) {
      const row = before.elements.find((e) => e.ref === was.parent);
      const name = was.text ?? was.desc ?? was.labels?.[0] ?? row?.text ?? row?.labels?.[0];
      const state = isOn(now) ? 'on' : 'off';
      return `${name === undefined ? 'the switch' : `"${name}"`} ${isOn(was) === isOn(now) ? 'is still' : 'is now'} ${state}`;
    }
  }
  const chosen = a.kind === 'tap' && a.target !== undefined ? radioChosen(before, after, a.target) : undefined;
  if (chosen !== undefined) return chosen;
  // The tool saw the screen it left and the one it came to: a new screen in one activity (a dialog, a fragment)
  // is still new, even when the next observation reads alike.
  if (r.newScreen) return windowChange(before, after) ?? `new screen${titled(after)}`;
  const same = after.text === before.text;
  if (a.kind === 'scroll' || a.kind === 'swipe')
    return same ? 'the list is at its end: nothing moved' : `scrolled${shifted(before, after)}`;
  if (same) return 'same screen, nothing changed';
  if (r.newScreen) return `new screen${titled(after)}`;
  return `screen changed${shifted(before, after)}`;
}

/**
 * A window opened over the screen or closed, in one activity: the dump is of the front window, so a menu or dialog
 * shows as a smaller screen (or as a dialog's buttons), and its closing as the screen behind it again. "New screen"
 * said nothing of the kind: a model read a menu as a place it had gone to.
 */
function windowChange(before: Observation, after: Observation): string | undefined {
  const area = (o: Observation): number => o.screen.width * o.screen.height;
  const smaller = area(after) < area(before) * 0.9;
  const larger = area(after) > area(before) * 1.1;
  const dialogNow = isDialog(after);
  const dialogBefore = isDialog(before);
  if (smaller || (dialogNow && !dialogBefore)) {
    const rows = after.elements.filter((e) => e.actions.includes('tap'));
    const menu = !dialogNow && rows.length > 0 && rows.length === after.elements.filter((e) => !e.actions.includes('scroll')).length;
    return menu ? `a menu opened (${rows.length} items)` : `a dialog opened${titled(after)}`;
  }
  if (larger || (dialogBefore && !dialogNow)) return `the ${dialogBefore ? 'dialog' : 'menu'} closed, back on the screen${titled(after)}`;
  return undefined;
}

/** A tapped radio button (or the one its row holds) that is checked on the same screen after: "X" is now chosen. */
function radioChosen(before: Observation, after: Observation, ref: string): string | undefined {
  const el = before.elements.find((e) => e.ref === ref);
  if (el === undefined) return undefined;
  const radio = (e: SnapshotElement): boolean => e.class.endsWith('RadioButton');
  const r = radio(el) ? el : before.elements.find((e) => e.parent === ref && radio(e));
  const now = r === undefined ? undefined : after.elements.find((e) => e.ref === r.ref);
  if (r === undefined || now === undefined || !isOn(now)) return undefined;
  const name = r.text ?? r.desc ?? r.labels?.[0] ?? el.text ?? el.labels?.[0];
  return `${name === undefined ? 'the option' : quoteCut(name)} is ${isOn(r) ? 'still' : 'now'} chosen`;
}

function titled(o: Observation): string {
  const t = titleOf(o);
  return t === undefined ? '' : ` "${t}"`;
}

/** How many elements appeared and went, by ref. */
function shifted(before: Observation, after: Observation): string {
  const was = new Set(before.elements.map((e) => e.ref));
  const now = new Set(after.elements.map((e) => e.ref));
  const added = [...now].filter((r) => !was.has(r)).length;
  const gone = [...was].filter((r) => !now.has(r)).length;
  if (added === 0 && gone === 0) return '';
  return ` (${added} element${added === 1 ? '' : 's'} appeared, ${gone} gone)`;
}
