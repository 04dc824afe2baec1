/** What a class is (activity, fragment, dialog, adapter, view), and names written in code → map names. */
import type { FileFacts, TriggerContext } from '../code/index.js';
import { qualifyClassName } from '../manifest.js';
import type { MapTrigger } from '../model.js';
import type { ClassKind, ResolveContext } from './context.js';
import { chainOf, resolveType } from './indexes.js';
import { bindingLayout, simpleName, snakeCase } from './names.js';

/** Kind of a project class, from its supertypes' names (memoised). */
export function classify(ctx: ResolveContext, name: string): ClassKind {
  const cached = ctx.code.kindCache.get(name);
  if (cached !== undefined) return cached;
  const { chain, external } = chainOf(ctx, name);
  const names = [...external, ...chain.slice(1).map(simpleName)];
  const simple = simpleName(name);
  let kind: ClassKind = 'other';
  const any = (re: RegExp): boolean => names.some((n) => re.test(n));
  if (ctx.manifest.activities.has(name) || any(/Activity$/)) kind = 'activity';
  else if (any(/Dialog(Fragment)?$/) || (/Dialog$/.test(simple) && !any(/(View|Layout)$/))) kind = 'dialog';
  else if (external.some((n) => /Fragment(Compat)?$/.test(n)) || (external.length === 0 && any(/Fragment$/))) kind = 'fragment';
  // Pager adapters hold whole pages, not list rows.
  else if (!any(/(Pager|Fragment(State)?|FragmentStatePager)Adapter$/) && (any(/(Adapter|ViewHolder)$/) || /Adapter$/.test(simple)))
    kind = 'adapter';
  else if (external.some((n) => /(View|Layout|Button|Bar|Toolbar|Group|Pager|Text|Image|Menu)$/.test(n))) kind = 'view';
  ctx.code.kindCache.set(name, kind);
  return kind;
}

/** A class name from XML (`.ui.Main`, `Main`, `a.b.Main`) → the qualified name, preferring a project class. */
export function fullClassName(ctx: ResolveContext, written: string): string {
  const q = qualifyClassName(written, ctx.appPackage);
  if (ctx.code.classes.has(q)) return q;
  const simple = ctx.code.bySimple.get(simpleName(written.replace(/^\./, '')));
  return simple?.length === 1 && simple[0] !== undefined ? simple[0] : q;
}

/** A listener target as written (id, view variable, binding property, preference key) → a map element id. */
export function elementName(ctx: ResolveContext, raw: string | undefined, cls: string | undefined, quiet = false): string | undefined {
  if (raw === undefined) return undefined;
  if (raw.startsWith('android:')) return raw;
  const { resources } = ctx;
  const chain = cls === undefined ? [] : chainOf(ctx, cls).chain;
  for (const c of chain) {
    let info = ctx.code.classes.get(c);
    while (info !== undefined) {
      const v = info.facts.viewVars[raw];
      if (v !== undefined) return v;
      info = info.facts.outer === undefined ? undefined : ctx.code.classes.get(info.facts.outer);
    }
  }
  if (resources.ids.has(raw)) return raw;
  const snake = snakeCase(raw);
  if (resources.ids.has(snake)) return snake;
  // preference keys are not view ids; keep them as written
  for (const p of resources.preferences.values()) if (p.prefs.some((x) => x.key === raw)) return raw;
  if (!quiet) ctx.warnings.add('LISTENER_TARGET_UNRESOLVED', raw);
  return undefined;
}

/** The root view id of the first layout a class (or a base class) inflates: a list row's own id. */
export function firstLayoutId(ctx: ResolveContext, cls: string): string | undefined {
  for (const c of chainOf(ctx, cls).chain) {
    for (const fn of ctx.code.classes.get(c)?.functions ?? []) {
      for (const u of fn.uses) {
        const layout = u.t === 'res' && u.type === 'layout' ? u.name : u.t === 'binding' ? bindingLayout(u.name) : undefined;
        const l = layout === undefined ? undefined : ctx.resources.layouts.get(layout);
        if (l !== undefined) return l.rootId ?? l.views[0]?.id;
      }
    }
  }
  return undefined;
}

/** A use's trigger context (as written) in class `cls` → the map trigger, or undefined when unknowable. */
export function toTrigger(
  ctx: ResolveContext,
  t: TriggerContext | undefined,
  at: { cls: string | undefined; file: FileFacts },
): MapTrigger | undefined {
  if (t === undefined) return undefined;
  const { cls, file } = at;
  if (t.kind === 'callback') {
    const via = t.via === undefined ? undefined : resolveType(ctx, t.via, file);
    if (via === undefined) return undefined;
    const k = classify(ctx, via);
    if (k === 'dialog') return { kind: 'dialog' };
    if (k === 'adapter') {
      const el = firstLayoutId(ctx, via);
      return el === undefined ? { kind: 'item' } : { kind: 'item', element: el };
    }
    return undefined;
  }
  const element = elementName(ctx, t.element, cls);
  if (element === undefined && (t.kind === 'click' || t.kind === 'long-click') && cls !== undefined && classify(ctx, cls) === 'adapter') {
    // itemView / binding.root of a list row: the row itself
    const outer = ctx.code.classes.get(cls)?.facts.outer;
    const row = firstLayoutId(ctx, cls) ?? (outer === undefined ? undefined : firstLayoutId(ctx, outer));
    return row === undefined ? { kind: 'item' } : { kind: 'item', element: row };
  }
  return element === undefined ? { kind: t.kind } : { kind: t.kind, element };
}
