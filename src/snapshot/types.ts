/**
 * The snapshot's public data model: what `--format json` prints and what `snapshotFromDump` returns in
 * `elements`. Stable schema (documented in docs/snapshot.md): add optional fields only.
 */
import type { Bounds } from '../hierarchy/model.js';

export type Action = 'tap' | 'long' | 'type' | 'scroll' | 'check';

/** `on`: a checked iOS switch (the word its platform uses; `:checked` matches it too). */
export type State =
  'checked' | 'on' | 'selected' | 'focused' | 'disabled' | 'password' | 'scrollable' | 'checkable' | 'clickable' | 'editable';

export interface SnapshotElement {
  /** Short stable ref (≤ 5 characters), e.g. `k42`. */
  ref: string;
  /** Short native class name (`Button`, `EditText`, `RecyclerView`). */
  class: string;
  /** Visible text or, for an editable field, its current value (never a password's value). */
  text?: string;
  desc?: string;
  /** Hint of an editable field (shown when it is empty). */
  hint?: string;
  /** Resource id without the package prefix. */
  id?: string;
  bounds: Bounds;
  center: [number, number];
  actions: Action[];
  states: State[];
  /** Labels of the non-interactive children merged into this element (a clickable row's title, summary…). */
  labels?: string[];
  /** Number of rows, for a list (RecyclerView, ListView, a scrollable with several rows). */
  items?: number;
  /**
   * Row and column (from 1) in a run of look-alikes that the tree prints as one line (a calendar's day cells,
   * a gallery's thumbnails); select with `:cell(row, col)`.
   */
  cell?: [number, number];
  /** Ref of the nearest ancestor that is itself an element. */
  parent?: string;
  offscreen?: true;
}

export interface ScreenInfo {
  width: number;
  height: number;
  /**
   * The size the dump's metadata stated, when its views contradict it (a window reaching past it): `width` and
   * `height` are then the views' own, so that nothing the user sees is called off screen.
   */
  stated?: { width: number; height: number };
  package?: string;
  activity?: string;
}

export interface SnapshotJson {
  screen: ScreenInfo;
  elements: SnapshotElement[];
}
