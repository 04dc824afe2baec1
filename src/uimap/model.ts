/**
 * The UI Map: what static analysis of an Android app's source says about its screens. Pure data,
 * JSON-serialisable; the schema is documented in docs/uimap.md and is what `glance map --json` writes.
 */

/** One view (or menu item, preference, dialog button) that can appear on a screen. */
export interface MapElement {
  /**
   * Resource entry name as it appears at run time after `<package>:id/` (app and library ids merge into the
   * app package), `android:id/<name>` for framework ids (dialog buttons), or the key of a preference.
   */
  id: string;
  /** View class: framework widgets fully qualified (`android.widget.Button`), custom views as written. */
  class: string;
  text?: string;
  hint?: string;
  desc?: string;
  /** Layout (or menu / preference XML) file the element comes from, without extension. */
  layout?: string;
  /** Where the element comes from when it is not a plain layout view. */
  kind?: ElementKind;
  /** What acting on it does, in a few words: only in a map enriched by a model (`glance map --enrich`). */
  effect?: string;
  /**
   * The listeners the code sets on it (a user can act on it even where it leads nowhere in the map: a toggle,
   * a sort, a delete act in place).
   */
  listeners?: ListenerKind[];
  /**
   * Actions of the intents acting on it sends that no screen of this app takes: another app answers them
   * (`android.intent.action.VIEW` of a contact card, `android.intent.action.SENDTO` of a message).
   */
  external?: string[];
}

export type ListenerKind = 'click' | 'long-click' | 'check' | 'item';

/**
 * Where a menu shows when it is not the screen's own: `selection`, the contextual action bar a list shows once
 * a row is long-pressed (its items act on the selected rows); `row`, a popup a list row opens.
 */
export type MenuContext = 'selection' | 'row';

export type ElementKind =
  'menu-item' | 'overflow-row' | 'drawer-row' | 'dialog-button' | 'dialog-message' | 'preference' | 'list-item' | 'stub' | 'tab';

export interface MapPart {
  /** Fully qualified class name, or `Owner.method` for a dialog built inline in a method. */
  name: string;
  elements: MapElement[];
  /** For fragments and dialogs: the first known way the activity's screen opens it. */
  trigger?: MapTrigger;
  /** For menus shown in a list's context rather than the screen's toolbar. */
  context?: MenuContext;
}

export interface MapActivity {
  /** Fully qualified class name. */
  name: string;
  launcher?: boolean;
  /**
   * false: started in code from an imported class, but no manifest seen declares it (its library's sources
   * were not given with --lib); only its name is known.
   */
  declared?: false;
  label?: string;
  /** Fully qualified names of `<activity-alias>` entries that target this activity. */
  aliases?: string[];
  /** Module the activity is declared in. */
  module?: string;
  layouts: string[];
  /** What the screen is for, in one line: only in a map enriched by a model (`glance map --enrich`). */
  summary?: string;
  elements: MapElement[];
  fragments: MapPart[];
  dialogs: MapPart[];
  menus: MapPart[];
}

export type TriggerKind = 'click' | 'long-click' | 'menu' | 'item' | 'check' | 'up' | 'preference' | 'dialog' | 'auto';

export interface MapTrigger {
  element?: string;
  kind: TriggerKind;
}

/**
 * How the code names the activity it starts: `explicit` (its class, or its name as a string), `result` (the
 * same, started for a result), `implicit` (an action, with data scheme or MIME type, matched against the
 * manifest's intent filters), `navigation` (a navigation graph's activity destination), `preference` (a
 * preference screen's `<intent>`), `system` (an intent the system hands to one of the app's services, which
 * then starts the activity: a call placed through telecom opens the in-call screen).
 */
export type EdgeKind = 'explicit' | 'result' | 'implicit' | 'navigation' | 'preference' | 'system';

/** Where the starting code sits when it is not the activity's own: in a fragment, dialog, list adapter, custom view, or a helper function outside the class. */
export type EdgeVia = 'fragment' | 'dialog' | 'adapter' | 'view' | 'helper';

export interface MapTransition {
  from: string;
  to: string;
  trigger?: MapTrigger;
  /** The trigger finishes `from`, returning to `to`, one of the activities that open it. */
  back?: true;
  kind?: EdgeKind;
  via?: EdgeVia;
  /**
   * Evidence: `module/path:line` of the code that names the target (for a back edge, the `finish()`), or the
   * resource file of a preference screen.
   */
  at?: string;
}

/** Counted reasons why some code or resource was skipped; analysis never stops on them. */
export interface MapWarning {
  code: WarningCode;
  count: number;
  /** Up to five examples (file paths or names). */
  examples: string[];
}

export type WarningCode =
  | 'SYNTAX_ERROR'
  | 'CODE_TOO_DEEP'
  | 'XML_UNPARSABLE'
  | 'XML_DOCTYPE_IGNORED'
  | 'FILE_TOO_LARGE'
  | 'LAYOUT_NOT_FOUND'
  | 'MENU_NOT_FOUND'
  | 'INTENT_TARGET_UNKNOWN'
  | 'CLASS_NOT_FOUND'
  | 'LISTENER_TARGET_UNRESOLVED'
  | 'ACTIVITY_NOT_DECLARED'
  | 'NO_MANIFEST';

export interface UiMap {
  /** Application id (what run-time resource ids are prefixed with). */
  package: string;
  activities: MapActivity[];
  transitions: MapTransition[];
  warnings: MapWarning[];
  stats: MapStats;
  /** The model that wrote the summaries and effects, when the map was enriched. */
  enrichedBy?: string;
}

export interface MapStats {
  modules: number;
  sourceFiles: number;
  resourceFiles: number;
  activities: number;
  transitions: number;
  elements: number;
}

/** A source file handed to the analysis (the reader fills these; analysis never touches the disk). */
export interface SourceFile {
  /** Path relative to the module directory, `/`-separated. */
  path: string;
  text: string;
}

export interface ModuleSource {
  /** Gradle path (`:app`) or directory name. */
  name: string;
  /** Application modules come first; library modules after. */
  role: 'app' | 'library';
  /** build.gradle / build.gradle.kts text (namespace, applicationId). */
  gradle?: string;
  manifests: SourceFile[];
  /** Files under a `res/` folder; `path` is relative to that folder (`layout/main.xml`). */
  resources: SourceFile[];
  /** .java and .kt files. */
  code: SourceFile[];
}

export interface ProjectSource {
  modules: ModuleSource[];
  /** `gradle/libs.versions.toml` of the project, when it has one (namespaces may come from it). */
  versionCatalog?: string;
  /** Source files left unread because they exceed MAX_SOURCE_BYTES (module/path). */
  oversized?: string[];
}

export interface MapProgress {
  phase: 'read' | 'resources' | 'code' | 'resolve';
  done: number;
  total: number;
}

export type ProgressCallback = (p: MapProgress) => void;

export interface MapOptionsBase {
  onProgress?: ProgressCallback;
}
