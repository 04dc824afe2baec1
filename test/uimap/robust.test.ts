import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { mapProject, readAndroidProject } from '../../src/uimap/index.js';
import type { ProjectSource } from '../../src/uimap/index.js';
import { tempDir } from '../helpers/temp.js';

const fixture = fileURLToPath(new URL('../fixtures/uimap/notekeeper', import.meta.url));

describe('robustness', () => {
  test('corrupted sources never crash the analysis; damage shows up as warnings', async () => {
    const clean = await readAndroidProject(fixture);
    const files = clean.modules.flatMap((m, mi) => [
      ...m.code.map((_, fi) => ({ mi, kind: 'code' as const, fi })),
      ...m.resources.map((_, fi) => ({ mi, kind: 'resources' as const, fi })),
      ...m.manifests.map((_, fi) => ({ mi, kind: 'manifests' as const, fi })),
    ]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            file: fc.nat(files.length - 1),
            at: fc.double({ min: 0, max: 1, noNaN: true }),
            cut: fc.nat(40),
            junk: fc.string({ maxLength: 6 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        async (edits) => {
          const source = structuredClone(clean) as ProjectSource;
          for (const e of edits) {
            const f = files[e.file];
            if (f === undefined) continue;
            const target = source.modules[f.mi]?.[f.kind][f.fi];
            if (target === undefined) continue;
            const i = Math.floor(e.at * target.text.length);
            target.text = target.text.slice(0, i) + e.junk + target.text.slice(i + e.cut);
          }
          const map = await mapProject(source);
          assert.ok(Array.isArray(map.activities));
          for (const w of map.warnings) assert.ok(w.count > 0 && w.examples.length > 0);
        },
      ),
      { numRuns: 25, seed: 20261122 },
    );
  });

  test('very deep expressions: long concatenations are walked, deeper chains skip only their member', async () => {
    const terms = Array.from({ length: 20000 }, (_, i) => `"s${i}"`).join(' + ');
    const chain = `x${'.a()'.repeat(8000)}`;
    const text = `package d; public class Main extends Activity { String s = ${terms}; Object o = ${chain}; void onCreate(Bundle b) { setContentView(R.layout.main); } }`;
    const map = await mapProject({
      modules: [
        {
          name: ':app',
          role: 'app',
          gradle: 'android { namespace "d" }',
          manifests: [
            { path: 'm.xml', text: '<manifest xmlns:android="a"><application><activity android:name=".Main"/></application></manifest>' },
          ],
          resources: [{ path: 'layout/main.xml', text: '<FrameLayout xmlns:android="a"><TextView android:id="@+id/t"/></FrameLayout>' }],
          code: [{ path: 'Main.java', text }],
        },
      ],
    });
    assert.deepEqual(map.warnings, [{ code: 'CODE_TOO_DEEP', count: 1, examples: [':app/Main.java'] }]);
    assert.deepEqual(
      map.activities[0]?.elements.map((e) => e.id),
      ['t'],
    );
  });

  test('modules are found without settings.gradle; build/ and test folders are skipped', async () => {
    const root = tempDir('glance-uimap-read-');
    try {
      const w = (rel: string, text: string): void => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      };
      w(
        'feature/src/main/AndroidManifest.xml',
        '<manifest xmlns:android="a" package="org.found"><application><activity android:name=".Only"/></application></manifest>',
      );
      w(
        'feature/src/main/java/org/found/Only.java',
        'package org.found; public class Only extends Activity { void onCreate(Bundle b) { setContentView(R.layout.only); } }',
      );
      w('feature/src/main/res/layout/only.xml', '<FrameLayout xmlns:android="a"><TextView android:id="@+id/hello"/></FrameLayout>');
      w('feature/build/generated/Junk.java', 'this is not java {{{');
      w('feature/src/test/java/org/found/OnlyTest.java', 'class OnlyTest {{{');
      const source = await readAndroidProject(root);
      assert.deepEqual(
        source.modules.map((m) => [m.name, m.code.map((c) => c.path)]),
        [[':feature', ['src/main/java/org/found/Only.java']]],
      );
      const map = await mapProject(source);
      assert.deepEqual(
        map.activities.map((a) => [a.name, a.elements.map((e) => e.id)]),
        [['org.found.Only', ['hello']]],
      );
      assert.deepEqual(map.warnings, []);

      // an Eclipse-style module: the manifest at the module's root, no src/main
      w(
        'eclipse/app/AndroidManifest.xml',
        '<manifest xmlns:android="a" package="org.ecl"><application><activity android:name=".Main"/></application></manifest>',
      );
      w('eclipse/app/res/layout/main.xml', '<FrameLayout xmlns:android="a"/>');
      const eclipse = await readAndroidProject(path.join(root, 'eclipse'));
      assert.deepEqual(
        eclipse.modules.map((m) => [m.name, m.manifests.map((f) => f.path), m.resources.map((r) => r.path)]),
        [[':app', ['AndroidManifest.xml'], ['layout/main.xml']]],
      );

      // a --lib checkout with a library module and a sample app: only the library counts
      const lib = path.join(root, 'libcheckout');
      w('libcheckout/settings.gradle', "include ':sample', ':kit'");
      w('libcheckout/sample/build.gradle', "plugins { id 'com.android.application' }\nandroid { namespace 'org.kit.sample' }");
      w(
        'libcheckout/sample/src/main/AndroidManifest.xml',
        '<manifest xmlns:android="a"><application><activity android:name=".Demo"/></application></manifest>',
      );
      w('libcheckout/kit/build.gradle', "plugins { id 'com.android.library' }\nandroid { namespace 'org.kit' }");
      w(
        'libcheckout/kit/src/main/AndroidManifest.xml',
        '<manifest xmlns:android="a"><application><activity android:name=".About"/></application></manifest>',
      );
      const withLib = await readAndroidProject(path.join(root, 'feature'), { libs: [lib] });
      assert.deepEqual(
        withLib.modules.map((m) => [m.name, m.role]),
        [
          ['feature', 'app'],
          [':kit', 'library'],
        ],
      );
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
