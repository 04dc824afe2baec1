/**
 * The snapshot engine as device actions use it: one parse per dump, the default snapshot (what `glance ui`
 * shows, refs included), a wide one (off-screen elements and system chrome too) on demand, a key for "did
 * the screen change", selector matching and the rendered diff.
 *
 * Refs are carried from the snapshot shown before (src/snapshot/carry.ts: a list row cut by a scroll keeps its
 * ref). Whether they were is decided once, on the default snapshot of the dump; every other view of the same
 * dump (wide, with options, with the foreground activity in its header) then carries from the same elements, so
 * all of them show the same refs, and the store keeps those elements beside the dump (latest.ts).
 */
import type { UiDump } from '../hierarchy/model.js';
import { parseDump } from '../hierarchy/parse.js';
// Imported module by module, not from snapshot/index.js: that also loads the tokenizer (~0.5 s of CLI start-up).
import { diffSnapshots, renderDiff } from '../snapshot/diff.js';
import { findElements, isRefLike } from '../snapshot/selector.js';
import type { CarryElement } from '../snapshot/carry.js';
import { snapshotFromDump, type PreviousSnapshot, type Snapshot, type SnapshotOptions } from '../snapshot/snapshot.js';
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';
import type { RefMemory } from '../snapshot/memory.js';

export interface DeviceSnapshot {
  /** The raw dump XML. */
  readonly dump: string;
  readonly snapshot: Snapshot;
  readonly elements: readonly SnapshotElement[];
  readonly screen: ScreenInfo;
  /** Equal keys = same screen as an agent sees it (status-bar clock changes are not in it). */
  readonly key: string;
  /** The elements refs were carried from; undefined when no ref was (every ref is the dump's own). */
  readonly carriedFrom: readonly CarryElement[] | undefined;
  /** The session's ref memory the refs were given with (snapshot/memory.ts), kept beside carriedFrom. */
  readonly memoryFrom: RefMemory | undefined;
  /** The same screen with off-screen elements and system chrome kept. */
  wide(): Pick<DeviceSnapshot, 'elements' | 'screen' | 'snapshot'>;
  uiDump(): UiDump;
}

/** A snapshot of a dump, its refs carried from `previous` (the snapshot shown before it) when given. */
export function snapshotOf(dump: string, previous?: PreviousSnapshot): DeviceSnapshot {
  const ui = parseDump(dump);
  // The previous snapshot's elements and the session's ref memory (snapshot/memory.ts): refs of rows that went
  // away are retired, never given to another row. The store keeps both beside the dump (latest.ts), so another
  // process reading the latest back gives the same refs.
  const basis =
    previous === undefined
      ? undefined
      : {
          elements: previous.elements,
          ...(previous.screen === undefined ? {} : { screen: previous.screen }),
          ...(previous.memory === undefined ? {} : { memory: previous.memory }),
        };
  const snapshot = snapshotFromDump(ui, basis === undefined ? {} : { previous: basis });
  const memoryFrom = basis?.memory;
  const carriedFrom = basis !== undefined && (snapshot.stats.carried > 0 || memoryFrom !== undefined) ? basis.elements : undefined;
  const self: DeviceSnapshot = {
    dump,
    snapshot,
    elements: snapshot.elements,
    screen: snapshot.screen,
    key: snapshot.text,
    carriedFrom,
    memoryFrom: carriedFrom === undefined ? undefined : memoryFrom,
    wide() {
      wide ??= snapshotFromDump(ui, { offscreen: true, all: true, ...sameRefs(self) });
      return { elements: wide.elements, screen: wide.screen, snapshot: wide };
    },
    uiDump: () => ui,
  };
  let wide: Snapshot | undefined;
  return self;
}

/** Snapshot options that give another view of this dump the same refs as `snap`. */
export function sameRefs(snap: Pick<DeviceSnapshot, 'carriedFrom' | 'memoryFrom'>): Pick<SnapshotOptions, 'previous'> {
  if (snap.carriedFrom === undefined) return {};
  return { previous: { elements: snap.carriedFrom, ...(snap.memoryFrom === undefined ? {} : { memory: snap.memoryFrom }) } };
}

/** Elements matching a selector, in document order. */
export function findMatches(snap: Pick<DeviceSnapshot, 'snapshot'>, selector: string): SnapshotElement[] {
  return findElements(snap.snapshot, selector);
}

export function isRef(s: string): boolean {
  return isRefLike(s);
}

/**
 * The change an action caused, as text. When most of the old screen went away (navigation to another
 * screen), a list of removals helps nobody: the new screen's snapshot is printed instead, refs included.
 */
export interface DiffSummary {
  added: string[];
  removed: string[];
  changed: Array<{ ref: string; fields: string[] }>;
}

export function diffText(
  before: DeviceSnapshot,
  after: DeviceSnapshot,
): { text: string; changed: boolean; newScreen: boolean; summary: DiffSummary } {
  const d = diffSnapshots(before.snapshot, after.snapshot);
  const summary: DiffSummary = {
    added: d.added.map((e) => e.ref),
    removed: d.removed.map((e) => e.ref),
    changed: d.changed.map((c) => ({ ref: c.ref, fields: [...c.fields] })),
  };
  // A new screen is one whose fixed part went away. Rows scrolling through a list are ordinary changes, so
  // elements inside scrollable containers count only when the screen is nothing but a list.
  const fixed = outsideScrollables(before.elements);
  const basis = fixed.size > 0 ? fixed : new Set(before.elements.map((e) => e.ref));
  const removed = d.removed.filter((e) => basis.has(e.ref)).length;
  const newScreen = !d.same && d.added.length > 0 && removed * 2 >= Math.max(1, basis.size);
  if (newScreen) return { text: `new screen:\n${after.snapshot.text}`, changed: true, newScreen, summary };
  return { text: renderDiff(d), changed: !d.same, newScreen, summary };
}

/** Refs of the elements that sit in no scrollable container (toolbars, tabs, buttons outside lists). */
function outsideScrollables(elements: readonly SnapshotElement[]): Set<string> {
  const byRef = new Map(elements.map((e) => [e.ref, e]));
  const scrolls = (e: SnapshotElement): boolean => e.actions.includes('scroll');
  const inside = (e: SnapshotElement): boolean => {
    for (
      let p = e.parent === undefined ? undefined : byRef.get(e.parent);
      p;
      p = p.parent === undefined ? undefined : byRef.get(p.parent)
    ) {
      if (scrolls(p)) return true;
    }
    return false;
  };
  return new Set(elements.filter((e) => !scrolls(e) && !inside(e)).map((e) => e.ref));
}
