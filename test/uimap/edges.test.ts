// Edge kinds of the UI map, each on a small in-memory app: how the target is named (kind), which part of the
// screen's code starts it (via), and the file:line the edge points at (at).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mapProject } from '../../src/uimap/index.js';
import type { MapTransition, SourceFile } from '../../src/uimap/index.js';

const MANIFEST = `<manifest xmlns:android="a" package="org.e"><application>
  <activity android:name=".Main"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity>
  <activity android:name=".Detail"/>
  <activity android:name=".Pick"/>
  <activity android:name=".Help"/>
  <activity android:name=".Viewer"><intent-filter><action android:name="android.intent.action.VIEW"/><category android:name="android.intent.category.DEFAULT"/><data android:mimeType="application/pdf"/></intent-filter></activity>
  <activity android:name=".Share"><intent-filter><action android:name="org.e.action.SHARE"/><category android:name="android.intent.category.DEFAULT"/></intent-filter></activity>
  <activity android:name=".InCall"/>
  <activity android:name=".Settings"/>
  <activity android:name=".Licenses"/>
  <service android:name=".CallService"><intent-filter><action android:name="android.telecom.InCallService"/></intent-filter></service>
</application></manifest>`;

const RES: SourceFile[] = [
  {
    path: 'layout/main.xml',
    text: '<LinearLayout xmlns:android="a"><Button android:id="@+id/open_pdf"/><Button android:id="@+id/call"/><Button android:id="@+id/pick"/><Button android:id="@+id/share"/><Button android:id="@+id/settings"/><Button android:id="@+id/help"/><androidx.fragment.app.FragmentContainerView android:id="@+id/host" android:name="androidx.navigation.fragment.NavHostFragment" app:navGraph="@navigation/nav"/></LinearLayout>',
  },
  {
    path: 'layout/list.xml',
    text: '<FrameLayout xmlns:android="a"><Button android:id="@+id/faq"/><androidx.recyclerview.widget.RecyclerView android:id="@+id/rows"/></FrameLayout>',
  },
  {
    path: 'layout/row.xml',
    text: '<LinearLayout xmlns:android="a" android:id="@+id/row"><TextView android:id="@+id/title"/></LinearLayout>',
  },
  {
    path: 'navigation/nav.xml',
    text: '<navigation xmlns:android="a" xmlns:app="b"><fragment android:id="@+id/home" android:name="org.e.ListFragment"><action android:id="@+id/to_help" app:destination="@id/help_dest"/></fragment><activity android:id="@+id/help_dest" android:name="org.e.Help"/></navigation>',
  },
  {
    path: 'xml/prefs.xml',
    text: '<PreferenceScreen xmlns:android="a"><Preference android:key="licenses" android:title="Licenses"><intent android:targetPackage="org.e" android:targetClass="org.e.Licenses"/></Preference></PreferenceScreen>',
  },
];

// Line numbers below are pinned by the tests: keep each file's lines where they are.
const CODE: SourceFile[] = [
  {
    path: 'Main.kt',
    text: `package org.e
class Main : AppCompatActivity() {
  private val picker = registerForActivityResult(StartActivityForResult()) { }
  override fun onCreate(b: Bundle?) {
    setContentView(R.layout.main)
    if (intent.action == Intent.ACTION_VIEW) return
    open_pdf.setOnClickListener { startActivity(Intent(Intent.ACTION_VIEW).setDataAndType(uri, "application/pdf")) }
    call.setOnClickListener { startActivity(Intent(Intent.ACTION_CALL, Uri.parse("tel:123"))) }
    pick.setOnClickListener { picker.launch(pickIntent()) }
    share.setOnClickListener { startActivity(Intent("org.e.action.SHARE")) }
    settings.setOnClickListener { openSettings() }
    help.setOnClickListener { confirmHelp() }
  }
  private fun pickIntent(): Intent = Intent(this, Pick::class.java)
  private fun confirmHelp() {
    AlertDialog.Builder(this).setPositiveButton(R.string.ok) { _, _ -> startActivity(Intent(this, Help::class.java)) }.show()
  }
}
`,
  },
  {
    path: 'Helpers.kt',
    text: `package org.e

fun Activity.openSettings() {
  startActivity(Intent(this, Settings::class.java))
}
`,
  },
  {
    path: 'ListFragment.kt',
    text: `package org.e
class ListFragment : Fragment() {
  override fun onCreateView(i: LayoutInflater, c: ViewGroup?, b: Bundle?): View = i.inflate(R.layout.list, c, false)
  override fun onViewCreated(v: View, b: Bundle?) {
    rows.adapter = RowAdapter(requireActivity())
    faq.setOnClickListener { findNavController().navigate(R.id.to_help) }
  }
}
`,
  },
  {
    path: 'RowAdapter.kt',
    text: `package org.e
class RowAdapter(val activity: Activity) : RecyclerView.Adapter<RowAdapter.Holder>() {
  inner class Holder(v: View) : RecyclerView.ViewHolder(v) {
    fun bind() { itemView.setOnClickListener {
      activity.startActivity(Intent(activity, Detail::class.java))
    } }
  }
  override fun onCreateViewHolder(p: ViewGroup, t: Int) = Holder(activity.layoutInflater.inflate(R.layout.row, p, false))
}
`,
  },
  {
    path: 'Settings.kt',
    text: `package org.e
class Settings : PreferenceActivity() {
  override fun onCreate(b: Bundle?) { addPreferencesFromResource(R.xml.prefs) }
}
`,
  },
  {
    path: 'CallService.kt',
    text: `package org.e
class CallService : InCallService() {
  override fun onCallAdded(call: Call) { startActivity(Intent(this, InCall::class.java)) }
}
`,
  },
  {
    path: 'Rest.kt',
    text: 'package org.e\nclass Detail : AppCompatActivity()\nclass Pick : AppCompatActivity()\nclass Help : AppCompatActivity()\nclass Viewer : AppCompatActivity()\nclass Share : AppCompatActivity()\nclass InCall : AppCompatActivity()\nclass Licenses : AppCompatActivity()\n',
  },
];

const edge = (t: MapTransition): string =>
  `${t.from.slice(6)}>${t.to.slice(6)} ${t.trigger?.kind ?? ''}:${t.trigger?.element ?? ''} ${t.kind ?? ''}/${t.via ?? ''} ${t.at ?? ''}`;

describe('edge kinds with evidence', () => {
  test('each way of starting a screen is one edge naming its kind, the part it runs in and its file:line', async () => {
    const map = await mapProject({
      modules: [
        {
          name: 'app',
          role: 'app',
          manifests: [{ path: 'AndroidManifest.xml', text: MANIFEST }],
          resources: RES,
          code: CODE,
        },
      ],
    });
    const edges = map.transitions
      .filter((t) => t.back !== true)
      .map(edge)
      .sort();
    // Not edges: the `intent.action == ACTION_VIEW` test on line 6 (a comparison, not a start).
    assert.deepEqual(edges, [
      'Main>Detail item:row explicit/adapter app/RowAdapter.kt:5',
      'Main>Help click:faq navigation/fragment app/ListFragment.kt:6',
      'Main>Help click:help explicit/dialog app/Main.kt:16',
      'Main>InCall click:call system/ app/Main.kt:8',
      'Main>Pick click:pick result/ app/Main.kt:14',
      'Main>Settings click:settings explicit/helper app/Helpers.kt:4',
      'Main>Share click:share implicit/ app/Main.kt:10',
      'Main>Viewer click:open_pdf implicit/ app/Main.kt:7',
      'Settings>Licenses preference:licenses preference/ xml/prefs.xml',
    ]);
  });

  test("Java: a start for a result; a web link is no edge to the app's own viewer; a stored intent is not sent", async () => {
    const java = `package org.e;
public class Main extends Activity {
  void onCreate(Bundle b) {
    setContentView(R.layout.main);
    pick.setOnClickListener(v -> startActivityForResult(new Intent(this, Pick.class), 7));
    share.setOnClickListener(v -> startActivity(new Intent(Intent.ACTION_VIEW, Uri.parse("https://example.org"))));
    help.setOnClickListener(v -> shortcut(new Intent(Intent.ACTION_VIEW).setType("application/pdf")));
  }
}`;
    const map = await mapProject({
      modules: [
        {
          name: 'app',
          role: 'app',
          manifests: [{ path: 'AndroidManifest.xml', text: MANIFEST }],
          resources: RES,
          code: [{ path: 'Main.java', text: java }, CODE.at(-1) as SourceFile],
        },
      ],
    });
    assert.deepEqual(map.transitions.map(edge), ['Main>Pick click:pick result/ app/Main.java:5']);
  });
});
