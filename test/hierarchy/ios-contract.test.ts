// The iOS hierarchy readers against what ios.ts promises, with hand-written inputs and expectations: what each
// element type does (iOS dumps carry no clickable/checkable flags), a switch's value as its checked state, where
// the screen is found, the frame of Maestro's frameless containers, Maestro's two node shapes and how a Maestro
// iOS hierarchy is recognised.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  iosChecked,
  iosElementNode,
  iosTraits,
  isMaestroIos,
  isWdaJson,
  parseMaestroIos,
  parseWdaJson,
  screenExtent,
} from '../../src/hierarchy/ios.js';
import { walk, type Bounds, type UiNode } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { thrown } from '../helpers/thrown.js';

const all = (roots: UiNode[]): UiNode[] => [...walk(roots)].map((e) => e.node);

describe('element types', () => {
  test('what each type does: clickable, checkable, editable, scrollable, password', () => {
    // [type, clickable, checkable, editable, scrollable, password]
    const table: Array<[string, boolean, boolean, boolean, boolean, boolean]> = [
      ['Button', true, false, false, false, false],
      ['Cell', true, false, false, false, false],
      ['Link', true, false, false, false, false],
      ['Switch', true, true, false, false, false],
      ['Toggle', true, true, false, false, false],
      ['CheckBox', true, true, false, false, false],
      ['RadioButton', true, true, false, false, false],
      ['Tab', true, false, false, false, false],
      ['MenuItem', true, false, false, false, false],
      ['MenuBarItem', true, false, false, false, false],
      ['MenuButton', true, false, false, false, false],
      ['PopUpButton', true, false, false, false, false],
      ['Key', true, false, false, false, false],
      ['Icon', true, false, false, false, false],
      ['DisclosureTriangle', true, false, false, false, false],
      ['ColorWell', true, false, false, false, false],
      ['Stepper', true, false, false, false, false],
      ['TextField', false, false, true, false, false],
      ['SecureTextField', false, false, true, false, true],
      ['SearchField', false, false, true, false, false],
      ['TextView', false, false, true, false, false],
      ['ScrollView', false, false, false, true, false],
      ['Table', false, false, false, true, false],
      ['CollectionView', false, false, false, true, false],
      ['Picker', false, false, false, true, false],
      ['PickerWheel', false, false, false, true, false],
      ['StaticText', false, false, false, false, false],
      ['Other', false, false, false, false, false],
      ['Image', false, false, false, false, false],
      ['Application', false, false, false, false, false],
      ['', false, false, false, false, false],
    ];
    for (const [type, clickable, checkable, editable, scrollable, password] of table) {
      const want = { clickable, checkable, editable, scrollable, password };
      assert.deepEqual(iosTraits(type), want, type);
      assert.deepEqual(iosTraits(`XCUIElementType${type}`), want, type);
    }
  });

  test("a checkable element's value 1, true or on (any case, blanks around) is checked; nothing else is", () => {
    for (const v of ['1', 'true', 'TRUE', 'On', ' 1 ', '\ttrue\n']) assert.equal(iosChecked('XCUIElementTypeSwitch', v), true, v);
    for (const v of ['0', 'false', 'off', '', '10', '01', 'x1', 'truex', 'on off', '1 1']) {
      assert.equal(iosChecked('XCUIElementTypeSwitch', v), false, v);
    }
    for (const type of ['CheckBox', 'RadioButton', 'Toggle']) assert.equal(iosChecked(type, '1'), true, type);
    // a value of 1 on an element that cannot be checked is only its text
    for (const type of ['XCUIElementTypeStaticText', 'XCUIElementTypeSlider', 'Button']) assert.equal(iosChecked(type, '1'), false, type);
  });
});

describe('the screen', () => {
  const at = (bounds: Bounds, children: UiNode[] = []): UiNode => iosElementNode('Other', bounds, {}, children);

  test('the first node from the top (breadth first) whose frame starts at the origin with a size', () => {
    assert.deepEqual(screenExtent([at([0, 0, 390, 844])]), { width: 390, height: 844 });
    // the root is offset: its child at the origin is the window
    assert.deepEqual(screenExtent([at([10, 20, 400, 800], [at([0, 0, 390, 844])])]), { width: 390, height: 844 });
    // breadth first: a shallower node at the origin wins over a deeper one met earlier in document order
    const deepFirst = at([5, 5, 50, 50], [at([1, 1, 2, 2], [at([0, 0, 111, 222])]), at([0, 0, 333, 444])]);
    assert.deepEqual(screenExtent([deepFirst]), { width: 333, height: 444 });
    // a node at the origin without width or height is no screen
    for (const empty of [
      [0, 0, 0, 844],
      [0, 0, 390, 0],
      [0, 0, -5, 844],
      [0, 0, 390, -1],
    ] as Bounds[]) {
      assert.deepEqual(screenExtent([at([5, 5, 50, 60], [at(empty), at([0, 0, 320, 480])])]), { width: 320, height: 480 }, String(empty));
    }
    // starting at the origin means both coordinates
    assert.deepEqual(screenExtent([at([0, 5, 50, 60], [at([5, 0, 70, 80]), at([0, 0, 320, 480])])]), { width: 320, height: 480 });
  });

  test('without a node at the origin among the first 64 from the top: how far the roots reach', () => {
    assert.deepEqual(screenExtent([at([10, 20, 400, 800]), at([5, 900, 300, 950])]), { width: 400, height: 950 });
    assert.deepEqual(screenExtent([at([-10, -20, -1, -2])]), { width: 0, height: 0 });
    assert.deepEqual(screenExtent([]), { width: 0, height: 0 });
    // 63 children after the root are looked at; the 64th is not
    const kids = (n: number): UiNode[] => Array.from({ length: n }, () => at([1, 1, 2, 2]));
    assert.deepEqual(screenExtent([at([1, 1, 500, 600], [...kids(62), at([0, 0, 320, 480])])]), { width: 320, height: 480 });
    assert.deepEqual(screenExtent([at([1, 1, 500, 600], [...kids(63), at([0, 0, 320, 480])])]), { width: 500, height: 600 });
  });

  test('the parsers take their size from it', () => {
    const wda = parseWdaJson({
      type: 'XCUIElementTypeOther',
      rect: { x: 10, y: 20, width: 5, height: 5 },
      children: [{ type: 'XCUIElementTypeWindow', rect: { x: 0, y: 0, width: 390, height: 844 } }],
    });
    assert.deepEqual([wda.width, wda.height], [390, 844]);
  });
});

describe('Maestro iOS hierarchy', () => {
  test("a frameless container (Maestro's synthetic root) spans its children that have an area, innermost first", () => {
    const d = parseMaestroIos({
      children: [
        { accessibilityText: 'a', x1: 10, y1: 20, x2: 100, y2: 200 },
        { accessibilityText: 'b', x1: 50, y1: 5, x2: 300, y2: 150 },
        { accessibilityText: 'nothing', x2: 0 },
        { accessibilityText: 'no width', x1: 400, x2: 400, y2: 900 },
        { accessibilityText: 'no height', x1: 0, y1: 600, x2: 500, y2: 600 },
        { accessibilityText: 'inverted', x1: 900, y1: 900, x2: 800, y2: 950 },
        // a frameless group inside: its own span counts
        { children: [{ accessibilityText: 'c', x1: 20, y1: 210, x2: 40, y2: 220 }] },
      ],
    });
    const [root] = d.roots;
    assert.deepEqual(root!.bounds, [10, 5, 300, 220]);
    assert.deepEqual(root!.children[6]!.bounds, [20, 210, 40, 220]);
    // x1..y2 absent but one of them named: a frame at the origin, not a span
    assert.deepEqual(root!.children[2]!.bounds, [0, 0, 0, 0]);
    // nothing to span
    assert.deepEqual(parseMaestroIos({ children: [{ children: [] }, { x2: 0, y2: 0 }] }).roots[0]!.bounds, [0, 0, 0, 0]);
    assert.deepEqual(parseMaestroIos({ children: [] }).roots[0]!.bounds, [0, 0, 0, 0]);
  });

  test("Maestro's TreeNode: attributes with a bounds string, flags beside them or inside, stated flags winning over the type", () => {
    const tree = {
      attributes: { accessibilityText: 'Contacts', bounds: '[0,0][402,874]' },
      children: [
        {
          attributes: { accessibilityText: 'Add', text: 'plus', 'resource-id': 'add', bounds: '[340.5,50][390,94.5]', enabled: 'false' },
          clickable: true,
          selected: true,
          children: [],
        },
        { attributes: { accessibilityText: 'Name', bounds: '[-4,100][402,140]', clickable: true, checked: true } },
        { attributes: { className: 'XCUIElementTypeButton', bounds: '[0,150][50,200]' }, clickable: false },
        { attributes: { className: 'XCUIElementTypeSwitch', value: '1', bounds: '[0,200][50,230]' }, checked: false },
        { attributes: { className: 'XCUIElementTypeSwitch', value: '1', bounds: '[0,240][50,270]' } },
        { attributes: { hintText: 'Search', bounds: '[0,300][402,340]', focused: 'true' } },
        { attributes: { className: 'XCUIElementTypeCheckBox', value: '0', bounds: '[0,350][50,380]' }, checked: true },
      ],
    };
    assert.equal(isMaestroIos(tree), true);
    const d = parseDump(JSON.stringify(tree));
    assert.equal(d.format, 'maestro-ios');
    assert.deepEqual([d.width, d.height], [402, 874]);
    const [root, add, name, button, off, on, search, box] = all(d.roots);
    assert.deepEqual(root!.bounds, [0, 0, 402, 874]);
    assert.deepEqual(
      [add!.desc, add!.text, add!.id, add!.bounds, add!.enabled, add!.clickable, add!.selected],
      ['Add', 'plus', 'add', [340.5, 50, 390, 94.5], false, true, true],
    );
    assert.deepEqual([name!.bounds, name!.clickable, name!.checked], [[-4, 100, 402, 140], true, true]);
    assert.deepEqual([button!.cls, button!.clickable], ['XCUIElementTypeButton', false]);
    assert.deepEqual([off!.text, off!.checked, on!.checked, box!.text, box!.checked], ['1', false, true, '0', true]);
    // no element type, but a placeholder: a text field
    assert.deepEqual(
      [search!.cls, search!.hint, search!.editable, search!.focused, search!.visible],
      ['XCUIElementTypeTextField', 'Search', true, true, true],
    );
  });

  test('element type from className, elementType or class, in that order; a placeholder makes only a typeless element a text field', () => {
    const d = parseMaestroIos({
      children: [
        { className: 'XCUIElementTypeButton', elementType: 'XCUIElementTypeCell', class: 'XCUIElementTypeLink', x2: 1 },
        { elementType: 'XCUIElementTypeCell', class: 'XCUIElementTypeLink', x2: 1 },
        { class: 'XCUIElementTypeLink', x2: 1 },
        { attributes: { class: 'XCUIElementTypeSearchField', hintText: 'Search', bounds: '[0,0][1,1]' } },
        { className: 'XCUIElementTypeButton', hintText: 'Go', x2: 1 },
        { hintText: 'Name', x2: 1 },
      ],
    });
    assert.deepEqual(
      d.roots[0]!.children.map((n) => [n.cls, n.hint]),
      [
        ['XCUIElementTypeButton', ''],
        ['XCUIElementTypeCell', ''],
        ['XCUIElementTypeLink', ''],
        ['XCUIElementTypeSearchField', 'Search'],
        ['XCUIElementTypeButton', 'Go'],
        ['XCUIElementTypeTextField', 'Name'],
      ],
    );
  });

  test('flags stated beside the attributes win over those inside; clickable and checked only when stated as booleans', () => {
    const node = (outside: Record<string, unknown>, inside: Record<string, unknown>) => ({
      ...outside,
      attributes: { className: 'XCUIElementTypeSwitch', value: '1', bounds: '[0,0][10,10]', ...inside },
    });
    const d = parseMaestroIos({
      children: [
        node({}, {}),
        node({ enabled: false, selected: true, focused: true, clickable: false, checked: false }, {}),
        node({}, { enabled: false, selected: true, focused: true, clickable: false, checked: false }),
        node(
          { enabled: true, selected: false, focused: false, clickable: true, checked: true },
          { enabled: false, selected: true, focused: true, clickable: false, checked: false },
        ),
        node({ enabled: 'false', selected: 'true', focused: '1' }, {}),
        node({ clickable: 'false', checked: 'false' }, {}),
      ],
    });
    const flags = (n: UiNode): boolean[] => [n.enabled, n.selected, n.focused, n.clickable, n.checked];
    assert.deepEqual(d.roots[0]!.children.map(flags), [
      [true, false, false, true, true],
      [false, true, true, false, false],
      [false, true, true, false, false],
      [true, false, false, true, true],
      [false, true, true, true, true],
      [true, false, false, true, true],
    ]);
  });

  test('bounds: an exact "[x,y][x,y]" string, else x1..y2; naming any one of them or a bounds field means a frame of its own', () => {
    const d = parseMaestroIos({
      children: [
        { attributes: { bounds: '[1.5,-2][30,40.25]' } },
        { attributes: { bounds: 'x[1,2][3,4]' }, children: [{ x1: 5, y1: 5, x2: 9, y2: 9 }] },
        { attributes: { bounds: '[1,2][3,4]x' }, children: [{ x1: 5, y1: 5, x2: 9, y2: 9 }] },
        { attributes: { bounds: '[1,2][3,4]', x1: 100, x2: 200 } },
        ...['x1', 'y1', 'x2', 'y2'].map((k) => ({ [k]: 0, children: [{ x1: 5, y1: 5, x2: 9, y2: 9 }] })),
      ],
    });
    assert.deepEqual(
      d.roots[0]!.children.map((n) => n.bounds),
      [
        [1.5, -2, 30, 40.25],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [1, 2, 3, 4],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    );
  });

  test('flat nodes: defaults where omitted, the capture giving the device size', () => {
    const d = parseDump(
      JSON.stringify({
        deviceWidth: 402,
        deviceHeight: 874,
        viewHierarchy: {
          centerPoint: '0,0',
          enabled: false,
          children: [
            {
              accessibilityText: 'Contacts',
              x2: 390,
              y2: 800,
              children: [{ text: 'Ada', resourceId: 'row', x1: 0, y1: 100, x2: 390, y2: 144 }],
            },
          ],
        },
      }),
    );
    assert.deepEqual([d.format, d.platform, d.width, d.height], ['maestro-ios', 'ios', 402, 874]);
    const [root, list, row] = all(d.roots);
    assert.deepEqual([root!.enabled, list!.enabled, list!.bounds], [false, true, [0, 0, 390, 800]]);
    assert.deepEqual([row!.text, row!.id, row!.cls, row!.clickable, row!.index], ['Ada', 'row', 'XCUIElementTypeOther', false, 0]);
  });

  test('recognised by a capture wrapper, or by a node with children or attributes that names a Maestro field', () => {
    assert.equal(isMaestroIos({ viewHierarchy: {} }), true);
    for (const key of ['accessibilityText', 'resourceId', 'x2', 'y2', 'centerPoint', 'hintText']) {
      assert.equal(isMaestroIos({ [key]: 'x', children: [] }), true, key);
      // a lone node with no children array is no hierarchy
      assert.equal(isMaestroIos({ [key]: 'x' }), false, key);
    }
    assert.equal(isMaestroIos({ attributes: {} }), true);
    assert.equal(isMaestroIos({ children: [] }), false);
    assert.equal(isMaestroIos({ children: [], text: 'x', nodeId: 1 }), false);
    for (const v of [null, 'viewHierarchy', 7, [{ accessibilityText: 'x', children: [] }]]) assert.equal(isMaestroIos(v), false, String(v));
  });

  test('a node that is not an object: DUMP_MALFORMED naming the format, with a hint', () => {
    for (const bad of [7, null, 'x', [1]]) {
      const e = thrown(() => parseMaestroIos({ children: [{ accessibilityText: 'ok' }, bad] }));
      assert.equal(e.code, 'DUMP_MALFORMED');
      assert.equal(e.message, 'Maestro iOS hierarchy: a node is not an object');
      assert.equal(e.hint, 'expected a WebDriverAgent page source or a Maestro iOS hierarchy (JSON); take a fresh one');
    }
  });
});

describe('WDA JSON page source', () => {
  const rect = { x: 0, y: 0, width: 10, height: 10 };

  test('flags under either name (isEnabled or enabled, …), as booleans, "1"/"0" or "true"/"false"; anything else keeps the default', () => {
    const d = parseWdaJson({
      type: 'XCUIElementTypeOther',
      rect: { x: 0, y: 0, width: 390, height: 844 },
      children: [
        { type: 'XCUIElementTypeButton', rect, enabled: false, visible: false, selected: true, focused: true },
        { type: 'XCUIElementTypeButton', rect, isEnabled: 'false', isVisible: '0', isSelected: '1', hasFocus: 'true' },
        { type: 'XCUIElementTypeButton', rect, isEnabled: 'no', isVisible: 0, isSelected: 'yes', hasFocus: 1 },
        // the WDA name wins over the short one
        { type: 'XCUIElementTypeButton', rect, isEnabled: true, enabled: false, isSelected: false, selected: true },
      ],
    });
    const flags = (n: UiNode): boolean[] => [n.enabled, n.visible, n.selected, n.focused];
    assert.deepEqual(d.roots[0]!.children.map(flags), [
      [false, false, true, true],
      [false, false, true, true],
      [true, true, false, false],
      [true, true, false, false],
    ]);
  });

  test('rect numbers are finite numbers or numeric strings; anything else is 0', () => {
    const d = parseWdaJson({
      type: 'XCUIElementTypeOther',
      rect: { x: 0, y: 0, width: 390, height: 844 },
      children: [
        { type: 'XCUIElementTypeButton', rect: { x: '10', y: ' 20 ', width: '12.5', height: 4 } },
        { type: 'XCUIElementTypeButton', rect: { x: true, y: [5], width: 'wide', height: '' } },
        { type: 'XCUIElementTypeButton', rect: { x: null, y: {}, width: [3], height: false } },
        // a caller's object (not JSON) may hold numbers that are not finite
        { type: 'XCUIElementTypeButton', rect: { x: NaN, y: Infinity, width: -Infinity, height: NaN } },
      ],
    });
    assert.deepEqual(
      d.roots[0]!.children.map((n) => n.bounds),
      [
        [10, 20, 22.5, 24],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [0, 0, 0, 0],
      ],
    );
  });

  test('an element whose value is a string is an element (its text), not an answer wrapping one', () => {
    const field = { type: 'XCUIElementTypeTextField', value: 'hello', rect: { x: 0, y: 0, width: 100, height: 40 } };
    const d = parseDump(JSON.stringify(field));
    assert.equal(d.format, 'wda-json');
    assert.equal(d.roots[0]!.text, 'hello');
    // the answer form wraps an object
    assert.equal(parseDump(JSON.stringify({ value: field, sessionId: 's' })).roots[0]!.text, 'hello');
  });

  test('recognising it never throws on values that are not objects', () => {
    for (const v of [undefined, null, 'XCUIElementTypeOther', 7, true]) {
      assert.equal(isWdaJson(v), false, String(v));
      assert.equal(isMaestroIos(v), false, String(v));
    }
  });
});
