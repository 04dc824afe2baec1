/**
 * Renderers: pure functions from the element tree to text. Examples of every format are in docs/snapshot.md.
 * Every piece of syntax here was measured (bench/snapshot.ts): the tree spends tokens on refs, labels and
 * positive states, and on little else.
 */
import { unionBounds, type Run } from './grids.js';
import type { ScreenInfo, SnapshotElement, SnapshotJson } from './types.js';

/** One printed element with its place in the tree. */
export interface Item {
  el: SnapshotElement;
  /** Indentation level of the line (0 at the top of the printed view, whatever its depth in the dump). */
  depth: number;
  children: Item[];
  /** Elements below this one not printed because of `depth` (0 when none). */
  hidden: number;
  /** The children the depth cut left out (`children` is then empty): what the element's shown class reads. */
  cut?: SnapshotElement[];
  /** First member of a run of look-alikes printed as one line (grids.ts). */
  run?: Run;
  /** A later member of such a run: its line is the run's. */
  folded?: true;
}

export interface RenderOptions {
  bounds: boolean;
  maxLabel: number;
}

export interface Header {
  screen: ScreenInfo;
  /** Off-screen elements that were dropped (shown with --offscreen). */
  offscreenHidden: number;
}

/**
 * Classes worth naming: they say what the element does (or what can be typed into it). TextView is the
 * default, ImageView / View / layouts say nothing a ref letter and a label do not.
 */
const NAMED = new Set([
  'EditText',
  'AutoCompleteTextView',
  'MultiAutoCompleteTextView',
  'Button',
  'ImageButton',
  'Switch',
  'SwitchCompat',
  'SwitchMaterial',
  'CheckBox',
  'RadioButton',
  'ToggleButton',
  'Spinner',
  'SeekBar',
  'RatingBar',
  'WebView',
  'DatePicker',
  'TimePicker',
  'NumberPicker',
  'RecyclerView',
  'ListView',
  'GridView',
  'ViewPager',
  'TabLayout',
  // iOS (XCUIElementType names without the prefix); StaticText, Other, Image and Cell are implied.
  'TextField',
  'SecureTextField',
  'SearchField',
  'Link',
  'Slider',
  'Stepper',
  'SegmentedControl',
  'PickerWheel',
  'Keyboard',
]);

// C0 and C1 control characters but tab and newline: ESC, BEL and CSI (0x9b) start terminal sequences.
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const CONTROL_BUT_CR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/**
 * Control characters as visible `\u001b` escapes, so text from a dump cannot drive the terminal it is printed
 * on. `keepCR` lets a carriage return through (progress lines redraw with it; it moves the cursor, nothing more).
 */
export function escapeControls(s: string, keepCR = false): string {
  return s.replace(keepCR ? CONTROL_BUT_CR : CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * `s` cut to `max` characters (0: never cut): the part kept and how many characters were left out. Counted in
 * code points, so a cut never splits a surrogate pair.
 */
function cut(s: string, max: number): { kept: string; left: number } {
  if (max <= 0 || s.length <= max) return { kept: s, left: 0 };
  const chars = Array.from(s);
  if (chars.length <= max) return { kept: s, left: 0 };
  // Blanks at the cut would read as part of the label (and force quotes): they count as cut.
  const kept = chars
    .slice(0, Math.max(1, max - 1))
    .join('')
    .trimEnd();
  return { kept, left: chars.length - Array.from(kept).length };
}

/**
 * The mark of a cut: `…[+N]`, N characters left out, so a reader never takes a cut label for the whole one, nor
 * a label ending in its own `…` for a cut. Written after any quotes, never inside them.
 */
const cutMark = (left: number): string => (left > 0 ? `…[+${left}]` : '');

/** `s` cut to `max` characters with the cut made visible (`…[+N]`); 0 never cuts. */
export function truncate(s: string, max: number): string {
  const c = cut(s, max);
  return c.kept + cutMark(c.left);
}

/** A label as a line shows it: quoted when it could be misread, then the cut mark. */
function shownLabel(s: string, max: number, quote: (s: string) => string): string {
  const c = cut(s, max);
  return quote(c.kept) + cutMark(c.left);
}

// A label is printed bare unless it could be misread: blanks at the ends, control characters, the syntax the
// line uses around it (`[` for states, `"` for quotes, `|` between labels, `#` for ids, `=` for hint), or a
// first word that reads as a class name.
const UNSAFE = /^["#[]|[\u0000-\u001f\u007f-\u009f"|[\]=]|^\s|\s$/;

function quoteIfNeeded(s: string): string {
  if (s === '') return '""';
  // JSON escapes C0 controls but leaves DEL and the C1 range (0x9b is CSI) raw.
  if (UNSAFE.test(s)) return escapeControls(JSON.stringify(s));
  const sp = s.indexOf(' ');
  if (NAMED.has(sp < 0 ? s : s.slice(0, sp)) || s === 'TextView') return JSON.stringify(s);
  return s;
}

/** The label pieces a tree line prints, in order: text, description (unless the same), absorbed labels. */
export function labelParts(el: SnapshotElement): string[] {
  const parts: string[] = [];
  if (el.text !== undefined) parts.push(el.text);
  if (el.desc !== undefined && el.desc !== el.text) parts.push(el.desc);
  for (const l of el.labels ?? []) parts.push(l);
  return parts;
}

/** Tree-line states: the positive, dynamic ones; `checkable`, `clickable` and `editable` are in the ref letter. */
function treeStates(el: SnapshotElement): string[] {
  return el.states.filter(
    (s) => s !== 'checkable' && s !== 'clickable' && s !== 'editable' && !(s === 'scrollable' && el.items !== undefined),
  );
}

/**
 * Minified builds rename classes to one or two letters (`v`, `aq`): a name that says nothing to a reader. The
 * text shows what the element evidently is instead — a pager (a scroller whose children are about its own
 * size), a list, a scroller — or a plain `View`; the JSON keeps the dumped name.
 */
export function shownClass(el: SnapshotElement, children: readonly SnapshotElement[] = []): string {
  if (el.class.length > 2) return el.class;
  const scrolls = el.actions.includes('scroll') || el.items !== undefined;
  if (!scrolls) return 'View';
  // A pager shows one page at a time: its children are about as large as itself (a list's rows are short).
  const [w, h] = [el.bounds[2] - el.bounds[0], el.bounds[3] - el.bounds[1]];
  const page = (c: SnapshotElement): boolean => c.bounds[2] - c.bounds[0] >= 0.8 * w && c.bounds[3] - c.bounds[1] >= 0.8 * h;
  if (children.length > 0 && children.every(page)) return 'ViewPager';
  return el.items !== undefined ? 'List' : 'ScrollView';
}

/** One element as a tree line without indentation: `ref [Class] label [hint=…] [states]`. */
export function elementLine(
  el: SnapshotElement,
  o: RenderOptions = { bounds: false, maxLabel: 80 },
  children: readonly SnapshotElement[] = [],
): string {
  let line = el.ref;
  const parts = labelParts(el);
  const cls = shownClass(el, children);
  // A name read from the evidence is worth a token only where nothing else (label, id, hint) says what it is.
  if ((NAMED.has(cls) && cls === el.class) || (parts.length === 0 && el.id === undefined && el.hint === undefined))
    line += ' ' + escapeControls(cls);
  if (parts.length > 0) line += ' ' + parts.map((p) => shownLabel(p, o.maxLabel, quoteIfNeeded)).join(' | ');
  else if (el.id !== undefined && el.hint === undefined) line += ' #' + escapeControls(el.id);
  if (el.hint !== undefined) line += ' hint=' + shownLabel(el.hint, o.maxLabel, quoteIfNeeded);
  const tags = treeStates(el);
  if (el.items !== undefined) tags.unshift(`${el.items} items`);
  if (el.offscreen) tags.push('offscreen');
  if (tags.length > 0) line += ` [${tags.join(' ')}]`;
  if (o.bounds) line += ` @${el.bounds.join(',')}`;
  return line;
}

/**
 * A list of elements (e.g. `findElements` results), one tree line each, no indentation. `all` (the snapshot's
 * elements) supplies each one's children, so a minified class reads as in the tree (`ViewPager`).
 */
export function renderElements(
  elements: readonly SnapshotElement[],
  o: RenderOptions = { bounds: false, maxLabel: 80 },
  all: readonly SnapshotElement[] = [],
): string {
  const kids = childrenByParent(all);
  return elements.map((e) => elementLine(e, o, kids.get(e.ref)) + '\n').join('');
}

/** Elements by their parent's ref (document order kept): each element's children, from a flat list. */
export function childrenByParent(elements: readonly SnapshotElement[]): Map<string, SnapshotElement[]> {
  const kids = new Map<string, SnapshotElement[]>();
  for (const e of elements) {
    if (e.parent === undefined) continue;
    const list = kids.get(e.parent);
    if (list === undefined) kids.set(e.parent, [e]);
    else list.push(e);
  }
  return kids;
}

const MAX_LISTED = 6;

/** States some members of a run have: all of them (`selected`), or a few by ref (`selected b12 b40`). */
function runStates(run: Run): string[] {
  const tags: string[] = [];
  const names = new Set(run.members.flatMap((e) => treeStates(e)));
  for (const name of names) {
    const having = run.members.filter((e) => treeStates(e).includes(name));
    if (having.length === run.members.length) tags.push(name);
    else if (having.length <= MAX_LISTED) tags.push(`${name} ${having.map((e) => e.ref).join(' ')}`);
    else tags.push(`${name} ×${having.length}`);
  }
  return tags;
}

/** A run of look-alikes as one line: `b711…b742 #day [42 in 6×7 grid, selected b725]`. */
function runLine(run: Run, o: RenderOptions): string {
  const first = run.members[0]!;
  const last = run.members[run.members.length - 1]!;
  let line = `${first.ref}…${last.ref}`;
  const cls = shownClass(first);
  if (NAMED.has(cls) || first.id === undefined) line += ' ' + escapeControls(cls);
  if (first.id !== undefined) line += ' #' + escapeControls(first.id);
  const tags = [`${run.members.length} in ${run.rows}×${run.cols} grid`, ...runStates(run)];
  if (first.offscreen) tags.push('offscreen');
  line += ` [${tags.join(', ')}]`;
  if (o.bounds) line += ` @${unionBounds(run.members).join(',')}`;
  return line;
}

function treeLine(it: Item, o: RenderOptions): string {
  const kids = (): SnapshotElement[] => it.cut ?? it.children.map((c) => c.el);
  const line = ' '.repeat(it.depth) + (it.run !== undefined ? runLine(it.run, o) : elementLine(it.el, o, kids()));
  return it.hidden > 0 ? `${line} (+${it.hidden})` : line;
}

/** `package/.Activity` (the activity shortened when it is inside the package), or undefined when unknown. */
export function headerLine(screen: ScreenInfo): string | undefined {
  if (screen.package === undefined) return undefined;
  // iOS apps have no activities: the bundle id alone.
  if (screen.activity === undefined || screen.activity === '') return escapeControls(screen.package);
  const a = screen.activity.startsWith(screen.package + '.') ? screen.activity.slice(screen.package.length) : screen.activity;
  return escapeControls(`${screen.package}/${a}`);
}

function footer(h: Header): string | undefined {
  return h.offscreenHidden > 0 ? `(${h.offscreenHidden} off-screen hidden: --offscreen)` : undefined;
}

/** Calls `f` on every item in document (pre-)order, iteratively. */
export function forEachItem(items: readonly Item[], f: (it: Item) => void): void {
  const stack = [...items].reverse();
  while (stack.length > 0) {
    const it = stack.pop()!;
    f(it);
    for (let i = it.children.length - 1; i >= 0; i--) stack.push(it.children[i]!);
  }
}

/** The default format: one element per line, indented one space per level of semantic nesting. */
export function renderTree(items: readonly Item[], h: Header, o: RenderOptions): string {
  const lines: string[] = [];
  const head = headerLine(h.screen);
  if (head !== undefined) lines.push(head);
  forEachItem(items, (it) => {
    if (it.folded !== true) lines.push(treeLine(it, o));
  });
  if (lines.length === (head === undefined ? 0 : 1)) lines.push('(no elements)');
  const foot = footer(h);
  if (foot !== undefined) lines.push(foot);
  return lines.join('\n') + '\n';
}

function verbOf(el: SnapshotElement): string {
  if (el.actions.includes('type')) return 'fill';
  if (el.actions.includes('check')) return 'check';
  if (el.actions.includes('tap')) return 'tap';
  if (el.actions.includes('long')) return 'long';
  if (el.actions.includes('scroll')) return 'scroll';
  return '-';
}

/** Flat table, one line per element: ref, verb, class, label, #id, centre, tags (the `hs ui` shape with refs). */
export function renderTable(items: readonly Item[], h: Header, o: RenderOptions): string {
  const rows: string[][] = [['REF', 'VERB', 'CLASS', 'LABEL', 'ID', 'CENTER', 'TAGS']];
  forEachItem(items, (it) => {
    if (it.folded === true) return;
    const el = it.el;
    if (it.run !== undefined) {
      const tags = [`${it.run.members.length} in ${it.run.rows}×${it.run.cols} grid`, ...runStates(it.run)];
      if (o.bounds) tags.push(`bounds=${unionBounds(it.run.members).join(',')}`);
      const refs = `${el.ref}…${it.run.members[it.run.members.length - 1]!.ref}`;
      rows.push(
        [refs, verbOf(el), shownClass(el), '-', el.id === undefined ? '-' : '#' + el.id, '-', tags.join(', ')].map((c) =>
          escapeControls(c),
        ),
      );
      return;
    }
    const label = labelParts(el)
      .map((p) => truncate(p, o.maxLabel).replace(/\s+/g, ' '))
      .join(' | ');
    const tags = treeStates(el);
    if (el.hint !== undefined) tags.unshift(`hint=${shownLabel(el.hint, o.maxLabel, (h) => JSON.stringify(h))}`);
    if (el.items !== undefined) tags.unshift(`items=${el.items}`);
    if (el.offscreen) tags.push('offscreen');
    if (o.bounds) tags.push(`bounds=${el.bounds.join(',')}`);
    rows.push(
      [
        el.ref,
        verbOf(el),
        shownClass(el, it.cut ?? it.children.map((c) => c.el)),
        label === '' ? '-' : label,
        el.id === undefined ? '-' : '#' + el.id,
        el.center.join(','),
        tags.join(' '),
      ].map((cell) => escapeControls(cell)),
    );
  });
  const widths = rows[0]!.map((_, c) => rows.reduce((w, r) => Math.max(w, r[c]!.length), 0));
  // Every cell padded to its column; the blanks this leaves at the end of a line are trimmed.
  const lines = rows.map((r) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd(),
  );
  const head = headerLine(h.screen);
  if (head !== undefined) lines.unshift(head);
  const foot = footer(h);
  if (foot !== undefined) lines.push(foot);
  return lines.join('\n') + '\n';
}

/** `{screen, elements}` with one element per line: valid JSON, diffable, and cheap in tokens. */
export function renderJson(doc: SnapshotJson): string {
  if (doc.elements.length === 0) return `{"screen":${JSON.stringify(doc.screen)},"elements":[]}\n`;
  return `{"screen":${JSON.stringify(doc.screen)},"elements":[\n${doc.elements.map((e) => JSON.stringify(e)).join(',\n')}\n]}\n`;
}
