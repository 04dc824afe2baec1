/**
 * The resolver's explicit state: the input, the indexes each step builds, and the graph being assembled.
 * Steps (see index.ts) fill it in order; helpers read it. Nothing here is global: one context per map.
 */
import type { ClassFacts, FileFacts, FunctionFacts } from '../code/index.js';
import type { ManifestActivity, ParsedManifest } from '../manifest.js';
import type { MapActivity, MapTransition, MapTrigger } from '../model.js';
import type { NavDestination, ResourceIndex } from '../resources.js';
import { resolveText } from '../resources.js';
import type { WarningLog } from '../warnings.js';
import type { Effect } from './effect.js';

export interface ModuleFacts {
  name: string;
  role: 'app' | 'library';
  namespace?: string;
  applicationId?: string;
  manifests: ParsedManifest[];
  code: FileFacts[];
}

export interface ResolveInput {
  modules: ModuleFacts[];
  resources: ResourceIndex;
}

export type ClassKind = 'activity' | 'fragment' | 'dialog' | 'adapter' | 'view' | 'other';

export interface ClassInfo {
  facts: ClassFacts;
  file: FileFacts;
  functions: FunctionFacts[];
}

export interface FnInfo {
  fn: FunctionFacts;
  file: FileFacts;
  id: number;
}

/** Classes and functions of every module, by name (filled by indexCode). */
export interface CodeIndex {
  classes: Map<string, ClassInfo>;
  bySimple: Map<string, string[]>;
  fnInfo: Map<FunctionFacts, FnInfo>;
  /** Top-level and extension functions by name. */
  freeFunctions: Map<string, FnInfo[]>;
  methodsByName: Map<string, FnInfo[]>;
  typeCache: Map<string, string | undefined>;
  chainCache: Map<string, { chain: string[]; external: string[] }>;
  kindCache: Map<string, ClassKind>;
}

/** Declared activities merged over all manifests (filled by readManifests). */
export interface ManifestIndex {
  activities: Map<string, ManifestActivity & { module: string }>;
  /** Target activity → its `<activity-alias>` names. */
  aliases: Map<string, string[]>;
  launcherTargets: Set<string>;
  /** App-defined intent action → the activity whose filter declares it. */
  byAction: Map<string, string>;
  /** Declared services → the actions their intent filters declare. */
  services: Map<string, string[]>;
  /** Every action a filter or a system route takes (filled on first use by the intents step). */
  knownActions?: Set<string>;
}

/** Navigation-graph destinations and actions by id (filled by indexNavigation). */
export interface NavIndex {
  dest: Map<string, NavDestination>;
  action: Map<string, string>;
}

/** Memo of function summaries (see effects.ts), with the cycle bookkeeping of the walk computing them. */
export interface EffectMemo {
  cache: Map<string, Effect[]>;
  stack: string[];
  /** Smallest stack index a cycle reached while computing the current function. */
  lowest: number;
}

export interface ResolveContext {
  readonly input: ResolveInput;
  readonly resources: ResourceIndex;
  readonly warnings: WarningLog;
  /** Application id; readManifests may derive it from the classes when no build file names it. */
  appPackage: string;
  readonly code: CodeIndex;
  readonly manifest: ManifestIndex;
  readonly nav: NavIndex;
  readonly effects: EffectMemo;
  /** Activities started in code that no manifest declares (a library given without sources). */
  readonly undeclared: Set<string>;
  readonly activities: MapActivity[];
  readonly transitions: MapTransition[];
  /** Per activity, the triggers that finish it and where (the back edges step turns them into edges). */
  readonly finishTriggers: Map<string, { trigger: MapTrigger; at: string }[]>;
}

export function newContext(input: ResolveInput, warnings: WarningLog): ResolveContext {
  const app = input.modules.find((m) => m.role === 'app') ?? input.modules[0];
  return {
    input,
    resources: input.resources,
    warnings,
    appPackage: app?.applicationId ?? app?.namespace ?? app?.manifests.find((m) => m.package !== undefined)?.package ?? '',
    code: {
      classes: new Map(),
      bySimple: new Map(),
      fnInfo: new Map(),
      freeFunctions: new Map(),
      methodsByName: new Map(),
      typeCache: new Map(),
      chainCache: new Map(),
      kindCache: new Map(),
    },
    manifest: { activities: new Map(), aliases: new Map(), launcherTargets: new Set(), byAction: new Map(), services: new Map() },
    nav: { dest: new Map(), action: new Map() },
    effects: { cache: new Map(), stack: [], lowest: Infinity },
    undeclared: new Set(),
    activities: [],
    transitions: [],
    finishTriggers: new Map(),
  };
}

/** A string resource reference (`@string/x`) or literal, as the user sees it. */
export function textOf(ctx: ResolveContext, v: string | undefined): string | undefined {
  return resolveText(v, ctx.resources.strings);
}

/** Appends to the list under `key` (in place: indexes of big projects hold thousands of methods per name). */
export function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}
