// What misled a model reading the planner's map text, each fixed where the map is made and shown on an authored
// app and on the shared app it was found in: a screen named in an intent wrapped for a notification or alarm
// (a PendingIntent) is no link from the control whose code builds it; a call on a receiver of unknown type that
// two classes could answer does not run another screen's method (which put the note editor under Settings).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { screenView } from '../../src/uimap/index.js';
import { corpusDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { activity, buttonsLayout, edgeLines, emptyActivity, mapAuthored } from './authored.js';
import { sharedAppMap } from './shared-maps.js';

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
