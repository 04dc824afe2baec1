// What the virtual phone's screenshot shows, pixel by pixel, on small screens written here: the bars, a dialog
// over a dimmed screen, the toolbar, each control in its state (switch, check box, radio button, field, button,
// floating button), a row's separator and a selected tab's underline. An agent or a reviewer reading the PNG must
// see the state the dump says; a change in drawing shows here rather than as an unreadable benchmark screenshot.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { screencapCache, screencapPng } from '../../src/device/virtual/screencap.js';
import { parseUiautomatorXml } from '../../src/hierarchy/xml.js';
import { decodeRgba } from '../../src/image/codec.js';
import type { RgbaImage } from '../../src/image/raster.js';

type Rgb = [number, number, number];
const BACKGROUND: Rgb = [250, 250, 250];
const PRIMARY: Rgb = [26, 115, 232];
const SURFACE: Rgb = [255, 255, 255];
const OUTLINE: Rgb = [204, 208, 214];
const TILE: Rgb = [232, 234, 237];
const TRACK_ON: Rgb = [138, 180, 248];
const STATUS: Rgb = [23, 78, 166];
const NAV: Rgb = [0, 0, 0];
const LAUNCHER: Rgb = [38, 50, 56];

interface Node {
  cls: string;
  b: [number, number, number, number];
  id?: string;
  pkg?: string;
  text?: string;
  desc?: string;
  hint?: string;
  flags?: Partial<Record<'clickable' | 'checkable' | 'checked' | 'focused' | 'enabled' | 'selected', boolean>>;
  kids?: Node[];
}

const xmlNode = (n: Node): string => {
  const f = { clickable: false, checkable: false, checked: false, focused: false, enabled: true, selected: false, ...n.flags };
  const attrs = [
    `index="0"`,
    `text="${n.text ?? ''}"`,
    `resource-id="${n.id ?? ''}"`,
    `class="${n.cls}"`,
    `package="${n.pkg ?? 'dev.app'}"`,
    `content-desc="${n.desc ?? ''}"`,
    ...(n.hint === undefined ? [] : [`hint="${n.hint}"`]),
    ...Object.entries(f).map(([k, v]) => `${k}="${v}"`),
    `focusable="false" scrollable="false" long-clickable="false" password="false"`,
    `bounds="[${n.b[0]},${n.b[1]}][${n.b[2]},${n.b[3]}]"`,
  ];
  return `<node ${attrs.join(' ')}>${(n.kids ?? []).map(xmlNode).join('')}</node>`;
};

/** A 320×320 screen at 160 dpi (one dp a pixel) holding these nodes, as the phone would capture it. */
async function shot(nodes: Node[], size = 320): Promise<RgbaImage> {
  const xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${xmlNode({
    cls: 'android.widget.FrameLayout',
    b: [0, 0, size, size],
    kids: nodes,
  })}</hierarchy>`;
  return decodeRgba(await screencapPng(parseUiautomatorXml(xml), { width: size, height: size, density: 160 }));
}
const px = (img: RgbaImage, x: number, y: number): Rgb => {
  const i = (y * img.width + x) * 4;
  return [img.data[i]!, img.data[i + 1]!, img.data[i + 2]!];
};
const near = (a: Rgb, b: Rgb, tol = 12): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
const is = (img: RgbaImage, [x, y]: [number, number], want: Rgb, what: string): void =>
  assert.ok(near(px(img, x, y), want), `${what}: ${px(img, x, y).join(',')} at ${x},${y}, want ${want.join(',')}`);

test('the size asked for, the background everywhere nothing is drawn', async () => {
  const img = await shot([], 200);
  assert.deepEqual([img.width, img.height], [200, 200]);
  is(img, [10, 10], BACKGROUND, 'empty screen');
  is(img, [199, 199], BACKGROUND, 'empty screen corner');
});

test('the status bar, the navigation bar and the launcher have their colours; a plain view has none', async () => {
  const img = await shot([
    { cls: 'android.widget.FrameLayout', pkg: 'com.android.systemui', id: 'com.android.systemui:id/status_bar', b: [0, 0, 320, 24] },
    {
      cls: 'android.widget.FrameLayout',
      pkg: 'com.android.systemui',
      id: 'com.android.systemui:id/navigation_bar_frame',
      b: [0, 280, 320, 320],
    },
    { cls: 'android.view.View', pkg: 'com.android.launcher3', id: 'com.android.launcher3:id/launcher', b: [0, 100, 100, 200] },
    { cls: 'android.view.View', pkg: 'dev.app', id: 'dev.app:id/status_bar', b: [200, 100, 300, 200] },
  ]);
  is(img, [160, 12], STATUS, 'status bar');
  is(img, [160, 300], NAV, 'navigation bar');
  is(img, [50, 150], LAUNCHER, 'launcher');
  is(img, [250, 150], BACKGROUND, "an app's own status_bar id is not the system's");
});

test('a dialog dims the screen behind it and sits on a white card; a toolbar is the primary colour', async () => {
  const img = await shot([
    { cls: 'android.widget.FrameLayout', id: 'dev.app:id/toolbar', b: [0, 0, 320, 50] },
    { cls: 'android.widget.FrameLayout', id: 'android:id/parentPanel', b: [40, 100, 280, 220] },
  ]);
  is(img, [160, 160], SURFACE, 'the card');
  const behind = px(img, 10, 250);
  assert.ok(
    behind.every((v, i) => v < BACKGROUND[i]! * 0.7),
    `dimmed: ${behind.join(',')}`,
  );
  // The toolbar, drawn first, is dimmed too.
  const bar = px(img, 5, 5);
  assert.ok(bar[2] < PRIMARY[2] && bar[2] > 60, `dimmed toolbar: ${bar.join(',')}`);
  const plain = await shot([{ cls: 'androidx.appcompat.widget.Toolbar', b: [0, 0, 320, 50] }]);
  is(plain, [5, 5], PRIMARY, 'a Toolbar by class');
  const byId = await shot([{ cls: 'android.view.View', id: 'dev.app:id/app_bar', b: [0, 0, 320, 50] }]);
  is(byId, [5, 5], PRIMARY, 'an app_bar by id');
});

test('a switch shows its state: a blue track and thumb on the right when on, grey on the left when off', async () => {
  const sw = (checked: boolean): Node => ({
    cls: 'android.widget.Switch',
    b: [0, 100, 320, 148],
    flags: { checkable: true, checked, clickable: true },
  });
  // Track from x 276 to 312 (36 dp, 8 dp from the right), 14 dp tall around y 124; the thumb's centre 10 dp in.
  const on = await shot([sw(true)]);
  is(on, [290, 124], TRACK_ON, 'track on');
  is(on, [302, 124], PRIMARY, 'thumb on, at the right');
  const off = await shot([sw(false)]);
  is(off, [306, 124], OUTLINE, 'track off');
  is(off, [286, 124], [241, 243, 244], 'thumb off, at the left');
});

test('a check box is a filled square when checked, an outline when not; a radio button has its dot', async () => {
  const box = (checked: boolean): Node => ({
    cls: 'android.widget.CheckBox',
    b: [0, 100, 320, 140],
    flags: { checkable: true, checked, clickable: true },
  });
  // An 18 dp square 8 dp in, centred on the row: x 8..26, y 111..129.
  const checked = await shot([box(true)]);
  is(checked, [10, 113], PRIMARY, 'checked box');
  const unchecked = await shot([box(false)]);
  is(unchecked, [17, 120], BACKGROUND, 'inside an unchecked box');
  assert.ok(!near(px(unchecked, 8, 120), BACKGROUND), 'its outline');
  const radio = (checked: boolean): Node => ({
    cls: 'android.widget.RadioButton',
    b: [0, 100, 320, 140],
    flags: { checkable: true, checked, clickable: true },
  });
  // A 10 dp circle 8 dp in: centre 18,120.
  is(await shot([radio(true)]), [18, 120], PRIMARY, 'the dot of a chosen radio button');
  is(await shot([radio(false)]), [18, 120], BACKGROUND, 'no dot');
});

test('a field: white with a thin outline, a thick primary one when focused', async () => {
  const field = (focused: boolean): Node => ({
    cls: 'android.widget.EditText',
    b: [20, 100, 300, 148],
    hint: 'Title',
    flags: { focused, clickable: true },
  });
  const idle = await shot([field(false)]);
  is(idle, [150, 140], SURFACE, 'inside a field');
  is(idle, [150, 100], OUTLINE, 'its outline');
  const focused = await shot([field(true)]);
  is(focused, [150, 101], PRIMARY, 'the outline of a focused field');
  // An EditText's class alone makes it a field.
  is(await shot([{ cls: 'android.widget.EditText', b: [20, 100, 300, 148] }]), [150, 140], SURFACE, 'a field by class');
});

test('a button with text is a filled primary block (a grey tile when disabled); a floating button is a disc', async () => {
  const button = (enabled: boolean): Node => ({
    cls: 'android.widget.Button',
    text: 'Save',
    b: [20, 100, 140, 148],
    flags: { clickable: true, enabled },
  });
  is(await shot([button(true)]), [25, 104], PRIMARY, 'a button');
  is(await shot([button(false)]), [25, 104], TILE, 'a disabled button');
  // Not clickable, or on a toolbar: text only.
  is(await shot([{ ...button(true), flags: { clickable: false } }]), [25, 104], BACKGROUND, 'a button nobody can press');
  const fab = await shot([
    {
      cls: 'com.google.android.material.floatingactionbutton.FloatingActionButton',
      desc: 'New note',
      b: [200, 200, 264, 264],
      flags: { clickable: true },
    },
  ]);
  is(fab, [232, 205], PRIMARY, 'the disc');
  is(fab, [202, 202], BACKGROUND, 'outside the disc');
  // An image button on no bar gets a tile behind its description.
  is(
    await shot([{ cls: 'android.widget.ImageButton', desc: 'Zap', b: [100, 100, 148, 148], flags: { clickable: true } }]),
    [103, 103],
    TILE,
    'an icon tile',
  );
});

test('a clickable row ends in a separator; a selected tab is underlined', async () => {
  const row = await shot([
    {
      cls: 'android.widget.LinearLayout',
      b: [0, 100, 320, 160],
      flags: { clickable: true },
      kids: [{ cls: 'android.widget.TextView', text: 'Row', b: [0, 100, 320, 160] }],
    },
  ]);
  is(row, [200, 159], OUTLINE, 'the separator');
  is(row, [8, 159], BACKGROUND, 'indented 16 dp');
  const tab = await shot([{ cls: 'android.widget.TextView', text: 'Notes', b: [0, 100, 160, 148], flags: { selected: true } }]);
  is(tab, [150, 147], PRIMARY, 'the underline of a selected tab');
  is(await shot([{ cls: 'android.widget.TextView', text: 'Notes', b: [0, 100, 160, 148] }]), [150, 147], BACKGROUND, 'no underline');
});

test('the frame cache: the same screen gives the same bytes (a copy each time), another screen new ones', async () => {
  const capture = screencapCache();
  const xml = (text: string): string =>
    `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">${xmlNode({ cls: 'android.widget.TextView', text, b: [0, 0, 100, 40] })}</hierarchy>`;
  const opts = { width: 100, height: 100, density: 160 };
  const a = await capture(parseUiautomatorXml(xml('A')), opts);
  a.fill(0);
  const again = await capture(parseUiautomatorXml(xml('A')), opts);
  assert.deepEqual([...again.subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  assert.deepEqual(again, await screencapPng(parseUiautomatorXml(xml('A')), opts));
  const b = await capture(parseUiautomatorXml(xml('B')), opts);
  assert.notDeepEqual(b, again);
  const bigger = await capture(parseUiautomatorXml(xml('B')), { ...opts, width: 120 });
  assert.equal(decodeRgba(bigger).width, 120);
});
