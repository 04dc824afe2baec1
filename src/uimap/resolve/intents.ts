/**
 * Implicit intents: an action named in code (a string or a framework constant), with the data schemes and MIME
 * types written beside it, matched against the manifest's intent filters the way the system resolves
 * `startActivity` (an implicit start carries CATEGORY_DEFAULT; a filter with data needs matching data). And the
 * system routes that end in one of the app's services, which then starts an activity of its own.
 */
import type { FunctionFacts, Use } from '../code/index.js';
import type { IntentFilter } from '../manifest.js';
import type { EdgeKind } from '../model.js';
import type { ResolveContext } from './context.js';

/** Data seen in a function that builds an intent: MIME types and URI schemes written as literals. */
export interface IntentData {
  types: string[];
  schemes: string[];
}

const MIME = /^(\*|[a-z]+)\/(\*|[\w.+-]+)$/;
const URI_SCHEME = /^([a-z][a-z0-9+.-]*):/;
const DEFAULT_CATEGORY = 'android.intent.category.DEFAULT';

/**
 * Actions the system takes over and completes through a service the app declares (by the action its filter
 * names). A call placed with ACTION_CALL (or TelecomManager.placeCall) goes to telecom, which binds the default
 * dialer's in-call service; that service shows the in-call screen.
 */
const SYSTEM_ROUTES: readonly { action: string; call?: string; serviceAction: string }[] = [
  { action: 'android.intent.action.CALL', call: 'placeCall', serviceAction: 'android.telecom.InCallService' },
];

/** What the code around an action says about the intent: its data, and whether it is sent at all. */
export interface IntentContext extends IntentData {
  /** Something here starts an intent (`startActivity`, `launch…`): the action is sent, not stored or compared. */
  sends: boolean;
}

const SENDS = /^(start|launch)([A-Z]|$)/;
/** A framework action as the code's constants name it (`android.intent.action.VIEW`, `android.settings.…`). */
const FRAMEWORK_ACTION = /^android\.(?:[a-z]+\.)*(?:action\.|settings\.)[A-Z][A-Z0-9_]*$/;

/**
 * Actions that hand the user over to another app's screen for their content (a contact card, a share sheet,
 * an editor, a store page). Permission grants and document pickers are left out: they come back to the
 * screen that asked, and sit behind most controls of a file-handling app.
 */
const HAND_OVER = new Set([
  'VIEW',
  'SEND',
  'SENDTO',
  'SEND_MULTIPLE',
  'EDIT',
  'INSERT',
  'INSERT_OR_EDIT',
  'QUICK_CONTACT',
  'ATTACH_DATA',
  'WEB_SEARCH',
]);

/**
 * A framework action the code sends that no screen of the app takes and no system route hands back to it:
 * another app answers (see HAND_OVER).
 */
export function leavesApp(ctx: ResolveContext, action: string, intent: IntentContext | undefined): boolean {
  if (intent?.sends !== true || !FRAMEWORK_ACTION.test(action) || !HAND_OVER.has(action.slice(action.lastIndexOf('.') + 1))) return false;
  return implicitTargets(ctx, action, intent).length === 0 && !SYSTEM_ROUTES.some((r) => r.action === action);
}
/** How far below an action a nested lambda may fill in the same intent (`Intent(action).apply { data = … }`). */
const NEARBY_LINES = 10;

/** Actions some intent filter or system route takes: only strings among these need the intent's context. */
function knownActions(ctx: ResolveContext): Set<string> {
  let known = ctx.manifest.knownActions;
  if (known === undefined) {
    known = new Set(SYSTEM_ROUTES.map((r) => r.action));
    for (const a of ctx.manifest.activities.values()) for (const f of a.filters) for (const x of f.actions) known.add(x);
    ctx.manifest.knownActions = known;
  }
  return known;
}

/** Is scope `inner` nested (at any depth) in scope `outer`? */
function within(fn: FunctionFacts, inner: number, outer: number): boolean {
  for (let s: number | undefined = inner; s !== undefined && s !== 0; s = fn.scopes?.[s]) if (fn.scopes?.[s] === outer) return true;
  return false;
}

/**
 * The intent an action use builds: literal MIME types, URI schemes and start calls in the use's own scope, and
 * in lambdas opened just below it (an intent is often filled in an `apply` block). Other lambdas of the
 * function (the next button's listener) are other intents.
 */
export function intentContextOf(ctx: ResolveContext, fn: FunctionFacts, use: Use): IntentContext | undefined {
  if (use.t !== 'str' || !(knownActions(ctx).has(use.value) || FRAMEWORK_ACTION.test(use.value))) return undefined;
  const schemes = new Set<string>();
  for (const a of ctx.manifest.activities.values()) for (const f of a.filters) for (const s of f.schemes) schemes.add(s);
  const scope = use.scope ?? 0;
  const line = use.line ?? 0;
  const out: IntentContext = { types: [], schemes: [], sends: false };
  for (const u of fn.uses) {
    const us = u.scope ?? 0;
    const ul = u.line ?? 0;
    if (us !== scope && !(ul >= line && ul - line <= NEARBY_LINES && within(fn, us, scope))) continue;
    if (u.t === 'call' && SENDS.test(u.name)) out.sends = true;
    if (u.t !== 'str') continue;
    if (MIME.test(u.value)) out.types.push(u.value);
    const scheme = URI_SCHEME.exec(u.value)?.[1];
    if (scheme !== undefined) out.schemes.push(scheme);
    else if (schemes.has(u.value)) out.schemes.push(u.value); // Uri.fromParts("tel", …)
  }
  return out;
}

function typeMatches(filterType: string, type: string): boolean {
  const [fa, fb] = filterType.split('/');
  const [ta, tb] = type.split('/');
  return (fa === '*' || ta === '*' || fa === ta) && (fb === '*' || tb === '*' || fb === tb);
}

/** Does a filter take an implicit start with this action and data? Unknown data matches only data-less filters. */
export function filterMatches(f: IntentFilter, action: string, data: IntentData): boolean {
  if (!f.actions.includes(action)) return false;
  // App-defined actions are the app talking to itself: the action alone names the screen.
  if (!action.startsWith('android.')) return true;
  if (!f.categories.includes(DEFAULT_CATEGORY)) return false;
  if (f.mimeTypes.length > 0) return data.types.some((t) => f.mimeTypes.some((ft) => typeMatches(ft, t)));
  if (f.schemes.length > 0) return data.schemes.some((s) => f.schemes.includes(s));
  return data.types.length === 0 && data.schemes.length === 0;
}

/** Activities an implicit intent with `action` may open; MAIN is the launcher's, not a navigation. */
export function implicitTargets(ctx: ResolveContext, action: string, data: IntentData): string[] {
  if (action === 'android.intent.action.MAIN') return [];
  const out: string[] = [];
  for (const [name, a] of ctx.manifest.activities) if (a.filters.some((f) => filterMatches(f, action, data))) out.push(name);
  return out;
}

/** The app's services the system hands an action (or a call such as `placeCall`) to. */
export function systemServices(ctx: ResolveContext, what: { action?: string; call?: string }): string[] {
  const routes = SYSTEM_ROUTES.filter((r) => r.action === what.action || (what.call !== undefined && r.call === what.call));
  const out: string[] = [];
  for (const [name, actions] of ctx.manifest.services) if (routes.some((r) => actions.includes(r.serviceAction))) out.push(name);
  return out;
}

export interface NamedStart {
  to: string;
  kind: EdgeKind;
}

/**
 * What a string literal starts: an activity named by class, or the activities whose filters take it as an
 * action when the intent around it is sent.
 */
export function startsOfString(ctx: ResolveContext, value: string, intent: IntentContext | undefined): NamedStart[] {
  if (ctx.manifest.activities.has(value)) return [{ to: value, kind: 'explicit' }];
  if (intent?.sends !== true) return [];
  return implicitTargets(ctx, value, intent).map((to) => ({ to, kind: 'implicit' }));
}
