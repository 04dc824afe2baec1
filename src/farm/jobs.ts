/**
 * What travels through the queue: an episode job's data (which task, on which world or app, with which policy)
 * and its return value (a small summary; trajectories and reports go to the results folder). Pure: names and ids
 * only, no Redis.
 */
import { resolve, sep } from 'node:path';
import type { BenchMode, TaskScore } from '../agent/bench.js';
import { GlanceError } from '../errors.js';
import type { PolicyName } from '../agent/policies/index.js';
import type { Outcome } from '../agent/types.js';

/** BullMQ's key prefix for every farm queue, so a shared Redis holds other apps' queues beside it. */
export const FARM_PREFIX = 'glance';
/** The queue the suite (parent) jobs wait in until their episodes finish. */
export const SUITE_QUEUE = 'suites';

/** One queue per device profile: a worker takes only what its device can run. */
export function episodeQueue(profile: string | undefined): string {
  return profile === undefined || profile === '' ? 'episodes' : `episodes-${profile}`;
}

/** A task of a recorded benchmark world (DroidTask layout), run on a worker's own virtual device. */
export interface WorldSpec {
  kind: 'world';
  /** The corpus folder (steps.jsonl and one folder per app), as the worker's file system sees it. */
  worlds: string;
  /** App sources for map-guided policies (`<sources>/<app>/src`). */
  sources?: string;
  taskId: string;
  app: string;
  replayable: boolean;
  mode: BenchMode;
}

/** A task given in words, run on whatever the worker's device shows after the app's reset. */
export interface LiveSpec {
  kind: 'live';
  task: string;
  /** Package under test: force-stopped, cleared and launched before the episode. */
  app?: string;
  maxSteps?: number;
}

export interface EpisodeJobData {
  suite: string;
  /** Position of the task in the suite (the report lists tasks in this order). */
  order: number;
  rep: number;
  policy: PolicyName;
  spec: WorldSpec | LiveSpec;
}

/** An episode job's return value. */
export interface EpisodeSummary {
  jobId: string;
  suite: string;
  order: number;
  device: string;
  worker: string;
  /** Epoch ms when the worker started and finished the episode (health check and reset included). */
  startedAt: number;
  endedAt: number;
  /** Time in the episode itself (the agent loop), without the farm's health check and reset. */
  episodeMs: number;
  /** Attempts before this one (retries after device faults) and stalls (a worker died holding the job). */
  retries: number;
  stalls: number;
  policy: string;
  /** World jobs: the benchmark's scores of the task. */
  score?: TaskScore;
  /** Live jobs: how the run ended. */
  outcome?: Outcome;
  steps?: number;
  /** Where the trajectory and report were written (absent without a results folder). */
  results?: string;
}

/** Job ids are `suite:task:rep` (BullMQ accepts exactly two colons), so enqueueing a suite again adds nothing. */
export function episodeJobId(suite: string, task: string, rep: number): string {
  return `${clean(suite)}:${clean(task)}:${rep}`;
}

const clean = (s: string): string => s.replace(/:/g, '_');

/**
 * A folder name for a job id or suite name: letters, digits, `.`, `_` and `-` only (anything else, separators
 * included, becomes `_`), and never `.` or `..`, so it names one folder below the results root.
 */
export function jobFolder(jobId: string): string {
  const name = jobId.replace(/[^A-Za-z0-9._-]/g, '_');
  return /^\.*$/.test(name) ? name.replace(/\./g, '_') || '_' : name;
}

/** `<root>/<suite>/<job>/` from validated components; throws PATH_NOT_ALLOWED should it resolve outside `root`. */
export function resultsFolder(root: string, suite: string, jobId: string): string {
  const base = resolve(root);
  const dir = resolve(base, jobFolder(suite), jobFolder(jobId));
  if (!dir.startsWith(base + sep)) {
    throw new GlanceError('PATH_NOT_ALLOWED', `the results of job ${JSON.stringify(jobId)} would be written outside ${base}`, {
      hint: 'job ids and suite names name folders under --results; use letters, digits, dots, dashes and underscores',
      context: { root: base, suite, jobId },
    });
  }
  return dir;
}

/** The suite's parent job id (no colons: BullMQ reads those as a repeat key). */
export function suiteJobId(suite: string): string {
  return clean(suite);
}
