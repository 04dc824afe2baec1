// What misled a model reading the planner's map text, each fixed where the map is made and shown on an authored
// app and on the shared app it was found in: a screen named in an intent wrapped for a notification or alarm
// (a PendingIntent) is no link from the control whose code builds it; a call on a receiver of unknown type that
// two classes could answer does not run another screen's method (which put the note editor under Settings);
// a control whose intent no screen of the app takes says it opens another app (a dialer's contact row opens
// the contact card in the Contacts app, not a call); a fast scroller's letters are no control's label; a
// shared radio-group dialog lists the options each control hands it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { renderMapText, screenView } from '../../src/uimap/index.js';
import { corpusDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { activity, buttonsLayout, edgeLines, emptyActivity, mapAuthored } from './authored.js';
import { sharedAppMap } from './shared-maps.js';
import { handMap, mapActivity } from './hand-maps.js';

const PKG = 'org.mis';

describe('links and parts the code does not make', () => {
  test('an intent wrapped in a PendingIntent opens nothing from the control; one started does', async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: `${activity('.Main', true)}${activity('.Splash')}${activity('.Detail')}`,
      res: { 'layout/main.xml': buttonsLayout(['set_alarm', 'open_detail']) },
      code: {
        'src/main/kotlin/Main.kt': `package ${PKG}
class Main : AppCompatActivity() {
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.main)
    set_alarm.setOnClickListener { alarms.setAlarmClock(info, alarmTabIntent()) }
    open_detail.setOnClickListener { startActivity(Intent(this, Detail::class.java)) }
  }
}`,
        'src/main/kotlin/Intents.kt': `package ${PKG}
fun Context.alarmTabIntent(): PendingIntent {
  val intent = Intent(this, Splash::class.java)
  return PendingIntent.getActivity(this, 0, intent, PendingIntent.FLAG_IMMUTABLE)
}`,
        ...Object.fromEntries([emptyActivity(PKG, 'Splash'), emptyActivity(PKG, 'Detail')]),
      },
    });
    assert.deepEqual(edgeLines(map, PKG), ['Main -click open_detail-> Detail']);
  });

  test("a call on an unknown receiver that a DAO and a screen both declare is the DAO's", async () => {
    const map = await mapAuthored({
      pkg: PKG,
      application: `${activity('.Main', true)}${activity('.Settings')}`,
      res: {
        'layout/main.xml': buttonsLayout(['new_note']),
        'layout/editor.xml': buttonsLayout(['note_text']),
        'layout/settings.xml': buttonsLayout(['purge']),
      },
      code: {
        'src/main/kotlin/Main.kt': `package ${PKG}
class Main : AppCompatActivity() {
  override fun onCreate(b: Bundle?) { setContentView(R.layout.main) }
  fun deleteNote(n: Note) { setContentView(R.layout.editor) }
}`,
        'src/main/kotlin/NotesDao.kt': `package ${PKG}
interface NotesDao {
  fun deleteNote(n: Note)
}`,
        'src/main/kotlin/Settings.kt': `package ${PKG}
class Settings : AppCompatActivity() {
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.settings)
    purge.setOnClickListener { context.notesDB.deleteNote(note) }
  }
}`,
      },
    });
    const ids = (name: string): string[] => (screenView(map, `${PKG}.${name}`)?.controls ?? []).map((c) => c.id);
    assert.deepEqual(ids('Settings'), ['purge']);
  });
});

describe('intents another app answers', () => {
  test('a control or menu item whose intent no screen takes leads to another app; one a screen takes does not', async () => {
    const filter =
      '<intent-filter><action android:name="android.intent.action.VIEW"/><category android:name="android.intent.category.DEFAULT"/><data android:scheme="geo"/></intent-filter>';
    const map = await mapAuthored({
      pkg: PKG,
      application: `${activity('.Main', true)}<activity android:name=".Maps">${filter}</activity>`,
      res: {
        'layout/main.xml': buttonsLayout(['contact_row', 'find_cafe']),
        'menu/main.xml':
          '<menu xmlns:android="http://schemas.android.com/apk/res/android"><item android:id="@+id/send_sms" android:title="Send SMS"/></menu>',
      },
      code: {
        'Main.kt': `package ${PKG}
class Main : AppCompatActivity() {
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.main)
    contact_row.setOnClickListener {
      Intent().apply {
        action = ContactsContract.QuickContact.ACTION_QUICK_CONTACT
        data = lookupUri
        startActivity(this)
      }
    }
    find_cafe.setOnClickListener { startActivity(Intent(Intent.ACTION_VIEW, Uri.parse("geo:0,0?q=cafe"))) }
  }
  override fun onCreateOptionsMenu(menu: Menu): Boolean {
    menuInflater.inflate(R.menu.main, menu)
    return true
  }
  override fun onOptionsItemSelected(item: MenuItem): Boolean {
    when (item.itemId) {
      R.id.send_sms -> startActivity(Intent(Intent.ACTION_SENDTO, Uri.parse("smsto:123")))
    }
    return true
  }
}`,
        ...Object.fromEntries([emptyActivity(PKG, 'Maps')]),
      },
    });
    const main = map.activities.find((a) => a.name === `${PKG}.Main`);
    assert.deepEqual(main?.elements.find((e) => e.id === 'contact_row')?.external, ['android.provider.action.QUICK_CONTACT']);
    assert.equal(main?.elements.find((e) => e.id === 'find_cafe')?.external, undefined);
    assert.deepEqual(edgeLines(map, PKG), ['Main -click find_cafe-> Maps']);
    const sms = main?.menus.flatMap((m) => m.elements).find((e) => e.id === 'send_sms' && e.kind === 'menu-item');
    assert.deepEqual(sms?.external, ['android.intent.action.SENDTO']);
    const lines = renderMapText(map, { count: (t) => t.split('\n').length }).text.split('\n');
    assert.ok(lines.includes('  tap "contact row" → another app (quick contact)'), lines.join('\n'));
    assert.ok(lines.includes('  menu: "Send SMS" → another app (sendto)'), lines.join('\n'));
  });
});

describe('labels', () => {
  test("a view's text of one- or two-character lines (a fast scroller's letters) is not its label", () => {
    const map = handMap([
      mapActivity('org.x.Main', {
        launcher: true,
        elements: [
          { id: 'letter_fastscroller', class: 'android.widget.TextView', text: 'A\nB\nJ', listeners: ['click'], layout: 'scroller' },
          { id: 'scroller_desc', class: 'android.widget.TextView', text: 'A\nB', desc: 'Jump to a letter', listeners: ['click'] },
          { id: 'two_lines', class: 'android.widget.Button', text: 'Sort\nby name' },
          { id: 'one', class: 'android.widget.Button', text: 'OK' },
        ],
      }),
    ]);
    assert.deepEqual(
      screenView(map, 'org.x.Main')?.controls.map((c) => c.label),
      ['letter fastscroller', 'Jump to a letter', 'Sort by name', 'OK'],
    );
    assert.ok(!renderMapText(map, { count: (t) => t.length }).text.includes('"A B J"'));
  });
});

describe('radio-group dialogs', () => {
  test('a dialog class two controls open with items of their own lists each control its options', async () => {
    const strings = ['small', 'large', 'left', 'right'].map((n) => `<string name="${n}">${n[0]!.toUpperCase()}${n.slice(1)}</string>`);
    const map = await mapAuthored({
      pkg: PKG,
      application: activity('.Main', true),
      res: {
        'values/strings.xml': `<resources>${strings.join('')}</resources>`,
        'layout/main.xml': buttonsLayout(['font_size', 'gravity']),
        'layout/dialog_radio_group.xml': '<RadioGroup xmlns:android="a" android:id="@+id/dialog_radio_group"/>',
      },
      code: {
        'Main.kt': `package ${PKG}
class Main : AppCompatActivity() {
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.main)
    font_size.setOnClickListener {
      val items = arrayListOf(RadioItem(0, getString(R.string.small)), RadioItem(1, getString(R.string.large)))
      RadioGroupDialog(this, items) { }
    }
    gravity.setOnClickListener {
      val items = arrayListOf(RadioItem(0, getString(R.string.left)), RadioItem(1, getString(R.string.right)))
      RadioGroupDialog(this, items) { }
    }
  }
}`,
        'RadioGroupDialog.kt': `package ${PKG}
class RadioGroupDialog(val activity: Activity, val items: ArrayList<RadioItem>, val callback: (Any) -> Unit) {
  init {
    val view = activity.layoutInflater.inflate(R.layout.dialog_radio_group, null)
    AlertDialog.Builder(activity).setPositiveButton(android.R.string.ok, null).create().apply { setView(view) }
  }
}`,
        'RadioItem.kt': `package ${PKG}\ndata class RadioItem(val id: Int, val title: String)`,
      },
    });
    const v = screenView(map, `${PKG}.Main`);
    const optionsOf = (id: string): string[] => {
      const d = v?.dialogs.find((x) => v.controls.find((c) => c.id === id)?.dialogs?.includes(x.name) === true);
      return d?.controls.map((c) => c.label) ?? [];
    };
    assert.deepEqual(
      [optionsOf('font_size'), optionsOf('gravity')],
      [
        ['Small', 'Large'],
        ['Left', 'Right'],
      ],
    );
    const lines = renderMapText(map, { count: (t) => t.split('\n').length }).text.split('\n');
    assert.ok(lines.includes('  tap "gravity" → dialog "Radio group" (options "Left", "Right"; buttons OK)'), lines.join('\n'));
  });
});

describe('the shared apps', { skip: requires({ shared: true }) }, () => {
  const appMap = (app: string) => sharedAppMap(path.join(corpusDir, 'apps', app));

  test("clock: the alarm list's controls do not lead to the splash screen (its intent is the alarm's, for later)", async () => {
    const map = await appMap('clock');
    const main = 'com.simplemobiletools.clock.activities.MainActivity';
    const toSplash = map.transitions.filter((t) => t.from === main && t.to.endsWith('.SplashActivity') && t.trigger?.element !== undefined);
    assert.deepEqual(toSplash, []);
    const controls = screenView(map, main)?.controls ?? [];
    for (const id of ['alarm_frame', 'alarm_switch', 'alarm_fab']) {
      const c = controls.find((x) => x.id === id);
      assert.ok(c !== undefined, id);
      assert.equal(c.opens, undefined, id);
    }
  });

  test('dialer: a contact row says it may open another app (the contact card), beside the calls a favourite places', async () => {
    const map = await appMap('dialer');
    const main = 'com.simplemobiletools.dialer.activities.MainActivity';
    const row = screenView(map, main)?.controls.find((c) => c.id === 'item_contact_frame');
    assert.ok(row?.external?.includes('android.provider.action.QUICK_CONTACT'), JSON.stringify(row));
    const line = renderMapText(map, { count: (t) => t.split('\n').length })
      .text.split('\n')
      .find((l) => l.startsWith('  tap "item contact frame"'));
    assert.match(line ?? '', / or another app \(view, quick contact\)$/);
  });

  test('dialer: its radio-group dialogs list the options the settings hand them', async () => {
    const map = await appMap('dialer');
    const lines = renderMapText(map, { count: (t) => t.split('\n').length }).text.split('\n');
    assert.ok(
      lines.includes(
        '  tap "Tab to open at app start" → dialog "Radio group" (options "Contacts", "Favorites", "Call History", "Last used one"; buttons OK)',
      ),
      lines.join('\n'),
    );
  });

  test("notes: Settings lists its own controls, none of the note editor's pages", async () => {
    const map = await appMap('notes');
    const settings = map.activities.find((a) => a.name === 'com.simplemobiletools.notes.pro.activities.SettingsActivity');
    assert.deepEqual(
      settings?.fragments.map((f) => f.name),
      [],
    );
    const controls = screenView(map, settings!.name)?.controls ?? [];
    assert.deepEqual(
      controls.filter((c) => c.part !== undefined || /checklist|text_note|show_content/.test(c.id)).map((c) => c.id),
      [],
    );
    assert.ok(controls.some((c) => c.label === 'Font size'));
  });
});
