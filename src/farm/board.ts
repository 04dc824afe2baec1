/**
 * The device board: each worker keeps one key `glance:device:NAME` in Redis with its device's state and health,
 * set with an expiry and refreshed on a heartbeat, so a worker that dies drops off the board by itself.
 */
import type { Redis } from 'ioredis';
import { FARM_PREFIX } from './jobs.js';
import { loadRedis } from './load.js';
import { connectionOptions, type RedisEndpoint } from './redis.js';

export interface DeviceState {
  device: string;
  worker: string;
  queue: string;
  health: 'ok' | 'unhealthy';
  /** Why the device is unhealthy (the last failed check). */
  reason?: string | undefined;
  /** The job running now. */
  job?: string | undefined;
  completed: number;
  faults: number;
  /** Epoch ms of the last health change. */
  since: number;
}

const KEY = `${FARM_PREFIX}:device:`;

export class DeviceBoard {
  private constructor(
    private readonly redis: Redis,
    private readonly ttlMs: number,
  ) {}

  static async open(endpoint: RedisEndpoint, opts: { ttlMs?: number } = {}): Promise<DeviceBoard> {
    const RedisClass = await loadRedis();
    const redis = new RedisClass({ ...connectionOptions(endpoint), maxRetriesPerRequest: 3, lazyConnect: true });
    redis.on('error', () => undefined);
    await redis.connect();
    return new DeviceBoard(redis, opts.ttlMs ?? 15_000);
  }

  async put(s: DeviceState): Promise<void> {
    await this.redis.set(KEY + s.device, JSON.stringify(s), 'PX', this.ttlMs);
  }

  async remove(device: string): Promise<void> {
    await this.redis.del(KEY + device);
  }

  /** Every device on the board, by name (SCAN, bounded by the key count). */
  async list(): Promise<DeviceState[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${KEY}*`, 'COUNT', 200);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return values.flatMap((v) => (v === null ? [] : [JSON.parse(v) as DeviceState])).sort((a, b) => a.device.localeCompare(b.device));
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
