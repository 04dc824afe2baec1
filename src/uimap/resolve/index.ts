/**
 * Resolution: links code facts, manifests and resources into the UI Map, as a list of named steps over one
 * explicit context (context.ts). Each step is exported and tested alone (test/uimap/resolve-steps.test.ts).
 */
import type { MapActivity, MapTransition } from '../model.js';
import type { WarningLog } from '../warnings.js';
import type { ResolveContext, ResolveInput } from './context.js';
import { newContext } from './context.js';
import { addBackEdges, addUndeclared, dedupeTransitions } from './edges.js';
import { indexCode } from './indexes.js';
import { readManifests } from './manifest.js';
import { indexNavigation } from './navigation.js';
import { walkActivities } from './walk.js';

export type ResolveStep = (ctx: ResolveContext) => void;

/** The steps, in order: indexes, manifest, navigation, per-activity walk (effects on demand), edges. */
export const RESOLVE_STEPS: readonly ResolveStep[] = [
  indexCode,
  readManifests,
  indexNavigation,
  walkActivities,
  addUndeclared,
  addBackEdges,
];

export function resolveUiMap(
  input: ResolveInput,
  warnings: WarningLog,
): { package: string; activities: MapActivity[]; transitions: MapTransition[] } {
  const ctx = newContext(input, warnings);
  for (const step of RESOLVE_STEPS) step(ctx);
  return { package: ctx.appPackage, activities: ctx.activities, transitions: dedupeTransitions(ctx.transitions) };
}

export type { ModuleFacts, ResolveInput, ResolveContext } from './context.js';
export { newContext } from './context.js';
export { dedupeTransitions, addBackEdges, addUndeclared } from './edges.js';
export { indexCode, resolveType, chainOf } from './indexes.js';
export { readManifests } from './manifest.js';
export { indexNavigation } from './navigation.js';
export { walkActivities, walkActivity } from './walk.js';
export { effectsOf, resolveCall } from './effects.js';
export { classify, toTrigger } from './classes.js';
export { bindingLayout, snakeCase, viewClassName } from './names.js';
