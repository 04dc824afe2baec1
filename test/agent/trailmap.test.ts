// Trailmap worlds: the trailmap as a UI Map, goto over it in task worlds (Android in-process, iOS behind the
// virtual iPhone's WDA server), and the navigation benchmark on the demo app's Android trailmap; on the shared iOS
// Contacts trailmap its telling pairs (the whole benchmark there is test/agent/trailmap-ios-bench.test.ts).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDeviceProvider } from '../../src/device/provider.js';
import { startVirtualIos } from '../../src/device/virtual/wda/index.js';
import { runTask } from '../../src/agent/loop.js';
import { makePolicy } from '../../src/agent/policies/index.js';
import { findPaths } from '../../src/uimap/index.js';
import { loadTrailmap, shortestRoute, waypointConsistency } from '../../src/trailmap/index.js';
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
    const runs: Record<string, Awaited<ReturnType<typeof runNavigateBench>>> = {};
    for (const policy of ['random', 'heuristic'] as const) {
      const a = await runNavigateBench(map, { policy });
      runs[policy] = a;
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
    const h = runs['heuristic']!;
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
    'the iOS Contacts trailmap through the virtual iPhone: goto and the oracle reach the pickers below the fold',
    { skip: requires({ shared: true }) },
    async () => {
      // Two pairs of the full benchmark (test/agent/trailmap-ios-bench.test.ts): the add-field and link-contacts
      // pickers' rows lie below the fold of the edit form; goto and the oracle scroll it (through the trailmap's own
      // section shortcuts) until they show, four actions for one shortcut.
      const map = await loadTrailmap(contactsIosDir);
      const consistency = waypointConsistency(map, 'ios');
      assert.deepEqual([consistency.consistent.length, consistency.inconsistent.length], [32, 68]);
      const only = new Set(consistency.consistent);
      const served = await openTrailmapDevice(map);
      try {
        const from = 'contacts/ios/edit-contact';
        const picker = 'contacts/ios/add-field-picker';
        const world = new TrailmapTaskWorld(map, served, { from, to: picker, budget: 5 });
        await world.reset();
        const nav = await navigateTrailmap(world, new TrailmapPlanner(map, { only }), picker, { maxSteps: world.budget });
        assert.deepEqual([nav.reached, nav.steps.length, await world.atTarget()], [true, 4, true]);

        const linked = 'contacts/ios/link-contacts-picker';
        const route = shortestRoute(map, from, linked, { through: only });
        assert.equal(route?.length, 1);
        const byOracle = new TrailmapTaskWorld(map, served, { from, to: linked, budget: 5, ...(route === undefined ? {} : { route }) });
        const t = await runTask(byOracle, makePolicy('oracle'));
        assert.equal(t.outcome, 'done', t.reason);
        assert.equal(await byOracle.atTarget(), true);
        assert.equal(t.steps.filter((s) => s.result !== undefined).length, 4);
      } finally {
        await served.close();
      }
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
