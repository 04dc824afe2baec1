// WebDriverAgent's XML page source against what wda-xml.ts promises, with hand-written inputs: attribute values
// read as written, the type and index attributes over the tag and the position, and for a cut-off or broken
// source the coded error with its message, hint, next step and place.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseWdaXml, toWdaXml } from '../../src/hierarchy/wda-xml.js';
import { iosElementNode, parseWdaJson } from '../../src/hierarchy/ios.js';
import { walk } from '../../src/hierarchy/model.js';
import { thrown } from '../helpers/thrown.js';

const APP = '<XCUIElementTypeApplication type="XCUIElementTypeApplication" x="0" y="0" width="390" height="844">';

describe('reading', () => {
  test('attribute values are read as written: blanks around a label or value are kept, as the JSON source keeps them', () => {
    const xml = `${APP}<XCUIElementTypeTextField type="XCUIElementTypeTextField" label=" Name " value="  ada&#10;" x="0" y="0" width="9" height="9"/></XCUIElementTypeApplication>`;
    const [, field] = [...walk(parseWdaXml(xml).roots)].map((e) => e.node);
    assert.deepEqual([field!.desc, field!.text], [' Name ', '  ada\n']);
    const json = parseWdaJson({
      type: 'XCUIElementTypeTextField',
      label: ' Name ',
      value: '  ada\n',
      rect: { x: 0, y: 0, width: 9, height: 9 },
    });
    assert.deepEqual([json.roots[0]!.desc, json.roots[0]!.text], [field!.desc, field!.text]);
  });

  test('written and read back, a value with blanks, tabs and line breaks around it comes back whole', () => {
    const screen = iosElementNode('Other', [0, 0, 390, 844], {}, [
      iosElementNode('TextField', [0, 0, 100, 40], { value: '\t two words \r\n', label: '  Name  ', identifier: 'name' }),
    ]);
    const [, back] = [...walk(parseWdaXml(toWdaXml({ roots: [screen] })).roots)].map((e) => e.node);
    assert.deepEqual([back!.text, back!.desc, back!.id], ['\t two words \r\n', '  Name  ', 'name']);
  });

  test('the type attribute names the element over its tag; the index attribute over its place', () => {
    const d = parseWdaXml(
      '<XCUIElementTypeOther x="0" y="0" width="9" height="9"><XCUIElementTypeOther type="XCUIElementTypeButton" index="5"/><XCUIElementTypeCell index="x"/></XCUIElementTypeOther>',
    );
    assert.deepEqual(
      [...walk(d.roots)].map(({ node }) => [node.cls, node.index, node.clickable]),
      [
        ['XCUIElementTypeOther', 0, false],
        ['XCUIElementTypeButton', 5, true],
        ['XCUIElementTypeCell', 0, true],
      ],
    );
  });

  test("the XML declaration, Appium's wrapper and text between elements are not elements", () => {
    const d = parseWdaXml(
      `<?xml version="1.0" encoding="UTF-8"?>\n<AppiumAUT>\n  text\n  ${APP}\n  hello\n  <XCUIElementTypeButton label="Go"/>\n</XCUIElementTypeApplication>\n</AppiumAUT>\n`,
    );
    assert.deepEqual(
      [...walk(d.roots)].map(({ node }) => [node.cls, node.desc, node.index]),
      [
        ['XCUIElementTypeApplication', '', 0],
        ['XCUIElementTypeButton', 'Go', 0],
      ],
    );
  });
});

describe('coded errors', () => {
  test('cut off: DUMP_TRUNCATED with its place, a hint to read it again and a fresh snapshot as the next step', () => {
    for (const cut of [
      `${APP}<XCUIElementTypeButton label="Log`,
      `${APP}<XCUIElementTypeButton label="Go"/>`,
      `${APP}</XCUIElementTypeApplicat`,
    ]) {
      const e = thrown(() => parseWdaXml(cut));
      assert.equal(e.code, 'DUMP_TRUNCATED', cut);
      assert.match(e.message, /^the WDA page source does not parse: .+ \(line 1, column \d+\)$/, cut);
      assert.equal(e.hint, 'the source was cut off: read it again', cut);
      assert.deepEqual(e.next, { tool: 'device_snapshot' }, cut);
      assert.deepEqual(Object.keys(e.context ?? {}), ['line', 'col'], cut);
    }
  });

  test('broken inside: DUMP_MALFORMED with the parser message and place, pointing at what was expected, no next step', () => {
    const cases: Array<[string, string]> = [
      [
        `${APP}</XCUIElementTypeButton>`,
        "Expected closing tag 'XCUIElementTypeApplication' (opened in line 1, col 1) instead of closing tag 'XCUIElementTypeButton'.",
      ],
      [`${APP}<XCUIElementTypeButton a=b/></XCUIElementTypeApplication>`, "Attribute 'a' is without value."],
      [`${APP}</XCUIElementTypeApplication>junk`, 'Extra text at the end'],
      [`${APP}<XCUIElementTypeButton a="1" a="2"/></XCUIElementTypeApplication>`, "Attribute 'a' is repeated."],
    ];
    for (const [xml, msg] of cases) {
      const e = thrown(() => parseWdaXml(xml));
      assert.equal(e.code, 'DUMP_MALFORMED', xml);
      assert.equal(e.message, `the WDA page source does not parse: ${msg} (line 1, column ${e.context?.['col']})`, xml);
      assert.equal(e.hint, 'expected the XML of WebDriverAgent `GET /source`', xml);
      assert.equal(e.next, undefined, xml);
      assert.equal(typeof e.context?.['line'], 'number', xml);
    }
    const place = thrown(() => parseWdaXml(`${APP}\n  <XCUIElementTypeButton a=b/>\n</XCUIElementTypeApplication>`));
    assert.deepEqual(place.context, { line: 2, col: 26 });
  });

  test('no XCUIElementType element at all: DUMP_NOT_RECOGNISED, naming what was expected', () => {
    const e = thrown(() => parseWdaXml('<?xml version="1.0"?><AppiumAUT><other/></AppiumAUT>'));
    assert.equal(e.code, 'DUMP_NOT_RECOGNISED');
    assert.equal(e.message, 'the XML holds no XCUIElementType element');
    assert.equal(e.hint, 'expected the XML of WebDriverAgent `GET /source`');
  });
});
