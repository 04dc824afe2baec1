// Path search over hand-made UI Maps: what a path is, which edge it takes when two lead to the same screen, how
// an activity is named (whole name, package suffix, or an unambiguous simple name), and where an element sits.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { findPaths, findPathsByText, searchElements, shortestPath } from '../../src/uimap/paths.js';
import type { MapActivity, MapElement, MapTransition, UiMap } from '../../src/uimap/model.js';
import { handMap, mapActivity as activity } from './hand-maps.js';

const button = (id: string, text?: string): MapElement =>
  text === undefined ? { id, class: 'android.widget.Button' } : { id, class: 'android.widget.Button', text };

const uiMap = (activities: MapActivity[], transitions: MapTransition[]): UiMap => handMap(activities, transitions, { package: 'org.p' });

/** A step as one line: `from → to by kind element`. */
const line = (s: { from: string; to: string; trigger?: { kind: string; element?: string }; back?: true }): string =>
  `${s.from.replace('org.p.', '')} → ${s.to.replace('org.p.', '')}${s.trigger ? ` by ${s.trigger.kind} ${s.trigger.element ?? '-'}` : ''}${s.back ? ' (back)' : ''}`;

describe('path search', () => {
  test('breadth first from the launcher: the fewest steps, each with its trigger', () => {
    const map = uiMap(
      [activity('org.p.Splash'), activity('org.p.Home', { launcher: true }), activity('org.p.List'), activity('org.p.Detail')],
      [
        { from: 'org.p.Home', to: 'org.p.List', trigger: { kind: 'click', element: 'all' } },
        { from: 'org.p.List', to: 'org.p.Detail', trigger: { kind: 'item', element: 'row' } },
        // a longer way round is not taken
        { from: 'org.p.Home', to: 'org.p.Splash', trigger: { kind: 'click', element: 'about' } },
        { from: 'org.p.Splash', to: 'org.p.List', trigger: { kind: 'auto' } },
      ],
    );
    const p = shortestPath(map, 'org.p.Detail');
    assert.equal(p?.activity, 'org.p.Detail');
    assert.deepEqual(p?.steps.map(line), ['Home → List by click all', 'List → Detail by item row']);
    assert.deepEqual(shortestPath(map, 'org.p.Home')?.steps, []);
  });

  test('with no launcher the first activity is the start; `from` overrides it', () => {
    const map = uiMap(
      [activity('org.p.A'), activity('org.p.B'), activity('org.p.C')],
      [
        { from: 'org.p.A', to: 'org.p.B', trigger: { kind: 'click', element: 'b' } },
        { from: 'org.p.C', to: 'org.p.B', trigger: { kind: 'click', element: 'cb' } },
      ],
    );
    assert.deepEqual(shortestPath(map, 'org.p.B')?.steps.map(line), ['A → B by click b']);
    assert.deepEqual(shortestPath(map, 'org.p.B', { from: 'org.p.C' })?.steps.map(line), ['C → B by click cb']);
    assert.equal(shortestPath(map, 'org.p.C'), undefined, 'C is unreachable from A');
    assert.deepEqual(findPaths(map, 'org.p.B', { from: 'org.p.Nowhere' }), []);
  });

  test('of two edges into the same screen, the one whose trigger names an element is taken, whatever their order', () => {
    for (const order of ['unnamed first', 'named first']) {
      const unnamed: MapTransition = { from: 'org.p.Home', to: 'org.p.Detail', trigger: { kind: 'auto' } };
      const named: MapTransition = { from: 'org.p.Home', to: 'org.p.Detail', trigger: { kind: 'click', element: 'open' } };
      const bare: MapTransition = { from: 'org.p.Home', to: 'org.p.Detail' };
      const transitions = order === 'unnamed first' ? [unnamed, bare, named] : [named, unnamed, bare];
      const map = uiMap([activity('org.p.Home', { launcher: true }), activity('org.p.Detail')], transitions);
      assert.deepEqual(shortestPath(map, 'org.p.Detail')?.steps.map(line), ['Home → Detail by click open'], order);
    }
  });

  test('a back edge keeps its mark', () => {
    const map = uiMap(
      [activity('org.p.Home', { launcher: true }), activity('org.p.Pick')],
      [
        { from: 'org.p.Home', to: 'org.p.Pick', trigger: { kind: 'click', element: 'pick' } },
        { from: 'org.p.Pick', to: 'org.p.Home', trigger: { kind: 'click', element: 'done' }, back: true },
      ],
    );
    assert.deepEqual(shortestPath(map, 'org.p.Home', { from: 'org.p.Pick' })?.steps.map(line), ['Pick → Home by click done (back)']);
  });
});

describe('naming an activity', () => {
  const map = uiMap(
    [
      activity('org.p.Home', { launcher: true }),
      activity('org.p.ui.SettingsActivity'),
      activity('org.p.admin.SettingsActivity'),
      activity('org.p.ui.AboutActivity'),
    ],
    [
      { from: 'org.p.Home', to: 'org.p.ui.SettingsActivity', trigger: { kind: 'click', element: 'settings' } },
      { from: 'org.p.Home', to: 'org.p.admin.SettingsActivity', trigger: { kind: 'click', element: 'admin' } },
      { from: 'org.p.Home', to: 'org.p.ui.AboutActivity', trigger: { kind: 'click', element: 'about' } },
    ],
  );

  test('by its whole name, a package suffix, or a simple name only one activity has', () => {
    for (const name of ['org.p.ui.AboutActivity', '.ui.AboutActivity', 'ui.AboutActivity', 'AboutActivity'])
      assert.equal(shortestPath(map, name)?.activity, 'org.p.ui.AboutActivity', name);
    assert.equal(shortestPath(map, 'admin.SettingsActivity')?.activity, 'org.p.admin.SettingsActivity');
    assert.deepEqual(shortestPath(map, '.ui.SettingsActivity')?.steps.map(line), ['Home → ui.SettingsActivity by click settings']);
  });

  test('a simple name two activities share names neither: no path rather than the first one', () => {
    assert.deepEqual(findPaths(map, 'SettingsActivity'), []);
    assert.equal(shortestPath(map, 'SettingsActivity'), undefined);
    // nor is a suffix that is only part of a class name a match
    assert.equal(shortestPath(map, 'Activity'), undefined);
    assert.equal(shortestPath(map, 'tingsActivity'), undefined);
    assert.equal(shortestPath(map, 'boutActivity'), undefined, 'the end of one class name only');
  });

  test('`from` names its activity the same way, and an ambiguous `from` has no start', () => {
    const back = uiMap(map.activities, [
      ...map.transitions,
      { from: 'org.p.ui.AboutActivity', to: 'org.p.ui.SettingsActivity', trigger: { kind: 'click', element: 'more' } },
    ]);
    assert.deepEqual(shortestPath(back, '.ui.SettingsActivity', { from: 'AboutActivity' })?.steps.map(line), [
      'ui.AboutActivity → ui.SettingsActivity by click more',
    ]);
    assert.deepEqual(findPaths(back, 'AboutActivity', { from: 'SettingsActivity' }), []);
  });
});

describe('paths to an element', () => {
  const map = uiMap(
    [
      activity('org.p.Home', { launcher: true, elements: [button('go', 'Go')] }),
      activity('org.p.Far', { elements: [button('save', 'Save all')] }),
      activity('org.p.Near', {
        elements: [button('other')],
        dialogs: [{ name: 'org.p.SaveDialog', elements: [button('save', 'Save')], trigger: { kind: 'click', element: 'other' } }],
        menus: [{ name: 'main', elements: [{ id: 'android:id/button1', class: 'android.widget.Button', hint: 'Confirm' }] }],
      }),
      activity('org.p.Island', { elements: [button('save')] }),
    ],
    [
      { from: 'org.p.Home', to: 'org.p.Mid', trigger: { kind: 'click', element: 'go' } },
      { from: 'org.p.Mid', to: 'org.p.Far', trigger: { kind: 'click', element: 'far' } },
      { from: 'org.p.Home', to: 'org.p.Near', trigger: { kind: 'click', element: 'near' } },
    ],
  );

  test('every reachable screen showing the id, shortest first, with where it sits and how to open its part', () => {
    const paths = findPaths(map, 'save');
    assert.deepEqual(
      paths.map((p) => [p.activity, p.steps.length, p.target]),
      [
        ['org.p.Near', 1, { element: 'save', part: 'dialog', name: 'org.p.SaveDialog', open: { kind: 'click', element: 'other' } }],
        ['org.p.Far', 2, { element: 'save', part: 'activity' }],
      ],
    );
    assert.deepEqual(
      findPaths(map, 'org.p:id/save').map((p) => p.activity),
      ['org.p.Near', 'org.p.Far'],
    );
    assert.deepEqual(
      findPaths(map, 'android:id/button1').map((p) => [p.activity, p.target]),
      [['org.p.Near', { element: 'android:id/button1', part: 'menu', name: 'main' }]],
    );
    assert.deepEqual(findPaths(map, 'missing'), []);
  });

  test("one path per screen however many of its parts show the id, its own views first; a fragment's views and descriptions count", () => {
    const m = uiMap(
      [
        activity('org.p.Home', {
          launcher: true,
          elements: [button('share')],
          fragments: [
            {
              name: 'org.p.ListFragment',
              elements: [
                { id: 'share', class: 'android.widget.ImageButton', desc: 'Share the list' },
                { id: 'row', class: 'android.widget.TextView' },
              ],
            },
          ],
          menus: [{ name: 'main', elements: [button('share')] }],
        }),
        activity('org.p.Other'),
      ],
      [{ from: 'org.p.Home', to: 'org.p.Other' }],
    );
    assert.deepEqual(
      findPaths(m, 'share').map((p) => [p.activity, p.target]),
      [['org.p.Home', { element: 'share', part: 'activity' }]],
    );
    assert.deepEqual(
      findPaths(m, 'row').map((p) => p.target),
      [{ element: 'row', part: 'fragment', name: 'org.p.ListFragment' }],
    );
    assert.deepEqual(
      searchElements(m, 'share the').map((h) => `${h.element.id} ${h.target.part}`),
      ['share fragment'],
    );
    // A step whose transition has no trigger carries none.
    assert.deepEqual(shortestPath(m, 'org.p.Other')?.steps, [{ from: 'org.p.Home', to: 'org.p.Other' }]);
  });

  test('equal lengths are ordered by activity name', () => {
    const two = uiMap(
      [
        activity('org.p.Home', { launcher: true }),
        activity('org.p.Zed', { elements: [button('x')] }),
        activity('org.p.Abe', { elements: [button('x')] }),
      ],
      [
        { from: 'org.p.Home', to: 'org.p.Zed', trigger: { kind: 'click', element: 'z' } },
        { from: 'org.p.Home', to: 'org.p.Abe', trigger: { kind: 'click', element: 'a' } },
      ],
    );
    assert.deepEqual(
      findPaths(two, 'x').map((p) => p.activity),
      ['org.p.Abe', 'org.p.Zed'],
    );
  });

  test('text search reads ids, texts, hints and descriptions without regard to case', () => {
    assert.deepEqual(
      searchElements(map, 'SAVE').map((h) => `${h.activity} ${h.element.id} ${h.target.part}`),
      ['org.p.Far save activity', 'org.p.Near save dialog', 'org.p.Island save activity'],
    );
    assert.deepEqual(
      searchElements(map, 'confirm').map((h) => h.element.id),
      ['android:id/button1'],
    );
    assert.deepEqual(
      findPathsByText(map, 'save all').map((p) => p.activity),
      ['org.p.Far'],
    );
    assert.deepEqual(findPathsByText(map, 'save', { from: 'org.p.Nowhere' }), []);
  });
});

describe('routes prefer controls in view', () => {
  test('of two routes as short, the one through a visible button wins over one through a menu item or a long-press', () => {
    const a = (n: string) => `org.p.${n}`;
    for (const hidden of [{ kind: 'menu', element: 'go' }, { kind: 'long-click', element: 'row' }, { kind: 'click' }] as const) {
      const map = uiMap(
        [activity(a('Home'), { launcher: true }), activity(a('Via1')), activity(a('Via2')), activity(a('End'))],
        [
          { from: a('Home'), to: a('Via1'), trigger: hidden },
          { from: a('Via1'), to: a('End'), trigger: { kind: 'click', element: 'end1' } },
          { from: a('Home'), to: a('Via2'), trigger: { kind: 'click', element: 'shown' } },
          { from: a('Via2'), to: a('End'), trigger: { kind: 'click', element: 'end2' } },
        ],
      );
      assert.deepEqual(
        shortestPath(map, a('End'))?.steps.map(line),
        ['Home → Via2 by click shown', 'Via2 → End by click end2'],
        hidden.kind,
      );
    }
  });

  test('a shorter route still wins over a longer one in view', () => {
    const a = (n: string) => `org.p.${n}`;
    const map = uiMap(
      [activity(a('Home'), { launcher: true }), activity(a('Via')), activity(a('End'))],
      [
        { from: a('Home'), to: a('End'), trigger: { kind: 'menu', element: 'end' } },
        { from: a('Home'), to: a('Via'), trigger: { kind: 'click', element: 'via' } },
        { from: a('Via'), to: a('End'), trigger: { kind: 'click', element: 'end' } },
      ],
    );
    assert.deepEqual(shortestPath(map, a('End'))?.steps.map(line), ['Home → End by menu end']);
  });
});
