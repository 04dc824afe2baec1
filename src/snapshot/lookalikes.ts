/**
 * Identity of look-alikes: elements whose key (class, id, label, context) is the same, such as the thumbnails
 * of a gallery or the sliders of an equalizer. Numbering them in document order lets one removal renumber
 * every later one; they are told apart by something steadier that the dump offers:
 *
 * - the label of the element's own row: the nearest labelled node beside it (a sibling of it, of its dumped
 *   parent or of its grandparent) when the container holding both holds no other member of the group — the
 *   "60 Hz" beside one equalizer slider; with the offset from that label when two rows read alike, or when the
 *   label is another member's own (nearer to it: a row whose label is missing reaches the next row's);
 * - else, for members side by side in one container (a grid of thumbnails, a calendar's cells), their offset
 *   in their dumped parent: the place in the grid, which neither the removal of a member nor of a neighbour
 *   moves.
 *
 * Members with neither, or with the same tag, fall back to document order among themselves.
 */
import type { UiNode } from '../hierarchy/model.js';

const LEVELS = 3;
const LABEL_CHARS = 40;

/**
 * What a node reads as, for anchoring: nothing of an editable's (typing changes its value; its hint is its text to
 * one reader and a hint to another).
 */
function ownLabel(n: UiNode): string {
  const l = n.editable ? '' : n.text !== '' ? n.text : n.desc;
  return l.length > LABEL_CHARS ? l.slice(0, LABEL_CHARS) : l;
}

interface Anchor {
  node: UiNode;
  label: string;
  /** The dumped node whose children hold both the anchor and (a branch holding) the element. */
  container?: UiNode;
  /** How many levels above the element the container is (0: the element's own parent). */
  level?: number;
}

/** The first labelled node of a subtree in document order (iterative: dumps nest deep). */
function firstLabelled(root: UiNode): Anchor | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    const label = ownLabel(n);
    if (label !== '') return { node: n, label };
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  return undefined;
}

/** For one parent: each child's nearest labelled sibling before it and after it, in one pass each way. */
interface Neighbours {
  index: Map<UiNode, number>;
  before: Array<Anchor | undefined>;
  after: Array<Anchor | undefined>;
}

function neighbours(parent: UiNode): Neighbours {
  const kids = parent.children;
  const own = kids.map(firstLabelled);
  const before = new Array<Anchor | undefined>(kids.length);
  const after = new Array<Anchor | undefined>(kids.length);
  let last: Anchor | undefined;
  for (let i = 0; i < kids.length; i++) {
    before[i] = last;
    last = own[i] ?? last;
  }
  last = undefined;
  for (let i = kids.length - 1; i >= 0; i--) {
    after[i] = last;
    last = own[i] ?? last;
  }
  return { index: new Map(kids.map((k, i) => [k, i])), before, after };
}

/** Finds anchors for many nodes of one dump, sharing the per-parent work. */
export class AnchorFinder {
  private parents: Map<UiNode, UiNode> | undefined;
  private readonly cache = new Map<UiNode, Neighbours>();

  constructor(private readonly roots: readonly UiNode[]) {}

  parentOf(n: UiNode): UiNode | undefined {
    return this.parent(n);
  }

  private parent(n: UiNode): UiNode | undefined {
    if (this.parents === undefined) {
      this.parents = new Map();
      const stack = [...this.roots];
      while (stack.length > 0) {
        const p = stack.pop()!;
        for (const c of p.children) {
          this.parents.set(c, p);
          stack.push(c);
        }
      }
    }
    return this.parents.get(n);
  }

  anchorOf(n: UiNode): Anchor | undefined {
    let cur = n;
    for (let level = 0; level < LEVELS; level++) {
      const p = this.parent(cur);
      if (p === undefined) return undefined;
      let nb = this.cache.get(p);
      if (nb === undefined) this.cache.set(p, (nb = neighbours(p)));
      const i = nb.index.get(cur)!;
      const a = nb.before[i] ?? nb.after[i];
      if (a !== undefined) return { ...a, container: p, level };
      cur = p;
    }
    return undefined;
  }
}

/**
 * Tags that tell apart the members of one group of look-alikes (same order as `members`); undefined for a
 * member with no steadier identity than its order.
 */
export function lookalikeTags(members: readonly UiNode[], finder: AnchorFinder): Array<string | undefined> {
  const anchors = members.map((m) => finder.anchorOf(m));
  const perContainer = new Map<UiNode | undefined, number>();
  for (const a of anchors) perContainer.set(a?.container, (perContainer.get(a?.container) ?? 0) + 1);
  const nearest = nearestByLabel(anchors);
  const tags = members.map((m, i): string | undefined => {
    const a = anchors[i];
    // The label of the element's own row (a container holding no other member of the group); a label nearer to
    // another member is this one's only with the offset from it.
    if (a !== undefined && perContainer.get(a.container) === 1)
      return nearest.get(a.label) === i ? a.label : `${a.label}@${offset(m, a.node)}`;
    // Members side by side in one container (a grid, a row of stars): their place in it. A neighbour's label
    // would be shared by several and go with a removed neighbour; document order shifts with any removal.
    const p = finder.parentOf(m);
    return p === undefined ? undefined : `@${offset(m, p)}`;
  });
  // Two members with one tag (stacked at one offset): neither gets it, both fall back to order.
  const count = new Map<string, number>();
  for (const t of tags) if (t !== undefined) count.set(t, (count.get(t) ?? 0) + 1);
  return tags.map((t) => (t !== undefined && count.get(t) === 1 ? t : undefined));
}

/**
 * For each anchor label, the member it is nearest to (its container fewest levels up), when one member alone is
 * that near: the row whose own label it is. Another member reaches it only when its own label is missing (a
 * band of an equalizer whose label was removed), and that must not take the label from the row it belongs to.
 */
function nearestByLabel(anchors: ReadonlyArray<Anchor | undefined>): Map<string, number | undefined> {
  const best = new Map<string, { level: number; i: number | undefined }>();
  anchors.forEach((a, i) => {
    if (a === undefined) return;
    const level = a.level ?? 0;
    const b = best.get(a.label);
    if (b === undefined || level < b.level) best.set(a.label, { level, i });
    else if (level === b.level) b.i = undefined;
  });
  return new Map([...best].map(([label, b]) => [label, b.i]));
}

const offset = (m: UiNode, from: UiNode): string => `${m.bounds[0] - from.bounds[0]},${m.bounds[1] - from.bounds[1]}`;
