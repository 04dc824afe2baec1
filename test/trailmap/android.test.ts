// An Android trailmap (the demo app's, authored for the tests): Trailblaze captures of Android screens parse as
// Android, every waypoint holds on its own capture, every shortcut's tool is performed by the action derived
// from it, and `glance virtual --trailmap` serves the captures through the real adb server with the shortcuts
// as transitions.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { virtualCommand } from '../../src/cli/commands/virtual.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { actionFor, loadTrailmap, shortcutTaken, waypointConsistency } from '../../src/trailmap/index.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { demoAndroidTrailmapDir, demoCaptures } from '../fixtures/trailmaps/demo-android.js';
import { glance } from '../helpers/cli.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const DIR = demoAndroidTrailmapDir;

describe('an Android trailmap', () => {
  test('a Trailblaze capture of an Android screen parses as Android (ids, classes, flags, size)', () => {
    const dump = parseDump(readFileSync(join(DIR, 'captures', 'home.json'), 'utf8'));
    assert.equal(dump.format, 'maestro-android');
    assert.equal(dump.platform, 'android');
    assert.deepEqual([dump.width, dump.height], [1080, 2400]);
    const nodes: Array<{ id: string; cls: string; clickable: boolean; desc: string }> = [];
    const visit = (n: (typeof dump.roots)[number]): void => {
      nodes.push(n);
      n.children.forEach(visit);
    };
    dump.roots.forEach(visit);
    const search = nodes.find((n) => n.id === 'dev.glance.demo:id/action_search');
    assert.ok(search);
    assert.equal(search.desc, 'Search');
    assert.equal(search.clickable, true);
    assert.ok(nodes.some((n) => n.cls === 'androidx.recyclerview.widget.RecyclerView'));
  });

  test('the same node shapes with iOS content stay iOS', () => {
    const ios = {
      viewHierarchy: { children: [{ accessibilityText: 'Done', x1: 0, y1: 0, x2: 40, y2: 20 }] },
      deviceWidth: 402,
      deviceHeight: 874,
    };
    assert.equal(parseDump(JSON.stringify(ios)).platform, 'ios');
  });

  test('its captures are the demo scenario screens as the converter writes them', () => {
    for (const [file, text] of demoCaptures()) {
      assert.equal(
        readFileSync(join(DIR, 'captures', file), 'utf8'),
        text,
        `${file} drifted: node --import tsx test/fixtures/trailmaps/demo-android.ts`,
      );
    }
  });

  test('every waypoint holds on its capture and every shortcut is performed by its derived action', async () => {
    const map = await loadTrailmap(DIR);
    assert.deepEqual(waypointConsistency(map, 'android').inconsistent, []);
    assert.equal(map.shortcuts.length, 13);
    for (const s of map.shortcuts) {
      const dump = map.captures.get(s.from)!.dump;
      const a = actionFor(s.tools[0]!, dump);
      assert.ok(a, s.id);
      assert.equal(shortcutTaken(map, s.from, a, dump)?.id, s.id);
    }
  });
});

describe('glance virtual --trailmap (Android) through the real adb server', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let h: AdbHarness;
  let stateDir = '';
  const ac = new AbortController();
  let serial = '';
  let served: Promise<number>;
  const err: string[] = [];
  const env = (): Record<string, string> => ({
    ANDROID_ADB_SERVER_PORT: String(h.port),
    GLANCE_STATE_DIR: stateDir,
    ANDROID_SERIAL: '',
    HOME: h.home,
  });
  const run = (...argv: string[]) => glance(['-s', serial, ...argv], { env: env() });

  before(async () => {
    stateDir = tempDir('glance-trailmap-');
    h = await AdbHarness.start();
    const out: string[] = [];
    served = virtualCommand(['--trailmap', DIR, '--start', 'demo/android/home'], {
      stdout: (s) => out.push(s),
      stderr: (s) => err.push(s),
      signal: ac.signal,
    });
    for (let i = 0; out.length === 0 && i < 500; i++) await new Promise((r) => setTimeout(r, 10));
    serial = out[0]!.trim();
    await h.connectOnline(serial);
  });

  after(async () => {
    await h.stop();
    ac.abort();
    await served;
    rmSync(stateDir, { recursive: true, force: true });
  });

  test('serves the start waypoint; a tap that performs a shortcut shows its target; BACK takes a pressBack shortcut', async () => {
    assert.match(err.join(''), /dev\.glance\.demo/);
    const home = await run('ui');
    assert.equal(home.code, 0, home.stderr);
    assert.match(home.stdout, /Groceries/);
    const tap = await run('tap', ':has-text("Settings")');
    assert.equal(tap.code, 0, tap.stderr);
    const settings = await run('ui');
    assert.match(settings.stdout, /About/);
    assert.equal((await run('tap', ':has-text("About")')).code, 0);
    assert.match((await run('ui')).stdout, /Glance Notes 1\.0/);
    assert.equal((await run('back')).code, 0);
    assert.match((await run('ui')).stdout, /Notifications/);
  });

  test('waypoint names the screen; goto WAYPOINT --trailmap walks the shortcuts there', async () => {
    const here = await run('--json', 'waypoint', '--trailmap', DIR);
    assert.equal(here.code, 0, here.stderr);
    assert.deepEqual((JSON.parse(here.stdout) as { result: { waypoints: string[] } }).result.waypoints, ['demo/android/settings']);
    const go = await run('goto', 'note-groceries', '--trailmap', DIR);
    assert.equal(go.code, 0, go.stderr);
    assert.match(go.stdout, /reached demo\/android\/note-groceries in 2 steps/);
    assert.match(go.stdout, /on demo\/android\/settings: tap "Navigate up"/);
    assert.match((await run('ui')).stdout, /Milk \(2 l\)/);
    const nowhere = await run('goto', 'nowhere', '--trailmap', DIR);
    assert.equal(nowhere.code, 1);
    assert.match(nowhere.stderr, /no waypoint "nowhere"/);
  });
});
