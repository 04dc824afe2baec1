// Reading a source tree from disk (read.ts, the only file I/O of the UI Map): which folders are modules, which files
// of a module are read and in what order, what a bad path or an empty tree raises, and the limits (size, `allow`).
// Every tree is authored in a temporary folder, a few files each.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdirSync, openSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mapDirectory, mapProject, readAndroidProject } from '../../src/uimap/index.js';
import type { MapProgress, ProjectSource } from '../../src/uimap/index.js';
import { MAX_SOURCE_BYTES, parseSettingsGradle } from '../../src/uimap/read.js';
import { rejected } from '../helpers/thrown.js';
import { tempDir } from '../helpers/temp.js';

const base = tempDir('glance-uimap-read-');
let trees = 0;

/** A new folder holding `files` (relative path → text); returns its path. */
function tree(files: Record<string, string>): string {
  const root = path.join(base, `t${trees++}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  mkdirSync(root, { recursive: true });
  return root;
}

/**
 * The read's result; should it still wait after ten seconds (blocked opening `fifo`), the FIFO is opened for writing
 * so the blocked read returns and the process can end, and the test fails.
 */
async function readOrRelease(read: Promise<ProjectSource>, fifo: string): Promise<ProjectSource> {
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'waited'>((resolve) => {
    timer = setTimeout(resolve, 10_000, 'waited');
  });
  const first = await Promise.race([read, waited]);
  clearTimeout(timer);
  if (first !== 'waited') return first;
  closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  await read.catch(() => undefined);
  assert.fail(`reading the tree waited on the FIFO ${fifo}`);
}

const MANIFEST = '<manifest xmlns:android="a"><application><activity android:name=".Main"/></application></manifest>';
const APP_GRADLE = "plugins { id 'com.android.application' }";
const LIB_GRADLE = "plugins { id 'com.android.library' }";

describe('a bad root is a coded error naming the path', () => {
  test('a missing root or --lib folder: FILE_NOT_FOUND', async () => {
    const missing = path.join(base, 'nowhere');
    const e = await rejected(readAndroidProject(missing));
    assert.equal(e.code, 'FILE_NOT_FOUND');
    assert.equal(e.message, `no such directory: ${missing}`);
    assert.deepEqual(e.context, { path: missing });
    assert.match(e.hint ?? '', /check the path/);

    const root = tree({ 'src/main/AndroidManifest.xml': MANIFEST });
    const lib = await rejected(readAndroidProject(root, { libs: [missing] }));
    assert.equal(lib.code, 'FILE_NOT_FOUND');
    assert.deepEqual(lib.context, { path: missing });
  });

  test('a file, not a folder: MAP_SOURCE_INVALID', async () => {
    const file = path.join(tree({ 'notes.txt': 'x' }), 'notes.txt');
    const e = await rejected(readAndroidProject(file));
    assert.equal(e.code, 'MAP_SOURCE_INVALID');
    assert.equal(e.message, `not a directory: ${file}`);
    assert.deepEqual(e.context, { path: file });
    assert.match(e.hint ?? '', /settings\.gradle/);
  });

  test('a folder with no manifest anywhere, or modules without one: MAP_SOURCE_INVALID', async () => {
    for (const root of [
      tree({ 'README.md': 'not an app' }),
      tree({ 'settings.gradle': "include ':app'", 'app/build.gradle': APP_GRADLE, 'app/src/main/java/A.java': 'class A {}' }),
    ]) {
      const e = await rejected(readAndroidProject(root));
      assert.equal(e.code, 'MAP_SOURCE_INVALID');
      assert.equal(e.message, `no Android module with an AndroidManifest.xml under ${root}`);
      assert.deepEqual(e.context, { path: root });
      assert.match(e.hint ?? '', /project root/);
    }
  });
});

describe('which folders are modules', () => {
  test("settings.gradle names them, with or without the leading ':'; a named folder that is missing is left out", async () => {
    const root = tree({
      'settings.gradle': "include 'app', ':gone'\nproject('core').projectDir = file('libs/core')\ninclude ':core'",
      'app/src/main/AndroidManifest.xml': MANIFEST,
      'libs/core/src/main/AndroidManifest.xml': MANIFEST,
      'stray/src/main/AndroidManifest.xml': MANIFEST,
    });
    const source = await readAndroidProject(root);
    assert.deepEqual(
      source.modules.map((m) => m.name),
      [':app', ':core'],
    );
    assert.deepEqual(parseSettingsGradle("include 'a:b'\nproject('c').projectDir = file('x')", '/r'), [
      { name: ':a:b', dir: '/r/a/b' },
      { name: ':c', dir: '/r/x' },
    ]);
  });

  test('settings.gradle(.kts) forms: comments, lists over several lines, projectDir in each spelling', () => {
    const settings = [
      "// include ':commented'",
      "include ':app' // a trailing comment: include ':after'",
      "/* include ':blocked'",
      "   include ':blocked2' */",
      "include ':feature:one',",
      "        ':feature:two'",
      'include(":kts", ":kts2")',
      "include ':lead'",
      "    , ':comma'",
      "rootProject.name = 'include'",
      "project(':lib').projectDir = new File(settingsDir, 'libs/lib')",
      'project(":kt").projectDir = file("../shared/kt")',
      "project( 'spaced' ).projectDir  =  new  File( rootDir ,  'sp' )",
      "project(':root').projectDir = new File(rootProject.projectDir, 'r')",
    ].join('\n');
    assert.deepEqual(parseSettingsGradle(settings, '/r'), [
      { name: ':app', dir: '/r/app' },
      { name: ':feature:one', dir: '/r/feature/one' },
      { name: ':feature:two', dir: '/r/feature/two' },
      { name: ':kts', dir: '/r/kts' },
      { name: ':kts2', dir: '/r/kts2' },
      { name: ':lead', dir: '/r/lead' },
      { name: ':comma', dir: '/r/comma' },
      { name: ':lib', dir: '/r/libs/lib' },
      { name: ':kt', dir: '/shared/kt' },
      { name: ':spaced', dir: '/r/sp' },
      { name: ':root', dir: '/r/r' },
    ]);
  });

  test('settings that name no existing folder (or a settings.gradle that is a folder) fall back to the search', async () => {
    const root = tree({
      'settings.gradle': "include ':gone'",
      'settings.gradle.kts/placeholder': '',
      'feature/src/main/AndroidManifest.xml': MANIFEST,
    });
    assert.deepEqual(
      (await readAndroidProject(root)).modules.map((m) => m.name),
      [':feature'],
    );
  });

  test('the search goes three folders down, skips hidden and build folders, and names modules by their path', async () => {
    const root = tree({
      'near/x/y/src/main/AndroidManifest.xml': MANIFEST,
      'deep/x/y/z/AndroidManifest.xml': MANIFEST,
      '.hidden/src/main/AndroidManifest.xml': MANIFEST,
      'build/src/main/AndroidManifest.xml': MANIFEST,
      'top/AndroidManifest.xml': MANIFEST,
      'odd/AndroidManifest.xml/readme.txt': 'a folder named like a manifest',
    });
    assert.deepEqual(
      (await readAndroidProject(root)).modules.map((m) => m.name),
      [':near:x:y', ':top'],
    );
  });
});

describe('what a module holds', () => {
  test('manifests (main first), resources of the known types one folder under res/, code; nothing else', async () => {
    const root = tree({
      'build.gradle': APP_GRADLE,
      'src/debug/AndroidManifest.xml': '<manifest package="debug"/>',
      'src/main/AndroidManifest.xml': MANIFEST,
      'src/release/AndroidManifest.xml': '<manifest package="release"/>',
      'src/main/res/layout/main.xml': '<FrameLayout/>',
      'src/main/res/values-de/strings.xml': '<resources/>',
      'src/main/res/navigation/graph.xml': '<navigation/>',
      'src/main/res/menu/main.xml': '<menu/>',
      'src/main/res/xml/prefs.xml': '<PreferenceScreen/>',
      'src/main/res/drawable/icon.xml': '<vector/>',
      'src/main/res/layout/nested/deeper.xml': '<FrameLayout/>',
      'src/main/res/raw/data.xml': '<x/>',
      'src/main/res/layout/notes.txt': 'x',
      'src/main/java/org/a/Main.java': 'class Main {}',
      'src/main/kotlin/org/a/More.kt': 'class More',
      'src/main/java/org/a/Readme.md': '# no',
      'src/test/java/org/a/MainTest.java': 'class MainTest {}',
    });
    const [mod, ...more] = (await readAndroidProject(root)).modules;
    assert.equal(more.length, 0);
    assert.ok(mod !== undefined);
    assert.equal(mod.name, path.basename(root));
    assert.deepEqual(
      mod.manifests.map((f) => f.path),
      ['src/main/AndroidManifest.xml', 'src/debug/AndroidManifest.xml', 'src/release/AndroidManifest.xml'],
    );
    assert.equal(mod.manifests[0]?.text, MANIFEST);
    assert.deepEqual(
      mod.resources.map((f) => [f.path, f.text]),
      [
        ['layout/main.xml', '<FrameLayout/>'],
        ['menu/main.xml', '<menu/>'],
        ['navigation/graph.xml', '<navigation/>'],
        ['values-de/strings.xml', '<resources/>'],
        ['xml/prefs.xml', '<PreferenceScreen/>'],
      ],
    );
    assert.deepEqual(
      mod.code.map((f) => f.path),
      ['src/main/java/org/a/Main.java', 'src/main/kotlin/org/a/More.kt'],
    );
    assert.equal(mod.gradle, APP_GRADLE);
  });

  test('test, build and generated folders and links out of the tree are not read', async () => {
    const outside = tree({ 'Secret.java': 'class Secret {}', 'more/Also.java': 'class Also {}' });
    const skipped = ['androidTest', 'testDebug', 'testRelease', 'sharedTest', 'test'].map((d) => `src/${d}/java/T.java`);
    const root = tree({
      'src/main/AndroidManifest.xml': MANIFEST,
      'src/main/java/Kept.java': 'class Kept {}',
      ...Object.fromEntries(
        [...skipped, 'node_modules/pkg/N.java', 'intermediates/I.java', 'generated/G.java', 'build/B.java', '.cxx/C.java'].map((f) => [
          f,
          'class Skipped {}',
        ]),
      ),
    });
    symlinkSync(path.join(outside, 'Secret.java'), path.join(root, 'src/main/java/Link.java'));
    symlinkSync(path.join(outside, 'more'), path.join(root, 'src/main/java/linked'));
    const [mod] = (await readAndroidProject(root)).modules;
    assert.deepEqual(
      mod?.code.map((f) => f.path),
      ['src/main/java/Kept.java'],
    );
  });

  test("the module's own build file sets its role; a build file deeper down does not; app modules come first", async () => {
    const root = tree({
      'settings.gradle': "include ':kit', ':plain', ':app'",
      'kit/build.gradle.kts': 'plugins { alias(libs.plugins.android.library) }',
      'kit/src/main/AndroidManifest.xml': MANIFEST,
      'plain/scripts/build.gradle': LIB_GRADLE,
      'plain/src/main/AndroidManifest.xml': MANIFEST,
      'app/build.gradle': 'apply plugin: "com.android.application"',
      'app/src/main/AndroidManifest.xml': MANIFEST,
    });
    const mods = (await readAndroidProject(root)).modules;
    assert.deepEqual(
      mods.map((m) => [m.name, m.role, m.gradle]),
      [
        [':plain', 'app', undefined],
        [':app', 'app', 'apply plugin: "com.android.application"'],
        [':kit', 'library', 'plugins { alias(libs.plugins.android.library) }'],
      ],
    );
  });

  test('sample apps in a --lib checkout are left out, however their build file applies the app plugin', async () => {
    const root = tree({ 'src/main/AndroidManifest.xml': MANIFEST });
    const lib = tree({
      'settings.gradle': "include ':groovy', ':kts', ':kit'",
      'groovy/build.gradle': "apply plugin: 'com.android.application'",
      'groovy/src/main/AndroidManifest.xml': MANIFEST,
      'kts/build.gradle.kts': 'plugins { alias(libs.plugins.android.application) }',
      'kts/src/main/AndroidManifest.xml': MANIFEST,
      'kit/build.gradle': LIB_GRADLE,
      'kit/src/main/AndroidManifest.xml': MANIFEST,
    });
    assert.deepEqual(
      (await readAndroidProject(root, { libs: [lib] })).modules.map((m) => [m.name, m.role]),
      [
        [path.basename(root), 'app'],
        [':kit', 'library'],
      ],
    );
  });

  test('a --lib checkout of one app module is read as a library; a folder given twice is read once', async () => {
    const root = tree({ 'src/main/AndroidManifest.xml': MANIFEST });
    const lib = tree({ 'build.gradle': APP_GRADLE, 'src/main/AndroidManifest.xml': MANIFEST });
    // A second checkout's modules are not part of the first one's tree.
    const other = tree({ 'build.gradle': LIB_GRADLE, 'src/main/AndroidManifest.xml': MANIFEST });
    const mods = (await readAndroidProject(root, { libs: [lib, lib, root, other] })).modules;
    assert.deepEqual(
      mods.map((m) => [m.name, m.role]),
      [
        [path.basename(root), 'app'],
        [path.basename(lib), 'library'],
        [path.basename(other), 'library'],
      ],
    );
  });

  test('the version catalog is read from gradle/libs.versions.toml when there is one', async () => {
    const toml = '[versions]\napp-id = "org.cat"\n';
    const withCatalog = await readAndroidProject(tree({ 'src/main/AndroidManifest.xml': MANIFEST, 'gradle/libs.versions.toml': toml }));
    assert.equal(withCatalog.versionCatalog, toml);
    const without = await readAndroidProject(tree({ 'src/main/AndroidManifest.xml': MANIFEST }));
    assert.deepEqual(Object.keys(without), ['modules']);
  });
});

describe('limits', () => {
  test('a file over MAX_SOURCE_BYTES is left unread and named; one of exactly that size is read', async () => {
    const root = tree({
      'src/main/AndroidManifest.xml': MANIFEST,
      'src/main/java/Big.java': `//${'x'.repeat(MAX_SOURCE_BYTES - 1)}`,
      'src/main/java/Fits.java': `//${'x'.repeat(MAX_SOURCE_BYTES - 2)}`,
      'build.gradle': `//${'x'.repeat(MAX_SOURCE_BYTES)}`,
    });
    const name = path.basename(root);
    const source = await readAndroidProject(root);
    assert.deepEqual(source.oversized, [`${name}/build.gradle`, `${name}/src/main/java/Big.java`]);
    const mod = source.modules[0];
    assert.deepEqual(
      mod?.code.map((f) => [f.path, f.text.length]),
      [['src/main/java/Fits.java', MAX_SOURCE_BYTES]],
    );
    // An unreadable build file leaves the module's build text empty, not missing.
    assert.equal(mod?.gradle, '');
    // The map says which files it did not read.
    const map = await mapProject({ ...source, modules: source.modules.map((m) => ({ ...m, code: [] })) });
    assert.deepEqual(
      map.warnings.find((w) => w.code === 'FILE_TOO_LARGE'),
      { code: 'FILE_TOO_LARGE', count: 2, examples: [`${name}/build.gradle`, `${name}/src/main/java/Big.java`] },
    );
  });

  test('`allow` keeps out modules and files it refuses', async () => {
    const root = tree({
      'settings.gradle': "include ':app', ':secret'",
      'app/src/main/AndroidManifest.xml': MANIFEST,
      'app/src/main/java/Open.java': 'class Open {}',
      'app/src/main/java/SecretKeys.java': 'class SecretKeys {}',
      'secret/src/main/AndroidManifest.xml': MANIFEST,
    });
    const asked: string[] = [];
    const source = await readAndroidProject(root, {
      allow: async (p) => {
        asked.push(p);
        return !/secret/i.test(p);
      },
    });
    assert.deepEqual(
      source.modules.map((m) => [m.name, m.code.map((f) => f.path)]),
      [[':app', ['src/main/java/Open.java']]],
    );
    assert.ok(asked.includes(path.join(root, 'secret')));
  });

  test('a FIFO where a build file or the version catalog would be is skipped, not waited on', async () => {
    for (const fifo of ['settings.gradle', 'gradle/libs.versions.toml']) {
      const root = tree({ 'app/src/main/AndroidManifest.xml': MANIFEST, 'gradle/.keep': '' });
      execFileSync('mkfifo', [path.join(root, fifo)]);
      const source = await readOrRelease(readAndroidProject(root), path.join(root, fifo));
      assert.deepEqual(
        source.modules.map((m) => m.name),
        [':app'],
        fifo,
      );
      assert.equal(source.versionCatalog, undefined);
    }
  });

  test('progress counts the modules read', async () => {
    const root = tree({
      'settings.gradle': "include ':a', ':b'",
      'a/src/main/AndroidManifest.xml': MANIFEST,
      'b/src/main/AndroidManifest.xml': MANIFEST,
    });
    const seen: MapProgress[] = [];
    await readAndroidProject(root, { onProgress: (p) => seen.push(p) });
    assert.deepEqual(seen, [
      { phase: 'read', done: 0, total: 2 },
      { phase: 'read', done: 1, total: 2 },
      { phase: 'read', done: 2, total: 2 },
    ]);
  });
});

test('mapDirectory hands its libraries, `allow` and progress to the reader', async () => {
  const root = tree({
    'src/main/AndroidManifest.xml':
      '<manifest xmlns:android="a" package="org.app"><application><activity android:name=".Main"/></application></manifest>',
    'src/main/java/Broken.java': 'class Broken {{{',
  });
  const lib = tree({
    'build.gradle': LIB_GRADLE,
    'src/main/AndroidManifest.xml':
      '<manifest xmlns:android="a" package="org.lib"><application><activity android:name=".About"/></application></manifest>',
  });
  const phases = new Set<string>();
  const map = await mapDirectory(root, {
    libs: [lib],
    allow: async (p) => !p.endsWith('Broken.java'),
    onProgress: (p) => phases.add(p.phase),
  });
  assert.deepEqual(
    map.activities.map((a) => a.name),
    ['org.app.Main', 'org.lib.About'],
  );
  // The refused file is not read: no code, no syntax error.
  assert.equal(map.stats.sourceFiles, 0);
  assert.equal(
    map.warnings.find((w) => w.code === 'SYNTAX_ERROR'),
    undefined,
  );
  assert.deepEqual([...phases], ['read', 'resources', 'code', 'resolve']);
});
