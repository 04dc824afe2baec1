// A real redis-server per test file: on a free loopback port, persistence off, stopped by its PID. Declare
// requires({ redis: true }) on the suite first.
import { startLocalRedis, type LocalRedis } from '../../src/farm/redis.js';
import { redisServerPath } from './requires.js';

export function startRedis(): Promise<LocalRedis> {
  return startLocalRedis({ bin: redisServerPath() });
}
