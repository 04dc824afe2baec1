// An authored mini-project for the weak trigger: a callback handed to a dialog's constructor in a helper that has
// no trigger of its own belongs to the dialog until a listener naming an element reaches the helper.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapProject } from '../../src/uimap/index.js';
import type { UiMap } from '../../src/uimap/model.js';

const PKG = 'org.mini';
const plain = (name: string): string => `package ${PKG};\npublic class ${name} extends AppCompatActivity {}`;
const short = (n: string): string => n.replace(`${PKG}.`, '');

// A callback handed to a dialog's constructor in a helper that has no trigger of its own: the edge it starts
// belongs to the dialog (a weak trigger) until a caller with a named element reaches the helper; then that
// element names it. Called from onCreate with no element, the dialog keeps it.
const WEAK_MAIN = `package ${PKG};
public class MainActivity extends AppCompatActivity {
  @Override protected void onCreate(Bundle state) {
    super.onCreate(state);
    setContentView(R.layout.activity_main);
    findViewById(R.id.wipe).setOnClickListener(v -> askThenWipe());
    if (state == null) askThenWelcome();
  }
  private void askThenWipe() {
    new ConfirmDialog(this, () -> startActivity(new Intent(this, WipedActivity.class))).show();
  }
  private void askThenWelcome() {
    new ConfirmDialog(this, () -> startActivity(new Intent(this, WelcomeActivity.class))).show();
  }
}`;

const WEAK_DIALOG = `package ${PKG};
public class ConfirmDialog extends Dialog {
  private final Runnable callback;
  public ConfirmDialog(Context context, Runnable callback) { super(context); this.callback = callback; }
}`;

async function weakMap(): Promise<UiMap> {
  const acts = ['Wiped', 'Welcome'];
  return mapProject({
    modules: [
      {
        name: ':app',
        role: 'app',
        gradle: `android { namespace '${PKG}' }`,
        manifests: [
          {
            path: 'src/main/AndroidManifest.xml',
            text: `<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${PKG}"><application><activity android:name=".MainActivity"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity>${acts.map((a) => `<activity android:name=".${a}Activity"/>`).join('')}</application></manifest>`,
          },
        ],
        resources: [
          {
            path: 'layout/activity_main.xml',
            text: '<FrameLayout xmlns:android="http://schemas.android.com/apk/res/android"><Button android:id="@+id/wipe" android:text="Wipe"/></FrameLayout>',
          },
        ],
        code: [
          { path: 'src/main/java/org/mini/MainActivity.java', text: WEAK_MAIN },
          { path: 'src/main/java/org/mini/ConfirmDialog.java', text: WEAK_DIALOG },
          ...acts.map((a) => ({ path: `src/main/java/org/mini/${a}Activity.java`, text: plain(`${a}Activity`) })),
        ],
      },
    ],
  });
}

describe('authored mini-project: a weak trigger', () => {
  test("a dialog constructor's callback in a helper takes the element of the listener that calls the helper", async () => {
    const map = await weakMap();
    const into = (to: string): string[] =>
      map.transitions
        .filter((t) => short(t.from) === 'MainActivity' && short(t.to) === to)
        .map((t) => `${t.trigger?.kind ?? '-'} ${t.trigger?.element ?? '-'}`);
    // The helper is also a method of the activity, summarised on its own (with the dialog's trigger); what
    // matters is that the button reaching it names an edge.
    assert.ok(into('WipedActivity').includes('click wipe'), into('WipedActivity').join(', '));
    // Reached from onCreate, with no element around it: the dialog's own trigger stays.
    assert.deepEqual(into('WelcomeActivity'), ['dialog -']);
  });
});
