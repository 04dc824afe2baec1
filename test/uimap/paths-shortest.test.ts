// What an agent following a UI Map route relies on: every route is a chain of the map's own transitions from the
// start, and none is longer than the fewest steps the map allows. Checked on a map where going deep first finds a
// longer way, and on random maps against distances worked out apart (repeated relaxation, not a search).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { findPaths, findPathsByText, shortestPath, type UiPath } from '../../src/uimap/paths.js';
import type { MapTransition, UiMap } from '../../src/uimap/model.js';
import { handMap, mapActivity } from './hand-maps.js';

const name = (i: number): string => `org.p.S${i}`;

/** Fewest transitions from `start` to every activity, by relaxing every edge until nothing changes. */
function distances(map: UiMap, start: string): Map<string, number> {
  const d = new Map<string, number>([[start, 0]]);
  for (let changed = true; changed;) {
    changed = false;
    for (const t of map.transitions) {
      const from = d.get(t.from);
      if (from !== undefined && (d.get(t.to) ?? Infinity) > from + 1) {
        d.set(t.to, from + 1);
        changed = true;
      }
    }
  }
  return d;
}

/** The route starts at `start`, each step is a transition of the map, and each starts where the last one ended. */
function assertRoute(map: UiMap, p: UiPath, start: string): void {
  let at = start;
  for (const s of p.steps) {
    assert.equal(s.from, at, `a step from ${s.from} while on ${at}`);
    assert.ok(
      map.transitions.some((t) => t.from === s.from && t.to === s.to),
      `${s.from} → ${s.to} is no transition of the map`,
    );
    at = s.to;
  }
  assert.equal(at, p.activity, 'the route ends where it says');
}

describe('routes are shortest', () => {
  // S0 (launcher) opens S1 and S2; S1 leads on to S4 at once, S2 only through S3. Going deep first from the last
  // edge found reaches S4 in three steps; the map allows two.
  const map = handMap(
    [
      mapActivity(name(0), { launcher: true }),
      mapActivity(name(1)),
      mapActivity(name(2)),
      mapActivity(name(3)),
      mapActivity(name(4), { elements: [{ id: 'pay', class: 'android.widget.Button', text: 'Pay now' }] }),
    ],
    [
      { from: name(0), to: name(1), trigger: { kind: 'click', element: 'one' } },
      { from: name(0), to: name(2), trigger: { kind: 'click', element: 'two' } },
      { from: name(2), to: name(3), trigger: { kind: 'click', element: 'three' } },
      { from: name(3), to: name(4), trigger: { kind: 'click', element: 'four' } },
      { from: name(1), to: name(4), trigger: { kind: 'click', element: 'go' } },
    ],
    { package: 'org.p' },
  );

  test('to an activity, to an element id and to a text: two steps, through S1', () => {
    const byActivity = shortestPath(map, name(4));
    const byId = findPaths(map, 'org.p:id/pay');
    const byText = findPathsByText(map, 'pay now');
    for (const p of [byActivity, byId[0], byText[0]]) {
      assert.ok(p !== undefined);
      assertRoute(map, p, name(0));
      assert.deepEqual(
        p.steps.map((s) => s.to),
        [name(1), name(4)],
      );
      assert.deepEqual(
        p.steps.map((s) => s.trigger?.element),
        ['one', 'go'],
      );
    }
  });

  test('from another start the distances are counted from there', () => {
    const p = shortestPath(map, name(4), { from: 'S2' });
    assert.deepEqual(
      p?.steps.map((s) => s.to),
      [name(3), name(4)],
    );
  });

  test('on random maps every reachable activity gets a route of the fewest steps; unreachable ones get none', () => {
    const graph = fc
      .integer({ min: 2, max: 9 })
      .chain((n) =>
        fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1), fc.boolean()), { maxLength: 3 * n }), fc.nat(n - 1)),
      );
    fc.assert(
      fc.property(graph, ([n, edges, launcher]) => {
        const transitions: MapTransition[] = edges.map(([a, b, named], i) =>
          named ? { from: name(a), to: name(b), trigger: { kind: 'click', element: `e${i}` } } : { from: name(a), to: name(b) },
        );
        const m = handMap(
          Array.from({ length: n }, (_, i) => mapActivity(name(i), i === launcher ? { launcher: true } : {})),
          transitions,
          { package: 'org.p' },
        );
        const want = distances(m, name(launcher));
        for (let i = 0; i < n; i++) {
          const p = shortestPath(m, name(i));
          const d = want.get(name(i));
          if (d === undefined) {
            assert.equal(p, undefined, `${name(i)} is unreachable`);
            continue;
          }
          assert.ok(p !== undefined, `${name(i)} is reachable in ${d}`);
          assertRoute(m, p, name(launcher));
          assert.equal(p.steps.length, d, `${name(i)}: ${p.steps.length} steps, ${d} needed`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
