// The snapshot engine's surface (explicit exports; docs/snapshot.md describes each). Token counts live apart
// in tokens.ts: the tokenizer's tables take most of a second to load.
export { snapshotFromDump, resolveRef, isSnapshot, SNAPSHOT_FORMATS, DEFAULT_MAX_LABEL } from './snapshot.js';
export type { Snapshot, SnapshotOptions, SnapshotFormat, SnapshotStats, PreviousSnapshot } from './snapshot.js';
export { diffSnapshots, renderDiff } from './diff.js';
export type { SnapshotDiff, ElementChange, ChangedField, DiffOptions } from './diff.js';
export { findElements, parseSelector, isRefLike, isLayoutSelector, DEFAULT_NEAR_PX } from './selector.js';
export { parseTarget, resolve, resolveTarget, looksLikeTarget } from './target.js';
export type { Target, Resolution, ResolveOptions, TargetScope } from './target.js';
export type { Selector, CompoundSelector, SimpleSelector, AttrName, AttrOp, StateName, Relation } from './selector.js';
export { elementLine, renderElements } from './render.js';
export type { RenderOptions } from './render.js';
export { passesFor } from './distil.js';
export type { Action, State, SnapshotElement, ScreenInfo, SnapshotJson } from './types.js';
