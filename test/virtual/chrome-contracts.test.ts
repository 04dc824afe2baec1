// The system UI the virtual device draws around apps, as clients read it from a dump: the status bar (24dp) and
// navigation bar (48dp) of the platform dimens, with SystemUI's ids and descriptions; the three navigation
// buttons in equal thirds; a Launcher3 home of four columns of 96dp icons under the status bar, the search bar
// above the navigation bar; and the stand-in for an app the recording never captured. Checked on two displays
// (a 420 dpi 1080×2400 phone, a 320 dpi 720×1280 one) so each size follows its density. Pure; no device.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bounds, UiNode } from '../../src/hierarchy/model.js';
import { LAUNCHER_PKG, SYSTEMUI, dp, launcherScreen, navigationBar, otherAppScreen, statusBar } from '../../src/device/virtual/chrome.js';
import type { DisplayInfo } from '../../src/device/virtual/scenario.js';

const DISPLAYS: DisplayInfo[] = [
  { width: 1080, height: 2400, density: 420 },
  { width: 720, height: 1280, density: 320 },
];

/** Bounds from sizes in dp on `d`, rounded as the platform does (px = dp × dpi / 160). */
const px = (d: DisplayInfo, v: number): number => Math.round((v * d.density) / 160);

/** Every node under `root`, depth first. */
function all(root: UiNode): UiNode[] {
  return [root, ...root.children.flatMap(all)];
}

function byId(root: UiNode, id: string): UiNode {
  const n = all(root).find((x) => x.id === id);
  assert.ok(n, `no node ${id}`);
  return n;
}

/** The fields a client reads from a node, without its children. */
function shape(n: UiNode): Partial<UiNode> {
  const { children: _children, ...rest } = n;
  return rest;
}

describe('dp', () => {
  test('px = dp × density / 160, rounded to the nearest pixel', () => {
    assert.equal(dp({ width: 1, height: 1, density: 160 }, 24), 24);
    assert.equal(dp({ width: 1, height: 1, density: 420 }, 24), 63);
    assert.equal(dp({ width: 1, height: 1, density: 420 }, 1), 3);
    assert.equal(dp({ width: 1, height: 1, density: 440 }, 1), 3);
    assert.equal(dp({ width: 1, height: 1, density: 120 }, 2), 2);
  });
});

for (const d of DISPLAYS) {
  const label = `${d.width}×${d.height}@${d.density}`;
  describe(`system bars on ${label}`, () => {
    test('status bar: 24dp tall across the top; the clock 16dp in, wifi and battery 20dp icons at the right edge', () => {
      const bar = statusBar(d);
      const h = px(d, 24);
      const pad = px(d, 16);
      const icon = px(d, 20);
      assert.deepEqual(shape(bar), {
        ...shape(bar),
        cls: 'android.widget.FrameLayout',
        id: `${SYSTEMUI}:id/status_bar_container`,
        pkg: SYSTEMUI,
        bounds: [0, 0, d.width, h],
      });
      assert.deepEqual(
        bar.children.map((c) => [c.id, c.cls, c.text, c.desc, c.bounds, c.index]),
        [
          [`${SYSTEMUI}:id/clock`, 'android.widget.TextView', '12:30', '12:30 PM', [pad, 0, pad + px(d, 56), h], 0],
          [
            `${SYSTEMUI}:id/wifi_signal`,
            'android.widget.ImageView',
            '',
            'Wifi signal full.',
            [d.width - pad - 2 * icon - px(d, 4), 0, d.width - pad - icon - px(d, 4), h],
            1,
          ],
          [
            `${SYSTEMUI}:id/battery`,
            'android.widget.ImageView',
            '',
            'Battery 100 percent.',
            [d.width - pad - icon, 0, d.width - pad, h],
            2,
          ],
        ],
      );
      for (const c of all(bar)) assert.equal(c.pkg, SYSTEMUI);
      // Nothing in the status bar takes a tap: a click there must not count as pressing something.
      assert.ok(all(bar).every((c) => !c.clickable));
    });

    test('navigation bar: 48dp at the bottom; Back, Home, Overview in equal thirds, the last to the edge', () => {
      const bar = navigationBar(d);
      const top = d.height - px(d, 48);
      const third = Math.floor(d.width / 3);
      assert.equal(bar.id, `${SYSTEMUI}:id/navigation_bar_frame`);
      assert.deepEqual(bar.bounds, [0, top, d.width, d.height]);
      const buttons = byId(bar, `${SYSTEMUI}:id/nav_buttons`);
      assert.deepEqual(buttons.bounds, [0, top, d.width, d.height]);
      assert.equal(buttons.cls, 'android.widget.LinearLayout');
      assert.deepEqual(
        buttons.children.map((b) => [b.id, b.desc, b.bounds, b.index, b.clickable, b.longClickable, b.focusable, b.cls]),
        [
          [`${SYSTEMUI}:id/back`, 'Back', [0, top, third, d.height], 0, true, false, true, 'android.widget.ImageView'],
          [`${SYSTEMUI}:id/home`, 'Home', [third, top, 2 * third, d.height], 1, true, true, true, 'android.widget.ImageView'],
          [`${SYSTEMUI}:id/recent_apps`, 'Overview', [2 * third, top, d.width, d.height], 2, true, true, true, 'android.widget.ImageView'],
        ],
      );
      for (const c of all(bar)) assert.equal(c.pkg, SYSTEMUI);
    });
  });

  describe(`the home screen on ${label}`, () => {
    const apps = ['Notes', 'Gmail', 'Camera', 'Clock', 'Maps', 'Files'].map((l, i) => ({ package: `com.example.app${i}`, label: l }));

    test('a workspace between the status bar and the search bar; icons in four columns of 96dp rows, in order', () => {
      const home = launcherScreen(d, apps);
      assert.deepEqual([home.pkg, home.cls, home.bounds], [LAUNCHER_PKG, 'android.widget.FrameLayout', [0, 0, d.width, d.height]]);
      const launcher = byId(home, `${LAUNCHER_PKG}:id/launcher`);
      assert.deepEqual(launcher.bounds, [0, 0, d.width, d.height]);
      const searchTop = d.height - px(d, 48) - px(d, 72);
      const workspace = byId(home, `${LAUNCHER_PKG}:id/workspace`);
      assert.deepEqual([workspace.bounds, workspace.scrollable, workspace.index], [[0, px(d, 24), d.width, searchTop], true, 0]);
      const cell = Math.floor(d.width / 4);
      const cellH = px(d, 96);
      const firstRow = px(d, 24) + px(d, 48);
      const expected: Array<[string, Bounds, number]> = apps.map((a, i) => {
        const col = i % 4;
        const y = firstRow + Math.floor(i / 4) * cellH;
        return [a.label, [col * cell, y, (col + 1) * cell, y + cellH], i];
      });
      assert.deepEqual(
        workspace.children.map((c) => [c.text, c.bounds, c.index]),
        expected,
      );
      for (const icon of workspace.children) {
        assert.deepEqual(
          [icon.cls, icon.pkg, icon.desc, icon.clickable, icon.longClickable, icon.focusable],
          ['android.widget.TextView', LAUNCHER_PKG, icon.text, true, true, true],
        );
      }
    });

    test('the search bar: 56dp tall, 16dp in from each side, 72dp above the navigation bar, tappable', () => {
      const search = byId(launcherScreen(d, apps), `${LAUNCHER_PKG}:id/search_container_hotseat`);
      const searchTop = d.height - px(d, 48) - px(d, 72);
      assert.deepEqual(
        [search.bounds, search.desc, search.clickable, search.index, search.cls],
        [[px(d, 16), searchTop, d.width - px(d, 16), searchTop + px(d, 56)], 'Search', true, 1, 'android.widget.FrameLayout'],
      );
    });

    test('no apps: an empty workspace', () => {
      assert.deepEqual(byId(launcherScreen(d, []), `${LAUNCHER_PKG}:id/workspace`).children, []);
    });
  });

  test(`another app's stand-in on ${label}: its package in front, one line naming it across the middle`, () => {
    const screen = otherAppScreen(d, 'com.android.contacts');
    assert.deepEqual(
      [screen.pkg, screen.bounds, screen.cls],
      ['com.android.contacts', [0, 0, d.width, d.height], 'android.widget.FrameLayout'],
    );
    const mid = Math.floor(d.height / 2);
    assert.deepEqual(
      screen.children.map((c) => [c.cls, c.pkg, c.text, c.bounds, c.index]),
      [
        [
          'android.widget.TextView',
          'com.android.contacts',
          'Another app (com.android.contacts)',
          [px(d, 16), mid - px(d, 24), d.width - px(d, 16), mid + px(d, 24)],
          0,
        ],
      ],
    );
  });
}
