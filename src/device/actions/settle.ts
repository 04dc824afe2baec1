/**
 * After an action: dump until the screen stops changing (or the budget runs out), then diff against the
 * baseline. A new screen is printed whole, its header naming the activity.
 */
import { isGlanceError, throwIfAborted } from '../../errors.js';
import { snapshotFromDump } from '../../snapshot/snapshot.js';
import { loadLatest, saveLatest } from '../latest.js';
import { diffText, sameRefs, snapshotOf, type DeviceSnapshot } from '../snap.js';
import type { Device, Foreground } from '../types.js';
import type { ActionEnv } from './env.js';
import type { Settled, Unread } from './outcome.js';

export interface SettleResult {
  snapshot: DeviceSnapshot;
  settled: boolean;
  dumps: number;
  ms: number;
  /** Why no screen could be read after the action (then `snapshot` is the one shown before it). */
  unread?: Unread;
}

/**
 * Dumps until two consecutive dumps show the same snapshot, or `budgetMs` has passed (a dump that started
 * in time is allowed to finish). At least one dump is always taken. The last dump is stored as the latest.
 * Refs carry from `shown`, the snapshot shown before (default: the stored latest); when given, it also stands in
 * for the result when no dump can be read after the action.
 */
export async function settle(env: ActionEnv, budgetMs = env.settleMs ?? 2000, shown?: DeviceSnapshot): Promise<SettleResult> {
  const start = Date.now();
  const base = shown ?? (await loadLatest(env.store, env.device.serial));
  let prev: DeviceSnapshot | undefined;
  let dumps = 0;
  for (;;) {
    throwIfAborted(env.signal);
    let dump: string;
    try {
      dump = await env.device.dump({ signal: env.signal });
    } catch (e) {
      // The action already happened: a dump that keeps failing afterwards (an animation uiautomator cannot
      // wait out) makes the result unsettled, not the action failed.
      const last = prev ?? shown;
      if (!isGlanceError(e, 'DUMP_FAILED') || last === undefined) throw e;
      // Said in the result: a dump that cannot run at all (another UiAutomation client holds the device) would
      // otherwise read as a screen that kept moving.
      const unread = { message: e.message, ...(e.hint !== undefined ? { hint: e.hint } : {}) };
      return { snapshot: last, settled: false, dumps, ms: Date.now() - start, unread };
    }
    dumps++;
    const snap = snapshotOf(dump, base?.snapshot);
    if (prev !== undefined && prev.key === snap.key) {
      await saveLatest(env.store, env.device.serial, snap);
      return { snapshot: snap, settled: true, dumps, ms: Date.now() - start };
    }
    prev = snap;
    if (Date.now() - start >= budgetMs) {
      await saveLatest(env.store, env.device.serial, snap);
      return { snapshot: snap, settled: false, dumps, ms: Date.now() - start };
    }
  }
}

/** Settles, then diffs against `before`: the part every outcome shares, plus the settled snapshot. */
export async function finish(env: ActionEnv, before: DeviceSnapshot): Promise<Settled & { after: DeviceSnapshot }> {
  const s = await settle(env, env.settleMs ?? 2000, before);
  const d = diffText(before, s.snapshot);
  const diff = d.newScreen ? await newScreenText(env, s.snapshot, d.text) : d.text;
  return {
    settled: s.settled,
    ...(s.unread !== undefined ? { unread: s.unread } : {}),
    diff,
    changed: d.changed,
    ...(d.newScreen ? { newScreen: true } : {}),
    changes: d.summary,
    after: s.snapshot,
  };
}

/** `finish` without the settled snapshot, for outcomes that need nothing more from it. */
export async function settledDiff(env: ActionEnv, before: DeviceSnapshot): Promise<Settled> {
  const { after: _after, ...out } = await finish(env, before);
  return out;
}

/**
 * A new screen is printed whole; its header then names the activity, as a live snapshot does (uiautomator XML
 * carries no activity). Asked only when the screen changed; a device whose dumpsys cannot be read keeps the
 * package-only header.
 */
async function newScreenText(env: ActionEnv, after: DeviceSnapshot, fallback: string): Promise<string> {
  const fg = await foregroundIfKnown(env.device, env.signal);
  if (!fg) return fallback;
  return `new screen:\n${snapshotFromDump({ ...after.uiDump(), package: fg.package, activity: fg.activity }, sameRefs(after)).text}`;
}

/**
 * The foreground app and activity as optional detail for a header: a device whose dumpsys cannot be read gives
 * undefined instead of failing the command (an abort still propagates).
 */
export async function foregroundIfKnown(device: Device, signal: AbortSignal): Promise<Foreground | undefined> {
  return device.foreground({ signal }).catch((e: unknown) => {
    if (isGlanceError(e, 'ABORTED')) throw e;
    return undefined;
  });
}
