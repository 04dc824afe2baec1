// The navigation benchmark over the shared iOS Contacts trailmap, every pair through the virtual iPhone: a corpus
// replay, in the full tier. The quick tier runs its telling pairs (the pickers below the fold, by goto and by the
// oracle) in test/agent/trailmap.test.ts, and the demo trailmap's whole benchmark.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadTrailmap, waypointConsistency } from '../../src/trailmap/index.js';
import { runNavigateBench, renderNavigateText } from '../../src/agent/worlds/navigate-bench.js';
import { contactsIosDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

describe('trailmap benchmark over the corpus', () => {
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
