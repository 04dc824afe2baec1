// mapProject as a whole on a small authored project: the counts in its stats, the progress it reports phase by
// phase, and how damaged or hostile files (a document type declaration, XML that does not parse, code that does
// not parse, an app module with no manifest) become counted warnings while the rest is still mapped.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { mapProject } from '../../src/uimap/index.js';
import type { MapProgress, ModuleSource } from '../../src/uimap/index.js';
import { activity, authoredSource, buttonsLayout, kotlinMain } from './authored.js';

const NS = 'org.proj';
const MAIN = `package ${NS};
public class Main extends Activity {
  @Override protected void onCreate(Bundle b) {
    setContentView(R.layout.main);
    findViewById(R.id.go).setOnClickListener(v -> startActivity(new Intent(this, Other.class)));
  }
}`;
const OTHER = `package ${NS}\nclass Other : Activity() { override fun onCreate(b: Bundle?) { setContentView(R.layout.other) } }`;

/** The authored app's one module (Main with a button to Other), with some of its parts replaced. */
const app = (more: Partial<ModuleSource> = {}): ModuleSource => ({
  ...authoredSource({
    pkg: NS,
    application: activity('.Main', true) + activity('.Other'),
    res: {
      'layout/main.xml': buttonsLayout(['go'], '<TextView android:id="@+id/t"/>'),
      'layout/other.xml': '<FrameLayout xmlns:android="a"><TextView android:id="@+id/done"/></FrameLayout>',
    },
    code: { 'src/main/java/org/proj/Main.java': MAIN, 'src/main/kotlin/org/proj/Other.kt': OTHER },
  }).modules[0]!,
  ...more,
});
const MANIFEST = app().manifests[0]!.text;

describe('mapProject end to end', () => {
  test('stats count modules, files, activities, transitions and elements; progress goes phase by phase', async () => {
    const lib: ModuleSource = {
      name: ':lib',
      role: 'library',
      manifests: [],
      resources: [{ path: 'values/strings.xml', text: '<resources><string name="x">X</string></resources>' }],
      code: [{ path: 'Util.java', text: 'package org.lib; class Util {}' }],
    };
    const seen: MapProgress[] = [];
    const map = await mapProject({ modules: [app(), lib] }, { onProgress: (p) => seen.push(p) });
    assert.deepEqual(
      map.activities.map((a) => [a.name, a.elements.map((e) => e.id)]),
      [
        [`${NS}.Main`, ['go', 't']],
        [`${NS}.Other`, ['done']],
      ],
    );
    assert.deepEqual(map.stats, { modules: 2, sourceFiles: 3, resourceFiles: 3, activities: 2, transitions: 1, elements: 3 });
    // A library module without a manifest is normal: no warning.
    assert.deepEqual(map.warnings, []);
    assert.deepEqual(seen, [
      { phase: 'resources', done: 0, total: 3 },
      { phase: 'resources', done: 3, total: 3 },
      { phase: 'code', done: 0, total: 3 },
      { phase: 'code', done: 3, total: 3 },
      { phase: 'resolve', done: 0, total: 1 },
      { phase: 'resolve', done: 1, total: 1 },
    ]);
  });

  test('damaged and hostile files are counted warnings naming the file; the rest is still mapped', async () => {
    const doctype = '<!DOCTYPE m [<!ENTITY boom "boom">]>';
    const map = await mapProject({
      modules: [
        app({
          manifests: [
            { path: 'src/main/AndroidManifest.xml', text: `${doctype}\n${MANIFEST}` },
            { path: 'src/debug/AndroidManifest.xml', text: '<manifest><application>' },
          ],
          resources: [
            ...app().resources,
            { path: 'layout/entity.xml', text: `${doctype}<FrameLayout xmlns:android="a"><TextView android:text="&boom;"/></FrameLayout>` },
            { path: 'menu/broken.xml', text: '<menu><item></menu>' },
          ],
          code: [...app().code, { path: 'src/main/java/org/proj/Broken.java', text: 'package org.proj;\n\nclass Broken {{{' }],
        }),
        { name: ':second', role: 'app', manifests: [], resources: [], code: [] },
      ],
    });
    assert.deepEqual(
      map.activities.map((a) => a.name),
      [`${NS}.Main`, `${NS}.Other`],
    );
    assert.deepEqual(map.warnings, [
      { code: 'NO_MANIFEST', count: 1, examples: [':second'] },
      { code: 'SYNTAX_ERROR', count: 1, examples: [':app/src/main/java/org/proj/Broken.java:3'] },
      { code: 'XML_DOCTYPE_IGNORED', count: 2, examples: [':app/layout/entity.xml', ':app/src/main/AndroidManifest.xml'] },
      {
        code: 'XML_UNPARSABLE',
        count: 2,
        examples: [':app/menu/broken.xml', ':app/src/debug/AndroidManifest.xml'],
      },
    ]);
  });

  test("a bottom navigation bar's menu is its items only: no drawer rows, no overflow rows", async () => {
    const tabs = '<menu xmlns:android="a"><item android:id="@+id/home" android:title="Home"/><item android:id="@+id/search"/></menu>';
    const bar = (tag: string): string =>
      `<LinearLayout xmlns:android="a" xmlns:app="b"><Button android:id="@+id/go"/><${tag} app:menu="@menu/tabs"/></LinearLayout>`;
    const rows = async (tag: string): Promise<string[] | undefined> => {
      const map = await mapProject({
        modules: [
          app({ resources: [{ path: 'layout/main.xml', text: bar(tag) }, app().resources[1]!, { path: 'menu/tabs.xml', text: tabs }] }),
        ],
      });
      return map.activities[0]?.menus.flatMap((m) => m.elements.map((e) => `${e.kind ?? ''}:${e.id}`));
    };
    assert.deepEqual(await rows('com.google.android.material.bottomnavigation.BottomNavigationView'), [
      'menu-item:home',
      'menu-item:search',
    ]);
    assert.deepEqual(await rows('com.google.android.material.navigation.NavigationView'), [
      'menu-item:home',
      'drawer-row:design_menu_item_text',
      'menu-item:search',
      'drawer-row:design_menu_item_text',
    ]);
  });

  test('the build file names the package and the namespace, through the version catalog when it says so', async () => {
    const map = await mapProject({
      modules: [
        app({
          gradle: 'android {\n  namespace = libs.versions.ns.get()\n  defaultConfig { applicationId "org.proj.pro" }\n}',
          // No code: the activities' names come from the namespace alone.
          code: [],
        }),
      ],
      versionCatalog: `[versions]\nns = "${NS}"\n`,
    });
    assert.equal(map.package, 'org.proj.pro');
    // Without an applicationId the package is the namespace, not an old manifest's package attribute.
    const legacy = await mapProject({
      modules: [
        app({ manifests: [{ path: 'AndroidManifest.xml', text: MANIFEST.replace('<manifest ', '<manifest package="org.old" ') }] }),
      ],
    });
    assert.equal(legacy.package, NS);
    assert.deepEqual(
      map.activities.map((a) => a.name),
      [`${NS}.Main`, `${NS}.Other`],
    );
  });

  test('a view held in a local variable names the trigger of its listener (Java and Kotlin)', async () => {
    const java = `package ${NS};
public class Main extends Activity {
  @Override protected void onCreate(Bundle b) {
    setContentView(R.layout.main);
    Button next = (Button) findViewById(R.id.go);
    next.setOnClickListener(v -> startActivity(new Intent(this, Other.class)));
  }
}`;
    const kotlin = kotlinMain(NS, [
      'val next: Button = findViewById(R.id.go)',
      'next.setOnClickListener { startActivity(Intent(this, Other::class.java)) }',
    ]);
    for (const [path, text] of [
      ['Main.java', java],
      ['Main.kt', kotlin],
    ] as const) {
      const map = await mapProject({ modules: [app({ code: [{ path, text }, app().code[1]!] })] });
      assert.deepEqual(
        map.transitions.map((t) => [t.from, t.to, t.trigger]),
        [[`${NS}.Main`, `${NS}.Other`, { kind: 'click', element: 'go' }]],
        path,
      );
    }
  });
});
