/**
 * glance-mobile/snapshot: dumps (uiautomator XML, uiautomator2 / Appium sources, DroidBot JSON) → compact
 * snapshots with stable refs, diffs, selectors. Pure functions, no device needed.
 */
export { parseDump } from '../hierarchy/parse.js';
export { toUiautomatorXml } from '../hierarchy/xml.js';
export { walk } from '../hierarchy/model.js';
export type { Bounds, DumpFormat, UiDump, UiNode } from '../hierarchy/model.js';
export { snapshotFromDump, resolveRef, SNAPSHOT_FORMATS } from '../snapshot/snapshot.js';
export type { PreviousSnapshot, Snapshot, SnapshotFormat, SnapshotOptions } from '../snapshot/snapshot.js';
export { diffSnapshots, renderDiff } from '../snapshot/diff.js';
export type { SnapshotDiff } from '../snapshot/diff.js';
export { findElements, isRefLike, parseSelector } from '../snapshot/selector.js';
export type { Selector } from '../snapshot/selector.js';
export { resolveTarget } from '../snapshot/target.js';
export type { Action, ScreenInfo, SnapshotElement, SnapshotJson, State } from '../snapshot/types.js';
