// The XML reader under every resource pass, on hostile input: a document type declaration is blanked, never
// obeyed (its entities stay literal text, an external DTD is not fetched), wherever its own quotes and brackets
// put a `>`; a declaration that never ends leaves no document.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeReferences, hasDoctype, parseXml, refName } from '../../src/uimap/xml.js';
import type { XNode } from '../../src/uimap/xml.js';

/** tag[attrs](text){children} in one line, to compare whole trees. */
const flat = (n: XNode | undefined): string =>
  n === undefined ? 'none' : `${n.tag}${JSON.stringify(n.attrs)}(${n.text}){${n.children.map(flat).join(',')}}`;

describe('document type declarations', () => {
  test('internal entities are not expanded: the reference stays as written', () => {
    const text = '<!DOCTYPE r [<!ENTITY e "boom">]><r>&e;</r>';
    assert.equal(hasDoctype(text), true);
    assert.equal(flat(parseXml(text)), 'r{}(&e;){}');
  });

  test("a '>' or ']' inside the declaration's quotes does not end it; an XML declaration may come first", () => {
    const text = '<?xml version="1.0"?>\n<!DOCTYPE r [\n<!ENTITY e "a>]b">\n<!ENTITY f \'q"]>\'>\n]>\n<r a="1">x&e;&f;<c/></r>';
    assert.equal(flat(parseXml(text)), 'r{"a":"1"}(x&e;&f;){c{}(){}}');
  });

  test('an external DTD is not read: its entity stays literal', () => {
    assert.equal(flat(parseXml('<!DOCTYPE r SYSTEM "file:///etc/passwd"><r>&xxe;</r>')), 'r{}(&xxe;){}');
  });

  test('a declaration that never ends swallows the rest: no document', () => {
    assert.equal(parseXml('<!DOCTYPE r [<!ENTITY e "boom">\n<r>x</r>'), undefined);
  });

  test('without a declaration the text is parsed as is, with the predefined entities', () => {
    assert.equal(hasDoctype('<r>&lt;!DOCTYPE</r>'), false);
    assert.equal(flat(parseXml('<r b="&amp;">&lt;<!-- c --><d>t</d></r>')), 'r{"b":"&"}(<t){d{}(t){}}');
  });
});

describe('character references', () => {
  test('decimal and hex references are decoded in text and attributes, beside the predefined entities', () => {
    assert.equal(
      flat(parseXml('<r android:hint="A=&#65;" t="&#x2026;&#xe4;">&#228;&#x1F600; &lt;b&gt; &quot;&apos;</r>')),
      'r{"android:hint":"A=A","t":"…ä"}(ä😀 <b> "\'){}',
    );
  });

  test('one pass: an escaped ampersand never starts a reference, a decoded one leaves the tree as it was', () => {
    assert.equal(flat(parseXml('<r a="&amp;#65;">&amp;lt;&#38;amp;&#60;c/&#62;</r>')), 'r{"a":"&#65;"}(&lt;&amp;<c/>){}');
  });

  test('references to characters XML forbids, unknown names and CDATA stay as written', () => {
    assert.equal(decodeReferences('&#0;&#xD800;&#1114112;&#x110000;&#9;&nbsp;&#;&#x;'), '&#0;&#xD800;&#1114112;&#x110000;\t&nbsp;&#;&#x;');
    assert.equal(flat(parseXml('<r>a<![CDATA[&#65; &amp; <b>]]>&#66;</r>')), 'r{}(a&#65; &amp; <b>B){}');
  });
});

test('resource references: new and existing ids, framework ids keep their package, other types and plain text are none', () => {
  assert.equal(refName('@+id/save', 'id'), 'save');
  assert.equal(refName(' @id/save\n', 'id'), 'save');
  assert.equal(refName('@android:id/list', 'id'), 'android:id/list');
  assert.equal(refName('@+android:id/list', 'id'), 'android:id/list');
  assert.equal(refName('@layout/main', 'id'), undefined);
  assert.equal(refName('@layout/main', 'layout'), 'main');
  assert.equal(refName('save', 'id'), undefined);
  assert.equal(refName(undefined, 'id'), undefined);
});
