// Pager tabs named from code the plain `newTab().setText(R.string.x)` form does not cover: labels from an
// array of string resources indexed in a loop, on a tab with a custom view (the code pass's facts, then the
// map's pages with their titles); and list rows whose adapter a fragment builds, kept on that fragment's page
// when the screen's own code reaches them first. Then the same on the shared clock app.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import type { Use } from '../../src/uimap/code/index.js';
import { pagerTabs, renderMapText, screenView } from '../../src/uimap/index.js';
import { corpusDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { activity, mapAuthored, usesOf } from './authored.js';
import { sharedAppMap } from './shared-maps.js';

const labels = (uses: Use[]): string[] =>
  uses.flatMap((u) =>
    u.t === 'label' ? [`${u.text}${u.tab === true ? ' (tab)' : ''}${u.element === undefined ? '' : ` @${u.element}`}`] : [],
  );

describe('labels from an array of string resources', () => {
  test('Kotlin: a tab built in a loop, its custom view labelled from `labels[i]`', () => {
    const uses = usesOf(
      'kotlin',
      `class Main {
  fun setupTabs() {
    val labels = arrayOf(R.string.clock, R.string.alarm)
    labels.forEachIndexed { i, _ ->
      tabs.newTab().setCustomView(R.layout.tab_item).apply {
        customView?.findViewById<TextView>(R.id.tab_label)?.setText(labels[i])
        tabs.addTab(this)
      }
    }
  }
}`,
      'setupTabs',
    );
    assert.deepEqual(labels(uses), ['clock (tab)', 'alarm (tab)']);
  });

  test('Java: a property array, `getString(titles[i])` on a tab fetched by position; a view set from one is left alone', () => {
    const uses = usesOf(
      'java',
      `class Main {
  private final int[] titles = new int[]{R.string.files, R.string.recents};
  void tabs() {
    for (int i = 0; i < 2; i++) tabLayout.getTabAt(i).setText(getString(titles[i]));
    header.setText(titles[current]);
    footer.setText(R.string.files);
  }
}`,
      'tabs',
    );
    assert.deepEqual(labels(uses), ['files (tab)', 'recents (tab)', 'files @footer']);
  });

  test('an array of other things (drawables, a mix) names no tab', () => {
    const uses = usesOf(
      'kotlin',
      `class Main {
  fun setup() {
    val icons = arrayOf(R.drawable.a, R.drawable.b)
    val mixed = arrayOf(R.string.a, other)
    tabs.newTab().setText(icons[0])
    tabs.newTab().setText(mixed[1])
  }
}`,
      'setup',
    );
    assert.deepEqual(labels(uses), []);
  });
});

const PKG = 'org.tabs';
const MAIN = `package ${PKG}
class MainActivity : AppCompatActivity() {
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.activity_main)
    val titles = arrayOf(R.string.clock, R.string.alarm)
    titles.forEachIndexed { i, _ ->
      main_tabs.newTab().setCustomView(R.layout.tab_item).apply {
        customView?.findViewById<TextView>(R.id.tab_label)?.setText(titles[i])
        main_tabs.addTab(this)
      }
    }
    view_pager.adapter = PagerAdapter(supportFragmentManager)
  }
  override fun onCreateOptionsMenu(menu: Menu): Boolean {
    menuInflater.inflate(R.menu.main, menu)
    return true
  }
  override fun onOptionsItemSelected(item: MenuItem): Boolean {
    when (item.itemId) {
      R.id.sort -> (fragments[1] as AlarmFragment).sortAlarms()
    }
    return true
  }
}`;
const PAGER = `package ${PKG}
class PagerAdapter(fm: FragmentManager) : FragmentStatePagerAdapter(fm) {
  override fun getItem(position: Int): Fragment = if (position == 0) ClockFragment() else AlarmFragment()
}`;
const ALARMS = `package ${PKG}
class AlarmFragment : Fragment() {
  override fun onCreateView(i: LayoutInflater, c: ViewGroup?, s: Bundle?): View = i.inflate(R.layout.fragment_alarm, c, false)
  fun sortAlarms() {
    alarms_list.adapter = AlarmsAdapter(this)
  }
}`;
const ROWS = `package ${PKG}
class AlarmsAdapter(val f: AlarmFragment) : RecyclerView.Adapter<AlarmsAdapter.Holder>() {
  override fun onCreateViewHolder(parent: ViewGroup, viewType: Int): Holder {
    val v = LayoutInflater.from(parent.context).inflate(R.layout.item_alarm, parent, false)
    v.findViewById<View>(R.id.alarm_switch).setOnClickListener { f.sortAlarms() }
    return Holder(v)
  }
}`;
const CLOCK = `package ${PKG}
class ClockFragment : Fragment() {
  override fun onCreateView(i: LayoutInflater, c: ViewGroup?, s: Bundle?): View = i.inflate(R.layout.fragment_clock, c, false)
}`;
const layout = (body: string): string => `<FrameLayout xmlns:android="http://schemas.android.com/apk/res/android">${body}</FrameLayout>`;

const tabsApp = () =>
  mapAuthored({
    pkg: PKG,
    application: `${activity('.MainActivity', true)}`,
    res: {
      'values/strings.xml':
        '<resources><string name="clock">Clock</string><string name="alarm">Alarm</string><string name="sort">Sort</string></resources>',
      'layout/activity_main.xml': layout(
        '<androidx.viewpager.widget.ViewPager android:id="@+id/view_pager"/><com.google.android.material.tabs.TabLayout android:id="@+id/main_tabs"/>',
      ),
      'layout/tab_item.xml': layout('<TextView android:id="@+id/tab_label"/>'),
      'layout/fragment_alarm.xml': layout('<androidx.recyclerview.widget.RecyclerView android:id="@+id/alarms_list"/>'),
      'layout/fragment_clock.xml': layout('<TextView android:id="@+id/clock_time"/>'),
      'layout/item_alarm.xml': layout('<androidx.appcompat.widget.SwitchCompat android:id="@+id/alarm_switch" android:text="On"/>'),
      'menu/main.xml':
        '<menu xmlns:android="http://schemas.android.com/apk/res/android"><item android:id="@+id/sort" android:title="@string/sort"/></menu>',
    },
    code: {
      'src/main/kotlin/MainActivity.kt': MAIN,
      'src/main/kotlin/PagerAdapter.kt': PAGER,
      'src/main/kotlin/AlarmFragment.kt': ALARMS,
      'src/main/kotlin/AlarmsAdapter.kt': ROWS,
      'src/main/kotlin/ClockFragment.kt': CLOCK,
    },
  });

describe('tabs and rows of a pager on a map', () => {
  test('tabs labelled from an array pair with the pages their titles name', async () => {
    const map = await tabsApp();
    assert.deepEqual(
      pagerTabs(map, `${PKG}.MainActivity`).map((t) => [t.title, t.page]),
      [
        ['Clock', `${PKG}.ClockFragment`],
        ['Alarm', `${PKG}.AlarmFragment`],
      ],
    );
  });

  test("a row of an adapter a fragment builds is on that fragment's page, though the screen's menu reaches it first", async () => {
    const map = await tabsApp();
    const main = map.activities.find((a) => a.name === `${PKG}.MainActivity`);
    assert.equal(
      main?.elements.some((e) => e.id === 'alarm_switch'),
      false,
    );
    const alarmPage = main?.fragments.find((f) => f.name === `${PKG}.AlarmFragment`);
    assert.deepEqual(
      alarmPage?.elements.filter((e) => e.kind === 'list-item').map((e) => e.id),
      ['alarm_switch'],
    );
    const c = screenView(map, `${PKG}.MainActivity`)?.controls.find((x) => x.id === 'alarm_switch');
    assert.deepEqual([c?.label, c?.tab], ['On', 'Alarm']);
  });
});

describe('the shared clock app', { skip: requires({ shared: true }) }, () => {
  test("its four tabs are found and its pages' controls, alarm rows included, carry their titles", async () => {
    const map = await sharedAppMap(path.join(corpusDir, 'apps', 'clock'));
    const main = 'com.simplemobiletools.clock.activities.MainActivity';
    assert.deepEqual(
      pagerTabs(map, main).map((t) => [t.title, t.page.replace(/^.*\./, '')]),
      [
        ['Clock', 'ClockFragment'],
        ['Alarm', 'AlarmFragment'],
        ['Stopwatch', 'StopwatchFragment'],
        ['Timer', 'TimerFragment'],
      ],
    );
    const controls = screenView(map, main)?.controls ?? [];
    const tabOf = (id: string): string | undefined => controls.find((c) => c.id === id)?.tab;
    assert.deepEqual(['alarm_fab', 'alarm_frame', 'alarm_switch', 'clock_fab', 'time_zone_frame', 'stopwatch_time'].map(tabOf), [
      'Alarm',
      'Alarm',
      'Alarm',
      'Clock',
      'Clock',
      'Stopwatch',
    ]);
    const lines = renderMapText(map, { count: (s) => s.length }).text.split('\n');
    assert.ok(lines.includes('  tabs: "Clock"; "Alarm"; "Stopwatch"; "Timer"'), lines.join('\n'));
  });
});
