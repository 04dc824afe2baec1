/** A small ordered XML tree over fast-xml-parser, the shape every resource pass reads. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XNode {
  tag: string;
  attrs: Record<string, string>;
  children: XNode[];
  /** Concatenated text content (mixed content such as `<b>` inside a string is flattened). */
  text: string;
}

const CDATA = '#cdata';

const PREDEFINED: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** A character XML 1.0 allows in a document (its production `Char`). */
const xmlChar = (cp: number): boolean =>
  cp === 0x9 ||
  cp === 0xa ||
  cp === 0xd ||
  (cp >= 0x20 && cp <= 0xd7ff) ||
  (cp >= 0xe000 && cp <= 0xfffd) ||
  (cp >= 0x10000 && cp <= 0x10ffff);

/**
 * Character references (`&#228;`, `&#x2026;`) and the five predefined entities, decoded in one pass so a decoded
 * `&` never starts another reference. A reference to a character XML forbids (NUL, a lone surrogate, past
 * U+10FFFF) and any other named entity stay as written.
 */
export function decodeReferences(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(?:#([0-9]{1,7})|#x([0-9A-Fa-f]{1,6})|(lt|gt|amp|quot|apos));/g, (ref, dec?: string, hex?: string, name?: string) => {
    if (name !== undefined) return PREDEFINED[name] ?? ref;
    const cp = dec !== undefined ? Number(dec) : parseInt(hex ?? '', 16);
    return xmlChar(cp) ? String.fromCodePoint(cp) : ref;
  });
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  // References are decoded here (decodeReferences), in one pass: the parser leaves numeric ones as written, and
  // decoding them after its own `&amp;` would read `&amp;#65;` as `A`. CDATA is kept apart, as written.
  processEntities: false,
  cdataPropName: CDATA,
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
        text += decodeReferences(String(value));
        continue;
      }
      if (key === CDATA) {
        text += (value as Ordered[]).map((t) => String(t['#text'] ?? '')).join('');
        continue;
      }
      // Processing instructions (`?xml`) are no elements. With preserveOrder and no commentPropName or
      // cdataPropName set, every other key is an element whose value is the ordered list of its children.
      if (key.startsWith('?')) continue;
      const inner = convert(value as Ordered[]);
      const raw = (item[':@'] as Record<string, string> | undefined) ?? {};
      const attrs = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, decodeReferences(v)]));
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
