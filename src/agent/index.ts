// The agent's public surface: worlds, the loop, policies, the benchmark. Explicit exports only.
export { runTask } from './loop.js';
export type { Guard, RunOptions } from './loop.js';
export type { Policy, PolicyContext, HistoryEntry } from './policy.js';
export { LiveWorld, observeThrough } from './world.js';
export type { World, GtStep, LiveWorldOptions } from './world.js';
export type {
  ActionKind,
  AgentAction,
  ActResult,
  Decision,
  Exposure,
  LlmCall,
  Observation,
  Outcome,
  Trajectory,
  TrajectoryStep,
} from './types.js';
export { oraclePolicy, randomPolicy } from './policies/baselines.js';
export { DroidTaskSuite, DroidTaskWorld } from './worlds/droidtask.js';
export type { DroidTask } from './worlds/droidtask.js';
export { runBench } from './bench.js';
export type { BenchMode, BenchOptions, BenchReport, StepScore, AppReport } from './bench.js';
export { renderBenchText, REFERENCES } from './bench-text.js';
export { summariseEpisodes, matchesStep, hitsTarget } from './metrics.js';
export type { EpisodeResult, EpisodeSummary } from './metrics.js';
