/**
 * A farm worker: one process (or one object) holding one device, concurrency 1. BullMQ's job lock, renewed while
 * the worker lives, is the device lease; a worker that dies holding a job leaves it stalled and another worker
 * takes it. Before each job the device is health-checked; a device fault fails the attempt (BullMQ retries it on
 * another worker) and pauses this worker until its device answers again. Closing finishes the running episode.
 */
import { hostname } from 'node:os';
import type { Job, Worker } from 'bullmq';
import { GlanceError, asGlanceError, errorText, type ErrorCode } from '../errors.js';
import { unhealthy, writeResults, type FarmDevice } from './devices.js';
import { FARM_PREFIX, episodeQueue, resultsFolder, type EpisodeJobData, type EpisodeSummary } from './jobs.js';
import { loadBullMQ } from './load.js';
import { connectionOptions, parseRedisUrl, pingRedis } from './redis.js';
import { DeviceBoard, type DeviceState } from './board.js';

export interface FarmWorkerOptions {
  /** `redis://HOST:PORT[/DB]`. */
  redis: string;
  device: FarmDevice;
  /** Device profile: the worker takes jobs from that profile's queue only. */
  profile?: string;
  /** Folder for `<suite>/<job>/` trajectories and reports (none: summaries only). */
  results?: string;
  /** Lease: how long a job's lock lives unless renewed (renewed at half). Default 30 s. */
  lockMs?: number;
  /** How often workers look for jobs whose lease lapsed. Default 15 s. */
  stalledMs?: number;
  /** How often the device's presence is refreshed in Redis (it expires after three periods). Default 5 s. */
  heartbeatMs?: number;
  /** How often a paused worker re-checks its device. Default 30 s. */
  recheckMs?: number;
  /** Worker events, for a log line per job. */
  onEvent?: (e: FarmWorkerEvent) => void;
}

export type FarmWorkerEvent =
  | { kind: 'started'; job: string }
  | { kind: 'completed'; job: string; ms: number }
  | { kind: 'fault'; job: string; error: string }
  | { kind: 'failed'; job: string; error: string }
  | { kind: 'resumed' };

export interface FarmWorker {
  /** `host:pid:device`, as status shows it. */
  readonly id: string;
  readonly device: FarmDevice;
  /** True after a device fault, until a re-check passes. */
  readonly paused: boolean;
  /** Episodes this worker completed. */
  readonly completed: number;
  /** Finishes the running episode (none is cut short), then leaves the queue. */
  close(): Promise<void>;
}

/** Failures that say the device, not the task, is at fault: the job is worth another device. */
const DEVICE_FAULTS: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'DEVICE_UNHEALTHY',
  'DUMP_FAILED',
  'DUMP_DEVICE_ERROR',
  'DUMP_TRUNCATED',
  'ADB_SERVER_UNAVAILABLE',
  'ADB_SERVER_RESTARTED',
  'ADB_PROTOCOL',
  'ADB_NO_DEVICE',
  'ADB_DEVICE_NOT_FOUND',
  'ADB_OFFLINE',
  'ADB_DEVICE_GONE',
  'ADB_CONNECT_FAILED',
  'ADB_UNAUTHORIZED',
  'TIMEOUT',
  'WDA_UNREACHABLE',
]);

export function isDeviceFault(e: unknown): boolean {
  return e instanceof GlanceError && DEVICE_FAULTS.has(e.code);
}

export async function startFarmWorker(o: FarmWorkerOptions): Promise<FarmWorker> {
  const { Worker: WorkerClass, UnrecoverableError } = await loadBullMQ();
  const endpoint = parseRedisUrl(o.redis);
  await pingRedis(endpoint);
  const id = `${hostname()}:${process.pid}:${o.device.name}`;
  const queue = episodeQueue(o.profile);
  const board = await DeviceBoard.open(endpoint, { ttlMs: 3 * (o.heartbeatMs ?? 5000) });
  const state: DeviceState = { device: o.device.name, worker: id, queue, health: 'ok', completed: 0, faults: 0, since: Date.now() };
  let lastJob: EpisodeJobData | undefined;
  let recheck: NodeJS.Timeout | undefined;
  let closing = false;

  const publish = (patch: Partial<DeviceState>): Promise<void> => {
    Object.assign(state, patch);
    return board.put(state);
  };

  const processor = async (job: Job<EpisodeJobData, EpisodeSummary>, _token?: string, signal?: AbortSignal): Promise<EpisodeSummary> => {
    const jobId = job.id ?? '?';
    const abort = signal ?? new AbortController().signal;
    const startedAt = Date.now();
    lastJob = job.data;
    o.onEvent?.({ kind: 'started', job: jobId });
    await publish({ job: jobId });
    try {
      await o.device.check(job.data, abort);
      const run = await o.device.run(job.data, abort);
      const results = o.results === undefined ? undefined : resultsFolder(o.results, job.data.suite, jobId);
      if (results !== undefined) await writeResults(results, run.files);
      const endedAt = Date.now();
      const summary: EpisodeSummary = {
        jobId,
        suite: job.data.suite,
        order: job.data.order,
        device: o.device.name,
        worker: id,
        startedAt,
        endedAt,
        retries: job.attemptsMade,
        stalls: job.stalledCounter,
        ...run.summary,
        ...(results === undefined ? {} : { results }),
      };
      await publish({ job: undefined, completed: state.completed + 1 });
      o.onEvent?.({ kind: 'completed', job: jobId, ms: endedAt - startedAt });
      return summary;
    } catch (e) {
      const err = asGlanceError(e);
      await publish({ job: undefined });
      if (isDeviceFault(err)) {
        await faulted(jobId, err);
        // A plain error: BullMQ retries it (attempts/backoff) and this paused worker will not be the one.
        throw new Error(errorText(err));
      }
      o.onEvent?.({ kind: 'failed', job: jobId, error: errorText(err) });
      // The task itself is at fault (bad input, a bug): another device would fail the same way.
      throw new UnrecoverableError(errorText(err));
    }
  };

  const worker: Worker<EpisodeJobData, EpisodeSummary> = new WorkerClass<EpisodeJobData, EpisodeSummary>(queue, processor, {
    connection: connectionOptions(endpoint),
    prefix: FARM_PREFIX,
    concurrency: 1,
    lockDuration: o.lockMs ?? 30_000,
    stalledInterval: o.stalledMs ?? 15_000,
    // A job may outlive one dead worker, not a string of them (it would be a job that kills workers).
    maxStalledCount: 2,
    name: id,
  });
  // Errors of the Redis connection are retried by ioredis; without a listener Node would treat them as fatal.
  worker.on('error', () => undefined);

  async function faulted(jobId: string, err: GlanceError): Promise<void> {
    o.onEvent?.({ kind: 'fault', job: jobId, error: errorText(err) });
    await worker.pause(true);
    await publish({ health: 'unhealthy', reason: err.message, faults: state.faults + 1, since: Date.now() });
    scheduleRecheck();
  }

  function scheduleRecheck(): void {
    if (closing) return;
    recheck = setTimeout(() => void recheckDevice(), o.recheckMs ?? 30_000);
  }

  async function recheckDevice(): Promise<void> {
    recheck = undefined;
    if (closing || lastJob === undefined) return;
    try {
      await o.device.check(lastJob, AbortSignal.timeout(60_000));
    } catch (e) {
      await publish({ reason: unhealthy(o.device.name, e).message }).catch(() => undefined);
      scheduleRecheck();
      return;
    }
    await worker.resume();
    await publish({ health: 'ok', reason: undefined, since: Date.now() }).catch(() => undefined);
    o.onEvent?.({ kind: 'resumed' });
  }

  const beat = setInterval(() => void board.put(state).catch(() => undefined), o.heartbeatMs ?? 5000);
  await worker.waitUntilReady();
  await publish({});

  return {
    id,
    device: o.device,
    get paused() {
      return state.health === 'unhealthy';
    },
    get completed() {
      return state.completed;
    },
    close: async () => {
      closing = true;
      clearInterval(beat);
      if (recheck !== undefined) clearTimeout(recheck);
      await worker.close();
      await board.remove(state.device).catch(() => undefined);
      await board.close();
      await o.device.close();
    },
  };
}
