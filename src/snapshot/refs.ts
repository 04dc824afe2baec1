/**
 * Refs: short names derived from an element's identity, not from its order in the dump or its position,
 * so that they survive a re-dump, a new row, a layout shift, a scroll, typing and toggling.
 * The algorithm is documented in docs/snapshot.md ("Refs"); test/snapshot/refs.test.ts proves the claims
 * on perturbed corpus screens.
 *
 *   key   = class | resource id | stable label | local key of the parent element (or the nearest
 *           identified ancestor for top-level elements); a row named by a resource id of its own (see
 *           `namedById`) leaves its label out
 *   tag   = for look-alikes (elements with equal keys), the nearest labelled neighbour and the offset from it
 *           (lookalikes.ts), joined to the key
 *   rank  = position among elements with the same key and tag, in document order (0 for most)
 *   ref   = kind letter + slot, slot = FNV-1a(key, rank) mod 1000 with linear probing, claimed in order of
 *           (hash, key, rank): a deterministic function of the set of identities.
 */
import type { UiNode } from '../hierarchy/model.js';
import type { DNode } from './distil.js';
import { AnchorFinder, lookalikeTags } from './lookalikes.js';

/** e = editable, c = checkable, b = tap target, s = scrollable/list, t = text or image. */
export type RefKind = 'e' | 'c' | 'b' | 's' | 't';

export function kindOf(n: DNode): RefKind {
  if (n.editable) return 'e';
  if (n.checkable) return 'c';
  if (n.clickable) return 'b';
  if (n.scrollable || n.items !== undefined) return 's';
  if (n.longClickable) return 'b';
  return 't';
}

/** How much of its label an element's identity keeps (carry.ts reads the same part of an element). */
export const LABEL_CHARS = 40;

/**
 * The part of an element's label that does not change while the user works with it and that every reader of
 * the screen sees alike: never the checked state, and nothing of an editable — typing changes its value, and its
 * hint is read as its text by `uiautomator dump` but as `hint` by a page source (and only while it is empty).
 */
function identityLabel(n: DNode): string {
  const l = n.editable ? '' : n.text !== '' ? n.text : n.desc !== '' ? n.desc : (n.labels[0] ?? '');
  return l.length > LABEL_CHARS ? l.slice(0, LABEL_CHARS) : l;
}

function localKey(n: DNode, byId = false): string {
  return `${n.cls}|${n.id}|${byId ? '' : identityLabel(n)}`;
}

/** Scroll views that hold one fixed layout (any other scroller may recycle its children from one template). */
const PLAIN_SCROLLERS = /ScrollView$/;

/**
 * Rows whose own resource id is their name: a row (its labels all absorbed from inside it, none of its own) whose
 * class and id no other element of the screen shares, outside any scroller that may recycle rows. A scroll view
 * cutting such a row at its edge takes its title away, never its id; a recycled row's id is every item's (it
 * names the template), so there the label stays the row's name. A label of its own stays the element's name.
 */
function namedById(flat: ReadonlyArray<{ n: DNode; parent: number }>): boolean[] {
  const count = new Map<string, number>();
  for (const { n } of flat) if (n.id !== '') count.set(`${n.cls}|${n.id}`, (count.get(`${n.cls}|${n.id}`) ?? 0) + 1);
  // Whether each element is inside a scroller that may recycle (parents come before their children in `flat`).
  // A custom or obfuscated scroller (a pager named `b`) is taken for one that recycles.
  const inAdapter = new Array<boolean>(flat.length);
  flat.forEach(({ parent }, i) => {
    const p = parent >= 0 ? flat[parent]!.n : undefined;
    inAdapter[i] = p !== undefined && (inAdapter[parent]! || ((p.scrollable || p.items !== undefined) && !PLAIN_SCROLLERS.test(p.cls)));
  });
  return flat.map(
    ({ n }, i) =>
      n.id !== '' && n.text === '' && n.desc === '' && n.labels.length > 0 && !inAdapter[i] && count.get(`${n.cls}|${n.id}`) === 1,
  );
}

/**
 * Ref subjects for a distilled tree (flattened, each with its parent's index): kind and key, where look-alikes
 * (equal kind and key) carry their tag (lookalikes.ts) so that order decides only what nothing else can.
 */
export function refSubjects(flat: ReadonlyArray<{ n: DNode; parent: number }>, dumpRoots: readonly UiNode[]): RefSubject[] {
  const byId = namedById(flat);
  const local = flat.map((f, i) => localKey(f.n, byId[i]));
  const subjects = flat.map((f, i): RefSubject => {
    const label = identityLabel(f.n);
    return {
      kind: kindOf(f.n),
      key: `${local[i]!}|${f.parent < 0 ? '@' + f.n.scopeId : local[f.parent]!}`,
      labelled: label !== '',
      name: label !== '' && !byId[i] ? label : f.n.id === '' ? '' : `#${f.n.id}`,
    };
  });
  const groups = new Map<string, number[]>();
  subjects.forEach((s, i) => {
    const k = s.kind + s.key;
    const g = groups.get(k);
    if (g === undefined) groups.set(k, [i]);
    else g.push(i);
  });
  let finder: AnchorFinder | undefined;
  for (const g of groups.values()) {
    if (g.length < 2) continue;
    finder ??= new AnchorFinder(dumpRoots);
    const tags = lookalikeTags(
      g.map((i) => flat[i]!.n.src),
      finder,
    );
    g.forEach((i, k) => {
      const t = tags[k];
      if (t !== undefined) subjects[i]!.key += `~${t}`;
    });
  }
  return subjects;
}

/** FNV-1a, 32 bit, over UTF-16 code units: tiny, fast, well spread for short keys. */
export function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface RefSubject {
  kind: RefKind;
  key: string;
  /** Whether the key holds a label of the element's own (a row cut down to none of its labels has none). */
  labelled?: boolean;
  /**
   * What names the element in its key: its identity label, else (a row named by its id, or one without a label)
   * `#` and its resource id, else ''. Refs do not read it; benches and tests do, to tell a lost ref from a lost
   * name.
   */
  name?: string;
}

/** Each subject's full identity: kind letter, key, and `#rank` among equal ones (what its slot is hashed from). */
export function fullKeys(subjects: readonly RefSubject[]): string[] {
  const rankOf = new Map<string, number>();
  return subjects.map((s) => {
    const k = `${s.kind}${s.key}`;
    const rank = rankOf.get(k) ?? 0;
    rankOf.set(k, rank + 1);
    return rank === 0 ? k : `${k}#${rank}`;
  });
}

/**
 * What a device session already gave (memory.ts): refs some subjects keep (`fixed`, same order as the subjects),
 * and refs no other subject may take (`avoid`: given to elements before, gone or elsewhere now).
 */
export interface Reserved {
  fixed: ReadonlyArray<string | undefined>;
  avoid: ReadonlySet<string>;
}

/**
 * Slot space per kind letter: 3 decimal digits (one o200k token) normally, 4 on huge screens, 4 upper-case
 * base-36 characters on absurd ones (`t0A3Z`, never mistaken for a selector): never longer than 5 characters.
 */
function slotsFor(count: number): { slots: number; radix: number } {
  return count <= 400 ? { slots: 1000, radix: 10 } : count <= 4000 ? { slots: 10000, radix: 10 } : { slots: 36 ** 4, radix: 36 };
}

interface Claim {
  i: number;
  full: string;
  slot: number;
}

/**
 * Assigns one unique ref per subject (same order as given). Deterministic in the multiset of (kind, key); with
 * `reserved`, the fixed refs stay where they are and the others probe past them and past the avoided ones.
 */
export function assignRefs(subjects: readonly RefSubject[], reserved?: Reserved): string[] {
  const refs = new Array<string>(subjects.length);
  const byKind = new Map<RefKind, Array<{ i: number; full: string }>>();
  const full = fullKeys(subjects);
  subjects.forEach((s, i) => {
    let group = byKind.get(s.kind);
    if (!group) byKind.set(s.kind, (group = []));
    group.push({ i, full: full[i]!.slice(1) });
  });
  for (const [kind, group] of byKind) {
    const { slots, radix } = slotsFor(group.length);
    if (group.length > slots) throw new RangeError(`more than ${slots} elements of kind ${kind}`);
    const name = (s: number): string => kind + (radix === 10 ? String(s) : s.toString(36).toUpperCase().padStart(4, '0'));
    const slotOf = (ref: string): number | undefined => {
      const s = parseInt(ref.slice(1), radix);
      return s >= 0 && s < slots && name(s) === ref ? s : undefined;
    };
    const taken = new Uint8Array(slots);
    const open = group.filter((g) => {
      const s = reserved?.fixed[g.i] === undefined ? undefined : slotOf(reserved.fixed[g.i]!);
      if (s === undefined) return true;
      refs[g.i] = name(s);
      taken[s] = 1;
      return false;
    });
    if (reserved !== undefined) {
      const avoided = [...reserved.avoid].map(slotOf).filter((s): s is number => s !== undefined && !taken[s]);
      // Avoided refs give way only when nothing else is left: a ref is never shared by two elements.
      if (group.length + avoided.length <= slots) for (const s of avoided) taken[s] = 1;
    }
    // One object shape for every claim (a spread copy is slow to make and slow to compare on 10k+ elements).
    const order: Claim[] = open.map((g) => ({ i: g.i, full: g.full, slot: fnv1a(g.full) % slots }));
    order.sort((a, b) => a.slot - b.slot || (a.full < b.full ? -1 : a.full > b.full ? 1 : 0));
    for (const g of order) {
      let s = g.slot;
      while (taken[s]) s = s + 1 === slots ? 0 : s + 1;
      taken[s] = 1;
      refs[g.i] = name(s);
    }
  }
  return refs;
}
