// Rules of the per-activity walk and the function summaries, each on a small authored app or parsed snippet:
// what kind a class is by its supertypes, which calls close a screen, which callbacks run by themselves, which
// method names are too generic to follow on an unknown receiver, which builder calls make a dialog, starts for
// a result, and how deep a chain of helpers is followed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { classify, indexCode, newContext } from '../../src/uimap/resolve/index.js';
import { buildResourceIndex } from '../../src/uimap/resources.js';
import { WarningLog } from '../../src/uimap/warnings.js';
import { activity, buttonsLayout, edgeLines, emptyActivity, factsOf, kotlinMain, mapAuthored, warningCounts } from './authored.js';

const PKG = 'org.r';

describe('what a class is, by its supertypes', () => {
  test('activities, dialogs, fragments, adapters (not pager adapters), views, others', () => {
    const rows: [string, string, string][] = [
      ['Main', 'AppCompatActivity()', 'activity'],
      ['Ask', 'DialogFragment()', 'dialog'],
      ['Sheet', 'BottomSheetDialog(ctx)', 'dialog'],
      ['ConfirmDialog', '', 'dialog'],
      ['ProgressDialog', 'FrameLayout(ctx)', 'view'],
      ['Settings', 'PreferenceFragmentCompat()', 'fragment'],
      ['Legacy', 'ListFragment()', 'fragment'],
      ['Pages', 'FragmentStatePagerAdapter(fm)', 'other'],
      ['Tabs', 'FragmentStateAdapter(a)', 'other'],
      ['Rows', 'RecyclerView.Adapter<Holder>()', 'adapter'],
      ['Holder', 'RecyclerView.ViewHolder(v)', 'adapter'],
      ['NotesAdapter', '', 'adapter'],
      ['Card', 'LinearLayout(ctx)', 'view'],
      ['Bar', 'MaterialToolbar(ctx)', 'view'],
      ['Pick', 'AppCompatImageButton(ctx)', 'view'],
      ['Store', 'Repository()', 'other'],
    ];
    const text = `package ${PKG}\n${rows.map(([name, sup]) => `class ${name}${sup === '' ? '' : ` : ${sup}`} {\n}`).join('\n')}`;
    const warnings = new WarningLog();
    const ctx = newContext(
      {
        modules: [{ name: 'app', role: 'app', manifests: [], code: [factsOf('kotlin', text)] }],
        resources: buildResourceIndex([], warnings),
      },
      warnings,
    );
    indexCode(ctx);
    assert.deepEqual(
      rows.map(([name]) => [name, classify(ctx, `${PKG}.${name}`)]),
      rows.map(([name, , kind]) => [name, kind]),
    );
  });
});

describe('closing a screen, and callbacks that run by themselves', () => {
  test('finish, finishAfterTransition and onBackPressed go back; lifecycle starts are automatic', async () => {
    const lifecycle = ['onStart', 'onResume', 'onPostCreate', 'onNewIntent', 'initActivity'];
    const fragmentLifecycle = ['onViewCreated', 'onCreateView', 'onActivityCreated', 'onAttach'];
    const targets = [...lifecycle, ...fragmentLifecycle].map((n) => `To_${n}`);
    const start = (to: string): string => `startActivity(Intent(this, ${to}::class.java))`;
    const map = await mapAuthored({
      pkg: PKG,
      application: [activity('.Main', true), activity('.Detail'), ...targets.map((t) => activity(`.${t}`))].join(''),
      res: {
        'layout/main.xml': buttonsLayout(['details']),
        'layout/detail.xml': buttonsLayout(['done', 'close', 'back']),
      },
      code: {
        'Main.kt': kotlinMain(PKG, [
          'details.setOnClickListener { startActivity(Intent(this, Detail::class.java)) }',
          'showPage(PageFragment())',
        ]),
        'Detail.kt': [
          `package ${PKG}`,
          'class Detail : AppCompatActivity() {',
          '  override fun onCreate(b: Bundle?) {',
          '    setContentView(R.layout.detail)',
          '    done.setOnClickListener { finish() }',
          '    close.setOnClickListener { finishAfterTransition() }',
          '    back.setOnClickListener { onBackPressed() }',
          '  }',
          ...lifecycle.map((n) => `  override fun ${n}() {\n    ${start(`To_${n}`)}\n  }`),
          '}',
        ].join('\n'),
        'PageFragment.kt': [
          `package ${PKG}`,
          'class PageFragment : Fragment() {',
          ...fragmentLifecycle.map((n) => `  override fun ${n}() {\n    ${start(`To_${n}`)}\n  }`),
          '}',
        ].join('\n'),
        ...Object.fromEntries(targets.map((t) => emptyActivity(PKG, t))),
      },
    });

    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(edgeLines(map, PKG), [
      'Detail -auto-> To_initActivity',
      'Detail -auto-> To_onNewIntent',
      'Detail -auto-> To_onPostCreate',
      'Detail -auto-> To_onResume',
      'Detail -auto-> To_onStart',
      'Detail -click back-> Main (back)',
      'Detail -click close-> Main (back)',
      'Detail -click done-> Main (back)',
      'Main -auto-> To_onActivityCreated',
      'Main -auto-> To_onAttach',
      'Main -auto-> To_onCreateView',
      'Main -auto-> To_onViewCreated',
      'Main -click details-> Detail',
    ]);
  });
});

describe('calls followed into project code', () => {
  test('a call with a generic name on an unknown receiver is not followed; one with a specific name is', async () => {
    const generic = [
      ...['inflate', 'apply', 'also', 'let', 'run', 'with', 'show', 'dismiss', 'create', 'get', 'set', 'add', 'remove', 'put'],
      ...['equals', 'toString', 'hashCode', 'invoke', 'init', 'setup', 'update', 'start', 'stop', 'clear', 'onClick', 'onCreate'],
      ...['onResume', 'onStart', 'onPause', 'onStop', 'onDestroy', 'newInstance', 'getInstance', 'notifyDataSetChanged'],
      ...['submitList', 'forEach', 'map', 'filter', 'setText', 'setVisibility', 'beGone', 'beVisible', 'beVisibleIf', 'beGoneIf'],
    ];
    const methods = [...generic, 'openHelp'].map(
      (n) => `  fun ${n}(a: Activity) {\n    a.startActivity(Intent(a, Detail::class.java))\n  }`,
    );
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true) + activity('.Detail'),
      res: { 'layout/main.xml': buttonsLayout(['go']) },
      code: {
        'Main.kt': kotlinMain(PKG, ['go.setOnClickListener {', ...[...generic, 'openHelp'].map((n) => `  thing.${n}(this)`), '}']),
        'Helper.kt': `package ${PKG}\nclass Helper {\n${methods.join('\n')}\n}`,
        ...Object.fromEntries([emptyActivity(PKG, 'Detail')]),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    const edges = map.transitions.map((t) => `${t.trigger?.element} ${t.at}`);
    // only openHelp, the last call, is followed
    assert.deepEqual(edges, [`go :app/Helper.kt:${3 * generic.length + 4}`]);
  });

  test('starts for a result, and a chain of helpers followed 250 calls deep, not deeper', async () => {
    // top-level functions, so that only the call chain reaches them (an activity's own methods are summarised too)
    const chain = (name: string, depth: number, to: string): string =>
      Array.from({ length: depth }, (_, i) =>
        i === depth - 1
          ? `fun ${name}${i}(a: Activity) {\n  a.startActivity(Intent(a, ${to}::class.java))\n}`
          : `fun ${name}${i}(a: Activity) {\n  ${name}${i + 1}(a)\n}`,
      ).join('\n');
    const map = await mapAuthored({
      pkg: PKG,
      application: ['.Main', '.Sender', '.Near', '.Far'].map((a, i) => activity(a, i === 0)).join(''),
      res: { 'layout/main.xml': buttonsLayout(['send', 'near', 'far']) },
      code: {
        'Main.kt': [
          `package ${PKG}`,
          'class Main : AppCompatActivity() {',
          '  override fun onCreate(b: Bundle?) {',
          '    setContentView(R.layout.main)',
          '    send.setOnClickListener {',
          '      val i = Intent(this, Sender::class.java)',
          '      startIntentSenderForResult(sender(i), 1, null, 0, 0, 0)',
          '    }',
          '    near.setOnClickListener { n0(this) }',
          '    far.setOnClickListener { f0(this) }',
          '  }',
          '}',
        ].join('\n'),
        'Chains.kt': `package ${PKG}\n${chain('n', 200, 'Near')}\n${chain('f', 300, 'Far')}`,
        ...Object.fromEntries(['Sender', 'Near', 'Far'].map((a) => emptyActivity(PKG, a))),
      },
    });
    assert.deepEqual(
      map.transitions.map((t) => [t.trigger?.element, t.to, t.kind]),
      [
        ['send', `${PKG}.Sender`, 'result'],
        ['near', `${PKG}.Near`, 'explicit'],
      ],
    );
  });
});

describe('dialogs built inline', () => {
  test('a builder and any of its building calls make a dialog: the layout inflated beside it belongs to the dialog', async () => {
    const calls = ['show()', 'create()', 'setView(v)', 'setItems(names, null)', 'setTitle("T")', 'setMessage("M")'];
    const more = ['setSingleChoiceItems(names, 0, null)', 'setMultiChoiceItems(names, null, null)', 'setContentView(v)'];
    const builders = ['MaterialAlertDialogBuilder(this)', 'BottomSheetDialog(this)', 'AppCompatDialog(this)', 'ProgressDialog(this)'];
    const lines = [
      ...[...calls, ...more].map(
        (c, i) => `b${i}.setOnClickListener { layoutInflater.inflate(R.layout.ask, null); AlertDialog.Builder(this).${c} }`,
      ),
      ...builders.map((b, i) => `c${i}.setOnClickListener { layoutInflater.inflate(R.layout.ask, null); ${b}.show() }`),
      'plain.setOnClickListener { layoutInflater.inflate(R.layout.row, null); AlertDialog.Builder(this) }',
    ];
    const ids = [...[...calls, ...more].map((_, i) => `b${i}`), ...builders.map((_, i) => `c${i}`), 'plain'];
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true),
      res: {
        'layout/main.xml': buttonsLayout(ids),
        'layout/ask.xml': buttonsLayout(['answer']),
        'layout/row.xml': buttonsLayout(['row_title']),
      },
      code: { 'Main.kt': kotlinMain(PKG, lines) },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    const main = map.activities[0];
    assert.deepEqual(
      main?.dialogs.map((d) => d.name),
      ids.slice(0, -1).map((_, i) => `${PKG}.Main.onCreate#${i + 1}`),
    );
    // a builder never shown or filled builds nothing: what is inflated beside it is the screen's
    assert.ok(main?.elements.some((e) => e.id === 'row_title'));
    assert.equal(
      main?.elements.some((e) => e.id === 'answer'),
      false,
    );
  });

  test('a dialog built in a top-level function is named after its file', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true),
      res: { 'layout/main.xml': buttonsLayout(['wipe']) },
      code: {
        'Main.kt': kotlinMain(PKG, ['wipe.setOnClickListener { askWipe() }']),
        'Dialogs.kt': `package ${PKG}\nfun Activity.askWipe() {\n  AlertDialog.Builder(this).setPositiveButton("Wipe", null).show()\n}`,
      },
    });
    assert.deepEqual(
      map.activities[0]?.dialogs.map((d) => [d.name, d.trigger]),
      [['Dialogs.askWipe', { kind: 'click', element: 'wipe' }]],
    );
  });
});
