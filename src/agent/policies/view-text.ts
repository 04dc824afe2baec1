/**
 * The whole screen as the model reads it, with names and states the compact snapshot leaves implicit: a switch or
 * check box says `[on]` or `[off]` (an unchecked one said nothing, so a model could not tell it from a label); a
 * switch, check box or radio button whose only name is its id takes its row's label; an unnamed image button in the toolbar's leading slot is
 * the `Navigate up` button it always is; after each scrollable's rows, what lies beyond its fold (fold.ts). Pure: rewrites the snapshot text line by line, refs unchanged.
 */
import type { SnapshotElement } from '../../snapshot/types.js';
import type { Observation } from '../types.js';
import { withFold } from './fold.js';

const switchable = (e: SnapshotElement): boolean => e.states.includes('checkable') && !e.class.endsWith('RadioButton');

/**
 * The toolbar's leading slot: the top-left corner, starting within the first eighth of the screen's height and
 * ending within the first fifth (a tall status bar, as on phones with a notch, pushes the toolbar down: one at
 * 185–381 px of 2280 ended just past a sixth).
 */
function leadingUp(e: SnapshotElement, obs: Observation): boolean {
  return (
    e.class.endsWith('ImageButton') &&
    e.text === undefined &&
    e.desc === undefined &&
    (e.labels?.length ?? 0) === 0 &&
    e.bounds[0] <= obs.screen.width * 0.05 &&
    e.bounds[1] <= obs.screen.height / 8 &&
    e.bounds[3] <= obs.screen.height / 5
  );
}

function rewrite(line: string, e: SnapshotElement, obs: Observation): string {
  let out = line;
  if (leadingUp(e, obs) && !/Navigate up/.test(out)) out = out.replace(/(ImageButton)(\s|$)/, '$1 Navigate up$2');
  if (!e.states.includes('checkable')) return out;
  const named = e.text ?? e.desc ?? e.labels?.[0];
  const row = e.parent === undefined ? undefined : obs.elements.find((x) => x.ref === e.parent);
  const rowName = row?.text ?? row?.labels?.[0];
  if (named === undefined && rowName !== undefined && e.id !== undefined) out = out.replace(`#${e.id}`, `"${rowName}"`);
  // A radio button's group says which one is chosen (the one marked checked): its state stays as the snapshot has it.
  if (!switchable(e)) return out;
  const on = e.states.includes('checked') || e.states.includes('on');
  out = out.replace(/ \[(?:checked|on)\]/, '');
  const states = /( \[[^\]]*\])$/.exec(out);
  return states === null ? `${out} [${on ? 'on' : 'off'}]` : `${out.slice(0, states.index)} [${on ? 'on' : 'off'}]${states[1]}`;
}

export function agentScreenText(obs: Observation): string {
  const byRef = new Map(obs.elements.map((e) => [e.ref, e]));
  const lines = obs.text.split('\n').map((line) => {
    const ref = /^\s*([a-z]\d+)\b/.exec(line)?.[1];
    const e = ref === undefined ? undefined : byRef.get(ref);
    return e === undefined ? line : rewrite(line, e, obs);
  });
  return withFold(lines, obs).join('\n');
}
