// The agent benchmark on the shared DroidTask corpus (../shared, read-only): the oracle policy (the ground truth
// acted out through the tools) must succeed exactly on the tasks the recording can replay, with perfect
// ACP/SPL/CTR there; the random baseline repeats exactly. Nothing from the corpus is copied.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { runBench } from '../../src/agent/bench.js';
import { appSource, cachedMap } from '../../src/agent/maps.js';
import { heuristicPolicy } from '../../src/agent/policies/heuristic.js';
import { oraclePolicy, randomPolicy } from '../../src/agent/policies/baselines.js';
import { DroidTaskSuite } from '../../src/agent/worlds/droidtask.js';
import { corpusDir, droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

describe('agent benchmark on DroidTask worlds', { skip: requires({ shared: true }) }, () => {
  test('oracle: success equals the replay ceiling; ACP = SPL = CTR = 1 on its successes; step mode all right', async (t) => {
    const suite = new DroidTaskSuite(droidtaskDir);
    await suite.markReplayable();
    const replayable = suite.tasks.filter((x) => x.replayable).length;
    const r = await runBench(suite, { mode: 'both', policyFor: async () => oraclePolicy });
    t.diagnostic(`oracle: ${r.episode.success}/${r.episode.total} done, ${replayable} replayable, ${r.seconds} s`);
    assert.equal(r.episode.total, 87);
    assert.ok(replayable >= 66, `replay ceiling ${replayable}`);
    assert.equal(r.episode.success, replayable);
    for (const task of r.tasks) {
      assert.equal(task.success, task.replayable, `${task.id}: ${task.outcome}`);
      if (task.success) {
        assert.equal(task.acp, 1, task.id);
        assert.equal(task.steps, task.gtSteps, task.id);
        assert.equal(task.stoppedAtGoal, true, task.id);
      }
    }
    assert.equal(r.episode.ctr, 1);
    assert.equal(r.episode.srReplayable, 1);
    assert.equal(r.step.total, 281);
    assert.equal(r.step.correct, 281);
  });

  test('random: deterministic, and far below the oracle', async () => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['notes', 'clock'] });
    await suite.markReplayable();
    const run = async (): Promise<string> => {
      const r = await runBench(suite, { mode: 'both', policyFor: async () => randomPolicy(7) });
      return JSON.stringify({ tasks: r.tasks, step: r.step, traj: r.trajectories.map((x) => ({ ...x, seconds: 0 })) });
    };
    const a = await run();
    assert.equal(a, await run());
    const parsed = JSON.parse(a) as { tasks: { success: boolean }[]; step: { accuracy: number } };
    assert.ok(parsed.tasks.filter((x) => x.success).length <= 2);
    assert.ok(parsed.step.accuracy < 0.3);
  });

  test('a task world ends an action the recording never saw as off-path', async () => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['clock'] });
    const world = suite.world(suite.tasks[0]!);
    const obs = await world.reset();
    assert.ok(obs.elements.length > 0);
    const r = await world.act({ kind: 'tap', target: '5,5' });
    assert.equal(r.offPath, true);
    assert.equal(world.goalReached(), false);
  });

  test('heuristic with UI Maps from source: deterministic, well above random (full figures: npm run bench agent)', async (t) => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['applauncher', 'clock'] });
    await suite.markReplayable();
    const cache = tempDir('glance-maps-');
    try {
      const maps = new Map<string, Awaited<ReturnType<typeof cachedMap>>>();
      for (const app of ['applauncher', 'clock']) maps.set(app, await cachedMap(appSource(join(corpusDir, 'apps'), app)!, cache));
      const run = () => runBench(suite, { mode: 'both', policyFor: async (app) => heuristicPolicy(maps.get(app)) });
      const a = await run();
      const b = await run();
      t.diagnostic(`heuristic on applauncher+clock: step ${a.step.accuracy} (${a.step.correct}/${a.step.total}), SR ${a.episode.sr}`);
      const strip = (r: typeof a): string => JSON.stringify({ tasks: r.tasks, traj: r.trajectories.map((x) => ({ ...x, seconds: 0 })) });
      assert.equal(strip(a), strip(b));
      assert.ok(a.step.accuracy >= 0.6, `step accuracy ${a.step.accuracy}`);
      assert.ok(a.episode.sr >= 0.3, `SR ${a.episode.sr}`);
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });
});
