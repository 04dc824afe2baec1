// A small authored notes app, built to show what a planner reads of a screen: controls with where each leads
// (a screen, a dialog, nothing beyond the screen), tabs and a label set from code, the toolbar menu, a list's
// selection mode after a long-press, a dialog opened by one button (and a dialog that shows by itself listed
// apart), and the text rendering within a token budget.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapProject, renderMapText, screenView } from '../../src/uimap/index.js';
import type { Control, UiMap } from '../../src/uimap/index.js';
import { dialogTitle, idWords } from '../../src/uimap/controls.js';
import { fileURLToPath } from 'node:url';
import { glance } from '../helpers/cli.js';

const PKG = 'org.notes';
const A = (s: string) => `${PKG}.${s}`;

const LAYOUT = `<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android">
  <com.google.android.material.tabs.TabLayout android:id="@+id/main_tabs"/>
  <TextView android:id="@+id/breadcrumb"/>
  <Button android:id="@+id/new_note" android:text="@string/new_note"/>
  <Button android:id="@+id/sort" android:text="@string/sort_by"/>
  <RelativeLayout android:id="@+id/hidden_holder">
    <TextView android:id="@+id/hidden_label" android:text="Show hidden notes"/>
  </RelativeLayout>
  <TextView android:id="@+id/empty" android:text="Nothing here yet"/>
  <androidx.recyclerview.widget.RecyclerView android:id="@+id/list"/>
</LinearLayout>`;

const STRINGS = `<resources>
  <string name="new_note">New &lt;b&gt;note&lt;/b&gt;</string>
  <string name="sort_by">Sort by</string>
  <string name="files">Files</string>
  <string name="recents">Recents</string>
  <string name="home">Home</string>
  <string name="delete">Delete</string>
  <string name="settings">Settings</string>
  <string name="about">About &#10084;</string>
  <string name="confirm">Delete the selected notes for good?</string>
  <string name="by_name">By name</string>
</resources>`;

const MAIN = `package ${PKG}
class MainActivity : AppCompatActivity() {
  override fun onCreate(savedInstanceState: Bundle?) {
    super.onCreate(savedInstanceState)
    setContentView(R.layout.activity_main)
    val tabs = findViewById<TabLayout>(R.id.main_tabs)
    tabs.addTab(tabs.newTab().setText(R.string.files))
    tabs.addTab(tabs.newTab().setText(R.string.recents))
    findViewById<TextView>(R.id.breadcrumb).setText(R.string.home)
    findViewById<Button>(R.id.new_note).setOnClickListener { startActivity(Intent(this, NoteActivity::class.java)) }
    findViewById<Button>(R.id.sort).setOnClickListener { SortDialog(this) }
    findViewById<View>(R.id.hidden_holder).setOnClickListener { refresh() }
    findViewById<RecyclerView>(R.id.list).adapter = NotesAdapter(this)
    RateDialog(this)
  }
  fun refresh() {}
  override fun onCreateOptionsMenu(menu: Menu): Boolean {
    menuInflater.inflate(R.menu.main, menu)
    return true
  }
  override fun onOptionsItemSelected(item: MenuItem): Boolean {
    when (item.itemId) {
      R.id.settings -> startActivity(Intent(this, SettingsActivity::class.java))
    }
    return true
  }
}`;

const ADAPTER = `package ${PKG}
class NotesAdapter(val activity: MainActivity) : RecyclerView.Adapter<NotesAdapter.Holder>() {
  fun getActionMenuId() = R.menu.cab_notes
  fun actionItemPressed(id: Int) {
    when (id) {
      R.id.cab_delete -> ConfirmDialog(activity)
    }
  }
}`;

const SORT = `package ${PKG}
class SortDialog(val activity: Activity) {
  init {
    val view = activity.layoutInflater.inflate(R.layout.dialog_sort, null)
    AlertDialog.Builder(activity).setView(view).setPositiveButton(R.string.sort_by) { _, _ -> }.setNegativeButton(android.R.string.cancel, null).show()
  }
}`;

const CONFIRM = `package ${PKG}
class ConfirmDialog(val activity: Activity) {
  init {
    AlertDialog.Builder(activity).setMessage(R.string.confirm).setPositiveButton(R.string.delete) { _, _ -> }.show()
  }
}`;

const RATE = `package ${PKG}
class RateDialog(val activity: Activity) {
  init {
    AlertDialog.Builder(activity).setPositiveButton(R.string.about) { _, _ -> }.show()
  }
}`;

const plain = (name: string) => `package ${PKG}\nclass ${name} : AppCompatActivity()`;

const manifest = `<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${PKG}"><application>
  <activity android:name=".MainActivity" android:label="Notes"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity>
  <activity android:name=".NoteActivity"/><activity android:name=".SettingsActivity"/>
</application></manifest>`;

let cached: UiMap | undefined;
async function notesMap(): Promise<UiMap> {
  cached ??= await mapProject({
    modules: [
      {
        name: ':app',
        role: 'app',
        gradle: `android { namespace '${PKG}' }`,
        manifests: [{ path: 'src/main/AndroidManifest.xml', text: manifest }],
        resources: [
          { path: 'layout/activity_main.xml', text: LAYOUT },
          {
            path: 'layout/dialog_sort.xml',
            text: '<RadioGroup xmlns:android="http://schemas.android.com/apk/res/android"><RadioButton android:id="@+id/sort_name" android:text="@string/by_name"/></RadioGroup>',
          },
          { path: 'values/strings.xml', text: STRINGS },
          {
            path: 'menu/main.xml',
            text: '<menu xmlns:android="http://schemas.android.com/apk/res/android"><item android:id="@+id/settings" android:title="@string/settings"/></menu>',
          },
          {
            path: 'menu/cab_notes.xml',
            text: '<menu xmlns:android="http://schemas.android.com/apk/res/android"><item android:id="@+id/cab_delete" android:title="@string/delete"/></menu>',
          },
        ],
        code: [
          { path: 'src/main/kotlin/org/notes/MainActivity.kt', text: MAIN },
          { path: 'src/main/kotlin/org/notes/NotesAdapter.kt', text: ADAPTER },
          { path: 'src/main/kotlin/org/notes/SortDialog.kt', text: SORT },
          { path: 'src/main/kotlin/org/notes/ConfirmDialog.kt', text: CONFIRM },
          { path: 'src/main/kotlin/org/notes/RateDialog.kt', text: RATE },
          { path: 'src/main/kotlin/org/notes/NoteActivity.kt', text: plain('NoteActivity') },
          { path: 'src/main/kotlin/org/notes/SettingsActivity.kt', text: plain('SettingsActivity') },
        ],
      },
    ],
  });
  return cached;
}

const byLabel = (cs: Control[], label: string): Control => {
  const c = cs.find((x) => x.label === label);
  assert.ok(c !== undefined, `no control "${label}" in ${cs.map((x) => x.label).join(', ')}`);
  return c;
};

describe('the analysis notes what a planner needs', () => {
  test('tabs and a label set from code, listeners on the views acted on, the action-mode menu as a selection', async () => {
    const map = await notesMap();
    const main = map.activities.find((a) => a.name === A('MainActivity'));
    assert.ok(main !== undefined);
    const tabs = main.elements.filter((e) => e.kind === 'tab').map((e) => e.text);
    assert.deepEqual(tabs, ['Files', 'Recents']);
    assert.equal(main.elements.find((e) => e.id === 'breadcrumb')?.text, 'Home');
    assert.equal(main.elements.find((e) => e.id === 'new_note')?.text, 'New note');
    assert.deepEqual(main.elements.find((e) => e.id === 'hidden_holder')?.listeners, ['click']);
    assert.equal(main.elements.find((e) => e.id === 'empty')?.listeners, undefined);
    const cab = main.menus.find((m) => m.name === 'cab_notes');
    assert.equal(cab?.context, 'selection');
    assert.equal(main.menus.find((m) => m.name === 'main')?.context, undefined);
  });
});

describe('screenView: controls, what each does, dialogs as nodes', () => {
  test('each control with its gesture, place and where it leads', async () => {
    const v = screenView(await notesMap(), A('MainActivity'));
    assert.ok(v !== undefined);
    assert.deepEqual(byLabel(v.controls, 'New note').opens, [A('NoteActivity')]);
    const sort = byLabel(v.controls, 'Sort by');
    assert.equal(sort.place, 'screen');
    assert.deepEqual(sort.dialogs, [`${PKG}.SortDialog`]);
    // a row labelled by the text inside it, acting in place
    const hidden = byLabel(v.controls, 'Show hidden notes');
    assert.deepEqual([hidden.id, hidden.gesture, hidden.opens, hidden.dialogs], ['hidden_holder', 'tap', undefined, undefined]);
    assert.deepEqual(byLabel(v.controls, 'Settings').place, 'menu');
    assert.deepEqual(byLabel(v.controls, 'Settings').opens, [A('SettingsActivity')]);
    const del = byLabel(v.controls, 'Delete');
    assert.equal(del.place, 'selection');
    assert.deepEqual(del.dialogs, [`${PKG}.ConfirmDialog`]);
    assert.equal(byLabel(v.controls, 'Files').kind, 'tab');
    // a plain text is no control
    assert.equal(
      v.controls.find((c) => c.label === 'Nothing here yet'),
      undefined,
    );
  });

  test('dialogs opened by a control are nodes with their message, options and buttons; the rest are unprompted', async () => {
    const v = screenView(await notesMap(), A('MainActivity'));
    assert.ok(v !== undefined);
    const sort = v.dialogs.find((d) => d.name === `${PKG}.SortDialog`);
    assert.deepEqual(sort && { title: sort.title, buttons: sort.buttons, options: sort.controls.map((c) => c.label), by: sort.openedBy }, {
      title: 'Sort',
      buttons: ['Sort by', 'Cancel'],
      options: ['By name'],
      by: ['sort'],
    });
    const confirm = v.dialogs.find((d) => d.name === `${PKG}.ConfirmDialog`);
    assert.deepEqual(confirm?.buttons, ['Delete']);
    assert.equal(
      v.dialogs.find((d) => d.name === `${PKG}.RateDialog`),
      undefined,
    );
    assert.deepEqual(v.unprompted, ['Rate']);
  });

  test('names for a planner: id words and dialog titles', () => {
    assert.equal(idWords('settings_font_size_holder'), 'settings font size holder');
    assert.equal(idWords('android:id/button1'), 'button1');
    assert.equal(dialogTitle('a.b.ChangeSortingDialog'), 'Change sorting');
    assert.equal(dialogTitle('a.b.Main.askName#2'), 'Ask name');
  });
});

describe('renderMapText', () => {
  test('every screen with its controls; no markup; dialog described where a control opens it', async () => {
    const r = renderMapText(await notesMap(), { here: A('MainActivity'), count: (t) => t.split('\n').length });
    const lines = r.text.split('\n');
    assert.equal(lines[0], 'MainActivity "Notes" (launcher, you are here)');
    assert.ok(lines.includes('  tap "New note" → NoteActivity'), r.text);
    assert.ok(lines.includes('  tap "Sort by" → dialog "Sort" (options "By name"; buttons Sort by, Cancel)'), r.text);
    assert.ok(lines.includes('  tabs: "Files"; "Recents"'), r.text);
    assert.ok(lines.includes('  menu: "Settings" → SettingsActivity'), r.text);
    assert.ok(
      lines.includes('  long-press a row, then: "Delete" → dialog "Confirm" ("Delete the selected notes for good?"; buttons Delete)'),
      r.text,
    );
    assert.ok(!r.text.includes('Rate'), 'a dialog no control opens is left out');
    assert.deepEqual(r.cut, []);
    assert.deepEqual(new Set(r.shown), new Set([A('MainActivity'), A('NoteActivity'), A('SettingsActivity')]));
  });

  test('a budget cuts whole screens, least relevant first, the line saying so included', async () => {
    const map = await notesMap();
    // one token a line keeps the arithmetic plain: MainActivity takes 7 lines, each other screen 1
    const count = (t: string): number => t.split('\n').length;
    const full = renderMapText(map, { count });
    assert.deepEqual([full.tokens, full.cut], [9, []]);
    const r = renderMapText(map, { count, relevance: (t) => (/settings/i.test(t) ? 1 : 0), budget: 11 });
    assert.deepEqual(r.shown, [A('MainActivity'), A('SettingsActivity')]);
    assert.deepEqual(r.cut, [A('NoteActivity')]);
    assert.equal(r.text.split('\n').at(-1), '[cut at the budget of 11 tokens: 1 more screen — NoteActivity]');
    assert.ok(r.tokens <= 11);
    const tight = renderMapText(map, { count, budget: 9 });
    assert.ok(tight.tokens <= 9, tight.text);
    assert.deepEqual(tight.shown, [A('MainActivity')]);
  });
});

describe('glance map --text', () => {
  const fixture = fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url));
  const run = async (args: string[], json = false): Promise<{ code: number; out: string; err: string }> => {
    const r = await glance([...(json ? ['--json'] : []), 'map', fixture, ...args]);
    return { code: r.code, out: r.stdout, err: r.stderr };
  };

  test('prints the planner text, then the screens shown and its tokens; --json gives the parts', async () => {
    const r = await run(['--text', '--task', 'add a note', '--budget', '400']);
    assert.equal(r.code, 0, r.err);
    const all = r.out.trimEnd().split('\n');
    const m = /^\((\d+) screens, (\d+) o200k tokens/.exec(all.at(-1) ?? '');
    assert.ok(m !== null, r.out);
    assert.ok(Number(m[2]) <= 400);
    assert.equal(all.at(-2), '', 'a blank line between the text and the note');
    const lines = all.slice(0, -2);
    // the task's routes come first, then one unindented line per screen shown
    assert.ok(lines[0]?.startsWith('route: '), r.out);
    assert.equal(lines.filter((l) => /^\S/.test(l) && !l.startsWith('[cut') && !l.startsWith('route: ')).length, Number(m[1]));
    const j = JSON.parse((await run(['--text'], true)).out) as { ok: boolean; result: { text: string; shown: string[]; tokens: number } };
    assert.equal(j.ok, true);
    assert.ok(j.result.shown.length > 0 && j.result.text.length > 0);
  });

  test('--task without --text, and a budget that is no number, are usage errors', async () => {
    for (const args of [
      ['--task', 'x'],
      ['--text', '--budget', 'lots'],
      ['--text', '--budget', '10'],
    ]) {
      const r = await run(args);
      assert.equal(r.code, 1, args.join(' '));
      assert.match(r.err, /^error USAGE/, args.join(' '));
    }
  });
});
