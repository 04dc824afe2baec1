/**
 * UI Map from app source: public entry points. `mapProject` is the analysis over file contents;
 * `mapDirectory` adds the one reading step. Library code never prints: progress goes to a callback.
 */
import { extractFacts } from './code/index.js';
import { parseGradle, parseManifest, parseVersionCatalog } from './manifest.js';
import type { MapOptionsBase, ModuleSource, ProjectSource, UiMap } from './model.js';
import { readAndroidProject } from './read.js';
import { assembleMap } from './assemble.js';
import type { ModuleFacts } from './resolve/index.js';
import { buildResourceIndex } from './resources.js';
import type { ResourceFileInput } from './resources.js';
import { createCodeParser } from './syntax.js';
import type { CodeParser } from './syntax.js';
import { WarningLog } from './warnings.js';
import { hasDoctype } from './xml.js';

export type {
  UiMap,
  MapActivity,
  MapElement,
  MapPart,
  MapTransition,
  MapTrigger,
  MapWarning,
  MapStats,
  ElementKind,
  ListenerKind,
  MenuContext,
  TriggerKind,
  EdgeKind,
  EdgeVia,
  WarningCode,
  ProjectSource,
  ModuleSource,
  SourceFile,
  MapProgress,
  ProgressCallback,
  MapOptionsBase,
} from './model.js';
export { readAndroidProject } from './read.js';
export { mapApk, apkEntries, readResourceTable, readBinaryXml, readDex } from './apk/index.js';
export { findPaths, findPathsByText, pathsToAll, searchElements, shortestPath } from './paths.js';
export type { UiPath, PathStep, PathTarget, ElementHit } from './paths.js';
export { renderMapHtml } from './html.js';
export { screenView, labelOf, dialogTitle } from './controls.js';
export type { Control, ControlPlace, DialogNode, Gesture, ScreenView } from './controls.js';
export { renderMapText, DEFAULT_TEXT_BUDGET } from './text.js';
export type { MapText, MapTextOptions } from './text.js';
export { actionText, renderRoute, routeActions, routeLines } from './route.js';
export { breadcrumbs, pagerTabs } from './pages.js';
export { hiddenKind, hiddenTransitions, renderHidden } from './hidden.js';
export type { HiddenGroup, HiddenKind } from './hidden.js';
export type { PagerTab } from './pages.js';
export type { RouteAction } from './route.js';
export { layoutMap } from './layout.js';
export type { MapLayout, LaidNode, LaidEdge, LaidLabel, Box } from './layout.js';
export { scoreMap, observedFromDroidbot } from './score.js';
export type { ObservedRun, MapScore, Coverage, DroidbotEvent } from './score.js';

let sharedParser: Promise<CodeParser> | undefined;
const parser = (): Promise<CodeParser> => (sharedParser ??= createCodeParser());

/** Manifests and build facts of one module (code comes separately, from the code pass). */
function moduleFacts(m: ModuleSource, catalog: Map<string, string>, warnings: WarningLog): ModuleFacts {
  const gradle = m.gradle === undefined ? {} : parseGradle(m.gradle, catalog);
  const manifests = [];
  for (const f of m.manifests) {
    if (hasDoctype(f.text)) warnings.add('XML_DOCTYPE_IGNORED', `${m.name}/${f.path}`);
    const parsed = parseManifest(f.text, gradle.namespace);
    if (parsed === undefined) warnings.add('XML_UNPARSABLE', `${m.name}/${f.path}`);
    else manifests.push(parsed);
  }
  if (m.manifests.length === 0 && m.role === 'app') warnings.add('NO_MANIFEST', m.name);
  const facts: ModuleFacts = { name: m.name, role: m.role, manifests, code: [] };
  if (gradle.namespace !== undefined) facts.namespace = gradle.namespace;
  if (gradle.applicationId !== undefined) facts.applicationId = gradle.applicationId;
  return facts;
}

/** The code pass over all modules: facts into each module, syntax errors (with their line) as warnings. */
async function addCodeFacts(source: ProjectSource, modules: ModuleFacts[], warnings: WarningLog): Promise<void> {
  const p = await parser();
  source.modules.forEach((m, mi) => {
    for (const f of m.code) {
      const lang = f.path.endsWith('.kt') ? 'kotlin' : 'java';
      const parsed = p.parse(lang, f.text);
      if (parsed.errorLine !== undefined) warnings.add('SYNTAX_ERROR', `${m.name}/${f.path}:${parsed.errorLine}`);
      const facts = extractFacts(lang, `${m.name}/${f.path}`, f.text, parsed.root);
      if (facts.skipped > 0) warnings.add('CODE_TOO_DEEP', `${m.name}/${f.path}`);
      modules[mi]?.code.push(facts);
    }
  });
}

/** Analyses a project already read into memory. */
export async function mapProject(source: ProjectSource, options: MapOptionsBase = {}): Promise<UiMap> {
  const warnings = new WarningLog();
  for (const f of source.oversized ?? []) warnings.add('FILE_TOO_LARGE', f);
  const progress = options.onProgress;
  const resourceFiles: ResourceFileInput[] = source.modules.flatMap((m) =>
    m.resources.map((r) => ({ module: m.name, path: r.path, text: r.text })),
  );
  progress?.({ phase: 'resources', done: 0, total: resourceFiles.length });
  const resources = buildResourceIndex(resourceFiles, warnings);
  progress?.({ phase: 'resources', done: resourceFiles.length, total: resourceFiles.length });

  const totalCode = source.modules.reduce((n, m) => n + m.code.length, 0);
  const catalog = source.versionCatalog === undefined ? new Map<string, string>() : parseVersionCatalog(source.versionCatalog);
  const modules = source.modules.map((m) => moduleFacts(m, catalog, warnings));
  progress?.({ phase: 'code', done: 0, total: totalCode });
  await addCodeFacts(source, modules, warnings);
  progress?.({ phase: 'code', done: totalCode, total: totalCode });
  return assembleMap(
    { modules, resources },
    { warnings, progress, moduleCount: source.modules.length, resourceFiles: resourceFiles.length },
  );
}

export interface MapDirectoryOptions extends MapOptionsBase {
  libs?: readonly string[];
  /** Whether a path may be read (see ReadOptions.allow). */
  allow?: (path: string) => Promise<boolean>;
}

/** Reads an Android source tree (plus library trees) and maps it. */
export async function mapDirectory(dir: string, options: MapDirectoryOptions = {}): Promise<UiMap> {
  // The reader takes the same libs, allow and onProgress options.
  const source = await readAndroidProject(dir, options);
  return mapProject(source, options);
}
