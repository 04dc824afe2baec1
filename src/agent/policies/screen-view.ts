/**
 * What a model policy shows the model of the screen. Whole: the compact snapshot with refs. Private (CORE's
 * co-decision with accumulation): blocks chosen and ranked on this machine by privacy's lexical ranker, sent one
 * at a time while the model answers `need_more`; the rest is withheld and summed up in one line, and the
 * session's ledger says what left the machine.
 */
import { appStrings } from './block-names.js';
import { foldNoteList, type FoldNote } from './fold.js';
import { agentScreenText } from './view-text.js';
import { PrivacySession, type Block, type LedgerEntry } from '../../privacy/index.js';
import type { SnapshotElement } from '../../snapshot/types.js';
import type { UiMap } from '../../uimap/index.js';
import type { Exposure, Observation } from '../types.js';

export interface ScreenView {
  /** The screen as the prompt shows it. */
  text: string;
  /** Elements the model may name, by ref (device refs). */
  refs: ReadonlySet<string>;
  /** More can be sent on request. */
  more: boolean;
  exposure: Exposure;
  /** Private view: block ids sent so far and the ledger of this step. */
  ledger?: LedgerEntry;
}

export interface ScreenSource {
  /** Starts a step on this screen. */
  open(obs: Observation, history: ReadonlyArray<{ label?: string; input?: string }>): ScreenView;
  /** The next block (private view only), or undefined when nothing more is withheld. */
  more(): ScreenView | undefined;
  /** The real text for placeholders in an answer (private view masks values). */
  unmask(text: string): string;
  /** Text bound for the model masked as the screen is (private view; the whole view sends values as they are). */
  mask(text: string): string;
  /** Totals over the run (private view only). */
  totals?(): ReturnType<PrivacySession['totals']>;
}

const chars = (els: readonly SnapshotElement[], text: string): number => (els.length === 0 ? 0 : text.length);

/** The whole snapshot, every time. */
export function wholeScreen(): ScreenSource {
  return {
    open(obs) {
      // Refs listed beyond a fold may be named too: acting on one scrolls it into view.
      const refs = new Set([...obs.elements, ...(obs.offscreen ?? [])].map((e) => e.ref));
      const n = obs.elements.length;
      return {
        text: agentScreenText(obs),
        refs,
        more: false,
        exposure: {
          sentElements: n,
          totalElements: n,
          sentChars: chars(obs.elements, obs.text),
          totalChars: chars(obs.elements, obs.text),
        },
      };
    },
    more: () => undefined,
    unmask: (t) => t,
    mask: (t) => t,
  };
}

/** A block element's ref on the device's snapshot (the same dump gives the same refs; bounds decide otherwise). */
function deviceRef(e: SnapshotElement, obs: Observation): string | undefined {
  if (obs.elements.some((x) => x.ref === e.ref)) return e.ref;
  return obs.elements.find((x) => x.bounds.every((v, i) => v === e.bounds[i]))?.ref;
}

/** A private view also lets the device side look at the blocks before anything is sent (co-planning). */
export interface PrivateScreenSource extends ScreenSource {
  /** Starts a step on this screen and sends nothing: the blocks in the local ranker's order, unmasked. */
  survey(obs: Observation, history: ReadonlyArray<{ label?: string; input?: string }>): readonly Block[];
  /** Upload order for this step (block ids, best first), decided on the device side. */
  reorder(ids: readonly string[]): void;
  /** Sends the first block of the step and returns the view. */
  first(): ScreenView;
  /** The view as it stands (after `survey` alone: nothing sent, for the exposure of a step that sent nothing). */
  peek(): ScreenView;
}

/**
 * What lies beyond each list's fold, keyed by the ref of the row it follows (the list's last row shown, else the
 * list): a private view sends it with the block holding that row. Off-screen labels are named only when the app
 * ships them (its UI Map's texts); the others are counted.
 */
function privateFold(obs: Observation, known: ReadonlySet<string>): Map<string, FoldNote[]> {
  const notes = foldNoteList(obs, { named: true, reveal: (l) => known.has(l.trim().toLowerCase()) });
  const out = new Map<string, FoldNote[]>();
  for (const [ref, list] of notes) {
    const rows = obs.elements.filter((e) => e.parent === ref);
    const last = rows.reduce<SnapshotElement | undefined>((a, e) => (a === undefined || e.bounds[3] > a.bounds[3] ? e : a), undefined);
    const at = last?.ref ?? ref;
    out.set(at, [...(out.get(at) ?? []), ...list]);
  }
  return out;
}

/** CORE-style accumulation over privacy blocks, ranked with the app's UI Map when the policy has one. */
export function privateScreen(task: string, map?: UiMap): PrivateScreenSource {
  // Phone numbers, emails and card numbers leave as placeholders; a typed placeholder types the value.
  const mask = { phones: true, emails: true, cards: true };
  const session = new PrivacySession(map === undefined ? { task, mask } : { task, map, mask });
  const known = map === undefined ? new Set<string>() : appStrings(map);
  let obs: Observation | undefined;
  let parts: string[] = [];
  let refs = new Set<string>();
  let remaining = 0;
  let fold = new Map<string, FoldNote[]>();
  const view = (): ScreenView => {
    const entry = session.ledger.at(-1)!;
    const withheld = remaining > 0 ? `\n${session.withheldLine()} (answer need_more to see the next block)` : '';
    return {
      text: `${parts.join('\n')}${withheld}`,
      refs,
      more: remaining > 0,
      exposure: {
        sentElements: entry.sent.elements,
        totalElements: entry.total.elements,
        sentChars: entry.sent.chars,
        totalChars: entry.total.chars,
      },
      ledger: structuredClone(entry),
    };
  };
  const take = (): boolean => {
    const b = session.next();
    if (b === undefined || obs === undefined) return false;
    remaining = b.remaining;
    const notes: FoldNote[] = [];
    for (const e of b.block.elements) {
      const r = deviceRef(e, obs);
      if (r === undefined) continue;
      refs.add(r);
      notes.push(...(fold.get(r) ?? []));
      fold.delete(r);
    }
    // Beyond the fold, after the block holding the list's last row: refs named there may be acted on (scrolled to).
    const lines = notes.map((n) => `  ${n.text}`);
    for (const n of notes) for (const r of n.refs) refs.add(r);
    if (lines.length > 0) session.attach(`\n${lines.join('\n')}`);
    parts.push([b.text, ...lines].join('\n'));
    return true;
  };
  const survey: PrivateScreenSource['survey'] = (o, history) => {
    obs = o;
    parts = [];
    refs = new Set();
    remaining = 0;
    fold = privateFold(o, known);
    const last = history.at(-1);
    if (last !== undefined) session.record(last);
    const { package: pkg, activity } = o.screen;
    // The device snapshot's own elements: carrying from them gives the blocks exactly its refs (carried or not).
    session.observe(o.dump, {
      previous: { elements: o.elements },
      ...(activity === undefined ? {} : { activity: `${pkg ?? ''}/${activity}` }),
    });
    return session.blocks();
  };
  const first = (): ScreenView => {
    take();
    return view();
  };
  return {
    survey,
    reorder: (ids) => session.reorder(ids),
    first,
    peek: view,
    open(o, history) {
      survey(o, history);
      return first();
    },
    more: () => (take() ? view() : undefined),
    unmask: (t) => session.unmask(t),
    mask: (t) => session.mask(t),
    totals: () => session.totals(),
  };
}
