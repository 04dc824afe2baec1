/** A small ordered XML tree over fast-xml-parser, the shape every resource pass reads. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XNode {
  tag: string;
  attrs: Record<string, string>;
  children: XNode[];
  /** Concatenated text content (mixed content such as `<b>` inside a string is flattened). */
  text: string;
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
});

type Ordered = Record<string, unknown>;

function convert(items: Ordered[]): { nodes: XNode[]; text: string } {
  const nodes: XNode[] = [];
  let text = '';
  for (const item of items) {
    for (const key of Object.keys(item)) {
      if (key === ':@') continue;
      const value = item[key];
      if (key === '#text') {
        text += String(value);
        continue;
      }
      // Processing instructions (`?xml`) are no elements. With preserveOrder and no commentPropName or
      // cdataPropName set, every other key is an element whose value is the ordered list of its children.
      if (key.startsWith('?')) continue;
      const inner = convert(value as Ordered[]);
      const attrs = (item[':@'] as Record<string, string> | undefined) ?? {};
      nodes.push({ tag: key, attrs, children: inner.nodes, text: inner.text + inner.nodes.map((n) => n.text).join('') });
    }
  }
  return { nodes, text };
}

const DOCTYPE = '<!DOCTYPE';

/** Where the document type declaration (with its internal subset) starts and ends, if the text has one. */
function doctypeSpan(text: string): { start: number; end: number } | undefined {
  const start = text.indexOf(DOCTYPE);
  if (start < 0) return undefined;
  let quote = '';
  let depth = 0;
  for (let i = start + DOCTYPE.length; i < text.length; i++) {
    const c = text[i]!;
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth <= 0) return { start, end: i + 1 };
  }
  return { start, end: text.length };
}

/** Whether the text declares a document type (entities, external DTDs): Android resources never need one. */
export function hasDoctype(text: string): boolean {
  return text.includes(DOCTYPE);
}

/**
 * The document element, or undefined when the text is not well-formed XML. A document type declaration is blanked
 * before parsing (kept line for line): its entities are neither expanded nor fetched, so `&name;` stays literal text
 * — no external file is read and no billion-laughs expansion happens, whatever the parser's own limits.
 */
export function parseXml(text: string): XNode | undefined {
  const dt = doctypeSpan(text);
  const body = dt === undefined ? text : text.slice(0, dt.start) + text.slice(dt.start, dt.end).replace(/[^\n]/g, ' ') + text.slice(dt.end);
  if (XMLValidator.validate(body) !== true) return undefined;
  const root = convert(parser.parse(body) as Ordered[]).nodes[0];
  return root;
}

/** Depth-first pre-order walk. */
export function* walkXml(node: XNode): Generator<XNode> {
  yield node;
  for (const c of node.children) yield* walkXml(c);
}

/** `@+id/name`, `@id/name` → `name`; `@android:id/name` → `android:id/name`; else undefined. */
export function refName(value: string | undefined, type: string): string | undefined {
  if (value === undefined) return undefined;
  const m = /^@\+?(android:)?([a-z]+)\/(.+)$/.exec(value.trim());
  if (m === null || m[2] !== type) return undefined;
  return m[1] === undefined ? m[3] : `android:${type}/${m[3]}`;
}
