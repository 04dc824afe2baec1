// Pager tabs and breadcrumbs (src/uimap/pages.ts) over hand-made maps: a page pairs with the tab its class
// names, the rest in order; pages that are views inflated from layouts; controls of a page carry its tab
// title into the planner text and routes; the trail from the launcher to a deep screen.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { breadcrumbs, findPaths, pagerTabs, renderMapText, renderRoute, screenView } from '../../src/uimap/index.js';
import type { MapElement, MapPart, UiMap } from '../../src/uimap/index.js';
import { handMap, mapActivity } from './hand-maps.js';

const P = (s: string): string => `org.x.${s}`;
const tab = (id: string, text: string): MapElement => ({ id, class: 'com.google.android.material.tabs.TabLayout.Tab', kind: 'tab', text });
const fragment = (name: string, elements: MapElement[] = []): MapPart => ({ name: P(name), elements });
/** One token a line: these maps are far inside the default budget. */
const text = (map: UiMap): string => renderMapText(map, { count: (t) => t.split('\n').length }).text;

describe('pagerTabs', () => {
  test('a page whose class names the tab pairs with it; the rest pair in order', () => {
    const map = handMap([
      mapActivity(P('Main'), {
        launcher: true,
        elements: [tab('contacts', 'Contacts'), tab('favorites', 'Favorites'), tab('call_history', 'Call History')],
        // listed out of tab order: names decide first, the one left over takes the tab left over
        fragments: [fragment('RecentsFragment'), fragment('FavoritesFragment'), fragment('ContactsFragment')],
      }),
    ]);
    assert.deepEqual(
      pagerTabs(map, P('Main')).map((t) => [t.title, t.tab, t.page]),
      [
        ['Contacts', 'contacts', P('ContactsFragment')],
        ['Favorites', 'favorites', P('FavoritesFragment')],
        ['Call History', 'call_history', P('RecentsFragment')],
      ],
    );
  });

  test('order pairs only as many tabs as pages are left; no tabs or no pages, no pairs', () => {
    const twoForThree = handMap([
      mapActivity(P('Main'), {
        elements: [tab('a', 'Alpha'), tab('b', 'Beta'), tab('c', 'Gamma')],
        fragments: [fragment('OneFragment'), fragment('TwoFragment')],
      }),
    ]);
    assert.deepEqual(pagerTabs(twoForThree, P('Main')), []);
    const noTabs = handMap([mapActivity(P('Main'), { fragments: [fragment('ClockFragment')] })]);
    assert.deepEqual(pagerTabs(noTabs, P('Main')), []);
    assert.deepEqual(pagerTabs(noTabs, P('Nowhere')), []);
  });

  test('pages inflated from layouts: the views named …Fragment the layouts hold, with their layout', () => {
    const map = handMap([
      mapActivity(P('Main'), {
        elements: [
          tab('playlists', 'Playlists'),
          tab('folders', 'Folders'),
          { id: 'playlists_holder', class: 'org.x.fragments.PlaylistsFragment', layout: 'fragment_playlists' },
          { id: 'folders_holder', class: 'org.x.fragments.FoldersFragment', layout: 'fragment_folders' },
          { id: 'excluded', class: 'android.widget.Button', layout: 'fragment_folders', text: 'Manage excluded folders' },
        ],
      }),
      mapActivity(P('Excluded')),
    ]);
    assert.deepEqual(pagerTabs(map, P('Main')), [
      { title: 'Playlists', tab: 'playlists', page: 'org.x.fragments.PlaylistsFragment', layout: 'fragment_playlists' },
      { title: 'Folders', tab: 'folders', page: 'org.x.fragments.FoldersFragment', layout: 'fragment_folders' },
    ]);
    const withEdge: UiMap = {
      ...map,
      transitions: [{ from: P('Main'), to: P('Excluded'), trigger: { kind: 'click', element: 'excluded' } }],
    };
    const c = screenView(withEdge, P('Main'))?.controls.find((x) => x.id === 'excluded');
    assert.equal(c?.tab, 'Folders');
    assert.ok(text(withEdge).includes('  tap "Manage excluded folders" (tab "Folders") → Excluded'));
    const p = findPaths(withEdge, 'Excluded')[0];
    assert.ok(p !== undefined);
    assert.equal(renderRoute(withEdge, p), 'Main → tap "Manage excluded folders" (in tab "Folders") → Excluded');
  });

  test("a fragment's controls carry their tab's title", () => {
    const map = handMap([
      mapActivity(P('Main'), {
        elements: [tab('alarm', 'Alarm')],
        fragments: [
          fragment('AlarmFragment', [{ id: 'alarm_fab', class: 'android.widget.Button', text: 'New alarm', listeners: ['click'] }]),
        ],
      }),
    ]);
    const c = screenView(map, P('Main'))?.controls.find((x) => x.id === 'alarm_fab');
    assert.deepEqual([c?.part, c?.tab], ['AlarmFragment', 'Alarm']);
    assert.ok(text(map).includes('in place: tap "New alarm" (tab "Alarm")'), text(map));
  });
});

describe('breadcrumbs', () => {
  const map = handMap(
    [
      mapActivity(P('Splash'), { launcher: true }),
      mapActivity(P('Main')),
      mapActivity(P('Settings')),
      mapActivity(P('Colors')),
      mapActivity(P('Lost')),
    ],
    [
      { from: P('Splash'), to: P('Main'), trigger: { kind: 'auto' } },
      { from: P('Main'), to: P('Settings'), trigger: { kind: 'menu', element: 'settings' } },
      { from: P('Settings'), to: P('Colors'), trigger: { kind: 'click', element: 'colors' } },
    ],
  );

  test('the screens from the launcher to each screen it reaches, without the one that moves on by itself', () => {
    const b = breadcrumbs(map);
    assert.deepEqual(b.get(P('Splash')), [P('Splash')]);
    assert.deepEqual(b.get(P('Main')), [P('Main')]);
    assert.deepEqual(b.get(P('Colors')), [P('Main'), P('Settings'), P('Colors')]);
    assert.equal(b.has(P('Lost')), false);
  });

  test('the planner text gives a screen more than a step away its trail', () => {
    const lines = text(map).split('\n');
    assert.ok(lines.includes('Colors (via Main › Settings)'), lines.join('\n'));
    assert.ok(lines.includes('Settings'), lines.join('\n'));
    assert.ok(lines.includes('Main'), lines.join('\n'));
    assert.ok(lines.includes('Lost'), lines.join('\n'));
  });
});
