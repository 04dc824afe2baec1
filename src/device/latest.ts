/**
 * The device's latest snapshot: the one the last snapshot, find, wait, action or marked screenshot showed. A ref
 * resolves against it, an action's diff is taken from it, and the next snapshot carries refs from it (snap.ts).
 * It lives in a store of strings (a folder for the CLI, memory for the MCP server and the library) under the
 * serial: the dump, and beside it the elements its refs were carried from, stamped with the dump they belong to,
 * so that reading it back in another process gives exactly the refs that were shown.
 */
import type { CarryElement } from '../snapshot/carry.js';
import type { RefMemory } from '../snapshot/memory.js';
import type { PreviousSnapshot } from '../snapshot/snapshot.js';
import { fnv1a } from '../snapshot/refs.js';
import { snapshotOf, type DeviceSnapshot } from './snap.js';

/** Where the latest dump of each device is kept (structurally the tools' SnapshotStore). */
export interface DumpStore {
  load(key: string): Promise<string | undefined>;
  save(key: string, dump: string): Promise<void>;
}

const CARRIED = '#carried';

/**
 * The snapshot last saved or loaded per store and serial, with the strings it was read from: a long-lived
 * process (the daemon, the MCP server, a library session) reads its latest back without parsing the dump again
 * (a second full snapshot on screens of thousands of nodes). Used only while the store still holds those strings.
 */
const known = new WeakMap<DumpStore, Map<string, { dump: string; record: string; snap: DeviceSnapshot }>>();

function remember(store: DumpStore, serial: string, entry: { dump: string; record: string; snap: DeviceSnapshot }): void {
  let m = known.get(store);
  if (m === undefined) known.set(store, (m = new Map()));
  m.set(serial, entry);
}

/** Names one dump: a record kept beside the latest dump says which dump it was written for. */
export const fingerprint = (dump: string): string => `${dump.length.toString(36)}.${fnv1a(dump).toString(36)}`;

/** The device's latest snapshot, with the refs it was shown with; undefined when none is stored or it is unreadable. */
export async function loadLatest(store: DumpStore, serial: string): Promise<DeviceSnapshot | undefined> {
  const dump = await store.load(serial);
  if (dump === undefined) return undefined;
  const record = (await store.load(serial + CARRIED)) ?? '';
  const seen = known.get(store)?.get(serial);
  if (seen !== undefined && seen.dump === dump && seen.record === record) return seen.snap;
  const carried = readCarried(record, dump);
  let snap: DeviceSnapshot;
  try {
    snap = snapshotOf(dump, carried);
  } catch {
    // A corrupt or foreign file in the store: as if there were none (the caller asks the device).
    return undefined;
  }
  remember(store, serial, { dump, record, snap });
  return snap;
}

/** Stores `snap` as the device's latest snapshot. */
export async function saveLatest(store: DumpStore, serial: string, snap: DeviceSnapshot): Promise<void> {
  await store.save(serial, snap.dump);
  const kept = snap.carriedFrom === undefined ? undefined : { carried: snap.carriedFrom.map(carryFields), memory: snap.memoryFrom };
  const record = kept === undefined ? '' : `${fingerprint(snap.dump)}\n${JSON.stringify(kept)}`;
  await store.save(serial + CARRIED, record);
  remember(store, serial, { dump: snap.dump, record, snap });
}

/**
 * A new dump as the device's latest snapshot: its refs carried from `shown` (the latest before it, as the caller
 * loaded it), then stored.
 */
export async function advanceLatest(
  store: DumpStore,
  serial: string,
  dump: string,
  shown: DeviceSnapshot | undefined,
): Promise<DeviceSnapshot> {
  const snap = snapshotOf(dump, shown?.snapshot);
  await saveLatest(store, serial, snap);
  return snap;
}

/** Only what carrying reads, in a fixed order. */
function carryFields(e: CarryElement): CarryElement {
  const out: CarryElement = { ref: e.ref, class: e.class, bounds: [...e.bounds], actions: [...e.actions] };
  if (e.text !== undefined) out.text = e.text;
  if (e.desc !== undefined) out.desc = e.desc;
  if (e.hint !== undefined) out.hint = e.hint;
  if (e.id !== undefined) out.id = e.id;
  if (e.labels !== undefined) out.labels = [...e.labels];
  if (e.parent !== undefined) out.parent = e.parent;
  return out;
}

const isStrings = (x: unknown): x is string[] => Array.isArray(x) && x.every((s) => typeof s === 'string');
const optString = (x: unknown): boolean => x === undefined || typeof x === 'string';

function isCarryElement(x: unknown): x is CarryElement {
  if (typeof x !== 'object' || x === null) return false;
  const e = x as Record<string, unknown>;
  const b = e['bounds'];
  return (
    typeof e['ref'] === 'string' &&
    typeof e['class'] === 'string' &&
    Array.isArray(b) &&
    b.length === 4 &&
    b.every((v) => typeof v === 'number') &&
    isStrings(e['actions']) &&
    (e['labels'] === undefined || isStrings(e['labels'])) &&
    ['text', 'desc', 'hint', 'id', 'parent'].every((k) => optString(e[k]))
  );
}

function isRefMemory(x: unknown): x is RefMemory {
  if (typeof x !== 'object' || x === null) return false;
  const m = x as Record<string, unknown>;
  const refs = m['refs'];
  return (
    typeof m['seq'] === 'number' &&
    Array.isArray(refs) &&
    refs.every((r: unknown) => {
      const o = r as Record<string, unknown> | null;
      return typeof o === 'object' && o !== null && typeof o['ref'] === 'string' && typeof o['seen'] === 'number' && isStrings(o['keys']);
    })
  );
}

/**
 * What refs were given from, if the record was written for this very dump (else refs stand alone): the
 * carried-from elements and the ref memory (`{carried, memory}`; a bare list of elements from an older store).
 */
function readCarried(record: string, dump: string): PreviousSnapshot | undefined {
  const nl = record.indexOf('\n');
  if (nl < 0 || record.slice(0, nl) !== fingerprint(dump)) return undefined;
  try {
    const parsed: unknown = JSON.parse(record.slice(nl + 1));
    if (Array.isArray(parsed)) return parsed.every(isCarryElement) ? { elements: parsed } : undefined;
    const o = parsed as { carried?: unknown; memory?: unknown } | null;
    if (o === null || typeof o !== 'object' || !Array.isArray(o.carried) || !o.carried.every(isCarryElement)) return undefined;
    if (o.memory !== undefined && !isRefMemory(o.memory)) return undefined;
    return { elements: o.carried, ...(o.memory === undefined ? {} : { memory: o.memory }) };
  } catch {
    return undefined;
  }
}
