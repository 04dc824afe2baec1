// The code pass on small snippets, beyond listeners (listeners.test.ts): declarations (names, supertypes,
// constructors, enums, companions, extension receivers, overrides), branches on ids and preference keys, strings
// and action constants, receivers that name a type, and what is only a name (class names, bindings' look-alikes).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FunctionFacts, TriggerContext, Use } from '../../src/uimap/code/index.js';
import { Walker } from '../../src/uimap/code/walker.js';
import { factsOf, usesOf } from './authored.js';

const strings = (uses: Use[]): string[] => uses.flatMap((u) => (u.t === 'str' ? [u.value] : []));
const trigOf = (uses: Use[], call: string): TriggerContext | null => {
  const u = uses.find((x) => x.t === 'call' && x.name === call);
  return u === undefined ? null : 'trig' in u && u.trig !== undefined ? u.trig : null;
};
const fnShape = (f: FunctionFacts) => ({ ...f, uses: f.uses.length });

describe('declarations', () => {
  test('Java: names with and without a package, nested classes, supertypes of classes and interfaces', () => {
    const f = factsOf(
      'java',
      `package p;
class A extends Base implements View.OnClickListener, Runnable {
  static class Inner extends Dialog {}
  interface Opener extends Base.Listener {}
  record Row(String title) {}
  enum Mode { ONE }
}`,
    );
    assert.deepEqual(
      f.classes.map((c) => [c.name, c.outer, c.supers]),
      [
        ['p.A', undefined, ['Base', 'View.OnClickListener', 'Runnable']],
        ['p.A.Inner', 'p.A', ['Dialog']],
        ['p.A.Opener', 'p.A', ['Base.Listener']],
        ['p.A.Row', 'p.A', []],
        ['p.A.Mode', 'p.A', []],
      ],
    );
    assert.deepEqual(
      factsOf('java', 'class Solo {}').classes.map((c) => c.name),
      ['Solo'],
    );
  });

  test('Kotlin supertypes: a constructor call, an interface, a generic base with arguments', () => {
    const f = factsOf(
      'kotlin',
      `@Deprecated("org.p.Old") class A : BaseActivity<ActivityMainBinding>(listOf<Note>()), View.OnClickListener {
}
class Row(val binding: RowBinding) : RecyclerView.ViewHolder(binding.root) {
}`,
    );
    assert.deepEqual(
      f.classes.map((c) => [c.name, c.supers]),
      [
        ['A', ['BaseActivity', 'View.OnClickListener']],
        ['Row', ['RecyclerView.ViewHolder']],
      ],
    );
    // a class's annotation is no use of its <init>
    assert.deepEqual(strings(f.functions.flatMap((x) => x.uses)), []);
    // a holder that takes its binding in the constructor binds that layout
    const rowInit = f.functions.find((x) => x.owner === 'Row' && x.name === '<init>');
    assert.ok(rowInit?.uses.some((u) => u.t === 'binding' && u.name === 'RowBinding'));
  });

  test("Java: a constructor's body joins <init>; annotations of the class, a constructor or a method are not uses", () => {
    const f = factsOf(
      'java',
      `@Route("org.p.Main") class A extends Activity {
  @SuppressLint("org.p.Detail") A() { go(); }
  @SuppressLint("org.p.Other") void run() { go(); }
}`,
    );
    assert.deepEqual(f.functions.map(fnShape), [
      { name: '<init>', owner: 'A', uses: 1 },
      { name: 'run', owner: 'A', uses: 1 },
    ]);
    assert.deepEqual(strings(f.functions.flatMap((x) => x.uses)), []);
  });

  test('enum methods, interface methods and a bodiless companion are functions of their class', () => {
    const kt = factsOf(
      'kotlin',
      `enum class Screen {
  HOME;
  fun open(a: Activity) { a.startActivity(Intent(a, Home::class.java)) }
}
interface Opener {
  fun open(a: Activity) { a.finish() }
}
class Holder {
  companion object
}`,
    );
    assert.deepEqual(
      kt.functions.filter((x) => x.name === 'open').map((x) => x.owner),
      ['Screen', 'Opener'],
    );
    const java = factsOf(
      'java',
      `enum Screen {
  HOME;
  void open(Activity a) { a.startActivity(new Intent(a, Home.class)); }
}
interface Opener {
  default void open(Activity a) { a.finish(); }
}`,
    );
    assert.deepEqual(
      java.functions.filter((x) => x.name === 'open').map((x) => x.owner),
      ['Screen', 'Opener'],
    );
  });

  test('extension receivers (nullable, generic), overrides after another modifier, plain functions', () => {
    const f = factsOf(
      'kotlin',
      `fun Context?.openHelp() {
}
fun List<Note>.openFirst() {
}
fun plain() {
}
class A : AppCompatActivity() {
  protected override fun onCreate(b: Bundle?) {
  }
  fun helper() {
  }
}`,
    );
    assert.deepEqual(f.functions.map(fnShape), [
      { name: 'openHelp', receiver: 'Context', uses: 0 },
      { name: 'openFirst', receiver: 'List', uses: 0 },
      { name: 'plain', uses: 0 },
      { name: '<init>', owner: 'A', uses: 0 },
      { name: 'onCreate', owner: 'A', overrides: true, uses: 0 },
      { name: 'helper', owner: 'A', uses: 0 },
    ]);
  });

  test('top-level property uses are kept in <file>; a file without them has no <file>', () => {
    const f = factsOf('kotlin', 'val start = Intent(ctx, Detail::class.java)\nfun f() {\n}');
    assert.deepEqual(
      f.functions.map((x) => x.name),
      ['f', '<file>'],
    );
    assert.deepEqual(
      factsOf('kotlin', 'fun f() {\n}').functions.map((x) => x.name),
      ['f'],
    );
  });

  test('view variables: found views in a top-level function, not an array slot', () => {
    const f = factsOf(
      'java',
      `class A extends Activity {
  View[] views;
  void go() { views[0] = findViewById(R.id.a); Button b = findViewById(R.id.b); }
}`,
    );
    assert.deepEqual(f.classes[0]?.viewVars, { b: 'b' });
    const top = factsOf('kotlin', 'fun setup(a: Activity) {\n  val ok = a.findViewById<Button>(R.id.ok)\n}');
    assert.deepEqual(top.functions[0]?.uses, [{ t: 'res', type: 'id', name: 'ok', line: 2 }]);
  });
});

describe('branches on ids and keys', () => {
  test('menu callbacks read an id branch as a menu tap', () => {
    const names = ['onMenuItemClick', 'onContextItemSelected', 'onMenuItemSelected', 'onActionItemClicked', 'onMenuItemActionExpand'];
    const body = names.map(
      (n) => `  fun ${n}(item: MenuItem): Boolean {\n    when (item.itemId) { R.id.share -> share_${n}() }\n    return true\n  }`,
    );
    const f = factsOf('kotlin', `class A : AppCompatActivity() {\n${body.join('\n')}\n}`);
    for (const n of names) {
      assert.deepEqual(trigOf(f.functions.find((x) => x.name === n)?.uses ?? [], `share_${n}`), { kind: 'menu', element: 'share' }, n);
    }
  });

  test('an id branch inside an item, check or preference listener keeps that kind', () => {
    const u = usesOf(
      'kotlin',
      `class A : AppCompatActivity() {
  fun go() {
    list.setOnItemClickListener { _, v, _, _ -> when (v.id) { R.id.row_delete -> del() } }
    theme.setOnCheckedChangeListener { _, id -> when (id) { R.id.dark -> dark() } }
    pref.setOnPreferenceClickListener { p -> if (p.key == "x" || p.order == R.id.order) order() ; true }
  }
}`,
      'go',
    );
    assert.deepEqual(
      [trigOf(u, 'del'), trigOf(u, 'dark'), trigOf(u, 'order')],
      [
        { kind: 'item', element: 'row_delete' },
        { kind: 'check', element: 'dark' },
        { kind: 'preference', element: 'order' },
      ],
    );
  });

  test('preference callbacks branch on keys; a key held in a constant names nothing; other functions branch on nothing', () => {
    const text = `class S : PreferenceFragmentCompat() {
  override fun onPreferenceTreeClick(p: Preference): Boolean {
    when (p.key) {
      "about" -> about()
      KEY_MORE -> more()
    }
    return true
  }
  fun onPreferenceClick(p: Preference): Boolean { if (p.key == "rate") rate(); return true }
  fun onPreferenceStartFragment(c: PreferenceFragmentCompat, p: Preference): Boolean { if (p.key == "advanced") advanced(); return true }
  fun pick(kind: String) {
    when (kind) { "photo" -> photo() }
  }
}`;
    const f = factsOf('kotlin', text);
    const uses = (fn: string): Use[] => f.functions.find((x) => x.name === fn)?.uses ?? [];
    assert.deepEqual(trigOf(uses('onPreferenceTreeClick'), 'about'), { kind: 'preference', element: 'about' });
    assert.equal(trigOf(uses('onPreferenceTreeClick'), 'more'), null);
    assert.deepEqual(trigOf(uses('onPreferenceClick'), 'rate'), { kind: 'preference', element: 'rate' });
    assert.deepEqual(trigOf(uses('onPreferenceStartFragment'), 'advanced'), { kind: 'preference', element: 'advanced' });
    assert.equal(trigOf(uses('pick'), 'photo'), null);
    // the keys compared are tested, not sent
    assert.deepEqual(strings(f.functions.flatMap((x) => x.uses)), []);
  });

  test('ButterKnife item-click and checked-change bindings keep their kind', () => {
    const f = factsOf(
      'java',
      `class A extends Activity {
  @OnItemClick(R.id.list) void row() { open(); }
  @butterknife.OnCheckedChanged(R.id.dark) void dark() { theme(); }
  @Track(R.id.list) void tracked() { log(); }
}`,
    );
    const uses = (fn: string): Use[] => f.functions.find((x) => x.name === fn)?.uses ?? [];
    assert.deepEqual(trigOf(uses('row'), 'open'), { kind: 'item', element: 'list' });
    assert.deepEqual(trigOf(uses('dark'), 'theme'), { kind: 'check', element: 'dark' });
    assert.equal(trigOf(uses('tracked'), 'log'), null);
  });
});

describe('strings, constants and names', () => {
  test('strings in concatenations are uses; strings compared with ==, !=, ===, !== are not', () => {
    const kt = usesOf(
      'kotlin',
      `class A {
  fun go() {
    val label = "Hello, " + name + "!"
    val open = intent.action == "org.p.OPEN" || intent.action != "org.p.SHUT"
    val same = intent.action === "org.p.SAME" && intent.action !== "org.p.OTHER"
  }
}`,
      'go',
    );
    assert.deepEqual(strings(kt), ['Hello, ', '!']);
    const java = usesOf('java', 'class A { void go() { String s = "a" + b; boolean open = action == "org.p.OPEN"; } }', 'go');
    assert.deepEqual(strings(java), ['a']);
  });

  test('framework action constants become their action strings; an app constant holder does not', () => {
    const u = usesOf(
      'kotlin',
      `class A {
  fun go() {
    startActivity(Intent(MediaStore.ACTION_IMAGE_CAPTURE))
    startActivity(Intent(android.provider.Settings.ACTION_WIFI_SETTINGS))
    startActivity(Intent(Settings.ACTION_SETTINGS))
    startActivity(Intent(android.content.Intent.ACTION_SEND))
    startActivity(Intent(AppIntent.ACTION_SYNC))
    startActivity(Intent(AppSettings.ACTION_SYNC))
    startActivity(Intent(MyMediaStore.ACTION_PICK))
  }
}`,
      'go',
    );
    assert.deepEqual(strings(u), [
      'android.media.action.IMAGE_CAPTURE',
      'android.settings.WIFI_SETTINGS',
      'android.settings.SETTINGS',
      'android.intent.action.SEND',
    ]);
  });

  test('a class used for its name is no class reference', () => {
    const kt = usesOf('kotlin', 'class A {\n  fun go() {\n    log(Main::class.simpleName)\n    log(Main::class.java.name)\n  }\n}', 'go');
    const java = usesOf('java', 'class A { void go() { log(Main.class.getName()); log(Main.class.getCanonicalName()); } }', 'go');
    assert.deepEqual(
      [...kt, ...java].filter((u) => u.t === 'classref'),
      [],
    );
  });

  test('binding look-alikes: a variable named like one, a generated Impl class', () => {
    const u = usesOf(
      'kotlin',
      'class A {\n  fun go() {\n    dialogAskBinding.root\n    val impl: ActivityMainBindingImpl? = null\n  }\n}',
      'go',
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'binding'),
      [],
    );
  });
});

describe('calls on types and constructors', () => {
  test('type-like receivers: qualified, Companion, not an instance property, a constant or a call result', () => {
    const u = usesOf(
      'kotlin',
      `class A {
  fun go() {
    org.p.Helpers.open()
    Detail.Companion.start()
    SettingsUI.show()
    Helper.instance.open()
    HELPERS.open()
    getRouter().Screens.open()
  }
}`,
      'go',
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'call').map((x) => (x.t === 'call' ? [x.name, x.receiverType ?? null] : [])),
      [
        ['open', 'org.p.Helpers'],
        ['start', 'Detail'],
        ['show', 'SettingsUI'],
        ['open', null],
        ['open', null],
        ['open', null],
        ['getRouter', null],
      ],
    );
  });

  test('capitalised calls are constructors, all-caps ones are functions (TODO); Java generics are dropped from `new`', () => {
    const kt = usesOf('kotlin', 'class A {\n  fun go() {\n    TODO("later")\n    SettingsUI(this)\n  }\n}', 'go');
    assert.deepEqual(
      kt.filter((x) => x.t === 'call' || x.t === 'new'),
      [
        { t: 'call', name: 'TODO', receiver: 'none' },
        { t: 'new', cls: 'SettingsUI' },
      ],
    );
    const java = usesOf('java', 'class A { void go() { new RowAdapter<Note, Row>(this); Screens.<HelpFragment>show(this); } }', 'go');
    assert.deepEqual(
      java.filter((x) => x.t === 'new' || x.t === 'classref'),
      [
        { t: 'new', cls: 'RowAdapter' },
        { t: 'classref', cls: 'HelpFragment' },
      ],
    );
  });

  test('dialog buttons with and without a string resource; a listener without an element inside one with keeps it', () => {
    const u = usesOf(
      'kotlin',
      `class A {
  fun go() {
    AlertDialog.Builder(this).setPositiveButton("Yes", null).setNegativeButton(R.string.no, null).setNeutralButton(android.R.string.cancel, null)
    row.setOnClickListener {
      PopupMenu(this, it).apply {
        setOnMenuItemClickListener { edit(); true }
      }
    }
  }
}`,
      'go',
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'button'),
      [
        { t: 'button', which: 3, text: 'android:string/cancel' },
        { t: 'button', which: 2, text: 'no' },
        { t: 'button', which: 1 },
      ],
    );
    assert.deepEqual(trigOf(u, 'edit'), { kind: 'click', element: 'row' });
  });
});

describe('the walk: nested callbacks, branches, strings, lines', () => {
  test('a menu callback of an anonymous object reads its branch as a menu tap; Java switch labels on keys are compared', () => {
    const u = usesOf(
      'java',
      `class A extends Activity {
  void go() {
    popup.attach(new PopupMenu.OnMenuItemClickListener() {
      public boolean onMenuItemClick(MenuItem i) { switch (i.getItemId()) { case R.id.share: share(); } return true; }
    });
  }
  public boolean onPreferenceTreeClick(Preference p) { switch (p.getKey()) { case "about": about(); break; } return true; }
}`,
      'go',
    );
    assert.deepEqual(trigOf(u, 'share'), { kind: 'menu', element: 'share' });
    const f = factsOf(
      'java',
      'class A { public boolean onPreferenceTreeClick(Preference p) { switch (p.getKey()) { case "about": about(); break; } return true; } }',
    );
    const tree = f.functions.find((x) => x.name === 'onPreferenceTreeClick')?.uses ?? [];
    assert.deepEqual(trigOf(tree, 'about'), { kind: 'preference', element: 'about' });
    assert.deepEqual(strings(tree), []);
  });

  test('an id branch whose condition also names a string resource: only the id is an element', () => {
    const u = usesOf(
      'kotlin',
      'class A {\n  fun onOptionsItemSelected(item: MenuItem): Boolean {\n    if (item.itemId == R.id.rename && item.title == getString(R.string.rename_title)) rename()\n    return true\n  }\n}',
      'onOptionsItemSelected',
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'call' && x.name === 'rename').map((x) => (x.t === 'call' ? x.trig : undefined)),
      [{ kind: 'menu', element: 'rename' }],
    );
  });

  test('listener targets: a view found in an inflated layout, a safe-call chain; view variables through this.', () => {
    const u = usesOf(
      'kotlin',
      `class A {
  fun go() {
    bar(R.layout.toolbar).find<View>(R.id.close).setOnClickListener { close() }
    binding?.saveButton?.setOnClickListener { save() }
  }
}`,
      'go',
    );
    assert.deepEqual(
      [trigOf(u, 'close'), trigOf(u, 'save')],
      [
        { kind: 'click', element: 'close' },
        { kind: 'click', element: 'saveButton' },
      ],
    );
    const java = factsOf(
      'java',
      'class A extends Activity { Button cancel; void go() { this.cancel = findViewById(R.id.cancel_button); } }',
    );
    assert.deepEqual(java.classes[0]?.viewVars, { cancel: 'cancel_button' });
    // a destructuring declaration names no view
    const kt = factsOf('kotlin', 'class A {\n  fun go() {\n    val (first, second) = pair\n  }\n}');
    assert.deepEqual(kt.classes[0]?.viewVars, {});
  });

  test('which strings are uses: not empty, not templates, not Java text blocks, at most 200 characters', () => {
    const long = 'x'.repeat(200);
    const kt = usesOf(
      'kotlin',
      `class A {\n  fun go() {\n    a("")\n    b("Hi $name")\n    c("\${'$'}{x}")\n    d("${long}")\n    e("${long}y")\n  }\n}`,
      'go',
    );
    assert.deepEqual(strings(kt), [long]);
    const java = usesOf('java', 'class A { void go() { a("""\n  org.p.Detail\n  """); b("org.p.Main"); } }', 'go');
    assert.deepEqual(strings(java), ['org.p.Main']);
  });

  test('each use carries the line of its code, from the first line on', () => {
    const f = factsOf('java', '\nclass A {\nvoid f() {\nopen(X.class);\n    open(Y.class);\n}\n}');
    assert.deepEqual(
      f.functions.find((x) => x.name === 'f')?.uses.map((u) => [u.t, u.line]),
      [
        ['call', 4],
        ['classref', 4],
        ['call', 5],
        ['classref', 5],
      ],
    );
  });
});

describe('the walker', () => {
  test('a member too deeply nested is skipped and counted; any other error is not swallowed', () => {
    const w = new Walker('kotlin', 'F.kt', '', {});
    w.guarded(() => {
      throw new RangeError('Maximum call stack size exceeded');
    });
    assert.equal(w.facts.skipped, 1);
    assert.throws(
      () =>
        w.guarded(() => {
          throw new TypeError('a bug');
        }),
      TypeError,
    );
  });
});
