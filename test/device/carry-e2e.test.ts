// A list row cut by a scroll keeps its ref, end to end: the CLI (each call a fresh `run`, the snapshot kept in the
// state folder between them, as between processes) → Glance's ADB client → the real Debian adb server on its own
// port → the demo phone served over TCP. The recipes list scrolls 120 px under a swipe; the first row is then cut
// to its second label, and standing alone it would get a new ref.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { glance, glanceProcess } from '../helpers/cli.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

describe('refs carried across a scroll through the real adb server', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let h: AdbHarness;
  let phone: RunningVirtualDevice;
  let stateDir = '';

  const env = (): Record<string, string> => ({
    ANDROID_ADB_SERVER_PORT: String(h.port),
    GLANCE_STATE_DIR: stateDir,
    ANDROID_SERIAL: '',
    HOME: h.home,
  });
  const json = async (...argv: string[]): Promise<Record<string, unknown>> => {
    const r = await glance(['--json', '-s', phone.serial, ...argv], { env: env() });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const body = JSON.parse(r.stdout) as { ok: boolean; result: Record<string, unknown> };
    return body.result;
  };
  const elements = async (...argv: string[]): Promise<SnapshotElement[]> => (await json('ui', ...argv))['elements'] as SnapshotElement[];
  const row = (els: readonly SnapshotElement[], first: string): SnapshotElement | undefined => els.find((e) => e.labels?.[0] === first);

  before(async () => {
    stateDir = tempDir('glance-carry-');
    h = await AdbHarness.start();
    phone = await startVirtualDevice({ scenario: 'demo' });
    await h.connectOnline(phone.serial);
  });

  after(async () => {
    await h?.stop();
    await phone?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  test('swipe the recipes list 120 px: the cut first row keeps its ref in the diff, in glance ui and for a tap', async () => {
    await json('tap', '#browse_recipes');
    const before = await elements();
    const soup = row(before, '1. Tomato soup');
    assert.deepEqual(soup?.labels, ['1. Tomato soup', '25 min · Vegetarian']);

    // The finger moves up 120 px inside the list: the content scrolls 120 px, the row's title leaves the list.
    const swiped = await json('swipe', '--from', '540,1500', '--to', '540,1380');
    const changes = swiped['changes'] as { added: string[]; removed: string[]; changed: Array<{ ref: string; fields: string[] }> };
    assert.ok(!changes.removed.includes(soup!.ref), 'the cut row is not reported removed');
    assert.deepEqual(changes.changed.find((c) => c.ref === soup!.ref)?.fields, ['labels']);

    const after = await elements();
    const cut = after.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian');
    assert.ok(cut, 'the first row is cut to its second label');
    assert.ok(cut.bounds[1] === 210 && cut.bounds[3] === 300, `cut at the list's top: ${cut.bounds.join(',')}`);
    assert.equal(cut.ref, soup!.ref);
    // The other rows kept theirs too.
    for (const name of ['2. Mushroom risotto', '5. Greek salad']) assert.equal(row(after, name)?.ref, row(before, name)?.ref, name);

    // Privacy mode shows blocks of the same snapshot: the cut row with the ref it kept.
    const privacy = (await json('ui', '--privacy', 'vegetarian soup'))['privacy'] as string;
    // Block lines read `REF Class "label" #id`.
    const line = privacy
      .split('\n')
      .map((l) => /^\s*(\S+) \S+ "([^"]*)"/.exec(l))
      .find((m) => m?.[2] === '25 min · Vegetarian');
    assert.equal(line?.[1], soup!.ref, privacy);

    // The same screen read from a file stands alone: there the cut row is a new element with another ref.
    const xml = await glance(['-s', phone.serial, 'ui', '--format', 'xml'], { env: env() });
    const file = join(stateDir, 'scrolled.xml');
    writeFileSync(file, xml.stdout);
    const alone = (await json('ui', '--from', file))['elements'] as SnapshotElement[];
    const aloneCut = alone.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian');
    assert.notEqual(aloneCut?.ref, soup!.ref);

    // A separate process reads the same refs back from the state folder, and the ref resolves for an action.
    const p = await glanceProcess(['--json', '-s', phone.serial, 'find', '[text="25 min · Vegetarian"]'], {
      env: env(),
      timeoutMs: 60_000,
    });
    assert.equal(p.code, 0, p.stderr);
    const found = (JSON.parse(p.stdout) as { result: { elements: SnapshotElement[] } }).result.elements;
    assert.deepEqual(
      found.map((e) => e.ref),
      [soup!.ref],
    );
    const tapped = await json('tap', soup!.ref);
    assert.equal((tapped['target'] as { ref?: string }).ref, soup!.ref);
    const at = tapped['point'] as { x: number; y: number };
    assert.ok(at.y >= 210 && at.y < 300, `tapped inside the cut row: ${at.y}`);
  });

  test('scrolling back: the row, whole again, still has the same ref', async () => {
    const before = await elements();
    const cut = before.find((e) => e.labels?.length === 1 && e.labels[0] === '25 min · Vegetarian')!;
    await json('swipe', '--from', '540,1380', '--to', '540,1500');
    const whole = row(await elements(), '1. Tomato soup');
    assert.deepEqual(whole?.labels, ['1. Tomato soup', '25 min · Vegetarian']);
    assert.equal(whole?.ref, cut.ref);
  });
});
