import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanLabel, decodeReferences, hasMarkup } from '../../src/uimap/label.js';
import { buildResourceIndex, resolveText } from '../../src/uimap/resources.js';
import { WarningLog } from '../../src/uimap/warnings.js';

describe('labels as a user reads them', () => {
  test('numeric references, decimal and hex, including astral code points and variation selectors', () => {
    assert.equal(decodeReferences('Made with &#10084;&#65039; here'), 'Made with \u2764\ufe0f here');
    assert.equal(decodeReferences('&#x1F600; &#X41;'), '\u{1F600} A');
  });

  test('invalid references stay as written: surrogates, past U+10FFFF, control characters, unknown names', () => {
    assert.equal(decodeReferences('&#xD800;'), '&#xD800;');
    assert.equal(decodeReferences('&#1114112;'), '&#1114112;');
    assert.equal(decodeReferences('&#0;&#7;'), '&#0;&#7;');
    assert.equal(decodeReferences('&bogus;'), '&bogus;');
    assert.equal(decodeReferences('Tom & Jerry; R&D'), 'Tom & Jerry; R&D');
  });

  test('links and inline markup go, the words stay; breaks become spaces', () => {
    assert.equal(
      cleanLabel('Support us by purchasing <a href=https://example.org/x?id=1>Simple Thank You</a> please'),
      'Support us by purchasing Simple Thank You please',
    );
    assert.equal(cleanLabel('<b>Bold</b> and <i>italic</i><br/>next'), 'Bold and italic next');
    assert.equal(cleanLabel('<font color="#ff0000">red</font>'), 'red');
  });

  test('markup escaped in the resource is stripped once decoded; a lone < or > is text', () => {
    assert.equal(cleanLabel('&lt;b&gt;Bold&lt;/b&gt; &amp; more'), 'Bold & more');
    assert.equal(cleanLabel('a < b and c > d'), 'a < b and c > d');
    assert.equal(cleanLabel('1 &lt; 2'), '1 < 2');
  });

  test('spaces collapse and trim, line breaks stay', () => {
    assert.equal(cleanLabel('  two   words\u00a0 here \n  next  '), 'two words here\nnext');
  });

  test('hasMarkup finds what cleanLabel removes and nothing in clean text', () => {
    for (const s of ['&#10084;', '<a href="x">y</a>', '&amp;', '<br/>']) assert.equal(hasMarkup(s), true, s);
    for (const s of ['plain', 'a < b', 'R&D', '\u2764\ufe0f']) assert.equal(hasMarkup(s), false, s);
    for (const s of ['Made with &#10084;&#65039;', 'x <b>y</b> &lt;i&gt;z&lt;/i&gt;']) assert.equal(hasMarkup(cleanLabel(s)), false, s);
  });

  test('string resources resolve to clean labels, CDATA HTML included; a label of markup alone is none', () => {
    const warnings = new WarningLog();
    const index = buildResourceIndex(
      [
        {
          module: 'app',
          path: 'values/strings.xml',
          text: `<resources>
            <string name="heart">Made with &#10084;&#65039; in town</string>
            <string name="link"><![CDATA[Buy <a href="https://example.org">the app</a> now]]></string>
            <string name="only_tag"><![CDATA[<br/>]]></string>
          </resources>`,
        },
      ],
      warnings,
    );
    assert.equal(resolveText('@string/heart', index.strings), 'Made with \u2764\ufe0f in town');
    assert.equal(resolveText('@string/link', index.strings), 'Buy the app now');
    assert.equal(resolveText('@string/only_tag', index.strings), undefined);
    assert.equal(resolveText('Literal &#65; <b>x</b>', index.strings), 'Literal A x');
  });
});
