/**
 * Resource pass: layouts, menus, navigation graphs, preference screens and string values, each parsed from
 * file contents alone, then merged across modules the way the Android resource merger does (the app module
 * wins over libraries, default `values/` over qualified folders).
 */
import { hasDoctype, parseXml, refName, walkXml } from './xml.js';
import type { XNode } from './xml.js';
import { cleanLabel } from './label.js';
import type { WarningLog } from './warnings.js';

export interface LayoutView {
  id: string;
  tag: string;
  text?: string;
  hint?: string;
  desc?: string;
  /** `android:onClick` handler method name. */
  onClick?: string;
}

export interface ParsedLayout {
  name: string;
  views: LayoutView[];
  /** `<include layout>` targets; `id` overrides the included root's id. */
  includes: { layout: string; id?: string }[];
  /** `<ViewStub android:layout>` targets. */
  stubs: { layout: string; id?: string }[];
  /** Fragment classes named by `<fragment>` / `FragmentContainerView`. */
  fragments: string[];
  /** `app:navGraph` of a NavHostFragment. */
  navGraphs: string[];
  /** `app:menu` of toolbars, bottom navigation and navigation views. */
  menus: string[];
  /** How each of those menus is drawn, from the tag that names it. */
  menuStyles: Record<string, MenuStyle>;
  /** Dotted tags: custom view classes (resolved against project classes later). */
  viewClasses: string[];
  /** Id of the root view, when it has one (after `<merge>` there is none). */
  rootId?: string;
  /** The root is `<merge>`: an `<include>` of it adds no view of its own, so its id goes nowhere. */
  merge: boolean;
  /** Tag of the root element (the class an `<include android:id>` gives its id to). */
  rootTag: string;
}

/**
 * How a menu's items reach the screen: `options` (action bar / toolbar, overflow popup rows), `drawer`
 * (NavigationView rows), `bar` (bottom navigation / navigation rail: one view per item, with the item's id).
 */
export type MenuStyle = 'options' | 'drawer' | 'bar';

function menuStyleOf(tag: string): MenuStyle {
  // The bar test comes first: BottomNavigationView ends in NavigationView too.
  if (/(BottomNavigationView|NavigationBarView|NavigationRailView)$/.test(tag)) return 'bar';
  if (/NavigationView$/.test(tag)) return 'drawer';
  return 'options';
}

export interface MenuItemDef {
  id: string;
  title?: string;
  /** `showAsAction` as written (`never`, `ifRoom`, `always|withText`…); undefined = never. */
  showAsAction?: string;
}

export interface ParsedMenu {
  name: string;
  items: MenuItemDef[];
}

export interface NavDestination {
  id: string;
  kind: 'fragment' | 'activity' | 'dialog' | 'other';
  className?: string;
  layout?: string;
}

export interface ParsedNavGraph {
  name: string;
  start?: string;
  destinations: NavDestination[];
  /** Actions by id → destination id. */
  actions: { id: string; destination: string }[];
  includes: string[];
}

export interface PreferenceDef {
  key: string;
  tag: string;
  title?: string;
  fragment?: string;
  intentTarget?: string;
  intentAction?: string;
}

export interface ParsedPreferences {
  name: string;
  prefs: PreferenceDef[];
}

export interface ResourceIndex {
  layouts: Map<string, ParsedLayout>;
  menus: Map<string, ParsedMenu>;
  navigation: Map<string, ParsedNavGraph>;
  preferences: Map<string, ParsedPreferences>;
  strings: Map<string, string>;
  /** Every id declared anywhere (layouts, menus, navigation, `values/ids.xml`). */
  ids: Set<string>;
}

const ANDROID = 'android:';

function attr(node: XNode, name: string): string | undefined {
  return node.attrs[`${ANDROID}${name}`] ?? node.attrs[`app:${name}`];
}

/** showAsAction flag bits, as a compiled (binary) menu stores them: `0x6` → `always|withText`. */
const SHOW_AS_ACTION = [
  [1, 'ifRoom'],
  [2, 'always'],
  [4, 'withText'],
  [8, 'collapseActionView'],
] as const;

function showAsActionText(value: string): string {
  if (!/^(0x[0-9a-f]+|\d+)$/i.test(value)) return value;
  const n = Number(value);
  const names = SHOW_AS_ACTION.filter(([bit]) => (n & bit) !== 0).map(([, name]) => name);
  return names.length === 0 ? 'never' : names.join('|');
}

/** Layout file → its views with ids and the other resources and classes it pulls in. */
export function parseLayout(name: string, root: XNode): ParsedLayout {
  const out: ParsedLayout = {
    name,
    views: [],
    includes: [],
    stubs: [],
    fragments: [],
    navGraphs: [],
    menus: [],
    menuStyles: {},
    viewClasses: [],
    merge: root.tag === 'merge',
    rootTag: root.tag,
  };
  const rootId = refName(root.attrs['android:id'], 'id');
  if (rootId !== undefined && root.tag !== 'merge') out.rootId = rootId;
  for (const node of walkXml(root)) {
    const id = refName(node.attrs['android:id'], 'id');
    if (node.tag === 'include') {
      const layout = refName(node.attrs.layout, 'layout');
      if (layout !== undefined) out.includes.push(id === undefined ? { layout } : { layout, id });
      continue;
    }
    if (node.tag === 'ViewStub') {
      const layout = refName(node.attrs['android:layout'], 'layout');
      const inflated = refName(node.attrs['android:inflatedId'], 'id');
      if (layout !== undefined) out.stubs.push(inflated === undefined ? { layout } : { layout, id: inflated });
      continue;
    }
    const fragmentClass = node.attrs['android:name'] ?? node.attrs.class;
    if ((node.tag === 'fragment' || node.tag.endsWith('FragmentContainerView')) && fragmentClass !== undefined) {
      out.fragments.push(fragmentClass);
    }
    const nav = refName(node.attrs['app:navGraph'], 'navigation');
    if (nav !== undefined) out.navGraphs.push(nav);
    const menu = refName(node.attrs['app:menu'] ?? node.attrs['android:menu'], 'menu');
    if (menu !== undefined) {
      out.menus.push(menu);
      out.menuStyles[menu] ??= menuStyleOf(node.tag);
    }
    if (node.tag.includes('.') && !out.viewClasses.includes(node.tag)) out.viewClasses.push(node.tag);
    if (id === undefined || node.tag === 'merge' || node.tag === 'requestFocus') continue;
    const view: LayoutView = {
      id,
      tag: node.tag === 'fragment' && fragmentClass !== undefined ? fragmentClass : node.tag,
    };
    const text = node.attrs['android:text'] ?? node.attrs['app:title'] ?? node.attrs['android:title'];
    if (text !== undefined) view.text = text;
    const hint = node.attrs['android:hint'];
    if (hint !== undefined) view.hint = hint;
    const desc = node.attrs['android:contentDescription'];
    if (desc !== undefined) view.desc = desc;
    const onClick = node.attrs['android:onClick'];
    if (onClick !== undefined && !onClick.startsWith('@')) view.onClick = onClick;
    out.views.push(view);
  }
  return out;
}

export function parseMenu(name: string, root: XNode): ParsedMenu {
  const items: MenuItemDef[] = [];
  for (const node of walkXml(root)) {
    if (node.tag !== 'item') continue;
    const id = refName(node.attrs['android:id'], 'id');
    if (id === undefined) continue;
    const item: MenuItemDef = { id };
    const title = node.attrs['android:title'];
    if (title !== undefined) item.title = title;
    const show = node.attrs['app:showAsAction'] ?? node.attrs['android:showAsAction'];
    if (show !== undefined) item.showAsAction = showAsActionText(show);
    items.push(item);
  }
  return { name, items };
}

function navKind(tag: string): NavDestination['kind'] {
  if (tag === 'fragment') return 'fragment';
  if (tag === 'activity') return 'activity';
  if (tag === 'dialog') return 'dialog';
  return 'other';
}

export function parseNavGraph(name: string, root: XNode): ParsedNavGraph {
  const out: ParsedNavGraph = { name, destinations: [], actions: [], includes: [] };
  const start = refName(root.attrs['app:startDestination'], 'id');
  if (start !== undefined) out.start = start;
  for (const node of walkXml(root)) {
    if (node.tag === 'include') {
      const graph = refName(node.attrs['app:graph'], 'navigation');
      if (graph !== undefined) out.includes.push(graph);
      continue;
    }
    const id = refName(node.attrs['android:id'], 'id');
    if (id === undefined) continue;
    if (node.tag === 'action') {
      const destination = refName(node.attrs['app:destination'], 'id');
      if (destination !== undefined) out.actions.push({ id, destination });
      continue;
    }
    if (node === root) continue;
    const dest: NavDestination = { id, kind: navKind(node.tag) };
    const cls = node.attrs['android:name'];
    if (cls !== undefined) dest.className = cls;
    const layout = refName(node.attrs['tools:layout'], 'layout');
    if (layout !== undefined) dest.layout = layout;
    out.destinations.push(dest);
  }
  return out;
}

/** Preference screen XML (`res/xml/*.xml` whose root is a PreferenceScreen). */
export function parsePreferences(name: string, root: XNode): ParsedPreferences {
  const prefs: PreferenceDef[] = [];
  for (const node of walkXml(root)) {
    if (node === root || node.tag === 'intent' || node.tag === 'extra') continue;
    const key = attr(node, 'key');
    if (key === undefined) continue;
    const pref: PreferenceDef = { key, tag: node.tag };
    const title = attr(node, 'title');
    if (title !== undefined) pref.title = title;
    const fragment = attr(node, 'fragment');
    if (fragment !== undefined) pref.fragment = fragment;
    const intent = node.children.find((c) => c.tag === 'intent');
    if (intent !== undefined) {
      const target = intent.attrs['android:targetClass'];
      if (target !== undefined) pref.intentTarget = target;
      const action = intent.attrs['android:action'];
      if (action !== undefined) pref.intentAction = action;
    }
    prefs.push(pref);
  }
  return { name, prefs };
}

/** Android string resource escapes: `\'`, `\"`, `\n`, `\t`, `\@`, `\?`, and surrounding double quotes. */
export function unescapeAndroidString(raw: string): string {
  let s = raw.trim();
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1);
  return s.replace(/\\(u[0-9a-fA-F]{4}|.)/g, (_m, c: string) => {
    if (c.length === 5) return String.fromCharCode(parseInt(c.slice(1), 16));
    if (c === 'n') return '\n';
    if (c === 't') return '\t';
    return c;
  });
}

/** `values*` file → string entries and declared ids. */
function parseValues(root: XNode): { strings: Map<string, string>; ids: string[] } {
  const strings = new Map<string, string>();
  const ids: string[] = [];
  for (const node of root.children) {
    const name = node.attrs.name;
    if (name === undefined) continue;
    if (node.tag === 'string') strings.set(name, unescapeAndroidString(node.text));
    else if (node.tag === 'item' && node.attrs.type === 'id') ids.push(name);
  }
  return { strings, ids };
}

/** `layout-land/main.xml` → { type: 'layout', qualified: true, name: 'main' }. */
function resourcePath(path: string): { type: string; qualified: boolean; name: string } | undefined {
  const m = /^([a-z]+)(-[^/]+)?\/([^/]+)\.xml$/.exec(path);
  if (m === null) return undefined;
  return { type: m[1]!, qualified: m[2] !== undefined, name: m[3]! };
}

export interface ResourceFileInput {
  module: string;
  path: string;
  text: string;
  /** Already parsed (binary XML from an APK): `text` is then not read. */
  root?: XNode;
}

function mergeLayout(into: ParsedLayout, more: ParsedLayout): void {
  const addAll = <T>(a: T[], b: T[], key: (t: T) => string): void => {
    const keys = new Set(a.map(key));
    for (const x of b) if (!keys.has(key(x))) a.push(x);
  };
  addAll(into.views, more.views, (v) => v.id);
  addAll(into.includes, more.includes, (i) => `${i.layout}|${i.id ?? ''}`);
  addAll(into.stubs, more.stubs, (i) => `${i.layout}|${i.id ?? ''}`);
  addAll(into.fragments, more.fragments, (s) => s);
  addAll(into.navGraphs, more.navGraphs, (s) => s);
  addAll(into.menus, more.menus, (s) => s);
  for (const [m, style] of Object.entries(more.menuStyles)) into.menuStyles[m] ??= style;
  addAll(into.viewClasses, more.viewClasses, (s) => s);
}

/**
 * Merges resource files of all modules, app modules first. A layout defined in several configurations
 * (`layout/`, `layout-land/`) is the union of its variants, so every id any variant can show is listed.
 */
export function buildResourceIndex(files: readonly ResourceFileInput[], warnings: WarningLog): ResourceIndex {
  const index: ResourceIndex = {
    layouts: new Map(),
    menus: new Map(),
    navigation: new Map(),
    preferences: new Map(),
    strings: new Map(),
    ids: new Set(),
  };
  const qualifiedStrings = new Map<string, string>();
  // The first module to define a resource wins (callers pass app modules first), per resource type.
  const owner = new Map<string, string>();
  const claim = (key: string, module: string): boolean => {
    const o = owner.get(key);
    if (o === undefined) owner.set(key, module);
    return o === undefined || o === module;
  };
  for (const file of files) {
    const rp = resourcePath(file.path);
    if (rp === undefined) continue;
    if (!['layout', 'menu', 'navigation', 'xml', 'values'].includes(rp.type)) continue;
    if (hasDoctype(file.text)) warnings.add('XML_DOCTYPE_IGNORED', `${file.module}/${file.path}`);
    const root = file.root ?? parseXml(file.text);
    if (root === undefined) {
      warnings.add('XML_UNPARSABLE', `${file.module}/${file.path}`);
      continue;
    }
    switch (rp.type) {
      case 'layout': {
        if (!claim(`layout/${rp.name}`, file.module)) break;
        const parsed = parseLayout(rp.name, root);
        const prev = index.layouts.get(rp.name);
        if (prev === undefined) index.layouts.set(rp.name, parsed);
        else mergeLayout(prev, parsed);
        for (const v of parsed.views) index.ids.add(v.id);
        for (const i of [...parsed.includes, ...parsed.stubs]) if (i.id !== undefined) index.ids.add(i.id);
        break;
      }
      case 'menu': {
        if (!claim(`menu/${rp.name}`, file.module)) break;
        const parsed = parseMenu(rp.name, root);
        const prev = index.menus.get(rp.name);
        if (prev === undefined) index.menus.set(rp.name, parsed);
        else for (const it of parsed.items) if (!prev.items.some((p) => p.id === it.id)) prev.items.push(it);
        for (const it of parsed.items) index.ids.add(it.id);
        break;
      }
      case 'navigation': {
        if (!claim(`navigation/${rp.name}`, file.module)) break;
        const parsed = parseNavGraph(rp.name, root);
        index.navigation.set(rp.name, parsed);
        for (const d of parsed.destinations) index.ids.add(d.id);
        for (const a of parsed.actions) index.ids.add(a.id);
        break;
      }
      case 'xml': {
        if (!/PreferenceScreen$/.test(root.tag)) break;
        if (!claim(`xml/${rp.name}`, file.module)) break;
        index.preferences.set(rp.name, parsePreferences(rp.name, root));
        break;
      }
      case 'values': {
        const { strings, ids } = parseValues(root);
        const target = rp.qualified ? qualifiedStrings : index.strings;
        for (const [k, v] of strings) if (!target.has(k)) target.set(k, v);
        for (const id of ids) index.ids.add(id);
        break;
      }
    }
  }
  for (const [k, v] of qualifiedStrings) if (!index.strings.has(k)) index.strings.set(k, v);
  return index;
}

/**
 * `@string/x` → its text (following `@string` aliases); literal text as is; other references dropped. Either
 * way as a user reads it (cleanLabel: no markup, references decoded).
 */
export function resolveText(value: string | undefined, strings: ReadonlyMap<string, string>): string | undefined {
  let v = value;
  for (let hops = 0; hops < 5 && v !== undefined; hops++) {
    if (!v.startsWith('@')) {
      const label = cleanLabel(v);
      return label === '' ? undefined : label;
    }
    const name = refName(v, 'string');
    if (name === undefined || name.startsWith(ANDROID)) return undefined;
    v = strings.get(name);
  }
  return undefined;
}
