/**
 * BullMQ and ioredis are optional dependencies that only the farm loads: importing the package root or running
 * any other verb never pays for them, and an install without them gets a coded error instead of a stack trace.
 */
import { GlanceError } from '../errors.js';

export type BullMQ = typeof import('bullmq');
export type RedisClass = (typeof import('ioredis'))['Redis'];

const missing = (name: string, cause: unknown): GlanceError =>
  new GlanceError('FARM_UNAVAILABLE', `the farm needs the optional package ${name}, which is not installed`, {
    hint: 'install both optional packages next to glance-mobile: npm install bullmq ioredis',
    cause,
  });

let bull: Promise<BullMQ> | undefined;
let redis: Promise<RedisClass> | undefined;

export function loadBullMQ(): Promise<BullMQ> {
  bull ??= import('bullmq').catch((e: unknown) => {
    bull = undefined;
    throw missing('bullmq', e);
  });
  return bull;
}

export function loadRedis(): Promise<RedisClass> {
  redis ??= import('ioredis')
    .then((m) => m.Redis)
    .catch((e: unknown) => {
      redis = undefined;
      throw missing('ioredis', e);
    });
  return redis;
}
