// Taps that leave the app where the recording never tapped: the index alone (menu items by id and label, list
// rows by id), and on the shared DroidBot recordings (read-only; nothing copied): a contact row the recording
// never opened shows the contacts app in front as a stub, and back returns to the app.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { leavingIndex, type RecordedClick } from '../../src/device/virtual/leaving.js';
import { OTHER_APP } from '../../src/device/virtual/phone.js';
import { requires } from '../helpers/requires.js';
import { CORPUS } from './droidtask.js';

const view = (id: string, text: string, desc = ''): UiNode => ({ id, text, desc }) as UiNode;
const click = (id: string, label: string, to: string, foreign = true): RecordedClick => ({ id, label, to, foreign });

describe('leaving index', () => {
  const leaves = leavingIndex([
    click('app:id/title', 'Print', 'com.android.printspooler/.ui.PrintActivity'),
    click('app:id/title', 'Settings', 'app/.SettingsActivity', false),
    click('app:id/row_name', 'Alice', 'contacts/.ViewContactActivity'),
    click('app:id/row_name', 'Bob', 'contacts/.ViewContactActivity'),
    click('app:id/open', 'Open', 'viewer.one/.Main'),
    click('app:id/open', 'Open later', 'viewer.two/.Main'),
  ]);

  test('the same menu item leaves the app; another item with the same id, recorded or not, does not', () => {
    assert.equal(leaves([view('', ''), view('app:id/title', 'Print')]), 'com.android.printspooler/.ui.PrintActivity');
    assert.equal(leaves([view('app:id/title', 'Settings')]), undefined);
    assert.equal(leaves([view('app:id/title', 'About')]), undefined);
  });

  test('a row of a list whose recorded rows all opened one app opens it too; two apps for one id say nothing', () => {
    assert.equal(leaves([view('app:id/list', ''), view('app:id/row_name', 'Carol')]), 'contacts/.ViewContactActivity');
    assert.equal(leaves([view('app:id/open', 'Open now')]), undefined);
    assert.equal(leaves([view('', 'Print')]), undefined, 'a view without an id is nobody');
  });
});

describe('stub of another app on a DroidBot recording', { skip: requires({ shared: true }) }, () => {
  test('a tap the recording has no outcome for, on a view that leaves the app elsewhere, shows the other app; back returns', async () => {
    const dev = createVirtualDevice({ droidbotDir: join(CORPUS, 'dialer') });
    const pkg = dev.scenario.package;
    const leaves = dev.scenario.leaves!;
    let checked = 0;
    for (const [name, def] of dev.scenario.screens) {
      if (!def.activity.startsWith(`${pkg}/`)) continue;
      for (const { node } of walk(def.dump.roots)) {
        const [l, t, r, b] = node.bounds;
        if (leaves([node]) === undefined || r <= l || b <= t || b > dev.scenario.display.height) continue;
        dev.state.reset(name);
        await dev.run(`input tap ${(l + r) >> 1} ${(t + b) >> 1}`);
        const now = dev.state.screenName();
        if (!now.startsWith(OTHER_APP)) continue; // recorded, or another view under the finger took the tap
        checked++;
        const other = dev.state.focusedActivity().split('/')[0]!;
        assert.notEqual(other, pkg);
        assert.equal(dev.state.dump().package, other, 'the dump is the other app');
        assert.match(dev.state.log.at(-1)!.message, /^opens another app/);
        await dev.run('input keyevent KEYCODE_BACK');
        assert.equal(dev.state.screenName(), name, 'back returns to the screen the tap left');
        assert.equal(dev.state.log.at(-1)!.message, 'back from another app');
      }
    }
    assert.ok(checked > 0, 'some view of the dialer leaves the app where the recording never tapped it');
  });
});
