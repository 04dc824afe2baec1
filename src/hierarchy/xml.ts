/**
 * uiautomator XML: a scanner that reads what `uiautomator dump` and the uiautomator2 / Appium servers write,
 * and a serialiser that writes the `uiautomator dump` form again.
 *
 * Hand-written on purpose: the input is a flat, attribute-only dialect (`<hierarchy>` of nested `<node …>`),
 * and a snapshot must cost no more than a generic parse. A scanner over indexOf/charCodeAt is several
 * times faster than a general XML parser and lets us report truncation and position precisely.
 * test/hierarchy/xml.test.ts checks it against fast-xml-parser on every corpus screen.
 */
import { GlanceError } from '../errors.js';
import { isEditableClass, type Bounds, type UiDump, type UiNode } from './model.js';
import { hierarchyExtent, screenSize } from './screen.js';

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|amp|lt|gt|quot|apos);/g, (m, e: string) => {
    if (e[0] !== '#') return ENTITY[e] ?? m;
    const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

/** An element name: `node`, or a class name such as `android.widget.TextView` (Appium page source). */
const ELEMENT_START = /[A-Za-z_]/;
const ELEMENT_NAME = /^[A-Za-z_][\w.\-]*/;

const BOUNDS_RE = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

function malformed(message: string, offset: number): GlanceError {
  return new GlanceError('DUMP_MALFORMED', `${message} at offset ${offset}`, {
    hint: 'the XML is not a uiautomator dump; take a fresh dump or check the file',
    next: { tool: 'device_snapshot' },
    context: { offset },
  });
}

function truncated(offset: number, nodes: number): GlanceError {
  return new GlanceError('DUMP_TRUNCATED', `the dump ends early (offset ${offset}, ${nodes} nodes read, </hierarchy> missing)`, {
    hint: 'the dump was cut off: read it again (over adb, dump to a file and cat it in the same shell call)',
    context: { offset, nodes },
  });
}

function parseBounds(v: string, offset: number): Bounds {
  const m = BOUNDS_RE.exec(v);
  if (!m) throw malformed(`bad bounds "${v.slice(0, 40)}"`, offset);
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}

/** Reads attributes from `pos` up to `>` or `/>`; returns them and the position after the tag. */
function readAttributes(s: string, start: number, nodes: number): { attrs: Map<string, string>; end: number; selfClosing: boolean } {
  const attrs = new Map<string, string>();
  let i = start;
  const n = s.length;
  for (;;) {
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    if (i >= n) throw truncated(i, nodes);
    const c = s.charCodeAt(i);
    if (c === 62 /* > */) return { attrs, end: i + 1, selfClosing: false };
    if (c === 47 /* / */) {
      if (i + 1 >= n) throw truncated(i, nodes);
      if (s.charCodeAt(i + 1) !== 62) throw malformed('expected "/>"', i);
      return { attrs, end: i + 2, selfClosing: true };
    }
    const eq = s.indexOf('=', i);
    if (eq < 0) throw truncated(i, nodes);
    const name = s.slice(i, eq).trim();
    if (name.length === 0 || /[\s<>"']/.test(name)) throw malformed('bad attribute name', i);
    let q = eq + 1;
    while (q < n && isSpace(s.charCodeAt(q))) q++;
    if (q >= n) throw truncated(q, nodes);
    const quote = s[q];
    if (quote !== '"' && quote !== "'") throw malformed(`attribute ${name} is not quoted`, q);
    const close = s.indexOf(quote, q + 1);
    if (close < 0) throw truncated(q, nodes);
    const raw = s.slice(q + 1, close);
    if (raw.includes('<')) throw malformed(`"<" inside attribute ${name}`, q);
    attrs.set(name, raw.includes('&') ? decodeEntities(raw) : raw);
    i = close + 1;
  }
}

function bool(attrs: Map<string, string>, name: string, dflt = false): boolean {
  const v = attrs.get(name);
  return v === undefined ? dflt : v === 'true';
}

function toNode(attrs: Map<string, string>, offset: number): UiNode {
  const cls = attrs.get('class') ?? '';
  const b = attrs.get('bounds');
  const order = attrs.get('drawing-order');
  const node: UiNode = {
    cls,
    text: attrs.get('text') ?? '',
    desc: attrs.get('content-desc') ?? '',
    hint: attrs.get('hint') ?? '',
    id: attrs.get('resource-id') ?? '',
    pkg: attrs.get('package') ?? '',
    bounds: b === undefined ? [0, 0, 0, 0] : parseBounds(b, offset),
    checkable: bool(attrs, 'checkable'),
    checked: bool(attrs, 'checked'),
    clickable: bool(attrs, 'clickable'),
    longClickable: bool(attrs, 'long-clickable'),
    enabled: bool(attrs, 'enabled', true),
    focusable: bool(attrs, 'focusable'),
    focused: bool(attrs, 'focused'),
    scrollable: bool(attrs, 'scrollable'),
    password: bool(attrs, 'password'),
    selected: bool(attrs, 'selected'),
    // uiautomator2 (openatx) writes visible-to-user, Appium's server displayed; classic dumps hold visible nodes only.
    visible: bool(attrs, 'visible-to-user', bool(attrs, 'displayed', true)),
    editable: isEditableClass(cls),
    index: Number(attrs.get('index') ?? 0) || 0,
    children: [],
  };
  if (order !== undefined && order !== '') node.drawingOrder = Number(order) || 0;
  return node;
}

/** Parses uiautomator / uiautomator2 XML (text already located at or before `<hierarchy`). */
export function parseUiautomatorXml(s: string): UiDump {
  const h = s.indexOf('<hierarchy');
  if (h < 0) {
    throw new GlanceError('DUMP_NOT_RECOGNISED', 'no <hierarchy> element in the XML', {
      hint: 'expected the output of `uiautomator dump` or a uiautomator2 page source',
    });
  }
  let count = 0;
  const head = readAttributes(s, h + '<hierarchy'.length, count);
  const rotation = Number(head.attrs.get('rotation') ?? 0) || 0;
  const roots: UiNode[] = [];
  // Open elements with their tag names: `node` in uiautomator dumps, the class name in Appium page sources.
  const stack: Array<{ node: UiNode; tag: string }> = [];
  let i = head.end;
  const n = s.length;
  let closed = head.selfClosing;
  let classTags = false;
  while (!closed) {
    while (i < n && isSpace(s.charCodeAt(i))) i++;
    if (i >= n) throw truncated(i, count);
    if (s.charCodeAt(i) !== 60 /* < */) throw malformed('text outside a tag', i);
    const next = s[i + 1] ?? '';
    if (next === '/') {
      const gt = s.indexOf('>', i);
      if (gt < 0) throw truncated(i, count);
      const name = s.slice(i + 2, gt).trim();
      if (name === 'hierarchy') {
        if (stack.length > 0) throw malformed(`</hierarchy> with ${stack.length} element(s) still open`, i);
        closed = true;
      } else {
        const open = stack.pop();
        if (open === undefined) throw malformed(`</${name}> without an open element`, i);
        if (open.tag !== name) throw malformed(`</${name}> closes <${open.tag}>`, i);
      }
      i = gt + 1;
    } else if (s.startsWith('<!--', i)) {
      const end = s.indexOf('-->', i);
      if (end < 0) throw truncated(i, count);
      i = end + 3;
    } else if (ELEMENT_START.test(next)) {
      const m = ELEMENT_NAME.exec(s.slice(i + 1, i + 1 + 256));
      const tag = m?.[0] ?? '';
      const after = s[i + 1 + tag.length];
      if (after === undefined) throw truncated(i, count);
      if (!isSpace(after.charCodeAt(0)) && after !== '>' && after !== '/') throw malformed('bad tag', i);
      if (tag === 'hierarchy') throw malformed('unexpected element <hierarchy> inside the hierarchy', i);
      const t = readAttributes(s, i + 1 + tag.length, count);
      if (tag !== 'node') {
        classTags = true;
        // Appium names the element after the view's class ($ @ # & written as .) and writes class= as well.
        if (!t.attrs.has('class')) t.attrs.set('class', tag);
      }
      const node = toNode(t.attrs, i);
      count++;
      const parent = stack[stack.length - 1];
      if (parent) parent.node.children.push(node);
      else roots.push(node);
      if (!t.selfClosing) stack.push({ node, tag });
      i = t.end;
    } else {
      throw i + 1 >= n ? truncated(i, count) : malformed('bad tag', i);
    }
  }
  // Page sources carry the screen size on the root; classic dumps do not, so it is the hierarchy's.
  // Half a size keeps its half; the other side is the hierarchy's.
  const seen = hierarchyExtent(roots);
  const stated = {
    width: Number(head.attrs.get('width') ?? 0) || seen.width,
    height: Number(head.attrs.get('height') ?? 0) || seen.height,
  };
  const format = roots.length > 1 || classTags || s.includes('visible-to-user=') ? 'uiautomator2' : 'uiautomator';
  return { format, roots, rotation, ...screenSize(seen, stated) };
}

// Control characters are written as character references too: a dump printed to a terminal must not carry
// raw ESC/BEL sequences from a label.
const ATTR_UNSAFE = /[&<>"'\u0000-\u001f\u007f-\u009f]/;

export function escapeAttr(v: string): string {
  return ATTR_UNSAFE.test(v)
    ? v.replace(new RegExp(ATTR_UNSAFE.source, 'g'), (c) =>
        c === '&'
          ? '&amp;'
          : c === '<'
            ? '&lt;'
            : c === '>'
              ? '&gt;'
              : c === '"'
                ? '&quot;'
                : c === "'"
                  ? '&apos;'
                  : `&#${c.charCodeAt(0)};`,
      )
    : v;
}

function openTag(n: UiNode, o: XmlOptions): string {
  const b = n.bounds;
  const text = o.hidePasswords === true && n.password ? '' : n.text;
  return (
    `<node index="${n.index}" text="${escapeAttr(text)}" resource-id="${escapeAttr(n.id)}" class="${escapeAttr(n.cls)}" ` +
    `package="${escapeAttr(n.pkg)}" content-desc="${escapeAttr(n.desc)}" checkable="${n.checkable}" checked="${n.checked}" ` +
    `clickable="${n.clickable}" enabled="${n.enabled}" focusable="${n.focusable}" focused="${n.focused}" ` +
    `scrollable="${n.scrollable}" long-clickable="${n.longClickable}" password="${n.password}" selected="${n.selected}" ` +
    `bounds="[${b[0]},${b[1]}][${b[2]},${b[3]}]"`
  );
}

/**
 * Writes the dump exactly as `uiautomator dump` does: one line, the 17 classic attributes in their order,
 * leaves as `<node … />`. Extra attributes of richer formats (hint, visible-to-user, drawing-order) are not
 * written; invisible nodes are kept (filtering is the snapshot's job).
 */
export interface XmlOptions {
  /** Write password fields with empty text (a dump may carry the value; live phones show bullets). */
  hidePasswords?: boolean;
}

export function toUiautomatorXml(dump: Pick<UiDump, 'roots' | 'rotation'>, o: XmlOptions = {}): string {
  const out: string[] = [`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="${dump.rotation}">`];
  // Explicit stack instead of recursion: fuzzed or hostile dumps can nest deeper than the JS call stack.
  const stack: Array<{ node: UiNode; next: number }> = [];
  const open = (node: UiNode): void => {
    if (node.children.length === 0) out.push(openTag(node, o), ' />');
    else {
      out.push(openTag(node, o), '>');
      stack.push({ node, next: 0 });
    }
  };
  for (const r of dump.roots) {
    open(r);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const child = top.node.children[top.next++];
      if (child) open(child);
      else {
        out.push('</node>');
        stack.pop();
      }
    }
  }
  out.push('</hierarchy>');
  return out.join('');
}
