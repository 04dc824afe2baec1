// app_map's loose search and its renderings, on small maps written here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { matchShare, renderOverview, renderScreen, renderSearch, searchMap } from '../../src/agent/map-query.js';
import type { MapElement, UiMap } from '../../src/uimap/index.js';

const el = (id: string, text?: string, cls = 'android.widget.TextView'): MapElement => ({
  id,
  class: cls,
  ...(text === undefined ? {} : { text }),
});

test('words match loosely: case, hyphens, simple stems, the words of an id; all words needed for a full match', () => {
  assert.equal(matchShare('24 hour', el('x', 'Use 24-hour time format')), 1);
  assert.equal(matchShare('FONT SIZE', el('settings_font_size')), 1);
  assert.equal(matchShare('vibration', el('v', 'Vibrate on alarms')), 1);
  assert.equal(matchShare('alarms', el('alarm_row')), 1);
  assert.equal(matchShare('dark theme', el('t', 'Theme')), 0.5);
  assert.equal(matchShare('dark theme', el('w', 'Wallpaper')), 0);
  // The literal form still counts, inside a word too.
  assert.equal(matchShare('rem', el('reminder_time')), 1);
});

const map: UiMap = {
  package: 'dev.example.app',
  activities: [
    {
      name: 'dev.example.app.MainActivity',
      launcher: true,
      layouts: [],
      elements: [el('settings', 'Settings', 'android.widget.Button'), el('holder', undefined, 'android.widget.FrameLayout')],
      fragments: [],
      dialogs: [],
      menus: [],
    },
    {
      name: 'dev.example.app.SettingsActivity',
      layouts: [],
      elements: [el('theme', 'Theme', 'android.widget.Switch')],
      fragments: [],
      dialogs: [],
      menus: [],
    },
  ],
  transitions: [
    { from: 'dev.example.app.MainActivity', to: 'dev.example.app.SettingsActivity', trigger: { kind: 'click', element: 'settings' } },
    { from: 'dev.example.app.MainActivity', to: 'dev.example.app.SettingsActivity', trigger: { kind: 'menu', element: 'settings' } },
  ],
  warnings: [],
  stats: {},
} as unknown as UiMap;

test('a search with no full match gives the closest (at least half the words) and says it is not complete', () => {
  const some = searchMap(map, 'dark theme');
  assert.equal(some.complete, false);
  assert.deepEqual(
    some.hits.map((h) => h.element.id),
    ['theme'],
  );
  assert.deepEqual(searchMap(map, 'wallpaper colour').hits, []);
  assert.deepEqual(searchMap(map, 'settings').screens, ['dev.example.app.SettingsActivity']);
});

test('the overview names each destination once; a screen lists its controls, not bare layouts', () => {
  assert.deepEqual(renderOverview(map).split('\n'), [
    'dev.example.app: 2 screens, 2 transitions',
    'MainActivity (launcher) → SettingsActivity via settings',
    'SettingsActivity',
  ]);
  assert.deepEqual(renderScreen(map, map.activities[0]!).split('\n'), [
    'MainActivity (launcher): 1 control (1 unlabelled layout view left out)',
    '  "Settings" (settings) Button → SettingsActivity',
    'leads → SettingsActivity via settings',
  ]);
});

test("a pager's fragments are named by the tab a user taps, on the screen's controls and on search hits", async () => {
  const { handMap, mapActivity } = await import('../uimap/hand-maps.js');
  const { Planner } = await import('../../src/agent/planner.js');
  const tab = (id: string, text: string): MapElement => ({
    id,
    class: 'com.google.android.material.tabs.TabLayout.Tab',
    kind: 'tab',
    text,
  });
  const m = handMap([
    mapActivity('org.x.Main', {
      launcher: true,
      elements: [tab('contacts', 'Contacts'), tab('call_history', 'Call History')],
      fragments: [
        { name: 'org.x.RecentsFragment', elements: [el('clear_history', 'Clear call history', 'android.widget.Button')] },
        { name: 'org.x.ContactsFragment', elements: [el('add_contact', 'Add contact', 'android.widget.Button')] },
      ],
    }),
  ]);
  const screen = renderScreen(m, m.activities[0]!);
  assert.match(screen, /^fragment RecentsFragment \(tab "Call History"\):$/m);
  assert.match(screen, /^fragment ContactsFragment \(tab "Contacts"\):$/m);
  const found = searchMap(m, 'clear history');
  const planner = new Planner(m);
  const text = renderSearch(planner, { ...found, query: 'clear history', routed: found.hits.map((hit) => ({ hit, path: undefined })) }, 10);
  assert.match(text, /^on Main, fragment RecentsFragment \(tab "Call History"\): "Clear call history"/m);
});
