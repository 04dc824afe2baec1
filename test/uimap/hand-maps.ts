// UI Maps written by hand, for the tests that read a map rather than make one (path search, the HTML view).
import type { MapActivity, MapTransition, UiMap } from '../../src/uimap/model.js';

/** An activity of the map with nothing in it but what `over` gives. */
export const mapActivity = (name: string, over: Partial<MapActivity> = {}): MapActivity => ({
  name,
  layouts: [],
  elements: [],
  fragments: [],
  dialogs: [],
  menus: [],
  ...over,
});

/** A map of package org.x (or `more.package`) around these activities and transitions. */
export const handMap = (activities: MapActivity[], transitions: MapTransition[] = [], more: Partial<UiMap> = {}): UiMap => ({
  package: 'org.x',
  activities,
  transitions,
  warnings: [],
  stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: activities.length, transitions: transitions.length, elements: 0 },
  ...more,
});
