// What a screen is made of, each rule on a small authored app: dialogs built inline (all three buttons, item
// lists whose taps start activities), fragments reached by class, by navigation graph set in code and by
// preference, list rows without ids, menus named in layouts, and which project method a call on an unknown
// receiver runs.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UiMap } from '../../src/uimap/index.js';
import { activity, buttonsLayout, edgeLines, emptyActivity, kotlinMain, mapAuthored, warningCounts } from './authored.js';

const PKG = 'org.p';
const plainActivity = (name: string): [string, string] => emptyActivity(PKG, name);
const main = (map: UiMap) => map.activities.find((a) => a.name === `${PKG}.Main`);

describe('dialogs built inline', () => {
  test('three buttons and a message; a tap on a list, single- or multi-choice row starts from the dialog', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: ['.Main', '.Listed', '.Single', '.Multi'].map((a, i) => activity(a, i === 0)).join(''),
      res: { 'layout/main.xml': buttonsLayout(['ask', 'list', 'single', 'multi']) },
      code: {
        'Main.kt': kotlinMain(PKG, [
          'ask.setOnClickListener {',
          '  AlertDialog.Builder(this).setMessage("Sure?").setPositiveButton("Yes", null).setNegativeButton("No", null).setNeutralButton("Later", null).show()',
          '}',
          'list.setOnClickListener {',
          '  AlertDialog.Builder(this).setItems(names) { _, _ -> startActivity(Intent(this, Listed::class.java)) }.show()',
          '}',
          'single.setOnClickListener {',
          '  AlertDialog.Builder(this).setSingleChoiceItems(names, 0) { _, _ -> startActivity(Intent(this, Single::class.java)) }.show()',
          '}',
          'multi.setOnClickListener {',
          '  AlertDialog.Builder(this).setMultiChoiceItems(names, null) { _, _, _ -> startActivity(Intent(this, Multi::class.java)) }.show()',
          '}',
        ]),
        ...Object.fromEntries(['Listed', 'Single', 'Multi'].map(plainActivity)),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    const ask = main(map)?.dialogs.find((d) => d.trigger?.element === 'ask');
    assert.deepEqual(ask?.elements.map((e) => [e.id, e.kind]).sort(), [
      ['android:id/button1', 'dialog-button'],
      ['android:id/button2', 'dialog-button'],
      ['android:id/button3', 'dialog-button'],
      ['android:id/message', 'dialog-message'],
    ]);
    assert.deepEqual(
      map.transitions.map((t) => `${t.trigger?.element} ${t.via}`),
      ['list dialog', 'single dialog', 'multi dialog'],
    );
  });
});

describe('fragments', () => {
  test('a fragment class named in a click, and the project base class that makes a class a fragment (or not)', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true),
      res: { 'layout/main.xml': buttonsLayout(['settings']) },
      code: {
        'Main.kt': kotlinMain(PKG, [
          'settings.setOnClickListener { show(SettingsFragment::class.java) }',
          'val store = NoteStore()',
          'val notes = Notes()',
        ]),
        'SettingsFragment.kt': `package ${PKG}\nclass SettingsFragment : Fragment()`,
        'Base.kt': `package ${PKG}\nopen class FragmentStore\nclass NoteStore : FragmentStore()\nopen class BaseFragment\nclass Notes : BaseFragment()`,
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(
      main(map)?.fragments.map((f) => [f.name, f.trigger]),
      [
        [`${PKG}.SettingsFragment`, { kind: 'click', element: 'settings' }],
        [`${PKG}.Notes`, undefined],
      ],
    );
  });

  test('a navigation graph set in code: its destinations, with or without their source', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true) + activity('.Help'),
      res: {
        'navigation/flow.xml': `<navigation xmlns:android="a" xmlns:app="b" xmlns:tools="t" app:startDestination="@id/step">
  <fragment android:id="@+id/step" android:name="${PKG}.StepFragment"/>
  <fragment android:id="@+id/ext" android:name="com.lib.ExternalFragment" tools:layout="@layout/ext"/>
</navigation>`,
        'layout/ext.xml': '<LinearLayout xmlns:android="a"><TextView android:id="@+id/ext_title"/></LinearLayout>',
      },
      code: {
        'Main.kt': `package ${PKG}
class Main : AppCompatActivity() {
  override fun onCreate(b: Bundle?) { findNavController(R.id.host).setGraph(R.navigation.flow) }
}`,
        'StepFragment.kt': `package ${PKG}
class StepFragment : Fragment() {
  override fun onViewCreated(v: View, b: Bundle?) { startActivity(Intent(requireContext(), Help::class.java)) }
}`,
        ...Object.fromEntries([plainActivity('Help')]),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(
      main(map)?.fragments.map((f) => [f.name, f.elements.map((e) => [e.id, e.kind])]),
      [
        [`${PKG}.StepFragment`, []],
        ['com.lib.ExternalFragment', [['ext_title', undefined]]],
      ],
    );
    assert.deepEqual(edgeLines(map, PKG), ['Main -auto-> Help']);
  });

  test('layout fragments: one of the app without source is warned about, a library one is not', async () => {
    const fragments = `<fragment android:name="${PKG}.GoneFragment"/><fragment android:name="com.google.android.gms.maps.SupportMapFragment"/>`;
    const app = (pkg: string) =>
      mapAuthored({
        pkg,
        application: activity(`${PKG}.Main`, true),
        res: { 'layout/main.xml': buttonsLayout([], fragments) },
        code: {
          'Main.kt': kotlinMain(PKG, []),
        },
      });
    assert.deepEqual(warningCounts(await app(PKG)), { CLASS_NOT_FOUND: 1 });
    // no namespace known: no way to tell the app's classes from a library's
    assert.deepEqual(warningCounts(await app('')), {});
  });
});

describe('preference screens', () => {
  test('a preference opens an activity by its action, or a fragment that runs under its tap', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application:
        activity('.Settings', true) +
        '<activity android:name=".About"><intent-filter><action android:name="org.p.action.ABOUT"/><category android:name="android.intent.category.DEFAULT"/></intent-filter></activity>' +
        activity('.Help'),
      res: {
        'xml/prefs.xml': `<PreferenceScreen xmlns:android="a" xmlns:app="b">
  <Preference android:key="about" android:title="About"><intent android:action="org.p.action.ABOUT"/></Preference>
  <Preference android:key="more" android:title="More" android:fragment="${PKG}.MoreFragment"/>
</PreferenceScreen>`,
      },
      code: {
        'Settings.kt': `package ${PKG}
class Settings : AppCompatActivity() {
  override fun onCreate(b: Bundle?) { addPreferencesFromResource(R.xml.prefs) }
}`,
        'MoreFragment.kt': `package ${PKG}
class MoreFragment : PreferenceFragmentCompat() {
  override fun onCreatePreferences(b: Bundle?, key: String?) { startActivity(Intent(requireContext(), Help::class.java)) }
}`,
        ...Object.fromEntries([plainActivity('About'), plainActivity('Help')]),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(edgeLines(map, PKG), ['Settings -preference about-> About', 'Settings -preference more-> Help']);
    const settings = map.activities.find((a) => a.name === `${PKG}.Settings`);
    assert.deepEqual(
      settings?.fragments.map((f) => [f.name, f.trigger]),
      [[`${PKG}.MoreFragment`, { kind: 'preference', element: 'more' }]],
    );
    assert.deepEqual(
      settings?.elements.map((e) => [e.id, e.kind, e.text]),
      [
        ['about', 'preference', 'About'],
        ['more', 'preference', 'More'],
      ],
    );
  });
});

describe('list rows and menus', () => {
  test('a tap on a row whose layout has no ids is an item tap without an element', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true) + activity('.Detail'),
      res: {
        'layout/main.xml': buttonsLayout([], '<androidx.recyclerview.widget.RecyclerView android:id="@+id/rows"/>'),
        'layout/row.xml': '<LinearLayout xmlns:android="a"><TextView/></LinearLayout>',
      },
      code: {
        'Main.kt': kotlinMain(PKG, ['rows.adapter = RowAdapter(this)']),
        'RowAdapter.kt': `package ${PKG}
class RowAdapter(val a: Activity) : RecyclerView.Adapter<RowAdapter.Holder>() {
  inner class Holder(v: View) : RecyclerView.ViewHolder(v) {
    fun bind() { itemView.setOnClickListener { a.startActivity(Intent(a, Detail::class.java)) } }
  }
  override fun onCreateViewHolder(p: ViewGroup, t: Int) = Holder(a.layoutInflater.inflate(R.layout.row, p, false))
}`,
        ...Object.fromEntries([plainActivity('Detail')]),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(edgeLines(map, PKG), ['Main -item-> Detail']);
  });

  test('a toolbar naming a menu that does not exist: a warning, no empty menu', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true),
      res: {
        'layout/main.xml': buttonsLayout(
          [],
          '<com.google.android.material.appbar.MaterialToolbar android:id="@+id/bar" app:menu="@menu/gone"/>',
        ),
      },
      code: {
        'Main.kt': kotlinMain(PKG, []),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(main(map)?.menus, []);
    assert.deepEqual(warningCounts(map), { MENU_NOT_FOUND: 1 });
  });
});

describe('a call on an unknown receiver', () => {
  test("runs the project's method of that name when one or two classes define it, not an override, not three", async () => {
    const starter = (cls: string, method: string, to: string, override = false): string =>
      `class ${cls} {\n  ${override ? 'override ' : ''}fun ${method}(a: Activity) { a.startActivity(Intent(a, ${to}::class.java)) }\n}`;
    const map = await mapAuthored({
      pkg: PKG,
      application: ['.Main', '.Guide1', '.Guide2', '.Tips', '.Paged'].map((a, i) => activity(a, i === 0)).join(''),
      res: { 'layout/main.xml': buttonsLayout(['guide', 'tips', 'page']) },
      code: {
        'Main.kt': kotlinMain(PKG, [
          'guide.setOnClickListener { tour.showGuide(this) }',
          'tips.setOnClickListener { tour.showTips(this) }',
          'page.setOnClickListener { pages.openPage(this) }',
        ]),
        'Helpers.kt': [
          `package ${PKG}`,
          starter('GuideA', 'showGuide', 'Guide1'),
          starter('GuideB', 'showGuide', 'Guide2'),
          ...['TipsA', 'TipsB', 'TipsC'].map((c) => starter(c, 'showTips', 'Tips')),
          starter('Pages', 'openPage', 'Paged', true),
        ].join('\n'),
        ...Object.fromEntries(['Guide1', 'Guide2', 'Tips', 'Paged'].map(plainActivity)),
      },
    });
    assert.equal(warningCounts(map).SYNTAX_ERROR, undefined);
    assert.deepEqual(edgeLines(map, PKG), ['Main -click guide-> Guide1', 'Main -click guide-> Guide2']);
  });
});
