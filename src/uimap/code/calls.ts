/**
 * Calls: one handler for Java method calls, Java `new` and Kotlin call expressions (which cover both), that
 * records the call, dialog buttons and messages, and the trigger its listener lambdas run under.
 */
import type { SNode } from '../syntax.js';
import type { TriggerContextKind } from './facts.js';
import type { Ctx, Walker } from './walker.js';

// No `$`: a setter with a suffix (`setOnClickListenerDebounced`, a helper library's throttled click) sets that listener.
export const LISTENER =
  /^set(\w*?)(?:On)?(\w*?)(Click|LongClick|ItemClick|ItemSelected|NavigationItemSelected|MenuItemClick|CheckedChange|PreferenceClick|PreferenceChange|Touch)Listener/;
// A Map, not an object literal: a call named `toString` or `constructor` must not find Object.prototype's.
const BUTTONS = new Map<string, 1 | 2 | 3>([
  ['setPositiveButton', 1],
  ['setNegativeButton', 2],
  ['setNeutralButton', 3],
]);
const DIALOG_LISTS = new Set(['setItems', 'setSingleChoiceItems', 'setMultiChoiceItems']);
// Matched in compact text (no whitespace), like every name and reference.
const FIND_VIEW = /find(?:ViewById|RequireViewById|ViewWithTag)(?:<[^>]*>)?\((?:android\.)?R\.id\.(\w+)/g;

/** The id the last view lookup in `text` finds: in `findViewById(R.id.card).findViewById(R.id.close)`, `close`. */
export function foundViewId(text: string): string | undefined {
  let id: string | undefined;
  for (const m of text.matchAll(FIND_VIEW)) id = m[1];
  return id;
}

export function listenerKind(groups: RegExpExecArray): TriggerContextKind {
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

/** The view a listener is set on: an id, a variable, a binding property or a preference key. */
function listenerTarget(w: Walker, recv: SNode | undefined): string | undefined {
  if (recv === undefined) return undefined;
  const t = w.compact(recv);
  const fv = foundViewId(t);
  if (fv !== undefined) return fv;
  if (/findPreference/.test(t)) return w.firstString(recv);
  const id = w.findRef(recv, 'id');
  if (id !== undefined) return id;
  const m = /(\w+)(?:!!)?$/.exec(t);
  const last = m?.[1];
  // the row, the fragment or the view itself: no element of its own
  return last === 'this' || last === 'it' || last === 'view' || last === 'itemView' || last === 'root' ? undefined : last;
}

/** `Type::name` / `Type::class` (Kotlin parses these as navigation with `::`). */
export function isReference(n: SNode): boolean {
  return n.type === 'navigation_expression' && n.children.some((c) => c.type === '::');
}

/** A lambda, function reference, anonymous object or an argument holding one: code that runs later. */
export function lambdaLike(w: Walker, n: SNode): boolean {
  return (
    n.type === 'annotated_lambda' ||
    n.type === 'lambda_literal' ||
    n.type === 'lambda_expression' ||
    n.type === 'callable_reference' ||
    (isReference(n) && !/::class$/.test(w.compact(n))) ||
    n.type === 'method_reference' ||
    n.type === 'object_literal' ||
    (n.type === 'object_creation_expression' && w.child(n, 'class_body') !== undefined) ||
    (n.type === 'value_argument' && w.named(n).some((c) => lambdaLike(w, c)))
  );
}

export interface CallParts {
  name: string;
  calleeText: string;
  receiver: SNode | undefined;
  args: SNode[];
  typeArgs: SNode[];
  isNew: boolean;
}

export function receiverKind(receiver: SNode | undefined): 'none' | 'this' | 'super' | 'other' {
  if (receiver === undefined) return 'none';
  if (receiver.type === 'this_expression' || receiver.type === 'this') return 'this';
  if (receiver.type === 'super_expression' || receiver.type === 'super') return 'super';
  return 'other';
}

/** `= arrayOf(R.string.a, R.string.b)` (also `intArrayOf`, `listOf`, Java `new int[]{…}`), in compact text. */
const STRING_ARRAY =
  /(?:^|=)(?:(?:arrayOf|intArrayOf|listOf|arrayListOf|mutableListOf)(?:<[\w.?]+>)?\(|(?:newint\[\])?\{)((?:R\.string\.\w+,?)+)[)}];?$/;
/** `names[i]`, `names.get(i)`, either inside `getString(…)`: one entry of an array, by position. */
const INDEXED = /^(?:(?:\w+\.)?getString\()?(\w+)(?:\[[^\]]+\]|\.get\([^)]*\)|\.getOrNull\([^)]*\))\)?$/;
/** A list item's class (`RadioItem`, `ListItem`): strings given to it are the options a dialog lists. */
const ITEM_CLASS = /(?:^|\.)[A-Z]\w*Item$/;
/** A tab being built or fetched: texts set on it (or in a lambda run on it) are the tab's label. */
const TAB_RECEIVER = /\b(?:newTab|getTabAt)\(/;

/** The string resources an array literal (a variable's value, in compact text) holds, in order. */
export function stringArray(compact: string): string[] | undefined {
  const m = STRING_ARRAY.exec(compact);
  return m?.[1]
    ?.split(',')
    .filter((x) => x !== '')
    .map((x) => x.slice('R.string.'.length));
}

/** Arrays are looked up by the class the code sits in and the variable's name. */
export const arrayKey = (ctx: Ctx, name: string): string => `${ctx.cls?.name ?? ''}|${name}`;

/** The string resources a label argument names: `R.string.x`, or an entry of a known array of them (any of its entries). */
function labelTexts(w: Walker, ctx: Ctx, arg: SNode | undefined): string[] {
  if (arg === undefined) return [];
  const one = w.findRef(arg, 'string');
  if (one !== undefined) return [one];
  const m = INDEXED.exec(w.compact(arg));
  return m?.[1] === undefined ? [] : (w.stringArrays.get(arrayKey(ctx, m[1])) ?? []);
}

/**
 * `view.setText(R.string.x)` and `tabs.newTab().setText(R.string.x)`: labels the layouts do not hold. A label
 * from an array indexed in a loop (`setText(titles[i])`) names every tab the loop builds; a view, which
 * shows one of them, is left to its layout.
 */
function recordLabel(w: Walker, ctx: Ctx, at: { receiver: SNode; arg: SNode | undefined }): void {
  const texts = labelTexts(w, ctx, at.arg);
  if (texts.length === 0) return;
  if (ctx.tab === true || TAB_RECEIVER.test(w.compact(at.receiver))) {
    for (const text of texts) w.push(ctx, { t: 'label', text, tab: true });
    return;
  }
  const element = listenerTarget(w, at.receiver);
  if (element !== undefined && texts.length === 1) w.push(ctx, { t: 'label', text: texts[0]!, element });
}

/** Handles a call once its parts are known (shared by Java and Kotlin). */
export function recordCall(w: Walker, ctx: Ctx, parts: CallParts): void {
  const { name, receiver, args } = parts;
  const listener = LISTENER.exec(name);
  for (const ta of parts.typeArgs) for (const ty of w.typeNames(ta)) w.push(ctx, { t: 'classref', cls: ty });
  if (parts.isNew) {
    w.push(ctx, { t: 'new', cls: parts.calleeText });
    if (ITEM_CLASS.test(parts.calleeText))
      for (const a of args) for (const text of w.allRefs(a, 'string')) w.push(ctx, { t: 'option', text });
  } else {
    const recvKind = receiverKind(receiver);
    const recvText = receiver === undefined ? '' : w.compact(receiver);
    // Type-like receivers: static methods, Kotlin objects and companions (`a.b.Helper`, `Helper`, `X.Companion`).
    const typeLike = /^(?:[a-z_][\w]*\.)*[A-Z]\w*(?:\.Companion)?$/.test(recvText) && !/^[A-Z0-9_]+$/.test(recvText.split('.').at(-1)!);
    w.push(
      ctx,
      typeLike
        ? { t: 'call', name, receiver: recvKind, receiverType: recvText.replace(/\.Companion$/, '') }
        : { t: 'call', name, receiver: recvKind },
    );
  }
  const button = BUTTONS.get(name);
  if (button !== undefined) {
    const textRef = args[0] === undefined ? undefined : w.findRef(args[0], 'string');
    w.push(ctx, textRef === undefined ? { t: 'button', which: button } : { t: 'button', which: button, text: textRef });
  }
  if (name === 'setMessage') {
    const text = args[0] === undefined ? undefined : w.findRef(args[0], 'string');
    w.push(ctx, text === undefined ? { t: 'message' } : { t: 'message', text });
  }
  if (name === 'setText' && receiver !== undefined) recordLabel(w, ctx, { receiver, arg: args[0] });
  if (receiver !== undefined) w.visit(receiver, ctx);
  let argCtx = ctx;
  if (listener !== null) {
    // Toolbar.setNavigationOnClickListener: the up/close icon, which has no view id of its own.
    const up = name === 'setNavigationOnClickListener';
    const element = up ? undefined : listenerTarget(w, receiver);
    const kind = up ? 'up' : listenerKind(listener);
    argCtx = { ...ctx, trig: element === undefined ? { kind } : { kind, element } };
    if (element === undefined && ctx.trig?.element !== undefined) argCtx = ctx;
  } else if (parts.isNew && args.some((a) => lambdaLike(w, a)) && ctx.trig?.element === undefined) {
    argCtx = { ...ctx, trig: { kind: 'callback', via: parts.calleeText } };
  }
  if (button !== undefined || DIALOG_LISTS.has(name)) argCtx = { ...argCtx, dialog: true };
  if (receiver !== undefined && TAB_RECEIVER.test(w.compact(receiver))) argCtx = { ...argCtx, tab: true };
  for (const a of args) w.visit(a, lambdaLike(w, a) ? argCtx : ctx);
}

/** Kotlin `call_expression`: calls and constructor calls alike (`Foo(a) { … }` folds into one call). */
export function kotlinCall(w: Walker, n: SNode, ctx: Ctx): void {
  // A call is (callee, type_arguments?, value_arguments?, annotated_lambda?); `Foo(a) { … }` parses as
  // call(call(Foo, (a)), {…}): fold the outer parts into the inner call.
  const suffixes: SNode[] = [];
  let callee: SNode | undefined = n;
  while (callee?.type === 'call_expression') {
    const [inner, ...parts] = w.named(callee);
    suffixes.unshift(...parts);
    callee = inner;
  }
  if (callee === undefined) return;
  let name: string | undefined;
  let receiver: SNode | undefined;
  if (callee.type === 'identifier') name = w.src(callee);
  else if (callee.type === 'navigation_expression' && !isReference(callee)) {
    const [target, id] = [w.named(callee)[0], w.named(callee).at(-1)];
    if (id?.type === 'identifier' && target !== id) {
      name = w.src(id);
      receiver = target;
    }
  }
  if (name === undefined) {
    w.visit(callee, ctx);
    for (const s of suffixes) w.visit(s, ctx);
    return;
  }
  const args: SNode[] = [];
  const typeArgs: SNode[] = [];
  for (const c of suffixes) {
    if (c.type === 'value_arguments') args.push(...w.named(c));
    else if (c.type === 'type_arguments') typeArgs.push(c);
    else args.push(c);
  }
  const isNew = /^[A-Z]/.test(name) && !/^[A-Z0-9_]+$/.test(name);
  // Receiver of a constructor call is a package or outer class (`AlertDialog.Builder(…)`), not an object.
  recordCall(w, ctx, { name, calleeText: isNew ? w.compact(callee) : name, receiver: isNew ? undefined : receiver, args, typeArgs, isNew });
}

/** Java `method_invocation`. */
export function javaCall(w: Walker, n: SNode, ctx: Ctx): void {
  const nameNode = w.field(n, 'name');
  if (nameNode === undefined) {
    w.visitChildren(n, ctx);
    return;
  }
  const argsNode = w.field(n, 'arguments');
  recordCall(w, ctx, {
    name: w.src(nameNode),
    calleeText: w.src(nameNode),
    receiver: w.field(n, 'object'),
    args: argsNode === undefined ? [] : w.named(argsNode),
    typeArgs: n.children.filter((c) => c.field === 'type_arguments'),
    isNew: false,
  });
}

/** Java `object_creation_expression`, with its anonymous class body when it has one. */
export function javaNew(w: Walker, n: SNode, ctx: Ctx): void {
  const type = w.field(n, 'type');
  const argsNode = w.field(n, 'arguments');
  const body = w.child(n, 'class_body');
  const cls = type === undefined ? '' : w.compact(type).replace(/<.*$/, '');
  recordCall(w, ctx, {
    name: cls,
    calleeText: cls,
    receiver: undefined,
    args: argsNode === undefined ? [] : w.named(argsNode),
    typeArgs: [],
    isNew: true,
  });
  // Anonymous class bodies (listeners) run in the enclosing function's trigger context.
  if (body !== undefined) w.visit(body, w.inScope(ctx, body.start));
}
