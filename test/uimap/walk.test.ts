// The per-activity walk over hand-written facts and real resource XML: which code of a class and its bases
// runs, where layouts (includes, stubs, fragments, graphs, menus, custom views, android:onClick), preference
// screens and dialogs put their elements, and which starts and finishes the screen gets.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionFacts, Use } from '../../src/uimap/code/index.js';
import type { MapActivity } from '../../src/uimap/index.js';
import type { ParsedManifest } from '../../src/uimap/manifest.js';
import { indexCode, indexNavigation, readManifests, walkActivities, walkActivity } from '../../src/uimap/resolve/index.js';
import type { ResolveContext } from '../../src/uimap/resolve/index.js';
import { activity, context, file, fn, noManifest, P } from './hand-facts.js';

const NS = 'xmlns:android="http://schemas.android.com/apk/res/android" xmlns:app="http://schemas.android.com/apk/res-auto"';

function build(
  classes: [string, string[]][],
  fns: FunctionFacts[],
  opts: { declared?: string[]; res?: Record<string, string>; manifest?: Partial<ParsedManifest>; noPackage?: true } = {},
): ResolveContext {
  const ctx = context(
    [file('x/Main.kt', P, classes, fns)],
    {
      ...noManifest(),
      ...(opts.noPackage === true ? {} : { package: P }),
      activities: (opts.declared ?? ['Main']).map((a, i) => activity(a, i === 0)),
      ...opts.manifest,
    },
    opts.res ?? {},
  );
  indexCode(ctx);
  readManifests(ctx);
  indexNavigation(ctx);
  return ctx;
}

const short = (s: string): string => s.replaceAll(`${P}.`, '');
const edges = (ctx: ResolveContext): string[] =>
  ctx.transitions.map(
    (t) =>
      `${short(t.from)} -${t.trigger?.kind ?? ''}${t.trigger?.element === undefined ? '' : ` ${t.trigger.element}`}-> ${short(t.to)} ${t.kind ?? ''}${t.via === undefined ? '' : ` via ${t.via}`}`,
  );
const ids = (els: { id: string; kind?: string }[]): string[] => els.map((e) => (e.kind === undefined ? e.id : `${e.id}(${e.kind})`));
const start = (cls: string, line = 1, more: Partial<Use> = {}): Use => ({ t: 'classref', cls, line, ...more }) as Use;
const layout = (name: string): Use => ({ t: 'res', type: 'layout', name });
const walk = (ctx: ResolveContext, name = 'Main'): MapActivity => walkActivity(ctx, `${P}.${name}`);

describe('walkActivity: the code that runs', () => {
  test('a base class’s callbacks run, its helpers only when called; lifecycle starts are automatic; a self-start is none', () => {
    const ctx = build(
      [
        ['Base', ['AppCompatActivity']],
        ['Main', ['Base']],
        ['A', ['AppCompatActivity']],
        ['B', ['AppCompatActivity']],
        ['C', ['AppCompatActivity']],
        ['D', ['AppCompatActivity']],
      ],
      [
        fn('onCreate', `${P}.Base`, [start('A')]),
        fn('onSettingsChosen', `${P}.Base`, [start('B')]),
        fn('buttonPressed', `${P}.Base`, [start('C')]),
        fn('helper', `${P}.Base`, [start('D')]),
        fn('onResume', `${P}.Main`, [start('Main')]),
      ],
      { declared: ['Main', 'A', 'B', 'C', 'D'] },
    );
    walk(ctx);
    assert.deepEqual(edges(ctx), ['Main -auto-> A explicit', 'Main --> B explicit']);
  });

  test('another activity’s class reached from code is not walked into this screen', () => {
    const ctx = build(
      [
        ['Main', ['AppCompatActivity']],
        ['Other', ['AppCompatActivity']],
      ],
      [fn('onCreate', `${P}.Main`, [{ t: 'new', cls: 'Other' }]), fn('onCreate', `${P}.Other`, [layout('other')])],
      { declared: ['Main', 'Other'], res: { 'layout/other.xml': `<LinearLayout ${NS}><Button android:id="@+id/x"/></LinearLayout>` } },
    );
    assert.deepEqual(walk(ctx).layouts, []);
  });
});

describe('walkActivity: layouts', () => {
  const res = {
    'layout/main.xml': `<LinearLayout ${NS} android:id="@+id/root">
      <Button android:id="@+id/go" android:text="@string/go" android:onClick="goThere"/>
      <EditText android:id="@+id/q" android:hint="Search" android:contentDescription="query"/>
      <include layout="@layout/bar" android:id="@+id/top_bar"/>
      <include layout="@layout/plain"/>
      <include layout="@layout/idless" android:id="@+id/idless_root"/>
      <include layout="@layout/merged" android:id="@+id/merged_id"/>
      <ViewStub android:id="@+id/later" android:layout="@layout/late"/>
      <ViewStub android:id="@+id/later2" android:inflatedId="@+id/shown" android:layout="@layout/late2"/>
      <fragment android:name="${P}.Side" android:id="@+id/side"/>
      <fragment android:name="${P}.Gone"/>
      <fragment android:name="com.lib.Elsewhere"/>
      <androidx.appcompat.widget.Toolbar android:id="@+id/tb" app:menu="@menu/tools"/>
      <org.x.Chip android:id="@+id/chip"/>
      <include layout="@layout/missing"/>
      <include layout="@android:layout/simple_list_item_1"/>
      <View android:id="@+id/line"/><WebView android:id="@+id/web"/>
    </LinearLayout>`,
    'layout/bar.xml': `<FrameLayout ${NS} android:id="@+id/bar_root"><TextView android:id="@+id/title"/></FrameLayout>`,
    'layout/plain.xml': `<FrameLayout ${NS} android:id="@+id/plain_root"/>`,
    'layout/idless.xml': `<FrameLayout ${NS}><TextView android:id="@+id/inner"/></FrameLayout>`,
    'layout/merged.xml': `<merge ${NS}><Button android:id="@+id/merged_btn"/></merge>`,
    'layout/late.xml': `<FrameLayout ${NS} android:id="@+id/late_root"><Button android:id="@+id/retry"/></FrameLayout>`,
    'layout/late2.xml': `<FrameLayout ${NS} android:id="@+id/late2_root"/>`,
    'layout/side.xml': `<FrameLayout ${NS}><Button android:id="@+id/side_btn"/></FrameLayout>`,
    'layout/chip.xml': `<FrameLayout ${NS}><TextView android:id="@+id/chip_text"/></FrameLayout>`,
    'menu/tools.xml': `<menu ${NS}><item android:id="@+id/share" android:title="Share" app:showAsAction="always"/><item android:id="@+id/about" android:title="About"/></menu>`,
    'values/strings.xml': '<resources><string name="go">Go!</string></resources>',
  };
  const classes: [string, string[]][] = [
    ['Main', ['AppCompatActivity']],
    ['Side', ['Fragment']],
    ['Chip', ['FrameLayout']],
    ['There', ['AppCompatActivity']],
    ['Help', ['AppCompatActivity']],
  ];
  const fns = (): FunctionFacts[] => [
    fn('onCreate', `${P}.Main`, [layout('main'), layout('main')]),
    fn('onStart', `${P}.Main`, [layout('main')]),
    fn('goThere', `${P}.Main`, [start('There', 4)]),
    fn('onCreateView', `${P}.Side`, [layout('side')]),
    fn('onAttachedToWindow', `${P}.Chip`, [layout('chip'), start('Help', 9)]),
  ];

  test('elements with text, hint and description; includes, stubs, fragments, a toolbar menu, a custom view', () => {
    const ctx = build(classes, fns(), { declared: ['Main', 'There', 'Help'], res });
    const a = walk(ctx);
    assert.deepEqual(a.layouts, ['main', 'bar', 'plain', 'idless', 'merged', 'late', 'late2', 'chip']);
    // a stub's root keeps its own id unless the stub gives it one (android:inflatedId)
    assert.deepEqual(ids(a.elements), [
      'root',
      'go',
      'q',
      'side',
      'tb',
      'chip',
      'line',
      'web',
      'top_bar',
      'title',
      'plain_root',
      'inner',
      'idless_root',
      'merged_btn',
      'late_root(stub)',
      'retry(stub)',
      'shown(stub)',
      'chip_text',
    ]);
    const by = new Map(a.elements.map((e) => [e.id, e]));
    assert.deepEqual(by.get('go'), { id: 'go', class: 'android.widget.Button', text: 'Go!', layout: 'main' });
    assert.deepEqual(by.get('q'), { id: 'q', class: 'android.widget.EditText', hint: 'Search', desc: 'query', layout: 'main' });
    assert.equal(by.get('line')?.class, 'android.view.View');
    assert.equal(by.get('web')?.class, 'android.webkit.WebView');
    assert.equal(by.get('top_bar')?.class, 'android.widget.FrameLayout');
    assert.deepEqual(by.get('idless_root'), { id: 'idless_root', class: 'android.widget.FrameLayout', layout: 'idless' });
    assert.deepEqual(
      a.fragments.map((f) => [short(f.name), ids(f.elements)]),
      [['Side', ['side_btn']]],
    );
    assert.deepEqual(
      a.menus.map((m) => [m.name, ids(m.elements)]),
      [['tools', ['share(menu-item)', 'about(menu-item)', 'title(overflow-row)']]],
    );
    // goThere also runs as one of Main's own functions, with no trigger (the map's dedupe drops that copy later)
    assert.deepEqual(edges(ctx), ['Main -click go-> There explicit', 'Main --> Help explicit via view', 'Main --> There explicit']);
    assert.deepEqual(
      ctx.warnings.list().map((w) => [w.code, w.examples]),
      [
        ['CLASS_NOT_FOUND', [`${P}.Gone`]],
        ['LAYOUT_NOT_FOUND', ['missing']],
      ],
    );
  });

  test('a layout named by a missing menu warns; no app package, no class warning', () => {
    const ctx = build([['Main', ['AppCompatActivity']]], [fn('onCreate', `${P}.Main`, [layout('m')])], {
      res: {
        'layout/m.xml': `<LinearLayout ${NS}><androidx.appcompat.widget.Toolbar app:menu="@menu/nope"/><fragment android:name="${P}.Gone"/></LinearLayout>`,
      },
      noPackage: true,
    });
    walk(ctx);
    assert.deepEqual(
      ctx.warnings.list().map((w) => w.code),
      ['MENU_NOT_FOUND'],
    );
  });
});

describe('walkActivity: graphs, preferences, dialogs, finishes', () => {
  test('a navigation graph: project fragments walked, others named by class with their layout, included graphs once', () => {
    const res = {
      'navigation/main.xml': `<navigation ${NS}><include app:graph="@navigation/more"/>
        <fragment android:id="@+id/home" android:name="${P}.Home"/>
        <dialog android:id="@+id/ask" android:name="${P}.Ask"/>
        <fragment android:id="@+id/lib" android:name="com.lib.LibFragment" tools:layout="@layout/lib" xmlns:tools="http://schemas.android.com/tools"/>
        <activity android:id="@+id/about" android:name="${P}.About"/></navigation>`,
      'navigation/more.xml': `<navigation ${NS}><include app:graph="@navigation/main"/><fragment android:id="@+id/extra" android:name="${P}.Extra"/></navigation>`,
      'layout/home.xml': `<FrameLayout ${NS}><Button android:id="@+id/home_btn"/></FrameLayout>`,
      'layout/lib.xml': `<FrameLayout ${NS}><Button android:id="@+id/lib_btn"/></FrameLayout>`,
      'layout/ask.xml': `<FrameLayout ${NS}><Button android:id="@+id/yes"/></FrameLayout>`,
    };
    const ctx = build(
      [
        ['Main', ['AppCompatActivity']],
        ['Home', ['Fragment']],
        ['Ask', ['DialogFragment']],
        ['Extra', ['Fragment']],
        ['About', ['AppCompatActivity']],
      ],
      [
        fn('onCreate', `${P}.Main`, [{ t: 'res', type: 'navigation', name: 'main', trig: { kind: 'menu' } }]),
        fn('onCreateView', `${P}.Home`, [layout('home')]),
        fn('onCreateView', `${P}.Ask`, [layout('ask')]),
      ],
      { declared: ['Main', 'About'], res },
    );
    const a = walk(ctx);
    assert.deepEqual(
      a.fragments.map((f) => [short(f.name), ids(f.elements), f.trigger?.kind ?? '']),
      [
        ['Home', ['home_btn'], 'menu'],
        ['com.lib.LibFragment', ['lib_btn'], ''],
        ['Extra', [], 'menu'],
      ],
    );
    assert.deepEqual(
      a.dialogs.map((d) => [short(d.name), ids(d.elements)]),
      [['Ask', ['yes']]],
    );
  });

  test('preference screens: rows with titles, intents to activities by class or action, fragments opened by a row', () => {
    const res = {
      'xml/prefs.xml': `<PreferenceScreen ${NS}>
        <Preference android:key="about" android:title="@string/about"><intent android:targetPackage="org.x" android:targetClass="${P}.About"/></Preference>
        <Preference android:key="help"><intent android:action="org.x.HELP"/></Preference>
        <Preference android:key="more" app:fragment="${P}.More"/>
        <SwitchPreferenceCompat android:key="dark" android:title="Dark"/>
      </PreferenceScreen>`,
      'xml/more.xml': `<PreferenceScreen ${NS}><Preference android:key="deep"/></PreferenceScreen>`,
      'values/strings.xml': '<resources><string name="about">About us</string></resources>',
    };
    const ctx = build(
      [
        ['Main', ['AppCompatActivity']],
        ['About', ['AppCompatActivity']],
        ['HelpScreen', ['AppCompatActivity']],
        ['More', ['PreferenceFragmentCompat']],
      ],
      [
        fn('onCreate', `${P}.Main`, [{ t: 'res', type: 'xml', name: 'prefs' }]),
        fn('onCreatePreferences', `${P}.More`, [{ t: 'res', type: 'xml', name: 'more' }]),
      ],
      {
        declared: ['Main', 'About', 'HelpScreen'],
        res,
        manifest: {
          activities: [
            activity('Main', true),
            activity('About'),
            { name: `${P}.HelpScreen`, launcher: false, actions: ['org.x.HELP'], filters: [] },
          ],
        },
      },
    );
    const a = walk(ctx);
    assert.deepEqual(a.layouts, ['prefs']);
    assert.deepEqual(
      a.elements.map((e) => `${e.id} ${e.class} ${e.kind} ${e.text ?? ''}`.trim()),
      [
        'about Preference preference About us',
        'help Preference preference',
        'more Preference preference',
        'dark SwitchPreferenceCompat preference Dark',
      ],
    );
    assert.deepEqual(edges(ctx), ['Main -preference about-> About preference', 'Main -preference help-> HelpScreen preference']);
    assert.deepEqual(
      ctx.transitions.map((t) => t.at),
      ['xml/prefs.xml', 'xml/prefs.xml'],
    );
    assert.deepEqual(
      a.fragments.map((f) => [short(f.name), ids(f.elements), f.trigger]),
      [['More', ['deep(preference)'], { kind: 'preference', element: 'more' }]],
    );
  });

  test('an inline dialog is its own part; an empty dialog class is left out; finishes with a trigger are kept', () => {
    const ctx = build(
      [
        ['Main', ['AppCompatActivity']],
        ['Wrapper', ['DialogFragment']],
      ],
      [
        fn('onCreate', `${P}.Main`, [
          { t: 'new', cls: 'Wrapper' },
          { t: 'call', name: 'confirm', receiver: 'none', trig: { kind: 'click', element: 'del' } },
          { t: 'call', name: 'finish', receiver: 'none', line: 3 },
        ]),
        fn('confirm', `${P}.Main`, [
          { t: 'button', which: 1, scope: 2 },
          { t: 'message', scope: 2 },
          { t: 'call', name: 'finish', receiver: 'none', scope: 2, line: 8 },
        ]),
      ],
      { res: { 'values/ids.xml': '<resources><item type="id" name="del"/></resources>' } },
    );
    const a = walk(ctx);
    assert.deepEqual(
      a.dialogs.map((d) => [short(d.name), ids(d.elements), d.trigger]),
      [['Main.confirm', ['android:id/button1(dialog-button)', 'android:id/message(dialog-message)'], { kind: 'click', element: 'del' }]],
    );
    assert.deepEqual(ctx.finishTriggers.get(`${P}.Main`), [{ trigger: { kind: 'click', element: 'del' }, at: 'x/Main.kt:8' }]);
  });
});

describe('walkActivities', () => {
  test('every declared activity in manifest order, with launcher, label, aliases and module', () => {
    const ctx = build(
      [
        ['Main', ['AppCompatActivity']],
        ['Second', ['AppCompatActivity']],
      ],
      [],
      {
        res: { 'values/strings.xml': '<resources><string name="app">Notes</string></resources>' },
        manifest: {
          activities: [
            { name: `${P}.Second`, launcher: false, actions: [], filters: [] },
            { name: `${P}.Main`, launcher: true, actions: [], filters: [], label: '@string/app' },
          ],
          aliases: [{ name: `${P}.Start`, target: `${P}.Main`, launcher: true }],
        },
      },
    );
    walkActivities(ctx);
    assert.deepEqual(
      ctx.activities.map((a) => [short(a.name), a.launcher ?? false, a.label ?? '', (a.aliases ?? []).map(short), a.module]),
      [
        ['Second', false, '', [], 'app'],
        ['Main', true, 'Notes', ['Start'], 'app'],
      ],
    );
  });
});
