/**
 * Resolution pass: links code facts, manifests and resources into the UI Map. For each activity it walks
 * what the activity's code (and its base classes) can reach — helper and extension functions, fragments,
 * dialogs, adapters, custom views — collecting layouts, menus and dialog buttons into the screen parts
 * they appear on, and every activity start with the UI trigger it runs under.
 */
import type { ClassFacts, FileFacts, FunctionFacts, TriggerContext, Use } from './code.js';
import type { ManifestActivity, ParsedManifest } from './manifest.js';
import { qualifyClassName } from './manifest.js';
import type { MapActivity, MapElement, MapPart, MapTransition, MapTrigger } from './model.js';
import type { ResourceIndex, ParsedLayout, NavDestination, MenuStyle } from './resources.js';
import { resolveText } from './resources.js';
import type { WarningLog } from './warnings.js';

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

type ClassKind = 'activity' | 'fragment' | 'dialog' | 'adapter' | 'view' | 'other';

interface ClassInfo {
  facts: ClassFacts;
  file: FileFacts;
  functions: FunctionFacts[];
}

interface FnInfo {
  fn: FunctionFacts;
  file: FileFacts;
  id: number;
}

const DIALOG_BUILDERS =
  /(^|\.)(AlertDialog\.Builder|MaterialAlertDialogBuilder|BottomSheetDialog|AppCompatDialog|ProgressDialog|DatePickerDialog|TimePickerDialog|Dialog)$/;
const DIALOG_SHOW = new Set([
  'show',
  'create',
  'setView',
  'setItems',
  'setTitle',
  'setMessage',
  'setSingleChoiceItems',
  'setMultiChoiceItems',
  'setContentView',
]);
const LIFECYCLE = new Set([
  'onCreate',
  'onStart',
  'onResume',
  'onPostCreate',
  'onNewIntent',
  'initActivity',
  '<init>',
  'onViewCreated',
  'onCreateView',
  'onActivityCreated',
  'onAttach',
]);
/** Methods the framework calls by itself (lifecycle and listener callbacks), as opposed to helpers. */
function isCallback(name: string): boolean {
  return name === '<init>' || /^on[A-Z]/.test(name) || LIFECYCLE.has(name);
}

/** Names too generic to resolve to a project method when called on an unknown receiver. */
const GENERIC_NAMES = new Set([
  'inflate',
  'apply',
  'also',
  'let',
  'run',
  'with',
  'show',
  'dismiss',
  'create',
  'get',
  'set',
  'add',
  'remove',
  'put',
  'equals',
  'toString',
  'hashCode',
  'invoke',
  'init',
  'setup',
  'update',
  'start',
  'stop',
  'clear',
  'onClick',
  'onCreate',
  'onResume',
  'onStart',
  'onPause',
  'onStop',
  'onDestroy',
  'newInstance',
  'getInstance',
  'notifyDataSetChanged',
  'submitList',
  'forEach',
  'map',
  'filter',
  'setText',
  'setVisibility',
  'beGone',
  'beVisible',
  'beVisibleIf',
  'beGoneIf',
]);
const MAX_DEPTH = 250;
const FINISH = new Set(['finish', 'finishAfterTransition', 'onBackPressed']);

const FRAMEWORK_VIEW = new Set(['View', 'ViewStub', 'SurfaceView', 'TextureView', 'ViewGroup']);

export function viewClassName(tag: string): string {
  if (tag.includes('.')) return tag;
  if (FRAMEWORK_VIEW.has(tag)) return `android.view.${tag}`;
  if (tag === 'WebView') return 'android.webkit.WebView';
  return `android.widget.${tag}`;
}

/**
 * Views of framework picker dialogs, which no app layout declares: both are AlertDialogs with OK/Cancel
 * buttons, and the time picker's header has hour, minute and AM/PM views (AOSP
 * frameworks/base/core/res/res/layout/time_picker_header_material.xml; TimePickerClockDelegate).
 */
function frameworkDialogElements(cls: string): MapElement[] {
  const simple = cls.split('.').at(-1) ?? cls;
  const buttons: MapElement[] = [
    { id: 'android:id/button1', class: 'android.widget.Button', kind: 'dialog-button' },
    { id: 'android:id/button2', class: 'android.widget.Button', kind: 'dialog-button' },
  ];
  if (simple === 'TimePickerDialog') {
    return [
      ...buttons,
      { id: 'android:id/hours', class: 'android.widget.TextView' },
      { id: 'android:id/minutes', class: 'android.widget.TextView' },
      { id: 'android:id/am_label', class: 'android.widget.RadioButton' },
      { id: 'android:id/pm_label', class: 'android.widget.RadioButton' },
    ];
  }
  if (simple === 'DatePickerDialog') return buttons;
  return [];
}

/** `ActivityMainBinding` → `activity_main`. */
export function bindingLayout(binding: string): string {
  return binding
    .replace(/Binding$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `settingsButton` → `settings_button`. */
export function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}

/** One effect of a function (with its callees folded in). `trig` absent = whatever the caller's is. */
type Effect = { trig?: MapTrigger; weak?: boolean; dialog?: string } & (
  | { k: 'start'; to: string }
  | { k: 'layout'; name: string }
  | { k: 'menu'; name: string }
  | { k: 'nav'; name: string }
  | { k: 'xml'; name: string }
  | { k: 'reach'; cls: string; toRoot?: boolean }
  | { k: 'element'; element: MapElement }
  | { k: 'finish' }
);

function effectKey(e: Effect): string {
  const what =
    e.k === 'start'
      ? e.to
      : e.k === 'reach'
        ? `${e.cls}|${e.toRoot === true}`
        : e.k === 'element'
          ? `${e.element.id}|${e.element.text ?? ''}`
          : e.k === 'finish'
            ? ''
            : e.name;
  return `${e.k}|${what}|${e.trig?.kind ?? ''}|${e.trig?.element ?? ''}|${e.weak === true}|${e.dialog ?? ''}`;
}

/**
 * The trigger an effect runs under when reached from a context with trigger `outer`: its own when it has
 * one, except that a weak one (a constructor callback) yields to an outer trigger naming an element.
 */
function substitute(e: Effect, outer: MapTrigger | undefined): MapTrigger | undefined {
  if (e.trig === undefined) return outer;
  if (e.weak === true && outer?.element !== undefined) return outer;
  return e.trig;
}

interface Owner {
  kind: 'activity' | 'fragment' | 'dialog';
  name: string;
  layouts: string[];
  elements: MapElement[];
  keys: Set<string>;
  /** How the part is opened from the activity's screen, when known. */
  trigger?: MapTrigger;
}

/** Appends to the list under `key` (in place: indexes of big projects hold thousands of methods per name). */
function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function newOwner(kind: Owner['kind'], name: string): Owner {
  return { kind, name, layouts: [], elements: [], keys: new Set() };
}

function addElement(owner: Owner, el: MapElement): void {
  const key = `${el.id}|${el.kind ?? ''}|${el.kind === 'overflow-row' ? (el.text ?? '') : ''}`;
  if (owner.keys.has(key)) return;
  owner.keys.add(key);
  owner.elements.push(el);
}

export function resolveUiMap(
  input: ResolveInput,
  warnings: WarningLog,
): { package: string; activities: MapActivity[]; transitions: MapTransition[] } {
  const { resources } = input;
  const app = input.modules.find((m) => m.role === 'app') ?? input.modules[0];
  let appPackage = app?.applicationId ?? app?.namespace ?? app?.manifests.find((m) => m.package !== undefined)?.package ?? '';

  // ---- indexes ------------------------------------------------------------------------------------------
  const classes = new Map<string, ClassInfo>();
  const bySimple = new Map<string, string[]>();
  const fnInfo = new Map<FunctionFacts, FnInfo>();
  const freeFunctions = new Map<string, FnInfo[]>(); // top-level and extension functions by name
  const methodsByName = new Map<string, FnInfo[]>();
  let nextFn = 0;
  for (const mod of input.modules) {
    for (const file of mod.code) {
      for (const c of file.classes) {
        if (classes.has(c.name)) continue;
        classes.set(c.name, { facts: c, file, functions: [] });
        pushTo(bySimple, c.simple, c.name);
      }
      for (const fn of file.functions) {
        const info: FnInfo = { fn, file, id: nextFn++ };
        fnInfo.set(fn, info);
        if (fn.owner === undefined) {
          if (fn.name !== '<file>') pushTo(freeFunctions, fn.name, info);
        } else {
          classes.get(fn.owner)?.functions.push(fn);
          pushTo(methodsByName, fn.name, info);
        }
      }
    }
  }

  const typeCache = new Map<string, string | undefined>();
  const resolveType = (written: string, file: FileFacts): string | undefined => {
    const key = `${file.path}|${written}`;
    if (typeCache.has(key)) return typeCache.get(key);
    const name = written.replace(/<.*$/, '').replace(/\?$/, '');
    let found: string | undefined;
    const [head, ...rest] = name.split('.');
    const candidates: string[] = [];
    if (head !== undefined) {
      const imported = file.imports[head];
      if (imported !== undefined) candidates.push([imported, ...rest].join('.'));
    }
    candidates.push(name);
    if (file.package !== '') candidates.push(`${file.package}.${name}`);
    for (const c of file.classes) candidates.push(`${c.name}.${name}`);
    for (const w of file.wildcardImports) candidates.push(`${w}.${name}`);
    found = candidates.find((c) => classes.has(c));
    if (found === undefined && !name.includes('.')) {
      const simple = bySimple.get(name);
      if (simple !== undefined && simple.length === 1) found = simple[0];
    }
    typeCache.set(key, found);
    return found;
  };

  /** Class and its project supertypes, most-derived first; plus the external supertype names. */
  const chainCache = new Map<string, { chain: string[]; external: string[] }>();
  const chainOf = (name: string): { chain: string[]; external: string[] } => {
    const cached = chainCache.get(name);
    if (cached !== undefined) return cached;
    const chain: string[] = [];
    const external: string[] = [];
    const queue = [name];
    while (queue.length > 0) {
      const n = queue.shift() as string;
      if (chain.includes(n)) continue;
      const info = classes.get(n);
      if (info === undefined) continue;
      chain.push(n);
      for (const s of info.facts.supers) {
        const r = resolveType(s, info.file);
        if (r !== undefined) queue.push(r);
        else external.push(s.split('.').at(-1) ?? s);
      }
    }
    const result = { chain, external };
    chainCache.set(name, result);
    return result;
  };

  // ---- manifest ------------------------------------------------------------------------------------------
  const manifestActivities = new Map<string, ManifestActivity & { module: string }>();
  const aliases = new Map<string, string[]>();
  const launcherTargets = new Set<string>();
  const byAction = new Map<string, string>();
  // A manifest without package and a Gradle file whose namespace could not be read leave relative names
  // (`.activities.Main`): match them against the source's classes by suffix.
  let derivedPackage: string | undefined;
  const fixRelative = (name: string): string => {
    if (!name.startsWith('.')) return name;
    const hits = [...classes.keys()].filter((c) => c.endsWith(name));
    if (hits.length === 1 && hits[0] !== undefined) {
      derivedPackage ??= hits[0].slice(0, -name.length);
      return hits[0];
    }
    return derivedPackage === undefined ? name.slice(1) : `${derivedPackage}${name}`;
  };
  for (const mod of input.modules) {
    for (const man of mod.manifests) {
      for (const a0 of man.activities) {
        const a = { ...a0, name: fixRelative(a0.name) };
        const prev = manifestActivities.get(a.name);
        if (prev === undefined) manifestActivities.set(a.name, { ...a, module: mod.name });
        else {
          prev.launcher ||= a.launcher;
          if (prev.label === undefined && a.label !== undefined) prev.label = a.label;
          prev.actions.push(...a.actions);
        }
        for (const act of a.actions) if (!act.startsWith('android.intent.action.')) byAction.set(act, a.name);
      }
      for (const al0 of man.aliases) {
        const al = { ...al0, name: fixRelative(al0.name), target: fixRelative(al0.target) };
        pushTo(aliases, al.target, al.name);
        if (al.launcher) launcherTargets.add(al.target);
      }
    }
  }
  if (appPackage === '' && derivedPackage !== undefined) appPackage = derivedPackage;
  for (const [name, a] of manifestActivities) {
    if (!classes.has(name) && name.startsWith(appPackage.split('.').slice(0, 2).join('.'))) warnings.add('CLASS_NOT_FOUND', name);
    if (a.launcher) launcherTargets.add(name);
  }

  const undeclared = new Set<string>();
  /** `Foo` imported as `a.b.Foo`, or a name written fully qualified: the qualified name. */
  const importedName = (written: string, file: FileFacts): string | undefined => {
    const [head, ...rest] = written.split('.');
    if (head === undefined) return undefined;
    const imported = file.imports[head];
    if (imported !== undefined) return [imported, ...rest].join('.');
    if (/^[a-z]/.test(head) && rest.length > 0) return written;
    // `import lib.activities.*`: the one wildcard package that holds activities
    const wild = file.wildcardImports.filter((w) => file.wildcardImports.length === 1 || /activit/i.test(w));
    return wild.length === 1 ? `${wild[0]}.${written}` : undefined;
  };

  /** A class name that has no source (an activity from a binary dependency) but is declared in a manifest. */
  const declaredActivity = (written: string, file: FileFacts): string | undefined => {
    const [head, ...rest] = written.split('.');
    const imported = head === undefined ? undefined : file.imports[head];
    const candidates = [
      written,
      ...(imported === undefined ? [] : [[imported, ...rest].join('.')]),
      ...(file.package === '' ? [] : [`${file.package}.${written}`]),
      ...file.wildcardImports.map((w) => `${w}.${written}`),
    ];
    return candidates.find((c) => manifestActivities.has(c));
  };

  const kindCache = new Map<string, ClassKind>();
  const classify = (name: string): ClassKind => {
    const cached = kindCache.get(name);
    if (cached !== undefined) return cached;
    const { chain, external } = chainOf(name);
    const names = [...external, ...chain.slice(1).map((c) => c.split('.').at(-1) ?? c)];
    const simple = name.split('.').at(-1) ?? name;
    let kind: ClassKind = 'other';
    const any = (re: RegExp): boolean => names.some((n) => re.test(n));
    if (manifestActivities.has(name) || any(/Activity$/)) kind = 'activity';
    else if (any(/Dialog(Fragment)?$/) || (/Dialog$/.test(simple) && !any(/(View|Layout)$/))) kind = 'dialog';
    else if (external.some((n) => /Fragment(Compat)?$/.test(n)) || (external.length === 0 && any(/Fragment$/))) kind = 'fragment';
    // Pager adapters hold whole pages, not list rows.
    else if (!any(/(Pager|Fragment(State)?|FragmentStatePager)Adapter$/) && (any(/(Adapter|ViewHolder)$/) || /Adapter$/.test(simple)))
      kind = 'adapter';
    else if (external.some((n) => /(View|Layout|Button|Bar|Toolbar|Group|Pager|Text|Image|Menu)$/.test(n))) kind = 'view';
    kindCache.set(name, kind);
    return kind;
  };

  // ---- navigation ----------------------------------------------------------------------------------------
  const navDest = new Map<string, NavDestination>();
  const navAction = new Map<string, string>();
  for (const g of resources.navigation.values()) {
    for (const d of g.destinations) navDest.set(d.id, d);
    for (const a of g.actions) navAction.set(a.id, a.destination);
  }

  const text = (v: string | undefined): string | undefined => resolveText(v, resources.strings);

  const fullClassName = (written: string): string => {
    const q = qualifyClassName(written, appPackage);
    if (classes.has(q)) return q;
    const simple = bySimple.get(written.replace(/^\./, '').split('.').at(-1) ?? '');
    return simple?.length === 1 && simple[0] !== undefined ? simple[0] : q;
  };

  const elementName = (raw: string | undefined, cls: string | undefined): string | undefined => {
    if (raw === undefined) return undefined;
    if (raw.startsWith('android:')) return raw;
    const chain = cls === undefined ? [] : chainOf(cls).chain;
    for (const c of chain) {
      let info = classes.get(c);
      while (info !== undefined) {
        const v = info.facts.viewVars[raw];
        if (v !== undefined) return v;
        info = info.facts.outer === undefined ? undefined : classes.get(info.facts.outer);
      }
    }
    if (resources.ids.has(raw)) return raw;
    const snake = snakeCase(raw);
    if (resources.ids.has(snake)) return snake;
    // preference keys are not view ids; keep them as written
    for (const p of resources.preferences.values()) if (p.prefs.some((x) => x.key === raw)) return raw;
    warnings.add('LISTENER_TARGET_UNRESOLVED', raw);
    return undefined;
  };

  const firstLayoutId = (cls: string): string | undefined => {
    for (const c of chainOf(cls).chain) {
      for (const fn of classes.get(c)?.functions ?? []) {
        for (const u of fn.uses) {
          const layout = u.t === 'res' && u.type === 'layout' ? u.name : u.t === 'binding' ? bindingLayout(u.name) : undefined;
          const l = layout === undefined ? undefined : resources.layouts.get(layout);
          if (l !== undefined) return l.rootId ?? l.views[0]?.id;
        }
      }
    }
    return undefined;
  };

  const toTrigger = (t: TriggerContext | undefined, cls: string | undefined, file: FileFacts): MapTrigger | undefined => {
    if (t === undefined) return undefined;
    if (t.kind === 'callback') {
      const via = t.via === undefined ? undefined : resolveType(t.via, file);
      if (via === undefined) return undefined;
      const k = classify(via);
      if (k === 'dialog') return { kind: 'dialog' };
      if (k === 'adapter') {
        const el = firstLayoutId(via);
        return el === undefined ? { kind: 'item' } : { kind: 'item', element: el };
      }
      return undefined;
    }
    const element = elementName(t.element, cls);
    if (element === undefined && (t.kind === 'click' || t.kind === 'long-click') && cls !== undefined && classify(cls) === 'adapter') {
      // itemView / binding.root of a list row: the row itself
      const outer = classes.get(cls)?.facts.outer;
      const row = firstLayoutId(cls) ?? (outer === undefined ? undefined : firstLayoutId(outer));
      return row === undefined ? { kind: 'item' } : { kind: 'item', element: row };
    }
    return element === undefined ? { kind: t.kind } : { kind: t.kind, element };
  };

  // ---- per-activity walk ---------------------------------------------------------------------------------
  const transitions: MapTransition[] = [];
  const activities: MapActivity[] = [];
  const finishTriggers = new Map<string, MapTrigger[]>();

  const resolveCall = (
    name: string,
    receiver: Use & { t: 'call' },
    thisCls: string | undefined,
    file: FileFacts,
  ): { fn: FunctionFacts; cls: string | undefined }[] => {
    if (receiver.receiver === 'super') return [];
    if (receiver.receiverType !== undefined) {
      const owner = resolveType(receiver.receiverType, file);
      if (owner !== undefined) {
        for (const c of chainOf(owner).chain) {
          const hit = classes.get(c)?.functions.filter((f) => f.name === name) ?? [];
          if (hit.length > 0) return hit.map((fn) => ({ fn, cls: owner }));
        }
        return [];
      }
    }
    if (receiver.receiver !== 'other' && thisCls !== undefined) {
      let scope: string | undefined = thisCls;
      while (scope !== undefined) {
        for (const c of chainOf(scope).chain) {
          const hit = classes.get(c)?.functions.filter((f) => f.name === name) ?? [];
          if (hit.length > 0) return hit.map((fn) => ({ fn, cls: scope }));
        }
        scope = classes.get(scope)?.facts.outer;
      }
    }
    const free = freeFunctions.get(name);
    if (free !== undefined && free.length > 0) {
      const samePackage = free.filter((f) => f.file.package === file.package || file.imports[name] !== undefined);
      return (samePackage.length > 0 ? samePackage : free).map((f) => ({ fn: f.fn, cls: thisCls }));
    }
    if (receiver.receiver === 'other' && !GENERIC_NAMES.has(name)) {
      const methods = methodsByName.get(name) ?? [];
      if (methods.length > 0 && methods.length <= 2) return methods.map((m) => ({ fn: m.fn, cls: m.fn.owner }));
    }
    return [];
  };

  // ---- function summaries ------------------------------------------------------------------------------
  // What a function does, with the callees' effects folded in, computed once per (function, this-class):
  // long helper chains (a library's extension functions) are then not re-walked per activity and trigger.
  const effectCache = new Map<string, Effect[]>();
  const stack: string[] = [];
  let lowest = Infinity; // smallest stack index a cycle reached while computing the current function

  /**
   * Scopes (function body, or one lambda / anonymous class in it) that build a dialog inline, each with a
   * dialog name: what those scopes inflate and the buttons they set belong to that dialog.
   */
  const dialogScopesOf = (fn: FunctionFacts, file: FileFacts): Map<number, string> => {
    const scopes = new Map<number, { buttons: boolean; builder: boolean; shows: boolean }>();
    for (const u of fn.uses) {
      const sc = u.scope ?? 0;
      const s = scopes.get(sc) ?? { buttons: false, builder: false, shows: false };
      if (u.t === 'button') s.buttons = true;
      if (u.t === 'new' && DIALOG_BUILDERS.test(u.cls)) s.builder = true;
      if (u.t === 'call' && DIALOG_SHOW.has(u.name)) s.shows = true;
      scopes.set(sc, s);
    }
    const building = [...scopes].filter(([, s]) => s.buttons || (s.builder && s.shows)).map(([sc]) => sc);
    const base = `${
      fn.owner ??
      file.path
        .split('/')
        .at(-1)
        ?.replace(/\.(kt|java)$/, '')
    }.${fn.name}`;
    return new Map(building.map((sc, i) => [sc, building.length === 1 ? base : `${base}#${i + 1}`]));
  };

  function effectsOf(fn: FunctionFacts, thisCls: string | undefined): Effect[] {
    const info = fnInfo.get(fn);
    if (info === undefined) return [];
    const key = `${info.id}|${thisCls ?? ''}`;
    const cached = effectCache.get(key);
    if (cached !== undefined) return cached;
    const onStack = stack.indexOf(key);
    if (onStack >= 0) {
      lowest = Math.min(lowest, onStack);
      return [];
    }
    if (stack.length > MAX_DEPTH) {
      lowest = 0; // truncated: nothing on the stack is complete
      return [];
    }
    const depth = stack.length;
    stack.push(key);
    const file = info.file;
    const dialogScopes = dialogScopesOf(fn, file);
    const out: Effect[] = [];
    const seen = new Set<string>();
    let dialog: string | undefined;
    const add = (e: Effect): void => {
      const withDialog =
        dialog !== undefined && e.dialog === undefined && e.k !== 'start' && e.k !== 'menu' && e.k !== 'nav' && e.k !== 'finish'
          ? { ...e, dialog }
          : e;
      const k = effectKey(withDialog);
      if (seen.has(k)) return;
      seen.add(k);
      out.push(withDialog);
    };
    for (const use of fn.uses) {
      dialog = dialogScopes.get(use.scope ?? 0);
      const own = 'trig' in use ? use.trig : undefined;
      const t = own === undefined ? undefined : toTrigger(own, thisCls ?? fn.owner, file);
      const trigPart = (): { trig?: MapTrigger; weak?: boolean } =>
        t === undefined ? {} : own?.kind === 'callback' ? { trig: t, weak: true } : { trig: t };
      switch (use.t) {
        case 'res':
          if (use.type === 'layout') add({ k: 'layout', name: use.name });
          else if (use.type === 'menu') {
            if (resources.menus.has(use.name)) add({ k: 'menu', name: use.name });
            else warnings.add('MENU_NOT_FOUND', use.name);
          } else if (use.type === 'navigation') add({ k: 'nav', name: use.name, ...trigPart() });
          else if (use.type === 'xml') add({ k: 'xml', name: use.name, ...trigPart() });
          else if (use.type === 'id') {
            const dest = navDest.get(navAction.get(use.name) ?? use.name);
            if (dest?.kind === 'activity' && dest.className !== undefined) {
              const to = fullClassName(dest.className);
              if (manifestActivities.has(to)) add({ k: 'start', to, ...trigPart() });
            }
          }
          break;
        case 'binding': {
          const layout = bindingLayout(use.name);
          if (resources.layouts.has(layout)) add({ k: 'layout', name: layout });
          break;
        }
        case 'classref': {
          const q = resolveType(use.cls, file) ?? declaredActivity(use.cls, file);
          if (q !== undefined && manifestActivities.has(q)) add({ k: 'start', to: q, ...trigPart() });
          else if (q !== undefined && classes.has(q)) {
            const kind = classify(q);
            if (kind === 'fragment' || kind === 'dialog') add({ k: 'reach', cls: q, toRoot: true, ...trigPart() });
          } else if (q === undefined && /Activity$/.test(use.cls) && !/^(AppCompat|Fragment|Component)?Activity$/.test(use.cls)) {
            const imported = importedName(use.cls, file);
            if (imported === undefined) warnings.add('INTENT_TARGET_UNKNOWN', use.cls);
            else {
              // An activity of a library whose sources (and manifest) were not given: still a screen.
              undeclared.add(imported);
              add({ k: 'start', to: imported, ...trigPart() });
            }
          }
          break;
        }
        case 'new': {
          const q = resolveType(use.cls, file);
          if (q !== undefined && classes.has(q) && classify(q) !== 'activity') add({ k: 'reach', cls: q, ...trigPart() });
          for (const el of frameworkDialogElements(use.cls)) add({ k: 'element', element: el, ...trigPart() });
          break;
        }
        case 'call':
          // finish() closes the screen: back to whichever activity opened it
          if (FINISH.has(use.name)) add({ k: 'finish', ...trigPart() });
          for (const target of resolveCall(use.name, use, thisCls, file)) {
            const targetThis = target.fn.owner === undefined ? resolveReceiver(target.fn) : target.cls;
            for (const e of effectsOf(target.fn, targetThis)) {
              const trig = substitute(e, t);
              const sub: Effect = { ...e };
              delete sub.trig;
              delete sub.weak;
              if (trig !== undefined) sub.trig = trig;
              // still weak: the callee's own callback trigger survived, or this call sits in a callback
              if ((trig === e.trig && e.weak === true) || (e.trig === undefined && trig !== undefined && own?.kind === 'callback'))
                sub.weak = true;
              add(sub);
            }
          }
          break;
        case 'str': {
          const to = manifestActivities.has(use.value) ? use.value : byAction.get(use.value);
          if (to !== undefined) add({ k: 'start', to, ...trigPart() });
          break;
        }
        case 'button': {
          const el: MapElement = { id: `android:id/button${use.which}`, class: 'android.widget.Button', kind: 'dialog-button' };
          const text = use.text === undefined ? undefined : resources.strings.get(use.text);
          if (text !== undefined) el.text = text;
          add({ k: 'element', element: el, ...trigPart() });
          break;
        }
        case 'message':
          add({
            k: 'element',
            element: { id: 'android:id/message', class: 'android.widget.TextView', kind: 'dialog-message' },
            ...trigPart(),
          });
          break;
      }
    }
    stack.pop();
    // Results computed inside a cycle are partial until the cycle's head finishes: cache only then.
    if (lowest >= depth) {
      effectCache.set(key, out);
      lowest = Infinity;
    }
    return out;
  }

  /** Extension functions run with their receiver as `this`, so their effects do not depend on the caller. */
  function resolveReceiver(fn: FunctionFacts): string | undefined {
    const info = fnInfo.get(fn);
    if (fn.receiver === undefined || info === undefined) return undefined;
    const r = resolveType(fn.receiver, info.file);
    return r !== undefined && classes.has(r) ? r : undefined;
  }

  for (const [activityName, manifest] of manifestActivities) {
    const root = newOwner('activity', activityName);
    const finishes: MapTrigger[] = [];
    const parts = new Map<string, Owner>();
    const menus: string[] = [];
    const menuStyles = new Map<string, MenuStyle>();
    const reachedClasses = new Set<string>();
    const rootChain = new Set(chainOf(activityName).chain);

    const addTransition = (to: string, trigger: MapTrigger | undefined): void => {
      // An activity relaunching itself (or its own `start` helper seen as an entry) is no navigation.
      if (to === activityName) return;
      transitions.push(trigger === undefined ? { from: activityName, to } : { from: activityName, to, trigger });
    };

    const partOf = (kind: 'fragment' | 'dialog', name: string, trigger?: MapTrigger): Owner => {
      let p = parts.get(`${kind}|${name}`);
      if (p === undefined) {
        p = newOwner(kind, name);
        parts.set(`${kind}|${name}`, p);
      }
      if (p.trigger === undefined && trigger !== undefined && trigger.kind !== 'auto') p.trigger = trigger;
      return p;
    };
    const partOut = (p: Owner): MapPart =>
      p.trigger === undefined ? { name: p.name, elements: p.elements } : { name: p.name, elements: p.elements, trigger: p.trigger };

    const attachNav = (graph: string, trig: MapTrigger | undefined, seen = new Set<string>()): void => {
      if (seen.has(graph)) return;
      seen.add(graph);
      const g = resources.navigation.get(graph);
      if (g === undefined) return;
      for (const d of g.destinations) {
        if ((d.kind === 'fragment' || d.kind === 'dialog') && d.className !== undefined) {
          const cls = fullClassName(d.className);
          if (classes.has(cls)) reachClass(cls, root, trig);
          else {
            const p = partOf(d.kind, cls);
            if (d.layout !== undefined) attachLayout(d.layout, p, false);
          }
        }
      }
      for (const inc of g.includes) attachNav(inc, trig, seen);
    };

    const attachLayout = (name: string, owner: Owner, listItem: boolean, rootId?: string): void => {
      const layout: ParsedLayout | undefined = resources.layouts.get(name);
      if (layout === undefined) {
        if (!name.startsWith('android:')) warnings.add('LAYOUT_NOT_FOUND', name);
        return;
      }
      if (owner.layouts.includes(name) && rootId === undefined) return;
      if (!owner.layouts.includes(name)) owner.layouts.push(name);
      for (const v of layout.views) {
        const el: MapElement = { id: v.id === layout.rootId && rootId !== undefined ? rootId : v.id, class: viewClassName(v.tag) };
        const t = text(v.text);
        if (t !== undefined) el.text = t;
        const h = text(v.hint);
        if (h !== undefined) el.hint = h;
        const d = text(v.desc);
        if (d !== undefined) el.desc = d;
        el.layout = name;
        if (listItem) el.kind = 'list-item';
        addElement(owner, el);
        if (v.onClick !== undefined) {
          // android:onClick names a method of the activity (or a base class) hosting the layout
          for (const c of rootChain) {
            for (const fn of classes.get(c)?.functions ?? []) {
              if (fn.name === v.onClick)
                applyFn(fn, activityName, owner, { trig: { kind: 'click', element: v.id }, auto: false, listItem: false });
            }
          }
        }
      }
      if (rootId !== undefined && layout.rootId === undefined && !layout.merge)
        addElement(owner, { id: rootId, class: viewClassName(layout.rootTag), layout: name });
      for (const inc of layout.includes) attachLayout(inc.layout, owner, listItem, inc.id);
      for (const stub of layout.stubs) {
        const before = owner.elements.length;
        attachLayout(stub.layout, owner, listItem, stub.id);
        for (const el of owner.elements.slice(before)) el.kind ??= 'stub';
      }
      for (const f of layout.fragments) {
        const cls = fullClassName(f);
        if (classes.has(cls)) reachClass(cls, root, undefined);
        else if (cls.startsWith(appPackage) && appPackage !== '') warnings.add('CLASS_NOT_FOUND', cls);
      }
      for (const g of layout.navGraphs) attachNav(g, undefined);
      for (const m of layout.menus) {
        if (!menus.includes(m)) menus.push(m);
        const style = layout.menuStyles[m];
        if (style !== undefined && !menuStyles.has(m)) menuStyles.set(m, style);
      }
      for (const vc of layout.viewClasses) if (classes.has(vc)) reachClass(vc, owner, undefined);
    };

    const attachPreferences = (name: string, owner: Owner, trig: MapTrigger | undefined): void => {
      const prefs = resources.preferences.get(name);
      if (prefs === undefined) return;
      if (!owner.layouts.includes(name)) owner.layouts.push(name);
      for (const p of prefs.prefs) {
        const el: MapElement = { id: p.key, class: p.tag, kind: 'preference', layout: name };
        const t = text(p.title);
        if (t !== undefined) el.text = t;
        addElement(owner, el);
        const target = p.intentTarget === undefined ? undefined : fullClassName(p.intentTarget);
        if (target !== undefined && manifestActivities.has(target)) addTransition(target, { kind: 'preference', element: p.key });
        const byAct = p.intentAction === undefined ? undefined : byAction.get(p.intentAction);
        if (byAct !== undefined) addTransition(byAct, { kind: 'preference', element: p.key });
        if (p.fragment !== undefined) {
          const cls = fullClassName(p.fragment);
          if (classes.has(cls)) reachClass(cls, root, trig);
        }
      }
    };

    const reachClass = (
      cls: string,
      owner: Owner,
      trig: MapTrigger | undefined,
      how: { isRoot?: boolean; listItem?: boolean } = {},
    ): void => {
      const isRoot = how.isRoot === true;
      if (reachedClasses.has(cls)) return;
      const kind = classify(cls);
      if (kind === 'activity' && !isRoot && !rootChain.has(cls)) return;
      reachedClasses.add(cls);
      let target = owner;
      if (!isRoot && kind === 'fragment') target = partOf('fragment', cls, trig);
      else if (!isRoot && kind === 'dialog') target = partOf('dialog', cls, trig);
      const listItem = kind === 'adapter' || how.listItem === true;
      for (const [depth, c] of chainOf(cls).chain.entries()) {
        for (const fn of classes.get(c)?.functions ?? []) {
          // A base class's helpers run only when called; its framework callbacks (onCreate, onClick…) run anyway.
          if (depth > 0 && !isCallback(fn.name)) continue;
          applyFn(fn, cls, target, { trig, auto: LIFECYCLE.has(fn.name), listItem });
        }
      }
    };

    function applyFn(
      fn: FunctionFacts,
      thisCls: string | undefined,
      owner: Owner,
      ctx: { trig: MapTrigger | undefined; auto: boolean; listItem: boolean },
    ): void {
      for (const e of effectsOf(fn, thisCls)) {
        const trig = substitute(e, ctx.trig);
        const target = e.dialog !== undefined && owner.kind !== 'dialog' ? partOf('dialog', e.dialog, trig) : owner;
        switch (e.k) {
          case 'start':
            addTransition(e.to, trig ?? (ctx.auto ? { kind: 'auto' } : undefined));
            break;
          case 'layout':
            attachLayout(e.name, target, ctx.listItem);
            break;
          case 'menu':
            if (!menus.includes(e.name)) menus.push(e.name);
            break;
          case 'nav':
            attachNav(e.name, trig);
            break;
          case 'xml':
            attachPreferences(e.name, target, trig);
            break;
          case 'reach':
            reachClass(e.cls, e.toRoot === true ? root : target, trig, { listItem: ctx.listItem });
            break;
          case 'element':
            addElement(target, e.element);
            break;
          case 'finish':
            if (trig !== undefined && trig.kind !== 'auto') finishes.push(trig);
            break;
        }
      }
    }

    reachClass(activityName, root, undefined, { isRoot: true });

    const menuParts: MapPart[] = menus.map((m) => {
      const menu = resources.menus.get(m);
      const elements: MapElement[] = [];
      for (const item of menu?.items ?? []) {
        const el: MapElement = { id: item.id, class: 'android.view.MenuItem', kind: 'menu-item', layout: m };
        const t = text(item.title);
        if (t !== undefined) el.text = t;
        elements.push(el);
        const style = menuStyles.get(m) ?? 'options';
        if (style === 'options' && !/always/.test(item.showAsAction ?? '')) {
          // Items that can overflow are drawn as AppCompat popup rows whose only id is `title`
          // (abc_popup_menu_item_layout), which is what a dump shows when one is tapped.
          const row: MapElement = { id: 'title', class: 'android.widget.TextView', kind: 'overflow-row', layout: m };
          if (t !== undefined) row.text = t;
          elements.push(row);
        } else if (style === 'drawer') {
          // NavigationView rows carry the text in `design_menu_item_text` (material design_navigation_menu_item)
          const row: MapElement = { id: 'design_menu_item_text', class: 'android.widget.CheckedTextView', kind: 'drawer-row', layout: m };
          if (t !== undefined) row.text = t;
          elements.push(row);
        }
      }
      return { name: m, elements };
    });

    const activity: MapActivity = {
      name: activityName,
      layouts: root.layouts,
      elements: root.elements,
      fragments: [...parts.values()].filter((p) => p.kind === 'fragment').map(partOut),
      // a dialog class that only wraps another dialog has nothing of its own to show
      dialogs: [...parts.values()].filter((p) => p.kind === 'dialog' && p.elements.length > 0).map(partOut),
      menus: menuParts,
    };
    if (launcherTargets.has(activityName)) activity.launcher = true;
    const label = text(manifest.label);
    if (label !== undefined) activity.label = label;
    const al = aliases.get(activityName);
    if (al !== undefined) activity.aliases = al;
    activity.module = manifest.module;
    activities.push(activity);
    finishTriggers.set(activityName, finishes);
  }

  for (const name of [...undeclared].sort()) {
    if (manifestActivities.has(name)) continue;
    warnings.add('ACTIVITY_NOT_DECLARED', name);
    activities.push({ name, declared: false, layouts: [], elements: [], fragments: [], dialogs: [], menus: [] });
  }

  // A tap that finishes an activity returns to the one that opened it: one back edge per caller.
  const forward = dedupeTransitions(transitions);
  for (const [activity, triggers] of finishTriggers) {
    // Callers that hand over by themselves (a splash screen's auto start) are gone from the back stack.
    const callers = new Set(
      forward.filter((t) => t.to === activity && t.from !== activity && t.trigger?.kind !== 'auto').map((t) => t.from),
    );
    for (const caller of callers) for (const trigger of triggers) transitions.push({ from: activity, to: caller, trigger, back: true });
  }
  return { package: appPackage, activities, transitions: dedupeTransitions(transitions) };
}

/** One entry per (from, to, trigger); trigger-less entries go when the same edge has a known trigger. */
export function dedupeTransitions(list: readonly MapTransition[]): MapTransition[] {
  const seen = new Map<string, MapTransition>();
  for (const t of list) {
    const key = `${t.from}|${t.to}|${t.trigger?.kind ?? ''}|${t.trigger?.element ?? ''}|${t.back === true}`;
    if (!seen.has(key)) seen.set(key, t);
  }
  const withTrigger = new Set<string>();
  for (const t of seen.values()) if (t.trigger !== undefined) withTrigger.add(`${t.from}|${t.to}`);
  const out = [...seen.values()].filter((t) => t.trigger !== undefined || !withTrigger.has(`${t.from}|${t.to}`));
  // an element-less trigger adds nothing when the same edge has one of the same kind with an element
  const withElement = new Set(out.filter((t) => t.trigger?.element !== undefined).map((t) => `${t.from}|${t.to}|${t.trigger?.kind ?? ''}`));
  return out.filter(
    (t) => t.trigger === undefined || t.trigger.element !== undefined || !withElement.has(`${t.from}|${t.to}|${t.trigger.kind}`),
  );
}
