/**
 * The visitor table: what each kind of syntax node contributes to the facts, keyed by node type (Java and
 * Kotlin grammars name their nodes apart, so one table serves both). Nodes without an entry are walked through.
 */
import type { SNode } from '../syntax.js';
import { arrayKey, foundViewId, isReference, javaCall, javaNew, kotlinCall, receiverKind, stringArray } from './calls.js';
import { newClass, newFunction } from './declarations.js';
import type { TriggerContextKind } from './facts.js';
import type { Ctx, Visitor, VisitorTable, Walker } from './walker.js';

export const MENU_FUNCTIONS = new Set([
  ...['onOptionsItemSelected', 'onMenuItemClick', 'onNavigationItemSelected', 'onContextItemSelected'],
  ...['onMenuItemSelected', 'onActionItemClicked', 'onMenuItemActionExpand'],
]);
const PREFERENCE_FUNCTIONS = new Set(['onPreferenceTreeClick', 'onPreferenceClick', 'onPreferenceStartFragment']);
const BINDING = /^[A-Z]\w*Binding$/;
/** Framework action constants → the action strings intent filters declare (the SDK's own values). */
const ACTION_CONSTANTS: readonly [RegExp, string][] = [
  [/^(?:android\.content\.)?Intent\.ACTION_(\w+)$/, 'android.intent.action.'],
  [/^(?:android\.provider\.)?MediaStore\.ACTION_(\w+)$/, 'android.media.action.'],
  [/^(?:android\.provider\.)?Settings\.ACTION_(\w+)$/, 'android.settings.'],
  [/^(?:android\.provider\.)?ContactsContract\.QuickContact\.ACTION_(\w+)$/, 'android.provider.action.'],
];
const EQUALITY = new Set(['==', '!=', '===', '!==']);
const CLASS_NAME_ONLY = /^[\w.]+(::class(\.java)?\.(simpleName|qualifiedName|name|canonicalName)|\.class\.get(Simple|Canonical)?Name\(\))$/;

function recordViewVar(w: Walker, ctx: Ctx, at: { name: string | undefined; value: SNode | undefined }): void {
  if (at.name === undefined || at.value === undefined) return;
  const strings = stringArray(w.compact(at.value));
  if (strings !== undefined) w.stringArrays.set(arrayKey(ctx, at.name), strings);
  if (ctx.cls === undefined) return;
  const id = foundViewId(w.compact(at.value));
  if (id !== undefined) ctx.cls.viewVars[at.name] = id;
}

function branchKind(ctx: Ctx): TriggerContextKind {
  if (MENU_FUNCTIONS.has(ctx.fnName) || ctx.trig?.kind === 'menu') return 'menu';
  if (ctx.trig?.kind === 'item' || ctx.trig?.kind === 'preference' || ctx.trig?.kind === 'check') return ctx.trig.kind;
  return 'click';
}

/** Visits `body` once per R.id (or preference key) in `cond`, each time under that element's trigger. */
function branch(w: Walker, arms: { cond: SNode[]; body: SNode[] }, ctx: Ctx): void {
  const { cond, body } = arms;
  const ids = cond.flatMap((c) => w.allRefs(c, 'id'));
  let keys: string[] = [];
  if (ids.length === 0 && PREFERENCE_FUNCTIONS.has(ctx.fnName)) {
    keys = cond.map((c) => w.firstString(c)).filter((s): s is string => s !== undefined);
  }
  for (const c of cond) w.visit(c, { ...ctx, compared: true });
  const elements = ids.length > 0 ? ids : keys;
  if (elements.length === 0) {
    for (const b of body) w.visit(b, ctx);
    return;
  }
  const kind = ids.length > 0 ? branchKind(ctx) : 'preference';
  for (const element of elements) {
    // android.R.id.home in a menu handler is the toolbar's up arrow, not a view with that id
    const inner: Ctx = { ...ctx, trig: element === 'android:id/home' ? { kind: 'up' } : { kind, element } };
    for (const b of body) w.visit(b, inner);
  }
}

/** Is `n` a comparison (`==`, `!=`, `===`, `!==`)? The operator token sits between the operands. */
function isEquality(w: Walker, n: SNode): boolean {
  const [a, b] = n.children;
  return a !== undefined && b !== undefined && EQUALITY.has(w.between(a, b));
}

/**
 * `a + b + c + …` nests to the left as deep as it is long: walk the spine in a loop, not by recursion. Both
 * grammars call every operator binary_expression, so the spine stops where comparing starts or ends: in
 * `a == "x" || b`, `"x"` is compared and `b` is not.
 */
const operatorChain: Visitor = (w, n, ctx0) => {
  const compared = isEquality(w, n);
  const ctx = compared ? { ...ctx0, compared: true } : ctx0;
  const operands: SNode[] = [];
  let cur: SNode | undefined = n;
  while (cur !== undefined && cur.type === n.type && isEquality(w, cur) === compared) {
    const kids: SNode[] = cur.children;
    operands.push(...kids.slice(1).reverse());
    cur = kids[0];
  }
  if (cur !== undefined) operands.push(cur);
  for (let i = operands.length - 1; i >= 0; i--) w.visit(operands[i] as SNode, ctx);
};

/** `R.<type>.x` → a resource use; `X::class.java.simpleName` → nothing (a class used for its name, not an intent). */
const reference: Visitor = (w, n, ctx) => {
  // `X::class.java.simpleName` never reaches here: the outer navigation below stops at CLASS_NAME_ONLY.
  if (isReference(n)) {
    callableReference(w, n, ctx);
    return;
  }
  const r = w.rRef(n);
  if (r !== undefined) {
    w.push(ctx, { t: 'res', type: r.type, name: r.name });
    return;
  }
  const text = w.compact(n);
  for (const [re, prefix] of ACTION_CONSTANTS) {
    const m = re.exec(text);
    if (m?.[1] !== undefined) {
      if (ctx.compared !== true) w.push(ctx, { t: 'str', value: `${prefix}${m[1]}` });
      return;
    }
  }
  if (!CLASS_NAME_ONLY.test(w.compact(n))) w.visitChildren(n, ctx);
};

const packageDecl: Visitor = (w, n) => {
  const id = w.named(n)[0];
  if (id !== undefined) w.facts.package = w.compact(id);
};

/** Kotlin `import a.b.C`, `import a.b.*`, `import a.b.C as D`. */
const kotlinImport: Visitor = (w, n) => {
  const q = w.child(n, 'qualified_identifier');
  if (q === undefined) return;
  const qualified = w.compact(q);
  if (n.children.some((c) => c.type === '*')) w.facts.wildcardImports.push(qualified);
  else {
    const alias = n.children.some((c) => c.type === 'as') ? w.named(n).at(-1) : undefined;
    w.facts.imports[alias === undefined ? (qualified.split('.').at(-1) ?? qualified) : w.src(alias)] = qualified;
  }
};

/** Java `import a.b.C;`, `import a.b.*;`, `import static a.b.C.m;`. */
const importDecl: Visitor = (w, n) => {
  const t = w
    .compact(n)
    .replace(/^import(static)?/, '')
    .replace(/;$/, '');
  if (t.endsWith('.*')) {
    w.facts.wildcardImports.push(t.slice(0, -2));
    return;
  }
  w.facts.imports[t.split('.').at(-1)!] = t;
};

const classDecl: Visitor = (w, n, ctx) => {
  newClass(w, n, ctx.cls);
};

/**
 * A top-level function; or a local function or a method of an anonymous listener object: part of the
 * enclosing function, but its name decides how branches on R.id read (onOptionsItemSelected → menu).
 */
const functionDecl: Visitor = (w, n, ctx) => {
  if (ctx.fn === w.topLevel) {
    newFunction(w, n, undefined);
    return;
  }
  const nameNode = w.field(n, 'name');
  w.visitChildren(n, nameNode === undefined ? ctx : { ...ctx, fnName: w.src(nameNode) });
};

const classLiteral: Visitor = (w, n, ctx) => {
  const ty = w.named(n)[0];
  if (ty !== undefined) w.push(ctx, { t: 'classref', cls: w.compact(ty) });
};

/** Kotlin `::fn`, `Type::fn`, `Type::class` (the last two parse as a callable reference or as navigation with `::`). */
const callableReference: Visitor = (w, n, ctx) => {
  const parts = w.named(n);
  const last = parts.at(-1);
  const ty = parts.length > 1 || last === undefined || n.children.at(-1)?.type === 'class' ? parts[0] : undefined;
  const fnId = last !== undefined && last !== ty && w.src(last) !== 'class' ? last : undefined;
  if (fnId === undefined && ty !== undefined) w.push(ctx, { t: 'classref', cls: w.compact(ty) });
  else if (fnId !== undefined) w.push(ctx, { t: 'call', name: w.src(fnId), receiver: ty === undefined ? 'none' : 'other' });
  if (ty !== undefined && BINDING.test(w.src(ty))) w.record(ctx, { t: 'binding', name: w.src(ty) });
};

/** Java `Type::method`, `this::method`, and `Type::new`: a constructor reference builds the class. */
const methodReference: Visitor = (w, n, ctx) => {
  const [target, member] = w.named(n);
  if (target === undefined) return;
  if (/^[\w.]+::new$/.test(w.compact(n))) w.push(ctx, { t: 'new', cls: w.compact(target) });
  else if (member !== undefined) w.push(ctx, { t: 'call', name: w.src(member), receiver: receiverKind(target) });
  w.visit(target, ctx);
};

/** Lambdas and anonymous objects: a scope of their own (a dialog built inside one belongs to it). */
const lambda: Visitor = (w, n, ctx) => w.visitChildren(n, w.inScope(ctx, n.start));

const whenEntry: Visitor = (w, n, ctx) => {
  const isCond = (c: SNode): boolean => c.field === 'condition';
  branch(w, { cond: n.children.filter(isCond), body: n.children.filter((c) => !isCond(c)) }, ctx);
};

const switchArm: Visitor = (w, n, ctx) => {
  const cond = n.children.filter((c) => c.type === 'switch_label');
  branch(w, { cond, body: n.children.filter((c) => c.type !== 'switch_label') }, ctx);
};

const ifStatement: Visitor = (w, n, ctx) => {
  const cond = w.field(n, 'condition');
  const cons = w.field(n, 'consequence');
  const alt = w.field(n, 'alternative');
  if (cond !== undefined && cons !== undefined) branch(w, { cond: [cond], body: [cons] }, ctx);
  if (alt !== undefined) w.visit(alt, ctx);
};

const ifExpression: Visitor = (w, n, ctx) => {
  const [cond, cons, ...rest] = w.named(n);
  if (cond !== undefined && cons !== undefined) branch(w, { cond: [cond], body: [cons] }, ctx);
  for (const r of rest) w.visit(r, ctx);
};

const propertyDecl: Visitor = (w, n, ctx) => {
  const v = w.child(n, 'variable_declaration');
  const nameNode = v === undefined ? undefined : w.child(v, 'identifier');
  recordViewVar(w, ctx, { name: nameNode === undefined ? undefined : w.src(nameNode), value: n });
  w.visitChildren(n, ctx);
};

const variableDeclarator: Visitor = (w, n, ctx) => {
  recordViewVar(w, ctx, { name: w.fieldText(n, 'name'), value: w.field(n, 'value') });
  w.visitChildren(n, ctx);
};

const assignment: Visitor = (w, n, ctx) => {
  const left = w.isJava ? w.field(n, 'left') : w.named(n)[0];
  if (left !== undefined) {
    const lm = /(\w+)$/.exec(w.compact(left));
    recordViewVar(w, ctx, { name: lm?.[1], value: w.isJava ? w.field(n, 'right') : w.named(n)[1] });
  }
  w.visitChildren(n, ctx);
};

const stringLiteral: Visitor = (w, n, ctx) => {
  const v = w.stringValue(n);
  if (v !== undefined && v.length > 0 && v.length <= 200 && ctx.compared !== true) w.push(ctx, { t: 'str', value: v });
  w.visitChildren(n, ctx);
};

/** `ActivityMainBinding` anywhere: the layout it binds. */
const identifier: Visitor = (w, n, ctx) => {
  const s = w.src(n);
  if (BINDING.test(s) && !ctx.fn.uses.some((u) => u.t === 'binding' && u.name === s)) w.record(ctx, { t: 'binding', name: s });
};

export const VISITORS: VisitorTable = {
  // Both grammars parse every binary operator (`+`, `==`, `&&`, `?:` …) as binary_expression.
  binary_expression: operatorChain,
  navigation_expression: reference,
  field_access: reference,
  package_header: packageDecl,
  package_declaration: packageDecl,
  import: kotlinImport,
  import_declaration: importDecl,
  class_declaration: classDecl,
  object_declaration: classDecl,
  interface_declaration: classDecl,
  enum_declaration: classDecl,
  record_declaration: classDecl,
  function_declaration: functionDecl,
  method_declaration: functionDecl,
  call_expression: kotlinCall,
  method_invocation: (w, n, ctx) => {
    if (!CLASS_NAME_ONLY.test(w.compact(n))) javaCall(w, n, ctx);
  },
  object_creation_expression: javaNew,
  class_literal: classLiteral,
  callable_reference: callableReference,
  method_reference: methodReference,
  lambda_literal: lambda,
  lambda_expression: lambda,
  object_literal: lambda,
  when_entry: whenEntry,
  switch_block_statement_group: switchArm,
  switch_rule: switchArm,
  if_statement: ifStatement,
  if_expression: ifExpression,
  property_declaration: propertyDecl,
  variable_declarator: variableDeclarator,
  assignment_expression: assignment,
  assignment: assignment,
  string_literal: stringLiteral,
  type_identifier: identifier,
  identifier: identifier,
};
