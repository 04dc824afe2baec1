// uiautomator XML corners the corpus does not hold, with hand-written expectations: comments, drawing order,
// the visibility attributes of uiautomator2 and Appium, and each way closing tags can be wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { walk } from '../../src/hierarchy/model.js';
import { failureOf } from '../helpers/thrown.js';

const HEAD = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`;
const node = (attrs: string, inner = ''): string =>
  inner === ''
    ? `<node class="android.view.View" bounds="[0,0][10,10]" ${attrs}/>`
    : `<node class="android.view.View" bounds="[0,0][10,10]" ${attrs}>${inner}</node>`;

const failure = (xml: string): string => failureOf(() => parseDump(xml));

test('comments between elements are skipped; an unterminated one is a cut-off dump', () => {
  const d = parseDump(`${HEAD}<!-- a <node> in a comment -->${node('text="a"', `<!--x-->${node('text="b"')}`)}<!---->\n</hierarchy>`);
  assert.deepEqual(
    [...walk(d.roots)].map((e) => e.node.text),
    ['a', 'b'],
  );
  assert.match(failure(`${HEAD}${node('text="a"')}<!-- cut`), /^DUMP_TRUNCATED: /);
});

test('drawing-order is kept as a number when present and not empty', () => {
  const d = parseDump(
    `${HEAD}${node('text="a" drawing-order="3"')}${node('text="b" drawing-order=""')}${node('text="c" drawing-order="x"')}${node('text="d"')}</hierarchy>`,
  );
  assert.deepEqual(
    d.roots.map((n) => n.drawingOrder),
    [3, undefined, 0, undefined],
  );
});

test("visibility: uiautomator2's visible-to-user wins over Appium's displayed; classic dumps hold visible nodes", () => {
  const d = parseDump(
    `${HEAD}${node('visible-to-user="false" displayed="true"')}${node('displayed="false"')}${node('visible-to-user="true"')}${node('')}</hierarchy>`,
  );
  assert.deepEqual(
    d.roots.map((n) => n.visible),
    [false, false, true, true],
  );
});

test('closing tags: too early, too many, or naming another element are malformed', () => {
  assert.match(
    failure(`${HEAD}${node('', node(''))}`.replace('</node>', '') + '</hierarchy>'),
    /^DUMP_MALFORMED: <\/hierarchy> with 1 element\(s\) still open/,
  );
  assert.match(failure(`${HEAD}${node('')}</node></hierarchy>`), /^DUMP_MALFORMED: <\/node> without an open element/);
  assert.match(
    failure(`${HEAD}<android.widget.Button bounds="[0,0][1,1]"></android.widget.TextView></hierarchy>`),
    /^DUMP_MALFORMED: <\/android\.widget\.TextView> closes <android\.widget\.Button>/,
  );
});

test('attribute values: entities decoded (out-of-range code points kept), rotation read', () => {
  const d = parseDump(
    `<?xml version='1.0' ?><hierarchy rotation="1">${node(`text="&#x41;&#66;&amp;&lt;&gt;&quot;&apos;" content-desc="&#x110000;"`)}</hierarchy>`,
  );
  assert.equal(d.rotation, 1);
  assert.equal(d.roots[0]!.text, 'AB&<>"\'');
  assert.equal(d.roots[0]!.desc, '&#x110000;');
});

test('malformed attributes and a cut inside a value are told apart', () => {
  assert.match(failure(`${HEAD}<node class=x bounds="[0,0][1,1]"/></hierarchy>`), /^DUMP_MALFORMED: /);
  assert.match(failure(`${HEAD}<node text="a<b" bounds="[0,0][1,1]"/></hierarchy>`), /^DUMP_MALFORMED: "<" inside attribute text/);
  assert.match(failure(`${HEAD}<node text="a" /x></hierarchy>`), /^DUMP_MALFORMED: /);
  assert.match(failure(`${HEAD}<node bounds="[0,0]"/></hierarchy>`), /^DUMP_MALFORMED: bad bounds/);
  assert.match(failure(`${HEAD}<node text="abc`), /^DUMP_TRUNCATED: /);
  assert.match(failure(`${HEAD}<node text=`), /^DUMP_TRUNCATED: /);
});
