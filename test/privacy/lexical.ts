// Builders for the lexical ranker's tests: every weight neutral, and tappable views stacked 100 px apart.
import type { LexicalWeights } from '../../src/privacy/rank.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

/** Adds nothing and multiplies by one: the ranker with every term switched off. */
export const NEUTRAL: LexicalWeights = {
  stem: 0,
  concept: 0,
  quotedPhrase: 0,
  dialog: 0,
  toolbar: 0,
  tabs: 0,
  input: 0,
  passiveOnly: 0,
  consumed: 1,
  size: 0,
  repeat: 0,
  properNoun: 1,
  gateway: 0,
  settingsIntent: 0,
  confirm: 0,
  appWord: 1,
  typedPhrase: 1,
  forgetDone: 0,
  numbers: 0,
};

let top = 0;
/** A view: a tappable `View` (class words never meet the tasks below) unless told otherwise. */
export function v(text: string | undefined, o: Partial<SnapshotElement> = {}): SnapshotElement {
  top += 100;
  const e: SnapshotElement = {
    ref: `e${top}`,
    class: 'View',
    bounds: [0, top, 500, top + 80],
    center: [250, top + 40],
    actions: ['tap'],
    states: [],
    ...o,
  };
  if (text !== undefined) e.text = text;
  return e;
}
