/**
 * A suite's report from its episodes' summaries: for benchmark worlds exactly the report `bench agent` gives for
 * the same tasks (same schema, same metrics), plus the farm's own figures (per-device counts, retries, stalls,
 * wall time, time the farm spent around each episode). Pure.
 */
import { aggregateBench, type BenchMode, type BenchReport } from '../agent/bench.js';
import type { Outcome } from '../agent/types.js';
import type { EpisodeSummary } from './jobs.js';

export interface FarmFigures {
  suite: string;
  /** Episodes enqueued, finished and failed for good (after their retries). */
  episodes: number;
  completed: number;
  failed: Array<{ job: string; error: string }>;
  /** Episodes finished per device. */
  devices: Record<string, number>;
  /** Attempts that failed on a device fault before the episode finished elsewhere. */
  retries: number;
  /** Episodes that a dead worker left behind (stalled) and another finished. */
  stalls: number;
  /** From enqueueing the suite to its last episode's end. */
  wallSeconds: number;
  /** Sum of the episodes' own time (the agent loop). */
  episodeSeconds: number;
  /** Mean time a worker spent on an episode besides the episode itself: health check, results, bookkeeping. */
  workerOverheadMs: number;
}

export type FarmBenchReport = Omit<BenchReport, 'trajectories'> & { farm: FarmFigures };

export interface FarmLiveReport {
  policy: string;
  outcomes: Partial<Record<Outcome, number>>;
  tasks: Array<{ job: string; device: string; outcome: Outcome | undefined; steps: number; results?: string }>;
  farm: FarmFigures;
}

export interface SuiteMeta {
  suite: string;
  episodes: number;
  enqueuedAt: number;
  policy: string;
  mode: BenchMode;
}

const round = (n: number, places: number): number => Math.round(n * 10 ** places) / 10 ** places;

export function farmFigures(done: readonly EpisodeSummary[], failed: FarmFigures['failed'], meta: SuiteMeta): FarmFigures {
  const devices: Record<string, number> = {};
  for (const s of done) devices[s.device] = (devices[s.device] ?? 0) + 1;
  const lastEnd = done.reduce((m, s) => Math.max(m, s.endedAt), meta.enqueuedAt);
  const around = done.reduce((n, s) => n + (s.endedAt - s.startedAt - s.episodeMs), 0);
  return {
    suite: meta.suite,
    episodes: meta.episodes,
    completed: done.length,
    failed,
    devices: Object.fromEntries(Object.entries(devices).sort(([a], [b]) => a.localeCompare(b))),
    retries: done.reduce((n, s) => n + s.retries, 0),
    stalls: done.reduce((n, s) => n + s.stalls, 0),
    wallSeconds: round((lastEnd - meta.enqueuedAt) / 1000, 2),
    episodeSeconds: round(done.reduce((n, s) => n + s.episodeMs, 0) / 1000, 2),
    workerOverheadMs: done.length === 0 ? 0 : round(around / done.length, 1),
  };
}

/** Summaries in suite order (repeats of a task beside each other). */
const ordered = (done: readonly EpisodeSummary[]): EpisodeSummary[] =>
  [...done].sort((a, b) => a.order - b.order || a.jobId.localeCompare(b.jobId));

export function aggregateWorlds(done: readonly EpisodeSummary[], failed: FarmFigures['failed'], meta: SuiteMeta): FarmBenchReport {
  const list = ordered(done);
  const scores = list.flatMap((s) => (s.score === undefined ? [] : [s.score]));
  const farm = farmFigures(done, failed, meta);
  return { ...aggregateBench(scores, { policy: list[0]?.policy ?? meta.policy, mode: meta.mode, seconds: farm.wallSeconds }), farm };
}

export function aggregateLive(done: readonly EpisodeSummary[], failed: FarmFigures['failed'], meta: SuiteMeta): FarmLiveReport {
  const list = ordered(done);
  const outcomes: Partial<Record<Outcome, number>> = {};
  for (const s of list) if (s.outcome !== undefined) outcomes[s.outcome] = (outcomes[s.outcome] ?? 0) + 1;
  return {
    policy: list[0]?.policy ?? meta.policy,
    outcomes,
    tasks: list.map((s) => ({
      job: s.jobId,
      device: s.device,
      outcome: s.outcome,
      steps: s.steps ?? 0,
      ...(s.results === undefined ? {} : { results: s.results }),
    })),
    farm: farmFigures(done, failed, meta),
  };
}
