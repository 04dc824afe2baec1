// What an action's reply calls a "new screen" (printed whole) versus a change (printed as a diff).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { diffText, snapshotOf } from '../../src/device/snap.js';

async function dumpOf(device: ReturnType<typeof createVirtualDevice>): Promise<string> {
  const r = await device.run('uiautomator dump /sdcard/w.xml >/dev/null && cat /sdcard/w.xml');
  return Buffer.from(r.stdout).toString('utf8');
}

test('scrolling a list is a diff of rows, not a new screen; opening another activity is a new screen', async () => {
  const device = createVirtualDevice({ scenario: 'demo' });
  await device.run('am start -n dev.glance.demo/.RecipesActivity');
  const top = snapshotOf(await dumpOf(device));
  // Two long swipes: most rows are replaced, the toolbar stays.
  await device.run('input swipe 540 1800 540 700 600');
  await device.run('input swipe 540 1800 540 700 600');
  const scrolled = snapshotOf(await dumpOf(device));
  const d = diffText(top, scrolled);
  assert.ok(d.summary.removed.length * 2 >= top.elements.length, 'more than half of all elements were replaced');
  assert.equal(d.newScreen, false);
  assert.ok(d.summary.added.length > 0 && d.summary.removed.length > 0, 'rows came and went');
  assert.match(d.text.split('\n')[0]!, /^[-+~] /);

  await device.run('am start -n dev.glance.demo/.SettingsActivity');
  const settings = snapshotOf(await dumpOf(device));
  const n = diffText(scrolled, settings);
  assert.equal(n.newScreen, true);
  assert.equal(n.text.split('\n')[0], 'new screen:');
});
