// Taps that leave the app where the recording never tapped: the index alone (menu items by id and label, list
// rows by id), controls that leave by what they are (share, open with, call, dial, links) where no recorded
// click touched them, on a recording written for the test, and on the shared DroidBot recordings (read-only;
// nothing copied): a contact row the recording never opened shows the contacts app in front as a stub, and back
// returns to the app.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { walk, type UiNode } from '../../src/hierarchy/model.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { INTENT_TARGETS, intentGuess, intentKind } from '../../src/device/virtual/intents.js';
import { leavingIndex, type RecordedClick } from '../../src/device/virtual/leaving.js';
import { OTHER_APP } from '../../src/device/virtual/phone.js';
import { requires } from '../helpers/requires.js';
import { CORPUS } from './droidtask.js';
import { PKG, W, list, row, screen, text, writeRecording, type XNode } from './recording-fixture.js';

const view = (id: string, text: string, desc = '', children: UiNode[] = []): UiNode =>
  ({ id, text, desc, clickable: true, children }) as unknown as UiNode;
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

describe('controls that leave the app by what they are', () => {
  test('share, open with, call, dial and links are read from whole labels and id words; content rows are not', () => {
    assert.equal(intentKind(view('app:id/menu_share', '')), 'share');
    assert.equal(intentKind(view('', '', 'Share')), 'share');
    assert.equal(intentKind(view('', '', '', [view('app:id/title', 'Share')])), 'share', 'a menu row by its title');
    assert.equal(intentKind(view('app:id/contact_start_call', '', 'Call contact')), 'call');
    assert.equal(intentKind(view('', '', 'Dial number')), 'dial');
    assert.equal(intentKind(view('app:id/openWith', '')), 'open-with', 'camel case ids split into words');
    assert.equal(intentKind(view('', 'hello@example.org')), 'open-with', 'an email address opens an email app');
    assert.equal(intentKind(view('', 'https://example.org/help')), 'open-link');
    assert.equal(intentKind(view('', 'Call history')), undefined);
    assert.equal(intentKind(view('app:id/shared_folders', 'Shared folders')), undefined);
    assert.equal(intentKind(view('', '', '', [view('', 'Share'), view('', 'Alice')])), undefined, 'a row of content');
  });

  test('the guess takes the view that takes the tap; the phone app keeps its own calls', () => {
    const call = [view('', ''), view('app:id/contact_start_call', '', 'Call contact')];
    assert.equal(intentGuess({ ownsCalls: false })(call), INTENT_TARGETS.call);
    assert.equal(intentGuess({ ownsCalls: true })(call), undefined);
    const inert = { ...view('', '', 'Share'), clickable: false } as UiNode;
    assert.equal(intentGuess({ ownsCalls: false })([view('app:id/row', 'Alice'), inert]), undefined, 'the row takes the tap');
  });

  test('a view the recording clicked and stayed in the app is never guessed away', () => {
    const leaves = leavingIndex(
      [click('app:id/menu_share', 'Share', 'app/.ShareInsideActivity', false)],
      intentGuess({ ownsCalls: false }),
    );
    assert.equal(leaves([view('app:id/menu_share', '', 'Share')]), undefined);
    assert.equal(leaves([view('app:id/bottom_share', '', 'Share')]), INTENT_TARGETS.share);
  });

  const shareIcon: XNode = {
    cls: 'android.widget.ImageView',
    id: 'menu_share',
    desc: 'Share',
    clickable: true,
    bounds: [900, 150, 1040, 270],
  };
  const title = text('Lists', [40, 150, 600, 250], 'toolbar_title');

  test('a share button the recording never tapped shows the chooser in front; back returns to the app', async () => {
    const dir = writeRecording(
      {
        list: { activity: '.MainActivity', root: screen([title, shareIcon, list([row('Alpha', 300), row('Beta', 500)])]) },
        item: { activity: '.ItemActivity', root: screen([text('Alpha', [40, 150, 600, 250])]) },
      },
      [{ type: 'click', from: 'list', to: 'item', bounds: [0, 300, W, 500], view: { id: 'item_holder', text: '' } }],
    );
    const dev = createVirtualDevice({ droidbotDir: dir });
    dev.state.reset('list');
    await dev.run('input tap 970 210');
    assert.equal(dev.state.screenName(), `${OTHER_APP}${INTENT_TARGETS.share}`);
    assert.equal(dev.state.dump().package, 'android', 'the chooser is in front');
    assert.match(dev.state.log.at(-1)!.message, /^opens another app \(android\)/);
    await dev.run('input keyevent KEYCODE_BACK');
    assert.equal(dev.state.screenName(), 'list');
    assert.equal(dev.state.foregroundPackage(), PKG);
    assert.equal(dev.state.log.at(-1)!.message, 'back from another app');
  });

  test('where the recording tapped it and stayed, the same button elsewhere changes nothing', async () => {
    const dir = writeRecording(
      {
        list: { activity: '.MainActivity', root: screen([title, shareIcon, list([row('Alpha', 300)])]) },
        other: { activity: '.MainActivity', root: screen([title, shareIcon, list([row('Beta', 300)])]) },
        sheet: { activity: '.MainActivity', root: screen([text('Send to', [40, 150, 600, 250])]) },
      },
      [{ type: 'click', from: 'list', to: 'sheet', bounds: shareIcon.bounds, view: { id: 'menu_share', text: '' } }],
    );
    const dev = createVirtualDevice({ droidbotDir: dir });
    dev.state.reset('other');
    await dev.run('input tap 970 210');
    assert.equal(dev.state.screenName(), 'other');
    assert.match(dev.state.log.at(-1)!.message, /^no transition for /);
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
