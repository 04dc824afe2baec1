// glance-mobile/farm: agent episodes across many devices on BullMQ + Redis (the optional packages bullmq and
// ioredis, loaded on first use). A worker holds one device; a suite is enqueued once and aggregated when done.
export { startFarmWorker, isDeviceFault } from '../farm/worker.js';
export type { FarmWorker, FarmWorkerEvent, FarmWorkerOptions } from '../farm/worker.js';
export { AdbFarmDevice, VirtualFarmDevice } from '../farm/devices.js';
export type { EpisodeRun, FarmDevice } from '../farm/devices.js';
export { leaseStfDevice } from '../farm/stf.js';
export type { StfLease, StfOptions } from '../farm/stf.js';
export { followSuite, liveJobs, parseTasksJsonl, submitSuite, worldJobs } from '../farm/suite.js';
export type { FarmReport, FollowOptions, LiveTaskLine, SubmitOptions, SuiteJobs, SuiteProgress } from '../farm/suite.js';
export type { FarmBenchReport, FarmFigures, FarmLiveReport } from '../farm/aggregate.js';
export type { EpisodeJobData, EpisodeSummary, LiveSpec, WorldSpec } from '../farm/jobs.js';
export { exportSuite, farmStatus } from '../farm/status.js';
export type { FarmStatus } from '../farm/status.js';
export type { DeviceState } from '../farm/board.js';
export { startLocalRedis } from '../farm/redis.js';
export type { LocalRedis } from '../farm/redis.js';
