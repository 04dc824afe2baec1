/** The last phase shared by source and APK maps: resolution, then the map with its stats and warnings. */
import type { ProgressCallback, UiMap } from './model.js';
import { elementsOf } from './paths.js';
import { resolveUiMap } from './resolve/index.js';
import type { ModuleFacts } from './resolve/index.js';
import type { ResourceIndex } from './resources.js';
import type { WarningLog } from './warnings.js';

export function assembleMap(
  input: { modules: ModuleFacts[]; resources: ResourceIndex },
  at: { warnings: WarningLog; progress: ProgressCallback | undefined; moduleCount: number; resourceFiles: number },
): UiMap {
  const { warnings, progress } = at;
  progress?.({ phase: 'resolve', done: 0, total: 1 });
  const resolved = resolveUiMap(input, warnings);
  progress?.({ phase: 'resolve', done: 1, total: 1 });
  const elements = resolved.activities.reduce((n, a) => n + elementsOf(a).length, 0);
  return {
    package: resolved.package,
    activities: resolved.activities,
    transitions: resolved.transitions,
    warnings: warnings.list(),
    stats: {
      modules: at.moduleCount,
      sourceFiles: input.modules.reduce((n, m) => n + m.code.length, 0),
      resourceFiles: at.resourceFiles,
      activities: resolved.activities.length,
      transitions: resolved.transitions.length,
      elements,
    },
  };
}
