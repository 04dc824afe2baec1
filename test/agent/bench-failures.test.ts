// Failure classes of the agent benchmark: each failed episode gets exactly one reason, and the report's counts add
// up per app and overall. The DroidTask part reads the shared corpus (read-only).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { runBench } from '../../src/agent/bench.js';
import { FAILURE_REASONS, failureReason } from '../../src/agent/bench-failures.js';
import { renderBenchText } from '../../src/agent/bench-text.js';
import { randomPolicy } from '../../src/agent/policies/baselines.js';
import { DroidTaskSuite } from '../../src/agent/worlds/droidtask.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

describe('failure reasons', () => {
  const base = { success: false, goalReached: false, onPath: true } as const;
  test('each way of failing has its class', () => {
    assert.equal(failureReason({ ...base, outcome: 'done', success: true, goalReached: true }), undefined);
    assert.equal(failureReason({ ...base, outcome: 'off-path' }), 'off-recording');
    assert.equal(failureReason({ ...base, outcome: 'off-path', goalReached: true }), 'off-recording', 'the world failed first');
    assert.equal(failureReason({ ...base, outcome: 'budget', goalReached: true }), 'stopped-late');
    assert.equal(failureReason({ ...base, outcome: 'budget' }), 'budget');
    assert.equal(failureReason({ ...base, outcome: 'done' }), 'stopped-early');
    assert.equal(failureReason({ ...base, outcome: 'done', onPath: false }), 'wrong-action');
    assert.equal(failureReason({ ...base, outcome: 'fail', onPath: false }), 'wrong-action');
  });
});

describe('failure reasons in the benchmark report', { skip: requires({ shared: true }) }, () => {
  test('every failed episode has one reason; the counts add up per app and overall', async () => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['clock', 'camera'] });
    await suite.markReplayable();
    const r = await runBench(suite, { mode: 'episode', policyFor: async () => randomPolicy(3) });
    const sum = (c: Record<string, number>): number => FAILURE_REASONS.reduce((n, k) => n + c[k]!, 0);
    assert.equal(sum(r.failures), r.episode.total - r.episode.success);
    for (const app of r.apps) {
      const a = r.perApp[app]!;
      assert.equal(sum(a.failures), a.episode.total - a.episode.success, app);
    }
    for (const t of r.tasks) assert.equal(t.failure === undefined, t.success, t.id);
    // Camera's recording has the same tap recorded with different outcomes on different days.
    assert.ok(r.ambiguous.some((id) => id.startsWith('camera/')));
    const text = renderBenchText({ ...r, trajectories: [] });
    const row = text.split('\n').find((l) => l.startsWith('all ') && l.includes('/'))!;
    const cells = row.trim().split(/\s+/);
    assert.equal(cells[1], `${r.episode.replayable}/${r.episode.total}`);
    assert.deepEqual(
      cells.slice(3).map(Number),
      FAILURE_REASONS.map((k) => r.failures[k]),
    );
  });
});
