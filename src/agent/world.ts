/**
 * A World is a device seen through the tools, plus what is known about the task being done on it. The live
 * world is any device the tool context reaches; task worlds (replays with a success check) extend it.
 */
import { loadLatest } from '../device/latest.js';
import type { ToolContext } from '../tools/registry.js';
import { performAction, snapshotScreen } from './tools.js';
import type { ActResult, AgentAction, Observation } from './types.js';

/** One ground-truth step of a task (what a person did), for the oracle and the metrics. */
export interface GtStep {
  kind: 'tap' | 'input' | 'back' | 'long_press' | 'swipe';
  /** The element acted on, as bounds on the step's screen; absent when the recording did not ground it. */
  bounds?: [number, number, number, number];
  /** Text typed at an input step. */
  input?: string;
  /** The finger's direction at a swipe step (a scroll towards what the next step touches). */
  direction?: 'up' | 'down' | 'left' | 'right';
  /** Screen the step was taken on (the world's name for it). */
  screen?: string;
}

export interface World {
  readonly task: string;
  /** Package of the app the task is about, when known (guards keep the agent inside it). */
  readonly app?: string;
  /** Most actions the run may take. */
  readonly budget: number;
  readonly groundTruth?: readonly GtStep[];
  /** Puts the device in the task's start state and observes it. */
  reset(): Promise<Observation>;
  observe(): Promise<Observation>;
  act(a: AgentAction): Promise<ActResult>;
  /** PNG of the current screen, for reports (optional). */
  screenshot?(): Promise<Uint8Array>;
}

/** Observes through device_snapshot: the dump it stored is read back for privacy blocks. */
export async function observeThrough(ctx: ToolContext): Promise<Observation> {
  const snap = await snapshotScreen(ctx);
  const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
  const dump = (await loadLatest(ctx.snapshots, device.serial))?.dump ?? '';
  return {
    screen: snap.screen,
    elements: snap.elements,
    ...(snap.offscreen.length === 0 ? {} : { offscreen: snap.offscreen }),
    text: snap.text,
    dump,
  };
}

export interface LiveWorldOptions {
  task: string;
  app?: string;
  budget?: number;
}

/** A real (or virtual) device as it is: no reset, no success check. */
export class LiveWorld implements World {
  readonly task: string;
  readonly app?: string;
  readonly budget: number;

  constructor(
    private readonly ctx: ToolContext,
    o: LiveWorldOptions,
  ) {
    this.task = o.task;
    if (o.app !== undefined) this.app = o.app;
    this.budget = o.budget ?? 20;
  }

  reset(): Promise<Observation> {
    return this.observe();
  }

  observe(): Promise<Observation> {
    return observeThrough(this.ctx);
  }

  act(a: AgentAction): Promise<ActResult> {
    return performAction(a, this.ctx);
  }

  async screenshot(): Promise<Uint8Array> {
    const device = await this.ctx.devices.get(this.ctx.serial, { signal: this.ctx.signal });
    return device.screenshot({ signal: this.ctx.signal });
  }
}
