/**
 * Where a screen stands in the task, read from its state with what the map knows of the app: a field already
 * holding a value the task gives (quoted text, a number), an option already chosen that the task names, a
 * setting's row already showing the value the task asks for. Those parts are done. A dialog whose task parts
 * are all done is left by its positive button, the next transition. Needs no history: a real agent that erred
 * has none it can trust.
 */
import type { SnapshotElement } from '../snapshot/types.js';
import type { RawBlock } from './blocks.js';
import { lowerAll, type MapIndex } from './map-index.js';
import { elementLabels, terms } from './text.js';

export interface Progress {
  /** Blocks whose task elements are all done and that hold nothing else to do. */
  done: Set<RawBlock>;
  /** The positive button of a dialog whose task elements are all done. */
  exit: Set<SnapshotElement>;
}

const QUOTED = /['"‘“]([^'"’”]{1,80})['"’”]/g;
/** In "rename 'a' to 'b'" the first value is what a field holds before, not what it should hold. */
const OLD_VALUE = /['"‘“]([^'"’”]{1,80})['"’”]\s+(?:to|into|as)\s+['"‘“]/g;

interface TaskValues {
  values: string[];
  numbers: string[];
  stems: Set<string>;
}

function taskValues(task: string): TaskValues {
  const old = new Set([...task.matchAll(OLD_VALUE)].map((m) => m[1]!.toLowerCase()));
  return {
    values: [...task.matchAll(QUOTED)].map((m) => m[1]!.toLowerCase()).filter((v) => !old.has(v)),
    numbers: [...task.matchAll(/\d+/g)].map((m) => m[0]),
    stems: terms(task).stems,
  };
}

const field = (e: SnapshotElement): boolean => e.actions.includes('type');
const checkable = (e: SnapshotElement): boolean =>
  e.actions.includes('check') || e.states.includes('checkable') || e.states.includes('checked');
const checked = (e: SnapshotElement): boolean => e.states.includes('checked');

class ScreenState {
  private readonly wanted = new Map<SnapshotElement, boolean>();
  private readonly chosen = new Map<SnapshotElement, boolean>();
  /** A value the task gives that no field holds yet. */
  readonly unplaced: boolean;

  constructor(
    blocks: readonly RawBlock[],
    private readonly t: TaskValues,
    private readonly ix: MapIndex,
  ) {
    const all = blocks.flatMap((b) => b.elements);
    this.unplaced = [...t.values, ...t.numbers].some(
      (v) => !all.some((e) => field(e) && e.text !== undefined && e.text.toLowerCase().includes(v)),
    );
    // Options are judged within their group (the checkables under one parent: a radio group), which blocks may
    // split. The options the task wants there: those equal to a quoted value, else all it names.
    const groups = new Map<string, SnapshotElement[]>();
    for (const e of all) {
      if (!checkable(e)) continue;
      const g = groups.get(e.parent ?? '');
      if (g === undefined) groups.set(e.parent ?? '', [e]);
      else g.push(e);
    }
    for (const g of groups.values()) {
      const exact = g.filter((e) => lowerAll(elementLabels(e)).some((l) => t.values.includes(l)));
      const wanted = exact.length > 0 ? exact : g.filter((e) => this.named(e));
      const chosen = wanted.length > 0 && wanted.every(checked);
      for (const e of g) {
        this.wanted.set(e, wanted.includes(e));
        this.chosen.set(e, chosen);
      }
    }
  }

  named(e: SnapshotElement): boolean {
    return [...terms(elementLabels(e).join(' ')).stems].some((st) => this.t.stems.has(st));
  }

  /** uiautomator shows an empty field's hint as its text; the map knows the app's hints. */
  empty(e: SnapshotElement): boolean {
    return e.text === undefined || e.text === '' || e.text === e.hint || this.ix.hints.has(e.text.toLowerCase());
  }

  private filled(e: SnapshotElement): boolean {
    if (!field(e) || this.empty(e)) return false;
    const v = e.text!.toLowerCase();
    if (this.t.values.some((q) => v.includes(q) || q.includes(v))) return true;
    const digits = v.match(/\d+/g);
    return digits !== null && digits.every((d) => this.t.numbers.includes(d));
  }

  /** A setting's row shows its name (a text of the map) and its value (filled in at run time): the task's value is set. */
  private set(e: SnapshotElement): boolean {
    const ls = lowerAll(elementLabels(e));
    if (!ls.some((l) => this.ix.texts.has(l))) return false;
    return ls.some((l) => {
      if (this.ix.texts.has(l)) return false;
      const st = terms(l).stems;
      return st.size > 0 && [...st].every((s) => this.t.stems.has(s));
    });
  }

  done(e: SnapshotElement): boolean {
    return this.filled(e) || this.set(e) || (this.chosen.get(e) === true && this.wanted.get(e) === true);
  }

  /** Still to do: an empty field while a value waits, an option the task wants that is not chosen, any other control. */
  open(e: SnapshotElement): boolean {
    if (field(e)) return this.empty(e) && this.unplaced;
    if (checkable(e)) return this.wanted.get(e) === true || this.chosen.get(e) !== true;
    return e.actions.length > 0;
  }

  pendingChoice(e: SnapshotElement): boolean {
    return this.wanted.get(e) === true && !checked(e);
  }
}

export function progress(blocks: readonly RawBlock[], task: string, ix: MapIndex): Progress {
  const st = new ScreenState(blocks, taskValues(task), ix);
  const out: Progress = { done: new Set(), exit: new Set() };
  let dialogDone = false;
  // A value still to type with an empty field on screen (a dialog's own field may sit outside its panel).
  let dialogPending = st.unplaced && blocks.some((b) => b.elements.some((e) => field(e) && st.empty(e)));
  for (const b of blocks) {
    let done = 0;
    let open = 0;
    for (const e of b.elements) {
      if (st.done(e)) done++;
      else if (st.open(e)) open++;
    }
    if (done > 0 && open === 0) out.done.add(b);
    if (b.modal === true) {
      dialogDone ||= done > 0;
      dialogPending ||= b.elements.some((e) => st.pendingChoice(e));
    }
  }
  if (dialogDone && !dialogPending)
    for (const b of blocks) if (b.modal === true) for (const e of b.elements) if (e.id !== undefined && ix.exits.has(e.id)) out.exit.add(e);
  return out;
}
