/**
 * The one place where privacy mode gets the snapshot's elements and ties each to its layout node.
 * Blocks are built from the layout tree (containers, depth), so every element needs the UiNode it stands for:
 * the snapshot engine reports it (`snapshotWithSources`).
 */
import type { UiDump, UiNode } from '../hierarchy/model.js';
import { snapshotWithSources, type PreviousSnapshot } from '../snapshot/snapshot.js';
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';

export interface ElementSource {
  screen: ScreenInfo;
  /** Exactly the elements `snapshotFromDump(dump, { previous })` returns (same refs, same order). */
  elements: SnapshotElement[];
  /** The layout node each element stands for. */
  nodeOf: Map<SnapshotElement, UiNode>;
}

export function elementsFromDump(dump: UiDump, previous?: PreviousSnapshot): ElementSource {
  // The elements only: blocks never read the rendered text, which costs as much as the rest on huge screens.
  const { snapshot, sources } = snapshotWithSources(dump, previous === undefined ? {} : { previous }, false);
  const nodeOf = new Map(snapshot.elements.map((el, i) => [el, sources[i]!] as const));
  return { screen: snapshot.screen, elements: snapshot.elements, nodeOf };
}
