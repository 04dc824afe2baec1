import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { uiNode, type UiDump, type UiNode } from '../../src/hierarchy/model.js';
import { isGlanceError } from '../../src/errors.js';
import {
  actionFor,
  checkWaypoint,
  javaRegex,
  parseShortcut,
  parseWaypoint,
  selectNodes,
  shortcutTaken,
  waypointsOf,
  type Trailmap,
} from '../../src/trailmap/index.js';

const el = (desc: string, bounds: [number, number, number, number], extra: Partial<UiNode> = {}, children: UiNode[] = []): UiNode =>
  uiNode({ cls: 'XCUIElementTypeOther', desc, bounds, children, ...extra });

function screen(children: UiNode[]): UiDump {
  return {
    format: 'maestro-ios',
    platform: 'ios',
    rotation: 0,
    width: 400,
    height: 800,
    roots: [el('App', [0, 0, 400, 800], {}, children)],
  };
}

const list = screen([
  el('', [0, 60, 400, 110], { id: 'Toolbar' }, [el('Add', [340, 70, 380, 100])]),
  el('Kate Bell', [0, 120, 400, 180], {}, [el('Kate Bell', [60, 140, 200, 160])]),
  el('Search', [20, 700, 380, 740], { hint: 'Search', text: '' }),
]);

const WAYPOINT = `
id: "demo/list"
description: The list
ios:
  required:
    - description: toolbar
      selector:
        iosMaestro:
          resourceIdRegex: "Toolbar"
    - selector:
        iosMaestro:
          accessibilityTextRegex: "(?i)^add$"
          childOf:
            iosMaestro:
              resourceIdRegex: "Tool"
  forbidden:
    - selector:
        iosMaestro:
          accessibilityTextRegex: "First name"
`;

describe('selectors', () => {
  test('javaRegex takes leading inline flags and matches anywhere', () => {
    assert.ok(javaRegex('(?i)kate').test('Hello KATE bell'));
    assert.ok(javaRegex('(?s)a.b').test('a\nb'));
    assert.ok(!javaRegex('^Kate$').test('Kate Bell'));
  });

  test('all keys hold on one node; childOf looks at ancestors; minCount counts', () => {
    const [wp] = parseWaypoint(WAYPOINT, 'list.waypoint.yaml');
    assert.equal(checkWaypoint(list, wp!).ok, true);
    assert.deepEqual(
      selectNodes(list, { accessibilityTextRegex: 'Kate Bell' }).map((n) => n.bounds[0]),
      [0, 60],
    );
    assert.equal(selectNodes(list, { accessibilityTextRegex: 'Add', childOf: { accessibilityTextRegex: 'Kate' } }).length, 0);
    const twice = parseWaypoint(WAYPOINT.replace('"First name"', '"Kate Bell"\n          minCount: 3'), 'x')[0]!;
    assert.equal(checkWaypoint(list, twice).ok, true, 'two Kate Bell nodes do not reach minCount 3');
    const thrice = parseWaypoint(WAYPOINT.replace('"First name"', '"Kate Bell"\n          minCount: 2'), 'x')[0]!;
    assert.deepEqual(
      checkWaypoint(list, thrice).present.map((p) => p.selector.minCount),
      [2],
    );
    assert.deepEqual(waypointsOf(list, [wp!]), ['demo/list']);
  });

  test('an absent field never matches, not even .*', () => {
    assert.equal(selectNodes(list, { textRegex: '.*' }).length, 0);
  });

  test('unknown selector keys and bad YAML are coded errors naming the file', () => {
    for (const bad of ['id: x\nios:\n  required:\n    - selector: {iosMaestro: {colourRegex: red}}', 'id: [', 'id: x\n']) {
      assert.throws(
        () => parseWaypoint(bad, 'bad.waypoint.yaml'),
        (e: unknown) => isGlanceError(e, 'TRAILMAP_INVALID') && e.message.startsWith('bad.waypoint.yaml'),
      );
    }
  });
});

describe('shortcuts as transitions', () => {
  const map: Pick<Trailmap, 'shortcuts'> = {
    shortcuts: [
      parseShortcut('id: open\nshortcut: {from: demo/list, to: demo/detail}\ntools:\n  - tapOnElementWithText:\n      text: Kate Bell\n'),
      parseShortcut(
        'id: add\nshortcut: {from: demo/list, to: demo/new}\ntools:\n  - tapOnElementBySelector:\n      nodeSelector:\n        iosMaestro:\n          accessibilityTextRegex: "^Add$"\n',
      ),
      parseShortcut('id: type\nshortcut: {from: demo/list, to: demo/results}\ntools:\n  - inputText:\n      text: Kate\n'),
      parseShortcut('id: up\nshortcut: {from: demo/list, to: demo/bottom}\ntools:\n  - swipe:\n      direction: UP\n'),
    ],
  };

  test('a tap inside the named element takes the shortcut; a tap elsewhere does not', () => {
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'tap', x: 100, y: 150 }, list)?.to, 'demo/detail');
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'tap', x: 360, y: 85 }, list)?.to, 'demo/new');
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'tap', x: 100, y: 400 }, list), undefined);
    assert.equal(shortcutTaken(map, 'demo/other', { kind: 'tap', x: 100, y: 150 }, list), undefined);
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'longPress', x: 100, y: 150 }, list), undefined);
  });

  test('typing the same text and swiping the same way take theirs', () => {
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'type', text: 'Kate' }, list)?.id, 'type');
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'type', text: 'Kat' }, list), undefined);
    assert.equal(shortcutTaken(map, 'demo/list', { kind: 'swipe', direction: 'up' }, list)?.id, 'up');
  });

  test('actionFor finds the action that performs a tool, and it takes the shortcut', () => {
    for (const s of map.shortcuts) {
      const a = actionFor(s.tools[0]!, list);
      assert.ok(a, s.id);
      assert.equal(shortcutTaken(map, 'demo/list', a, list)?.id, s.id);
    }
    assert.deepEqual(actionFor(map.shortcuts[0]!.tools[0]!, list), { kind: 'tap', x: 130, y: 150 });
  });
});
