/**
 * What every action works with: the device, the store of its latest dump, the caller's AbortSignal and the
 * settle budget; and the two ways to get a snapshot of the screen.
 *
 * Which snapshot a target resolves against: a ref against the device's latest snapshot (the one the last
 * snapshot printed and every action updates), so a ref from an older screen is REF_NOT_FOUND; a selector against
 * a fresh dump (selectors are meant to survive screen changes); a point needs no snapshot. The diff an action
 * returns is against that same baseline: "what changed since you last looked".
 */
import { throwIfAborted } from '../../errors.js';
import { advanceLatest, loadLatest, type DumpStore } from '../latest.js';
import type { DeviceSnapshot } from '../snap.js';
import type { Device } from '../types.js';

export type { DumpStore };

export interface ActionEnv {
  device: Device;
  store: DumpStore;
  signal: AbortSignal;
  /** How long to wait for the screen to stop changing after an action (default 2000 ms). */
  settleMs?: number;
}

/** The device's latest snapshot from the store, or a fresh one (then stored) when there is none. */
export async function latest(env: ActionEnv): Promise<DeviceSnapshot> {
  return (await loadLatest(env.store, env.device.serial)) ?? fresh(env);
}

/** A new dump of the device, its refs carried from the latest snapshot, stored as the new latest. */
export async function fresh(env: ActionEnv, timeoutMs?: number): Promise<DeviceSnapshot> {
  throwIfAborted(env.signal);
  const dump = await env.device.dump({ signal: env.signal, ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  return advanceLatest(env.store, env.device.serial, dump, await loadLatest(env.store, env.device.serial));
}
