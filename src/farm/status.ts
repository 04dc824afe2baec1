/**
 * What the farm is doing: job counts per queue, the device board (health, running job), the suites and how far
 * each got; and a suite's finished episodes as JSON lines.
 */
import { GlanceError } from '../errors.js';
import { DeviceBoard, type DeviceState } from './board.js';
import { FARM_PREFIX, SUITE_QUEUE, episodeQueue, suiteJobId, type EpisodeSummary } from './jobs.js';
import { loadBullMQ } from './load.js';
import { closeWithin, RedisGuard } from './guard.js';
import { parseRedisUrl, pingRedis, waiterOptions } from './redis.js';

export interface FarmStatus {
  queues: Record<string, Record<string, number>>;
  devices: DeviceState[];
  suites: Array<{ suite: string; state: string; done: number; failed: number; total: number }>;
}

/** How long leaving may wait for a queue to close before it is cut off. */
const CLOSE_MS = 2000;

const STATES = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed'] as const;

export async function farmStatus(redis: string, o: { profiles?: readonly string[] } = {}): Promise<FarmStatus> {
  const { Queue } = await loadBullMQ();
  const endpoint = parseRedisUrl(redis);
  await pingRedis(endpoint);
  const connection = waiterOptions(endpoint);
  const guard = new RedisGuard(endpoint, { doing: 'reading the farm status' });
  const board = await DeviceBoard.open(endpoint);
  try {
    const devices = await guard.run(board.list());
    const names = [...new Set([episodeQueue(undefined), ...(o.profiles ?? []).map(episodeQueue), ...devices.map((d) => d.queue)])].sort();
    const queues: FarmStatus['queues'] = {};
    for (const name of [...names, SUITE_QUEUE]) {
      const q = new Queue(name, { connection, prefix: FARM_PREFIX });
      guard.watch(q);
      try {
        queues[name] = await guard.run(q.getJobCounts(...STATES));
      } finally {
        await closeWithin(CLOSE_MS, [q], { lost: guard.lost });
      }
    }
    const sq = new Queue(SUITE_QUEUE, { connection, prefix: FARM_PREFIX });
    guard.watch(sq);
    try {
      const jobs = await guard.run(sq.getJobs([...STATES], 0, 999));
      const suites = await guard.run(
        Promise.all(
          jobs.map(async (j) => {
            const c = await j.getDependenciesCount();
            const total = (j.data as { episodes?: number }).episodes ?? 0;
            return {
              suite: j.id ?? '?',
              state: await j.getState(),
              done: (c.processed ?? 0) + (c.ignored ?? 0),
              failed: c.ignored ?? 0,
              total,
            };
          }),
        ),
      );
      return { queues, devices, suites: suites.sort((a, b) => a.suite.localeCompare(b.suite)) };
    } finally {
      await closeWithin(CLOSE_MS, [sq], { lost: guard.lost });
    }
  } finally {
    await board.close();
  }
}

/** A suite's finished episodes (summaries), in suite order. */
export async function exportSuite(redis: string, suite: string): Promise<EpisodeSummary[]> {
  const { Queue } = await loadBullMQ();
  const endpoint = parseRedisUrl(redis);
  await pingRedis(endpoint);
  const q = new Queue(SUITE_QUEUE, { connection: waiterOptions(endpoint), prefix: FARM_PREFIX });
  const guard = new RedisGuard(endpoint, { doing: `exporting suite ${suite}`, context: { suite } });
  guard.watch(q);
  try {
    const job = await guard.run(q.getJob(suiteJobId(suite)));
    if (job === undefined) {
      throw new GlanceError('INPUT_UNREADABLE', `no suite ${suite} on this farm`, {
        hint: 'the farm status lists the suites it holds',
        context: { suite },
      });
    }
    const values = Object.values(await guard.run(job.getChildrenValues<EpisodeSummary>()));
    return values.sort((a, b) => a.order - b.order || a.jobId.localeCompare(b.jobId));
  } finally {
    await closeWithin(CLOSE_MS, [q], { lost: guard.lost });
  }
}
