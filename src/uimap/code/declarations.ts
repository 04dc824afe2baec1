/** Declarations: classes (with supertypes and an `<init>` for their initialisers) and functions. */
import type { SNode } from '../syntax.js';
import type { ClassFacts, FunctionFacts, TriggerContext, TriggerContextKind } from './facts.js';
import type { Ctx, Walker } from './walker.js';

const CLASS_BODIES = new Set(['class_body', 'enum_class_body', 'interface_body', 'enum_body']);
const JAVA_SUPERS = new Set(['super_interfaces', 'superclass', 'extends_interfaces']);

/** A class, object, interface, enum or record: recorded with its supertypes; its members walked. */
export function newClass(w: Walker, n: SNode, outer: ClassFacts | undefined): ClassFacts | undefined {
  const nameNode = w.field(n, 'name');
  if (nameNode === undefined) return undefined;
  const simple = w.src(nameNode);
  const prefix = outer !== undefined ? outer.name : w.facts.package;
  const cls: ClassFacts = { name: prefix === '' ? simple : `${prefix}.${simple}`, simple, supers: [], viewVars: {} };
  if (outer !== undefined) cls.outer = outer.name;
  w.facts.classes.push(cls);
  const init: FunctionFacts = { name: '<init>', owner: cls.name, uses: [] };
  w.initOf.set(cls, init);
  w.facts.functions.push(init);
  const initCtx: Ctx = { fn: init, fnName: '<init>', cls, scope: 0 };
  const kotlinSupers = w.child(n, 'delegation_specifiers')?.children ?? [];
  for (const c of [...n.children, ...kotlinSupers]) {
    if (w.isJava && JAVA_SUPERS.has(c.type)) {
      cls.supers.push(...w.typeNames(c));
      w.visit(c, initCtx); // `extends BaseActivity<ActivityMainBinding>` names the layout
    } else if (!w.isJava && c.type === 'delegation_specifier') {
      // `Base(listOf<Note>())`: the first type named is the supertype, the rest are its arguments'
      cls.supers.push(...w.typeNames(c).slice(0, 1));
      w.visit(c, initCtx);
    } else if (CLASS_BODIES.has(c.type)) {
      members(w, c, cls, initCtx);
    } else if (c.type === 'primary_constructor') {
      w.visit(c, initCtx);
    }
  }
  return cls;
}

const ANNOTATED = /^@(?:butterknife\.)?On(Click|LongClick|ItemClick|CheckedChanged)\b/;
const ANNOTATED_KINDS: Record<string, TriggerContextKind> = { LongClick: 'long-click', ItemClick: 'item', CheckedChanged: 'check' };

/** ButterKnife-style `@OnClick(R.id.a, R.id.b)`: a trigger per view the whole method is bound to. */
function annotatedTriggers(w: Walker, modifiers: SNode | undefined): TriggerContext[] {
  for (const c of modifiers?.children ?? []) {
    const m = /annotation$/.test(c.type) ? ANNOTATED.exec(w.compact(c)) : null;
    if (m?.[1] === undefined) continue;
    const kind = ANNOTATED_KINDS[m[1]] ?? 'click';
    return w.allRefs(c, 'id').map((element) => ({ kind, element }));
  }
  return [];
}

/** A method or top-level function: a FunctionFacts of its own (a constructor joins its class's `<init>`). */
export function newFunction(w: Walker, n: SNode, cls: ClassFacts | undefined): void {
  let name: string | undefined;
  let receiver: string | undefined;
  if (w.isJava) {
    name = n.type === 'constructor_declaration' ? '<init>' : w.fieldText(n, 'name');
  } else {
    for (const c of n.children) {
      if (c.field === 'name') {
        name = w.src(c);
        break;
      }
      if (c.type === 'user_type' || c.type === 'nullable_type') receiver = w.compact(c).replace(/\?$/, '').replace(/<.*$/, '');
    }
  }
  if (name === undefined) return;
  // A constructor's uses join the class's <init>, where field initialisers and init blocks already go.
  const init = name === '<init>' && cls !== undefined ? w.initOf.get(cls) : undefined;
  const fn: FunctionFacts = init ?? { name, uses: [] };
  if (init === undefined) {
    if (cls !== undefined) fn.owner = cls.name;
    if (receiver !== undefined) fn.receiver = receiver;
    w.facts.functions.push(fn);
  }
  const ctx: Ctx = cls === undefined ? { fn, fnName: name, scope: 0 } : { fn, fnName: name, cls, scope: 0 };
  const modifiers = w.child(n, 'modifiers');
  if (modifiers !== undefined && /(^|\s)(override|@Override)\b/.test(w.src(modifiers))) fn.overrides = true;
  const triggers = annotatedTriggers(w, modifiers);
  const contexts: Ctx[] = triggers.length === 0 ? [ctx] : triggers.map((trig) => ({ ...ctx, trig }));
  for (const c of n.children) {
    if (c.field === 'name' || c === modifiers) continue;
    for (const cx of contexts) w.visit(c, cx);
  }
}

function members(w: Walker, body: SNode, cls: ClassFacts, initCtx: Ctx): void {
  for (const m of body.children) w.guarded(() => member(w, m, { cls, initCtx }));
}

function member(w: Walker, m: SNode, at: { cls: ClassFacts; initCtx: Ctx }): void {
  const { cls, initCtx } = at;
  if (m.type === 'function_declaration' || m.type === 'method_declaration' || m.type === 'constructor_declaration') newFunction(w, m, cls);
  // A Java enum's methods and fields follow its constants, in a body of their own.
  else if (m.type === 'enum_body_declarations') members(w, m, cls, initCtx);
  else if (m.type === 'companion_object') {
    const b = w.child(m, 'class_body');
    if (b !== undefined) members(w, b, cls, initCtx);
  } else w.visit(m, initCtx); // properties, init blocks, secondary constructors: the class's <init>; nested classes (visitors)
}
