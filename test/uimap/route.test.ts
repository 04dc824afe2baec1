// Routes as the controls to act on (src/uimap/route.ts) over a hand-made map: each trigger kind in words, the
// place of a control that is not plainly on the screen, a route ending on an element inside a dialog, the
// planner text printing the task's routes first (within its budget), and `glance map path` printing them.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { actionText, findPaths, renderMapText, renderRoute, routeActions } from '../../src/uimap/index.js';
import type { MapElement, UiMap } from '../../src/uimap/index.js';
import { Planner } from '../../src/agent/planner.js';
import { glance } from '../helpers/cli.js';
import { taskTerms } from '../../src/agent/lexical.js';
import { mapHints } from '../../src/agent/policies/single.js';
import type { Observation } from '../../src/agent/types.js';
import { handMap, mapActivity } from './hand-maps.js';
import { tempDir } from '../helpers/temp.js';

const P = (s: string): string => `org.x.${s}`;
const view = (id: string, cls: string, over: Partial<MapElement> = {}): MapElement => ({ id, class: cls, ...over });

function notesMap(): UiMap {
  return handMap(
    [
      mapActivity(P('Splash'), { launcher: true }),
      mapActivity(P('Main'), {
        elements: [
          view('all_notes', 'android.widget.Button', { text: 'All notes' }),
          view('list', 'androidx.recyclerview.widget.RecyclerView'),
        ],
        menus: [
          { name: 'main', elements: [view('settings', 'MenuItem', { kind: 'menu-item', text: 'Settings' })] },
          { name: 'cab', context: 'selection', elements: [view('share', 'MenuItem', { kind: 'menu-item', text: 'Share' })] },
        ],
      }),
      mapActivity(P('Notes'), { elements: [view('note_row', 'android.widget.LinearLayout', { kind: 'list-item', text: 'A note' })] }),
      mapActivity(P('Settings'), {
        elements: [
          view('lang_holder', 'android.widget.RelativeLayout', { listeners: ['click'] }),
          view('lang_label', 'android.widget.TextView', { text: 'Language' }),
          view('dark', 'androidx.appcompat.widget.SwitchCompat', { text: 'Dark theme' }),
        ],
        dialogs: [
          {
            name: P('LanguageDialog'),
            trigger: { kind: 'click', element: 'lang_holder' },
            elements: [view('english', 'android.widget.RadioButton', { text: 'English' })],
          },
        ],
      }),
      mapActivity(P('Share')),
      mapActivity(P('Theme')),
      mapActivity(P('Detail')),
      mapActivity(P('About')),
    ],
    [
      { from: P('Splash'), to: P('Main'), trigger: { kind: 'auto' } },
      { from: P('Main'), to: P('Notes'), trigger: { kind: 'click', element: 'all_notes' } },
      { from: P('Main'), to: P('Settings'), trigger: { kind: 'menu', element: 'settings' } },
      { from: P('Main'), to: P('Share'), trigger: { kind: 'menu', element: 'share' } },
      { from: P('Notes'), to: P('Detail'), trigger: { kind: 'long-click', element: 'note_row' } },
      { from: P('Settings'), to: P('Theme'), trigger: { kind: 'check', element: 'dark' } },
      { from: P('Settings'), to: P('Main'), trigger: { kind: 'up' }, back: true },
      { from: P('Detail'), to: P('About') },
    ],
  );
}

const route = (map: UiMap, to: string, from?: string): string => {
  const p = findPaths(map, to, from === undefined ? {} : { from })[0];
  assert.ok(p !== undefined, `no path to ${to}`);
  return renderRoute(map, p);
};

describe('routes as the controls to act on', () => {
  test('each trigger kind in words, with the place of a control off the screen', () => {
    const map = notesMap();
    assert.equal(route(map, 'Settings'), 'Splash → by itself → Main → tap "Settings" (menu) → Settings');
    assert.equal(route(map, 'Share'), 'Splash → by itself → Main → tap "Share" (after a long-press on a row) → Share');
    assert.equal(route(map, 'Theme'), 'Splash → by itself → Main → tap "Settings" (menu) → Settings → toggle "Dark theme" → Theme');
    assert.equal(
      route(map, 'About'),
      'Splash → by itself → Main → tap "All notes" → Notes → long-press "A note" → Detail → some control → About',
    );
    assert.equal(route(map, 'Main', 'Settings'), 'Settings → press Up (back) → Main');
    assert.equal(route(map, 'Splash'), 'Splash');
  });

  test('the actions as data: gesture, label, place', () => {
    const map = notesMap();
    const p = findPaths(map, 'Share')[0];
    assert.ok(p !== undefined);
    assert.deepEqual(routeActions(map, p), [
      { from: P('Splash'), to: P('Main'), gesture: 'auto' },
      { from: P('Main'), to: P('Share'), gesture: 'tap', label: 'Share', place: 'selection' },
    ]);
    assert.equal(actionText({ from: 'a', to: 'b', gesture: 'tap', label: 'Row', part: 'ClockFragment' }), 'tap "Row" (on ClockFragment)');
  });

  test('a route to an element ends on it, opening its dialog first', () => {
    const map = notesMap();
    const p = findPaths(map, 'english')[0];
    assert.ok(p !== undefined);
    assert.equal(renderRoute(map, p), 'Splash → by itself → Main → tap "Settings" (menu) → Settings → tap "Language" → tap "English"');
    // an element that opens a screen ends the route on that screen
    const q = findPaths(map, 'all_notes')[0];
    assert.ok(q !== undefined);
    assert.equal(renderRoute(map, q), 'Splash → by itself → Main → tap "All notes" → Notes');
  });
});

describe('the planner text prints the task routes first', () => {
  test('renderMapText: the routes before the screens, inside the budget', () => {
    const map = notesMap();
    const p = findPaths(map, 'Theme')[0];
    assert.ok(p !== undefined);
    // one token a line: the route line takes its share of a tight budget
    const count = (t: string): number => t.split('\n').length;
    const r = renderMapText(map, { count, routes: [p] });
    const lines = r.text.split('\n');
    assert.equal(lines[0], `route: ${renderRoute(map, p)}`);
    assert.equal(lines[1], 'Splash (launcher)');
    // a route that another continues is left out
    const toMain = findPaths(map, 'Main')[0];
    assert.ok(toMain !== undefined);
    const both = renderMapText(map, { count, routes: [toMain, p] }).text.split('\n');
    assert.deepEqual(both.slice(0, 2), [`route: ${renderRoute(map, p)}`, 'Splash (launcher)']);
    const without = renderMapText(map, { count, budget: 6 });
    const withRoute = renderMapText(map, { count, budget: 6, routes: [p] });
    assert.ok(withRoute.tokens <= 6 && without.tokens <= 6);
    assert.ok(withRoute.shown.length < without.shown.length, `${withRoute.text}\n---\n${without.text}`);
  });

  test("Planner.mapText: a task's goal screen is routed to from where the device is", () => {
    const t = new Planner(notesMap()).mapText('switch on the dark theme', P('Main'), { count: (s) => s.length });
    const first = t.text.split('\n')[0];
    assert.equal(first, 'route: Main → tap "Settings" (menu) → Settings → toggle "Dark theme" → Theme');
    assert.equal(new Planner(notesMap()).mapText('', P('Main'), { count: (s) => s.length }).text.split('\n')[0], 'Main (you are here)');
  });
});

describe("the planner's instructions", () => {
  test('Planner.instructions: the steps as `glance map path` lists them, then the goal control; the single policy hints with them', () => {
    const planner = new Planner(notesMap());
    const p = planner.route(P('Main'), P('Settings'));
    assert.ok(p !== undefined);
    assert.deepEqual(planner.instructions(p), ['on Main: tap "Settings" (menu) → Settings']);
    const goal = planner.goals(taskTerms('switch on the dark theme'))[0];
    assert.equal(goal?.element.id, 'dark');
    const both = ['on Main: tap "Settings" (menu) → Settings', 'on Settings: toggle "Dark theme" → Theme'];
    assert.deepEqual(planner.instructions(p, goal), both);
    // the words of the one-line route the planner's map text and `glance map path` print
    assert.ok(renderRoute(notesMap(), { ...p, target: goal!.target }).endsWith('→ Settings → toggle "Dark theme" → Theme'));
    const obs = { screen: { package: 'org.x', activity: P('Main') }, elements: [] } as unknown as Observation;
    assert.equal(mapHints(planner, obs, 'switch on the dark theme')[0], both.join('; '));
    const back = planner.route(P('Settings'), P('Main'));
    assert.ok(back !== undefined);
    assert.deepEqual(planner.instructions(back), ['on Settings: press Up → Main (back)']);
  });
});

describe('glance map path', () => {
  test('prints the route as controls, and gives it with the actions in --json', async () => {
    const file = path.join(tempDir('glance-route-'), 'map.json');
    writeFileSync(file, JSON.stringify(notesMap()));
    const words = await glance(['map', 'path', '--map', file, '--to', 'Theme']);
    assert.equal(words.code, 0, words.stderr);
    const lines = words.stdout.trimEnd().split('\n');
    assert.deepEqual(lines, [
      `Theme (${P('Theme')}) in 3 steps:`,
      '  Splash → by itself → Main → tap "Settings" (menu) → Settings → toggle "Dark theme" → Theme',
      '  1. on Splash: by itself → Main',
      '  2. on Main: tap "Settings" (menu) [menu settings] → Settings',
      '  3. on Settings: toggle "Dark theme" [check dark] → Theme',
    ]);
    const asJson = await glance(['map', 'path', '--map', file, '--to', 'Theme', '--json']);
    assert.equal(asJson.code, 0, asJson.stderr);
    const [p] = JSON.parse(asJson.stdout) as { route: string; actions: { gesture: string }[] }[];
    assert.equal(p?.route, lines[1]?.trim());
    assert.deepEqual(
      p?.actions.map((a) => a.gesture),
      ['auto', 'tap', 'toggle'],
    );
  });
});
