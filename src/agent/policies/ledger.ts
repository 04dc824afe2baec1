/** A private view's ledger entry as a step keeps it (the screen and task are already in the step). */
import type { StepLedger } from '../types.js';
import type { ScreenView } from './screen-view.js';

export function ledgerOf(view: ScreenView): { ledger?: StepLedger } {
  const e = view.ledger;
  if (e === undefined) return {};
  return { ledger: { sentBlocks: e.sentBlocks, sent: e.sent, withheld: e.withheld, masked: e.masked } };
}
