// The code pass on small snippets: which listener a setter sets (by its name), which view it is set on, which
// arguments run later (lambdas, references, anonymous objects) and so take the listener's trigger, and how a
// call's receiver is read. Each fact here decides an edge's trigger or target in the map.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { TriggerContext, Use } from '../../src/uimap/code/index.js';
import { factsOf, usesOf } from './authored.js';

/** Call name → the trigger it runs under (absent: none), for the named calls only. */
function triggersOf(uses: Use[], names: string[]): Record<string, TriggerContext | null> {
  const out: Record<string, TriggerContext | null> = {};
  for (const u of uses) if (u.t === 'call' && names.includes(u.name)) out[u.name] = u.trig ?? null;
  return out;
}

const inGo = (body: string): string => `class A : AppCompatActivity() {\n  fun go() {\n${body}\n  }\n}`;

describe('listener setters, by name', () => {
  test('the kind comes from the setter name, with or without On, with a prefix word or a suffix', () => {
    const u = usesOf(
      'kotlin',
      inGo(`    adapter.setItemClickListener { row() }
    prefs.setOnPreferenceChangeListener { changed() }
    prefs.setOnPreferenceClickListener { tapped() }
    sw.setOnCheckedChangeListener { _, _ -> toggled() }
    ok.setOnClickListenerDebounced { debounced() }
    ok.resetOnClickListener { notAListener() }`),
      'go',
    );
    assert.deepEqual(triggersOf(u, ['row', 'changed', 'tapped', 'toggled', 'debounced', 'notAListener']), {
      // a custom adapter's setter without On: still an item click, not a plain click
      row: { kind: 'item', element: 'adapter' },
      changed: { kind: 'preference', element: 'prefs' },
      tapped: { kind: 'preference', element: 'prefs' },
      toggled: { kind: 'check', element: 'sw' },
      // a throttled click helper named after the setter sets a click listener
      debounced: { kind: 'click', element: 'ok' },
      // a name that merely contains a setter's name sets nothing
      notAListener: null,
    });
  });
});

describe('the view a listener is set on', () => {
  test('the row, the fragment or the view itself: no element of its own', () => {
    const u = usesOf(
      'kotlin',
      inGo(`    setOnClickListener { bare() }
    this.setOnClickListener { self() }
    it.setOnClickListener { viaIt() }
    view.setOnClickListener { viaView() }
    binding.root.setOnClickListener { viaRoot() }
    requireView().setOnClickListener { viaCall() }`),
      'go',
    );
    const click = { kind: 'click' };
    assert.deepEqual(triggersOf(u, ['bare', 'self', 'viaIt', 'viaView', 'viaRoot', 'viaCall']), {
      bare: click,
      self: click,
      viaIt: click,
      viaView: click,
      viaRoot: click,
      viaCall: click,
    });
  });

  test('a view found by id, through any finder, is the last one looked up', () => {
    const u = usesOf(
      'kotlin',
      inGo(`    find<Button>(R.id.anko_ok).setOnClickListener { anko() }
    findViewById<View>(R.id.card).findViewById<Button>(R.id.close).setOnClickListener { close() }
    (findViewById(R.id.toggle) as CheckBox).setOnCheckedChangeListener { _, _ -> check() }`),
      'go',
    );
    assert.deepEqual(triggersOf(u, ['anko', 'close', 'check']), {
      anko: { kind: 'click', element: 'anko_ok' },
      close: { kind: 'click', element: 'close' },
      check: { kind: 'check', element: 'toggle' },
    });
  });

  test('a variable holding a found view names that id (generic finder, nested finder)', () => {
    const f = factsOf(
      'kotlin',
      `class A : AppCompatActivity() {
  private val okButton = findViewById<Button>(R.id.ok)
  private val closeIcon = findViewById<View>(R.id.card).findViewById<ImageView>(R.id.close)
}`,
    );
    assert.deepEqual(f.classes[0]?.viewVars, { okButton: 'ok', closeIcon: 'close' });
  });
});

describe('arguments that run later take the listener trigger; the rest run now', () => {
  test('Kotlin: lambda in parentheses, function references, an anonymous object', () => {
    const u = usesOf(
      'kotlin',
      `class A : AppCompatActivity() {
  fun go() {
    a.setOnClickListener({ paren() })
    b.setOnClickListener(::byName)
    c.setOnClickListener(this::onThis)
    d.setOnClickListener(this::classicView)
    e.setOnClickListener(object : View.OnClickListener {
      override fun onClick(v: View) { anonymous() }
    })
  }
}`,
      'go',
    );
    assert.deepEqual(triggersOf(u, ['paren', 'byName', 'onThis', 'classicView', 'anonymous']), {
      paren: { kind: 'click', element: 'a' },
      byName: { kind: 'click', element: 'b' },
      onThis: { kind: 'click', element: 'c' },
      classicView: { kind: 'click', element: 'd' },
      anonymous: { kind: 'click', element: 'e' },
    });
  });

  test('a constructor call: a named lambda argument is a callback; a string or class literal is not', () => {
    const u = usesOf(
      'kotlin',
      inGo(`    ConfirmDialog(this, "Delete all?", onConfirm = { wipe() })
    Router(DetailActivity::class)`),
      'go',
    );
    assert.deepEqual(triggersOf(u, ['wipe']), { wipe: { kind: 'callback', via: 'ConfirmDialog' } });
    assert.deepEqual(
      u.filter((x) => x.t === 'str' || x.t === 'classref'),
      [
        { t: 'str', value: 'Delete all?' },
        { t: 'classref', cls: 'DetailActivity' },
      ],
    );
  });

  test('Java: a method reference is a listener; a plain `new` argument is not a callback', () => {
    const u = usesOf(
      'java',
      `class A extends Activity {
  void go() {
    ok.setOnClickListener(this::openHelp);
    new Holder(new ArrayList<>(), "rows");
  }
}`,
      'go',
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'call' && x.name === 'openHelp'),
      [{ t: 'call', name: 'openHelp', receiver: 'this', trig: { kind: 'click', element: 'ok' } }],
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'new' || x.t === 'str'),
      [
        { t: 'new', cls: 'Holder' },
        { t: 'new', cls: 'ArrayList' },
        { t: 'str', value: 'rows' },
      ],
    );
  });

  test('Java method references: on a type, on super, and a constructor reference builds the class', () => {
    const u = usesOf(
      'java',
      'class A extends Activity { void go() { rows(RowHolder::new, Helpers::open, super::onBack, int[]::new); } }',
      'go',
    );
    assert.deepEqual(u.slice(1), [
      { t: 'new', cls: 'RowHolder' },
      { t: 'call', name: 'open', receiver: 'other' },
      { t: 'call', name: 'onBack', receiver: 'super' },
    ]);
  });
});

describe('call receivers', () => {
  for (const [lang, semi] of [
    ['kotlin', ''],
    ['java', ';'],
  ] as const) {
    test(`${lang}: none, this, super, another object, a type`, () => {
      const text =
        lang === 'kotlin'
          ? inGo(`    foo()\n    this.foo()\n    super.foo()\n    other.foo()\n    Helpers.foo()`)
          : `class A extends Activity { void go() { foo()${semi} this.foo()${semi} super.foo()${semi} other.foo()${semi} Helpers.foo()${semi} } }`;
      assert.deepEqual(
        usesOf(lang, text, 'go').filter((x) => x.t === 'call'),
        [
          { t: 'call', name: 'foo', receiver: 'none' },
          { t: 'call', name: 'foo', receiver: 'this' },
          { t: 'call', name: 'foo', receiver: 'super' },
          { t: 'call', name: 'foo', receiver: 'other' },
          { t: 'call', name: 'foo', receiver: 'other', receiverType: 'Helpers' },
        ],
      );
    });
  }

  test('a call through an expression still records what its arguments name', () => {
    const u = usesOf('kotlin', inGo('    openers[0](HelpActivity::class.java)'), 'go');
    assert.deepEqual(u, [{ t: 'classref', cls: 'HelpActivity' }]);
  });
});

describe('imports, bindings and annotations', () => {
  test('Java wildcard and single imports', () => {
    const f = factsOf(
      'java',
      'package p;\nimport com.lib.activities.*;\nimport static com.lib.Util.open;\nimport com.lib.ui.Pick;\nclass A {}',
    );
    assert.deepEqual(f.wildcardImports, ['com.lib.activities']);
    assert.deepEqual(f.imports, { open: 'com.lib.Util.open', Pick: 'com.lib.ui.Pick' });
  });

  test('each binding class a function names is recorded once', () => {
    const u = usesOf(
      'kotlin',
      inGo(`    val a = ActivityMainBinding.inflate(layoutInflater)
    val b = DialogAskBinding.inflate(layoutInflater)
    val c = ActivityMainBinding.bind(a.root)`),
      'go',
    );
    assert.deepEqual(
      u.filter((x) => x.t === 'binding'),
      [
        { t: 'binding', name: 'ActivityMainBinding' },
        { t: 'binding', name: 'DialogAskBinding' },
      ],
    );
  });

  test('Java: a binding named through a method reference', () => {
    const u = usesOf('java', 'class A extends Activity { void go() { inflateWith(DialogAskBinding::inflate); } }', 'go');
    assert.deepEqual(
      u.filter((x) => x.t === 'binding'),
      [{ t: 'binding', name: 'DialogAskBinding' }],
    );
  });

  test('@OnLongClick binds the method to a long click on each id', () => {
    const u = usesOf('java', 'class A extends Activity { @OnLongClick(R.id.row) boolean hold() { edit(); return true; } }', 'hold');
    assert.deepEqual(triggersOf(u, ['edit']), { edit: { kind: 'long-click', element: 'row' } });
  });
});
