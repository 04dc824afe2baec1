/**
 * What a device session remembers of the refs it gave on one screen, so that a ref never comes to name another
 * element: once given, a ref stays with its element (cut by a list's edge, scrolled away and back, moved) or is
 * retired, and a new element whose identity would hash to a retired ref probes on to another.
 *
 * Each ref keeps the identities (refs.ts `fullKeys`) its element had: its own, and those of its cut forms that took
 * the ref by carrying (carry.ts). An element whose identity the memory holds takes that ref back, when the ref is
 * free; a label-less identity (a row cut down to none of its labels: every row reads alike then) only from the
 * snapshot just before, never after the element was gone. The memory starts afresh on another screen (another
 * package or activity, or most of the elements outside lists gone): refs there are the dump's own again.
 *
 * Pure data (JSON as it is), so that a session can keep it beside its latest snapshot.
 */
import type { Reserved } from './refs.js';
import type { CarryElement } from './carry.js';

export interface RefRecord {
  ref: string;
  /** Identities the element had while it held the ref, oldest first (at most KEYS_PER_REF). */
  keys: string[];
  /** The number of the last snapshot that showed the ref. */
  seen: number;
}

export interface RefMemory {
  /** The number of the snapshot this memory was written by (1 for the first). */
  seq: number;
  /** Refs given on this screen, least recently shown first (at most MAX_REFS). */
  refs: RefRecord[];
}

const KEYS_PER_REF = 8;
/** Refs remembered per screen: below the 1,000 slots of a kind letter, so that new elements always find one. */
const MAX_REFS = 600;
/** A screen whose elements outside lists mostly went away is another screen: its refs start afresh. */
const KEPT_OUTSIDE_LISTS = 0.5;

/** The refs a snapshot keeps or avoids, given the memory and its elements' identities (same order as `keys`). */
export function recall(memory: RefMemory, keys: readonly string[], labelled: readonly boolean[]): Reserved {
  const byKey = new Map<string, RefRecord>();
  for (const r of memory.refs) for (const k of r.keys) byKey.set(k, r);
  const claimed = new Set<string>();
  const fixed = keys.map((k, i) => {
    const r = byKey.get(k);
    if (r === undefined || claimed.has(r.ref) || (r.seen !== memory.seq && !labelled[i])) return undefined;
    claimed.add(r.ref);
    return r.ref;
  });
  return { fixed, avoid: new Set(memory.refs.map((r) => r.ref)) };
}

/** The memory after a snapshot that showed `refs` on elements of these identities. */
export function remember(memory: RefMemory | undefined, keys: readonly string[], refs: readonly string[]): RefMemory {
  const seq = (memory?.seq ?? 0) + 1;
  const byRef = new Map((memory?.refs ?? []).map((r) => [r.ref, { ref: r.ref, keys: [...r.keys], seen: r.seen }]));
  refs.forEach((ref, i) => {
    let r = byRef.get(ref);
    if (r === undefined) byRef.set(ref, (r = { ref, keys: [], seen: seq }));
    r.seen = seq;
    const k = keys[i]!;
    if (!r.keys.includes(k)) r.keys.push(k);
    if (r.keys.length > KEYS_PER_REF) r.keys.shift();
  });
  // Least recently shown first (a stable sort keeps the earlier order among equals); the oldest are forgotten.
  const all = [...byRef.values()].sort((a, b) => a.seen - b.seen);
  return { seq, refs: all.slice(Math.max(0, all.length - MAX_REFS)) };
}

/**
 * Whether the memory still speaks for this screen: most of the previous snapshot's elements outside lists are
 * there again under their identities (a scroll keeps them all; navigation to another screen keeps few).
 */
export function sameScreen(memory: RefMemory, previous: readonly CarryElement[], keys: ReadonlySet<string>): boolean {
  const lists = new Set(previous.filter((e) => e.ref.startsWith('s') || e.actions.includes('scroll')).map((e) => e.ref));
  const byRef = new Map(previous.map((e) => [e.ref, e]));
  const inList = (e: CarryElement): boolean => {
    for (let p = e.parent; p !== undefined; p = byRef.get(p)?.parent) if (lists.has(p)) return true;
    return false;
  };
  const outside = previous.filter((e) => !inList(e));
  if (outside.length === 0) return true;
  const last = new Map(memory.refs.filter((r) => r.seen === memory.seq).map((r) => [r.ref, r]));
  const kept = outside.filter((e) => last.get(e.ref)?.keys.some((k) => keys.has(k)) === true).length;
  return kept >= outside.length * KEPT_OUTSIDE_LISTS;
}
