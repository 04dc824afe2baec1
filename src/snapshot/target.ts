/**
 * The one target resolver. A target is what every action accepts: a ref (`b12`), a selector
 * (`Button:has-text("Save")`, `:clickable:below([text=Notes])`) or a point (`540,1200`). The library, the tools
 * (and so the CLI and MCP) all resolve through `resolve`, so a target means the same thing everywhere.
 *
 * Rules, in order:
 * - `X,Y` is a point and names no element.
 * - A ref names the element with that ref, on the snapshot first, then on the wide view (off-screen elements and
 *   system chrome), when one is given. A ref on neither is REF_NOT_FOUND.
 * - A selector must match exactly one element, except one with a layout relation (`:below`, `:near`…), whose
 *   matches are ordered nearest first: the nearest is taken. Several matches are AMBIGUOUS_TARGET (listed).
 * - With `textFallback` (default on), a target without selector syntax that matches nothing as a selector
 *   (`New note`) is looked up as visible text: an exact label first (case-insensitive), then a label containing it.
 * - Nothing on the snapshot: the same rules over the wide view, when one is given; then ELEMENT_NOT_FOUND.
 */
import { GlanceError } from '../errors.js';
import { elementLine } from './render.js';
import { findElements, isLayoutSelector, isRefLike, parseSelector, type Selector } from './selector.js';
import { refNotFound, type Snapshot } from './snapshot.js';
import type { SnapshotElement } from './types.js';

export type Target = { kind: 'ref'; ref: string } | { kind: 'selector'; selector: string } | { kind: 'point'; x: number; y: number };

/** The elements a target is resolved among (a Snapshot, or anything carrying its elements). */
export type TargetScope = Pick<Snapshot, 'elements'>;

export interface ResolveOptions {
  /** Look a plain word up as visible text when it matches nothing as a selector (default true). */
  textFallback?: boolean;
  /**
   * A wider view of the same screen (off-screen elements and system chrome kept), consulted only when the
   * snapshot has no match. A function is called at most once, when needed.
   */
  wide?: TargetScope | (() => TargetScope);
}

/** How a target was found: by its ref, as a selector, or as visible text; `wide` when only the wide view had it. */
export type Resolution =
  | { kind: 'point'; target: Extract<Target, { kind: 'point' }>; x: number; y: number }
  | {
      kind: 'element';
      target: Exclude<Target, { kind: 'point' }>;
      element: SnapshotElement;
      via: 'ref' | 'selector' | 'text';
      wide: boolean;
    };

const POINT_RE = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;
const LIST = 5;

/** `x,y` → point; a ref (`b12`) → ref; anything else is a selector. USAGE for an empty target. */
export function parseTarget(text: string): Target {
  const m = POINT_RE.exec(text);
  if (m) return { kind: 'point', x: Math.round(Number(m[1])), y: Math.round(Number(m[2])) };
  const t = text.trim();
  if (isRefLike(t)) return { kind: 'ref', ref: t };
  if (t === '')
    throw new GlanceError('USAGE', 'empty target', { hint: 'give a ref (b12), a selector (#login, [text=OK]) or a point (540,1200)' });
  return { kind: 'selector', selector: t };
}

/**
 * Whether a word is meant as a target rather than as text: a ref, a point, or selector syntax (`#id`,
 * `[attr…]`, `:pseudo`). Plain words (even class names like `EditText`) count as text.
 */
export function looksLikeTarget(s: string): boolean {
  const t = s.trim();
  return POINT_RE.test(t) || isRefLike(t) || /^[A-Za-z.]*[#[:]/.test(t);
}

/** Resolves a target to a point or to exactly one element (see the rules above). */
export function resolve(scope: TargetScope, text: string, options: ResolveOptions = {}): Resolution {
  const target = parseTarget(text);
  if (target.kind === 'point') return { kind: 'point', target, x: target.x, y: target.y };
  let wide: TargetScope | undefined;
  const widen = (): TargetScope | undefined => (wide ??= typeof options.wide === 'function' ? options.wide() : options.wide);
  if (target.kind === 'ref') {
    const near = scope.elements.find((e) => e.ref === target.ref);
    if (near) return { kind: 'element', target, element: near, via: 'ref', wide: false };
    const far = widen()?.elements.find((e) => e.ref === target.ref);
    if (far) return { kind: 'element', target, element: far, via: 'ref', wide: true };
    throw refNotFound(target.ref);
  }
  const selector = parseSelector(target.selector);
  const fallback = options.textFallback !== false && isPlainText(target.selector);
  for (const [elements, isWide] of [
    [scope.elements, false],
    [undefined, true],
  ] as const) {
    const list = elements ?? widen()?.elements;
    if (list === undefined) break;
    const hit = pick({ elements: list }, target, selector, fallback);
    if (hit) return { kind: 'element', target, element: hit.element, via: hit.via, wide: isWide };
  }
  throw new GlanceError('ELEMENT_NOT_FOUND', `no element matches ${target.selector}`, {
    hint: 'take a new snapshot to see what is on screen, or try selectors with device_find',
    next: { tool: 'device_snapshot' },
    context: { selector: target.selector },
  });
}

/** Resolves a ref or a selector to one element (a point names none: USAGE). */
export function resolveTarget(scope: TargetScope, text: string, options: ResolveOptions = {}): SnapshotElement {
  const r = resolve(scope, text, options);
  if (r.kind === 'point')
    throw new GlanceError('USAGE', `${text.trim()} is a point, not an element`, { hint: 'give a ref (b12) or a selector' });
  return r.element;
}

/** No selector syntax at all: a word or words someone read off the screen. */
function isPlainText(s: string): boolean {
  return !/[#[:,()=]/.test(s);
}

function pick(
  scope: TargetScope,
  target: Extract<Target, { kind: 'selector' }>,
  selector: Selector,
  fallback: boolean,
): { element: SnapshotElement; via: 'selector' | 'text' } | undefined {
  let found = findElements(scope, selector);
  let via: 'selector' | 'text' = 'selector';
  if (found.length === 0 && fallback) {
    found = byText(scope.elements, target.selector);
    via = 'text';
  }
  if (found.length === 0) return undefined;
  if (found.length === 1 || (via === 'selector' && isLayoutSelector(selector))) return { element: found[0]!, via };
  const shown = found.slice(0, LIST).map((e) => '  ' + elementLine(e));
  if (found.length > LIST) shown.push(`  … ${found.length - LIST} more`);
  throw new GlanceError('AMBIGUOUS_TARGET', `${found.length} elements match ${target.selector}:\n${shown.join('\n')}`, {
    hint: 'use one of the refs, or narrow the selector (e.g. add [text=…], :below(…) or :in(…))',
    context: { selector: target.selector, refs: found.map((e) => e.ref) },
  });
}

/** Elements whose label is `text` (case-insensitive), else whose label contains it. */
function byText(elements: readonly SnapshotElement[], text: string): SnapshotElement[] {
  const want = text.trim().toLowerCase();
  const labels = (e: SnapshotElement): string[] =>
    [e.text, e.desc, e.hint, ...(e.labels ?? [])].filter((x): x is string => x !== undefined).map((x) => x.toLowerCase());
  const exact = elements.filter((e) => labels(e).some((l) => l === want));
  return exact.length > 0 ? exact : elements.filter((e) => labels(e).some((l) => l.includes(want)));
}
