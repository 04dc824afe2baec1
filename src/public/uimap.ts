// glance-mobile/uimap: the UI Map of an Android app from its source — screens, elements, transitions, paths.
export { mapApk, mapDirectory, mapProject } from '../uimap/index.js';
export type { MapDirectoryOptions } from '../uimap/index.js';
export type {
  EdgeKind,
  EdgeVia,
  MapActivity,
  MapElement,
  MapPart,
  MapProgress,
  MapTransition,
  MapTrigger,
  MapWarning,
  ProjectSource,
  UiMap,
} from '../uimap/model.js';
export { readAndroidProject } from '../uimap/read.js';
export { findPaths, findPathsByText, searchElements, shortestPath } from '../uimap/paths.js';
export type { ElementHit, PathStep, PathTarget, UiPath } from '../uimap/paths.js';
export { renderMapHtml } from '../uimap/html.js';
export { layoutMap } from '../uimap/layout.js';
export type { MapLayout } from '../uimap/layout.js';
export { scoreMap } from '../uimap/score.js';
export type { MapScore, ObservedRun } from '../uimap/score.js';
