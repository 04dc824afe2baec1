// Small authored projects, each built to show one rule of the UI Map: a listener of every kind names its element
// and trigger, a class name is matched whole (SettingsActivity is not AdvancedSettingsActivity), a binding class
// maps to its layout, two ways into one activity (a button and an automatic start) stay two edges, and a
// callback handed to a dialog's constructor takes the trigger of the button that built the dialog.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapProject } from '../../src/uimap/index.js';
import { bindingLayout } from '../../src/uimap/resolve/names.js';
import type { UiMap } from '../../src/uimap/model.js';

const PKG = 'org.mini';
const ACTIVITIES = ['Main', 'Click', 'Long', 'Check', 'Item', 'Menu', 'Settings', 'AdvancedSettings', 'Auto', 'Url', 'Confirmed'];

function manifest(): string {
  const acts = ACTIVITIES.map((a) =>
    a === 'Main'
      ? `<activity android:name=".MainActivity"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity>`
      : `<activity android:name=".${a}Activity"/>`,
  ).join('');
  return `<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${PKG}"><application>${acts}</application></manifest>`;
}

const MAIN_LAYOUT = `<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android">
  <Button android:id="@+id/open_click" android:text="Click me"/>
  <Button android:id="@+id/open_long" android:text="Hold me"/>
  <CheckBox android:id="@+id/toggle" android:text="Toggle"/>
  <ListView android:id="@+id/list"/>
  <Button android:id="@+id/open_settings" android:text="Settings"/>
  <Button android:id="@+id/open_confirm" android:text="Delete all"/>
</LinearLayout>`;

const MENU = `<menu xmlns:android="http://schemas.android.com/apk/res/android"><item android:id="@+id/action_menu" android:title="From the menu"/></menu>`;

const MAIN = `package ${PKG};
public class MainActivity extends AppCompatActivity {
  @Override protected void onCreate(Bundle state) {
    super.onCreate(state);
    setContentView(R.layout.activity_main);
    findViewById(R.id.open_click).setOnClickListener(v -> startActivity(new Intent(this, ClickActivity.class)));
    findViewById(R.id.open_long).setOnLongClickListener(v -> { startActivity(new Intent(this, LongActivity.class)); return true; });
    ((CheckBox) findViewById(R.id.toggle)).setOnCheckedChangeListener((b, on) -> startActivity(new Intent(this, CheckActivity.class)));
    ((ListView) findViewById(R.id.list)).setOnItemClickListener((p, v, pos, id) -> startActivity(new Intent(this, ItemActivity.class)));
    findViewById(R.id.open_settings).setOnClickListener(v -> startActivity(new Intent(this, SettingsActivity.class)));
    if (state == null) startActivity(new Intent(this, AutoActivity.class));
    findViewById(R.id.open_confirm).setOnClickListener(v -> new ConfirmDialog(this, () -> startActivity(new Intent(this, ConfirmedActivity.class))));
  }
  @Override public boolean onCreateOptionsMenu(Menu menu) { getMenuInflater().inflate(R.menu.main, menu); return true; }
  @Override public boolean onOptionsItemSelected(MenuItem item) {
    if (item.getItemId() == R.id.action_menu) { startActivity(new Intent(this, MenuActivity.class)); return true; }
    return super.onOptionsItemSelected(item);
  }
}`;

// Reached two ways: its own button and an automatic start when it opens.
const AUTO = `package ${PKG};
public class AutoActivity extends AppCompatActivity {
  @Override protected void onCreate(Bundle state) {
    super.onCreate(state);
    setContentView(R.layout.activity_auto);
    findViewById(R.id.go_url).setOnClickListener(v -> startActivity(new Intent(this, UrlActivity.class)));
    startActivity(new Intent(this, UrlActivity.class));
  }
}`;

const URL = `package ${PKG}
class UrlActivity : AppCompatActivity() {
  private lateinit var binding: ActivityURLBinding
  override fun onCreate(state: Bundle?) {
    super.onCreate(state)
    binding = ActivityURLBinding.inflate(layoutInflater)
    setContentView(binding.root)
  }
}`;

// A dialog that runs the callback it was constructed with when its positive button is pressed.
const CONFIRM = `package ${PKG};
public class ConfirmDialog {
  public ConfirmDialog(Activity activity, Runnable callback) {
    new AlertDialog.Builder(activity).setMessage("Sure?").setPositiveButton("Yes", (d, w) -> callback.run()).show();
  }
}`;

const plain = (name: string): string => `package ${PKG};\npublic class ${name} extends AppCompatActivity {}`;

async function miniMap(): Promise<UiMap> {
  return mapProject({
    modules: [
      {
        name: ':app',
        role: 'app',
        gradle: `android { namespace '${PKG}' }`,
        manifests: [{ path: 'src/main/AndroidManifest.xml', text: manifest() }],
        resources: [
          { path: 'layout/activity_main.xml', text: MAIN_LAYOUT },
          {
            path: 'layout/activity_auto.xml',
            text: '<FrameLayout xmlns:android="http://schemas.android.com/apk/res/android"><Button android:id="@+id/go_url" android:text="Open"/></FrameLayout>',
          },
          {
            path: 'layout/activity_url.xml',
            text: '<FrameLayout xmlns:android="http://schemas.android.com/apk/res/android"><EditText android:id="@+id/address" android:hint="Address"/></FrameLayout>',
          },
          { path: 'menu/main.xml', text: MENU },
        ],
        code: [
          { path: 'src/main/java/org/mini/MainActivity.java', text: MAIN },
          { path: 'src/main/java/org/mini/AutoActivity.java', text: AUTO },
          { path: 'src/main/java/org/mini/UrlActivity.kt', text: URL },
          { path: 'src/main/java/org/mini/ConfirmDialog.java', text: CONFIRM },
          { path: 'src/main/java/org/mini/ConfirmedActivity.java', text: plain('ConfirmedActivity') },
          ...['Click', 'Long', 'Check', 'Item', 'Menu', 'Settings', 'AdvancedSettings'].map((a) => ({
            path: `src/main/java/org/mini/${a}Activity.java`,
            text: plain(`${a}Activity`),
          })),
        ],
      },
    ],
  });
}

const short = (n: string): string => n.replace(`${PKG}.`, '');

describe('authored mini-projects', () => {
  test('each listener kind names its element and its trigger', async () => {
    const map = await miniMap();
    const fromMain = map.transitions
      .filter((t) => short(t.from) === 'MainActivity' && t.back !== true)
      .map((t) => `${t.trigger?.kind ?? '-'} ${t.trigger?.element ?? '-'} → ${short(t.to)}`)
      .sort();
    assert.deepEqual(fromMain, [
      'auto - → AutoActivity',
      'check toggle → CheckActivity',
      'click open_click → ClickActivity',
      // The dialog's constructor callback is a weak trigger: the button that built the dialog names the edge.
      'click open_confirm → ConfirmedActivity',
      'click open_settings → SettingsActivity',
      'item list → ItemActivity',
      'long-click open_long → LongActivity',
      'menu action_menu → MenuActivity',
    ]);
  });

  test('a class is matched by its whole name: SettingsActivity is not AdvancedSettingsActivity', async () => {
    const map = await miniMap();
    assert.equal(
      map.transitions.some((t) => short(t.to) === 'AdvancedSettingsActivity'),
      false,
    );
    assert.ok(map.activities.some((a) => short(a.name) === 'AdvancedSettingsActivity'));
  });

  test('a named and an unnamed way into the same activity stay two edges', async () => {
    const map = await miniMap();
    const intoUrl = map.transitions
      .filter((t) => short(t.from) === 'AutoActivity' && short(t.to) === 'UrlActivity')
      .map((t) => `${t.trigger?.kind ?? '-'} ${t.trigger?.element ?? '-'}`)
      .sort();
    assert.deepEqual(intoUrl, ['auto -', 'click go_url']);
  });

  test('a binding class with an acronym maps to its layout, and the activity gets that layout', async () => {
    assert.equal(bindingLayout('ActivityURLBinding'), 'activity_url');
    assert.equal(bindingLayout('ActivityMainBinding'), 'activity_main');
    assert.equal(bindingLayout('FragmentHTMLViewBinding'), 'fragment_html_view');
    const map = await miniMap();
    const url = map.activities.find((a) => short(a.name) === 'UrlActivity')!;
    assert.deepEqual(url.layouts, ['activity_url']);
    assert.ok(url.elements.some((e) => e.id === 'address' && e.hint === 'Address'));
  });
});
