// iOS hierarchies without element types: each rule that types a control, on an authored Maestro hierarchy,
// and what it leaves alone (the status bar, a bar's centred title, labelled rows of content, glyphs, typed
// nodes); then the Contacts captures on the virtual iPhone (../shared): the edit screen's close, Done and
// "add phone" are tappable refs, WDA serves them as buttons and cells, and tapping close takes the recorded shortcut.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { inferIosControls } from '../../src/hierarchy/ios-controls.js';
import { uiNode, walk, type Bounds, type UiNode } from '../../src/hierarchy/model.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { startVirtualIos, type RunningWdaServer } from '../../src/device/virtual/wda/index.js';
import { WdaDevice } from '../../src/device/wda/device.js';
import { contactsIosDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const SCREEN = { width: 402, height: 874 };
const other = (bounds: Bounds, fields: Partial<UiNode> = {}, children: UiNode[] = []): UiNode =>
  uiNode({ cls: 'XCUIElementTypeOther', bounds, children, ...fields });
const typeOf = (root: UiNode, label: string): string =>
  [...walk([root])]
    .map((e) => e.node)
    .find((n) => (n.desc || n.text) === label)!
    .cls.replace('XCUIElementType', '');

describe('inferIosControls', () => {
  test('a navigation bar: its small labelled items are buttons, its centred title is not; the status bar is not a bar', () => {
    const root = other([0, 0, 402, 874], {}, [
      other([0, 0, 402, 54], {}, [other([56, 22, 92, 42], { desc: '7:36 AM' })]),
      other([0, 62, 402, 116], {}, [
        other([20, 66, 56, 102], { desc: 'close' }),
        other([163, 73, 238, 94], { desc: 'New Contact' }),
        other([346, 66, 382, 102], { desc: 'Keep' }),
      ]),
    ]);
    inferIosControls(root, SCREEN);
    assert.deepEqual(
      ['7:36 AM', 'close', 'New Contact', 'Keep'].map((l) => typeOf(root, l)),
      ['Other', 'Button', 'Other', 'Button'],
    );
  });

  test('a toolbar at the bottom, or named so; a labelled strip at the bottom is a row, not a bar', () => {
    const root = other([0, 0, 402, 874], {}, [
      other([0, 788, 402, 874], {}, [other([331, 803, 369, 841], { desc: 'Compose' })]),
      other([5, 136, 392, 184], { id: 'Toolbar' }, [other([20, 140, 60, 180], { desc: 'Filter' })]),
      other([16, 839, 386, 874], { desc: 'homepage, example.org' }, [other([32, 854, 104, 872], { desc: 'homepage' })]),
    ]);
    inferIosControls(root, SCREEN);
    assert.deepEqual(
      ['Compose', 'Filter', 'homepage'].map((l) => typeOf(root, l)),
      ['Button', 'Button', 'Other'],
    );
  });

  test('rows with an insert/remove glyph and the glyph holder are buttons; the glyph itself is not', () => {
    const row = (label: string, glyph: string, top: number): UiNode =>
      other([20, top, 382, top + 53], { desc: label }, [
        other([39, top + 12, 64, top + 38], { desc: `${glyph === 'plus' ? 'Insert' : 'Remove'} ${label}` }, [
          other([39, top + 13, 64, top + 39], { desc: glyph === 'plus' ? 'add' : 'remove', id: `${glyph}.circle.fill` }),
        ]),
      ]);
    const root = other([0, 0, 402, 874], {}, [other([0, 300, 402, 500], {}, [row('add phone', 'plus', 300), row('home', 'minus', 400)])]);
    inferIosControls(root, SCREEN);
    assert.deepEqual(
      ['add phone', 'Insert add phone', 'add', 'home', 'Remove home', 'remove'].map((l) => typeOf(root, l)),
      ['Button', 'Button', 'Other', 'Button', 'Button', 'Other'],
    );
  });

  test('three or more stacked look-alike rows are cells; two are not; unlabelled rows are not', () => {
    const rows = (n: number, top: number, label = true): UiNode[] =>
      Array.from({ length: n }, (_, i) =>
        other([2, top + 60 * i, 386, top + 60 * (i + 1)], {}, [
          other([68, top + 60 * i + 20, 194, top + 60 * i + 40], label ? { desc: `row ${top + i}` } : {}),
        ]),
      );
    const table = other([0, 150, 402, 400], {}, rows(3, 150));
    const pair = other([0, 450, 402, 600], {}, rows(2, 450));
    const bare = other([0, 600, 402, 800], {}, rows(3, 600, false));
    const root = other([0, 0, 402, 874], {}, [table, pair, bare]);
    inferIosControls(root, SCREEN);
    assert.deepEqual(
      [...table.children, ...pair.children, ...bare.children].map((r) => r.cls.replace('XCUIElementType', '')),
      ['Cell', 'Cell', 'Cell', 'Other', 'Other', 'Other', 'Other', 'Other'],
    );
  });

  test('a small leaf whose whole label is a verb is a button; a longer label, a big one, a typed node are not', () => {
    const root = other([0, 0, 402, 874], {}, [
      other([150, 400, 250, 440], { desc: 'Done' }),
      other([150, 460, 250, 500], { desc: 'Done reading' }),
      other([0, 500, 402, 700], { desc: 'Edit' }),
      uiNode({ cls: 'XCUIElementTypeStaticText', desc: 'Cancel', bounds: [150, 720, 250, 760] }),
    ]);
    inferIosControls(root, SCREEN);
    assert.deepEqual(
      root.children.map((n) => n.cls.replace('XCUIElementType', '')),
      ['Button', 'Other', 'Other', 'StaticText'],
    );
    assert.deepEqual(
      root.children.map((n) => n.clickable),
      [true, false, false, false],
    );
  });
});

describe('the Contacts edit screen on the virtual iPhone', { skip: requires({ shared: true }) }, () => {
  let server: RunningWdaServer;
  before(async () => {
    server = await startVirtualIos({ trailmap: contactsIosDir, start: 'contacts/ios/edit-contact-done-enabled' });
  });
  after(async () => server.close());

  test('close, Done and add phone are tappable refs, served as WDA buttons and cells; tapping close takes the recorded shortcut', async () => {
    const device = new WdaDevice(server.url);
    const dump = parseDump(await device.dump());
    assert.equal(dump.format, 'wda');
    const els = snapshotFromDump(dump).elements;
    const find = (label: string) => els.find((e) => e.desc === label || e.text === label)!;
    for (const label of ['close', 'Done', 'add phone']) {
      const el = find(label);
      assert.equal(el.ref[0], 'b', label);
      assert.ok(el.actions.includes('tap'), label);
    }
    // A row repeats its label on a child: the outermost node with the label is the control.
    const typed = (l: string): string | undefined => [...walk(dump.roots)].find((e) => e.node.desc === l)?.node.cls;
    assert.deepEqual(['close', 'Done', 'add phone'].map(typed), ['XCUIElementTypeButton', 'XCUIElementTypeButton', 'XCUIElementTypeCell']);
    const close = find('close');
    await device.tap({ x: close.center[0], y: close.center[1] });
    assert.equal(server.world.waypoint, 'contacts/ios/discard-changes-confirm');
    // The published trailmap's discard-changes capture is a copy of the add-field picker: its Cancel shows.
    const next = snapshotFromDump(parseDump(await device.dump())).elements;
    assert.equal(next.find((e) => e.desc === 'Cancel')?.ref[0], 'b');
  });
});
