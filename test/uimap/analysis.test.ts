import { describe, test, before } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { createCodeParser } from '../../src/uimap/syntax.js';
import type { CodeParser } from '../../src/uimap/syntax.js';
import { extractFacts } from '../../src/uimap/code/index.js';
import type { Use } from '../../src/uimap/code/index.js';
import { findPaths, findPathsByText, mapDirectory, mapProject, searchElements, shortestPath } from '../../src/uimap/index.js';
import type { ProjectSource, UiMap } from '../../src/uimap/index.js';

// Top-level, not a root before() hook: the file then shares one process with others in a mutation run.
const parser: CodeParser = await createCodeParser();

const facts = (lang: 'java' | 'kotlin', text: string) => extractFacts(lang, 'F', text, parser.parse(lang, text).root);
/** Uses without their scope offsets (positions in the snippet, not worth pinning). */
const uses = (lang: 'java' | 'kotlin', text: string, fn: string): Use[] =>
  (facts(lang, text).functions.find((f) => f.name === fn)?.uses ?? []).map(({ scope: _scope, line: _line, ...rest }) => rest as Use);

describe('code facts pass', () => {
  test('Kotlin: menu branches, synthetic and binding listeners, class literals, type arguments, callbacks', () => {
    const u = uses(
      'kotlin',
      `class A : B() {
        fun go() {
          toolbar.setOnMenuItemClickListener {
            when (it.itemId) {
              R.id.settings -> openSettings()
              R.id.a, R.id.b -> startActivity<X>()
            }
            true
          }
          settings_button.setOnClickListener { startActivity(Intent(this, S::class.java)) }
          binding.saveHolder.setOnLongClickListener { save() ; true }
          Dlg(this) { startActivity(Intent(this, Y::class.java)) }
        }
      }`,
      'go',
    );
    const calls = u.filter((x) => x.t === 'call' && ['openSettings', 'save'].includes(x.name));
    assert.deepEqual(calls, [
      { t: 'call', name: 'openSettings', receiver: 'none', trig: { kind: 'menu', element: 'settings' } },
      { t: 'call', name: 'save', receiver: 'none', trig: { kind: 'long-click', element: 'saveHolder' } },
    ]);
    const refs = u.filter((x) => x.t === 'classref');
    assert.deepEqual(refs, [
      { t: 'classref', cls: 'X', trig: { kind: 'menu', element: 'a' } },
      { t: 'classref', cls: 'X', trig: { kind: 'menu', element: 'b' } },
      { t: 'classref', cls: 'S', trig: { kind: 'click', element: 'settings_button' } },
      { t: 'classref', cls: 'Y', trig: { kind: 'callback', via: 'Dlg' } },
    ]);
  });

  test('Java: switch on view id, findViewById variables, anonymous listeners, dialog buttons', () => {
    const f = facts(
      'java',
      `package p; class A extends B implements View.OnClickListener {
        Button ok;
        void onCreate() { setContentView(R.layout.main); ok = (Button) findViewById(R.id.ok_button);
          ok.setOnClickListener(new View.OnClickListener() { public void onClick(View v) { H.go(A.this); } }); }
        public void onClick(View v) { switch (v.getId()) { case R.id.x: startActivity(new Intent(this, C.class)); break; } }
        void ask() { new AlertDialog.Builder(this).setPositiveButton(R.string.yes, null).setNegativeButton(android.R.string.cancel, null).show(); }
      }`,
    );
    assert.equal(f.package, 'p');
    assert.deepEqual(f.classes[0]?.supers, ['B', 'View.OnClickListener']);
    assert.deepEqual(f.classes[0]?.viewVars, { ok: 'ok_button' });
    const onCreate = f.functions.find((x) => x.name === 'onCreate')?.uses ?? [];
    assert.ok(onCreate.some((x) => x.t === 'res' && x.type === 'layout' && x.name === 'main'));
    assert.ok(onCreate.some((x) => x.t === 'call' && x.name === 'go' && x.trig?.element === 'ok'));
    const onClick = f.functions.find((x) => x.name === 'onClick')?.uses ?? [];
    assert.ok(onClick.some((x) => x.t === 'classref' && x.cls === 'C' && x.trig?.kind === 'click' && x.trig.element === 'x'));
    const ask = f.functions.find((x) => x.name === 'ask')?.uses ?? [];
    assert.deepEqual(
      ask.filter((x) => x.t === 'button').sort((a, b) => (a.t === 'button' && b.t === 'button' ? a.which - b.which : 0)),
      [
        { t: 'button', which: 1, text: 'yes', line: 6 },
        { t: 'button', which: 2, text: 'android:string/cancel', line: 6 },
      ],
    );
  });

  test('extension functions keep their receiver; view binding classes are recorded', () => {
    const f = facts('kotlin', 'fun Context.launchX() { val b = ActivityXBinding.inflate(layoutInflater) }');
    assert.equal(f.functions[0]?.receiver, 'Context');
    assert.ok(f.functions[0]?.uses.some((u) => u.t === 'binding' && u.name === 'ActivityXBinding'));
  });
});

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/uimap/${name}`, import.meta.url));

describe('shortest UI paths', () => {
  let map: UiMap;
  before(async () => {
    map = await mapDirectory(fixture('notekeeper'));
  });

  test('to an activity: BFS from the launcher with the element per step', () => {
    const p = shortestPath(map, 'HelpActivity');
    assert.ok(p !== undefined);
    assert.deepEqual(
      p.steps.map((s) => [s.from.split('.').at(-1), s.to.split('.').at(-1), s.trigger?.element ?? s.trigger?.kind]),
      [
        ['SplashActivity', 'MainActivity', 'auto'],
        ['MainActivity', 'ExportActivity', 'export'],
        ['ExportActivity', 'HelpActivity', 'open_help'],
      ],
    );
  });

  test('to an element id (plain or package-qualified), shortest screen first, with where it sits', () => {
    const paths = findPaths(map, 'org.glance.notekeeper:id/send_feedback');
    assert.equal(paths[0]?.activity, 'org.glance.notekeeper.help.HelpActivity');
    assert.deepEqual(paths[0]?.target, { element: 'send_feedback', part: 'fragment', name: 'org.glance.notekeeper.help.HelpHomeFragment' });
    const sort = shortestPath(map, 'sort_by_title');
    assert.deepEqual(sort?.target, {
      element: 'sort_by_title',
      part: 'dialog',
      name: 'org.glance.notekeeper.SortDialog',
      open: { kind: 'menu', element: 'sort' },
    });
    const about = findPaths(map, 'about');
    assert.equal(about[0]?.activity, 'org.glance.notekeeper.MainActivity');
    assert.equal(about[0]?.target?.part, 'menu');
  });

  test('by text: elements whose text, hint or description match, with where they sit', () => {
    const hits = searchElements(map, 'sort by');
    assert.deepEqual(
      hits.map((h) => [h.activity.split('.').at(-1), h.element.id, h.target.part]),
      [['MainActivity', 'sort', 'menu']],
    );
    const byDesc = findPathsByText(map, 'new note');
    assert.deepEqual(
      byDesc.map((p) => [p.activity.split('.').at(-1), p.target?.element, p.steps.length]),
      [['MainActivity', 'fab', 1]],
    );
    const feedback = findPathsByText(map, 'send feedback');
    assert.equal(feedback[0]?.target?.name, 'org.glance.notekeeper.help.HelpHomeFragment');
  });

  test('unknown or unreachable targets give no path; --from changes the start', () => {
    assert.deepEqual(findPaths(map, 'NoSuchActivity'), []);
    assert.deepEqual(findPaths(map, 'SplashActivity', { from: 'LicenseActivity' }), []);
    assert.equal(shortestPath(map, 'LicenseActivity', { from: 'AboutActivity' })?.steps.length, 1);
  });
});

describe('unresolvable code is skipped with counted warnings', () => {
  test('syntax errors, unknown intent targets, missing layouts, unresolved listener targets', async () => {
    const source: ProjectSource = {
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "b.r" }',
          manifests: [
            {
              path: 'src/main/AndroidManifest.xml',
              text: '<manifest xmlns:android="a"><application><activity android:name=".Main"/><activity android:name=".Gone"/></application></manifest>',
            },
          ],
          resources: [{ path: 'layout/main.xml', text: '<LinearLayout xmlns:android="a"><Button android:id="@+id/ok"/></LinearLayout>' }],
          code: [
            {
              path: 'src/main/java/b/r/Main.java',
              text: 'package b.r; public class Main extends Activity { void onCreate(Bundle b) { setContentView(R.layout.main); setContentView(R.layout.missing); startActivity(new Intent(this, NowhereActivity.class)); mystery.setOnClickListener(v -> finish()); } }',
            },
            { path: 'src/main/java/b/r/Broken.java', text: 'package b.r; public class Broken extends Activity { void f( { if (x } ' },
            { path: 'src/main/java/b/r/Worse.kt', text: 'class ??? {{{ fun' },
          ],
        },
      ],
    };
    const map = await mapProject(source);
    const count = Object.fromEntries(map.warnings.map((w) => [w.code, w.count]));
    assert.deepEqual(count, {
      CLASS_NOT_FOUND: 1,
      INTENT_TARGET_UNKNOWN: 1,
      LAYOUT_NOT_FOUND: 1,
      LISTENER_TARGET_UNRESOLVED: 1,
      SYNTAX_ERROR: 2,
    });
    assert.deepEqual(
      map.activities.find((a) => a.name === 'b.r.Main')?.elements.map((e) => e.id),
      ['ok'],
    );
  });
});

describe('annotation-bound listeners', () => {
  test('@OnClick(R.id.a, R.id.b) makes the method body run under a click on each id', async () => {
    const p = await createCodeParser();
    const text = 'class A extends Activity { @OnClick({R.id.go, R.id.again}) void go() { startActivity(new Intent(this, B.class)); } }';
    const f = extractFacts('java', 'A.java', text, p.parse('java', text).root);
    const refs = f.functions
      .find((x) => x.name === 'go')
      ?.uses.filter((u) => u.t === 'classref' && u.line === 1)
      .map(({ line: _l, ...u }) => u);
    assert.deepEqual(refs, [
      { t: 'classref', cls: 'B', trig: { kind: 'click', element: 'go' } },
      { t: 'classref', cls: 'B', trig: { kind: 'click', element: 'again' } },
    ]);
  });
});

describe('inline dialogs are scoped to the lambda that builds them', () => {
  test('a dialog built in a click lambda inside onCreate does not swallow the activity layout', async () => {
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "org.inl" }',
          manifests: [
            {
              path: 'src/main/AndroidManifest.xml',
              text: '<manifest xmlns:android="a"><application><activity android:name=".Main"/></application></manifest>',
            },
          ],
          resources: [
            {
              path: 'layout/main.xml',
              text: '<LinearLayout xmlns:android="a"><Button android:id="@+id/pick_time"/><Button android:id="@+id/ask"/></LinearLayout>',
            },
            { path: 'values/strings.xml', text: '<resources><string name="sure">Sure?</string></resources>' },
          ],
          code: [
            {
              path: 'Main.kt',
              text: `package org.inl
class Main : AppCompatActivity() {
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.main)
    pick_time.setOnClickListener { TimePickerDialog(this, null, 7, 0, true).show() }
    ask.setOnClickListener { AlertDialog.Builder(this).setMessage(R.string.sure).setPositiveButton(android.R.string.ok, null).show() }
  }
}`,
            },
          ],
        },
      ],
    });
    const main = map.activities[0];
    assert.deepEqual(
      main?.elements.map((e) => e.id),
      ['pick_time', 'ask'],
    );
    assert.deepEqual(
      main?.dialogs.map((d) => [d.name, d.trigger?.element, d.elements.map((e) => e.id)]),
      [
        [
          'org.inl.Main.onCreate#1',
          'pick_time',
          [
            'android:id/button1',
            'android:id/button2',
            'android:id/hours',
            'android:id/minutes',
            'android:id/am_label',
            'android:id/pm_label',
          ],
        ],
        ['org.inl.Main.onCreate#2', 'ask', ['android:id/button1', 'android:id/message']],
      ],
    );
  });
});

describe('listener setters', () => {
  test('navigation drawer, bottom navigation and plain setters all open a menu/click context', async () => {
    const p = await createCodeParser();
    const text = `class A : AppCompatActivity() {
      fun f() {
        navView.setNavigationItemSelectedListener { if (it.itemId == R.id.nav_help) startActivity(Intent(this, H::class.java)); true }
        bottomNav.setOnItemSelectedListener { when (it.itemId) { R.id.tab_more -> startActivity(Intent(this, M::class.java)) }; true }
        toolbar.setNavigationOnClickListener { startActivity(Intent(this, U::class.java)) }
      }
    }`;
    const f = extractFacts('kotlin', 'A.kt', text, p.parse('kotlin', text).root);
    const refs = (f.functions.find((x) => x.name === 'f')?.uses ?? [])
      .filter((u) => u.t === 'classref')
      .map((u) => [u.t === 'classref' ? u.cls : '', u.trig]);
    assert.deepEqual(refs, [
      ['H', { kind: 'menu', element: 'nav_help' }],
      ['M', { kind: 'menu', element: 'tab_more' }],
      ['U', { kind: 'up' }],
    ]);
  });
});

describe('calls on types', () => {
  test('companion/static start helpers resolve on their class even with generic names', async () => {
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "org.st" }',
          manifests: [
            {
              path: 'src/main/AndroidManifest.xml',
              text: '<manifest xmlns:android="a"><application><activity android:name=".Main"/><activity android:name=".Detail"/><activity android:name=".Call"/></application></manifest>',
            },
          ],
          resources: [
            {
              path: 'layout/main.xml',
              text: '<LinearLayout xmlns:android="a"><Button android:id="@+id/open_detail"/><Button android:id="@+id/call"/></LinearLayout>',
            },
          ],
          code: [
            {
              path: 'Main.kt',
              text: 'package org.st\nclass Main : AppCompatActivity() {\n  override fun onCreate(b: Bundle?) {\n    setContentView(R.layout.main)\n    open_detail.setOnClickListener { Detail.start(this) }\n    call.setOnClickListener { startActivity(Call.getStartIntent(this)) }\n  }\n}',
            },
            {
              path: 'Detail.kt',
              text: 'package org.st\nclass Detail : AppCompatActivity() {\n  companion object {\n    fun start(context: Context) { context.startActivity(Intent(context, Detail::class.java)) }\n  }\n}',
            },
            {
              path: 'Call.java',
              text: 'package org.st;\npublic class Call extends Activity {\n  public static Intent getStartIntent(Context c) { return new Intent(c, Call.class); }\n}',
            },
          ],
        },
      ],
    });
    assert.deepEqual(
      map.transitions.map((t) => [t.from, t.to, t.trigger?.element]),
      [
        ['org.st.Main', 'org.st.Detail', 'open_detail'],
        ['org.st.Main', 'org.st.Call', 'call'],
      ],
    );
  });
});

describe('class names used as names', () => {
  test('log tags from X::class.java.simpleName or X.class.getName() are not intents', async () => {
    const p = await createCodeParser();
    const kt = 'class A { val TAG = MainActivity::class.java.simpleName\n fun f() { go(Other::class.java) } }';
    const k = extractFacts('kotlin', 'A.kt', kt, p.parse('kotlin', kt).root);
    assert.deepEqual(
      k.functions
        .flatMap((f) => f.uses)
        .filter((u) => u.t === 'classref')
        .map((u) => (u.t === 'classref' ? u.cls : '')),
      ['Other'],
    );
    const jv = 'class A { static final String TAG = MainActivity.class.getSimpleName(); void f() { go(Other.class); } }';
    const j = extractFacts('java', 'A.java', jv, p.parse('java', jv).root);
    assert.deepEqual(
      j.functions
        .flatMap((f) => f.uses)
        .filter((u) => u.t === 'classref')
        .map((u) => (u.t === 'classref' ? u.cls : '')),
      ['Other'],
    );
  });
});

describe('list rows', () => {
  test('a click on itemView inside an adapter is an item tap on the row layout', async () => {
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "org.ls" }',
          manifests: [
            {
              path: 'src/main/AndroidManifest.xml',
              text: '<manifest xmlns:android="a"><application><activity android:name=".Main"/><activity android:name=".Detail"/></application></manifest>',
            },
          ],
          resources: [
            {
              path: 'layout/main.xml',
              text: '<FrameLayout xmlns:android="a"><androidx.recyclerview.widget.RecyclerView android:id="@+id/list"/></FrameLayout>',
            },
            {
              path: 'layout/row.xml',
              text: '<LinearLayout xmlns:android="a" android:id="@+id/row_root"><TextView android:id="@+id/row_title"/></LinearLayout>',
            },
          ],
          code: [
            {
              path: 'Main.kt',
              text: 'package org.ls\nclass Main : AppCompatActivity() {\n  override fun onCreate(b: Bundle?) { setContentView(R.layout.main); list.adapter = RowAdapter(this) }\n}',
            },
            {
              path: 'RowAdapter.kt',
              text: 'package org.ls\nclass RowAdapter(val activity: Activity) : RecyclerView.Adapter<RowAdapter.Holder>() {\n  inner class Holder(val binding: RowBinding) : RecyclerView.ViewHolder(binding.root) {\n    fun bind() { itemView.setOnClickListener { activity.startActivity(Intent(activity, Detail::class.java)) } }\n  }\n  override fun onCreateViewHolder(p: ViewGroup, t: Int) = Holder(RowBinding.inflate(activity.layoutInflater, p, false))\n}',
            },
          ],
        },
      ],
    });
    assert.deepEqual(map.transitions, [
      {
        from: 'org.ls.Main',
        to: 'org.ls.Detail',
        trigger: { kind: 'item', element: 'row_root' },
        kind: 'explicit',
        via: 'adapter',
        at: ':app/RowAdapter.kt:4',
      },
    ]);
    assert.deepEqual(
      map.activities[0]?.elements.map((e) => [e.id, e.kind ?? '']),
      [
        ['list', ''],
        ['row_root', 'list-item'],
        ['row_title', 'list-item'],
      ],
    );
  });
});

describe('Java generic base classes', () => {
  test('extends Base<ActivityMainBinding>: the base is the supertype and the binding names the layout', async () => {
    const p = await createCodeParser();
    const text = 'package j; public class Main extends BaseBindingActivity<ActivityMainBinding> implements Foo<Bar> { }';
    const f = extractFacts('java', 'Main.java', text, p.parse('java', text).root);
    assert.deepEqual(f.classes[0]?.supers, ['BaseBindingActivity', 'Foo']);
    assert.ok(f.functions.some((fn) => fn.name === '<init>' && fn.uses.some((u) => u.t === 'binding' && u.name === 'ActivityMainBinding')));
  });
});

describe('library activities without the library', () => {
  test('an imported activity that no manifest declares still becomes a screen, with a warning', async () => {
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "org.nl" }',
          manifests: [
            {
              path: 'src/main/AndroidManifest.xml',
              text: '<manifest xmlns:android="a"><application><activity android:name=".Main"/></application></manifest>',
            },
          ],
          resources: [
            { path: 'layout/main.xml', text: '<FrameLayout xmlns:android="a"><Button android:id="@+id/blocked"/></FrameLayout>' },
          ],
          code: [
            {
              path: 'Main.kt',
              text: 'package org.nl\nimport com.lib.activities.BlockedNumbersActivity\nclass Main : AppCompatActivity() {\n  override fun onCreate(b: Bundle?) { setContentView(R.layout.main); blocked.setOnClickListener { startActivity(Intent(this, BlockedNumbersActivity::class.java)) } }\n}',
            },
          ],
        },
      ],
    });
    assert.deepEqual(
      map.activities.map((a) => [a.name, a.declared ?? true]),
      [
        ['org.nl.Main', true],
        ['com.lib.activities.BlockedNumbersActivity', false],
      ],
    );
    assert.deepEqual(map.transitions, [
      {
        from: 'org.nl.Main',
        to: 'com.lib.activities.BlockedNumbersActivity',
        trigger: { kind: 'click', element: 'blocked' },
        kind: 'explicit',
        at: ':app/Main.kt:4',
      },
    ]);
    assert.deepEqual(
      map.warnings.map((w) => w.code),
      ['ACTIVITY_NOT_DECLARED'],
    );
  });
});
