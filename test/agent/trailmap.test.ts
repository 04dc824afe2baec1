// Trailmap worlds: the trailmap as a UI Map, goto over it in task worlds (Android in-process, iOS behind the
// virtual iPhone's WDA server), and the navigation benchmark on the demo app's Android trailmap and on the shared
// iOS Contacts trailmap.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDeviceProvider } from '../../src/device/provider.js';
import { startVirtualIos } from '../../src/device/virtual/wda/index.js';
import { findPaths } from '../../src/uimap/index.js';
import { loadTrailmap, waypointConsistency } from '../../src/trailmap/index.js';
import { runNavigateBench, renderNavigateText } from '../../src/agent/worlds/navigate-bench.js';
import { trailmapToUiMap } from '../../src/agent/worlds/trailmap-map.js';
import { navigateTrailmap, TrailmapPlanner } from '../../src/agent/worlds/trailmap-nav.js';
import { openTrailmapDevice, TrailmapTaskWorld } from '../../src/agent/worlds/trailmap.js';
import { demoAndroidTrailmapDir } from '../fixtures/trailmaps/demo-android.js';
import { mcpPair } from '../hostile/mcp-pair.js';
import { glance } from '../helpers/cli.js';
import { contactsIosDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

describe('trailmap worlds', () => {
  test('a trailmap as a UI Map: waypoints are screens, shortcuts transitions with what they act on', async () => {
    const map = trailmapToUiMap(await loadTrailmap(demoAndroidTrailmapDir), { start: 'demo/android/home' });
    assert.equal(map.activities.length, 7);
    assert.equal(map.transitions.length, 13);
    const home = map.activities.find((a) => a.name === 'demo/android/home')!;
    assert.equal(home.launcher, true);
    assert.deepEqual(
      home.elements.map((e) => e.id),
      ['New note', 'Groceries', '.*:id/browse_recipes', '.*:id/action_search', 'Settings'],
    );
    const back = map.transitions.find((t) => t.from === 'demo/android/about')!;
    assert.deepEqual(back.trigger, { kind: 'up' });
    const path = findPaths(map, 'demo/android/about')[0]!;
    assert.deepEqual(
      path.steps.map((s) => [s.to, s.trigger?.element]),
      [
        ['demo/android/settings', 'Settings'],
        ['demo/android/about', 'About'],
      ],
    );
  });

  test('goto in an Android task world: taps by the derived points, ends on a screen satisfying the target', async () => {
    const map = await loadTrailmap(demoAndroidTrailmapDir);
    const served = await openTrailmapDevice(map);
    const world = new TrailmapTaskWorld(map, served, { from: 'demo/android/about', to: 'demo/android/note-groceries' });
    await world.reset();
    assert.equal(await world.atTarget(), false);
    const r = await navigateTrailmap(world, new TrailmapPlanner(map), 'note-groceries');
    assert.equal(r.reached, true);
    assert.deepEqual(
      r.steps.map((s) => [s.from, s.action.kind]),
      [
        ['demo/android/about', 'back'],
        ['demo/android/settings', 'tap'],
        ['demo/android/home', 'tap'],
      ],
    );
    assert.equal(await world.atTarget(), true);
    await served.close();
  });

  test('bench navigate on the demo trailmap: every pair reached on a shortest path, twice the same', async () => {
    const map = await loadTrailmap(demoAndroidTrailmapDir);
    const a = await runNavigateBench(map);
    assert.equal(a.platform, 'android');
    assert.equal(a.consistent, 7);
    assert.equal(a.pairs, 42);
    assert.equal(a.success, 42);
    assert.equal(a.spl, 1);
    assert.equal(a.meanSteps, a.meanOptimal);
    const b = await runNavigateBench(map);
    assert.deepEqual(b.results, a.results);
    assert.match(renderNavigateText(a), /SR 1\.000 \(42\/42\)/);
  });

  test('agent policies on the demo trailmap through the agent loop: the oracle on every shortest path; all repeat', async () => {
    const map = await loadTrailmap(demoAndroidTrailmapDir);
    const oracle = await runNavigateBench(map, { policy: 'oracle' });
    assert.equal(oracle.policy, 'oracle');
    assert.deepEqual([oracle.pairs, oracle.success, oracle.spl, oracle.prematureStops], [42, 42, 1, 0]);
    assert.equal(oracle.meanSteps, oracle.meanOptimal);
    for (const policy of ['random', 'heuristic'] as const) {
      const a = await runNavigateBench(map, { policy });
      const b = await runNavigateBench(map, { policy });
      assert.deepEqual(b.results, a.results, policy);
      assert.equal(a.pairs, 42);
      // An agent that stops elsewhere is a premature stop, never a success.
      for (const r of a.results) {
        assert.ok(!(r.success && r.prematureStop === true));
        if (!r.success) assert.match(r.reason ?? '', /ended by|on the target but/);
      }
      assert.ok(a.success < 42, `${policy} is no oracle`);
    }
    // The heuristic reads the trailmap as its UI Map and follows its route to the screen the task names; measured
    // 37/42 (18/42 ranking the screen's elements alone).
    const h = await runNavigateBench(map, { policy: 'heuristic' });
    assert.ok(h.success >= 33, `heuristic ${h.success}/42`);
    const back = h.results.find((r) => r.from === 'demo/android/recipes' && r.to === 'demo/android/home');
    assert.deepEqual([back?.success, back?.steps], [true, 1]);
  });

  test('glance bench navigate --policy: an agent in the place of goto; an unknown policy is a usage error', async () => {
    const dir = tempDir('glance-navbench-');
    try {
      const out = join(dir, 'oracle.json');
      const r = await glance([
        'bench',
        'navigate',
        '--trailmap',
        demoAndroidTrailmapDir,
        '--policy',
        'oracle',
        '--max-hops',
        '2',
        '--json',
        out,
      ]);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^oracle over Glance Notes \(android\)/);
      const j = JSON.parse(readFileSync(out, 'utf8')) as { policy: string; pairs: number; sr: number; prematureStops: number };
      assert.equal(j.policy, 'oracle');
      assert.equal(j.sr, 1);
      assert.equal(j.prematureStops, 0);
      const bad = await glance(['bench', 'navigate', '--trailmap', demoAndroidTrailmapDir, '--policy', 'compass']);
      assert.equal(bad.code, 1);
      assert.match(bad.stderr, /unknown policy "compass" for bench navigate \(one of goto, oracle, random, heuristic\)/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(
    'bench navigate on the iOS Contacts trailmap through the virtual iPhone',
    { skip: requires({ shared: true }), timeout: 300_000 },
    async (t) => {
      const map = await loadTrailmap(contactsIosDir);
      const r = await runNavigateBench(map);
      t.diagnostic(renderNavigateText(r).split('\n').slice(0, 2).join(' | '));
      assert.equal(r.platform, 'ios');
      assert.equal(r.waypoints, 100);
      assert.equal(r.consistent, waypointConsistency(map, 'ios').consistent.length);
      assert.equal(r.consistent, 32);
      assert.equal(r.inconsistent.length, 68);
      assert.equal(r.pairs, 81);
      // Every pair, the add-field and link-contacts pickers included: their rows lie below the fold of the edit
      // form, and goto scrolls the form (through the trailmap's own section shortcuts) until they show.
      assert.deepEqual(r.failures, []);
      assert.ok(r.sr >= 0.95);
      const picker = r.results.find((x) => x.from === 'contacts/ios/edit-contact' && x.to === 'contacts/ios/add-field-picker');
      assert.deepEqual([picker?.success, picker?.optimal, picker?.steps], [true, 1, 4]);
      // The oracle replays the shortest chain of shortcuts as performed on the world, the scrolls to rows below the
      // fold included (one shortcut apart here, to keep the test short).
      const oracle = await runNavigateBench(map, { policy: 'oracle', maxHops: 1 });
      assert.deepEqual(oracle.failures, []);
      const scrolled = oracle.results.find((x) => x.from === 'contacts/ios/edit-contact' && x.to === 'contacts/ios/link-contacts-picker');
      assert.deepEqual([scrolled?.success, scrolled?.optimal, scrolled?.steps], [true, 1, 4]);
      // Overlapping selectors let a target hold early (fewer steps than its shortest path): SPL counts that as 1.
      assert.ok(r.spl <= r.sr + 1e-9);
    },
  );
});

describe('trailmap commands on the virtual iPhone (Contacts)', { skip: requires({ shared: true }), timeout: 120_000 }, () => {
  test('glance waypoint and goto --trailmap over WDA; the same tools over MCP', async () => {
    const server = await startVirtualIos({ trailmap: contactsIosDir, start: 'contacts/ios/list' });
    const stateDir = tempDir('glance-trailmap-ios-');
    const run = (...argv: string[]) => glance(['-s', `wda:${server.url}`, ...argv], { env: { GLANCE_STATE_DIR: stateDir } });
    try {
      const here = await run('--json', 'waypoint', '--trailmap', contactsIosDir);
      assert.equal(here.code, 0, here.stderr);
      assert.equal((JSON.parse(here.stdout) as { result: { waypoints: string[] } }).result.waypoints[0], 'contacts/ios/list');
      const go = await run('goto', 'contacts/ios/edit-contact', '--trailmap', contactsIosDir);
      assert.equal(go.code, 0, go.stderr);
      assert.match(go.stdout, /reached contacts\/ios\/edit-contact in 2 steps/);
      assert.equal(server.world.waypoint, 'contacts/ios/edit-contact');
      const list = await run('waypoint', 'list', '--trailmap', contactsIosDir);
      assert.match(list.stdout, /100 waypoints \(32 satisfied by their own capture\), 81 shortcuts/);
      // A capture mismatch is named as such in the list.
      assert.match(list.stdout, /contacts\/ios\/search-no-results \(capture mismatch\)/);
      const mcp = await mcpPair({ defaultSerial: `wda:${server.url}`, devices: createDeviceProvider({}), roots: [contactsIosDir] });
      try {
        const go2 = await mcp.call('app_navigate', { target: 'contacts/ios/avatar-onboarding', trailmap: contactsIosDir });
        assert.notEqual(go2.isError, true, mcp.text(go2));
        assert.equal(server.world.waypoint, 'contacts/ios/avatar-onboarding');
        const w = await mcp.call('trailmap_waypoint', { trailmap: contactsIosDir });
        assert.match(mcp.text(w), /^on contacts\/ios\/avatar-onboarding/);
        const none = await mcp.call('app_navigate', { target: 'contacts/ios/list', trailmap: contactsIosDir });
        assert.equal(none.isError, true);
        assert.match(mcp.text(none), /NAVIGATION_FAILED|no shortcuts lead/);
      } finally {
        await mcp.close();
      }
      // A server confined to other roots does not read the trailmap.
      const confined = await mcpPair({ defaultSerial: `wda:${server.url}`, devices: createDeviceProvider({}), roots: [stateDir] });
      try {
        const refused = await confined.call('trailmap_waypoint', { trailmap: contactsIosDir, list: true });
        assert.equal(refused.isError, true);
        assert.match(confined.text(refused), /PATH_NOT_ALLOWED/);
      } finally {
        await confined.close();
      }
    } finally {
      await server.close();
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
