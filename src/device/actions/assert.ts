// Assertions on the current screen.
import { GlanceError } from '../../errors.js';
import { findMatches } from '../snap.js';
import { fresh, type ActionEnv } from './env.js';

export interface AssertResult {
  count: number;
  refs: string[];
}

/** Checks that `selector` matches (exactly `count` elements when given); ASSERTION_FAILED otherwise. */
export async function assertSelector(env: ActionEnv, selector: string, count?: number): Promise<AssertResult> {
  const snap = await fresh(env);
  const found = findMatches(snap, selector).filter((e) => !e.offscreen);
  const ok = count === undefined ? found.length > 0 : found.length === count;
  if (!ok) {
    throw new GlanceError(
      'ASSERTION_FAILED',
      `expected ${count === undefined ? 'at least one' : count} element${count === 1 ? '' : 's'} matching ${selector}, found ${found.length}`,
      {
        hint: 'look at the screen; device_find lists what a selector matches',
        next: { tool: 'device_snapshot' },
        context: { selector, expected: count ?? '>=1', actual: found.length, refs: found.map((e) => e.ref) },
      },
    );
  }
  return { count: found.length, refs: found.map((e) => e.ref) };
}
