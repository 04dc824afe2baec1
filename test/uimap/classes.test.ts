// What a class is from its supertypes' names, and how names written in code become map names (listener
// targets, list rows, triggers), over hand-written facts.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionFacts } from '../../src/uimap/code/index.js';
import { classify, elementName, firstLayoutId, toTrigger } from '../../src/uimap/resolve/classes.js';
import { indexCode, readManifests } from '../../src/uimap/resolve/index.js';
import { bindingLayout, frameworkDialogElements, viewClassName } from '../../src/uimap/resolve/names.js';
import type { ResolveContext } from '../../src/uimap/resolve/index.js';
import { activity, context, file, fn, noManifest, P } from './hand-facts.js';

function build(
  classes: [string, string[]][],
  opts: { fns?: FunctionFacts[]; declared?: string[]; res?: Record<string, string> } = {},
): ResolveContext {
  const f = file('x/A.kt', P, classes, opts.fns ?? []);
  const ctx = context([f], { ...noManifest(), activities: (opts.declared ?? []).map((a) => activity(a)) }, opts.res ?? {});
  indexCode(ctx);
  readManifests(ctx);
  return ctx;
}

describe('classify: the kind from supertype names, whole names only', () => {
  const kinds = (classes: [string, string[]][], declared: string[] = []): Record<string, string> => {
    const ctx = build(classes, { declared });
    return Object.fromEntries(classes.map(([n]) => [n, classify(ctx, `${P}.${n}`)]));
  };

  test('activities: an Activity supertype, or a manifest entry; a name that only contains Activity is not one', () => {
    assert.deepEqual(
      kinds(
        [
          ['Main', ['AppCompatActivity']],
          ['Declared', []],
          ['Callback', ['ActivityResultCallback']],
          ['Child', ['Main']],
        ],
        ['Declared'],
      ),
      { Main: 'activity', Declared: 'activity', Callback: 'other', Child: 'activity' },
    );
  });

  test('dialogs: a Dialog or DialogFragment supertype, or a name ending in Dialog that is not a view', () => {
    assert.deepEqual(
      kinds([
        ['Ask', ['DialogFragment']],
        ['Sheet', ['BottomSheetDialog']],
        ['ConfirmDialog', []],
        ['PickDialog', ['ViewModel']],
        ['BannerDialog', ['LinearLayout']],
        ['DialogHost', []],
        ['Helper', ['DialogHelper']],
      ]),
      {
        Ask: 'dialog',
        Sheet: 'dialog',
        ConfirmDialog: 'dialog',
        PickDialog: 'dialog',
        BannerDialog: 'view',
        DialogHost: 'other',
        Helper: 'other',
      },
    );
  });

  test('fragments: a framework Fragment supertype, or a project base named so with nothing external', () => {
    assert.deepEqual(
      kinds([
        ['Home', ['Fragment']],
        ['Prefs', ['PreferenceFragmentCompat']],
        ['BaseFragment', []],
        ['Page', ['BaseFragment']],
        ['Odd', ['BaseFragment', 'Serializable']],
      ]),
      { Home: 'fragment', Prefs: 'fragment', BaseFragment: 'other', Page: 'fragment', Odd: 'other' },
    );
  });

  test('adapters: list adapters and view holders, not pager adapters (which hold pages)', () => {
    assert.deepEqual(
      kinds([
        ['Rows', ['RecyclerView.Adapter']],
        ['Holder', ['RecyclerView.ViewHolder']],
        ['RowAdapter', []],
        ['Pages', ['FragmentStateAdapter']],
        ['OldPages', ['FragmentPagerAdapter']],
        ['StatePages', ['FragmentStatePagerAdapter']],
        ['Plain', ['PagerAdapter']],
        ['AdapterFactory', []],
        ['Factory', ['ViewHolderFactory']],
      ]),
      {
        Rows: 'adapter',
        Holder: 'adapter',
        RowAdapter: 'adapter',
        Pages: 'other',
        OldPages: 'other',
        StatePages: 'other',
        Plain: 'other',
        AdapterFactory: 'other',
        Factory: 'other',
      },
    );
  });

  test('views: any external supertype that is a widget, beside interfaces', () => {
    assert.deepEqual(
      kinds([
        ['Card', ['LinearLayout', 'View.OnClickListener']],
        ['Listener', ['View.OnClickListener']],
        ['Chip', ['AppCompatButton']],
      ]),
      { Card: 'view', Listener: 'other', Chip: 'view' },
    );
  });
});

describe('elementName: a listener target as written → an element id', () => {
  const res = {
    'layout/main.xml':
      '<LinearLayout xmlns:android="a"><Button android:id="@+id/save_button"/><Button android:id="@+id/btnShare"/></LinearLayout>',
    'xml/prefs.xml': '<PreferenceScreen xmlns:android="a"><Preference android:key="dark_mode"/></PreferenceScreen>',
  };
  const withVars = (): ResolveContext => {
    const ctx = build(
      [
        ['Main', ['AppCompatActivity']],
        ['Main.Inner', []],
      ],
      { res },
    );
    const main = ctx.code.classes.get(`${P}.Main`);
    if (main !== undefined) main.facts.viewVars = { saveView: 'save_button' };
    return ctx;
  };

  test('framework ids as they are; view variables of the class or an enclosing one; ids as written or snake-cased', () => {
    const ctx = withVars();
    assert.equal(elementName(ctx, 'android:id/list', `${P}.Main`), 'android:id/list');
    assert.equal(elementName(ctx, 'saveView', `${P}.Main.Inner`), 'save_button');
    assert.equal(elementName(ctx, 'btnShare', undefined), 'btnShare');
    assert.equal(elementName(ctx, 'saveButton', undefined), 'save_button');
    assert.equal(elementName(ctx, 'dark_mode', undefined), 'dark_mode', 'a preference key');
    assert.equal(elementName(ctx, undefined, `${P}.Main`), undefined);
    assert.deepEqual(ctx.warnings.list(), []);
  });

  test('anything else is unresolved, and said so', () => {
    const ctx = withVars();
    assert.equal(elementName(ctx, 'nowhere', `${P}.Main`), undefined);
    assert.equal(elementName(ctx, 'saveView', `${P}.Other`), undefined, 'another class’s variable');
    assert.deepEqual(ctx.warnings.list(), [{ code: 'LISTENER_TARGET_UNRESOLVED', count: 2, examples: ['nowhere', 'saveView'] }]);
  });
});

describe('firstLayoutId and toTrigger: list rows and callbacks', () => {
  const res = {
    'layout/row.xml': '<LinearLayout xmlns:android="a" android:id="@+id/row_root"><TextView android:id="@+id/title"/></LinearLayout>',
    'layout/bare_row.xml': '<LinearLayout xmlns:android="a"><TextView android:id="@+id/name"/></LinearLayout>',
    'layout/row_menu.xml': '<FrameLayout xmlns:android="a" android:id="@+id/not_this"/>',
    'menu/row_menu.xml': '<menu xmlns:android="a"><item android:id="@+id/x"/></menu>',
    'layout/item_song.xml': '<LinearLayout xmlns:android="a" android:id="@+id/song"/>',
    'values/ids.xml': '<resources><item type="id" name="play"/></resources>',
  };
  const fns = [
    fn('onCreateViewHolder', `${P}.Rows`, [
      { t: 'res', type: 'menu', name: 'row_menu' },
      { t: 'res', type: 'layout', name: 'missing' },
      { t: 'res', type: 'layout', name: 'row' },
    ]),
    fn('onCreateViewHolder', `${P}.Bare`, [{ t: 'res', type: 'layout', name: 'bare_row' }]),
    fn('bind', `${P}.Songs`, [{ t: 'binding', name: 'ItemSongBinding' }]),
  ];
  const ctx = build(
    [
      ['Rows', ['RecyclerView.Adapter']],
      ['Rows.Holder', ['RecyclerView.ViewHolder']],
      ['Bare', ['RecyclerView.Adapter']],
      ['Songs', ['ListAdapter']],
      ['Empty', ['RecyclerView.Adapter']],
      ['Ask', ['DialogFragment']],
      ['Plain', []],
      ['Main', ['AppCompatActivity']],
    ],
    { fns, res },
  );
  const at = (cls: string | undefined) => ({ cls: cls === undefined ? undefined : `${P}.${cls}`, file: file('x/A.kt', P, []) });

  test('a row is the root id of the first layout the class inflates (a menu of the same name is no layout), else its first id', () => {
    assert.equal(firstLayoutId(ctx, `${P}.Rows`), 'row_root');
    assert.equal(firstLayoutId(ctx, `${P}.Bare`), 'name');
    assert.equal(firstLayoutId(ctx, `${P}.Songs`), 'song');
    assert.equal(firstLayoutId(ctx, `${P}.Empty`), undefined);
  });

  test('a callback handed to a dialog runs under the dialog; to an adapter, under its row; to anything else, unknown', () => {
    assert.deepEqual(toTrigger(ctx, { kind: 'callback', via: 'Ask' }, at('Main')), { kind: 'dialog' });
    assert.deepEqual(toTrigger(ctx, { kind: 'callback', via: 'Rows' }, at('Main')), { kind: 'item', element: 'row_root' });
    assert.deepEqual(toTrigger(ctx, { kind: 'callback', via: 'Empty' }, at('Main')), { kind: 'item' });
    assert.equal(toTrigger(ctx, { kind: 'callback', via: 'Plain' }, at('Main')), undefined);
    assert.equal(toTrigger(ctx, { kind: 'callback', via: 'Nowhere' }, at('Main')), undefined);
    assert.equal(toTrigger(ctx, { kind: 'callback' }, at('Main')), undefined);
    assert.equal(toTrigger(ctx, undefined, at('Main')), undefined);
  });

  test('a click on a row’s own view (itemView) is the row: the holder’s, or the adapter around it', () => {
    assert.deepEqual(toTrigger(ctx, { kind: 'click', element: 'itemView' }, at('Rows')), { kind: 'item', element: 'row_root' });
    assert.deepEqual(toTrigger(ctx, { kind: 'long-click', element: 'itemView' }, at('Rows.Holder')), { kind: 'item', element: 'row_root' });
    assert.deepEqual(toTrigger(ctx, { kind: 'click' }, at('Empty')), { kind: 'item' });
    // not a click, not an adapter, or a named element: as it is
    assert.deepEqual(toTrigger(ctx, { kind: 'check', element: 'itemView' }, at('Rows')), { kind: 'check' });
    assert.deepEqual(toTrigger(ctx, { kind: 'click', element: 'itemView' }, at('Main')), { kind: 'click' });
    assert.deepEqual(toTrigger(ctx, { kind: 'click', element: 'play' }, at('Rows')), { kind: 'click', element: 'play' });
    assert.deepEqual(toTrigger(ctx, { kind: 'click' }, at(undefined)), { kind: 'click' });
  });
});

describe('name conventions', () => {
  test('layout tags → classes: android.view for the View family, android.webkit for WebView, android.widget else', () => {
    assert.deepEqual(
      ['View', 'ViewStub', 'SurfaceView', 'TextureView', 'ViewGroup', 'WebView', 'Button', 'org.x.Chip'].map(viewClassName),
      [
        'android.view.View',
        'android.view.ViewStub',
        'android.view.SurfaceView',
        'android.view.TextureView',
        'android.view.ViewGroup',
        'android.webkit.WebView',
        'android.widget.Button',
        'org.x.Chip',
      ],
    );
  });

  test('binding classes → layouts; only a trailing Binding is dropped', () => {
    assert.deepEqual(
      ['ActivityMainBinding', 'ActivityURLBinding', 'ItemRow2Binding', 'BindingsListBinding', 'FragmentHome'].map(bindingLayout),
      ['activity_main', 'activity_url', 'item_row2', 'bindings_list', 'fragment_home'],
    );
  });

  test('framework picker dialogs bring their views; other classes none', () => {
    const ids = (cls: string): string[] =>
      frameworkDialogElements(cls).map((e) => `${e.id} ${e.class.split('.').at(-1) ?? ''} ${e.kind ?? ''}`.trim());
    const buttons = ['android:id/button1 Button dialog-button', 'android:id/button2 Button dialog-button'];
    assert.deepEqual(ids('android.app.DatePickerDialog'), buttons);
    assert.deepEqual(ids('TimePickerDialog'), [
      ...buttons,
      'android:id/hours TextView',
      'android:id/minutes TextView',
      'android:id/am_label RadioButton',
      'android:id/pm_label RadioButton',
    ]);
    assert.deepEqual(ids('AlertDialog.Builder'), []);
    assert.deepEqual(ids('MyTimePickerDialogs'), []);
  });
});
