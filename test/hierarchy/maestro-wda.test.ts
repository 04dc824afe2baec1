// Two hierarchy formats with hand-written inputs and hand-written expectations: Maestro's Android hierarchy (the
// flat Trailblaze capture and Maestro's TreeNode with string flags and "[x,y][x,y]" bounds) and WebDriverAgent's
// XML page source, read and written (the virtual iPhone serves what toWdaXml writes).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import { isMaestroAndroid, parseMaestroAndroid } from '../../src/hierarchy/maestro-android.js';
import { isWdaXml, parseWdaXml, toWdaXml } from '../../src/hierarchy/wda-xml.js';
import { iosElementNode, isWdaJson, parseWdaJson } from '../../src/hierarchy/ios.js';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { flagsOn } from '../helpers/flags.js';
import { isGlanceError } from '../../src/errors.js';

/** The fields a test names, from every node in document order. */
const pick = <K extends keyof UiNode>(roots: UiNode[], keys: K[]): Array<Pick<UiNode, K>> =>
  [...walk(roots)].map(({ node }) => Object.fromEntries(keys.map((k) => [k, node[k]])) as Pick<UiNode, K>);

describe('Maestro Android hierarchy', () => {
  const trailblaze = {
    deviceWidth: 1080,
    deviceHeight: 2400,
    viewHierarchy: {
      className: 'android.widget.FrameLayout',
      x1: 0,
      y1: 0,
      x2: 1080,
      y2: 2340,
      children: [
        {
          className: 'android.widget.EditText',
          text: 'ada',
          hintText: 'Name',
          resourceId: 'app:id/name',
          packageName: 'dev.app',
          x1: 10,
          y1: 20,
          x2: 500,
          y2: 120,
          focusable: true,
          focused: true,
          password: true,
        },
        {
          className: 'android.widget.Switch',
          accessibilityText: 'Wi-Fi',
          x1: '0',
          y1: '200',
          x2: '100',
          y2: '260',
          checkable: true,
          checked: true,
          enabled: false,
        },
        {
          className: 'android.widget.Button',
          text: 'Go',
          x1: 0,
          y1: 300,
          x2: 200,
          y2: 400,
          clickable: true,
          longClickable: true,
          scrollable: true,
          selected: true,
        },
      ],
    },
  };

  test('a Trailblaze capture: detected, fields and flags read, defaults where omitted, screen from the capture', () => {
    assert.equal(isMaestroAndroid(trailblaze), true);
    const d = parseDump(JSON.stringify(trailblaze));
    assert.equal(d.format, 'maestro-android');
    assert.equal(d.platform, 'android');
    assert.deepEqual([d.width, d.height, d.rotation], [1080, 2400, 0]);
    assert.deepEqual(pick(d.roots, ['cls', 'text', 'desc', 'hint', 'id', 'pkg', 'bounds', 'index', 'editable']), [
      {
        cls: 'android.widget.FrameLayout',
        text: '',
        desc: '',
        hint: '',
        id: '',
        pkg: '',
        bounds: [0, 0, 1080, 2340],
        index: 0,
        editable: false,
      },
      {
        cls: 'android.widget.EditText',
        text: 'ada',
        desc: '',
        hint: 'Name',
        id: 'app:id/name',
        pkg: 'dev.app',
        bounds: [10, 20, 500, 120],
        index: 0,
        editable: true,
      },
      {
        cls: 'android.widget.Switch',
        text: '',
        desc: 'Wi-Fi',
        hint: '',
        id: '',
        pkg: '',
        bounds: [0, 200, 100, 260],
        index: 1,
        editable: false,
      },
      {
        cls: 'android.widget.Button',
        text: 'Go',
        desc: '',
        hint: '',
        id: '',
        pkg: '',
        bounds: [0, 300, 200, 400],
        index: 2,
        editable: false,
      },
    ]);
    const on = (n: UiNode) => flagsOn(n);
    assert.deepEqual(
      [...walk(d.roots)].map(({ node }) => on(node)),
      [
        ['enabled'],
        ['enabled', 'focusable', 'focused', 'password'],
        ['checkable', 'checked'],
        ['clickable', 'longClickable', 'enabled', 'scrollable', 'selected'],
      ],
    );
  });

  test("Maestro's TreeNode: attributes with string flags and bounds, kebab-case names, flags beside the attributes", () => {
    const tree = {
      attributes: { class: 'android.widget.LinearLayout', bounds: '[0,0][720,1280]' },
      children: [
        {
          attributes: {
            class: 'android.widget.CheckBox',
            text: 'Remember',
            'resource-id': 'app:id/remember',
            'content-desc': 'remember me',
            package: 'dev.app',
            bounds: '[-5,10.5][300,90]',
            checked: 'true',
            enabled: 'false',
            'long-clickable': 'true',
          },
          clickable: true,
          children: [],
        },
      ],
    };
    assert.equal(isMaestroAndroid(tree), true);
    const d = parseMaestroAndroid(tree);
    // No device size in a TreeNode: the screen is the root's extent.
    assert.deepEqual([d.width, d.height], [720, 1280]);
    const [root, box] = [...walk(d.roots)].map((e) => e.node);
    assert.deepEqual(root!.bounds, [0, 0, 720, 1280]);
    assert.deepEqual(
      { cls: box!.cls, text: box!.text, desc: box!.desc, id: box!.id, pkg: box!.pkg, bounds: box!.bounds },
      {
        cls: 'android.widget.CheckBox',
        text: 'Remember',
        desc: 'remember me',
        id: 'app:id/remember',
        pkg: 'dev.app',
        bounds: [-5, 10.5, 300, 90],
      },
    );
    assert.deepEqual(
      { checked: box!.checked, enabled: box!.enabled, longClickable: box!.longClickable, clickable: box!.clickable },
      { checked: true, enabled: false, longClickable: true, clickable: true },
    );
  });

  test('only Android shapes are taken: class names or resource ids say so, looked for below the root too', () => {
    assert.equal(isMaestroAndroid({ attributes: { class: 'androidx.compose.ui.platform.ComposeView' }, children: [] }), true);
    assert.equal(isMaestroAndroid({ attributes: { class: 'com.google.android.material.Chip' } }), true);
    assert.equal(isMaestroAndroid({ attributes: { class: 'View', 'resource-id': 'pkg:id/x' } }), true);
    assert.equal(isMaestroAndroid({ attributes: { class: 'View' }, children: [{ children: [{ className: 'android.view.View' }] }] }), true);
    // iOS screens use the same node shapes
    assert.equal(isMaestroAndroid({ attributes: { class: 'XCUIElementTypeButton', 'resource-id': 'login' }, children: [] }), false);
    assert.equal(isMaestroAndroid({ attributes: { class: 'myandroid.View' }, children: [] }), false);
    // not a hierarchy at all
    assert.equal(isMaestroAndroid({ className: 'android.widget.Button' }), false);
    assert.equal(isMaestroAndroid([{ className: 'android.widget.Button', children: [] }]), false);
    assert.equal(isMaestroAndroid(null), false);
    assert.equal(isMaestroAndroid('android.widget.Button'), false);
  });

  test('children keep their order and their index among siblings; non-object children are skipped', () => {
    const d = parseMaestroAndroid({
      viewHierarchy: {
        className: 'android.widget.FrameLayout',
        children: [{ className: 'a.A', text: '1' }, 7, { className: 'a.B', text: '2', children: [{ className: 'a.C', text: '3' }] }],
      },
    });
    assert.deepEqual(
      [...walk(d.roots)].map(({ node, depth }) => [node.text, node.index, depth]),
      [
        ['', 0, 0],
        ['1', 0, 1],
        ['2', 2, 1],
        ['3', 0, 2],
      ],
    );
    // without the device size or bounds, the screen is 0×0 rather than NaN
    assert.deepEqual([d.width, d.height], [0, 0]);
  });
});

const SOURCE = `<?xml version="1.0" encoding="UTF-8"?>
<AppiumAUT>
<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" enabled="true" visible="true" x="0" y="0" width="390" height="844" index="0">
  <XCUIElementTypeButton type="XCUIElementTypeButton" name="login-button" label="Log in" enabled="true" visible="true" x="20" y="100" width="350" height="44" index="0"/>
  <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" name="Wi-Fi" label="Wi-Fi" value="1" enabled="false" visible="true" selected="true" x="300" y="200" width="51" height="31" index="1"/>
  <XCUIElementTypeSecureTextField type="XCUIElementTypeSecureTextField" name="pw" label="" value="••••" placeholderValue="Password" enabled="true" visible="false" focused="1" x="20" y="300" width="350" height="40" index="2"/>
  <XCUIElementTypeStaticText type="XCUIElementTypeStaticText" name="a &amp; b" label="a &amp; b" x="x" y="" index="3"/>
</XCUIElementTypeApplication>
</AppiumAUT>
`;

describe('WebDriverAgent XML page source', () => {
  test('read: wrapper skipped, name as identifier only when it is not the label, flags, secure value never text', () => {
    assert.equal(isWdaXml(SOURCE), true);
    const d = parseDump(SOURCE);
    assert.equal(d.format, 'wda');
    assert.equal(d.platform, 'ios');
    assert.deepEqual([d.width, d.height], [390, 844]);
    assert.deepEqual(pick(d.roots, ['cls', 'text', 'desc', 'hint', 'id', 'bounds', 'index']), [
      { cls: 'XCUIElementTypeApplication', text: '', desc: 'Demo', hint: '', id: '', bounds: [0, 0, 390, 844], index: 0 },
      { cls: 'XCUIElementTypeButton', text: '', desc: 'Log in', hint: '', id: 'login-button', bounds: [20, 100, 370, 144], index: 0 },
      { cls: 'XCUIElementTypeSwitch', text: '1', desc: 'Wi-Fi', hint: '', id: '', bounds: [300, 200, 351, 231], index: 1 },
      { cls: 'XCUIElementTypeSecureTextField', text: '', desc: '', hint: 'Password', id: 'pw', bounds: [20, 300, 370, 340], index: 2 },
      { cls: 'XCUIElementTypeStaticText', text: '', desc: 'a & b', hint: '', id: '', bounds: [0, 0, 0, 0], index: 3 },
    ]);
    const [, button, sw, secure, label] = [...walk(d.roots)].map((e) => e.node);
    assert.deepEqual([button!.enabled, button!.visible, button!.clickable, button!.selected], [true, true, true, false]);
    assert.deepEqual([sw!.enabled, sw!.checked, sw!.selected, sw!.checkable], [false, true, true, true]);
    assert.deepEqual([secure!.password, secure!.visible, secure!.focused, secure!.editable], [true, false, true, true]);
    // attributes left out take their defaults
    assert.deepEqual([label!.enabled, label!.visible, label!.selected, label!.focused], [true, true, false, false]);
  });

  test('elements without an index attribute are numbered among their siblings', () => {
    const d = parseWdaXml(
      '<XCUIElementTypeOther><XCUIElementTypeButton label="a"/><XCUIElementTypeButton label="b"/></XCUIElementTypeOther>',
    );
    assert.deepEqual(
      [...walk(d.roots)].map(({ node }) => [node.desc, node.index]),
      [
        ['', 0],
        ['a', 0],
        ['b', 1],
      ],
    );
  });

  test('recognised only by an XCUIElementType element near the start', () => {
    assert.equal(isWdaXml('<XCUIElementTypeButton/>'), true);
    assert.equal(isWdaXml('<XCUIElementTypeButton name="x">'), true);
    assert.equal(isWdaXml('<hierarchy><node class="XCUIElementTypeButton"/></hierarchy>'), false);
    assert.equal(isWdaXml(`<a>${' '.repeat(5000)}<XCUIElementTypeButton/></a>`), false);
  });

  test('cut off, malformed or empty sources are coded errors', () => {
    const code = (text: string): string => {
      try {
        parseWdaXml(text);
      } catch (e) {
        assert.ok(isGlanceError(e), String(e));
        return e.code;
      }
      return 'parsed';
    };
    assert.equal(code(SOURCE.slice(0, SOURCE.indexOf('<XCUIElementTypeSwitch'))), 'DUMP_TRUNCATED');
    assert.equal(code(SOURCE.slice(0, SOURCE.indexOf('<XCUIElementTypeSwitch') + 30)), 'DUMP_TRUNCATED');
    assert.equal(code('<XCUIElementTypeOther><XCUIElementTypeButton></XCUIElementTypeOther>'), 'DUMP_MALFORMED');
    assert.equal(code('<AppiumAUT><other/></AppiumAUT>'), 'DUMP_NOT_RECOGNISED');
  });

  test('written: one element per line, two spaces a level, attributes escaped, and read back the same', () => {
    const screen = iosElementNode('Application', [0, 0, 390, 844], { label: 'Demo' }, [
      iosElementNode('Button', [20, 100, 370, 144], { label: 'Say "hi" & <go>', identifier: 'go' }),
      iosElementNode('Other', [0, 200, 390, 400], {}, [
        iosElementNode('Switch', [300, 210, 351, 241], { label: 'Wi-Fi', value: '1', selected: true }),
        iosElementNode('TextField', [20, 300, 370, 340], { value: 'line1\nline2', placeholder: 'Note', focused: true, enabled: false }),
      ]),
    ]);
    const xml = toWdaXml({ roots: [screen] });
    assert.equal(
      xml,
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Demo" label="Demo" enabled="true" visible="true" accessible="true" x="0" y="0" width="390" height="844" index="0">',
        '  <XCUIElementTypeButton type="XCUIElementTypeButton" name="go" label="Say &quot;hi&quot; &amp; &lt;go&gt;" enabled="true" visible="true" accessible="true" x="20" y="100" width="350" height="44" index="0"/>',
        '  <XCUIElementTypeOther type="XCUIElementTypeOther" enabled="true" visible="true" accessible="false" x="0" y="200" width="390" height="200" index="1">',
        '    <XCUIElementTypeSwitch type="XCUIElementTypeSwitch" value="1" name="Wi-Fi" label="Wi-Fi" enabled="true" visible="true" accessible="true" selected="true" x="300" y="210" width="51" height="31" index="0"/>',
        '    <XCUIElementTypeTextField type="XCUIElementTypeTextField" value="line1&#10;line2" placeholderValue="Note" enabled="false" visible="true" accessible="true" focused="true" x="20" y="300" width="350" height="40" index="1"/>',
        '  </XCUIElementTypeOther>',
        '</XCUIElementTypeApplication>',
        '',
      ].join('\n'),
    );
    const back = parseWdaXml(xml);
    const fields: Array<keyof UiNode> = ['cls', 'text', 'desc', 'hint', 'id', 'bounds', 'checked', 'enabled', 'selected', 'focused'];
    assert.deepEqual(pick(back.roots, fields as never[]), pick([screen], fields as never[]));
    // the index written is the place among siblings
    assert.deepEqual(
      [...walk(back.roots)].map(({ node }) => node.index),
      [0, 0, 1, 0, 1],
    );
  });
});

describe('WebDriverAgent JSON page source', () => {
  const source = {
    sessionId: 'abc',
    value: {
      type: 'XCUIElementTypeApplication',
      label: 'Demo',
      name: 'Demo',
      rect: { x: 0, y: 0, width: 390, height: 844 },
      isEnabled: true,
      isVisible: true,
      children: [
        {
          type: 'XCUIElementTypeButton',
          label: 'Log in',
          name: 'Log in',
          rawIdentifier: 'login-button',
          rect: { x: 20, y: '100', width: 350, height: 44 },
          isEnabled: '1',
        },
        {
          type: 'XCUIElementTypeSwitch',
          label: 'Wi-Fi',
          name: 'wifi',
          value: 1,
          rect: { x: 300, y: 200, width: 51, height: 31 },
          isEnabled: false,
          isSelected: 'true',
          children: [],
        },
        { type: 'XCUIElementTypeTextField', placeholderValue: 'Search', rect: { x: 'x' }, isVisible: '0', hasFocus: true },
      ],
    },
  };

  test('read inside the {value, sessionId} answer: identifiers, rect, flags as booleans, strings or digits', () => {
    assert.equal(isWdaJson(source), true);
    assert.equal(isWdaJson(source.value), true);
    const d = parseDump(JSON.stringify(source));
    assert.equal(d.format, 'wda-json');
    assert.equal(d.platform, 'ios');
    assert.deepEqual([d.width, d.height], [390, 844]);
    assert.deepEqual(pick(d.roots, ['cls', 'text', 'desc', 'hint', 'id', 'bounds', 'index']), [
      { cls: 'XCUIElementTypeApplication', text: '', desc: 'Demo', hint: '', id: '', bounds: [0, 0, 390, 844], index: 0 },
      { cls: 'XCUIElementTypeButton', text: '', desc: 'Log in', hint: '', id: 'login-button', bounds: [20, 100, 370, 144], index: 0 },
      { cls: 'XCUIElementTypeSwitch', text: '1', desc: 'Wi-Fi', hint: '', id: 'wifi', bounds: [300, 200, 351, 231], index: 1 },
      { cls: 'XCUIElementTypeTextField', text: '', desc: '', hint: 'Search', id: '', bounds: [0, 0, 0, 0], index: 2 },
    ]);
    const [, button, sw, field] = [...walk(d.roots)].map((e) => e.node);
    assert.deepEqual([button!.enabled, button!.visible, button!.selected, button!.focused], [true, true, false, false]);
    assert.deepEqual([sw!.enabled, sw!.selected, sw!.checked], [false, true, true]);
    assert.deepEqual([field!.enabled, field!.visible, field!.focused], [true, false, true]);
  });

  test('only an object with a type and a rect is WDA JSON; a node that is not an object is a coded error', () => {
    assert.equal(isWdaJson({ type: 'XCUIElementTypeOther' }), false);
    assert.equal(isWdaJson({ type: 7, rect: {} }), false);
    assert.equal(isWdaJson({ value: 'XCUIElementTypeOther', rect: {} }), false);
    assert.equal(isWdaJson(null), false);
    assert.throws(
      () => parseWdaJson({ type: 'XCUIElementTypeOther', rect: {}, children: [{ type: 'XCUIElementTypeButton', rect: {} }, 'junk'] }),
      (e: unknown) => isGlanceError(e) && e.code === 'DUMP_MALFORMED' && /^WDA JSON source: a node is not an object/.test(e.message),
    );
  });
});

test("WDA XML written: a checkable element's value is 1 or 0 whatever its text; read back with its checked state", () => {
  const screen = iosElementNode('Other', [0, 0, 390, 844], {}, [
    iosElementNode('Switch', [0, 0, 51, 31], { label: 'Wi-Fi', value: '0' }),
    iosElementNode('CheckBox', [0, 40, 51, 71], { label: 'Remember', value: 'on' }),
  ]);
  const xml = toWdaXml({ roots: [screen] });
  assert.deepEqual(
    [...walk(parseWdaXml(xml).roots)].map(({ node }) => [node.text, node.checked]),
    [
      ['', false],
      ['0', false],
      ['1', true],
    ],
  );
});

describe('Maestro Android hierarchy, recognised from a bounded look', () => {
  const withChildren = (children: unknown[]) => ({ attributes: { class: 'XCUIElementTypeOther' }, children });
  const ios = (n: number): unknown[] => Array.from({ length: n }, () => ({ attributes: { class: 'XCUIElementTypeCell' } }));
  const android = { attributes: { class: 'android.widget.TextView' } };

  test('only the first 500 nodes are looked at (the root, then its children from the last)', () => {
    // the root is node 1; the first child listed is looked at last
    assert.equal(isMaestroAndroid(withChildren([android, ...ios(498)])), true);
    assert.equal(isMaestroAndroid(withChildren([android, ...ios(499)])), false);
    assert.equal(isMaestroAndroid(withChildren([android, ...ios(5000)])), false);
  });

  test('children that are not objects are stepped over', () => {
    assert.equal(isMaestroAndroid(withChildren([android, 7, null, 'x', [android]])), true);
    assert.equal(isMaestroAndroid(withChildren([7, null])), false);
  });
});

describe('Maestro Android hierarchy, field by field', () => {
  test('recognised by a flat resourceId too; a class name counts only as a string', () => {
    assert.equal(isMaestroAndroid({ className: 'View', resourceId: 'dev.app:id/title', children: [] }), true);
    assert.equal(isMaestroAndroid({ className: ['android.widget.Button'], children: [] }), false);
    assert.equal(isMaestroAndroid({ className: 'View', resourceId: ['dev.app:id/title'], children: [] }), false);
  });

  test('coordinates are numbers or numeric strings, anything else 0 (a NaN from a caller included)', () => {
    const d = parseMaestroAndroid({ className: 'android.view.View', x1: NaN, y1: '5', x2: 'wide', y2: 7.5 });
    assert.deepEqual(d.roots[0]!.bounds, [0, 5, 0, 7.5]);
  });

  test('numbers as text, isPassword as the password flag, the capture size over the content, exact bounds strings', () => {
    const d = parseMaestroAndroid({
      deviceWidth: 1080,
      deviceHeight: 2400,
      viewHierarchy: {
        className: 'android.widget.FrameLayout',
        x2: 720,
        y2: 1280,
        children: [
          { className: 'android.widget.TextView', text: 42, accessibilityText: 1.5, x1: 10, y1: 20, x2: 110, y2: 220 },
          { isPassword: true, attributes: { class: 'android.widget.EditText', bounds: '[100,200][300,400]' } },
          { attributes: { class: 'android.view.View', bounds: 'x[100,200][300,400]' } },
          { attributes: { class: 'android.view.View', bounds: '[100,200][300,400]x' } },
        ],
      },
    });
    assert.deepEqual([d.width, d.height], [1080, 2400]);
    const [, label, password, before, after] = [...walk(d.roots)].map((e) => e.node);
    assert.deepEqual([label!.text, label!.desc, label!.bounds], ['42', '1.5', [10, 20, 110, 220]]);
    assert.deepEqual([password!.password, password!.bounds], [true, [100, 200, 300, 400]]);
    assert.deepEqual(
      [before!.bounds, after!.bounds],
      [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    );
  });
});
