/**
 * Grids of look-alikes: a run of at least MIN_RUN consecutive sibling elements with nothing of their own to
 * tell them apart (no text, description, absorbed label or hint; the same class, id, kind and actions; no
 * children) prints as one line — a month view's 42 day cells, a gallery's thumbnails. Each member keeps its
 * ref and gets its place in the grid (`cell`, row and column from 1, read from the bounds), so that
 * `:cell(r, c)` and `:nth(i)` reach it; `expand` lists the members one per line again.
 */
import type { Bounds } from '../hierarchy/model.js';
import type { Item } from './render.js';
import type { SnapshotElement } from './types.js';

export const MIN_RUN = 4;

export interface Run {
  members: SnapshotElement[];
  rows: number;
  cols: number;
}

/** What members of one run share; undefined for an element that tells itself apart. */
function look(it: Item): string | undefined {
  const e = it.el;
  // A list tells itself apart by its rows: it has children (groupLists counts only rows that are there).
  if (it.children.length > 0 || e.text !== undefined || e.desc !== undefined || e.labels !== undefined || e.hint !== undefined)
    return undefined;
  return `${e.ref[0]}|${e.class}|${e.id ?? ''}|${e.actions.join(',')}|${e.offscreen === true}`;
}

/**
 * Rows by vertical overlap (a member starts a row when it lies below the first member of the current one),
 * columns by left edge within a row. Sets `cell` on every member.
 */
export function gridShape(members: readonly SnapshotElement[]): { rows: number; cols: number } {
  // A stable sort (as every sort is since ES2019): members at the same height keep their document order.
  const order = [...members].sort((a, b) => a.bounds[1] - b.bounds[1]);
  const rows: SnapshotElement[][] = [];
  let first: SnapshotElement | undefined;
  for (const e of order) {
    const cy = (e.bounds[1] + e.bounds[3]) / 2;
    if (first === undefined || cy >= first.bounds[3]) {
      rows.push([]);
      first = e;
    }
    rows[rows.length - 1]!.push(e);
  }
  let cols = 0;
  rows.forEach((row, r) => {
    row.sort((a, b) => a.bounds[0] - b.bounds[0]);
    row.forEach((e, c) => (e.cell = [r + 1, c + 1]));
    cols = Math.max(cols, row.length);
  });
  return { rows: rows.length, cols };
}

/** Marks the runs among one list of siblings: the first member carries the run, the others are folded. */
function markRuns(siblings: readonly Item[]): void {
  let i = 0;
  while (i < siblings.length) {
    const k = look(siblings[i]!);
    let j = i + 1;
    if (k !== undefined) while (j < siblings.length && look(siblings[j]!) === k) j++;
    if (k !== undefined && j - i >= MIN_RUN) {
      const items = siblings.slice(i, j);
      const members = items.map((it) => it.el);
      items[0]!.run = { members, ...gridShape(members) };
      for (const it of items.slice(1)) it.folded = true;
    }
    i = j;
  }
}

/** Finds every run of look-alikes in the element tree (iteratively: trees can be deep). */
export function markGrids(roots: readonly Item[]): void {
  const stack: Array<readonly Item[]> = [roots];
  while (stack.length > 0) {
    const list = stack.pop()!;
    markRuns(list);
    for (const it of list) if (it.children.length > 0) stack.push(it.children);
  }
}

/** Union of the elements' bounds ([0, 0, 0, 0] for none). */
export function unionBounds(els: readonly Pick<SnapshotElement, 'bounds'>[]): Bounds {
  let l = Infinity;
  let t = Infinity;
  let r = -Infinity;
  let b = -Infinity;
  for (const e of els) {
    l = Math.min(l, e.bounds[0]);
    t = Math.min(t, e.bounds[1]);
    r = Math.max(r, e.bounds[2]);
    b = Math.max(b, e.bounds[3]);
  }
  return els.length === 0 ? [0, 0, 0, 0] : [l, t, r, b];
}
