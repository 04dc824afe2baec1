// Waiting for the screen: for text or a selector to appear (or go), or for the screen to stop changing.
import { GlanceError, isGlanceError } from '../../errors.js';
import { walk } from '../../hierarchy/model.js';
import { sleep } from '../sleep.js';
import { findMatches, type DeviceSnapshot } from '../snap.js';
import { fresh, type ActionEnv } from './env.js';
import { settle, type SettleResult } from './settle.js';

export interface WaitOptions {
  text?: string | undefined;
  selector?: string | undefined;
  gone?: boolean;
  timeoutMs?: number;
  /** Pause between dumps (default 200 ms). */
  intervalMs?: number;
}

export interface WaitResult {
  ms: number;
  dumps: number;
  /** Refs of what matched at the end (empty with `gone`). */
  refs: string[];
}

/** Visible text or description contains `text` (case-insensitive), anywhere in the dump. */
function textMatches(snap: DeviceSnapshot, text: string): string[] {
  const needle = text.toLowerCase();
  const hits = snap.elements.filter((e) => [e.text, e.desc, e.hint].some((v) => v !== undefined && v.toLowerCase().includes(needle)));
  if (hits.length > 0) return hits.map((e) => e.ref);
  // Labels absorbed into a row or cut by a label limit still count: look at the raw nodes too.
  for (const { node } of walk(snap.uiDump().roots)) {
    if (!node.visible) continue;
    if (node.text.toLowerCase().includes(needle) || node.desc.toLowerCase().includes(needle)) return [''];
  }
  return [];
}

/** Polls the screen until text / selector is there (or gone with `gone`); TIMEOUT after `timeoutMs` (default 10 s). */
export async function waitFor(env: ActionEnv, o: WaitOptions): Promise<WaitResult> {
  if ((o.text === undefined) === (o.selector === undefined)) {
    throw new GlanceError('USAGE', 'wait needs exactly one of text or selector', {
      hint: 'e.g. text "Welcome", or selector "#login:enabled"',
      next: { tool: 'device_wait_for', params: { text: 'Welcome' } },
    });
  }
  const timeoutMs = o.timeoutMs ?? 10_000;
  const interval = o.intervalMs ?? 200;
  const start = Date.now();
  let dumps = 0;
  for (;;) {
    const remaining = timeoutMs - (Date.now() - start);
    let snap: DeviceSnapshot | undefined;
    try {
      snap = await fresh(env, Math.max(1000, remaining));
    } catch (e) {
      // Mid-animation dumps fail and a dump cut by the deadline times out: both mean "not yet".
      if (!isGlanceError(e, 'DUMP_FAILED') && !isGlanceError(e, 'TIMEOUT')) throw e;
    }
    if (snap) {
      dumps++;
      const refs =
        o.text !== undefined
          ? textMatches(snap, o.text)
          : findMatches(snap, o.selector!)
              .filter((e) => !e.offscreen)
              .map((e) => e.ref);
      if (o.gone ? refs.length === 0 : refs.length > 0) return { ms: Date.now() - start, dumps, refs: refs.filter((r) => r !== '') };
    }
    if (Date.now() - start + interval >= timeoutMs) break;
    await sleep(interval, env.signal);
  }
  const what = o.text !== undefined ? `text "${o.text}"` : `selector ${o.selector}`;
  throw new GlanceError('TIMEOUT', `${what} ${o.gone ? 'still on screen' : 'did not appear'} after ${timeoutMs} ms`, {
    hint: o.gone ? 'the element is still there; check the screen' : 'check the screen, or raise the timeout',
    next: { tool: 'device_snapshot' },
    context: { timeoutMs, dumps },
  });
}

/** Waits until two consecutive dumps are identical; TIMEOUT when the screen keeps changing. */
export async function waitIdle(env: ActionEnv, timeoutMs = 10_000): Promise<SettleResult> {
  const s = await settle(env, timeoutMs);
  if (!s.settled) {
    throw new GlanceError('TIMEOUT', `the screen kept changing for ${timeoutMs} ms`, {
      hint: 'an animation or a live counter may never stop; act anyway, or raise the timeout',
      context: { timeoutMs, dumps: s.dumps },
    });
  }
  return s;
}
