import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { parseXml } from '../../src/uimap/xml.js';
import {
  buildResourceIndex,
  parseLayout,
  parseMenu,
  parseNavGraph,
  parsePreferences,
  resolveText,
  unescapeAndroidString,
} from '../../src/uimap/resources.js';
import { parseGradle, parseManifest, qualifyClassName } from '../../src/uimap/manifest.js';
import { parseSettingsGradle } from '../../src/uimap/read.js';
import { bindingLayout, dedupeTransitions, snakeCase, viewClassName } from '../../src/uimap/resolve/index.js';
import { WarningLog } from '../../src/uimap/warnings.js';

const xml = (s: string) => {
  const root = parseXml(s);
  assert.ok(root !== undefined);
  return root;
};

describe('resources pass', () => {
  test('layout: ids, texts, include, merge root, ViewStub, fragments, nav host, menus, custom views, onClick', () => {
    const l = parseLayout(
      'main',
      xml(`<merge xmlns:android="a" xmlns:app="b">
        <TextView android:id="@+id/title" android:text="@string/hello" android:contentDescription="d"/>
        <EditText android:id="@+id/q" android:hint="Find"/>
        <include layout="@layout/bar" android:id="@+id/bar_root"/>
        <ViewStub android:layout="@layout/empty" android:inflatedId="@+id/empty"/>
        <fragment android:id="@+id/list" android:name="com.x.ListFragment"/>
        <androidx.fragment.app.FragmentContainerView android:id="@+id/host" android:name="androidx.navigation.fragment.NavHostFragment" app:navGraph="@navigation/graph"/>
        <com.google.android.material.appbar.MaterialToolbar android:id="@+id/tb" app:menu="@menu/top"/>
        <Button android:id="@+id/go" android:onClick="onGo"/>
        <View/>
      </merge>`),
    );
    assert.equal(l.rootId, undefined);
    assert.deepEqual(
      l.views.map((v) => v.id),
      ['title', 'q', 'list', 'host', 'tb', 'go'],
    );
    assert.deepEqual(l.views[0], { id: 'title', tag: 'TextView', text: '@string/hello', desc: 'd' });
    assert.equal(l.views[1]?.hint, 'Find');
    assert.equal(l.views[2]?.tag, 'com.x.ListFragment');
    assert.equal(l.views[5]?.onClick, 'onGo');
    assert.deepEqual(l.includes, [{ layout: 'bar', id: 'bar_root' }]);
    assert.deepEqual(l.stubs, [{ layout: 'empty', id: 'empty' }]);
    assert.deepEqual(l.fragments, ['com.x.ListFragment', 'androidx.navigation.fragment.NavHostFragment']);
    assert.deepEqual(l.navGraphs, ['graph']);
    assert.deepEqual(l.menus, ['top']);
    assert.ok(l.viewClasses.includes('com.google.android.material.appbar.MaterialToolbar'));
  });

  test('menu, navigation graph and preference screen', () => {
    const m = parseMenu(
      'm',
      xml(
        '<menu xmlns:android="a" xmlns:app="b"><item android:id="@+id/a" android:title="A" app:showAsAction="always"/><group><item android:id="@+id/b"/></group></menu>',
      ),
    );
    assert.deepEqual(m.items, [{ id: 'a', title: 'A', showAsAction: 'always' }, { id: 'b' }]);
    const g = parseNavGraph(
      'g',
      xml(
        '<navigation xmlns:android="a" xmlns:app="b" app:startDestination="@id/home"><fragment android:id="@+id/home" android:name="x.Home"><action android:id="@+id/go" app:destination="@id/act"/></fragment><activity android:id="@+id/act" android:name="x.Act"/><include app:graph="@navigation/sub"/></navigation>',
      ),
    );
    assert.equal(g.start, 'home');
    assert.deepEqual(g.destinations, [
      { id: 'home', kind: 'fragment', className: 'x.Home' },
      { id: 'act', kind: 'activity', className: 'x.Act' },
    ]);
    assert.deepEqual(g.actions, [{ id: 'go', destination: 'act' }]);
    assert.deepEqual(g.includes, ['sub']);
    const p = parsePreferences(
      'p',
      xml(
        '<PreferenceScreen xmlns:android="a" xmlns:app="b"><PreferenceCategory app:title="C"><Preference app:key="k" app:title="T"><intent android:targetClass="x.Act"/></Preference></PreferenceCategory></PreferenceScreen>',
      ),
    );
    assert.deepEqual(p.prefs, [{ key: 'k', tag: 'Preference', title: 'T', intentTarget: 'x.Act' }]);
  });

  test('navigation destinations of every kind; how a menu is drawn follows the view that names it', () => {
    const g = parseNavGraph(
      'g',
      xml(
        '<navigation xmlns:android="a" xmlns:app="b" xmlns:tools="t"><dialog android:id="@+id/ask" android:name="x.Ask" tools:layout="@layout/ask"/><custom android:id="@+id/own"/></navigation>',
      ),
    );
    assert.deepEqual(g.destinations, [
      { id: 'ask', kind: 'dialog', className: 'x.Ask', layout: 'ask' },
      { id: 'own', kind: 'other' },
    ]);
    const l = parseLayout(
      'main',
      xml(`<LinearLayout xmlns:android="a" xmlns:app="b">
        <androidx.appcompat.widget.Toolbar app:menu="@menu/top"/>
        <com.google.android.material.navigation.NavigationView app:menu="@menu/drawer"/>
        <com.google.android.material.bottomnavigation.BottomNavigationView app:menu="@menu/tabs"/>
        <com.google.android.material.navigationrail.NavigationRailView android:menu="@menu/rail"/>
        <ViewStub android:layout="@layout/later"/>
      </LinearLayout>`),
    );
    assert.deepEqual(l.menuStyles, { top: 'options', drawer: 'drawer', tabs: 'bar', rail: 'bar' });
    assert.deepEqual(l.stubs, [{ layout: 'later' }]);
  });

  test('variants of one layout or menu merge: every include, stub, menu and item once, the first style of a menu kept', () => {
    const file = (path: string, text: string) => ({ module: ':app', path, text });
    const idx = buildResourceIndex(
      [
        file(
          'layout/x.xml',
          '<LinearLayout xmlns:android="a" xmlns:app="b"><include layout="@layout/bar" android:id="@+id/a"/><include layout="@layout/plain"/><ViewStub android:layout="@layout/s" android:inflatedId="@+id/p"/><ViewStub android:layout="@layout/t"/><Toolbar app:menu="@menu/m"/></LinearLayout>',
        ),
        file(
          'layout-land/x.xml',
          '<LinearLayout xmlns:android="a" xmlns:app="b"><include layout="@layout/bar" android:id="@+id/b"/><include layout="@layout/bar" android:id="@+id/a"/><include layout="@layout/plain"/><ViewStub android:layout="@layout/s" android:inflatedId="@+id/q"/><ViewStub android:layout="@layout/t"/><NavigationView app:menu="@menu/m"/><NavigationView app:menu="@menu/side"/></LinearLayout>',
        ),
        file('menu/main.xml', '<menu xmlns:android="a"><item android:id="@+id/one"/><item android:id="@+id/two"/></menu>'),
        file(
          'menu-v21/main.xml',
          '<menu xmlns:android="a"><item android:id="@+id/two" android:title="Two"/><item android:id="@+id/three"/></menu>',
        ),
      ],
      new WarningLog(),
    );
    const x = idx.layouts.get('x');
    assert.deepEqual(x?.includes, [{ layout: 'bar', id: 'a' }, { layout: 'plain' }, { layout: 'bar', id: 'b' }]);
    assert.deepEqual(x?.stubs, [{ layout: 's', id: 'p' }, { layout: 't' }, { layout: 's', id: 'q' }]);
    assert.deepEqual(x?.menus, ['m', 'side']);
    assert.deepEqual(x?.menuStyles, { m: 'options', side: 'drawer' });
    assert.deepEqual(idx.menus.get('main')?.items, [{ id: 'one' }, { id: 'two' }, { id: 'three' }]);
    assert.deepEqual([...idx.ids].sort(), ['a', 'b', 'one', 'p', 'q', 'three', 'two']);
  });

  test('layout details: the root id, a fragment by class=, titles as text, one style per menu, binding expressions are no handler', () => {
    const l = parseLayout(
      'details',
      xml(`<LinearLayout xmlns:android="a" xmlns:app="b" android:id="@+id/root">
        <fragment android:id="@+id/f" class="x.ByClass"/>
        <fragment android:id="@+id/nameless"/>
        <androidx.fragment.app.FragmentContainerView android:id="@+id/host" android:name="x.Hosted"/>
        <include layout="@layout/plain"/>
        <include android:id="@+id/nothing"/>
        <ViewStub android:inflatedId="@+id/no_layout"/>
        <androidx.appcompat.widget.Toolbar android:id="@+id/tb" app:title="Title" app:menu="@menu/m"/>
        <com.google.android.material.navigation.NavigationView app:menu="@menu/m"/>
        <androidx.appcompat.widget.Toolbar android:id="@+id/tb2" android:title="Other"/>
        <Button android:id="@+id/bound" android:onClick="@{() -> vm.go()}"/>
        <EditText android:id="@+id/e"><requestFocus android:id="@+id/rf"/></EditText>
      </LinearLayout>`),
    );
    assert.equal(l.rootId, 'root');
    assert.equal(l.merge, false);
    assert.equal(l.rootTag, 'LinearLayout');
    assert.deepEqual(
      l.views.map((v) => [v.id, v.tag, v.text ?? '', v.onClick ?? '']),
      [
        ['root', 'LinearLayout', '', ''],
        ['f', 'x.ByClass', '', ''],
        ['nameless', 'fragment', '', ''],
        ['host', 'androidx.fragment.app.FragmentContainerView', '', ''],
        ['tb', 'androidx.appcompat.widget.Toolbar', 'Title', ''],
        ['tb2', 'androidx.appcompat.widget.Toolbar', 'Other', ''],
        ['bound', 'Button', '', ''],
        ['e', 'EditText', '', ''],
      ],
    );
    assert.deepEqual(l.fragments, ['x.ByClass', 'x.Hosted']);
    assert.deepEqual(l.includes, [{ layout: 'plain' }]);
    assert.deepEqual(l.stubs, []);
    assert.deepEqual(l.menus, ['m', 'm']);
    assert.deepEqual(l.menuStyles, { m: 'options' });
    assert.deepEqual(l.viewClasses, [
      'androidx.fragment.app.FragmentContainerView',
      'androidx.appcompat.widget.Toolbar',
      'com.google.android.material.navigation.NavigationView',
    ]);
    const merged = parseLayout('m', xml('<merge xmlns:android="a" android:id="@+id/lost"><View android:id="@+id/v"/></merge>'));
    assert.deepEqual([merged.rootId, merged.merge, merged.views.map((v) => v.id)], [undefined, true, ['v']]);
  });

  test('menus, graphs and preference screens: the forms each attribute comes in, and what is not an entry', () => {
    const m = parseMenu(
      'm',
      xml('<menu xmlns:android="a"><item android:title="no id"/><item android:id="@+id/x" android:showAsAction="ifRoom"/></menu>'),
    );
    assert.deepEqual(m.items, [{ id: 'x', showAsAction: 'ifRoom' }]);
    const g = parseNavGraph(
      'g',
      xml(`<navigation xmlns:android="a" xmlns:app="b" android:id="@+id/root_graph">
        <fragment android:id="@+id/home"><action android:id="@+id/nowhere"/><action app:destination="@id/home"/></fragment>
        <fragment android:name="x.NoId"/>
        <navigation android:id="@+id/nested" app:startDestination="@id/inner"><fragment android:id="@+id/inner"/></navigation>
        <include android:id="@+id/inc"/>
      </navigation>`),
    );
    assert.equal(g.start, undefined);
    assert.deepEqual(g.destinations, [
      { id: 'home', kind: 'fragment' },
      { id: 'nested', kind: 'other' },
      { id: 'inner', kind: 'fragment' },
    ]);
    assert.deepEqual(g.actions, []);
    assert.deepEqual(g.includes, []);
    const p = parsePreferences(
      'p',
      xml(`<PreferenceScreen xmlns:android="a" xmlns:app="b" android:key="screen">
        <SwitchPreference android:key="s" android:title="S" android:summary="Sum"/>
        <Preference app:key="f" app:fragment="x.Frag" app:summary="Y"><intent android:action="x.OPEN"><extra android:key="e" android:value="1"/></intent></Preference>
        <Preference android:title="no key"/>
      </PreferenceScreen>`),
    );
    assert.deepEqual(p.prefs, [
      { key: 's', tag: 'SwitchPreference', title: 'S' },
      { key: 'f', tag: 'Preference', fragment: 'x.Frag', intentAction: 'x.OPEN' },
    ]);
  });

  test('string values: quotes, escapes and what a string reference can reach', () => {
    assert.equal(unescapeAndroidString('  "  padded  "  '), '  padded  ');
    assert.equal(unescapeAndroidString('"'), '"');
    assert.equal(unescapeAndroidString('""'), '');
    assert.equal(unescapeAndroidString('\\u00e9t\\u00C9 \\q'), 'étÉ q');
    const strings = new Map([
      ['loop', '@string/loop'],
      ['empty', ''],
      ['color', '@color/red'],
      ['a1', '@string/a2'],
      ['a2', '@string/a3'],
      ['a3', '@string/a4'],
      ['a4', '@string/a5'],
      ['a5', 'five hops'],
    ]);
    assert.equal(resolveText('@string/loop', strings), undefined);
    assert.equal(resolveText('@string/empty', strings), undefined);
    assert.equal(resolveText('', strings), undefined);
    assert.equal(resolveText(undefined, strings), undefined);
    assert.equal(resolveText('@string/color', strings), undefined);
    assert.equal(resolveText('@string/missing', strings), undefined);
    // Five lookups at most: four aliases in a row still reach the text, five do not.
    assert.equal(resolveText('@string/a2', strings), 'five hops');
    assert.equal(resolveText('@string/a1', strings), undefined);
  });

  test('the index: which files count, which module owns a resource, preference screens by their root, ids from values', () => {
    const w = new WarningLog();
    const file = (module: string, path: string, text: string) => ({ module, path, text });
    const idx = buildResourceIndex(
      [
        file(':app', 'drawable/broken.xml', '<vector'),
        file(':app', 'layout.xml', '<broken'),
        file(':app', 'layout/sub/deep.xml', '<broken'),
        file(':app', 'Layout/upper.xml', '<broken'),
        file(':app', 'raw/data.xml', '<broken'),
        file(':app', 'menu/m.xml', '<menu xmlns:android="a"><item android:id="@+id/app_item"/></menu>'),
        file(':lib', 'menu/m.xml', '<menu xmlns:android="a"><item android:id="@+id/lib_item"/></menu>'),
        file(
          ':app',
          'navigation/g.xml',
          '<navigation xmlns:android="a" xmlns:app="b"><fragment android:id="@+id/app_dest"><action android:id="@+id/act" app:destination="@id/app_dest"/></fragment></navigation>',
        ),
        file(':lib', 'navigation/g.xml', '<navigation xmlns:android="a"><fragment android:id="@+id/lib_dest"/></navigation>'),
        file(':app', 'xml/paths.xml', '<paths><files-path name="x" path="."/></paths>'),
        file(
          ':lib',
          'xml/prefs.xml',
          '<androidx.preference.PreferenceScreen xmlns:android="a"><Preference android:key="lib_pref"/></androidx.preference.PreferenceScreen>',
        ),
        file(':lib2', 'xml/prefs.xml', '<PreferenceScreen xmlns:android="a"><Preference android:key="other"/></PreferenceScreen>'),
        file(
          ':app',
          'values/ids.xml',
          '<resources><item type="id" name="declared"/><item type="string" name="not_an_id"/><item type="id"/><string>nameless</string></resources>',
        ),
        file(':app', 'values-fr/strings.xml', '<resources><string name="only_fr">Seul</string></resources>'),
        file(':app', 'values-de/strings.xml', '<resources><string name="only_fr">Nur</string></resources>'),
      ],
      w,
    );
    assert.deepEqual(w.list(), []);
    assert.deepEqual(idx.menus.get('m')?.items, [{ id: 'app_item' }]);
    assert.deepEqual(
      idx.navigation.get('g')?.destinations.map((d) => d.id),
      ['app_dest'],
    );
    assert.deepEqual([...idx.preferences.keys()], ['prefs']);
    assert.deepEqual(
      idx.preferences.get('prefs')?.prefs.map((p) => p.key),
      ['lib_pref'],
    );
    assert.equal(idx.strings.get('only_fr'), 'Seul');
    assert.deepEqual([...idx.ids].sort(), ['act', 'app_dest', 'app_item', 'declared']);
  });

  test('strings: escapes, aliases, default locale wins, app module wins over library, unparsable XML is counted', () => {
    assert.equal(unescapeAndroidString(`"Don\\'t"`), "Don't");
    assert.equal(unescapeAndroidString('a\\nb \\u0041'), 'a\nb A');
    assert.equal(unescapeAndroidString('"  a\\tb\\@c\\?"'), '  a\tb@c?');
    const w = new WarningLog();
    const idx = buildResourceIndex(
      [
        {
          module: ':app',
          path: 'values/strings.xml',
          text: '<resources><string name="a">App</string><string name="b">@string/a</string></resources>',
        },
        {
          module: ':app',
          path: 'values-de/strings.xml',
          text: '<resources><string name="a">Anw</string><string name="de_only">Nur</string></resources>',
        },
        {
          module: ':lib',
          path: 'values/strings.xml',
          text: '<resources><string name="a">Lib</string><string name="c">C</string></resources>',
        },
        { module: ':app', path: 'layout/x.xml', text: '<LinearLayout xmlns:android="a"><TextView android:id="@+id/one"/></LinearLayout>' },
        {
          module: ':app',
          path: 'layout-land/x.xml',
          text: '<LinearLayout xmlns:android="a"><TextView android:id="@+id/two"/></LinearLayout>',
        },
        {
          module: ':lib',
          path: 'layout/x.xml',
          text: '<LinearLayout xmlns:android="a"><TextView android:id="@+id/lib_only"/></LinearLayout>',
        },
        { module: ':app', path: 'layout/broken.xml', text: '<LinearLayout><TextView></LinearLayout>' },
      ],
      w,
    );
    assert.equal(idx.strings.get('a'), 'App');
    assert.equal(idx.strings.get('c'), 'C');
    assert.equal(idx.strings.get('de_only'), 'Nur');
    assert.equal(resolveText('@string/b', idx.strings), 'App');
    assert.equal(resolveText('@android:string/ok', idx.strings), undefined);
    assert.equal(resolveText('plain', idx.strings), 'plain');
    assert.deepEqual(
      idx.layouts.get('x')?.views.map((v) => v.id),
      ['one', 'two'],
    );
    assert.equal(w.count('XML_UNPARSABLE'), 1);
  });
});

describe('manifest pass', () => {
  test('activities, labels, launcher, alias, relative names with gradle namespace', () => {
    const m = parseManifest(
      `<manifest xmlns:android="a"><application>
        <activity android:name=".ui.Main" android:label="@string/app"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity>
        <activity android:name="Other"><intent-filter><action android:name="x.OPEN"/></intent-filter></activity>
        <activity-alias android:name=".Alias" android:targetActivity=".ui.Main"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity-alias>
      </application></manifest>`,
      'com.ns',
    );
    assert.ok(m !== undefined);
    assert.equal(m.package, 'com.ns');
    assert.deepEqual(
      m.activities.map((a) => [a.name, a.launcher, a.label]),
      [
        ['com.ns.ui.Main', true, '@string/app'],
        ['com.ns.Other', false, undefined],
      ],
    );
    assert.deepEqual(m.activities[1]?.actions, ['x.OPEN']);
    assert.deepEqual(m.aliases, [{ name: 'com.ns.Alias', target: 'com.ns.ui.Main', launcher: true }]);
    assert.equal(parseManifest('<manifest><application>', 'x'), undefined);
    assert.equal(qualifyClassName('a.b.C', 'p'), 'a.b.C');
  });

  test('intent filters, services, TV launchers; the package attribute over the namespace; what is not a manifest', () => {
    const m = parseManifest(
      `<manifest xmlns:android="a" package="org.own"><uses-permission android:name="android.permission.INTERNET"/><application>
        <activity android:name="Tv"><meta-data android:name="k" android:value="v"/><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LEANBACK_LAUNCHER"/><category android:name="android.intent.category.DEFAULT"/></intent-filter></activity>
        <activity android:name="pkg.Viewer"><intent-filter><action/><action android:name="android.intent.action.VIEW"/><category android:name="android.intent.category.LAUNCHER"/><category/><data android:scheme="https" android:mimeType="text/*"/><data android:host="x"/></intent-filter></activity>
        <activity android:label="nameless"/>
        <service android:name=".Calls"><intent-filter><action android:name="android.telecom.InCallService"/></intent-filter></service>
        <activity-alias android:name=".Orphan"/>
      </application></manifest>`,
      'org.ns',
    );
    assert.deepEqual(m, {
      package: 'org.own',
      activities: [
        {
          name: 'org.own.Tv',
          launcher: true,
          actions: ['android.intent.action.MAIN'],
          filters: [
            {
              actions: ['android.intent.action.MAIN'],
              categories: ['android.intent.category.LEANBACK_LAUNCHER', 'android.intent.category.DEFAULT'],
              schemes: [],
              mimeTypes: [],
            },
          ],
        },
        {
          name: 'pkg.Viewer',
          launcher: false,
          actions: ['android.intent.action.VIEW'],
          filters: [
            {
              actions: ['android.intent.action.VIEW'],
              categories: ['android.intent.category.LAUNCHER'],
              schemes: ['https'],
              mimeTypes: ['text/*'],
            },
          ],
        },
      ],
      aliases: [],
      services: [{ name: 'org.own.Calls', actions: ['android.telecom.InCallService'] }],
    });
    assert.deepEqual(parseManifest('<manifest/>'), { activities: [], aliases: [], services: [] });
    assert.equal(parseManifest('<resources><application/></resources>', 'x'), undefined);
    assert.equal(qualifyClassName('.Main', undefined), '.Main');
    assert.equal(qualifyClassName('Main', undefined), 'Main');
  });

  test('gradle namespace / applicationId and settings includes', () => {
    assert.deepEqual(parseGradle('android { namespace = "a.b"\n defaultConfig { applicationId "a.b.pro" } }'), {
      namespace: 'a.b',
      applicationId: 'a.b.pro',
    });
    const mods = parseSettingsGradle(
      `include ':app', ':lib:core'\ninclude(":x")\n// include ':commented'\nproject(':x').projectDir = new File(settingsDir, '../ext/x')`,
      '/r',
    );
    assert.deepEqual(mods, [
      { name: ':app', dir: '/r/app' },
      { name: ':lib:core', dir: '/r/lib/core' },
      { name: ':x', dir: '/ext/x' },
    ]);
  });
});

describe('warning log', () => {
  test('counts every add, keeps five distinct examples, lists codes in order, counts 0 for a code never added', () => {
    const w = new WarningLog();
    for (const f of ['a', 'b', 'a', 'c', 'd', 'e', 'f', 'g']) w.add('SYNTAX_ERROR', f);
    w.add('CLASS_NOT_FOUND', 'X');
    assert.equal(w.count('SYNTAX_ERROR'), 8);
    assert.equal(w.count('NO_MANIFEST'), 0);
    const list = w.list();
    assert.deepEqual(list, [
      { code: 'CLASS_NOT_FOUND', count: 1, examples: ['X'] },
      { code: 'SYNTAX_ERROR', count: 8, examples: ['a', 'b', 'c', 'd', 'e'] },
    ]);
    // The list is a copy: changing it leaves the log alone.
    list[0]?.examples.push('Y');
    assert.deepEqual(w.list()[0]?.examples, ['X']);
  });
});

describe('resolution helpers', () => {
  test('binding class → layout, camelCase → snake_case, framework view classes', () => {
    assert.equal(bindingLayout('ActivityMainBinding'), 'activity_main');
    assert.equal(bindingLayout('ItemNoteV2Binding'), 'item_note_v2');
    assert.equal(snakeCase('settingsColorCustomizationHolder'), 'settings_color_customization_holder');
    assert.equal(viewClassName('Button'), 'android.widget.Button');
    assert.equal(viewClassName('View'), 'android.view.View');
    assert.equal(viewClassName('com.x.MyView'), 'com.x.MyView');
  });

  test('dedupe keeps one edge per trigger and drops weaker duplicates', () => {
    const out = dedupeTransitions([
      { from: 'A', to: 'B' },
      { from: 'A', to: 'B', trigger: { kind: 'click' } },
      { from: 'A', to: 'B', trigger: { kind: 'click', element: 'go' } },
      { from: 'A', to: 'B', trigger: { kind: 'click', element: 'go' } },
      { from: 'A', to: 'C' },
    ]);
    assert.deepEqual(out, [
      { from: 'A', to: 'B', trigger: { kind: 'click', element: 'go' } },
      { from: 'A', to: 'C' },
    ]);
  });
});

describe('namespaces from a version catalog, or from the classes', () => {
  test('gradle values read through libs.versions.* accessors', async () => {
    const { parseVersionCatalog } = await import('../../src/uimap/manifest.js');
    const catalog = parseVersionCatalog('[versions]\n# ids\napp-build-id = "org.cat.app"\nkotlin = "1.9"\n[libraries]\nx = "y"\n');
    assert.equal(catalog.get('app-build-id'), 'org.cat.app');
    assert.equal(catalog.has('x'), false);
    assert.deepEqual(
      parseGradle(
        'android {\n    namespace = libs.versions.app.build.id.get()\n    defaultConfig { applicationId = libs.versions.app.build.id.get() }\n}',
        catalog,
      ),
      {
        namespace: 'org.cat.app',
        applicationId: 'org.cat.app',
      },
    );
    // A header may have spaces inside its brackets; a comment may follow a value; `_` in a key reads as `.`; an
    // accessor without .get(); a key the catalog lacks gives nothing.
    const spaced = parseVersionCatalog('[ versions ]\napp_id = "org.sp" # the id\n');
    assert.deepEqual([...spaced], [['app_id', 'org.sp']]);
    assert.deepEqual(parseGradle('namespace libs.versions.app.id\napplicationId = libs.versions.none.get()', spaced), {
      namespace: 'org.sp',
    });
  });

  test('relative activity names with no package are matched to source classes', async () => {
    const { mapProject } = await import('../../src/uimap/index.js');
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace = libs.versions.unknown.get() }',
          manifests: [
            {
              path: 'src/main/AndroidManifest.xml',
              text: '<manifest xmlns:android="a"><application><activity android:name=".ui.Home"/><activity android:name=".ui.More"/></application></manifest>',
            },
          ],
          resources: [],
          code: [
            {
              path: 'Home.kt',
              text: 'package org.rel.ui\nclass Home : AppCompatActivity() { fun go() { startActivity(Intent(this, More::class.java)) } }',
            },
            { path: 'More.kt', text: 'package org.rel.ui\nclass More : AppCompatActivity()' },
          ],
        },
      ],
    });
    assert.equal(map.package, 'org.rel');
    assert.deepEqual(
      map.activities.map((a) => a.name),
      ['org.rel.ui.Home', 'org.rel.ui.More'],
    );
    assert.deepEqual(
      map.transitions.map((t) => [t.from, t.to]),
      [['org.rel.ui.Home', 'org.rel.ui.More']],
    );
  });
});
