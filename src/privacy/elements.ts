/**
 * The one place where privacy mode gets the snapshot's elements and ties each to its layout node.
 * Blocks are built from the layout tree (containers, depth), so every element needs the UiNode it stands for:
 * the snapshot engine reports it (`snapshotWithSources`); an element it cannot tie to a node (none today) is
 * matched to the smallest visible node with the same bounds, else left at the root of the partition.
 */
import { walk, type UiDump, type UiNode } from '../hierarchy/model.js';
import { snapshotWithSources } from '../snapshot/snapshot.js';
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';

export interface ElementSource {
  screen: ScreenInfo;
  /** Exactly the elements `snapshotFromDump(dump)` returns (same refs, same order). */
  elements: SnapshotElement[];
  /** The layout node each element stands for. */
  nodeOf: Map<SnapshotElement, UiNode>;
}

export function elementsFromDump(dump: UiDump): ElementSource {
  const { snapshot, sources } = snapshotWithSources(dump);
  const nodeOf = new Map<SnapshotElement, UiNode>();
  let byBounds: Map<string, UiNode> | undefined;
  snapshot.elements.forEach((el, i) => {
    let n = sources[i];
    if (n === undefined) {
      byBounds ??= indexByBounds(dump);
      n = byBounds.get(el.bounds.join(','));
    }
    if (n !== undefined) nodeOf.set(el, n);
  });
  return { screen: snapshot.screen, elements: snapshot.elements, nodeOf };
}

function indexByBounds(dump: UiDump): Map<string, UiNode> {
  const m = new Map<string, UiNode>();
  // Deepest last wins: pre-order walk, so a child with its parent's bounds replaces it.
  for (const { node } of walk(dump.roots)) if (node.visible) m.set(node.bounds.join(','), node);
  return m;
}
