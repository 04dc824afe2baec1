// The device's latest snapshot (src/device/latest.ts) and the refs carried through it: what is stored reads back
// with exactly the refs that were shown, a record written for another dump is ignored, and every device path
// (fresh, settle after an action, scroll, the wide view) carries from the latest. Over the demo phone in-process.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fresh, latest, scroll, swipe, touch, type ActionEnv } from '../../src/device/actions/index.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { fingerprint, loadLatest, loadLatestScreen, saveLatest } from '../../src/device/latest.js';
import { snapshotOf } from '../../src/device/snap.js';
import type { DeviceProvider } from '../../src/device/provider.js';
import { createSession } from '../../src/tools/session.js';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/device.js';
import { toUiautomatorXml } from '../../src/hierarchy/xml.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { inProcessPort, memoryStore } from './harness.js';

const SOUP = '1. Tomato soup';
const SOUP_META = '25 min · Vegetarian';

function recipes(): ActionEnv & { vd: VirtualDevice; store: ReturnType<typeof memoryStore> } {
  const vd = createVirtualDevice({ scenario: 'demo' });
  const device = new AdbDevice(inProcessPort(vd), { retryDelayMs: 10 });
  return { vd, device, store: memoryStore(), signal: new AbortController().signal };
}

/** The dump `uiautomator dump` would give now. */
const xml = (vd: VirtualDevice): string => toUiautomatorXml(vd.state.dump({ windows: 'active' }));

const cutRow = (els: readonly SnapshotElement[]): SnapshotElement | undefined =>
  els.find((e) => e.labels?.length === 1 && e.labels[0] === SOUP_META);
const soupRow = (els: readonly SnapshotElement[]): SnapshotElement | undefined => els.find((e) => e.labels?.[0] === SOUP);

/** Up 120 px inside the recipes list: the content scrolls 120 px and the first row keeps only its second label. */
const scroll120 = (vd: VirtualDevice): void => vd.state.swipe({ x: 540, y: 1500 }, { x: 540, y: 1380 }, 300);

describe('the latest snapshot in the store', () => {
  const vd = createVirtualDevice({ scenario: 'demo' });
  vd.state.tap(540, 1711); // Browse recipes
  const before = snapshotOf(xml(vd));
  scroll120(vd);
  const after = xml(vd);

  test('stored, it reads back with the refs it was shown with, carried ones included', async () => {
    const shown = snapshotOf(after, before.snapshot);
    assert.ok(shown.snapshot.stats.carried > 0);
    assert.equal(cutRow(shown.elements)?.ref, soupRow(before.elements)?.ref);
    assert.notEqual(cutRow(snapshotOf(after).elements)?.ref, cutRow(shown.elements)?.ref, 'standing alone it differs');
    const store = memoryStore();
    await saveLatest(store, 'phone', shown);
    const back = await loadLatest(store, 'phone');
    assert.deepEqual(
      back?.elements.map((e) => e.ref),
      shown.elements.map((e) => e.ref),
    );
    assert.equal(back?.key, shown.key);
    // In the process that saved it, it is the very snapshot (no second parse); read by another (a new store over
    // the same strings, as a new CLI process reads the folder), it is derived again with the same refs.
    assert.equal(back, shown);
    const other = memoryStore();
    for (const [k, v] of store.map) await other.save(k, v);
    const again = await loadLatest(other, 'phone');
    assert.notEqual(again, shown);
    assert.deepEqual(
      again?.elements.map((e) => e.ref),
      shown.elements.map((e) => e.ref),
    );
  });

  test('the ref memory is kept beside the dump: a process reading the latest back gives the refs and the memory shown', async () => {
    // Three looks in one session: the second carries from the first with the memory, the third from the second.
    const first = snapshotOf(xml(vd));
    const second = snapshotOf(after, first.snapshot);
    assert.ok(second.memoryFrom !== undefined, 'a device snapshot is given its refs with the memory');
    const store = memoryStore();
    await saveLatest(store, 'phone', second);
    const other = memoryStore();
    for (const [k, v] of store.map) await other.save(k, v);
    const again = await loadLatest(other, 'phone');
    assert.notEqual(again, second);
    assert.deepEqual(
      again?.elements.map((e) => e.ref),
      second.elements.map((e) => e.ref),
    );
    assert.deepEqual(again?.snapshot.memory, second.snapshot.memory, 'the memory the next look starts from is the same');
  });

  test('a record of what refs were carried from, written for another dump, is ignored', async () => {
    const store = memoryStore();
    await saveLatest(store, 'phone', snapshotOf(after, before.snapshot));
    // Another writer (an older Glance) replaces the dump alone: its refs are its own.
    const other = after.replace('Recipes', 'Recipes ');
    await store.save('phone', other);
    assert.deepEqual(
      (await loadLatest(store, 'phone'))?.elements.map((e) => e.ref),
      snapshotOf(other).elements.map((e) => e.ref),
    );
  });

  test('an unreadable or foreign header stands alone; an unreadable dump is no latest at all', async () => {
    const store = memoryStore();
    await saveLatest(store, 'phone', snapshotOf(after, before.snapshot), 'dev.glance.demo/.RecipesActivity');
    const [magic, header] = store.map.get('phone')!.split('\n');
    const alone = snapshotOf(after).elements.map((e) => e.ref);
    const h = JSON.parse(header!) as Record<string, unknown>;
    const tampered = [
      '{',
      JSON.stringify({ ...h, carried: [{ ref: 1 }] }),
      JSON.stringify({ ...h, memory: { seq: 'x' } }),
      JSON.stringify({ ...h, fingerprint: fingerprint(after + ' ') }),
      '[]',
    ];
    for (const bad of tampered) {
      store.map.set('phone', `${magic}\n${bad}\n${after}`);
      const back = await loadLatestScreen(store, 'phone');
      assert.deepEqual(
        back?.snap.elements.map((e) => e.ref),
        alone,
        bad,
      );
      if (bad.includes('fingerprint') && !bad.includes('"fingerprint":"' + fingerprint(after)))
        assert.equal(back?.foreground, undefined, bad);
    }
    store.map.set('phone', '<hierarchy><node');
    assert.equal(await loadLatest(store, 'phone'), undefined);
    store.map.set('phone', `${magic}\n${header}`);
    assert.equal(await loadLatest(store, 'phone'), undefined, 'a record cut after its header');
  });

  test('one record: the foreground read for a dump comes back with it, and a later dump saved without one has none', async () => {
    const store = memoryStore();
    const shown = snapshotOf(after, before.snapshot);
    await saveLatest(store, 'phone', shown, 'dev.glance.demo/.RecipesActivity');
    assert.deepEqual([...store.map.keys()], ['phone'], 'one key per device');
    const other = memoryStore();
    for (const [k, v] of store.map) await other.save(k, v);
    const back = await loadLatestScreen(other, 'phone');
    assert.equal(back?.foreground, 'dev.glance.demo/.RecipesActivity');
    assert.equal(back?.fingerprint, fingerprint(after));
    await saveLatest(other, 'phone', snapshotOf(xml(vd), back!.snap.snapshot));
    assert.equal((await loadLatestScreen(other, 'phone'))?.foreground, undefined);
  });
});

describe('device paths carry from the latest snapshot', () => {
  test('a swipe: its diff reports the cut row changed, and the next look still has its ref', async () => {
    const env = recipes();
    await touch(env, 'tap', '#browse_recipes');
    const soup = soupRow((await fresh(env)).elements)!;
    const o = await swipe(env, { from: '540,1500', to: '540,1380' });
    assert.ok(!o.changes?.removed.includes(soup.ref));
    assert.deepEqual(o.changes?.changed.find((c) => c.ref === soup.ref)?.fields, ['labels']);
    assert.equal(cutRow((await latest(env)).elements)?.ref, soup.ref);
    assert.equal(cutRow((await fresh(env)).elements)?.ref, soup.ref, 'a fresh dump carries from the latest too');
    assert.equal(cutRow((await latest(env)).wide().elements)?.ref, soup.ref, 'and so does the wide view');
    // The cut row is tapped by the ref it kept.
    const t = await touch(env, 'tap', soup.ref);
    assert.equal(t.target?.ref, soup.ref);
    assert.ok(t.point.y >= 210 && t.point.y < 300, String(t.point.y));
  });

  test('swipe after swipe: each step carries from the one before', async () => {
    const env = recipes();
    await touch(env, 'tap', '#browse_recipes');
    const soup = soupRow((await fresh(env)).elements)!;
    // 60 px: the row is cut but keeps both labels; 60 px more: only its second label is left.
    await swipe(env, { from: '540,1500', to: '540,1440' });
    const half = soupRow((await latest(env)).elements);
    assert.deepEqual([half?.ref, half?.labels?.length, half?.bounds[1]], [soup.ref, 2, 210]);
    await swipe(env, { from: '540,1500', to: '540,1440' });
    assert.equal(cutRow((await latest(env)).elements)?.ref, soup.ref);
    // A scroll by the tool (a long swipe down, settle, diff) carries too: the list moves on, the refs of the rows
    // still on screen stay.
    const seventh = (await latest(env)).elements.find((e) => e.labels?.[0] === '7. Shakshuka')!;
    const o = await scroll(env, { direction: 'down' });
    assert.ok(o.changes?.removed.includes(soup.ref));
    assert.equal((await latest(env)).elements.find((e) => e.labels?.[0] === '7. Shakshuka')?.ref, seventh.ref);
  });
});

describe("a session's latest screen", () => {
  test('after device_snapshot, session.latest() is one record: the refs printed, the foreground, the fingerprint', async () => {
    const vd = createVirtualDevice({ scenario: 'demo' });
    const device = new AdbDevice(inProcessPort(vd), { retryDelayMs: 10 });
    const devices: DeviceProvider = {
      get: async () => device,
      list: async () => [{ serial: device.serial, state: 'device' }],
    };
    const session = createSession({ devices });
    try {
      assert.equal(await session.latest(), undefined, 'nothing looked at yet');
      const shown = await session.call('device_snapshot', {});
      const latest = await session.latest();
      assert.ok(latest !== undefined);
      assert.equal(latest.fingerprint, fingerprint(latest.snap.dump));
      assert.match(latest.foreground ?? '', /^dev\.glance\.demo\//);
      const printed = [...shown.text.matchAll(/\b([a-z]\d+)\b/g)].map((m) => m[1]);
      for (const e of latest.snap.elements.filter((x) => x.actions.length > 0)) assert.ok(printed.includes(e.ref), e.ref);
      // An action's dump replaces the record; the activity was not asked for it, so none is claimed.
      await session.call('device_tap', { target: '#browse_recipes' });
      const after = await session.latest();
      assert.notEqual(after?.fingerprint, latest.fingerprint);
      assert.equal(after?.foreground, undefined);
    } finally {
      await session.close();
    }
  });
});
