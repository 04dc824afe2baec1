/**
 * Trailmap task worlds: a trailmap served as a device (iOS captures as a virtual iPhone behind its WebDriverAgent
 * server, Android captures as a virtual Android device driven in-process), and tasks "go to waypoint B from
 * waypoint A" on it. The agent acts through the tools as on a phone; success is the final screen satisfying the
 * target waypoint's required selectors and none of its forbidden ones.
 */
import { WdaDevice } from '../../device/wda/device.js';
import type { Device } from '../../device/types.js';
import { createVirtualDevice } from '../../device/virtual/device.js';
import { inProcessDevice } from '../../device/virtual/in-process.js';
import { trailmapScenario } from '../../device/virtual/trailmap.js';
import { startWdaServer, TrailmapWorld as WdaWorld } from '../../device/virtual/wda/index.js';
import { GlanceError } from '../../errors.js';
import type { Platform } from '../../hierarchy/model.js';
import { parseDump } from '../../hierarchy/parse.js';
import { checkWaypoint, defaultStart, type Trailmap, type Waypoint } from '../../trailmap/index.js';
import { memorySnapshotStore } from '../../tools/store.js';
import type { ToolContext } from '../../tools/registry.js';
import { performAction } from '../tools.js';
import type { ActResult, AgentAction, Observation } from '../types.js';
import { observeThrough, type World } from '../world.js';
import { deviceContext } from './context.js';

/** A trailmap served as a device, which can be put on any waypoint with a capture. */
export interface TrailmapDevice {
  readonly platform: Platform;
  readonly device: Device;
  show(waypoint: string): void;
  close(): Promise<void>;
}

/** The platform whose captures the trailmap has most of. */
export function trailmapPlatform(map: Trailmap): Platform {
  let ios = 0;
  for (const c of map.captures.values()) if (c.dump.platform === 'ios') ios++;
  return ios * 2 > map.captures.size ? 'ios' : 'android';
}

/** Serves the trailmap: iOS over a WDA server on a free local port, Android in-process. Close it when done. */
export async function openTrailmapDevice(map: Trailmap, o: { start?: string } = {}): Promise<TrailmapDevice> {
  const platform = trailmapPlatform(map);
  if (platform === 'ios') {
    const world = new WdaWorld(map, o.start ?? defaultStart(map));
    const server = await startWdaServer(world, { port: 0 });
    return { platform, device: new WdaDevice(server.url), show: (w) => world.showWaypoint(w), close: () => server.close() };
  }
  const vd = createVirtualDevice({ scenario: trailmapScenario(map, o.start) });
  return { platform, device: inProcessDevice(vd, 'trailmap'), show: (w) => vd.state.reset(w), close: async () => undefined };
}

export interface TrailmapTaskSpec {
  from: string;
  to: string;
  /** Most actions (default: 12). */
  budget?: number;
}

/** One navigation task on a served trailmap, acted on through the tools. */
export class TrailmapTaskWorld implements World {
  readonly task: string;
  readonly budget: number;
  readonly target: Waypoint;
  private readonly ctx: ToolContext;

  constructor(
    readonly map: Trailmap,
    private readonly served: TrailmapDevice,
    readonly spec: TrailmapTaskSpec,
    signal: AbortSignal = new AbortController().signal,
  ) {
    const target = map.waypoints.find((w) => w.id === spec.to && w.platform === served.platform);
    if (target === undefined) throw new GlanceError('USAGE', `no ${served.platform} waypoint "${spec.to}" in the trailmap`, {});
    this.target = target;
    this.task = `go to ${spec.to}`;
    this.budget = spec.budget ?? 12;
    this.ctx = deviceContext(served.device, signal);
  }

  reset(): Promise<Observation> {
    this.served.show(this.spec.from);
    // Refs from an earlier episode mean nothing on this one.
    this.ctx.snapshots = memorySnapshotStore();
    return this.observe();
  }

  observe(): Promise<Observation> {
    return observeThrough(this.ctx);
  }

  act(a: AgentAction): Promise<ActResult> {
    return performAction(a, this.ctx);
  }

  screenshot(): Promise<Uint8Array> {
    return this.served.device.screenshot({ signal: this.ctx.signal });
  }

  /** The screen now satisfies the target waypoint (required selectors hold, forbidden ones do not). */
  async atTarget(): Promise<boolean> {
    return checkWaypoint(parseDump(await this.served.device.dump({ signal: this.ctx.signal })), this.target).ok;
  }
}
