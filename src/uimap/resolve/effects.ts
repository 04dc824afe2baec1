/**
 * Function summaries: what a function does (starts, layouts, menus, navigation graphs, preference screens,
 * classes it reaches, elements, finish), with its callees' effects folded in. Computed once per
 * (function, this-class): long helper chains (a library's extension functions) are then not re-walked per
 * activity and trigger. Each kind of use has its own handler in USE_EFFECTS.
 */
import type { FileFacts, FunctionFacts, TriggerContext, Use } from '../code/index.js';
import type { MapElement, MapTrigger } from '../model.js';
import { classify, elementName, fullClassName, toTrigger } from './classes.js';
import type { ResolveContext } from './context.js';
import { textOf } from './context.js';
import type { Effect } from './effect.js';
import { effectKey, substitute } from './effect.js';
import { chainOf, resolveType } from './indexes.js';
import { declaredActivity, importedName } from './manifest.js';
import { bindingLayout, frameworkDialogElements } from './names.js';
import { intentContextOf, leavesApp, startsOfString, systemServices } from './intents.js';
import { navActivity } from './navigation.js';

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
/** Names too generic to resolve to a project method when called on an unknown receiver. */
const GENERIC_NAMES = new Set([
  ...['inflate', 'apply', 'also', 'let', 'run', 'with', 'show', 'dismiss', 'create', 'get', 'set', 'add', 'remove', 'put'],
  ...['equals', 'toString', 'hashCode', 'invoke', 'init', 'setup', 'update', 'start', 'stop', 'clear', 'onClick', 'onCreate'],
  ...['onResume', 'onStart', 'onPause', 'onStop', 'onDestroy', 'newInstance', 'getInstance', 'notifyDataSetChanged'],
  ...['submitList', 'forEach', 'map', 'filter', 'setText', 'setVisibility', 'beGone', 'beVisible', 'beVisibleIf', 'beGoneIf'],
]);
const MAX_DEPTH = 250;
/** Functions that return a tab's or page's title: their string resources are the tabs' labels. */
const TAB_TITLE = /^(get)?(Tab|Page)\w*(Title|Label|Text|Name)s?$/;
/** Functions that fill a contextual action bar: ActionMode.Callback's, or a list's `getActionMenuId`-like hook. */
const CONTEXTUAL_MENU = /ActionMode|ActionMenu/;
/** Triggers whose element a user acts on directly (menu items and preferences are controls by their kind). */
const LISTENED = new Set<MapTrigger['kind']>(['click', 'long-click', 'check', 'item']);
const FINISH = new Set(['finish', 'finishAfterTransition', 'onBackPressed']);
/** Calls that start what the scope's intent names for a result (classic and activity-result launchers). */
const FOR_RESULT = new Set(['startActivityForResult', 'startIntentSenderForResult', 'launch']);

type CallUse = Extract<Use, { t: 'call' }>;
export type CallTarget = { fn: FunctionFacts; cls: string | undefined };

/** Project functions a call may run: methods of the receiver type or `this` (and outer classes), free functions, unique methods. */
export function resolveCall(ctx: ResolveContext, use: CallUse, at: { thisCls: string | undefined; file: FileFacts }): CallTarget[] {
  const { name } = use;
  const { thisCls, file } = at;
  const { classes } = ctx.code;
  const methodsIn = (cls: string): FunctionFacts[] => {
    for (const c of chainOf(ctx, cls).chain) {
      const hit = classes.get(c)?.functions.filter((f) => f.name === name) ?? [];
      if (hit.length > 0) return hit;
    }
    return [];
  };
  if (use.receiver === 'super') return [];
  if (use.receiverType !== undefined) {
    const owner = resolveType(ctx, use.receiverType, file);
    if (owner !== undefined) return methodsIn(owner).map((fn) => ({ fn, cls: owner }));
  }
  if (use.receiver !== 'other' && thisCls !== undefined) {
    let scope: string | undefined = thisCls;
    while (scope !== undefined) {
      const hit = methodsIn(scope);
      const cls = scope;
      if (hit.length > 0) return hit.map((fn) => ({ fn, cls }));
      scope = classes.get(scope)?.facts.outer;
    }
  }
  const free = ctx.code.freeFunctions.get(name);
  if (free !== undefined && free.length > 0) {
    // the caller's own package, or the one its import names
    const samePackage = free.filter((f) => f.file.package === file.package || file.imports[name] === `${f.file.package}.${name}`);
    return (samePackage.length > 0 ? samePackage : free).map((f) => ({ fn: f.fn, cls: thisCls }));
  }
  if (use.receiver === 'other' && !GENERIC_NAMES.has(name)) {
    // An override implements a supertype's method: on an unknown receiver the call is more likely the
    // framework's (`menu.getItem(i)`, not the project's pager adapter's getItem).
    const methods = (ctx.code.methodsByName.get(name) ?? []).filter((m) => m.fn.overrides !== true);
    if (methods.length > 0 && methods.length <= 2) {
      // Of two, a screen's own method is the unlikelier on a receiver of unknown type (`notesDB.deleteNote(n)`
      // is the DAO's, not MainActivity's): following it would put that screen's parts on the caller's.
      const other = methods.filter((m) => m.fn.owner === undefined || classify(ctx, m.fn.owner) !== 'activity');
      return (other.length > 0 ? other : methods).map((m) => ({ fn: m.fn, cls: m.fn.owner }));
    }
  }
  return [];
}

/** Extension functions run with their receiver as `this`, so their effects do not depend on the caller. */
export function receiverClass(ctx: ResolveContext, fn: FunctionFacts): string | undefined {
  const info = ctx.code.fnInfo.get(fn);
  if (fn.receiver === undefined || info === undefined) return undefined;
  const r = resolveType(ctx, fn.receiver, info.file);
  return r !== undefined && ctx.code.classes.has(r) ? r : undefined;
}

/**
 * Scopes (function body, or one lambda / anonymous class in it) that build a dialog inline, each with a
 * dialog name: what those scopes inflate and the buttons they set belong to that dialog.
 */
export function dialogScopesOf(fn: FunctionFacts, file: FileFacts): Map<number, string> {
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
  const fileName = file.path
    .split('/')
    .at(-1)
    ?.replace(/\.(kt|java)$/, '');
  const base = `${fn.owner ?? fileName}.${fn.name}`;
  return new Map(building.map((sc, i) => [sc, building.length === 1 ? base : `${base}#${i + 1}`]));
}

/** What a use handler sees: where the use sits and the trigger it runs under. */
interface UseEnv {
  ctx: ResolveContext;
  file: FileFacts;
  thisCls: string | undefined;
  own: TriggerContext | undefined;
  /** The use's own trigger resolved; undefined = the caller's. */
  trig: MapTrigger | undefined;
  /** `trig` as effect fields (a constructor callback's trigger is weak). */
  trigPart: { trig?: MapTrigger; weak?: boolean };
  add: (e: Effect) => void;
  /** Evidence for what this use starts: `module/path:line`. */
  at: string;
  /** The use's scope starts an activity for a result. */
  forResult: boolean;
  /** The function the use sits in (an action's intent is read from the uses around it). */
  fn: FunctionFacts;
}

type UseHandler<T extends Use['t']> = (use: Extract<Use, { t: T }>, env: UseEnv) => void;

function resEffects(use: Extract<Use, { t: 'res' }>, env: UseEnv): void {
  const { ctx, add, trigPart } = env;
  if (use.type === 'layout') add({ k: 'layout', name: use.name });
  else if (use.type === 'menu') {
    if (ctx.resources.menus.has(use.name)) {
      // Inflated for an action mode (the framework's callback, or a list's hook that hands it the menu id).
      const selection = CONTEXTUAL_MENU.test(env.fn.name);
      add(selection ? { k: 'menu', name: use.name, context: 'selection' } : { k: 'menu', name: use.name });
    } else ctx.warnings.add('MENU_NOT_FOUND', use.name);
  } else if (use.type === 'navigation') add({ k: 'nav', name: use.name, ...trigPart });
  else if (use.type === 'xml') add({ k: 'xml', name: use.name, ...trigPart });
  else if (use.type === 'string' && TAB_TITLE.test(env.fn.name)) {
    // a function that names the tabs of a pager (getPageTitle, a getTabLabel(position) helper)
    const text = textOf(ctx, `@string/${use.name}`);
    if (text !== undefined) add({ k: 'element', element: tabElement(use.name, text), ...trigPart });
  } else if (use.type === 'id') {
    const dest = navActivity(ctx, use.name);
    const to = dest === undefined ? undefined : fullClassName(ctx, dest);
    if (to !== undefined && ctx.manifest.activities.has(to)) add({ k: 'start', to, at: env.at, kind: 'navigation', ...trigPart });
  }
}

/** `PendingIntent.getActivity(…)` and its kin: the intent is handed to a notification or an alarm. */
const PENDING = /^get(Activity|Activities|Broadcast|Service|ForegroundService)$/;
const STARTS_NOW = /^(start|launch)([A-Z]|$)/;

/**
 * A function that wraps its intent in a PendingIntent and starts nothing itself: the screen it names opens
 * when a notification or alarm is tapped later, not from the control whose code runs this.
 */
function pendingOnly(fn: FunctionFacts): boolean {
  let pending = false;
  for (const u of fn.uses) {
    if (u.t !== 'call') continue;
    if (STARTS_NOW.test(u.name)) return false;
    if (PENDING.test(u.name) && /(^|\.)PendingIntent$/.test(u.receiverType ?? '')) pending = true;
  }
  return pending;
}

function classrefEffects(use: Extract<Use, { t: 'classref' }>, env: UseEnv): void {
  const { ctx, file, add, trigPart } = env;
  const q = resolveType(ctx, use.cls, file) ?? declaredActivity(ctx, use.cls, file);
  const named = { at: env.at, kind: env.forResult ? ('result' as const) : ('explicit' as const), ...trigPart };
  if (q !== undefined && ctx.manifest.activities.has(q)) {
    if (!pendingOnly(env.fn)) add({ k: 'start', to: q, ...named });
  } else if (q !== undefined && ctx.code.classes.has(q)) {
    const kind = classify(ctx, q);
    if (kind === 'fragment' || kind === 'dialog') add({ k: 'reach', cls: q, toRoot: true, ...trigPart });
  } else if (q === undefined && /Activity$/.test(use.cls) && !/^(AppCompat|Fragment|Component)?Activity$/.test(use.cls)) {
    const imported = importedName(use.cls, file);
    if (imported === undefined) ctx.warnings.add('INTENT_TARGET_UNKNOWN', use.cls);
    else {
      // An activity of a library whose sources (and manifest) were not given: still a screen.
      ctx.undeclared.add(imported);
      add({ k: 'start', to: imported, ...named });
    }
  }
}

/** Activities a service of the app starts (the end of a system route). */
function serviceStarts(ctx: ResolveContext, service: string): string[] {
  const out = new Set<string>();
  for (const c of chainOf(ctx, service).chain)
    for (const fn of ctx.code.classes.get(c)?.functions ?? [])
      for (const e of effectsOf(ctx, fn, service)) if (e.k === 'start') out.add(e.to);
  return [...out];
}

/** Starts through the system: an action or call the system completes by binding one of the app's services. */
function systemStarts(what: { action?: string; call?: string }, env: UseEnv): void {
  for (const service of systemServices(env.ctx, what))
    for (const to of serviceStarts(env.ctx, service)) env.add({ k: 'start', to, at: env.at, kind: 'system', ...env.trigPart });
}

function strEffects(use: Extract<Use, { t: 'str' }>, env: UseEnv): void {
  const intent = intentContextOf(env.ctx, env.fn, use);
  for (const s of startsOfString(env.ctx, use.value, intent)) {
    const kind = s.kind === 'explicit' && env.forResult ? 'result' : s.kind;
    env.add({ k: 'start', to: s.to, at: env.at, kind, ...env.trigPart });
  }
  if (intent?.sends === true) systemStarts({ action: use.value }, env);
  if (leavesApp(env.ctx, use.value, intent)) env.add({ k: 'external', action: use.value, ...env.trigPart });
}

/** Is the callee code outside the caller's class (a free or extension function, another class's method)? */
function outside(ctx: ResolveContext, target: CallTarget, thisCls: string | undefined): boolean {
  if (target.fn.owner === undefined) return true;
  return thisCls === undefined || !chainOf(ctx, thisCls).chain.includes(target.fn.owner);
}

function callEffects(use: CallUse, env: UseEnv): void {
  const { ctx, add, trig: t, own } = env;
  // finish() closes the screen: back to whichever activity opened it
  if (FINISH.has(use.name)) add({ k: 'finish', at: env.at, ...env.trigPart });
  systemStarts({ call: use.name }, env);
  for (const target of resolveCall(ctx, use, env)) {
    const targetThis = target.fn.owner === undefined ? receiverClass(ctx, target.fn) : target.cls;
    const helper = outside(ctx, target, env.thisCls);
    for (const e of effectsOf(ctx, target.fn, targetThis)) {
      const trig = substitute(e, t);
      const sub: Effect = { ...e };
      delete sub.trig;
      delete sub.weak;
      if (trig !== undefined) sub.trig = trig;
      if (sub.k === 'start') {
        if (helper && sub.via === undefined) sub.via = 'helper';
        // an intent built by a callee and started here for a result
        if (env.forResult && sub.kind === 'explicit') sub.kind = 'result';
      }
      // still weak: the callee's own callback trigger survived, or this call sits in a callback
      if ((trig === e.trig && e.weak === true) || (e.trig === undefined && trig !== undefined && own?.kind === 'callback')) sub.weak = true;
      add(sub);
    }
  }
}

/**
 * The options a dialog class shows from items the opening code builds beside it (`RadioGroupDialog(this,
 * items)` after `items = arrayListOf(RadioItem(…, getString(R.string.left)), …)`): items of the same scope.
 */
function dialogOptions(dialog: string, use: Use, env: UseEnv): void {
  const { trig } = env;
  if (trig?.element === undefined) return;
  for (const u of env.fn.uses) {
    if (u.t !== 'option' || (u.scope ?? 0) !== (use.scope ?? 0)) continue;
    const text = textOf(env.ctx, `@string/${u.text}`);
    if (text === undefined) continue;
    const element: MapElement = { id: u.text, class: 'android.widget.RadioButton', text };
    env.add({ k: 'element', element, dialog, opener: trig.element, ...env.trigPart });
  }
}

/** A tab built in code has no id of its own: it is named by its label's string resource. */
function tabElement(stringName: string, text: string): MapElement {
  return { id: stringName, class: 'com.google.android.material.tabs.TabLayout.Tab', kind: 'tab', text };
}

function labelEffects(use: Extract<Use, { t: 'label' }>, env: UseEnv): void {
  const text = textOf(env.ctx, `@string/${use.text}`);
  if (text === undefined) return;
  if (use.tab === true) {
    env.add({ k: 'element', element: tabElement(use.text, text) });
    return;
  }
  const id = elementName(env.ctx, use.element, env.thisCls ?? env.fn.owner, true);
  if (id !== undefined) env.add({ k: 'label', id, text });
}

const USE_EFFECTS: { [T in Use['t']]: UseHandler<T> } = {
  label: labelEffects,
  // read where the dialog they belong to is opened (dialogOptions)
  option: () => undefined,
  res: resEffects,
  binding: (use, { ctx, add }) => {
    const layout = bindingLayout(use.name);
    if (ctx.resources.layouts.has(layout)) add({ k: 'layout', name: layout });
  },
  classref: classrefEffects,
  new: (use, env) => {
    const { ctx, file, add, trigPart, thisCls } = env;
    const q = resolveType(ctx, use.cls, file);
    if (q !== undefined && ctx.code.classes.has(q) && classify(ctx, q) !== 'activity') {
      const page = thisCls !== undefined && thisCls !== q && classify(ctx, thisCls) === 'fragment' ? { page: thisCls } : {};
      add({ k: 'reach', cls: q, ...page, ...trigPart });
      if (classify(ctx, q) === 'dialog') dialogOptions(q, use, env);
    }
    for (const el of frameworkDialogElements(use.cls)) add({ k: 'element', element: el, ...trigPart });
  },
  call: callEffects,
  str: strEffects,
  button: (use, { ctx, add, trigPart }) => {
    const el: MapElement = { id: `android:id/button${use.which}`, class: 'android.widget.Button', kind: 'dialog-button' };
    const text = use.text === undefined ? undefined : textOf(ctx, `@string/${use.text}`);
    if (text !== undefined) el.text = text;
    add({ k: 'element', element: el, ...trigPart });
  },
  message: (use, { ctx, add, trigPart }) => {
    const el: MapElement = { id: 'android:id/message', class: 'android.widget.TextView', kind: 'dialog-message' };
    const text = use.text === undefined ? undefined : textOf(ctx, `@string/${use.text}`);
    if (text !== undefined) el.text = text;
    add({ k: 'element', element: el, ...trigPart });
  },
};

/** Collects a function's effects once each; effects of a dialog-building scope are tagged with that dialog. */
function effectSink(): { out: Effect[]; add: (e: Effect) => void; dialog: string | undefined; fromDialog: boolean } {
  const seen = new Set<string>();
  const sink = {
    out: [] as Effect[],
    dialog: undefined as string | undefined,
    fromDialog: false,
    add: (e: Effect): void => {
      const d = sink.dialog;
      const tagged = d !== undefined && e.dialog === undefined && e.k !== 'start' && e.k !== 'menu' && e.k !== 'nav' && e.k !== 'finish';
      let withDialog: Effect = tagged ? { ...e, dialog: d } : e;
      if ((d !== undefined || sink.fromDialog) && withDialog.k === 'start' && withDialog.via === undefined)
        withDialog = { ...withDialog, via: 'dialog' };
      const k = effectKey(withDialog);
      if (seen.has(k)) return;
      seen.add(k);
      sink.out.push(withDialog);
    },
  };
  return sink;
}

/** The summary of `fn` run with `this` = `thisCls` (memoised; cycles yield what is known so far). */
export function effectsOf(ctx: ResolveContext, fn: FunctionFacts, thisCls: string | undefined): Effect[] {
  const info = ctx.code.fnInfo.get(fn);
  if (info === undefined) return [];
  const memo = ctx.effects;
  const key = `${info.id}|${thisCls ?? ''}`;
  const cached = memo.cache.get(key);
  if (cached !== undefined) return cached;
  const onStack = memo.stack.indexOf(key);
  if (onStack >= 0) {
    memo.lowest = Math.min(memo.lowest, onStack);
    return [];
  }
  if (memo.stack.length > MAX_DEPTH) {
    memo.lowest = 0; // truncated: nothing on the stack is complete
    return [];
  }
  const depth = memo.stack.length;
  memo.stack.push(key);
  const file = info.file;
  const dialogScopes = dialogScopesOf(fn, file);
  const resultScopes = new Set(fn.uses.filter((u) => u.t === 'call' && FOR_RESULT.has(u.name)).map((u) => u.scope ?? 0));
  const sink = effectSink();
  for (const use of fn.uses) {
    sink.dialog = dialogScopes.get(use.scope ?? 0);
    sink.fromDialog = use.dialog === true;
    const own = 'trig' in use ? use.trig : undefined;
    const trig = own === undefined ? undefined : toTrigger(ctx, own, { cls: thisCls ?? fn.owner, file });
    const trigPart = trig === undefined ? {} : own?.kind === 'callback' ? { trig, weak: true } : { trig };
    const at = `${file.path}:${use.line ?? 0}`;
    const forResult = resultScopes.has(use.scope ?? 0);
    const env: UseEnv = { ctx, file, thisCls, own, trig, trigPart, add: sink.add, at, forResult, fn };
    if (trig?.element !== undefined && LISTENED.has(trig.kind)) sink.add({ k: 'act', ...trigPart });
    (USE_EFFECTS[use.t] as (u: Use, env: UseEnv) => void)(use, env);
  }
  memo.stack.pop();
  // Results computed inside a cycle are partial until the cycle's head finishes: cache only then.
  if (memo.lowest >= depth) {
    memo.cache.set(key, sink.out);
    memo.lowest = Infinity;
  }
  return sink.out;
}
