// `glance map` over hostile sources: an oversized file, links to endless devices, manifests and layouts that declare
// external entities or a billion laughs. The map still builds, nothing is expanded or read from outside, and each
// skipped input is a counted warning naming its file.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { glance } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

interface MapJson {
  activities: Array<{ name: string; label?: string }>;
  warnings: Array<{ code: string; count: number; examples: string[] }>;
}

function project(files: Record<string, string>): string {
  const root = tempDir('glance-map-hostile-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const activity = (name: string, label = ''): string =>
  `<activity android:name=".${name}"${label === '' ? '' : ` android:label="${label}"`}><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity>`;
const manifest = (doctype: string, label: string): string =>
  `<?xml version="1.0"?>\n${doctype}\n<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="com.hostile"><application>${activity('MainActivity', label)}</application></manifest>`;
const laughs = `<!DOCTYPE manifest [ <!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('')} ]>`;
const code = `package com.hostile\nclass MainActivity : Activity() { override fun onCreate(b: Bundle?) { setContentView(R.layout.main) } }\n`;

async function map(root: string): Promise<{ json: MapJson; raw: string }> {
  const r = await glance(['map', root, '--json', '-']);
  assert.equal(r.code, 0, r.stderr);
  return { json: JSON.parse(r.stdout) as MapJson, raw: r.stdout };
}
const warning = (m: MapJson, code: string) => m.warnings.find((w) => w.code === code);

describe('glance map on hostile sources', () => {
  test('a source file over 2 MiB is skipped with a counted warning; the rest is mapped', async () => {
    const root = project({
      'app/src/main/AndroidManifest.xml': manifest('', ''),
      'app/src/main/java/com/hostile/MainActivity.kt': code,
      'app/src/main/java/com/hostile/Generated.kt': `package com.hostile\nval big = "${'x'.repeat(3 * 1024 * 1024)}"\n`,
    });
    const { json } = await map(root);
    assert.deepEqual(
      json.activities.map((a) => a.name),
      ['com.hostile.MainActivity'],
    );
    assert.deepEqual(warning(json, 'FILE_TOO_LARGE'), {
      code: 'FILE_TOO_LARGE',
      count: 1,
      examples: [':app/src/main/java/com/hostile/Generated.kt'],
    });
  });

  test('build files linked to endless devices are not read (no hang, no growth)', async () => {
    const root = project({ 'app/src/main/AndroidManifest.xml': manifest('', ''), 'app/src/main/java/com/hostile/MainActivity.kt': code });
    mkdirSync(join(root, 'gradle'));
    symlinkSync('/dev/zero', join(root, 'gradle/libs.versions.toml'));
    symlinkSync('/dev/zero', join(root, 'settings.gradle'));
    symlinkSync('/dev/urandom', join(root, 'app/build.gradle'));
    const { json } = await map(root);
    assert.equal(json.activities.length, 1);
  });

  test('an external entity in a manifest is not fetched: the map builds, the reference stays literal, the file is named', async () => {
    const secret = join(tempDir('glance-secret-'), 'secret.txt');
    writeFileSync(secret, 'TOPSECRET-CONTENT');
    const root = project({
      'app/src/main/AndroidManifest.xml': manifest(`<!DOCTYPE manifest [ <!ENTITY xxe SYSTEM "file://${secret}"> ]>`, '&xxe;'),
      'app/src/main/java/com/hostile/MainActivity.kt': code,
    });
    const { json, raw } = await map(root);
    assert.equal(json.activities[0]?.name, 'com.hostile.MainActivity');
    assert.doesNotMatch(raw, /TOPSECRET/);
    assert.deepEqual(warning(json, 'XML_DOCTYPE_IGNORED')?.examples, [':app/src/main/AndroidManifest.xml']);
  });

  test('billion laughs in a manifest and a layout are not expanded', async () => {
    const layout = `<?xml version="1.0"?>\n${laughs.replace('manifest', 'LinearLayout')}\n<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"><Button android:id="@+id/go" android:text="&lol9;"/></LinearLayout>`;
    const root = project({
      'app/src/main/AndroidManifest.xml': manifest(laughs, '&lol9;'),
      'app/src/main/res/layout/main.xml': layout,
      'app/src/main/java/com/hostile/MainActivity.kt': code,
    });
    const { json, raw } = await map(root);
    assert.equal(json.activities.length, 1);
    assert.ok(raw.length < 20_000, `map JSON is ${raw.length} characters`);
    assert.doesNotMatch(raw, /(lol){3}/);
    const w = warning(json, 'XML_DOCTYPE_IGNORED');
    assert.equal(w?.count, 2);
    assert.deepEqual([...(w?.examples ?? [])].sort(), [':app/src/main/AndroidManifest.xml', ':app/layout/main.xml'].sort());
  });

  test('a DOCTYPE that never closes or declares parameter entities leaves its file unparsable, named, not fatal', async () => {
    const root = project({
      'app/src/main/AndroidManifest.xml': manifest('', ''),
      'app/src/main/res/layout/main.xml': '<?xml version="1.0"?><!DOCTYPE x [ <!ENTITY % p SYSTEM "file:///etc/passwd"> %p; ]><x/>',
      'app/src/main/res/layout/other.xml': '<?xml version="1.0"?><!DOCTYPE x [ <!ENTITY a "',
      'app/src/main/java/com/hostile/MainActivity.kt': code,
    });
    const { json, raw } = await map(root);
    assert.equal(json.activities.length, 1);
    assert.doesNotMatch(raw, /root:x/);
    assert.equal(warning(json, 'XML_DOCTYPE_IGNORED')?.count, 2);
  });
  test('character references are decoded in every attribute, not only in labels (an id, a hint, a label)', async () => {
    const root = project({
      'app/src/main/AndroidManifest.xml': manifest('', 'Caf&#xE9;&#8230;'),
      'app/src/main/res/layout/main.xml':
        '<LinearLayout xmlns:android="http://schemas.android.com/apk/res/android"><EditText android:id="@+id/f&#111;o" android:hint="A=&#65;"/></LinearLayout>',
      'app/src/main/java/com/hostile/MainActivity.kt': code,
    });
    const { json } = await map(root);
    const main = json.activities[0] as { label?: string; elements?: Array<{ id?: string; hint?: string }> };
    assert.equal(main.label, 'Café…');
    assert.deepEqual(
      main.elements?.map((e) => [e.id, e.hint]),
      [['foo', 'A=A']],
    );
  });
});
