/**
 * Per-activity walk: from an activity class, follow what its code (and its base classes) can reach —
 * helper and extension functions, fragments, dialogs, adapters, custom views, layouts, navigation graphs,
 * preference screens — collecting elements into the screen parts they appear on, and every activity start
 * with the UI trigger it runs under.
 */
import type { FunctionFacts } from '../code/index.js';
import type { EdgeKind, EdgeVia, ListenerKind, MapActivity, MapElement, MapTransition, MapTrigger, MenuContext } from '../model.js';
import type { MenuStyle } from '../resources.js';
import { classify, fullClassName } from './classes.js';
import type { ClassKind, ResolveContext } from './context.js';
import { textOf } from './context.js';
import { substitute } from './effect.js';
import { effectsOf } from './effects.js';
import { chainOf } from './indexes.js';
import { viewClassName } from './names.js';
import type { Owner } from './parts.js';
import { addElement, menuPart, newOwner, partOut } from './parts.js';

const LIFECYCLE = new Set([
  ...['onCreate', 'onStart', 'onResume', 'onPostCreate', 'onNewIntent', 'initActivity', '<init>'],
  ...['onViewCreated', 'onCreateView', 'onActivityCreated', 'onAttach'],
]);

/** Methods the framework calls by itself (lifecycle and listener callbacks), as opposed to helpers. */
function isCallback(name: string): boolean {
  return name === '<init>' || /^on[A-Z]/.test(name) || LIFECYCLE.has(name);
}

/** State of one activity's walk. */
interface Walk {
  ctx: ResolveContext;
  activity: string;
  root: Owner;
  finishes: { trigger: MapTrigger; at: string }[];
  parts: Map<string, Owner>;
  menus: string[];
  menuStyles: Map<string, MenuStyle>;
  menuContexts: Map<string, MenuContext>;
  listeners: { owner: Owner; element: string; kind: ListenerKind }[];
  /** Texts the code sets, given to their elements once the walk has attached every layout. */
  labels: { owner: Owner; id: string; text: string }[];
  /** Framework actions sent from an element that another app answers, given to the element after the walk. */
  externals: { owner: Owner; id: string; action: string }[];
  reached: Set<string>;
  rootChain: Set<string>;
}

/** How an edge was found: what names the target, where, and through which part of the screen's code. */
interface EdgeFacts {
  kind: EdgeKind;
  at: string;
  via?: EdgeVia | undefined;
}

function addTransition(w: Walk, to: string, trigger: MapTrigger | undefined, edge: EdgeFacts): void {
  // An activity relaunching itself (or its own `start` helper seen as an entry) is no navigation.
  if (to === w.activity) return;
  const t: MapTransition = { from: w.activity, to };
  if (trigger !== undefined) t.trigger = trigger;
  t.kind = edge.kind;
  if (edge.via !== undefined) t.via = edge.via;
  t.at = edge.at;
  w.ctx.transitions.push(t);
}

function partOf(w: Walk, kind: 'fragment' | 'dialog', name: string, trigger?: MapTrigger): Owner {
  let p = w.parts.get(`${kind}|${name}`);
  if (p === undefined) {
    p = newOwner(kind, name);
    w.parts.set(`${kind}|${name}`, p);
  }
  if (p.trigger === undefined && trigger !== undefined && trigger.kind !== 'auto') p.trigger = trigger;
  return p;
}

/**
 * A shared dialog class opened by several controls, each with its own items: the first opener's options go on
 * the dialog part itself, another opener's on a copy of it named `Dialog#n` that it opens.
 */
function openerCopy(w: Walk, part: Owner, at: { opener: string; trig: MapTrigger | undefined }): Owner {
  if (part.kind !== 'dialog' || part.trigger?.element === undefined || part.trigger.element === at.opener) return part;
  for (let n = 2; ; n++) {
    const seen = w.parts.get(`dialog|${part.name}#${n}`);
    if (seen?.trigger?.element === at.opener) return seen;
    if (seen !== undefined) continue;
    const copy = partOf(w, 'dialog', `${part.name}#${n}`, { kind: at.trig?.kind ?? 'click', element: at.opener });
    for (const e of part.elements) if (e.kind === 'dialog-button') addElement(copy, e);
    return copy;
  }
}

function addMenu(w: Walk, name: string, style?: MenuStyle, context?: MenuContext): void {
  if (!w.menus.includes(name)) w.menus.push(name);
  if (style !== undefined && !w.menuStyles.has(name)) w.menuStyles.set(name, style);
  if (context !== undefined && !w.menuContexts.has(name)) w.menuContexts.set(name, context);
}

const LISTENER_KINDS: ReadonlySet<string> = new Set<ListenerKind>(['click', 'long-click', 'check', 'item']);

/**
 * Notes a listener on the element the trigger names: in the part the code runs for, else the screen's own
 * views, else any part (listeners are often set from the activity on views of a fragment's layout). Elements
 * are recorded after the walk (pendingListeners) because a layout may be attached after its listener is set.
 */
function markListener(w: Walk, owner: Owner, trig: MapTrigger): void {
  if (trig.element === undefined || !LISTENER_KINDS.has(trig.kind)) return;
  w.listeners.push({ owner, element: trig.element, kind: trig.kind as ListenerKind });
}

/**
 * Changes the element with this id in `owner`, else on the screen itself, else in any part. The element is
 * replaced by a copy: elements from function summaries are shared between the screens that reach them.
 */
function updateElement(w: Walk, at: { owner: Owner; id: string }, change: (e: MapElement) => MapElement): void {
  for (const o of [at.owner, w.root, ...w.parts.values()]) {
    const i = o.elements.findIndex((e) => e.id === at.id);
    const el = o.elements[i];
    if (el === undefined) continue;
    o.elements[i] = change(el);
    return;
  }
}

function applyNotes(w: Walk): void {
  for (const l of w.listeners) {
    updateElement(w, { owner: l.owner, id: l.element }, (e) =>
      e.listeners?.includes(l.kind) === true ? e : { ...e, listeners: [...(e.listeners ?? []), l.kind] },
    );
  }
  for (const l of w.labels) updateElement(w, l, (e) => (e.text === undefined ? { ...e, text: l.text } : e));
  for (const x of w.externals) updateElement(w, x, (e) => withExternal(e, x.action));
}

const withExternal = (e: MapElement, action: string): MapElement =>
  e.external?.includes(action) === true ? e : { ...e, external: [...(e.external ?? []), action] };

/** Menu items are built from their resource after the walk: the actions their handlers send go on them then. */
function menuExternals(w: Walk, menus: MapActivity['menus']): void {
  for (const x of w.externals)
    for (const m of menus) m.elements = m.elements.map((e) => (e.id === x.id && e.kind === 'menu-item' ? withExternal(e, x.action) : e));
}

function attachNav(w: Walk, graph: string, trig: MapTrigger | undefined, seen = new Set<string>()): void {
  if (seen.has(graph)) return;
  seen.add(graph);
  const g = w.ctx.resources.navigation.get(graph);
  if (g === undefined) return;
  for (const d of g.destinations) {
    if ((d.kind === 'fragment' || d.kind === 'dialog') && d.className !== undefined) {
      const cls = fullClassName(w.ctx, d.className);
      if (w.ctx.code.classes.has(cls)) reachClass(w, cls, w.root, { trig });
      else {
        const p = partOf(w, d.kind, cls);
        if (d.layout !== undefined) attachLayout(w, d.layout, { owner: p, listItem: false });
      }
    }
  }
  for (const inc of g.includes) attachNav(w, inc, trig, seen);
}

interface LayoutTarget {
  owner: Owner;
  listItem: boolean;
  /** The id an `<include>` / `<ViewStub>` gives the included layout's root. */
  rootId?: string | undefined;
}

function layoutElement(w: Walk, v: { id: string; tag: string; text?: string; hint?: string; desc?: string }, layout: string): MapElement {
  const el: MapElement = { id: v.id, class: viewClassName(v.tag) };
  const t = textOf(w.ctx, v.text);
  if (t !== undefined) el.text = t;
  const h = textOf(w.ctx, v.hint);
  if (h !== undefined) el.hint = h;
  const d = textOf(w.ctx, v.desc);
  if (d !== undefined) el.desc = d;
  el.layout = layout;
  return el;
}

function attachLayout(w: Walk, name: string, at: LayoutTarget): void {
  const { ctx } = w;
  const { owner, listItem, rootId } = at;
  const layout = ctx.resources.layouts.get(name);
  if (layout === undefined) {
    if (!name.startsWith('android:')) ctx.warnings.add('LAYOUT_NOT_FOUND', name);
    return;
  }
  if (owner.layouts.includes(name) && rootId === undefined) return;
  if (!owner.layouts.includes(name)) owner.layouts.push(name);
  for (const v of layout.views) {
    const el = layoutElement(w, v, name);
    if (v.id === layout.rootId && rootId !== undefined) el.id = rootId;
    if (listItem) el.kind = 'list-item';
    addElement(owner, el);
    if (v.onClick !== undefined) {
      // android:onClick names a method of the activity (or a base class) hosting the layout
      for (const c of w.rootChain) {
        for (const fn of ctx.code.classes.get(c)?.functions ?? []) {
          if (fn.name === v.onClick) applyFn(w, fn, { thisCls: w.activity, owner, trig: { kind: 'click', element: v.id }, via: undefined });
        }
      }
    }
  }
  if (rootId !== undefined && layout.rootId === undefined && !layout.merge)
    addElement(owner, { id: rootId, class: viewClassName(layout.rootTag), layout: name });
  for (const inc of layout.includes) attachLayout(w, inc.layout, { owner, listItem, rootId: inc.id });
  for (const stub of layout.stubs) {
    const before = owner.elements.length;
    attachLayout(w, stub.layout, { owner, listItem, rootId: stub.id });
    for (const el of owner.elements.slice(before)) el.kind ??= 'stub';
  }
  for (const f of layout.fragments) {
    const cls = fullClassName(ctx, f);
    if (ctx.code.classes.has(cls)) reachClass(w, cls, w.root, {});
    else if (cls.startsWith(ctx.appPackage) && ctx.appPackage !== '') ctx.warnings.add('CLASS_NOT_FOUND', cls);
  }
  for (const g of layout.navGraphs) attachNav(w, g, undefined);
  for (const m of layout.menus) {
    if (ctx.resources.menus.has(m)) addMenu(w, m, layout.menuStyles[m]);
    else ctx.warnings.add('MENU_NOT_FOUND', m);
  }
  for (const vc of layout.viewClasses) if (ctx.code.classes.has(vc)) reachClass(w, vc, owner, {});
}

function attachPreferences(w: Walk, name: string, owner: Owner): void {
  const { ctx } = w;
  const prefs = ctx.resources.preferences.get(name);
  if (prefs === undefined) return;
  if (!owner.layouts.includes(name)) owner.layouts.push(name);
  for (const p of prefs.prefs) {
    const el: MapElement = { id: p.key, class: p.tag, kind: 'preference', layout: name };
    const t = textOf(ctx, p.title);
    if (t !== undefined) el.text = t;
    addElement(owner, el);
    const target = p.intentTarget === undefined ? undefined : fullClassName(ctx, p.intentTarget);
    const edge: EdgeFacts = { kind: 'preference', at: `xml/${name}.xml` };
    if (target !== undefined && ctx.manifest.activities.has(target)) addTransition(w, target, { kind: 'preference', element: p.key }, edge);
    const byAct = p.intentAction === undefined ? undefined : ctx.manifest.byAction.get(p.intentAction);
    if (byAct !== undefined) addTransition(w, byAct, { kind: 'preference', element: p.key }, edge);
    if (p.fragment !== undefined) {
      const cls = fullClassName(ctx, p.fragment);
      // The fragment opens when the preference is tapped.
      if (ctx.code.classes.has(cls)) reachClass(w, cls, w.root, { trig: { kind: 'preference', element: p.key } });
    }
  }
}

interface Reach {
  trig?: MapTrigger | undefined;
  isRoot?: boolean;
  listItem?: boolean;
  /** The part of the screen's code the class is reached through (a helper class inside an adapter: adapter). */
  via?: EdgeVia | undefined;
}

const PART_VIA: Partial<Record<ClassKind, EdgeVia>> = { fragment: 'fragment', dialog: 'dialog', adapter: 'adapter', view: 'view' };

/** Runs a class's functions (its base classes' callbacks too) into the part it belongs on. */
function reachClass(w: Walk, cls: string, owner: Owner, how: Reach): void {
  const isRoot = how.isRoot === true;
  if (w.reached.has(cls)) return;
  const kind = classify(w.ctx, cls);
  if (kind === 'activity' && !isRoot && !w.rootChain.has(cls)) return;
  w.reached.add(cls);
  let target = owner;
  if (!isRoot && kind === 'fragment') target = partOf(w, 'fragment', cls, how.trig);
  else if (!isRoot && kind === 'dialog') target = partOf(w, 'dialog', cls, how.trig);
  const listItem = kind === 'adapter' || how.listItem === true;
  const via = isRoot || w.rootChain.has(cls) ? how.via : (PART_VIA[kind] ?? how.via);
  for (const [depth, c] of chainOf(w.ctx, cls).chain.entries()) {
    for (const fn of w.ctx.code.classes.get(c)?.functions ?? []) {
      // A base class's helpers run only when called; its framework callbacks (onCreate, onClick…) run anyway.
      if (depth > 0 && !isCallback(fn.name)) continue;
      applyFn(w, fn, { thisCls: cls, owner: target, trig: how.trig, auto: LIFECYCLE.has(fn.name), listItem, via });
    }
  }
}

interface Apply {
  thisCls: string | undefined;
  owner: Owner;
  trig: MapTrigger | undefined;
  /** The function runs by itself (lifecycle): its trigger-less starts are automatic. */
  auto?: boolean;
  listItem?: boolean;
  via: EdgeVia | undefined;
}

/** Applies a function's summary to the walk: transitions, layouts, menus, parts, elements, finishes. */
function applyFn(w: Walk, fn: FunctionFacts, a: Apply): void {
  const { owner } = a;
  const listItem = a.listItem === true;
  for (const e of effectsOf(w.ctx, fn, a.thisCls)) {
    const trig = substitute(e, a.trig);
    const target = e.dialog !== undefined && owner.kind !== 'dialog' ? partOf(w, 'dialog', e.dialog, trig) : owner;
    switch (e.k) {
      case 'start':
        addTransition(w, e.to, trig ?? (a.auto === true ? { kind: 'auto' } : undefined), { kind: e.kind, at: e.at, via: a.via ?? e.via });
        break;
      case 'layout':
        attachLayout(w, e.name, { owner: target, listItem });
        break;
      case 'menu':
        // A menu a list adapter inflates that is no action mode's is a popup of a row.
        addMenu(w, e.name, undefined, e.context ?? (listItem ? 'row' : undefined));
        break;
      case 'nav':
        attachNav(w, e.name, trig);
        break;
      case 'xml':
        attachPreferences(w, e.name, target);
        break;
      case 'reach': {
        // built by a fragment's code, reached from the screen's: the part is still the fragment's page
        const page = e.page !== undefined && target === w.root && !w.rootChain.has(e.page) ? partOf(w, 'fragment', e.page) : target;
        reachClass(w, e.cls, e.toRoot === true ? w.root : page, { trig, listItem, via: a.via });
        break;
      }
      case 'element':
        addElement(e.opener === undefined ? target : openerCopy(w, target, { opener: e.opener, trig }), e.element);
        break;
      case 'finish':
        if (trig !== undefined && trig.kind !== 'auto') w.finishes.push({ trigger: trig, at: e.at });
        break;
      case 'act':
        if (trig?.element !== undefined) markListener(w, target, trig);
        break;
      case 'label':
        w.labels.push({ owner: target, id: e.id, text: e.text });
        break;
      case 'external':
        if (trig?.element !== undefined) w.externals.push({ owner: target, id: trig.element, action: e.action });
        break;
    }
  }
}

/** Walks one declared activity: its screen parts, and its starts and finishes into ctx. */
export function walkActivity(ctx: ResolveContext, name: string): MapActivity {
  const w: Walk = {
    ctx,
    activity: name,
    root: newOwner('activity', name),
    finishes: [],
    parts: new Map(),
    menus: [],
    menuStyles: new Map(),
    menuContexts: new Map(),
    listeners: [],
    labels: [],
    externals: [],
    reached: new Set(),
    rootChain: new Set(chainOf(ctx, name).chain),
  };
  reachClass(w, name, w.root, { isRoot: true });
  applyNotes(w);
  const parts = [...w.parts.values()];
  const activity: MapActivity = {
    name,
    layouts: w.root.layouts,
    elements: w.root.elements,
    fragments: parts.filter((p) => p.kind === 'fragment').map(partOut),
    // a dialog class that only wraps another dialog has nothing of its own to show
    dialogs: parts.filter((p) => p.kind === 'dialog' && p.elements.length > 0).map(partOut),
    menus: w.menus.map((m) => menuPart(ctx, m, { style: w.menuStyles.get(m) ?? 'options', context: w.menuContexts.get(m) })),
  };
  menuExternals(w, activity.menus);
  ctx.finishTriggers.set(name, w.finishes);
  return activity;
}

/** Step: walks every declared activity, in manifest order, with its manifest facts. */
export function walkActivities(ctx: ResolveContext): void {
  for (const [name, manifest] of ctx.manifest.activities) {
    const activity = walkActivity(ctx, name);
    if (ctx.manifest.launcherTargets.has(name)) activity.launcher = true;
    const label = textOf(ctx, manifest.label);
    if (label !== undefined) activity.label = label;
    const al = ctx.manifest.aliases.get(name);
    if (al !== undefined) activity.aliases = al;
    activity.module = manifest.module;
    ctx.activities.push(activity);
  }
}
