/**
 * The walk over one file's syntax tree: node helpers (text, children, fields), the facts being filled, and
 * dispatch through a visitor table keyed by node type (visitors.ts). A node without a visitor is walked
 * through to its children.
 */
import type { Lang, SNode } from '../syntax.js';
import type { ClassFacts, FileFacts, FunctionFacts, ResType, TriggerContext, Use } from './facts.js';

const R_REF = /^(?:([\w.]+)\.)?R\.(layout|menu|navigation|xml|id|string)\.(\w+)$/;

/** Where a node sits: the function its uses go to, the trigger they run under, the class, the scope. */
export interface Ctx {
  fn: FunctionFacts;
  fnName: string;
  trig?: TriggerContext;
  cls?: ClassFacts;
  /** See Use.scope; 0 for a function body. */
  scope: number;
  /** Inside a comparison or a `when`/`switch` label: strings and actions here are tested, not sent. */
  compared?: boolean;
  /** Inside a dialog button's or list's listener: uses here run from a dialog. */
  dialog?: boolean;
  /** Inside a lambda run on a tab being built (`tabs.newTab().apply { … }`): texts set here label that tab. */
  tab?: boolean;
}

export type Visitor = (w: Walker, n: SNode, ctx: Ctx) => void;
export type VisitorTable = Readonly<Record<string, Visitor>>;

export class Walker {
  readonly facts: FileFacts;
  /** Uses outside any class or function (Kotlin top-level properties). */
  readonly topLevel: FunctionFacts = { name: '<file>', uses: [] };
  /** Each class's `<init>`: field initialisers, init blocks and constructors go there. */
  readonly initOf = new Map<ClassFacts, FunctionFacts>();
  readonly isJava: boolean;
  /**
   * Variables and properties holding an array of string resources (`arrayOf(R.string.a, R.string.b)`), by
   * class and name: a label set from `names[i]` in a loop is each of them in turn.
   */
  readonly stringArrays = new Map<string, string[]>();
  /** Start offset of the node being visited: uses recorded now come from there. */
  private at = 0;
  private lineStarts: number[] | undefined;

  constructor(
    lang: Lang,
    path: string,
    private readonly text: string,
    private readonly visitors: VisitorTable,
  ) {
    this.facts = { path, lang, package: '', imports: {}, wildcardImports: [], classes: [], functions: [], skipped: 0 };
    this.isJava = lang === 'java';
  }

  visit(n: SNode, ctx: Ctx): void {
    const visitor = this.visitors[n.type];
    if (visitor === undefined) this.visitChildren(n, ctx);
    else {
      const outer = this.at;
      this.at = n.start;
      visitor(this, n, ctx);
      this.at = outer;
    }
  }

  /** 1-based line of a text offset (line starts computed once, then a binary search). */
  lineOf(offset: number): number {
    if (this.lineStarts === undefined) {
      const starts = [0];
      for (let i = this.text.indexOf('\n'); i >= 0; i = this.text.indexOf('\n', i + 1)) starts.push(i + 1);
      this.lineStarts = starts;
    }
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  visitChildren(n: SNode, ctx: Ctx): void {
    for (const c of n.children) this.visit(c, ctx);
  }

  /** Runs one member's pass; a member too deeply nested to walk is skipped and counted, not fatal. */
  guarded(f: () => void): void {
    try {
      f();
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
      this.facts.skipped++;
    }
  }

  src(n: SNode): string {
    return this.text.slice(n.start, n.end);
  }
  /** Source without whitespace and with `?.` read as `.`: the form names and references are matched in. */
  compact(n: SNode): string {
    return this.src(n).replace(/\s+/g, '').replace(/\?\./g, '.');
  }
  /** Source text between two sibling nodes, trimmed (an operator token the tree does not keep). */
  between(a: SNode, b: SNode): string {
    return this.text.slice(a.end, b.start).trim();
  }
  named(n: SNode): SNode[] {
    return n.children.filter((c) => c.named);
  }
  child(n: SNode, type: string): SNode | undefined {
    return n.children.find((c) => c.type === type);
  }
  field(n: SNode, f: string): SNode | undefined {
    return n.children.find((c) => c.field === f);
  }
  fieldText(n: SNode, f: string): string | undefined {
    const c = this.field(n, f);
    return c === undefined ? undefined : this.src(c);
  }

  /** The context for a lambda or anonymous class starting at `start`, remembering which scope encloses it. */
  inScope(ctx: Ctx, start: number): Ctx {
    (ctx.fn.scopes ??= {})[start] = ctx.scope;
    return { ...ctx, scope: start };
  }

  /** Records a use as is. */
  record(ctx: Ctx, use: Use): void {
    if (ctx.scope !== 0) use.scope = ctx.scope;
    use.line = this.lineOf(this.at);
    if (ctx.dialog === true) use.dialog = true;
    ctx.fn.uses.push(use);
  }
  /** Records a use under the context's trigger. */
  push(ctx: Ctx, use: Exclude<Use, { t: 'binding' }>): void {
    if (ctx.trig !== undefined) use.trig = ctx.trig;
    this.record(ctx, use);
  }

  /** `R.layout.main`, `android.R.id.home` … → type and name (framework names as `android:<type>/<name>`). */
  rRef(n: SNode): { type: ResType; name: string } | undefined {
    if (n.type !== 'navigation_expression' && n.type !== 'field_access') return undefined;
    const m = R_REF.exec(this.compact(n));
    if (m === null) return undefined;
    const type = m[2] as ResType;
    return { type, name: m[1] === 'android' ? `android:${type}/${m[3]!}` : m[3]! };
  }

  /** First `R.<type>.x` reference inside a subtree. */
  findRef(n: SNode, type: ResType): string | undefined {
    const r = this.rRef(n);
    if (r !== undefined) return r.type === type ? r.name : undefined;
    for (const c of n.children) {
      const found = this.findRef(c, type);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  allRefs(n: SNode, type: ResType, out: string[] = []): string[] {
    const r = this.rRef(n);
    if (r !== undefined) {
      if (r.type === type) out.push(r.name);
      return out;
    }
    for (const c of n.children) this.allRefs(c, type, out);
    return out;
  }

  /** A plain string literal's value; undefined for templates and raw strings. */
  stringValue(n: SNode): string | undefined {
    if (n.type !== 'string_literal') return undefined;
    if (this.isJava) {
      const s = this.src(n);
      return s.startsWith('"""') ? undefined : s.slice(1, -1);
    }
    // `$name` is not always parsed as an interpolation node: a `$` before a name or `{` is one anyway
    if (/\$[\w{]/.test(this.src(n))) return undefined;
    return n.children
      .filter((c) => c.type === 'string_content')
      .map((c) => this.src(c))
      .join('');
  }

  /** Type names in a supertype list or type arguments (`Base<T>`: the base only). */
  typeNames(n: SNode): string[] {
    if (n.type === 'user_type' || n.type === 'scoped_type_identifier') return [this.compact(n).replace(/<.*$/, '')];
    if (n.type === 'generic_type') return this.typeNames(this.named(n)[0] ?? n).slice(0, 1);
    if (n.type === 'type_identifier') return [this.src(n)];
    return n.children.flatMap((c) => this.typeNames(c));
  }

  firstString(n: SNode): string | undefined {
    const v = this.stringValue(n);
    if (v !== undefined) return v;
    for (const c of n.children) {
      const f = this.firstString(c);
      if (f !== undefined) return f;
    }
    return undefined;
  }
}
