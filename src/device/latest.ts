/**
 * The device's latest screen: the one the last snapshot, find, wait, action or marked screenshot showed. A ref
 * resolves against it, an action's diff is taken from it, and the next snapshot carries refs from it (snap.ts).
 *
 * It is one record per device (`LatestScreen`): the dump, the snapshot with its refs, what those refs were
 * carried from and the ref memory they were given with, the foreground `package/activity` when it was asked for
 * that very dump, and the dump's fingerprint. The session's store keeps it as one string under the serial (a
 * file for the CLI, memory for the MCP server and the library), written at once, so a reader in another process
 * never sees a dump with another dump's refs or activity.
 */
import type { CarryElement } from '../snapshot/carry.js';
import type { RefMemory } from '../snapshot/memory.js';
import type { PreviousSnapshot } from '../snapshot/snapshot.js';
import { fnv1a } from '../snapshot/refs.js';
import { snapshotOf, type DeviceSnapshot } from './snap.js';

/** Where the latest screen of each device is kept (structurally the tools' SnapshotStore). */
export interface DumpStore {
  load(key: string): Promise<string | undefined>;
  save(key: string, value: string): Promise<void>;
}

/** The device's latest screen, as one typed record. */
export interface LatestScreen {
  /** The dump, parsed, with the refs that were shown (also its raw `dump`, `carriedFrom` and `memoryFrom`). */
  readonly snap: DeviceSnapshot;
  /** Names the dump (length and hash). */
  readonly fingerprint: string;
  /** `package/activity` in front when this very dump was read; absent when it was not asked (an action's dump). */
  readonly foreground?: string;
}

/** The first line of a stored record; a store value without it is taken as a bare dump (refs standing alone). */
const MAGIC = 'glance-latest 1';

/**
 * The record last saved or loaded per store and serial, with the string it was read from: a long-lived process
 * (the daemon, the MCP server, a library session) reads its latest back without parsing the dump again (a second
 * full snapshot on screens of thousands of nodes). Used only while the store still holds that string.
 */
const known = new WeakMap<DumpStore, Map<string, { stored: string; screen: LatestScreen }>>();

function remember(store: DumpStore, serial: string, stored: string, screen: LatestScreen): void {
  let m = known.get(store);
  if (m === undefined) known.set(store, (m = new Map()));
  m.set(serial, { stored, screen });
}

/** Names one dump: a record says which dump its refs and activity were written for. */
export const fingerprint = (dump: string): string => `${dump.length.toString(36)}.${fnv1a(dump).toString(36)}`;

/** The device's latest screen; undefined when none is stored or its dump is unreadable. */
export async function loadLatestScreen(store: DumpStore, serial: string): Promise<LatestScreen | undefined> {
  const stored = await store.load(serial);
  if (stored === undefined) return undefined;
  const seen = known.get(store)?.get(serial);
  if (seen !== undefined && seen.stored === stored) return seen.screen;
  const { dump, header } = splitRecord(stored);
  const fp = fingerprint(dump);
  // A header written for another dump (a tampered or half-copied file) says nothing about this one.
  const mine = header !== undefined && header.fingerprint === fp ? header : undefined;
  let snap: DeviceSnapshot;
  try {
    snap = snapshotOf(dump, mine?.carried);
  } catch {
    // A corrupt or foreign file in the store: as if there were none (the caller asks the device).
    return undefined;
  }
  const screen: LatestScreen = { snap, fingerprint: fp, ...(mine?.foreground ? { foreground: mine.foreground } : {}) };
  remember(store, serial, stored, screen);
  return screen;
}

/** The device's latest snapshot, with the refs it was shown with; undefined when none is stored or it is unreadable. */
export async function loadLatest(store: DumpStore, serial: string): Promise<DeviceSnapshot | undefined> {
  return (await loadLatestScreen(store, serial))?.snap;
}

/** Stores `snap` as the device's latest screen, with the foreground read for this very dump if known. */
export async function saveLatest(store: DumpStore, serial: string, snap: DeviceSnapshot, foreground?: string): Promise<LatestScreen> {
  const screen: LatestScreen = { snap, fingerprint: fingerprint(snap.dump), ...(foreground ? { foreground } : {}) };
  const header = {
    fingerprint: screen.fingerprint,
    ...(foreground ? { foreground } : {}),
    ...(snap.carriedFrom === undefined ? {} : { carried: snap.carriedFrom.map(carryFields) }),
    ...(snap.carriedFrom === undefined || snap.memoryFrom === undefined ? {} : { memory: snap.memoryFrom }),
  };
  const stored = `${MAGIC}\n${JSON.stringify(header)}\n${snap.dump}`;
  await store.save(serial, stored);
  remember(store, serial, stored, screen);
  return screen;
}

/**
 * A new dump as the device's latest screen: its refs carried from `shown` (the latest before it, as the caller
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

interface Header {
  fingerprint: string;
  foreground?: string;
  carried?: PreviousSnapshot;
}

/** A stored string as its dump and, when it is a record, its header (undefined when unreadable). */
function splitRecord(stored: string): { dump: string; header?: Header } {
  if (!stored.startsWith(MAGIC + '\n')) return { dump: stored };
  const at = MAGIC.length + 1;
  const nl = stored.indexOf('\n', at);
  if (nl < 0) return { dump: '' };
  const dump = stored.slice(nl + 1);
  const header = readHeader(stored.slice(at, nl));
  return header === undefined ? { dump } : { dump, header };
}

function readHeader(line: string): Header | undefined {
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
    o = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const { fingerprint: fp, foreground, carried, memory } = o;
  if (typeof fp !== 'string' || !optString(foreground)) return undefined;
  const h: Header = { fingerprint: fp, ...(typeof foreground === 'string' ? { foreground } : {}) };
  if (carried === undefined) return h;
  // Refs given from something unreadable would not be the refs shown: the dump's own refs are safer.
  if (!Array.isArray(carried) || !carried.every(isCarryElement)) return { fingerprint: fp };
  if (memory !== undefined && !isRefMemory(memory)) return { fingerprint: fp };
  return { ...h, carried: { elements: carried, ...(memory === undefined ? {} : { memory }) } };
}
