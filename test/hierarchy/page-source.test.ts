// Appium UiAutomator2 page source: elements named after their class, `displayed`, attributes omitted when null,
// an XML declaration and indentation, the screen size on the root. The same screen read from `uiautomator
// dump` and from a page source must give the same snapshot (text and refs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDump } from '../../src/hierarchy/parse.js';
import { uiNode } from '../../src/hierarchy/model.js';
import { toPageSourceXml } from '../../src/hierarchy/page-source.js';
import { snapshotFromDump } from '../../src/snapshot/index.js';
import { corpusScreens, readText, repoRoot } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const SAMPLE = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<hierarchy index="0" class="hierarchy" rotation="0" width="1080" height="2400">
  <android.widget.FrameLayout index="0" package="com.example" class="android.widget.FrameLayout" text="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" long-clickable="false" password="false" scrollable="false" selected="false" bounds="[0,0][1080,2400]" displayed="true">
    <android.widget.EditText index="0" package="com.example" class="android.widget.EditText" text="" resource-id="com.example:id/name" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" long-clickable="true" password="false" scrollable="false" selected="false" bounds="[40,200][1040,320]" displayed="true" hint="Your name" input-type="1" />
    <android.widget.Button index="1" package="com.example" class="android.widget.Button" text="Save" resource-id="com.example:id/save" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" long-clickable="false" password="false" scrollable="false" selected="false" bounds="[40,400][1040,520]" displayed="true" />
    <android.widget.TextView index="2" package="com.example" class="android.widget.TextView" text="Hidden" bounds="[40,600][1040,700]" displayed="false" />
    <android.widget.Toast index="3" package="com.android.settings" class="android.widget.Toast" text="Saved" bounds="[300,2000][780,2100]" displayed="true" />
  </android.widget.FrameLayout>
</hierarchy>`;

test('an Appium page source parses: class-named elements, defaults for absent attributes, displayed, size from the root', () => {
  const d = parseDump(SAMPLE);
  assert.equal(d.format, 'uiautomator2');
  assert.deepEqual([d.width, d.height], [1080, 2400]);
  const [root] = d.roots;
  assert.equal(root!.cls, 'android.widget.FrameLayout');
  assert.deepEqual(
    root!.children.map((c) => [c.cls, c.text, c.hint, c.id, c.clickable, c.visible]),
    [
      ['android.widget.EditText', '', 'Your name', 'com.example:id/name', true, true],
      ['android.widget.Button', 'Save', '', 'com.example:id/save', true, true],
      ['android.widget.TextView', 'Hidden', '', '', false, false],
      ['android.widget.Toast', 'Saved', '', '', false, true],
    ],
  );
  const text = snapshotFromDump(SAMPLE).text;
  assert.match(text, /EditText hint=Your name/);
  assert.match(text, /Button Save/);
  assert.doesNotMatch(text, /Hidden/);
});

test('a closing tag that does not match its element is a coded error', () => {
  const bad = SAMPLE.replace('</android.widget.FrameLayout>', '</android.widget.LinearLayout>');
  assert.throws(
    () => parseDump(bad),
    (e: Error & { code?: string }) => e.code === 'DUMP_MALFORMED' && /closes/.test(e.message),
  );
  assert.throws(
    () => parseDump(SAMPLE.slice(0, SAMPLE.length - 40)),
    (e: Error & { code?: string }) => e.code === 'DUMP_TRUNCATED',
  );
});

const sameSnapshot = (xml: string, name: string): void => {
  const dump = parseDump(xml);
  const source = toPageSourceXml(dump);
  assert.ok(source.startsWith("<?xml version='1.0'"), name);
  assert.doesNotMatch(source, /<node[\s>]/, name);
  assert.equal(snapshotFromDump(source).text, snapshotFromDump(dump).text, name);
};

test('every screen of the demo app: the page source gives the same snapshot as the dump', () => {
  const dir = join(repoRoot, 'assets/scenarios/demo/screens');
  const files = readdirSync(dir).filter((f) => f.endsWith('.xml'));
  assert.ok(files.length >= 16);
  for (const f of files) sameSnapshot(readFileSync(join(dir, f), 'utf8'), f);
});

test('every recorded screen: the page source gives the same snapshot as the dump', { skip: requires({ shared: true }) }, () => {
  for (const s of corpusScreens()) sameSnapshot(readText(s.xmlPath), s.xmlPath);
});

test("written as the server writes it: declaration, indented elements named after the class, the server's attribute order, empty ones left out, invisible views dropped", () => {
  const flagsOff =
    'checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" long-clickable="false" password="false" scrollable="false" selected="false"';
  const dump = {
    rotation: 1,
    width: 1080,
    height: 2400,
    roots: [
      uiNode({
        cls: 'android.widget.FrameLayout',
        pkg: 'dev.app',
        bounds: [0, 0, 1080, 2400],
        children: [
          uiNode({
            cls: 'com.x.Outer$Inner@a#b&c',
            pkg: 'dev.app',
            text: 'Say "hi" & <go>',
            desc: 'go button',
            id: 'dev.app:id/go',
            hint: 'tap',
            drawingOrder: 2,
            clickable: true,
            focusable: true,
            bounds: [10, 20, 300, 120],
          }),
          uiNode({ cls: 'android.widget.TextView', text: 'hidden', visible: false, index: 1, bounds: [0, 0, 5, 5] }),
          uiNode({
            cls: '',
            index: 2,
            checkable: true,
            checked: true,
            enabled: false,
            focused: true,
            longClickable: true,
            password: true,
            scrollable: true,
            selected: true,
            bounds: [-1, 0, 1, 1],
            children: [uiNode({ cls: 'android.view.View', visible: false, bounds: [0, 0, 1, 1] })],
          }),
        ],
      }),
      uiNode({ cls: 'android.widget.Toast', pkg: 'android', text: 'Saved', index: 0, bounds: [300, 2000, 780, 2100] }),
      uiNode({
        cls: 'android.widget.PopupWindow',
        visible: false,
        bounds: [0, 0, 9, 9],
        children: [uiNode({ cls: 'x.Y', bounds: [0, 0, 1, 1] })],
      }),
    ],
  };
  assert.equal(
    toPageSourceXml(dump),
    [
      "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>",
      '<hierarchy index="0" class="hierarchy" rotation="1" width="1080" height="2400">',
      `  <android.widget.FrameLayout index="0" package="dev.app" class="android.widget.FrameLayout" text="" ${flagsOff} bounds="[0,0][1080,2400]" displayed="true">`,
      '    <com.x.Outer.Inner.a.b.c index="0" package="dev.app" class="com.x.Outer$Inner@a#b&amp;c" text="Say &quot;hi&quot; &amp; &lt;go&gt;" content-desc="go button" resource-id="dev.app:id/go" ' +
        'checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" long-clickable="false" password="false" scrollable="false" selected="false" ' +
        'bounds="[10,20][300,120]" displayed="true" hint="tap" drawing-order="2" />',
      '    <android.view.View index="2" package="" class="" text="" ' +
        'checkable="true" checked="true" clickable="false" enabled="false" focusable="false" focused="true" long-clickable="true" password="true" scrollable="true" selected="true" ' +
        'bounds="[-1,0][1,1]" displayed="true" />',
      '  </android.widget.FrameLayout>',
      `  <android.widget.Toast index="0" package="android" class="android.widget.Toast" text="Saved" ${flagsOff} bounds="[300,2000][780,2100]" displayed="true" />`,
      '</hierarchy>',
    ].join('\n'),
  );
});
