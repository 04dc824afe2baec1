/**
 * Selectors over snapshot elements: parsed into an AST first (so errors point at a position), then matched.
 * Grammar (docs/snapshot.md, "Selectors"):
 *
 *   selector  := compound (',' compound)*                 OR
 *   compound  := simple+ (' ' simple+)*                   a space = descendant of (as `:in`)
 *   simple    := Class | '*' | '#'id | '[' attr op value ']' | ':' pseudo ['(' args ')']
 *   attr      := text | desc | hint | id | class | ref | label     op := '=' | '~=' | '^=' | '$='
 *   pseudo    := has-text("…") | clickable | checked | unchecked | checkable | enabled | disabled | focused
 *              | selected | scrollable | editable | long-clickable | password | offscreen
 *              | below(S) | above(S) | right-of(S) | left-of(S) | near(S[, PX]) | in(S) | not(S)
 *              | cell(ROW, COL) | nth(I)
 *
 * `:cell(r, c)` is the place (from 1) in a run of look-alikes printed as one line; `:nth(i)` keeps the i-th
 * (from 1; -1 = last) of what the rest of its compound matches, in document order.
 *
 * Layout pseudo-classes follow Playwright's: relative to any match of the inner selector, the element itself
 * excluded, results ordered by distance to the nearest anchor.
 */
import { GlanceError } from '../errors.js';
import { shortId, type Bounds } from '../hierarchy/model.js';
import { childrenByParent, shownClass } from './render.js';
import type { SnapshotElement, State } from './types.js';

export type AttrName = 'text' | 'desc' | 'hint' | 'id' | 'class' | 'ref' | 'label';
export type AttrOp = '=' | '~=' | '^=' | '$=';
export type StateName =
  | 'clickable'
  | 'checked'
  | 'unchecked'
  | 'checkable'
  | 'enabled'
  | 'disabled'
  | 'focused'
  | 'selected'
  | 'scrollable'
  | 'editable'
  | 'long-clickable'
  | 'password'
  | 'offscreen';
export type Relation = 'below' | 'above' | 'right-of' | 'left-of' | 'near' | 'in';

export type SimpleSelector =
  | { type: 'any' }
  | { type: 'class'; name: string }
  | { type: 'id'; name: string }
  | { type: 'attr'; name: AttrName; op: AttrOp; value: string }
  | { type: 'hasText'; text: string }
  | { type: 'state'; name: StateName }
  | { type: 'relation'; relation: Relation; selector: Selector; px?: number }
  | { type: 'not'; selector: Selector }
  | { type: 'cell'; row: number; col: number }
  | { type: 'nth'; index: number };

/** Simple selectors that must all hold, optionally inside an element matching `ancestor`. */
export interface CompoundSelector {
  parts: SimpleSelector[];
  ancestor?: CompoundSelector;
}

export interface Selector {
  /** OR of the alternatives. */
  alternatives: CompoundSelector[];
}

const STATES: ReadonlySet<string> = new Set<StateName>([
  'clickable',
  'checked',
  'unchecked',
  'checkable',
  'enabled',
  'disabled',
  'focused',
  'selected',
  'scrollable',
  'editable',
  'long-clickable',
  'password',
  'offscreen',
]);
const RELATIONS: ReadonlySet<string> = new Set<Relation>(['below', 'above', 'right-of', 'left-of', 'near', 'in']);
const ATTRS: ReadonlySet<string> = new Set<AttrName>(['text', 'desc', 'hint', 'id', 'class', 'ref', 'label']);

export const DEFAULT_NEAR_PX = 50;

const HINT =
  'selectors look like `Button[text=OK]`, `#search`, `:has-text("Wi-Fi")`, `EditText:below([text=Name])`, `#day:cell(2, 3)`, `ImageView:nth(2)`, `A, B`; see docs/snapshot.md';

function invalid(source: string, pos: number, what: string): GlanceError {
  return new GlanceError('SELECTOR_INVALID', `bad selector at ${pos + 1}: ${what}\n  ${source}\n  ${' '.repeat(pos)}^`, {
    hint: HINT,
    context: { selector: source, position: pos },
  });
}

/** A ref as snapshots print them (`b12`, `e7`, `t4051`; `t0A3Z` on huge screens), not a selector. */
export function isRefLike(s: string): boolean {
  return /^[bcest](\d{1,4}|[0-9A-Z]{4})$/.test(s);
}

class Parser {
  private pos = 0;
  constructor(private readonly src: string) {}

  parse(): Selector {
    const sel = this.selectorList(false);
    this.skipSpace();
    if (this.pos < this.src.length) throw this.fail(`unexpected "${this.src[this.pos]}"`);
    return sel;
  }

  private fail(what: string, at = this.pos): GlanceError {
    return invalid(this.src, at, what);
  }

  private skipSpace(): boolean {
    const start = this.pos;
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos]!)) this.pos++;
    return this.pos > start;
  }

  private peek(): string | undefined {
    return this.src[this.pos];
  }

  /** Alternatives separated by commas; inside parentheses it stops at `)` (and at `,` for near's PX). */
  private selectorList(nested: boolean): Selector {
    const alternatives: CompoundSelector[] = [this.compound()];
    for (;;) {
      this.skipSpace();
      if (this.peek() !== ',') break;
      // near(SEL, PX): a comma followed by a number ends the inner selector.
      if (nested && /^,\s*-?\d/.test(this.src.slice(this.pos))) break;
      this.pos++;
      alternatives.push(this.compound());
    }
    return { alternatives };
  }

  private compound(): CompoundSelector {
    this.skipSpace();
    let current: CompoundSelector = { parts: this.simpleSequence() };
    for (;;) {
      const save = this.pos;
      const spaced = this.skipSpace();
      const c = this.peek();
      if (!spaced || c === undefined || c === ',' || c === ')') {
        this.pos = save;
        return current;
      }
      current = { parts: this.simpleSequence(), ancestor: current };
    }
  }

  private simpleSequence(): SimpleSelector[] {
    const parts: SimpleSelector[] = [];
    for (;;) {
      const c = this.peek();
      if (c === undefined || /[\s,)]/.test(c)) break;
      parts.push(this.simple());
    }
    if (parts.length === 0)
      throw this.fail(this.peek() === undefined ? 'selector expected, found the end' : `selector expected, found "${this.peek()}"`);
    return parts;
  }

  /** Class names may hold `$` and `.` (`Foo$Bar`, `android.widget.Button`); attribute names may not, or `text$=` would read as one name. */
  private ident(what: string, pattern = /^[A-Za-z_$][\w$.\-]*/): string {
    const m = pattern.exec(this.src.slice(this.pos));
    if (!m) throw this.fail(`${what} expected`);
    this.pos += m[0].length;
    return m[0];
  }

  private simple(): SimpleSelector {
    const c = this.peek()!;
    if (c === '*') {
      this.pos++;
      return { type: 'any' };
    }
    if (c === '#') {
      this.pos++;
      // A full id holds `:id/` (`com.app:id/send`); any other colon starts a pseudo-class (`#login:enabled`).
      const m = /^[\w.$/-]+(?::id\/[\w.$/-]+)?/.exec(this.src.slice(this.pos));
      if (!m) throw this.fail('resource id expected after "#"');
      this.pos += m[0].length;
      return { type: 'id', name: m[0] };
    }
    if (c === '[') return this.attribute();
    if (c === ':') return this.pseudo();
    if (/[A-Za-z_$]/.test(c)) return { type: 'class', name: this.ident('class name') };
    throw this.fail(`unexpected "${c}"`);
  }

  private attribute(): SimpleSelector {
    const open = this.pos;
    this.pos++;
    this.skipSpace();
    const nameAt = this.pos;
    const name = this.ident('attribute name', /^[A-Za-z_][\w-]*/);
    if (!ATTRS.has(name)) throw this.fail(`unknown attribute "${name}" (use ${[...ATTRS].join(', ')})`, nameAt);
    this.skipSpace();
    const m = /^(~=|\^=|\$=|=)/.exec(this.src.slice(this.pos));
    if (!m) throw this.fail('"=", "~=", "^=" or "$=" expected');
    this.pos += m[0].length;
    this.skipSpace();
    const value = this.value(']');
    this.skipSpace();
    if (this.peek() !== ']') throw this.fail(this.peek() === undefined ? `"]" expected to close "[" at ${open + 1}` : '"]" expected');
    this.pos++;
    return { type: 'attr', name: name as AttrName, op: m[0] as AttrOp, value };
  }

  /** A quoted string ("…" or '…', backslash escapes) or a bare word up to `end`. */
  private value(end: string): string {
    const q = this.peek();
    if (q === '"' || q === "'") {
      const start = this.pos;
      let out = '';
      this.pos++;
      for (;;) {
        const ch = this.peek();
        if (ch === undefined) throw this.fail(`unterminated string`, start);
        this.pos++;
        if (ch === q) return out;
        if (ch === '\\') {
          const nx = this.peek();
          if (nx === undefined) throw this.fail('unterminated string', start);
          out += nx === 'n' ? '\n' : nx;
          this.pos++;
        } else out += ch;
      }
    }
    const stop = this.src.indexOf(end, this.pos);
    if (stop < 0) throw this.fail(`"${end}" expected`, this.src.length);
    const raw = this.src.slice(this.pos, stop).trim();
    if (raw === '') throw this.fail('value expected');
    this.pos = stop;
    return raw;
  }

  private pseudo(): SimpleSelector {
    const at = this.pos;
    this.pos++;
    const name = this.ident('pseudo-class name').toLowerCase();
    if (STATES.has(name)) {
      if (this.peek() === '(') throw this.fail(`:${name} takes no argument`);
      return { type: 'state', name: name as StateName };
    }
    if (name === 'has-text') {
      this.open(name);
      const text = this.value(')');
      this.close(name);
      return { type: 'hasText', text };
    }
    if (name === 'not') {
      this.open(name);
      const selector = this.selectorList(true);
      this.close(name);
      return { type: 'not', selector };
    }
    if (RELATIONS.has(name)) {
      this.open(name);
      const selector = this.selectorList(true);
      this.skipSpace();
      let px: number | undefined;
      if (this.peek() === ',') {
        if (name !== 'near') throw this.fail(`:${name} takes one selector`);
        this.pos++;
        this.skipSpace();
        const m = /^\d+(\.\d+)?/.exec(this.src.slice(this.pos));
        if (!m) throw this.fail('distance in px expected');
        px = Number(m[0]);
        this.pos += m[0].length;
      }
      this.close(name);
      const rel: SimpleSelector = { type: 'relation', relation: name as Relation, selector };
      if (px !== undefined) rel.px = px;
      return rel;
    }
    if (name === 'cell') {
      this.open(name);
      const row = this.integer(false);
      this.skipSpace();
      if (this.peek() !== ',') throw this.fail(':cell takes a row and a column, e.g. :cell(2, 3)');
      this.pos++;
      this.skipSpace();
      const col = this.integer(false);
      this.close(name);
      return { type: 'cell', row, col };
    }
    if (name === 'nth') {
      this.open(name);
      const index = this.integer(true);
      this.close(name);
      return { type: 'nth', index };
    }
    throw this.fail(`unknown pseudo-class ":${name}"`, at);
  }

  /** A whole number from 1 (or, when `negative`, any but 0: -1 counts from the end). */
  private integer(negative: boolean): number {
    const m = (negative ? /^-?\d+/ : /^\d+/).exec(this.src.slice(this.pos));
    const v = m ? Number(m[0]) : 0;
    if (!m || v === 0) throw this.fail(negative ? 'a whole number expected (1 = first, -1 = last)' : 'a whole number from 1 expected');
    this.pos += m[0].length;
    return v;
  }

  private open(name: string): void {
    if (this.peek() !== '(') throw this.fail(`:${name} needs an argument in parentheses`);
    this.pos++;
    this.skipSpace();
  }

  private close(name: string): void {
    this.skipSpace();
    if (this.peek() !== ')') throw this.fail(this.peek() === undefined ? `")" expected to close :${name}(` : `")" expected`);
    this.pos++;
  }
}

export function parseSelector(source: string): Selector {
  if (source.trim() === '') throw invalid(source, 0, 'empty selector');
  return new Parser(source).parse();
}

// ------------------------------------------------------------------------------------------------ matching

function textsOf(el: SnapshotElement): string[] {
  const t: string[] = [];
  if (el.text !== undefined) t.push(el.text);
  for (const l of el.labels ?? []) t.push(l);
  return t;
}

function compare(op: AttrOp, actual: string, expected: string): boolean {
  switch (op) {
    case '=':
      return actual === expected;
    case '~=':
      return actual.toLowerCase().includes(expected.toLowerCase());
    case '^=':
      return actual.startsWith(expected);
    case '$=':
      return actual.endsWith(expected);
  }
}

function attrValues(el: SnapshotElement, name: AttrName): string[] {
  switch (name) {
    case 'text':
      return textsOf(el);
    case 'desc':
      return el.desc === undefined ? [] : [el.desc];
    case 'hint':
      return el.hint === undefined ? [] : [el.hint];
    case 'id':
      return el.id === undefined ? [] : [el.id];
    case 'class':
      return [el.class];
    case 'ref':
      return [el.ref];
    case 'label':
      return [...textsOf(el), ...(el.desc === undefined ? [] : [el.desc]), ...(el.hint === undefined ? [] : [el.hint])];
  }
}

const has = (el: SnapshotElement, s: State): boolean => el.states.includes(s);

function stateMatches(el: SnapshotElement, name: StateName): boolean {
  switch (name) {
    case 'clickable':
      return el.actions.includes('tap');
    case 'long-clickable':
      return el.actions.includes('long');
    case 'editable':
      return el.actions.includes('type');
    case 'scrollable':
      return el.actions.includes('scroll');
    case 'checkable':
      return el.actions.includes('check');
    case 'checked':
      return has(el, 'checked') || has(el, 'on');
    case 'unchecked':
      return el.actions.includes('check') && !has(el, 'checked') && !has(el, 'on');
    case 'enabled':
      return !has(el, 'disabled');
    case 'disabled':
      return has(el, 'disabled');
    case 'focused':
      return has(el, 'focused');
    case 'selected':
      return has(el, 'selected');
    case 'password':
      return has(el, 'password');
    case 'offscreen':
      return el.offscreen === true;
  }
}

/** Gap between two boxes (0 when they touch or overlap), Euclidean. */
function gap(a: Bounds, b: Bounds): number {
  const dx = Math.max(0, a[0] - b[2], b[0] - a[2]);
  const dy = Math.max(0, a[1] - b[3], b[1] - a[3]);
  return Math.hypot(dx, dy);
}

function related(el: SnapshotElement, anchor: SnapshotElement, how: { relation: Relation; px: number }, ctx: MatchContext): boolean {
  if (el === anchor) return false;
  const { relation: rel, px } = how;
  const [x, y] = el.center;
  const b = anchor.bounds;
  switch (rel) {
    case 'below':
      return y >= b[3];
    case 'above':
      return y <= b[1];
    case 'right-of':
      return x >= b[2];
    case 'left-of':
      return x <= b[0];
    case 'near':
      return gap(el.bounds, b) <= px;
    case 'in': {
      for (let p = el.parent; p !== undefined; p = ctx.byRef.get(p)?.parent) if (p === anchor.ref) return true;
      const e = el.bounds;
      return (
        e[0] >= b[0] && e[1] >= b[1] && e[2] <= b[2] && e[3] <= b[3] && !(e[0] === b[0] && e[1] === b[1] && e[2] === b[2] && e[3] === b[3])
      );
    }
  }
}

interface MatchContext {
  elements: readonly SnapshotElement[];
  byRef: Map<string, SnapshotElement>;
  /** Matches of inner selectors, computed once per selector object. */
  cache: Map<Selector, SnapshotElement[]>;
  /** Ancestor compounds wrapped as selectors once, so that their matches are cached too. */
  ancestors: Map<CompoundSelector, Selector>;
  /** Elements by their parent's ref, built on first use. */
  children?: Map<string, SnapshotElement[]>;
}

function childrenOf(el: SnapshotElement, ctx: MatchContext): SnapshotElement[] {
  ctx.children ??= childrenByParent(ctx.elements);
  return ctx.children.get(el.ref) ?? [];
}

function matchAll(sel: Selector, ctx: MatchContext): SnapshotElement[] {
  let hit = ctx.cache.get(sel);
  if (!hit) {
    const picked = sel.alternatives.map((c) => nthPicks(c, ctx));
    hit = ctx.elements.filter((e) => sel.alternatives.some((c, i) => picked[i]?.has(e) ?? compoundMatches(e, c, ctx)));
    ctx.cache.set(sel, hit);
  }
  return hit;
}

/** For a compound with `:nth(i)`: the element(s) it keeps among the matches of the rest; else undefined. */
function nthPicks(c: CompoundSelector, ctx: MatchContext): Set<SnapshotElement> | undefined {
  const nths = c.parts.filter((p): p is Extract<SimpleSelector, { type: 'nth' }> => p.type === 'nth');
  if (nths.length === 0) return undefined;
  let hits = ctx.elements.filter((e) => compoundMatches(e, c, ctx));
  for (const p of nths) {
    const el = hits[p.index > 0 ? p.index - 1 : hits.length + p.index];
    hits = el === undefined ? [] : [el];
  }
  return new Set(hits);
}

function simpleMatches(el: SnapshotElement, s: SimpleSelector, ctx: MatchContext): boolean {
  switch (s.type) {
    case 'any':
      return true;
    case 'class':
      // A minified class (`v`) is also found by the name the text shows for it (`List`); a pager is told from a
      // scroller by its children, so they are passed as the tree passes them.
      return el.class === s.name || (el.class.length <= 2 && shownClass(el, childrenOf(el, ctx)) === s.name);
    case 'id':
      return el.id === s.name || el.id === shortId(s.name);
    case 'attr':
      return attrValues(el, s.name).some((v) => compare(s.op, v, s.value));
    case 'hasText': {
      const want = s.text.toLowerCase();
      return attrValues(el, 'label').some((v) => v.toLowerCase().includes(want));
    }
    case 'state':
      return stateMatches(el, s.name);
    case 'not':
      return !matchAll(s.selector, ctx).includes(el);
    case 'cell':
      return el.cell !== undefined && el.cell[0] === s.row && el.cell[1] === s.col;
    case 'nth':
      return true; // positional: applied to the compound's matches (nthPicks)
    case 'relation': {
      const px = s.px ?? DEFAULT_NEAR_PX;
      return matchAll(s.selector, ctx).some((a) => related(el, a, { relation: s.relation, px }, ctx));
    }
  }
}

function compoundMatches(el: SnapshotElement, c: CompoundSelector, ctx: MatchContext): boolean {
  if (!c.parts.every((p) => simpleMatches(el, p, ctx))) return false;
  if (!c.ancestor) return true;
  let wrapped = ctx.ancestors.get(c.ancestor);
  if (!wrapped) ctx.ancestors.set(c.ancestor, (wrapped = { alternatives: [c.ancestor] }));
  return matchAll(wrapped, ctx).some((a) => related(el, a, { relation: 'in', px: 0 }, ctx));
}

function layoutRelations(c: CompoundSelector): Array<Extract<SimpleSelector, { type: 'relation' }>> {
  return c.parts.filter((p): p is Extract<SimpleSelector, { type: 'relation' }> => p.type === 'relation' && p.relation !== 'in');
}

/**
 * Elements matching the selector, in document order — or, when the selector places them relative to
 * others (`:below`, `:near`…), nearest first.
 */
export function findElements(snapshot: { elements: readonly SnapshotElement[] }, selector: string | Selector): SnapshotElement[] {
  const sel = typeof selector === 'string' ? parseSelector(selector) : selector;
  const ctx: MatchContext = {
    elements: snapshot.elements,
    byRef: new Map(snapshot.elements.map((e) => [e.ref, e])),
    cache: new Map(),
    ancestors: new Map(),
  };
  const hits = matchAll(sel, ctx);
  const rels = sel.alternatives.flatMap(layoutRelations);
  if (rels.length === 0) return hits;
  // Nearest first: by the gap between the boxes, then by the distance between the centres (boxes that touch
  // an anchor all have gap 0), then in document order.
  const score = (e: SnapshotElement): [number, number] => {
    let best: [number, number] = [Infinity, Infinity];
    for (const r of rels) {
      for (const a of matchAll(r.selector, ctx)) {
        if (a === e) continue;
        const s: [number, number] = [gap(e.bounds, a.bounds), Math.hypot(e.center[0] - a.center[0], e.center[1] - a.center[1])];
        if (s[0] < best[0] || (s[0] === best[0] && s[1] < best[1])) best = s;
      }
    }
    return best;
  };
  return hits
    .map((e, i) => ({ e, i, s: score(e) }))
    .sort((a, b) => a.s[0] - b.s[0] || a.s[1] - b.s[1] || a.i - b.i)
    .map((x) => x.e);
}

/** Whether the selector orders its matches by distance (a layout relation in some alternative). */
export function isLayoutSelector(selector: Selector): boolean {
  return selector.alternatives.some((c) => layoutRelations(c).length > 0);
}
