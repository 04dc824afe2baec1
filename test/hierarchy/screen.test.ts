// The screen's size when a dump's metadata and its views disagree: the views win and the stated size is kept,
// for every format that states a size (DroidBot, Appium page source, Maestro, WDA's application frame).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { uiNode, type Bounds } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { hierarchyExtent, screenSize } from '../../src/hierarchy/screen.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import type { SnapshotJson } from '../../src/snapshot/types.js';

const at = (bounds: Bounds, children = [] as ReturnType<typeof uiNode>[], visible = true) =>
  uiNode({ cls: 'android.widget.FrameLayout', bounds, children, visible });

describe('hierarchyExtent', () => {
  test('the far corner of the root windows, a status bar window beside the app', () => {
    assert.deepEqual(hierarchyExtent([at([0, 0, 1080, 63]), at([0, 63, 1080, 1794])]), { width: 1080, height: 1794 });
  });
  test('roots without an area: the visible views with one', () => {
    const root = at([0, 0, 0, 0], [at([0, 0, 720, 1280]), at([0, 0, 2000, 3000], [], false), at([10, 10, 10, 900])]);
    assert.deepEqual(hierarchyExtent([root]), { width: 720, height: 1280 });
  });
  test('nothing with an area: zero', () => {
    assert.deepEqual(hierarchyExtent([]), { width: 0, height: 0 });
  });
});

describe('screenSize', () => {
  const seen = { width: 1080, height: 1920 };
  test('a stated size the views fit in is kept, a smaller window included', () => {
    assert.deepEqual(screenSize(seen, { width: 1080, height: 1920 }), { width: 1080, height: 1920 });
    assert.deepEqual(screenSize({ width: 800, height: 900 }, { width: 1080, height: 2400 }), { width: 1080, height: 2400 });
  });
  test('rounding within 2 px still agrees', () => {
    assert.deepEqual(screenSize({ width: 1082, height: 1921 }, seen), seen);
    assert.deepEqual(screenSize({ width: 1083, height: 1920 }, seen), { width: 1083, height: 1920, stated: seen });
  });
  test('views past the stated size: the views win, the stated size is kept', () => {
    assert.deepEqual(screenSize(seen, { width: 2340, height: 1080 }), { width: 1080, height: 1920, stated: { width: 2340, height: 1080 } });
  });
  test('no stated size, or a zero one: the views', () => {
    assert.deepEqual(screenSize(seen, undefined), seen);
    assert.deepEqual(screenSize(seen, { width: 0, height: 1080 }), seen);
  });
});

const droidbot = (width: number, height: number): string =>
  JSON.stringify({
    width,
    height,
    foreground_activity: 'dev.welcome/.Start',
    views: [
      {
        temp_id: 0,
        parent: -1,
        children: [1, 2],
        class: 'android.widget.FrameLayout',
        bounds: [
          [0, 0],
          [1080, 1920],
        ],
      },
      {
        temp_id: 1,
        parent: 0,
        children: [],
        class: 'android.widget.TextView',
        text: 'Welcome!',
        bounds: [
          [0, 400],
          [1080, 500],
        ],
      },
      {
        temp_id: 2,
        parent: 0,
        children: [],
        class: 'android.widget.Button',
        text: 'GET STARTED',
        clickable: true,
        bounds: [
          [40, 1700],
          [1040, 1800],
        ],
      },
    ],
  });

describe('a DroidBot state whose size is rotated against its views', () => {
  test('every view is on screen and the JSON output says what was stated', () => {
    const snap = snapshotFromDump(droidbot(2340, 1080), { format: 'json' });
    const json = JSON.parse(snap.text) as SnapshotJson;
    assert.deepEqual(json.screen, {
      width: 1080,
      height: 1920,
      stated: { width: 2340, height: 1080 },
      package: 'dev.welcome',
      activity: 'dev.welcome.Start',
    });
    assert.deepEqual(
      json.elements.map((e) => [e.class, e.text, e.offscreen]),
      [
        ['TextView', 'Welcome!', undefined],
        ['Button', 'GET STARTED', undefined],
      ],
    );
    assert.equal(snap.stats.offscreen, 0);
  });
  test('a state that agrees says nothing more', () => {
    const json = JSON.parse(snapshotFromDump(droidbot(1080, 1920), { format: 'json' }).text) as SnapshotJson;
    assert.equal(json.screen.stated, undefined);
  });
});

describe('the other formats that state a size', () => {
  test('Appium page source width/height', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><hierarchy index="0" class="hierarchy" rotation="0" width="1920" height="1080">' +
      '<android.widget.FrameLayout index="0" class="android.widget.FrameLayout" bounds="[0,0][1080,1920]" visible-to-user="true">' +
      '<android.widget.Button index="0" class="android.widget.Button" text="Go" clickable="true" bounds="[0,1500][1080,1600]" visible-to-user="true"/>' +
      '</android.widget.FrameLayout></hierarchy>';
    const d = parseDump(xml);
    assert.deepEqual([d.width, d.height, d.stated], [1080, 1920, { width: 1920, height: 1080 }]);
    assert.deepEqual(
      snapshotFromDump(d).elements.map((e) => [e.text, e.offscreen]),
      [['Go', undefined]],
    );
  });
  test('Maestro deviceWidth/deviceHeight', () => {
    const d = parseDump(
      JSON.stringify({
        deviceWidth: 844,
        deviceHeight: 390,
        viewHierarchy: { attributes: { bounds: '[0,0][390,844]', accessibilityText: '' }, children: [] },
      }),
    );
    assert.deepEqual([d.platform, d.width, d.height, d.stated], ['ios', 390, 844, { width: 844, height: 390 }]);
  });
  test("WDA: windows reaching past the application's frame", () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><XCUIElementTypeApplication type="XCUIElementTypeApplication" name="Notes" enabled="true" visible="true" x="0" y="0" width="390" height="844">' +
      '<XCUIElementTypeWindow type="XCUIElementTypeWindow" enabled="true" visible="true" x="0" y="0" width="844" height="390"/>' +
      '</XCUIElementTypeApplication>';
    const d = parseDump(xml);
    assert.deepEqual([d.width, d.height, d.stated], [844, 390, { width: 390, height: 844 }]);
  });
});
