// Replaying the DroidTask ground truth on virtual devices built from the shared corpus (read-only), for the
// replay test and bench/virtual.ts: the task worlds' own replay (src/agent/worlds/droidtask.ts), scored per step.
// Nothing from the corpus is copied.
import { DroidTaskSuite, replayGroundTruth } from '../../src/agent/worlds/droidtask.js';
import { droidtaskDir } from '../helpers/corpus.js';

export const CORPUS = droidtaskDir;

export interface ReplayScore {
  tasks: number;
  /** Tasks whose every step landed on the recorded next screen. */
  full: number;
  stepsOk: number;
  stepsTotal: number;
  /** The first failing step of each task that failed. */
  failures: string[];
  /** Mean time to load one app's recording (ms). */
  loadMsPerApp: number;
}

/** Replays every task from its first recorded screen; a task stops at its first step that lands elsewhere. */
export async function replayDroidTask(): Promise<ReplayScore> {
  const t0 = performance.now();
  const suite = new DroidTaskSuite(CORPUS);
  const apps = new Set(suite.tasks.map((t) => t.app));
  const score: ReplayScore = {
    tasks: suite.tasks.length,
    full: 0,
    stepsOk: 0,
    stepsTotal: 0,
    failures: [],
    loadMsPerApp: (performance.now() - t0) / apps.size,
  };
  for (const t of suite.tasks) {
    const r = await replayGroundTruth(suite.device(t.app), t);
    score.stepsOk += r.stepsOk;
    score.stepsTotal += r.failed === undefined ? t.steps.length : r.stepsOk + 1;
    if (r.failed === undefined) score.full++;
    else
      score.failures.push(`${t.id} step ${r.failed.step} (${t.steps[r.failed.step]!.kind}): on ${r.failed.on}, wanted ${r.failed.wanted}`);
  }
  return score;
}
