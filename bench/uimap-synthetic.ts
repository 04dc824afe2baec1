// Generates a large synthetic Android project (our own code, shaped like a "commons"-based app) so the
// UI map can be timed at the size of a real app: many activities, a library with hundreds of extension
// functions that call each other, dialogs, adapters and layouts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SyntheticSize {
  activities: number;
  libFunctions: number;
  dialogs: number;
  viewsPerLayout: number;
}

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes the project under `root` (settings.gradle with :app and :lib); returns the file count. */
export function writeSyntheticProject(root: string, size: SyntheticSize): number {
  let files = 0;
  const w = (rel: string, text: string): void => {
    write(path.join(root, rel), text);
    files++;
  };
  w('settings.gradle', "include ':app', ':lib'\n");
  w(
    'app/build.gradle',
    "plugins { id 'com.android.application' }\nandroid { namespace 'org.synth.app'\n defaultConfig { applicationId 'org.synth.app' } }\n",
  );
  w('lib/build.gradle', "plugins { id 'com.android.library' }\nandroid { namespace 'org.synth.lib' }\n");
  const acts = Array.from({ length: size.activities }, (_, i) => `Screen${i}Activity`);
  w(
    'app/src/main/AndroidManifest.xml',
    `<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application>\n${acts
      .map(
        (a, i) =>
          `<activity android:name=".${a}">${i === 0 ? '<intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>' : ''}</activity>`,
      )
      .join('\n')}\n</application></manifest>\n`,
  );
  w(
    'lib/src/main/AndroidManifest.xml',
    '<manifest xmlns:android="http://schemas.android.com/apk/res/android"><application><activity android:name=".LibAboutActivity"/></application></manifest>\n',
  );
  // library: a chain of extension functions, some starting the about screen, some opening dialogs
  const fns: string[] = [];
  for (let i = 0; i < size.libFunctions; i++) {
    // helpers call the next one in runs of ten, like layered utility code
    const next = i + 1 < size.libFunctions && i % 10 !== 9 ? `    helper${i + 1}(${i % 3})\n` : '';
    const body =
      i % 17 === 0
        ? '    startActivity(Intent(this, LibAboutActivity::class.java))\n'
        : i % 11 === 0
          ? `    LibDialog${i % size.dialogs}(this) { }\n`
          : '';
    fns.push(`fun Activity.helper${i}(x: Int = 0) {\n    if (x > 1) return\n${body}${next}}\n`);
  }
  for (let chunk = 0; chunk < fns.length; chunk += 50) {
    w(
      `lib/src/main/kotlin/org/synth/lib/extensions/Ext${chunk / 50}.kt`,
      `package org.synth.lib.extensions\n\nimport android.app.Activity\nimport android.content.Intent\nimport org.synth.lib.LibAboutActivity\nimport org.synth.lib.dialogs.*\n\n${fns.slice(chunk, chunk + 50).join('\n')}`,
    );
  }
  w(
    'lib/src/main/kotlin/org/synth/lib/LibAboutActivity.kt',
    'package org.synth.lib\n\nclass LibAboutActivity : AppCompatActivity() {\n    override fun onCreate(b: Bundle?) { setContentView(R.layout.lib_about) }\n}\n',
  );
  w(
    'lib/src/main/res/layout/lib_about.xml',
    '<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"><TextView android:id="@+id/lib_about_text"/></LinearLayout>\n',
  );
  for (let d = 0; d < size.dialogs; d++) {
    w(
      `lib/src/main/kotlin/org/synth/lib/dialogs/LibDialog${d}.kt`,
      `package org.synth.lib.dialogs\n\nclass LibDialog${d}(val activity: Activity, val callback: () -> Unit) {\n    init {\n        val binding = DialogLib${d}Binding.inflate(activity.layoutInflater)\n        AlertDialog.Builder(activity).setView(binding.root).setPositiveButton(R.string.ok) { _, _ -> callback() }.setNegativeButton(R.string.cancel, null).show()\n    }\n}\n`,
    );
    w(
      `lib/src/main/res/layout/dialog_lib${d}.xml`,
      `<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"><EditText android:id="@+id/dialog_lib${d}_input"/><CheckBox android:id="@+id/dialog_lib${d}_check"/></LinearLayout>\n`,
    );
  }
  w('lib/src/main/res/values/strings.xml', '<resources><string name="ok">OK</string><string name="cancel">Cancel</string></resources>\n');
  // app: each activity has a layout, a menu branch, a list adapter and listeners calling library helpers
  acts.forEach((a, i) => {
    const snake = `activity_screen${i}`;
    const next = acts[(i + 1) % acts.length];
    const views = Array.from(
      { length: size.viewsPerLayout },
      (_, v) => `  <Button android:id="@+id/s${i}_button${v}" android:text="Button ${v}"/>`,
    ).join('\n');
    w(
      `app/src/main/res/layout/${snake}.xml`,
      `<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android">\n${views}\n  <androidx.recyclerview.widget.RecyclerView android:id="@+id/s${i}_list"/>\n</LinearLayout>\n`,
    );
    w(
      `app/src/main/res/layout/item_screen${i}.xml`,
      `<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android" android:id="@+id/s${i}_row"><TextView android:id="@+id/s${i}_row_title"/></LinearLayout>\n`,
    );
    w(
      `app/src/main/res/menu/menu_screen${i}.xml`,
      `<menu xmlns:android="http://schemas.android.com/apk/res/android"><item android:id="@+id/s${i}_next" android:title="Next"/><item android:id="@+id/s${i}_about" android:title="About"/></menu>\n`,
    );
    w(
      `app/src/main/kotlin/org/synth/app/${a}.kt`,
      `package org.synth.app\n\nimport android.content.Intent\nimport org.synth.app.databinding.ActivityScreen${i}Binding\nimport org.synth.lib.extensions.*\n\nclass ${a} : BaseActivity() {\n    private val binding by lazy { ActivityScreen${i}Binding.inflate(layoutInflater) }\n\n    override fun onCreate(b: Bundle?) {\n        super.onCreate(b)\n        setContentView(binding.root)\n${Array.from({ length: Math.min(10, size.viewsPerLayout) }, (_, v) => `        binding.s${i}Button${v}.setOnClickListener { helper${(i * 7 + v * 13) % size.libFunctions}() }`).join('\n')}\n        binding.s${i}List.adapter = Screen${i}Adapter(this) { startActivity(Intent(this, ${next}::class.java)) }\n    }\n\n    override fun onOptionsItemSelected(item: MenuItem): Boolean {\n        when (item.itemId) {\n            R.id.s${i}_next -> startActivity(Intent(this, ${next}::class.java))\n            R.id.s${i}_about -> helper0()\n        }\n        return true\n    }\n\n    override fun onCreateOptionsMenu(menu: Menu): Boolean {\n        menuInflater.inflate(R.menu.menu_screen${i}, menu)\n        return true\n    }\n}\n\nclass Screen${i}Adapter(val activity: Activity, val click: () -> Unit) : RecyclerView.Adapter<Screen${i}Adapter.Holder>() {\n    class Holder(val binding: ItemScreen${i}Binding) : RecyclerView.ViewHolder(binding.root)\n    override fun onCreateViewHolder(p: ViewGroup, t: Int) = Holder(ItemScreen${i}Binding.inflate(activity.layoutInflater, p, false))\n    override fun onBindViewHolder(h: Holder, pos: Int) { h.itemView.setOnClickListener { click() } }\n}\n`,
    );
  });
  w('app/src/main/kotlin/org/synth/app/BaseActivity.kt', 'package org.synth.app\n\nabstract class BaseActivity : AppCompatActivity()\n');
  return files;
}
