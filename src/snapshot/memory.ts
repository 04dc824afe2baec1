/**
 * What a device session remembers of the refs it gave on one screen, so that a ref never comes to name another
 * element: once given, a ref stays with its element (cut by a list's edge, scrolled away and back, moved) or is
 * retired, and a new element whose identity would hash to a retired ref probes on to another.
 *
 * Each ref keeps the identities (refs.ts `fullKeys`, a label-less one marked: snapshot.ts) its element had: its
 * own, and those of its cut forms that took the ref by carrying (carry.ts). An element whose identity the memory
 * holds takes that ref back, when the ref is free; a label-less identity (a row cut down to none of its labels:
 * every row reads alike then) only from the element that had it in the snapshot just before, never after the
 * element was gone or read otherwise. The memory starts afresh on another screen (another package or activity,
 * or most of the elements outside lists gone): refs there are the dump's own again.
 *
 * Pure data (JSON as it is), so that a session can keep it beside its latest snapshot.
 */
import type { Reserved } from './refs.js';
import type { CarryElement } from './carry.js';

export interface RefRecord {
  ref: string;
  /** Identities the element had while it held the ref, least recently shown first (at most KEYS_PER_REF). */
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
  /** The refs whose elements had each identity, most recently shown first. */
  const byKey = new Map<string, RefRecord[]>();
  /** Each ref shown in the snapshot just before, by the identity its element had there (its latest form). */
  const justBefore = new Map<string, RefRecord>();
  for (let j = memory.refs.length - 1; j >= 0; j--) {
    const r = memory.refs[j]!;
    for (const k of r.keys) {
      const list = byKey.get(k);
      if (list === undefined) byKey.set(k, [r]);
      else list.push(r);
    }
    if (r.seen === memory.seq && r.keys.length > 0) justBefore.set(r.keys.at(-1)!, r);
  }
  const fixed = new Array<string | undefined>(keys.length).fill(undefined);
  const claimed = new Set<string>();
  const claim = (i: number, r: RefRecord | undefined): void => {
    if (r === undefined || fixed[i] !== undefined || claimed.has(r.ref)) return;
    claimed.add(r.ref);
    fixed[i] = r.ref;
  };
  // First the elements that read as a ref's element read just before: the surest claim. A row cut at a list's
  // edge may read as one that left earlier ("0 items", the end of every row of a file picker) while the row that
  // held that ref a moment ago is still there, whole.
  keys.forEach((k, i) => claim(i, justBefore.get(k)));
  // Then identities known from earlier snapshots, the most recently shown ref not taken yet (two rows cut to one
  // label each had it): labelled ones only, as a label-less identity names no element of its own (every nameless
  // row of a list has it).
  keys.forEach((k, i) => {
    if (labelled[i])
      claim(
        i,
        byKey.get(k)?.find((r) => !claimed.has(r.ref)),
      );
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
    // The identity it has now goes last (recall reads the latest form), once.
    const k = keys[i]!;
    const at = r.keys.indexOf(k);
    if (at >= 0) r.keys.splice(at, 1);
    r.keys.push(k);
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
