// Function summaries over hand-written facts: which project functions a call runs, which scopes build a dialog,
// what each kind of use adds, how a callee's effects fold into its caller, and how cycles and deep chains end.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionFacts, Use } from '../../src/uimap/code/index.js';
import { dialogScopesOf, effectsOf, receiverClass, resolveCall } from '../../src/uimap/resolve/effects.js';
import type { CallTarget } from '../../src/uimap/resolve/effects.js';
import { indexCode, indexNavigation, readManifests } from '../../src/uimap/resolve/index.js';
import type { ResolveContext } from '../../src/uimap/resolve/index.js';
import { activity, context, file, fn, noManifest, P } from './hand-facts.js';

const call = (name: string, receiver: 'none' | 'this' | 'super' | 'other' = 'none', more: Partial<Use> = {}): Use =>
  ({ t: 'call', name, receiver, ...more }) as Use;
/** Targets as `owner.name@cls` (free functions: `name@cls`). */
const names = (targets: CallTarget[]): string[] =>
  targets.map((t) => `${t.fn.owner ?? ''}${t.fn.owner === undefined ? '' : '.'}${t.fn.name}@${t.cls ?? ''}`);
const short = (s: string): string => s.replaceAll(`${P}.`, '');

describe('resolveCall: the project functions a call may run', () => {
  const open = fn('open', `${P}.Base`, []);
  const refresh = fn('refresh', `${P}.Main`, []);
  const helperOpen = fn('open', `${P}.Helper`, []);
  const helperStart = fn('start', `${P}.Helper`, []);
  const paints = ['A', 'B', 'C'].map((c) => fn('paint', `${P}.${c}`, []));
  const overriding = fn('getItem', `${P}.Pages`, [], { overrides: true });
  const getItem = fn('getItem', `${P}.Repo`, []);
  const setup = fn('setup', `${P}.Repo`, []);
  const shareX = fn('share', undefined, []);
  const shareY = fn('share', undefined, []);
  const main = file(
    'x/Main.kt',
    P,
    [
      ['Base', []],
      ['Main', ['Base']],
      ['Main.Inner', []],
      ['Helper', []],
      ['A', []],
      ['B', []],
      ['C', []],
      ['Pages', ['FragmentPagerAdapter']],
      ['Repo', []],
    ],
    [open, refresh, helperOpen, helperStart, ...paints, overriding, getItem, setup, shareX],
  );
  const y = file('y/Share.kt', 'org.y', [], [shareY]);
  const ctx = context([main, y]);
  indexCode(ctx);
  const at = (thisCls: string | undefined, f = main) => ({ thisCls, file: f });
  const resolve = (use: Use, thisCls: string | undefined, f = main): string[] =>
    names(resolveCall(ctx, use as Extract<Use, { t: 'call' }>, at(thisCls, f))).map(short);

  test('super.m() runs nothing of the project; this / bare calls search the class, its supertypes, then outer classes', () => {
    assert.deepEqual(resolve(call('open', 'super'), `${P}.Main`), []);
    assert.deepEqual(resolve(call('open', 'this'), `${P}.Main`), ['Base.open@Main']);
    assert.deepEqual(resolve(call('refresh'), `${P}.Main.Inner`), ['Main.refresh@Main']);
  });

  test('a typed receiver names the class to search, and only it', () => {
    assert.deepEqual(resolve(call('start', 'other', { receiverType: 'Helper' }), `${P}.Main`), ['Helper.start@Helper']);
    assert.deepEqual(resolve(call('refresh', 'other', { receiverType: 'Helper' }), `${P}.Main`), []);
    // a receiver type that names no project class: as if untyped
    assert.deepEqual(resolve(call('refresh', 'other', { receiverType: 'Nowhere' }), undefined), ['Main.refresh@Main']);
  });

  test('an unknown receiver: a method one or two classes declare, not an override, not a generic name', () => {
    assert.deepEqual(resolve(call('open', 'other'), `${P}.Main`).sort(), ['Base.open@Base', 'Helper.open@Helper']);
    assert.deepEqual(resolve(call('paint', 'other'), `${P}.Main`), [], 'three classes declare it');
    assert.deepEqual(resolve(call('getItem', 'other'), undefined), ['Repo.getItem@Repo']);
    assert.deepEqual(resolve(call('setup', 'other'), undefined), []);
    assert.deepEqual(resolve(call('start', 'other'), undefined), []);
    // a bare call in a class that lacks it falls back the same way
    assert.deepEqual(resolve(call('paint'), `${P}.Main`), []);
  });

  test('free functions: the caller’s package, or the one its import names, else every one', () => {
    const tag = (t: CallTarget): string => (t.fn === shareX ? 'x' : t.fn === shareY ? 'y' : '?');
    const run = (f: typeof main): string[] => resolveCall(ctx, call('share') as Extract<Use, { t: 'call' }>, at(`${P}.Main`, f)).map(tag);
    assert.deepEqual(run(main), ['x']);
    assert.deepEqual(run(y), ['y']);
    assert.deepEqual(run({ ...file('q/Q.kt', 'org.q', []), imports: { share: 'org.y.share' } }), ['y']);
    assert.deepEqual(run(file('q/Q.kt', 'org.q', [])).sort(), ['x', 'y']);
    // the class the call runs in stays `this` for a free function
    assert.deepEqual(
      resolveCall(ctx, call('share') as Extract<Use, { t: 'call' }>, at(`${P}.Main`)).map((t) => t.cls),
      [`${P}.Main`],
    );
  });
});

describe('receiverClass and dialogScopesOf', () => {
  test('an extension function runs with its receiver class as this, when the project has it', () => {
    const onMain = fn('openAbout', undefined, [], { receiver: 'Main' });
    const onContext = fn('openHelp', undefined, [], { receiver: 'Context' });
    const plain = fn('plain', undefined, []);
    const ctx = context([file('Ext.kt', P, [['Main', []]], [onMain, onContext, plain])]);
    indexCode(ctx);
    assert.equal(receiverClass(ctx, onMain), `${P}.Main`);
    assert.equal(receiverClass(ctx, onContext), undefined);
    assert.equal(receiverClass(ctx, plain), undefined);
    assert.equal(receiverClass(ctx, fn('stray', undefined, [], { receiver: 'Main' })), undefined, 'not indexed');
  });

  test('a scope builds a dialog when it sets a button, or makes a builder and shows or fills it', () => {
    const ask = fn('ask', `${P}.Main`, [
      { t: 'new', cls: 'AlertDialog.Builder', scope: 0 },
      call('show', 'other', { scope: 0 }),
      { t: 'button', which: 1, scope: 5 },
      { t: 'new', cls: 'CustomDialogHelper', scope: 9 },
      call('show', 'other', { scope: 9 }),
      { t: 'new', cls: 'androidx.appcompat.app.AlertDialog.Builder', scope: 12 },
      call('setTitle', 'other', { scope: 12 }),
      call('show', 'other', { scope: 14 }),
      { t: 'new', cls: 'Dialog', scope: 15 },
      call('dismiss', 'other', { scope: 15 }),
    ]);
    const f = file('x/Main.kt', P, [['Main', []]], [ask]);
    assert.deepEqual(
      [...dialogScopesOf(ask, f)],
      [
        [0, `${P}.Main.ask#1`],
        [5, `${P}.Main.ask#2`],
        [12, `${P}.Main.ask#3`],
      ],
    );
  });

  test('one dialog scope is named after its function alone; a free function after its file', () => {
    const confirm = fn('confirm', undefined, [{ t: 'new', cls: 'MaterialAlertDialogBuilder' }, call('create', 'other')]);
    assert.deepEqual([...dialogScopesOf(confirm, file('ui/dialogs/Prompts.kt', P, []))], [[0, 'Prompts.confirm']]);
    assert.deepEqual([...dialogScopesOf(confirm, { ...file('ui/Prompts.java', P, []), lang: 'java' })], [[0, 'Prompts.confirm']]);
    assert.deepEqual([...dialogScopesOf(fn('none', undefined, [call('show', 'other')]), file('A.kt', P, []))], []);
  });
});

/** A one-file app of package P: classes, functions, declared activities and resources. */
function app(
  classes: [string, string[]][],
  functions: FunctionFacts[],
  declared: string[],
  more: { res?: Record<string, string>; imports?: Record<string, string> } = {},
): ResolveContext {
  const ctx = context(
    [{ ...file('x/Main.kt', P, classes, functions), imports: more.imports ?? {} }],
    { ...noManifest(), activities: declared.map((a, i) => activity(a, i === 0)) },
    more.res,
  );
  indexCode(ctx);
  readManifests(ctx);
  indexNavigation(ctx);
  return ctx;
}

// Listener notes (`act`) are described by their own test: here only what the function does.
const starts = (ctx: ResolveContext, f: FunctionFacts, thisCls: string | undefined = f.owner): string[] =>
  effectsOf(ctx, f, thisCls)
    .filter((e) => e.k !== 'act' && e.k !== 'label')
    .map((e) =>
      e.k === 'start'
        ? `start ${short(e.to)} ${e.kind}${e.via === undefined ? '' : ` via ${e.via}`}${e.trig === undefined ? '' : ` on ${e.trig.kind}${e.trig.element === undefined ? '' : ` ${e.trig.element}`}`}${e.weak === true ? ' weak' : ''} at ${e.at}`
        : e.k === 'reach'
          ? `reach ${short(e.cls)}${e.toRoot === true ? ' root' : ''}`
          : e.k === 'element'
            ? `element ${e.element.id}${e.element.text === undefined ? '' : ` "${e.element.text}"`}${e.dialog === undefined ? '' : ` in ${short(e.dialog)}`}`
            : e.k === 'finish'
              ? `finish at ${e.at}`
              : e.k === 'external'
                ? `external ${e.action}`
                : `${e.k} ${e.name}${e.dialog === undefined ? '' : ` in ${short(e.dialog)}`}`,
    );

const ACTIVITIES: [string, string[]][] = [
  ['Main', ['AppCompatActivity']],
  ['About', ['AppCompatActivity']],
  ['Help', ['AppCompatActivity']],
];

describe('effectsOf: what each use adds', () => {
  test('a class named: a declared activity starts (for a result in a launcher scope), a fragment or dialog is reached', () => {
    const f = fn('onCreate', `${P}.Main`, [
      { t: 'classref', cls: 'About', line: 3 },
      { t: 'classref', cls: 'Help', line: 4, scope: 7 },
      call('startActivityForResult', 'none', { scope: 7 }),
      { t: 'classref', cls: 'Page', line: 5 },
      { t: 'classref', cls: 'Ask', line: 6 },
      { t: 'classref', cls: 'Row', line: 7 },
      { t: 'classref', cls: 'About', line: 8 },
    ]);
    const ctx = app([...ACTIVITIES, ['Page', ['Fragment']], ['Ask', ['DialogFragment']], ['Row', []]], [f], ['Main', 'About', 'Help']);
    assert.deepEqual(starts(ctx, f), [
      'start About explicit at x/Main.kt:3',
      'start Help result at x/Main.kt:4',
      'reach Page root',
      'reach Ask root',
    ]);
  });

  test('an activity with no source: imported → a screen of its own; not imported → a warning; framework bases → nothing', () => {
    const f = fn('onCreate', `${P}.Main`, [
      { t: 'classref', cls: 'LibActivity', line: 2 },
      { t: 'classref', cls: 'GoneActivity', line: 3 },
      { t: 'classref', cls: 'AppCompatActivity', line: 4 },
      { t: 'classref', cls: 'FragmentActivity', line: 5 },
      { t: 'classref', cls: 'Activity', line: 6 },
      { t: 'classref', cls: 'ActivityHelper', line: 7 },
    ]);
    const ctx = app(ACTIVITIES, [f], ['Main'], { imports: { LibActivity: 'org.lib.LibActivity' } });
    assert.deepEqual(starts(ctx, f), ['start org.lib.LibActivity explicit at x/Main.kt:2']);
    assert.deepEqual([...ctx.undeclared], ['org.lib.LibActivity']);
    assert.deepEqual(ctx.warnings.list(), [{ code: 'INTENT_TARGET_UNKNOWN', count: 1, examples: ['GoneActivity'] }]);
  });

  test('a class built: a project class other than an activity is reached; a framework dialog brings its elements', () => {
    const f = fn('onCreate', `${P}.Main`, [
      { t: 'new', cls: 'Row' },
      { t: 'new', cls: 'About' },
      { t: 'new', cls: 'Outside' },
    ]);
    const ctx = app([...ACTIVITIES, ['Row', []]], [f], ['Main', 'About']);
    assert.deepEqual(starts(ctx, f), ['reach Row']);
  });

  test('resources: layouts, existing menus, graphs and preference screens; a navigation id starts its activity', () => {
    const f = fn('onCreate', `${P}.Main`, [
      { t: 'res', type: 'layout', name: 'main' },
      { t: 'res', type: 'menu', name: 'top' },
      { t: 'res', type: 'menu', name: 'missing' },
      { t: 'res', type: 'navigation', name: 'graph' },
      { t: 'res', type: 'xml', name: 'prefs' },
      { t: 'res', type: 'id', name: 'about', line: 9 },
      { t: 'res', type: 'id', name: 'home', line: 10 },
      { t: 'binding', name: 'ActivityHelpBinding' },
      { t: 'binding', name: 'RowMissingBinding' },
    ]);
    const ctx = app(ACTIVITIES, [f], ['Main', 'About'], {
      res: {
        'layout/activity_help.xml': '<LinearLayout xmlns:android="a"><Button android:id="@+id/ok"/></LinearLayout>',
        'menu/top.xml': '<menu xmlns:android="a"><item android:id="@+id/settings"/></menu>',
        'navigation/graph.xml': `<navigation xmlns:android="a" xmlns:app="b"><fragment android:id="@+id/home" android:name="${P}.Home"/>
        <activity android:id="@+id/about" android:name="${P}.About"/></navigation>`,
      },
    });
    assert.deepEqual(starts(ctx, f), [
      'layout main',
      'menu top',
      'nav graph',
      'xml prefs',
      'start About navigation at x/Main.kt:9',
      'layout activity_help',
    ]);
    assert.deepEqual(ctx.warnings.list(), [{ code: 'MENU_NOT_FOUND', count: 1, examples: ['missing'] }]);
  });

  test('dialog buttons and messages are elements; a button’s text comes from its string resource', () => {
    const f = fn('ask', `${P}.Main`, [{ t: 'button', which: 1, text: 'ok' }, { t: 'button', which: 2, text: 'nowhere' }, { t: 'message' }]);
    const ctx = app(ACTIVITIES, [f], ['Main'], { res: { 'values/strings.xml': '<resources><string name="ok">Sure</string></resources>' } });
    assert.deepEqual(starts(ctx, f), [
      `element android:id/button1 "Sure" in Main.ask`,
      `element android:id/button2 in Main.ask`,
      `element android:id/message in Main.ask`,
    ]);
  });

  test('in a dialog scope: views, menus stay unmarked where they are not the dialog’s, a start comes via the dialog', () => {
    const f = fn('ask', `${P}.Main`, [
      { t: 'res', type: 'layout', name: 'outside' },
      { t: 'new', cls: 'AlertDialog.Builder', scope: 4 },
      { t: 'res', type: 'layout', name: 'dialog_body', scope: 4 },
      { t: 'res', type: 'navigation', name: 'graph', scope: 4 },
      { t: 'classref', cls: 'About', scope: 4, line: 6 },
      call('finish', 'none', { scope: 4, line: 7 }),
      call('show', 'other', { scope: 4 }),
      { t: 'classref', cls: 'Help', line: 9, dialog: true },
      { t: 'classref', cls: 'Help', line: 10, dialog: true },
    ]);
    const ctx = app(ACTIVITIES, [f], ['Main', 'About', 'Help']);
    assert.deepEqual(starts(ctx, f), [
      'layout outside',
      'layout dialog_body in Main.ask',
      'nav graph',
      'start About explicit via dialog at x/Main.kt:6',
      'finish at x/Main.kt:7',
      'start Help explicit via dialog at x/Main.kt:9',
    ]);
  });

  test('finish, finishAfterTransition and onBackPressed close the screen; other calls of those names do not', () => {
    const f = fn('onCreate', `${P}.Main`, [
      call('finish', 'none', { line: 2 }),
      call('onBackPressed', 'this', { line: 3 }),
      call('finishing'),
    ]);
    const ctx = app(ACTIVITIES, [f], ['Main']);
    assert.deepEqual(starts(ctx, f), ['finish at x/Main.kt:2']);
    const g = fn('close', `${P}.Main`, [call('finishAfterTransition', 'none', { line: 5 })]);
    assert.deepEqual(starts(app(ACTIVITIES, [g], ['Main']), g), ['finish at x/Main.kt:5']);
  });
});

describe('effectsOf: folding a callee into its caller', () => {
  test('a start named outside the caller’s class comes via a helper; one in a supertype or the class itself does not', () => {
    const base = fn('openHelp', `${P}.Base`, [{ t: 'classref', cls: 'Help', line: 2 }]);
    const own = fn('openAbout', `${P}.Main`, [{ t: 'classref', cls: 'About', line: 3 }]);
    const other = fn('openMain', `${P}.Router`, [{ t: 'classref', cls: 'Main', line: 4 }]);
    const free = fn('openFree', undefined, [{ t: 'classref', cls: 'About', line: 5 }]);
    const onCreate = fn('onCreate', `${P}.Main`, [
      call('openHelp'),
      call('openAbout'),
      call('openMain', 'other', { receiverType: 'Router' }),
      call('openFree', 'none', { trig: { kind: 'click', element: 'go' } }),
    ]);
    const ctx = app(
      [
        ['Base', ['AppCompatActivity']],
        ['Main', ['Base']],
        ['About', ['AppCompatActivity']],
        ['Help', ['AppCompatActivity']],
        ['Router', []],
      ],
      [base, own, other, free, onCreate],
      ['Main', 'About', 'Help'],
      { res: { 'values/ids.xml': '<resources><item type="id" name="go"/></resources>' } },
    );
    assert.deepEqual(starts(ctx, onCreate), [
      'start Help explicit at x/Main.kt:2',
      'start About explicit at x/Main.kt:3',
      'start Main explicit via helper at x/Main.kt:4',
      'start About explicit via helper on click go at x/Main.kt:5',
    ]);
  });

  test('an intent a callee builds and the caller starts for a result is a result edge', () => {
    const build = fn('intentFor', `${P}.Main`, [{ t: 'classref', cls: 'About', line: 2 }]);
    const onCreate = fn('onCreate', `${P}.Main`, [
      call('intentFor', 'none', { scope: 3 }),
      call('startActivityForResult', 'none', { scope: 3 }),
    ]);
    const later = fn('later', `${P}.Main`, [call('intentFor', 'none', { scope: 4 }), call('launch', 'other', { scope: 4 })]);
    const plain = fn('plain', `${P}.Main`, [call('intentFor', 'none', { scope: 5 }), call('startActivity', 'none', { scope: 5 })]);
    const ctx = app(ACTIVITIES, [build, onCreate, later, plain], ['Main', 'About']);
    assert.deepEqual(starts(ctx, onCreate), ['start About result at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, later), ['start About result at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, plain), ['start About explicit at x/Main.kt:2']);
  });

  test('a weak (dialog callback) trigger yields to a caller’s element and stays weak otherwise; a callback call site is weak', () => {
    // onPick runs from a lambda handed to the Picker dialog's constructor
    const onPick = fn('onPick', `${P}.Main`, [{ t: 'classref', cls: 'About', line: 2, trig: { kind: 'callback', via: 'Picker' } }]);
    const plain = fn('plain', `${P}.Main`, [{ t: 'classref', cls: 'Help', line: 3 }]);
    const byButton = fn('byButton', `${P}.Main`, [call('onPick', 'none', { trig: { kind: 'click', element: 'pick' } })]);
    const bare = fn('bare', `${P}.Main`, [call('onPick')]);
    const byMenu = fn('byMenu', `${P}.Main`, [call('onPick', 'none', { trig: { kind: 'menu' } })]);
    const fromDialog = fn('fromDialog', `${P}.Main`, [call('plain', 'none', { trig: { kind: 'callback', via: 'Picker' } })]);
    const ctx = app(
      [...ACTIVITIES, ['Picker', ['Dialog']]],
      [onPick, plain, byButton, bare, byMenu, fromDialog],
      ['Main', 'About', 'Help'],
      { res: { 'values/ids.xml': '<resources><item type="id" name="pick"/></resources>' } },
    );
    assert.deepEqual(starts(ctx, onPick), ['start About explicit on dialog weak at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, byButton), ['start About explicit on click pick at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, bare), ['start About explicit on dialog weak at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, byMenu), ['start About explicit on dialog weak at x/Main.kt:2'], 'a menu names no element');
    assert.deepEqual(starts(ctx, fromDialog), ['start Help explicit on dialog weak at x/Main.kt:3']);
  });
});

describe('effectsOf: memo, cycles and depth', () => {
  test('a function inside a cycle is summarised in full when asked after its cycle’s head', () => {
    // a → b → a: b's summary computed inside a's is partial (it misses a's start) and must not be kept
    const a = fn('a', `${P}.Main`, [call('b'), { t: 'classref', cls: 'About', line: 2 }]);
    const b = fn('b', `${P}.Main`, [call('a'), { t: 'classref', cls: 'Help', line: 3 }]);
    const ctx = app(ACTIVITIES, [a, b], ['Main', 'About', 'Help']);
    assert.deepEqual(starts(ctx, a), ['start Help explicit at x/Main.kt:3', 'start About explicit at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, b), ['start Help explicit at x/Main.kt:3', 'start About explicit at x/Main.kt:2']);
    assert.equal(effectsOf(ctx, a, `${P}.Main`), effectsOf(ctx, a, `${P}.Main`), 'kept once complete');
  });

  test('the summary depends on this: one function run for two classes', () => {
    const open = fn('open', undefined, [call('target')], { receiver: 'Base' });
    const t1 = fn('target', `${P}.Main`, [{ t: 'classref', cls: 'About', line: 2 }]);
    const t2 = fn('target', `${P}.Other`, [{ t: 'classref', cls: 'Help', line: 3 }]);
    const ctx = app([...ACTIVITIES, ['Other', ['AppCompatActivity']]], [open, t1, t2], ['Main', 'About', 'Help', 'Other']);
    assert.deepEqual(starts(ctx, open, `${P}.Main`), ['start About explicit at x/Main.kt:2']);
    assert.deepEqual(starts(ctx, open, `${P}.Other`), ['start Help explicit at x/Main.kt:3']);
  });

  test('a helper chain a few hundred calls deep ends without overflowing; a short one is followed to its end', () => {
    const chain = (n: number): FunctionFacts[] =>
      Array.from({ length: n }, (_, i) =>
        fn(`h${i}`, undefined, i === n - 1 ? [{ t: 'classref', cls: 'About', line: 1 }] : [call(`h${i + 1}`)]),
      );
    const short = chain(40);
    const ctx = app(ACTIVITIES, short, ['Main', 'About']);
    assert.deepEqual(starts(ctx, short[0] as FunctionFacts, `${P}.Main`), ['start About explicit via helper at x/Main.kt:1']);
    const long = chain(20000);
    const deep = app(ACTIVITIES, long, ['Main', 'About']);
    assert.doesNotThrow(() => effectsOf(deep, long[0] as FunctionFacts, `${P}.Main`));
  });

  test('a function the index does not hold has no effects', () => {
    const ctx = app(ACTIVITIES, [], ['Main']);
    assert.deepEqual(effectsOf(ctx, fn('stray', undefined, [{ t: 'classref', cls: 'Main' }]), undefined), []);
  });
});
