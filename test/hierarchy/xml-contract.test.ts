// The uiautomator XML scanner and writer against what they promise, with hand-written inputs and expectations:
// the XML spellings a writer may use (any whitespace, either quote, no attributes), the defaults of absent
// attributes, the screen size, and for each way a dump can be cut or broken, the coded error with its message,
// offset, hint and next step.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { uiNode, walk, type UiNode } from '../../src/hierarchy/model.js';
import { thrown } from '../helpers/thrown.js';
import { flagsOn } from '../helpers/flags.js';

const HEAD = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">`;
const END = '</hierarchy>';
const leaf = (attrs: string): string => `<node class="android.view.View" bounds="[0,0][10,10]" ${attrs}/>`;
const nodes = (xml: string): UiNode[] => [...walk(parseDump(xml).roots)].map((e) => e.node);

describe('what the scanner accepts', () => {
  test('tabs, newlines and carriage returns separate elements, names and values like spaces do, also around "="', () => {
    const xml = `${HEAD}\t<node\tclass="a"\r\n\ttext\t=\t"b"\ncontent-desc=\r\n"c"\tbounds = "[1,2][3,4]"/>\t\r\n${leaf('text="d"')}\t${END}`;
    const [a, d] = nodes(xml);
    assert.deepEqual([a!.cls, a!.text, a!.desc, a!.bounds], ['a', 'b', 'c', [1, 2, 3, 4]]);
    assert.equal(d!.text, 'd');
  });

  test('values in single quotes, each quote holding the other', () => {
    const [n] = nodes(`${HEAD}<node class='android.widget.TextView' text='say "hi"' content-desc="it's" bounds='[0,0][5,5]'/>${END}`);
    assert.deepEqual([n!.cls, n!.text, n!.desc, n!.bounds], ['android.widget.TextView', 'say "hi"', "it's", [0, 0, 5, 5]]);
  });

  test('elements without attributes, and end tags with blanks before ">"', () => {
    const d = parseDump(`${HEAD}<node><node/><node ></node ></node>${END.replace('>', ' \n>')}`);
    assert.equal(d.roots.length, 1);
    assert.equal(d.roots[0]!.children.length, 2);
    assert.deepEqual(
      nodes(`${HEAD}<node><node/></node>${END}`).map((n) => n.bounds),
      [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    );
  });

  test('absent attributes read as the uiautomator defaults: empty strings, enabled, visible, an empty box', () => {
    const [n] = nodes(`${HEAD}<node/>${END}`);
    assert.deepEqual(n, uiNode({ cls: '', bounds: [0, 0, 0, 0] }));
  });

  test('each flag is read from its own attribute, "true" alone meaning on', () => {
    const cases: Array<[string, keyof UiNode]> = [
      ['checkable', 'checkable'],
      ['checked', 'checked'],
      ['clickable', 'clickable'],
      ['long-clickable', 'longClickable'],
      ['focusable', 'focusable'],
      ['focused', 'focused'],
      ['scrollable', 'scrollable'],
      ['password', 'password'],
      ['selected', 'selected'],
    ];
    for (const [attr, flag] of cases) {
      const [on, off] = nodes(`${HEAD}${leaf(`${attr}="true"`)}${leaf(`${attr}="TRUE"`)}${END}`);
      assert.deepEqual(flagsOn(on!).sort(), [flag, 'enabled'].sort(), attr);
      assert.deepEqual(flagsOn(off!), ['enabled'], attr);
    }
    const [disabled] = nodes(`${HEAD}${leaf('enabled="false"')}${END}`);
    assert.deepEqual(flagsOn(disabled!), []);
  });

  test('an element named after its class (Appium) takes that class unless it writes class= itself', () => {
    const [named, both] = nodes(
      `${HEAD}<android.widget.Button bounds="[0,0][1,1]"/><android.widget.Button class="com.x.FancyButton" bounds="[0,0][1,1]"/>${END}`,
    );
    assert.equal(named!.cls, 'android.widget.Button');
    assert.equal(both!.cls, 'com.x.FancyButton');
  });

  test('element names up to 256 characters long', () => {
    const cls = `com.${'a'.repeat(247)}.View`;
    assert.equal(cls.length, 256);
    const [n] = nodes(`${HEAD}<${cls} bounds="[0,0][1,1]"><${cls}/></${cls}>${END}`);
    assert.equal(n!.cls, cls);
    assert.equal(n!.children[0]!.cls, cls);
  });

  test('character references up to U+10FFFF are decoded, in hex and decimal', () => {
    const [n] = nodes(`${HEAD}${leaf('text="&#x10FFFF;&#1114111;&#x1F600;"')}${END}`);
    assert.equal(n!.text, '\u{10FFFF}\u{10FFFF}\u{1F600}');
  });

  test("screen size: the root's width and height when the windows fit in them, else the union of the windows", () => {
    const size = (head: string, ...bounds: string[]): [number, number] => {
      const d = parseDump(`<hierarchy rotation="0"${head}>${bounds.map((b) => `<node bounds="${b}"/>`).join('')}${END}`);
      return [d.width, d.height];
    };
    assert.deepEqual(size(' width="1080" height="2400"', '[0,0][500,600]'), [1080, 2400]);
    // a window reaching past the edge: the hierarchy is what the user sees (the declared size is kept as stated)
    assert.deepEqual(size(' width="1080" height="2400"', '[0,0][1200,2500]'), [1200, 2500]);
    // half a size is no size
    assert.deepEqual(size(' width="1080"', '[0,0][1000,2000]'), [1080, 2000]);
    assert.deepEqual(size(' height="2400"', '[0,0][1000,2000]'), [1000, 2400]);
    assert.deepEqual(size('', '[0,0][720,1280]', '[100,100][800,900]'), [800, 1280]);
    assert.deepEqual(size(' width="x" height="0"', '[0,0][720,1280]'), [720, 1280]);
  });

  test('format: one window of <node>s is a classic dump; several windows, class-named elements or visible-to-user mean uiautomator2', () => {
    const format = (inner: string): string => parseDump(`${HEAD}${inner}${END}`).format;
    assert.equal(format(leaf('text="a"')), 'uiautomator');
    assert.equal(format(`${leaf('text="a"')}${leaf('text="b"')}`), 'uiautomator2');
    assert.equal(format('<android.widget.Button bounds="[0,0][1,1]"/>'), 'uiautomator2');
    assert.equal(format(leaf('visible-to-user="true"')), 'uiautomator2');
  });
});

describe('coded errors for input that is not a uiautomator dump', () => {
  test('a fault inside the XML: DUMP_MALFORMED at its offset, with a hint and a fresh snapshot as the next step', () => {
    const xml = `${HEAD}<node text=b bounds="[0,0][1,1]"/>${END}`;
    const e = thrown(() => parseDump(xml));
    const at = xml.indexOf('=b') + 1;
    assert.equal(e.code, 'DUMP_MALFORMED');
    assert.equal(e.message, `attribute text is not quoted at offset ${at}`);
    assert.deepEqual(e.context, { offset: at });
    assert.deepEqual(e.next, { tool: 'device_snapshot' });
    assert.match(e.hint ?? '', /not a uiautomator dump/);
  });

  test('a fault is located in the XML document, whatever the device printed before it', () => {
    const xml = `${HEAD}<node text=b/>${END}`;
    const plain = thrown(() => parseDump(xml));
    const after = thrown(() => parseDump(`UI hierchary dumped to: /dev/tty\n${xml}`));
    assert.deepEqual(after.context, plain.context);
    assert.equal(after.message, plain.message);
  });

  test('a dump cut off: DUMP_TRUNCATED saying where and how many nodes were read, with a hint', () => {
    const xml = `${HEAD}<node bounds="[0,0][9,9]">${leaf('')}${leaf('')}`;
    for (const cut of [xml, `${xml}\n  `]) {
      const e = thrown(() => parseDump(cut));
      assert.equal(e.code, 'DUMP_TRUNCATED');
      assert.equal(e.message, `the dump ends early (offset ${cut.length}, 3 nodes read, </hierarchy> missing)`);
      assert.deepEqual(e.context, { offset: cut.length, nodes: 3 });
      assert.match(e.hint ?? '', /cut off/);
    }
  });

  test('a cut right after the "/" of "/>" is truncated; "/" followed by anything else is malformed', () => {
    const cut = `${HEAD}<node text="a" /`;
    const e = thrown(() => parseDump(cut));
    assert.equal(e.code, 'DUMP_TRUNCATED');
    assert.deepEqual(e.context, { offset: cut.length - 1, nodes: 0 });
    const bad = `${HEAD}<node text="a" /x>${END}`;
    const m = thrown(() => parseDump(bad));
    assert.equal(m.message, `expected "/>" at offset ${bad.indexOf('/x')}`);
  });

  test('bounds: anything around the two corners is malformed, and the message quotes at most 40 characters', () => {
    for (const b of ['x[0,0][1,1]', '[0,0][1,1]x', '[0,0][1,1] ', ' [0,0][1,1]', '[0,0][1,1][2,2]']) {
      const e = thrown(() => parseDump(`${HEAD}<node bounds="${b}"/>${END}`));
      assert.equal(e.code, 'DUMP_MALFORMED', b);
      assert.equal(e.message, `bad bounds "${b}" at offset ${HEAD.length}`, b);
    }
    const long = `[0,0][1,1]${'9'.repeat(1000)}`;
    const e = thrown(() => parseDump(`${HEAD}<node bounds="${long}"/>${END}`));
    assert.equal(e.message, `bad bounds "${long.slice(0, 40)}" at offset ${HEAD.length}`);
    // negative corners are bounds too (windows partly off screen)
    assert.deepEqual(nodes(`${HEAD}<node bounds="[-5,-6][7,8]"/>${END}`)[0]!.bounds, [-5, -6, 7, 8]);
  });

  test('an attribute name that is empty or holds a blank or a quote is malformed', () => {
    for (const attrs of ['="a"', 'a b="x"', `a'b="x"`, 'a"b="x"']) {
      const xml = `${HEAD}<node ${attrs}/>${END}`;
      const e = thrown(() => parseDump(xml));
      assert.equal(e.code, 'DUMP_MALFORMED', attrs);
      assert.equal(e.message, `bad attribute name at offset ${HEAD.length + 6}`, attrs);
    }
  });

  test('text between elements, a bad element name or a <hierarchy> inside the hierarchy are malformed', () => {
    const cases: Array<[string, string]> = [
      [`x${leaf('')}`, 'text outside a tag'],
      [`\t\tx${leaf('')}`, 'text outside a tag'],
      ['<node:x text="a"/>', 'bad tag'],
      ['<node"a"/>', 'bad tag'],
      ['< bounds="[0,0][1,1]"/>', 'bad tag'],
      ['<>', 'bad tag'],
      ['<1/>', 'bad tag'],
      ['<hierarchy rotation="0"/>', 'unexpected element <hierarchy> inside the hierarchy'],
    ];
    for (const [inner, message] of cases) {
      const xml = `${HEAD}${inner}${END}`;
      const e = thrown(() => parseDump(xml));
      assert.equal(e.code, 'DUMP_MALFORMED', inner);
      assert.equal(e.message, `${message} at offset ${xml.indexOf(inner.trimStart())}`, inner);
    }
  });

  test('a dump that ends on "<" is cut off', () => {
    const e = thrown(() => parseDump(`${HEAD}${leaf('')}<`));
    assert.equal(e.code, 'DUMP_TRUNCATED');
    assert.deepEqual(e.context, { offset: HEAD.length + leaf('').length, nodes: 1 });
  });

  test('XML without a <hierarchy> element: DUMP_NOT_RECOGNISED, naming what was expected', () => {
    const e = thrown(() => parseDump('<html><body/></html>'));
    assert.equal(e.code, 'DUMP_NOT_RECOGNISED');
    assert.equal(e.message, 'no <hierarchy> element in the XML');
    assert.match(e.hint ?? '', /uiautomator dump/);
  });
});

describe('the writer', () => {
  test('hidePasswords blanks the text of password fields only; without it every text is written as read', () => {
    const d = parseDump(`${HEAD}${leaf('text="hunter2" password="true"')}${leaf('text="Sign in"')}${END}`);
    const texts = (xml: string): string[] => nodes(xml).map((n) => n.text);
    assert.deepEqual(texts(toUiautomatorXml(d, { hidePasswords: true })), ['', 'Sign in']);
    assert.deepEqual(texts(toUiautomatorXml(d, { hidePasswords: false })), ['hunter2', 'Sign in']);
    assert.deepEqual(texts(toUiautomatorXml(d)), ['hunter2', 'Sign in']);
    assert.equal(nodes(toUiautomatorXml(d, { hidePasswords: true }))[0]!.password, true);
  });
});
