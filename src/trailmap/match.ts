/**
 * Waypoint matching over the UiNode model: a selector's keys name fields of the captured nodes
 * (`resourceIdRegex` ↔ resource id, `textRegex` ↔ text, `accessibilityTextRegex` and `contentDescriptionRegex`
 * ↔ the accessibility label / content description, `classNameRegex` ↔ class, `hintTextRegex` ↔ hint,
 * `isClickable` ↔ clickable); all keys of one selector hold on the same node; `childOf` holds when some
 * ancestor matches; `minCount` asks for that many nodes. A screen is a waypoint when every required
 * selector matches and no forbidden one does. Pure.
 */
import { GlanceError } from '../errors.js';
import type { UiDump, UiNode } from '../hierarchy/model.js';
import type { NodeSelector, Waypoint, WaypointCheck } from './model.js';

const FLAG_LETTERS: Record<string, string> = { i: 'i', s: 's', m: 'm', u: 'u' };

/**
 * A Java regex as JS: leading inline flags (`(?i)`, `(?s)`, `(?is)`) become RegExp flags; `\A` and `\z` anchors
 * map to `^` and `$`. Everything else the two dialects share.
 */
export function javaRegex(source: string): RegExp {
  let body = source;
  let flags = 'u';
  const m = /^\(\?([a-zA-Z]+)\)/.exec(body);
  if (m) {
    for (const c of m[1]!) {
      const f = FLAG_LETTERS[c];
      if (f === undefined) throw invalid(`unsupported inline flag "${c}" in /${source}/`);
      if (!flags.includes(f)) flags += f;
    }
    body = body.slice(m[0].length);
  }
  body = body.replace(/\\A/g, '^').replace(/\\[zZ]/g, '$');
  try {
    return new RegExp(body, flags);
  } catch {
    try {
      return new RegExp(body, flags.replace('u', ''));
    } catch (e) {
      throw invalid(`bad regex /${source}/: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

function invalid(message: string): GlanceError {
  return new GlanceError('TRAILMAP_INVALID', message, {
    hint: 'selectors take resourceIdRegex, textRegex, accessibilityTextRegex, contentDescriptionRegex, classNameRegex, hintTextRegex, isClickable, isEnabled, selected, focused, checked, childOf, minCount',
  });
}

/**
 * WebDriverAgent's XML source writes the identifier as `name`, falling back to the label, so there an identifier
 * equal to the label cannot be told from none: on such dumps the label stands in for a missing identifier.
 */
const nameOrLabel = (n: UiNode): string => (n.id !== '' ? n.id : n.desc);

const REGEX_FIELDS: ReadonlyArray<[keyof NodeSelector, (n: UiNode) => string]> = [
  ['resourceIdRegex', (n) => n.id],
  ['textRegex', (n) => n.text],
  ['contentDescriptionRegex', (n) => n.desc],
  ['accessibilityTextRegex', (n) => n.desc],
  ['classNameRegex', (n) => n.cls],
  ['hintTextRegex', (n) => n.hint],
];

const FLAG_FIELDS: ReadonlyArray<[keyof NodeSelector, (n: UiNode) => boolean]> = [
  ['isClickable', (n) => n.clickable],
  ['isEnabled', (n) => n.enabled],
  ['selected', (n) => n.selected],
  ['focused', (n) => n.focused],
  ['checked', (n) => n.checked],
];

interface Compiled {
  regexes: Array<[RegExp, (n: UiNode) => string, keyof NodeSelector]>;
  flags: Array<[boolean, (n: UiNode) => boolean]>;
  childOf: Compiled | undefined;
  minCount: number;
}

const cache = new WeakMap<NodeSelector, Compiled>();

function compile(sel: NodeSelector): Compiled {
  let c = cache.get(sel);
  if (c) return c;
  c = { regexes: [], flags: [], childOf: undefined, minCount: sel.minCount ?? 1 };
  for (const [key, get] of REGEX_FIELDS) {
    const v = sel[key];
    if (typeof v === 'string') c.regexes.push([javaRegex(v), get, key]);
  }
  for (const [key, get] of FLAG_FIELDS) {
    const v = sel[key];
    if (typeof v === 'boolean') c.flags.push([v, get]);
  }
  if (sel.childOf) c.childOf = compile(sel.childOf);
  cache.set(sel, c);
  return c;
}

/** A field the node does not have ('' in the model) never matches a regex, not even `.*`. */
function nodeMatches(c: Compiled, n: UiNode, wdaNames: boolean): boolean {
  for (const [re, get, key] of c.regexes) {
    const v = wdaNames && key === 'resourceIdRegex' ? nameOrLabel(n) : get(n);
    if (v === '' || !re.test(v)) return false;
  }
  for (const [want, get] of c.flags) if (get(n) !== want) return false;
  return true;
}

type Screen = Pick<UiDump, 'roots'> & { format?: UiDump['format'] };

/** Every node of the dump the selector picks (ancestor conditions included), in document order. */
export function selectNodes(dump: Screen, selector: NodeSelector): UiNode[] {
  const c = compile(selector);
  const wda = dump.format === 'wda';
  const out: UiNode[] = [];
  // Iterative walk keeping the ancestor chain, for childOf.
  const stack: Array<{ node: UiNode; ancestors: UiNode[] }> = [];
  for (let i = dump.roots.length - 1; i >= 0; i--) stack.push({ node: dump.roots[i]!, ancestors: [] });
  while (stack.length > 0) {
    const { node, ancestors } = stack.pop()!;
    if (nodeMatches(c, node, wda) && (c.childOf === undefined || hasAncestor(c.childOf, ancestors, wda))) out.push(node);
    // The ancestor chain is only kept when some selector asks about ancestors.
    const next = c.childOf === undefined ? ancestors : [...ancestors, node];
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, ancestors: next });
  }
  return out;
}

function hasAncestor(c: Compiled, ancestors: readonly UiNode[], wda: boolean): boolean {
  for (let i = ancestors.length - 1; i >= 0; i--) {
    if (nodeMatches(c, ancestors[i]!, wda) && (c.childOf === undefined || hasAncestor(c.childOf, ancestors.slice(0, i), wda))) return true;
  }
  return false;
}

export function selectorHolds(dump: Screen, selector: NodeSelector): boolean {
  return selectNodes(dump, selector).length >= compile(selector).minCount;
}

export interface WaypointVerdict {
  waypointId: string;
  ok: boolean;
  /** Required checks that did not hold. */
  missing: WaypointCheck[];
  /** Forbidden checks that held. */
  present: WaypointCheck[];
}

/** Whether the screen is this waypoint, with the checks that decided it. */
export function checkWaypoint(dump: Screen, waypoint: Waypoint): WaypointVerdict {
  const missing = waypoint.required.filter((r) => !selectorHolds(dump, r.selector));
  const present = waypoint.forbidden.filter((f) => selectorHolds(dump, f.selector));
  return { waypointId: waypoint.id, ok: missing.length === 0 && present.length === 0, missing, present };
}

/** Ids of the waypoints the screen satisfies (of the dump's platform), in the order given. */
export function waypointsOf(dump: UiDump, waypoints: readonly Waypoint[]): string[] {
  const platform = dump.platform ?? 'android';
  return waypoints.filter((w) => w.platform === platform && checkWaypoint(dump, w).ok).map((w) => w.id);
}
