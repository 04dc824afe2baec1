// The private screen view shows the device snapshot's refs: on a scrolled list whose cut row carried its ref from
// the snapshot before, the blocks name that row by the carried ref, never by the one its dump alone would give.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { privateScreen } from '../../src/agent/policies/screen-view.js';
import type { Observation } from '../../src/agent/types.js';
import { snapshotOf } from '../../src/device/snap.js';
import { createVirtualDevice } from '../../src/device/virtual/device.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import { isRefLike } from '../../src/snapshot/selector.js';

test('privacy blocks name elements by the refs the device snapshot carried', () => {
  const vd = createVirtualDevice({ scenario: 'demo' });
  vd.state.tap(540, 1711); // Browse recipes
  const xml = (): string => toUiautomatorXml(vd.state.dump({ windows: 'active' }));
  const before = snapshotOf(xml());
  vd.state.swipe({ x: 540, y: 1500 }, { x: 540, y: 1380 }, 300);
  const dump = xml();
  const shown = snapshotOf(dump, before.snapshot);
  const cut = shown.elements.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian')!;
  const alone = snapshotOf(dump).elements.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian')!;
  assert.notEqual(cut.ref, alone.ref, 'the row carried its ref');

  const obs: Observation = { screen: shown.screen, elements: [...shown.elements], text: shown.snapshot.text, dump };
  const view = privateScreen('vegetarian soup');
  const texts = [view.open(obs, []).text];
  for (let v = view.more(); v !== undefined; v = view.more()) texts.push(v.text);
  const named = texts
    .join('\n')
    .split('\n')
    .map((l) => l.trim().split(' ')[0] ?? '')
    .filter((w) => isRefLike(w));
  assert.ok(named.includes(cut.ref), texts.join('\n'));
  const onDevice = new Set(shown.elements.map((e) => e.ref));
  assert.deepEqual(
    named.filter((r) => !onDevice.has(r)),
    [],
  );
});
