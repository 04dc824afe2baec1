/**
 * Suites on the farm: a suite is a BullMQ flow, one parent job with one child per episode (job id
 * `suite:task:rep`, so enqueueing the same suite again adds nothing). The producer follows the children's
 * progress; when all have finished, the parent job aggregates their summaries into the suite's report.
 */
import type { FlowJob, Job, Queue } from 'bullmq';
import { benchOrder, type BenchMode } from '../agent/bench.js';
import type { PolicyName } from '../agent/policies/index.js';
import type { DroidTaskSuite } from '../agent/worlds/droidtask.js';
import { GlanceError } from '../errors.js';
import { aggregateLive, aggregateWorlds, type FarmBenchReport, type FarmLiveReport, type SuiteMeta } from './aggregate.js';
import { FARM_PREFIX, SUITE_QUEUE, episodeJobId, episodeQueue, suiteJobId, type EpisodeJobData, type EpisodeSummary } from './jobs.js';
import { loadBullMQ } from './load.js';
import { closeWithin, RedisGuard } from './guard.js';
import { parseRedisUrl, pingRedis, waiterOptions } from './redis.js';

export type FarmReport = FarmBenchReport | FarmLiveReport;

/** One line of a tasks.jsonl suite: a task in words, optionally about an app. */
export interface LiveTaskLine {
  id?: string;
  task: string;
  app?: string;
  maxSteps?: number;
}

export interface SuiteJobs {
  name: string;
  kind: 'world' | 'live';
  policy: PolicyName;
  mode: BenchMode;
  jobs: Array<{ id: string; data: EpisodeJobData }>;
}

/** Each task `repeat` times as an episode job of suite `o.name`, in the tasks' order (`order` is the task's place). */
function episodeJobs<T>(
  tasks: readonly T[],
  o: { name: string; policy: PolicyName; repeat?: number },
  idOf: (t: T, order: number) => string,
  specOf: (t: T) => EpisodeJobData['spec'],
): SuiteJobs['jobs'] {
  return tasks.flatMap((t, order) =>
    reps(o.repeat).map((rep) => ({
      id: episodeJobId(o.name, idOf(t, order), rep),
      data: { suite: o.name, order, rep, policy: o.policy, spec: specOf(t) },
    })),
  );
}

/** The benchmark's tasks as jobs (replayability decided here once, in the benchmark's order). */
export function worldJobs(
  suite: DroidTaskSuite,
  o: { name: string; policy: PolicyName; mode: BenchMode; sources?: string; repeat?: number },
): SuiteJobs {
  const jobs = episodeJobs(
    benchOrder(suite),
    o,
    (t) => t.id,
    (t) => ({
      kind: 'world' as const,
      worlds: suite.dir,
      ...(o.sources === undefined ? {} : { sources: o.sources }),
      taskId: t.id,
      app: t.app,
      replayable: t.replayable,
      mode: o.mode,
    }),
  );
  return { name: o.name, kind: 'world', policy: o.policy, mode: o.mode, jobs };
}

export function parseTasksJsonl(text: string, file: string): LiveTaskLine[] {
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    let v: unknown;
    try {
      v = JSON.parse(line);
    } catch (e) {
      throw badLine(file, i + 1, 'is not JSON', e);
    }
    const t = v as Partial<LiveTaskLine>;
    if (typeof t !== 'object' || t === null || typeof t.task !== 'string' || t.task.trim() === '')
      throw badLine(file, i + 1, 'has no "task"');
    if (t.app !== undefined && typeof t.app !== 'string') throw badLine(file, i + 1, 'has an "app" that is not a package name');
    if (t.maxSteps !== undefined && !(Number.isInteger(t.maxSteps) && t.maxSteps > 0))
      throw badLine(file, i + 1, 'has a "maxSteps" that is not a positive integer');
    return [
      {
        task: t.task,
        id: typeof t.id === 'string' ? t.id : `line${i + 1}`,
        ...(t.app === undefined ? {} : { app: t.app }),
        ...(t.maxSteps === undefined ? {} : { maxSteps: t.maxSteps }),
      },
    ];
  });
}

function badLine(file: string, line: number, why: string, cause?: unknown): GlanceError {
  return new GlanceError('INPUT_UNREADABLE', `${file}:${line} ${why}`, {
    hint: 'one JSON object per line: {"id": "…", "task": "…", "app": "com.example", "maxSteps": 20}',
    context: { file, line },
    cause,
  });
}

export function liveJobs(tasks: readonly LiveTaskLine[], o: { name: string; policy: PolicyName; repeat?: number }): SuiteJobs {
  const jobs = episodeJobs(
    tasks,
    o,
    (t, order) => t.id ?? `line${order + 1}`,
    (t) => ({
      kind: 'live' as const,
      task: t.task,
      ...(t.app === undefined ? {} : { app: t.app }),
      ...(t.maxSteps === undefined ? {} : { maxSteps: t.maxSteps }),
    }),
  );
  return { name: o.name, kind: 'live', policy: o.policy, mode: 'episode', jobs };
}

const reps = (n: number | undefined): number[] => Array.from({ length: Math.max(1, n ?? 1) }, (_, i) => i);

export interface SubmitOptions {
  redis: string;
  profile?: string;
  /** Attempts per episode (device faults retry elsewhere). Default 3. */
  attempts?: number;
  /** Pause before a retry. Default 1 s. */
  retryDelayMs?: number;
}

interface SuiteData extends Omit<SuiteMeta, 'mode'> {
  mode: BenchMode;
  kind: 'world' | 'live';
  queue: string;
}

/** Enqueues the suite as one flow; returns the parent's id and how many of its episodes were new. */
export async function submitSuite(s: SuiteJobs, o: SubmitOptions): Promise<{ suite: string; episodes: number; added: number }> {
  const { FlowProducer, Queue } = await loadBullMQ();
  const endpoint = parseRedisUrl(o.redis);
  await pingRedis(endpoint);
  const connection = waiterOptions(endpoint);
  const queueName = episodeQueue(o.profile);
  const queue = new Queue(queueName, { connection, prefix: FARM_PREFIX });
  const flows = new FlowProducer({ connection, prefix: FARM_PREFIX });
  // A flow is added in one MULTI: Redis lost before it ran leaves no part of the suite behind.
  const guard = new RedisGuard(endpoint, {
    doing: `enqueueing suite ${s.name}`,
    hint: 'start Redis again and enqueue the suite again (episodes already queued are not added twice)',
    context: { suite: s.name },
  });
  guard.watch(queue, flows);
  try {
    let existing = 0;
    for (const j of s.jobs) if ((await guard.run(queue.getJob(j.id))) !== undefined) existing++;
    await guard.run(flows.add(suiteFlow(s, queueName, o)));
    return { suite: suiteJobId(s.name), episodes: s.jobs.length, added: s.jobs.length - existing };
  } finally {
    await closeWithin(CLOSE_MS, [flows, queue], { lost: guard.lost });
  }
}

/** The suite as one BullMQ flow: the parent job in the suites queue, one child per episode in `queueName`. */
function suiteFlow(s: SuiteJobs, queueName: string, o: SubmitOptions): FlowJob {
  const data: SuiteData = {
    suite: s.name,
    episodes: s.jobs.length,
    enqueuedAt: Date.now(),
    policy: s.policy,
    mode: s.mode,
    kind: s.kind,
    queue: queueName,
  };
  return {
    name: 'suite',
    queueName: SUITE_QUEUE,
    data,
    opts: { jobId: suiteJobId(s.name) },
    children: s.jobs.map((j) => ({
      name: 'episode',
      queueName,
      data: j.data,
      opts: {
        jobId: j.id,
        attempts: o.attempts ?? 3,
        backoff: { type: 'fixed', delay: o.retryDelayMs ?? 1000 },
        // An episode that fails for good is reported, not a reason to abandon the suite.
        ignoreDependencyOnFailure: true,
      },
    })),
  };
}

/** How long leaving may wait for clients to close before they are cut off. */
const CLOSE_MS = 2000;

export interface SuiteProgress {
  done: number;
  failed: number;
  total: number;
}

export interface FollowOptions {
  redis: string;
  /** Give up after this long (TIMEOUT). Default DEFAULT_FOLLOW_MS. */
  timeoutMs?: number;
  pollMs?: number;
  /** How long one exchange with Redis may take before Redis is pinged (RedisGuard). */
  stallMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: SuiteProgress) => void;
}

/**
 * How long `farm run` follows a suite by default: long enough for a few hundred episodes on a handful of phones,
 * short enough that a farm with no worker on the queue says so within the hour instead of waiting silently.
 */
export const DEFAULT_FOLLOW_MS = 3600_000;

/**
 * Waits for the suite's episodes, aggregates them in its parent job, and returns the report. Every exchange with
 * Redis runs under a guard: Redis lost mid-run ends the wait with REDIS_UNAVAILABLE within seconds.
 */
export async function followSuite(suite: string, o: FollowOptions): Promise<FarmReport> {
  const { Queue, Worker } = await loadBullMQ();
  const endpoint = parseRedisUrl(o.redis);
  await pingRedis(endpoint);
  const connection = waiterOptions(endpoint);
  const guard = new RedisGuard(endpoint, {
    doing: `following suite ${suite}`,
    hint: 'the episodes stay queued in Redis (when it keeps its data) and workers keep their results; start Redis again and run the same command to pick up where this left off',
    context: { suite },
    ...(o.signal === undefined ? {} : { signal: o.signal }),
    ...(o.stallMs === undefined ? {} : { stallMs: o.stallMs }),
  });
  const suites: Queue<SuiteData, FarmReport> = new Queue(SUITE_QUEUE, { connection, prefix: FARM_PREFIX });
  const aggregator = new Worker<SuiteData, FarmReport>(SUITE_QUEUE, (job) => aggregateJob(job), {
    connection,
    prefix: FARM_PREFIX,
    concurrency: 1,
  });
  guard.watch(suites, aggregator);
  const timeoutMs = o.timeoutMs ?? DEFAULT_FOLLOW_MS;
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const report = await guard.run(followRound(suites, suite, o));
      if (report !== undefined) return report;
      if (Date.now() > deadline) {
        const counts = await guard.run(suiteCounts(suites, suite));
        throw new GlanceError('TIMEOUT', `suite ${suite} not finished after ${Math.round(timeoutMs / 1000)} s`, {
          hint: 'are workers running on its queue? the farm status shows them; following again picks up where this left off',
          context: { suite, ...counts },
        });
      }
      await guard.run(new Promise((r) => setTimeout(r, o.pollMs ?? 250)));
    }
  } finally {
    await closeWithin(CLOSE_MS, [aggregator, suites], { lost: guard.lost });
  }
}

/** One look at the suite: its report when aggregated, else undefined (after reporting progress). */
async function followRound(suites: Queue<SuiteData, FarmReport>, suite: string, o: FollowOptions): Promise<FarmReport | undefined> {
  const job = await suiteJob(suites, suite);
  const state = await job.getState();
  // getState() asks Redis again: a suite that finished after getJob() read it is 'completed' while this copy
  // has no return value yet, so read it once more (the next round does, when even that copy is early).
  if (state === 'completed') {
    const report = job.returnvalue ?? (await suites.getJob(suite))?.returnvalue;
    if (report !== null && report !== undefined) return report;
  }
  if (state === 'failed') throw new GlanceError('INTERNAL', `suite ${suite} could not be aggregated: ${job.failedReason}`);
  const counts = await job.getDependenciesCount();
  o.onProgress?.({ done: (counts.processed ?? 0) + (counts.ignored ?? 0), failed: counts.ignored ?? 0, total: job.data.episodes });
  return undefined;
}

async function suiteCounts(suites: Queue<SuiteData, FarmReport>, suite: string): Promise<Record<string, number>> {
  return (await suiteJob(suites, suite)).getDependenciesCount();
}

async function suiteJob(suites: Queue<SuiteData, FarmReport>, suite: string): Promise<Job<SuiteData, FarmReport>> {
  const job = await suites.getJob(suite);
  if (job === undefined) {
    throw new GlanceError('INPUT_UNREADABLE', `no suite ${suite} on this farm`, {
      hint: 'enqueue the suite first (suite names are case-sensitive)',
      context: { suite },
    });
  }
  return job;
}

async function aggregateJob(job: Job<SuiteData, FarmReport>): Promise<FarmReport> {
  const values = await job.getChildrenValues<EpisodeSummary>();
  const failures = await job.getIgnoredChildrenFailures();
  const done = Object.values(values);
  const failed = Object.entries(failures).map(([key, error]) => ({ job: key.split(':').slice(2).join(':'), error }));
  const meta: SuiteMeta = job.data;
  return job.data.kind === 'world' ? aggregateWorlds(done, failed, meta) : aggregateLive(done, failed, meta);
}
