/**
 * Code facts pass: walks one Java or Kotlin syntax tree and records, per function, what it refers to —
 * calls, constructor calls, class literals, `R.<type>.<name>` references, view-binding classes, dialog
 * buttons — each tagged with the UI trigger it runs under (the click listener, menu branch or callback it
 * sits in). No resolution happens here: names are kept as written; resolve.ts links them.
 */
import type { Lang, SNode } from './syntax.js';

export type TriggerContextKind = 'click' | 'long-click' | 'menu' | 'item' | 'check' | 'preference' | 'up' | 'callback';

export interface TriggerContext {
  kind: TriggerContextKind;
  /** As written: an id name, a view variable, a binding property (camelCase) or a preference key. */
  element?: string;
  /** For `callback`: the class whose constructor received the lambda. */
  via?: string;
}

export type ResType = 'layout' | 'menu' | 'navigation' | 'xml' | 'id' | 'string';

export type Use = UseBody & {
  /** Start offset of the innermost lambda or anonymous class the use sits in; absent = the function body. */
  scope?: number;
};

export type UseBody =
  | {
      t: 'call';
      name: string;
      receiver: 'none' | 'this' | 'super' | 'other';
      /** The receiver when it names a type (`Helpers.open(…)`, `DetailActivity.start(…)`), as written. */
      receiverType?: string;
      trig?: TriggerContext;
    }
  | { t: 'new'; cls: string; trig?: TriggerContext }
  | { t: 'classref'; cls: string; trig?: TriggerContext }
  | { t: 'res'; type: ResType; name: string; call?: string; trig?: TriggerContext }
  | { t: 'binding'; name: string }
  | { t: 'button'; which: 1 | 2 | 3; text?: string; trig?: TriggerContext }
  | { t: 'message'; trig?: TriggerContext }
  | { t: 'str'; value: string; trig?: TriggerContext };

export interface FunctionFacts {
  name: string;
  /** Qualified name of the declaring class; undefined for top-level functions. */
  owner?: string;
  /** Receiver type of a Kotlin extension function, as written. */
  receiver?: string;
  uses: Use[];
}

export interface ClassFacts {
  /** Qualified: package + enclosing classes + name. */
  name: string;
  simple: string;
  outer?: string;
  /** Supertypes as written (`SimpleActivity`, `View.OnClickListener`). */
  supers: string[];
  /** View variables and properties assigned from `findViewById(R.id.x)`: variable → id. */
  viewVars: Record<string, string>;
}

export interface FileFacts {
  path: string;
  lang: Lang;
  package: string;
  /** Simple name → qualified, from single-type imports. */
  imports: Record<string, string>;
  /** Packages imported with `.*`. */
  wildcardImports: string[];
  classes: ClassFacts[];
  functions: FunctionFacts[];
  /** Members skipped because their syntax tree nests too deep to walk. */
  skipped: number;
}

const LISTENER =
  /^set(\w*?)(?:On)?(\w*?)(Click|LongClick|ItemClick|ItemSelected|NavigationItemSelected|MenuItemClick|CheckedChange|PreferenceClick|PreferenceChange|Touch)Listener$/;
const MENU_FUNCTIONS = new Set([
  'onOptionsItemSelected',
  'onMenuItemClick',
  'onNavigationItemSelected',
  'onContextItemSelected',
  'onMenuItemSelected',
  'onActionItemClicked',
  'onMenuItemActionExpand',
]);
const PREFERENCE_FUNCTIONS = new Set(['onPreferenceTreeClick', 'onPreferenceClick', 'onPreferenceStartFragment']);
const BUTTONS: Record<string, 1 | 2 | 3> = { setPositiveButton: 1, setNegativeButton: 2, setNeutralButton: 3 };
const R_REF = /^(?:([\w.]+)\.)?R\.(layout|menu|navigation|xml|id|string)\.(\w+)$/;
const BINDING = /^[A-Z]\w*Binding$/;
const OPERATOR_CHAINS = new Set([
  'binary_expression',
  'additive_expression',
  'multiplicative_expression',
  'conjunction_expression',
  'disjunction_expression',
  'elvis_expression',
  'comparison_expression',
  'equality_expression',
  'range_expression',
]);
const CLASS_NAME_ONLY = /^[\w.]+(::class(\.java)?\.(simpleName|qualifiedName|name|canonicalName)|\.class\.get(Simple|Canonical)?Name\(\))$/;
const FIND_VIEW = /find(?:ViewById|RequireViewById|ViewWithTag)\s*(?:<[^>]*>)?\s*\(\s*(?:android\.)?R\.id\.(\w+)/;

function listenerKind(groups: RegExpExecArray): TriggerContextKind {
  switch (groups[3]) {
    case 'LongClick':
      return 'long-click';
    case 'ItemClick':
      return 'item';
    case 'ItemSelected':
    case 'NavigationItemSelected':
    case 'MenuItemClick':
      return 'menu';
    case 'CheckedChange':
      return 'check';
    case 'PreferenceClick':
    case 'PreferenceChange':
      return 'preference';
    default:
      return 'click';
  }
}

interface Ctx {
  fn: FunctionFacts;
  fnName: string;
  trig?: TriggerContext;
  cls?: ClassFacts;
  /** See Use.scope; 0 for a function body. */
  scope: number;
}

/** Extracts facts from one parsed file. `text` must be the text the tree was parsed from. */
export function extractFacts(lang: Lang, path: string, text: string, root: SNode): FileFacts {
  const facts: FileFacts = { path, lang, package: '', imports: {}, wildcardImports: [], classes: [], functions: [], skipped: 0 };
  const src = (n: SNode): string => text.slice(n.start, n.end);
  const compact = (n: SNode): string => src(n).replace(/\s+/g, '').replace(/\?\./g, '.');
  const named = (n: SNode): SNode[] => n.children.filter((c) => c.named);
  const child = (n: SNode, type: string): SNode | undefined => n.children.find((c) => c.type === type);
  const field = (n: SNode, f: string): SNode | undefined => n.children.find((c) => c.field === f);
  const fieldText = (n: SNode, f: string): string | undefined => {
    const c = field(n, f);
    return c === undefined ? undefined : src(c);
  };
  const isJava = lang === 'java';

  const topLevel: FunctionFacts = { name: '<file>', uses: [] };
  const initOf = new Map<ClassFacts, FunctionFacts>();

  const record = (ctx: Ctx, use: Use): void => {
    if (ctx.scope !== 0) use.scope = ctx.scope;
    ctx.fn.uses.push(use);
  };
  const push = (ctx: Ctx, use: Use): void => {
    if (ctx.trig !== undefined && !('trig' in use) && use.t !== 'binding') {
      (use as { trig?: TriggerContext }).trig = ctx.trig;
    }
    record(ctx, use);
  };

  const rRef = (n: SNode): { type: ResType; name: string } | undefined => {
    if (n.type !== 'navigation_expression' && n.type !== 'field_access') return undefined;
    const m = R_REF.exec(compact(n));
    if (m === null || m[2] === undefined || m[3] === undefined) return undefined;
    const framework = m[1] === 'android';
    return { type: m[2] as ResType, name: framework ? `android:${m[2]}/${m[3]}` : m[3] };
  };

  /** First `R.id.x` (or `R.<type>.x`) reference inside a subtree. */
  const findRef = (n: SNode, type: ResType): string | undefined => {
    const r = rRef(n);
    if (r !== undefined) return r.type === type ? r.name : undefined;
    for (const c of n.children) {
      const found = findRef(c, type);
      if (found !== undefined) return found;
    }
    return undefined;
  };

  const allRefs = (n: SNode, type: ResType, out: string[]): string[] => {
    const r = rRef(n);
    if (r !== undefined) {
      if (r.type === type) out.push(r.name);
      return out;
    }
    for (const c of n.children) allRefs(c, type, out);
    return out;
  };

  const stringValue = (n: SNode): string | undefined => {
    if (n.type !== 'string_literal') return undefined;
    if (isJava) {
      const s = src(n);
      return s.startsWith('"') && !s.startsWith('"""') ? s.slice(1, -1) : undefined;
    }
    if (n.children.some((c) => c.type === 'interpolated_expression' || c.type === 'interpolated_identifier')) return undefined;
    return n.children
      .filter((c) => c.type === 'string_content')
      .map(src)
      .join('');
  };

  const firstString = (n: SNode): string | undefined => {
    const v = stringValue(n);
    if (v !== undefined) return v;
    for (const c of n.children) {
      const f = firstString(c);
      if (f !== undefined) return f;
    }
    return undefined;
  };

  /** The view a listener is set on: an id, a variable, a binding property or a preference key. */
  const listenerTarget = (recv: SNode | undefined): string | undefined => {
    if (recv === undefined) return undefined;
    const t = compact(recv);
    const fv = FIND_VIEW.exec(t);
    if (fv?.[1] !== undefined) return fv[1];
    if (/findPreference/.test(t)) return firstString(recv);
    const id = findRef(recv, 'id');
    if (id !== undefined) return id;
    const m = /(\w+)(?:!!)?$/.exec(t);
    const last = m?.[1];
    if (last === undefined || last === 'this' || last === 'it' || last === 'view' || last === 'itemView' || last === 'root')
      return undefined;
    return last;
  };

  const recordViewVar = (ctx: Ctx, name: string | undefined, value: SNode | undefined): void => {
    if (name === undefined || value === undefined || ctx.cls === undefined) return;
    const m = FIND_VIEW.exec(compact(value));
    if (m?.[1] !== undefined) ctx.cls.viewVars[name] = m[1];
  };

  const branchKind = (ctx: Ctx): TriggerContextKind => {
    if (MENU_FUNCTIONS.has(ctx.fnName) || ctx.trig?.kind === 'menu') return 'menu';
    if (ctx.trig?.kind === 'item' || ctx.trig?.kind === 'preference' || ctx.trig?.kind === 'check') return ctx.trig.kind;
    return 'click';
  };

  /** Visits `body` once per R.id (or preference key) in `cond`, each time under that element's trigger. */
  const branch = (cond: SNode[], body: SNode[], ctx: Ctx): void => {
    const ids = cond.flatMap((c) => allRefs(c, 'id', []));
    let keys: string[] = [];
    if (ids.length === 0 && PREFERENCE_FUNCTIONS.has(ctx.fnName)) {
      keys = cond.map(firstString).filter((s): s is string => s !== undefined);
    }
    for (const c of cond) visit(c, ctx);
    const elements = ids.length > 0 ? ids : keys;
    if (elements.length === 0) {
      for (const b of body) visit(b, ctx);
      return;
    }
    const kind = ids.length > 0 ? branchKind(ctx) : 'preference';
    for (const element of elements) {
      // android.R.id.home in a menu handler is the toolbar's up arrow, not a view with that id
      const inner: Ctx = { ...ctx, trig: element === 'android:id/home' ? { kind: 'up' } : { kind, element } };
      for (const b of body) visit(b, inner);
    }
  };

  const lambdaLike = (n: SNode): boolean =>
    n.type === 'annotated_lambda' ||
    n.type === 'lambda_literal' ||
    n.type === 'lambda_expression' ||
    n.type === 'callable_reference' ||
    n.type === 'method_reference' ||
    n.type === 'object_literal' ||
    (n.type === 'object_creation_expression' && child(n, 'class_body') !== undefined) ||
    (n.type === 'value_argument' && named(n).some(lambdaLike));

  /** Handles a call once its parts are known (shared by Java and Kotlin). */
  const call = (
    ctx: Ctx,
    parts: { name: string; calleeText: string; receiver: SNode | undefined; args: SNode[]; typeArgs: SNode[]; isNew: boolean },
  ): void => {
    const { name, receiver, args } = parts;
    const listener = LISTENER.exec(name);
    for (const ta of parts.typeArgs) for (const ty of typeNames(ta)) push(ctx, { t: 'classref', cls: ty });
    if (parts.isNew) push(ctx, { t: 'new', cls: parts.calleeText });
    else {
      const recvKind =
        receiver === undefined
          ? 'none'
          : receiver.type === 'this_expression' || receiver.type === 'this'
            ? 'this'
            : receiver.type === 'super_expression' || receiver.type === 'super'
              ? 'super'
              : 'other';
      const recvText = receiver === undefined ? '' : compact(receiver);
      // Type-like receivers: static methods, Kotlin objects and companions (`a.b.Helper`, `Helper`, `X.Companion`).
      const typeLike =
        /^(?:[a-z_][\w]*\.)*[A-Z]\w*(?:\.Companion)?$/.test(recvText) && !/^[A-Z0-9_]+$/.test(recvText.split('.').at(-1) ?? '');
      push(
        ctx,
        typeLike
          ? { t: 'call', name, receiver: recvKind, receiverType: recvText.replace(/\.Companion$/, '') }
          : { t: 'call', name, receiver: recvKind },
      );
    }
    const button = BUTTONS[name];
    if (button !== undefined) {
      const textRef = args[0] === undefined ? undefined : findRef(args[0], 'string');
      push(ctx, textRef === undefined ? { t: 'button', which: button } : { t: 'button', which: button, text: textRef });
    }
    if (name === 'setMessage') push(ctx, { t: 'message' });
    if (receiver !== undefined) visit(receiver, ctx);
    let argCtx = ctx;
    if (listener !== null) {
      // Toolbar.setNavigationOnClickListener: the up/close icon, which has no view id of its own.
      const up = name === 'setNavigationOnClickListener';
      const element = up ? undefined : listenerTarget(receiver);
      const kind = up ? 'up' : listenerKind(listener);
      argCtx = { ...ctx, trig: element === undefined ? { kind } : { kind, element } };
      if (element === undefined && ctx.trig?.element !== undefined) argCtx = ctx;
    } else if (parts.isNew && args.some(lambdaLike) && ctx.trig?.element === undefined) {
      argCtx = { ...ctx, trig: { kind: 'callback', via: parts.calleeText } };
    }
    for (const a of args) visit(a, lambdaLike(a) ? argCtx : ctx);
  };

  const typeNames = (n: SNode): string[] => {
    if (n.type === 'user_type' || n.type === 'scoped_type_identifier') return [compact(n).replace(/<.*$/, '')];
    if (n.type === 'generic_type') return typeNames(named(n)[0] ?? n).slice(0, 1); // Base<T>: the base only
    if (n.type === 'type_identifier') return [src(n)];
    return n.children.flatMap(typeNames);
  };

  const kotlinCall = (n: SNode, ctx: Ctx): void => {
    // `Foo(a) { … }` parses as call(call(Foo, (a)), {…}): fold trailing suffixes into the inner call.
    const suffixes: SNode[] = [];
    let callee: SNode | undefined = n;
    while (callee?.type === 'call_expression') {
      const s = child(callee, 'call_suffix');
      if (s !== undefined) suffixes.unshift(s);
      callee = named(callee)[0];
    }
    if (callee === undefined) return;
    let name: string;
    let receiver: SNode | undefined;
    if (callee.type === 'simple_identifier') name = src(callee);
    else if (callee.type === 'navigation_expression') {
      const suffix = named(callee).at(-1);
      const id = suffix === undefined ? undefined : named(suffix).find((c) => c.type === 'simple_identifier');
      if (id === undefined) {
        visit(callee, ctx);
        for (const s of suffixes) visit(s, ctx);
        return;
      }
      name = src(id);
      receiver = named(callee)[0];
    } else {
      visit(callee, ctx);
      for (const s of suffixes) visit(s, ctx);
      return;
    }
    const args: SNode[] = [];
    const typeArgs: SNode[] = [];
    for (const s of suffixes) {
      for (const c of named(s)) {
        if (c.type === 'value_arguments') args.push(...named(c));
        else if (c.type === 'type_arguments') typeArgs.push(c);
        else args.push(c);
      }
    }
    const isNew = /^[A-Z]/.test(name) && !/^[A-Z0-9_]+$/.test(name);
    // Receiver of a constructor call is a package or outer class (`AlertDialog.Builder(…)`), not an object.
    call(ctx, { name, calleeText: isNew ? compact(callee) : name, receiver: isNew ? undefined : receiver, args, typeArgs, isNew });
  };

  const javaCall = (n: SNode, ctx: Ctx): void => {
    const nameNode = field(n, 'name');
    if (nameNode === undefined) {
      for (const c of n.children) visit(c, ctx);
      return;
    }
    const argsNode = field(n, 'arguments');
    const typeArgs = n.children.filter((c) => c.field === 'type_arguments');
    call(ctx, {
      name: src(nameNode),
      calleeText: src(nameNode),
      receiver: field(n, 'object'),
      args: argsNode === undefined ? [] : named(argsNode),
      typeArgs,
      isNew: false,
    });
  };

  const javaNew = (n: SNode, ctx: Ctx): void => {
    const type = field(n, 'type');
    const argsNode = field(n, 'arguments');
    const body = child(n, 'class_body');
    const cls = type === undefined ? '' : compact(type).replace(/<.*$/, '');
    call(ctx, {
      name: cls,
      calleeText: cls,
      receiver: undefined,
      args: argsNode === undefined ? [] : named(argsNode),
      typeArgs: [],
      isNew: true,
    });
    // Anonymous class bodies (listeners) run in the enclosing function's trigger context.
    if (body !== undefined) visit(body, { ...ctx, scope: body.start });
  };

  const newClass = (n: SNode, outer: ClassFacts | undefined): ClassFacts | undefined => {
    const nameNode = isJava ? field(n, 'name') : child(n, 'type_identifier');
    if (nameNode === undefined) return undefined;
    const simple = src(nameNode);
    const prefix = outer !== undefined ? outer.name : facts.package;
    const cls: ClassFacts = { name: prefix === '' ? simple : `${prefix}.${simple}`, simple, supers: [], viewVars: {} };
    if (outer !== undefined) cls.outer = outer.name;
    facts.classes.push(cls);
    const init: FunctionFacts = { name: '<init>', owner: cls.name, uses: [] };
    initOf.set(cls, init);
    facts.functions.push(init);
    const initCtx: Ctx = { fn: init, fnName: '<init>', cls, scope: 0 };
    for (const c of n.children) {
      if (
        isJava &&
        (c.field === 'superclass' ||
          c.field === 'interfaces' ||
          c.type === 'super_interfaces' ||
          c.type === 'superclass' ||
          c.type === 'extends_interfaces')
      ) {
        cls.supers.push(...typeNames(c));
        visit(c, initCtx); // `extends BaseActivity<ActivityMainBinding>` names the layout
      } else if (!isJava && c.type === 'delegation_specifier') {
        cls.supers.push(
          ...typeNames(named(c)[0]?.type === 'constructor_invocation' ? (named(named(c)[0] as SNode)[0] as SNode) : c).slice(0, 1),
        );
        visit(c, initCtx);
      } else if (c.type === 'class_body' || c.type === 'enum_class_body' || c.type === 'interface_body' || c.type === 'enum_body') {
        members(c, cls, initCtx);
      } else if (c.type === 'primary_constructor') {
        visit(c, initCtx);
      }
    }
    return cls;
  };

  const newFunction = (n: SNode, cls: ClassFacts | undefined): void => {
    let name: string | undefined;
    let receiver: string | undefined;
    if (isJava) {
      name = n.type === 'constructor_declaration' ? '<init>' : fieldText(n, 'name');
    } else {
      for (const c of n.children) {
        if (c.type === 'simple_identifier') {
          name = src(c);
          break;
        }
        if (c.type === 'user_type' || c.type === 'nullable_type') receiver = compact(c).replace(/\?$/, '').replace(/<.*$/, '');
      }
    }
    if (name === undefined) return;
    // A constructor's uses join the class's <init>, where field initialisers and init blocks already go.
    const init = name === '<init>' && cls !== undefined ? initOf.get(cls) : undefined;
    const fn: FunctionFacts = init ?? { name, uses: [] };
    if (init === undefined) {
      if (cls !== undefined) fn.owner = cls.name;
      if (receiver !== undefined) fn.receiver = receiver;
      facts.functions.push(fn);
    }
    const ctx: Ctx = cls === undefined ? { fn, fnName: name, scope: 0 } : { fn, fnName: name, cls, scope: 0 };
    // ButterKnife-style `@OnClick(R.id.a, R.id.b)` binds the whole method to those views.
    const modifiers = child(n, 'modifiers');
    const annotation = modifiers?.children.find(
      (c) =>
        /annotation$/.test(c.type) && /^@?(butterknife\.)?On(Click|LongClick|ItemClick|CheckedChanged)\b/.test(src(c).replace(/\s+/g, '')),
    );
    const annotated = annotation === undefined ? [] : allRefs(annotation, 'id', []);
    const kind: TriggerContextKind = annotation !== undefined && /LongClick/.test(src(annotation)) ? 'long-click' : 'click';
    const contexts: Ctx[] = annotated.length === 0 ? [ctx] : annotated.map((element) => ({ ...ctx, trig: { kind, element } }));
    for (const c of n.children) {
      if (c.type === 'simple_identifier' || c.field === 'name' || c === modifiers) continue;
      for (const cx of contexts) visit(c, cx);
    }
  };

  const members = (body: SNode, cls: ClassFacts, initCtx: Ctx): void => {
    for (const m of body.children) guarded(() => member(m, cls, initCtx));
  };

  /** Runs one member's pass; a member too deeply nested to walk is skipped and counted, not fatal. */
  const guarded = (f: () => void): void => {
    try {
      f();
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      facts.skipped++;
    }
  };

  const member = (m: SNode, cls: ClassFacts, initCtx: Ctx): void => {
    switch (m.type) {
      case 'function_declaration':
      case 'method_declaration':
      case 'constructor_declaration':
        newFunction(m, cls);
        break;
      case 'secondary_constructor':
      case 'compact_constructor_declaration':
        visit(m, initCtx);
        break;
      case 'class_declaration':
      case 'object_declaration':
      case 'interface_declaration':
      case 'enum_declaration':
      case 'record_declaration':
        newClass(m, cls);
        break;
      case 'companion_object': {
        const b = child(m, 'class_body');
        if (b !== undefined) members(b, cls, initCtx);
        break;
      }
      default:
        visit(m, initCtx);
    }
  };

  function visit(n: SNode, ctx: Ctx): void {
    const r = rRef(n);
    if (r !== undefined) {
      push(ctx, { t: 'res', type: r.type, name: r.name });
      return;
    }
    // `X::class.java.simpleName`, `X.class.getName()`: a class used for its name (log tags), not an intent.
    if ((n.type === 'navigation_expression' || n.type === 'method_invocation') && CLASS_NAME_ONLY.test(compact(n))) return;
    if (OPERATOR_CHAINS.has(n.type)) {
      // `a + b + c + …` nests to the left as deep as it is long: walk the spine in a loop, not by recursion.
      const operands: SNode[] = [];
      let cur: SNode | undefined = n;
      while (cur !== undefined && cur.type === n.type) {
        const kids: SNode[] = cur.children;
        operands.push(...kids.slice(1).reverse());
        cur = kids[0];
      }
      if (cur !== undefined) operands.push(cur);
      for (let i = operands.length - 1; i >= 0; i--) visit(operands[i] as SNode, ctx);
      return;
    }
    switch (n.type) {
      case 'package_header':
      case 'package_declaration': {
        const id = named(n)[0];
        if (id !== undefined) facts.package = compact(id);
        return;
      }
      case 'import_header':
      case 'import_declaration': {
        const t = compact(n)
          .replace(/^import(static)?/, '')
          .replace(/;$/, '');
        if (t.endsWith('.*')) facts.wildcardImports.push(t.slice(0, -2));
        else {
          const alias = /^(.*)as(\w+)$/.exec(t);
          const q = child(n, 'identifier') ?? child(n, 'scoped_identifier');
          const qualified = q === undefined ? t : compact(q);
          const simple =
            alias?.[2] !== undefined && n.children.some((c) => c.type === 'import_alias') ? alias[2] : qualified.split('.').at(-1);
          if (simple !== undefined) facts.imports[simple] = qualified;
        }
        return;
      }
      case 'class_declaration':
      case 'object_declaration':
      case 'interface_declaration':
      case 'enum_declaration':
      case 'record_declaration':
        newClass(n, ctx.cls);
        return;
      case 'function_declaration':
      case 'method_declaration': {
        if (ctx.fn === topLevel) {
          newFunction(n, undefined);
          return;
        }
        // A local function or a method of an anonymous listener object: part of the enclosing function,
        // but its name decides how branches on R.id read (onOptionsItemSelected → menu).
        const nameNode = isJava ? field(n, 'name') : child(n, 'simple_identifier');
        const inner: Ctx = nameNode === undefined ? ctx : { ...ctx, fnName: src(nameNode) };
        for (const c of n.children) visit(c, inner);
        return;
      }
      case 'call_expression':
        kotlinCall(n, ctx);
        return;
      case 'method_invocation':
        javaCall(n, ctx);
        return;
      case 'object_creation_expression':
        javaNew(n, ctx);
        return;
      case 'class_literal': {
        const ty = named(n)[0];
        if (ty !== undefined) push(ctx, { t: 'classref', cls: compact(ty) });
        return;
      }
      case 'callable_reference': {
        const ids = named(n);
        const fnId = ids.find((c) => c.type === 'simple_identifier');
        const ty = ids.find((c) => c.type === 'type_identifier' || c.type === 'user_type');
        if (fnId === undefined && ty !== undefined) push(ctx, { t: 'classref', cls: compact(ty) });
        else if (fnId !== undefined) push(ctx, { t: 'call', name: src(fnId), receiver: ty === undefined ? 'none' : 'other' });
        if (ty !== undefined && BINDING.test(src(ty))) record(ctx, { t: 'binding', name: src(ty) });
        return;
      }
      case 'method_reference': {
        const parts = named(n);
        const last = parts.at(-1);
        if (last !== undefined && last.type === 'identifier') push(ctx, { t: 'call', name: src(last), receiver: 'other' });
        for (const p of parts.slice(0, -1)) visit(p, ctx);
        return;
      }
      case 'lambda_literal':
      case 'lambda_expression':
      case 'object_literal': {
        const inner: Ctx = { ...ctx, scope: n.start };
        for (const c of n.children) visit(c, inner);
        return;
      }
      case 'when_entry': {
        const conds = n.children.filter((c) => c.type === 'when_condition');
        const body = n.children.filter((c) => c.type !== 'when_condition');
        branch(conds, body, ctx);
        return;
      }
      case 'switch_block_statement_group':
      case 'switch_rule': {
        const labels = n.children.filter((c) => c.type === 'switch_label');
        branch(
          labels,
          n.children.filter((c) => c.type !== 'switch_label'),
          ctx,
        );
        return;
      }
      case 'if_statement': {
        const cond = field(n, 'condition');
        const cons = field(n, 'consequence');
        const alt = field(n, 'alternative');
        if (cond !== undefined && cons !== undefined) branch([cond], [cons], ctx);
        if (alt !== undefined) visit(alt, ctx);
        return;
      }
      case 'if_expression': {
        const parts = named(n);
        const cond = parts[0];
        const cons = parts[1];
        if (cond !== undefined && cons !== undefined) branch([cond], [cons], ctx);
        for (const rest of parts.slice(2)) visit(rest, ctx);
        return;
      }
      case 'property_declaration': {
        const v = child(n, 'variable_declaration');
        const nameNode = v === undefined ? undefined : child(v, 'simple_identifier');
        recordViewVar(ctx, nameNode === undefined ? undefined : src(nameNode), n);
        break;
      }
      case 'variable_declarator': {
        recordViewVar(ctx, fieldText(n, 'name'), field(n, 'value'));
        break;
      }
      case 'assignment_expression':
      case 'assignment': {
        const left = isJava ? field(n, 'left') : named(n)[0];
        if (left !== undefined) {
          const lm = /(\w+)$/.exec(compact(left));
          recordViewVar(ctx, lm?.[1], isJava ? field(n, 'right') : named(n)[1]);
        }
        break;
      }
      case 'string_literal': {
        const v = stringValue(n);
        if (v !== undefined && v.length > 0 && v.length <= 200) push(ctx, { t: 'str', value: v });
        break;
      }
      case 'type_identifier':
      case 'simple_identifier':
      case 'identifier': {
        const s = src(n);
        if (BINDING.test(s) && !ctx.fn.uses.some((u) => u.t === 'binding' && u.name === s)) record(ctx, { t: 'binding', name: s });
        return;
      }
    }
    for (const c of n.children) visit(c, ctx);
  }

  const top: Ctx = { fn: topLevel, fnName: '<file>', scope: 0 };
  for (const c of root.children) guarded(() => visit(c, top));
  if (topLevel.uses.length > 0) facts.functions.push(topLevel);
  return facts;
}
