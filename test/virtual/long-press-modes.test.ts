// Long-press modes beyond the recording, on a recording written for the test: the recording long-pressed one row
// and reached a selection mode (or a row menu); a long-press on another row of the same list with the same layout
// shows that mode for that row, back leaves it; a row of another layout, or another list, gets nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { shortId, walk, type UiNode } from '../../src/hierarchy/model.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { MODE } from '../../src/device/virtual/modes.js';
import { W, list, row, screen, text, writeRecording, type XNode } from './recording-fixture.js';

const check: XNode = { cls: 'android.widget.ImageView', id: 'item_check', bounds: [900, 360, 980, 440] };
const toolbar = text('Lists', [40, 150, 600, 250], 'toolbar_title');
const cabBar: XNode = {
  cls: 'android.widget.LinearLayout',
  id: 'action_mode_bar',
  bounds: [0, 130, W, 290],
  children: [
    text('1 selected', [40, 170, 500, 250], 'cab_title'),
    { cls: 'android.widget.ImageView', id: 'cab_delete', desc: 'Delete', clickable: true, bounds: [900, 150, 1040, 270] },
  ],
};
const rows = (): XNode[] => [
  row('Alpha', 300),
  row('Beta', 500),
  row('Gamma', 700),
  row('Delta', 900, {}, [text('2 items', [40, 1040, 400, 1090], 'item_count')]),
];

function selectionRecording(): string {
  const alphaSelected = row('Alpha', 300, { selected: true }, [check]);
  return writeRecording(
    {
      list: { activity: '.MainActivity', root: screen([toolbar, list(rows(), 1050)]) },
      cab: { activity: '.MainActivity', root: screen([cabBar, list([alphaSelected, ...rows().slice(1)], 1050)]) },
    },
    [{ type: 'long_click', from: 'list', to: 'cab', bounds: [0, 300, W, 500], view: { id: 'item_holder', text: '' } }],
  );
}

/** The row (list child) holding this title, in the dump shown now. */
function rowTitled(roots: readonly UiNode[], title: string): UiNode | undefined {
  for (const { node, parent } of walk(roots)) {
    if (parent === undefined || shortId(parent.id) !== 'items_list') continue;
    if ([...walk([node])].some((e) => e.node.text === title)) return node;
  }
  return undefined;
}

const has = (n: UiNode | undefined, id: string): boolean => n !== undefined && [...walk([n])].some((e) => shortId(e.node.id) === id);

describe('long-press modes beyond the recording', () => {
  test('a long-press on another row shows the recorded selection mode for that row; back leaves it', async () => {
    const dev = createVirtualDevice({ droidbotDir: selectionRecording() });
    dev.state.reset('list');
    await dev.run('input swipe 500 600 500 600 1000');
    const name = dev.state.screenName();
    assert.ok(name.startsWith(MODE), name);
    assert.match(dev.state.log.at(-1)!.message, /^selection mode for /);
    const roots = dev.state.dump().roots;
    const beta = rowTitled(roots, 'Beta');
    const alpha = rowTitled(roots, 'Alpha');
    assert.equal(beta?.selected, true, 'the pressed row is selected');
    assert.ok(has(beta, 'item_check'), 'and shows the check mark the recorded row showed');
    assert.deepEqual(beta?.children.find((c) => shortId(c.id) === 'item_check')?.bounds, [900, 560, 980, 640], 'moved with the row');
    assert.equal(alpha?.selected, false, 'the recorded row is not selected for this press');
    assert.ok(!has(alpha, 'item_check'));
    const ids = [...walk(roots)].map((e) => shortId(e.node.id));
    assert.ok(ids.includes('cab_delete') && ids.includes('action_mode_bar'), 'the same bar and items as recorded');
    assert.ok(!ids.includes('toolbar_title'), 'the mode replaces the toolbar as recorded');
    await dev.run('input keyevent KEYCODE_BACK');
    assert.equal(dev.state.screenName(), 'list');
    assert.equal(dev.state.log.at(-1)!.message, 'back: leaves the mode');
    assert.equal(rowTitled(dev.state.dump().roots, 'Beta')?.selected, false);
  });

  test('the recorded row replays its recorded outcome; a row of another layout opens nothing', async () => {
    const dev = createVirtualDevice({ droidbotDir: selectionRecording() });
    dev.state.reset('list');
    await dev.run('input swipe 500 400 500 400 1000');
    assert.equal(dev.state.screenName(), 'cab');
    dev.state.reset('list');
    await dev.run('input swipe 500 1000 500 1000 1000');
    assert.equal(dev.state.screenName(), 'list', 'the Delta row has a count line the recorded row lacks');
    assert.match(dev.state.log.at(-1)!.message, /^no transition for /);
  });

  test('a mode keeps the list where it was scrolled, and a long-press inside the mode opens no second one', async () => {
    const dev = createVirtualDevice({ droidbotDir: selectionRecording() });
    dev.state.reset('list');
    await dev.run('input swipe 500 1000 500 900 300');
    const gammaTop = rowTitled(dev.state.dump().roots, 'Gamma')!.bounds[1];
    assert.equal(gammaTop, 650, 'scrolled to the end of the list, 50 px');
    await dev.run(`input swipe 500 ${gammaTop + 50} 500 ${gammaTop + 50} 1000`);
    assert.ok(dev.state.screenName().startsWith(MODE));
    const gamma = rowTitled(dev.state.dump().roots, 'Gamma');
    assert.equal(gamma?.bounds[1], 650, 'the list in the mode is scrolled as it was');
    assert.equal(gamma?.selected, true);
    const depth = dev.state.backStack().length;
    await dev.run('input swipe 500 450 500 450 1000');
    assert.equal(dev.state.backStack().length, depth, 'no mode on top of a mode');
  });

  test('a recorded row menu that hides the list shows the same items, titled by the pressed row', async () => {
    const menu: XNode = {
      cls: 'android.widget.LinearLayout',
      id: 'dialog_holder',
      bounds: [100, 700, 980, 1200],
      children: [
        text('Alpha', [140, 740, 900, 820], 'dialog_title'),
        text('Rename', [140, 860, 900, 960], 'menu_rename'),
        text('Delete', [140, 1000, 900, 1100], 'menu_delete'),
      ],
    };
    const dir = writeRecording(
      {
        list: { activity: '.MainActivity', root: screen([toolbar, list(rows(), 1050)]) },
        menu: { activity: '.MainActivity', root: screen([menu]) },
      },
      [{ type: 'long_click', from: 'list', to: 'menu', bounds: [0, 300, W, 500], view: { id: 'item_holder', text: '' } }],
    );
    const dev = createVirtualDevice({ droidbotDir: dir });
    dev.state.reset('list');
    await dev.run('input swipe 500 800 500 800 1000');
    assert.ok(dev.state.screenName().startsWith(MODE));
    assert.match(dev.state.log.at(-1)!.message, /^row menu for /);
    const texts = [...walk(dev.state.dump().roots)].map((e) => e.node.text).filter((t) => t !== '');
    assert.deepEqual(texts, ['Gamma', 'Rename', 'Delete']);
    await dev.run('input tap 500 1050');
    assert.match(dev.state.log.at(-1)!.message, /^no transition for /, 'what Delete does to this row was never recorded');
    await dev.run('input keyevent KEYCODE_BACK');
    assert.equal(dev.state.screenName(), 'list');
  });
});
