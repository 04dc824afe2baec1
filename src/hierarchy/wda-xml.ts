/**
 * WebDriverAgent's XML page source (`GET /source`): one element per node, named by its type
 * (`<XCUIElementTypeButton type=… name=… label=… value=… enabled visible accessible x y width height index>`),
 * optionally inside Appium's `<AppiumAUT>` wrapper. Parsed with fast-xml-parser: unlike uiautomator's
 * attribute-only `<node>` dialect (xml.ts), the tag names vary, and iOS sources are small.
 * Also the writer of the same format, which the virtual iOS device serves.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { GlanceError } from '../errors.js';
import { iosFullType, iosNode, iosShortType, wdaScreen } from './ios.js';
import type { UiDump, UiNode } from './model.js';

type XmlEntry = Record<string, unknown> & { ':@'?: Record<string, string> };

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  processEntities: true,
  htmlEntities: true,
  // Values as written: a label or a field's value may begin or end with blanks (the JSON source keeps them too).
  // The blank text between elements this leaves is no element (tagOf).
  trimValues: false,
});

/** The source mentions an XCUIElementType element: WDA (or Appium's XCUITest driver) wrote it. */
export function isWdaXml(text: string): boolean {
  return /<XCUIElementType\w+[\s/>]/.test(text.slice(0, 4096));
}

function errorOf(text: string): GlanceError | undefined {
  const v = XMLValidator.validate(text);
  if (v === true) return undefined;
  const { msg, line, col } = v.err;
  // fast-xml-parser names the elements still open at the end as `Invalid '["a","b"]' found.`
  const unclosed = /Unclosed tag|^Invalid '\[[\s\S]*\]' found/i.test(msg);
  const truncated =
    (unclosed || /unexpected end|closing tag|open quote/i.test(msg)) && text.trimEnd().length > 0 && !/>\s*$/.test(text.trimEnd());
  return new GlanceError(
    truncated || unclosed ? 'DUMP_TRUNCATED' : 'DUMP_MALFORMED',
    `the WDA page source does not parse: ${msg} (line ${line}, column ${col})`,
    {
      hint: truncated || unclosed ? 'the source was cut off: read it again' : 'expected the XML of WebDriverAgent `GET /source`',
      ...(truncated || unclosed ? { next: { tool: 'device_snapshot' } } : {}),
      context: { line, col },
    },
  );
}

function tagOf(e: XmlEntry): string | undefined {
  for (const k of Object.keys(e)) if (k !== ':@' && k !== '#text' && !k.startsWith('?')) return k;
  return undefined;
}

function toNode(tag: string, a: Record<string, string>, index: number): UiNode {
  const x = Number(a['x'] ?? 0) || 0;
  const y = Number(a['y'] ?? 0) || 0;
  const label = a['label'] ?? '';
  const name = a['name'] ?? '';
  const bool = (k: string, dflt: boolean): boolean => (a[k] === undefined ? dflt : a[k] === 'true' || a[k] === '1');
  return iosNode({
    type: a['type'] ?? tag,
    label,
    value: a['value'] ?? '',
    placeholder: a['placeholderValue'] ?? '',
    // `name` is the accessibility identifier, or the label when the element has none.
    identifier: name !== label ? name : '',
    bounds: [x, y, x + (Number(a['width'] ?? 0) || 0), y + (Number(a['height'] ?? 0) || 0)],
    enabled: bool('enabled', true),
    visible: bool('visible', true),
    selected: bool('selected', false),
    focused: bool('focused', false),
    index: Number(a['index'] ?? index) || 0,
  });
}

export function parseWdaXml(text: string): UiDump {
  const err = errorOf(text);
  if (err) throw err;
  const doc = parser.parse(text) as XmlEntry[];
  const roots: UiNode[] = [];
  // Iterative: a hostile source may nest deeper than the call stack.
  const stack: Array<{ entries: XmlEntry[]; parent: UiNode | undefined }> = [{ entries: doc, parent: undefined }];
  while (stack.length > 0) {
    const { entries, parent } = stack.pop()!;
    let index = 0;
    for (const e of entries) {
      const tag = tagOf(e);
      if (tag === undefined) continue;
      const kids = (Array.isArray(e[tag]) ? e[tag] : []) as XmlEntry[];
      if (!tag.startsWith('XCUIElementType')) {
        // Wrappers (Appium's <AppiumAUT>) hold the elements.
        stack.push({ entries: kids, parent });
        continue;
      }
      const node = toNode(tag, e[':@'] ?? {}, index++);
      if (parent) parent.children.push(node);
      else roots.push(node);
      stack.push({ entries: kids, parent: node });
    }
  }
  if (roots.length === 0) {
    throw new GlanceError('DUMP_NOT_RECOGNISED', 'the XML holds no XCUIElementType element', {
      hint: 'expected the XML of WebDriverAgent `GET /source`',
    });
  }
  return { format: 'wda', platform: 'ios', roots, rotation: 0, ...wdaScreen(roots) };
}

function escapeAttr(v: string): string {
  return v.replace(/[&<>"\n\r\t]/g, (c) =>
    c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : `&#${c.charCodeAt(0)};`,
  );
}

function openTag(n: UiNode, index: number): string {
  const type = iosFullType(iosShortType(n.cls));
  const [l, t, r, b] = n.bounds;
  const attrs: Array<[string, string]> = [['type', type]];
  const value = n.checkable ? (n.checked ? '1' : '0') : n.text;
  if (value !== '') attrs.push(['value', value]);
  // WDA writes the identifier as `name`, falling back to the label.
  const name = n.id !== '' ? n.id : n.desc;
  if (name !== '') attrs.push(['name', name]);
  if (n.desc !== '') attrs.push(['label', n.desc]);
  if (n.hint !== '') attrs.push(['placeholderValue', n.hint]);
  attrs.push(['enabled', String(n.enabled)], ['visible', String(n.visible)], ['accessible', String(n.desc !== '' || n.text !== '')]);
  if (n.selected) attrs.push(['selected', 'true']);
  if (n.focused) attrs.push(['focused', 'true']);
  attrs.push(['x', String(l)], ['y', String(t)], ['width', String(r - l)], ['height', String(b - t)], ['index', String(index)]);
  return `<${type} ${attrs.map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}`;
}

/** Writes a dump as WDA's XML page source (one element per line, indented two spaces a level). */
export function toWdaXml(dump: Pick<UiDump, 'roots'>): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const stack: Array<{ node: UiNode; next: number; depth: number }> = [];
  const open = (node: UiNode, index: number, depth: number): void => {
    const pad = '  '.repeat(depth);
    if (node.children.length === 0) out.push(`${pad}${openTag(node, index)}/>`);
    else {
      out.push(`${pad}${openTag(node, index)}>`);
      stack.push({ node, next: 0, depth });
    }
  };
  dump.roots.forEach((r, i) => {
    open(r, i, 0);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const i2 = top.next++;
      const child = top.node.children[i2];
      if (child) open(child, i2, top.depth + 1);
      else {
        out.push(`${'  '.repeat(top.depth)}</${iosFullType(iosShortType(top.node.cls))}>`);
        stack.pop();
      }
    }
  });
  return out.join('\n') + '\n';
}
