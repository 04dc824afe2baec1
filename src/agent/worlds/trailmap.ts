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
import { area, walk, type UiDump } from '../../hierarchy/model.js';
import {
  actionFor,
  checkWaypoint,
  defaultStart,
  scrollTowards,
  toolTargets,
  type Shortcut,
  type SwipeDirection,
  type ToolCall,
  type Trailmap,
  type UiAction,
  type Waypoint,
} from '../../trailmap/index.js';
import type { ToolContext } from '../../tools/registry.js';
import { performAction } from '../tools.js';
import type { ActResult, AgentAction, Observation } from '../types.js';
import { observeThrough, type GtStep, type World } from '../world.js';
import { deviceSession } from './context.js';
import type { Session } from '../../tools/session.js';
import { agentAction, type TrailmapPlanner } from './trailmap-nav.js';

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
  /**
   * The shortest chain of shortcuts from `from` to `to`: the world performs it once on reset and keeps the actions
   * that did it (scrolls included) as the ground truth the oracle replays.
   */
  route?: readonly Shortcut[];
  /** Names the waypoint on show in each observation (`mapNode`), as a map-guided agent localises. */
  planner?: TrailmapPlanner;
}

/** Scrolls tried before a shortcut's element counts as unreachable. */
const MAX_SCROLLS = 6;

/** The ground-truth step that performs `tool` by action `a` on this screen: the element it touches, as bounds. */
function gtStepOf(tool: ToolCall, a: UiAction, dump: UiDump): GtStep | undefined {
  switch (a.kind) {
    case 'back':
      return { kind: 'back' };
    case 'swipe':
      return { kind: 'swipe', direction: a.direction };
    case 'type': {
      // Typed into the focused field (trailmap tools name no field).
      const field = [...walk(dump.roots)].map((e) => e.node).find((n) => n.focused && n.editable);
      return field === undefined ? undefined : { kind: 'input', bounds: [...field.bounds], input: a.text };
    }
    case 'tap':
    case 'longPress': {
      const t = toolTargets(tool, dump).sort((x, y) => area(x.bounds) - area(y.bounds))[0];
      return t === undefined ? undefined : { kind: a.kind === 'tap' ? 'tap' : 'long_press', bounds: [...t.bounds] };
    }
  }
}

const swipe = (d: SwipeDirection | undefined): UiAction | undefined => (d === undefined ? undefined : { kind: 'swipe', direction: d });

/** One navigation task on a served trailmap, acted on through the tools. */
export class TrailmapTaskWorld implements World {
  readonly task: string;
  readonly budget: number;
  readonly target: Waypoint;
  /** The route's actions as performed on reset, when the spec gives a route and it could be performed. */
  groundTruth?: readonly GtStep[];
  /** Why the route could not be performed (the task is then unreplayable), when it could not. */
  unreplayable?: string;
  private readonly session: Session;
  private ctx: ToolContext;
  /** The waypoint the last observation was localised to. */
  private lastNode: string | undefined;

  constructor(
    readonly map: Trailmap,
    private readonly served: TrailmapDevice,
    readonly spec: TrailmapTaskSpec,
    signal: AbortSignal = new AbortController().signal,
  ) {
    const target = map.waypoints.find((w) => w.id === spec.to && w.platform === served.platform);
    if (target === undefined) throw new GlanceError('USAGE', `no ${served.platform} waypoint "${spec.to}" in the trailmap`, {});
    this.target = target;
    this.task = `go to the ${spec.to.slice(spec.to.lastIndexOf('/') + 1).replace(/[-_]+/g, ' ')} screen`;
    this.budget = spec.budget ?? 12;
    this.session = deviceSession(served.device);
    this.ctx = this.session.context({ signal });
  }

  async reset(): Promise<Observation> {
    if (this.spec.route !== undefined && this.groundTruth === undefined && this.unreplayable === undefined) {
      const r = await this.performRoute(this.spec.route);
      if (typeof r === 'string') this.unreplayable = r;
      else this.groundTruth = r;
    }
    this.served.show(this.spec.from);
    this.lastNode = undefined;
    // Refs from an earlier episode mean nothing on this one.
    this.session.forgetScreens();
    this.ctx = this.session.context({ signal: this.ctx.signal });
    return this.observe();
  }

  async observe(): Promise<Observation> {
    const obs = await observeThrough(this.ctx);
    const p = this.spec.planner;
    if (p === undefined) return obs;
    // Where the agent is on the map: of the waypoints the screen satisfies (published selectors overlap: several can
    // hold), one a shortcut leads to from where it was, else where it was, else the likeliest.
    const candidates = p.candidates(parseDump(obs.dump));
    const was = this.lastNode;
    const moved =
      was === undefined ? undefined : candidates.find((c) => c !== was && this.map.shortcuts.some((s) => s.from === was && s.to === c));
    this.lastNode = moved ?? (was !== undefined && candidates.includes(was) ? was : candidates[0]);
    return this.lastNode === undefined ? obs : { ...obs, mapNode: this.lastNode };
  }

  /**
   * Performs the route from the start (each shortcut's tool by the action derived from the screen, scrolling towards
   * elements laid out beyond it) and returns the actions taken, or why it could not.
   */
  private async performRoute(route: readonly Shortcut[]): Promise<GtStep[] | string> {
    this.served.show(this.spec.from);
    this.session.forgetScreens();
    this.ctx = this.session.context({ signal: this.ctx.signal });
    const gt: GtStep[] = [];
    const dump = async (): Promise<UiDump> => parseDump(await this.served.device.dump({ signal: this.ctx.signal }));
    for (const s of route) {
      const tool = s.tools[0]!;
      for (let scrolls = 0; ; scrolls++) {
        const screen = await dump();
        const a: UiAction | undefined = actionFor(tool, screen) ?? (scrolls < MAX_SCROLLS ? swipe(scrollTowards(tool, screen)) : undefined);
        const step = a === undefined ? undefined : gtStepOf(tool, a, screen);
        if (a === undefined || step === undefined) return `shortcut ${s.id}: nothing on screen performs it`;
        gt.push(step);
        const r = await performAction(agentAction(a), this.ctx);
        if (!r.ok) return `shortcut ${s.id}: ${r.diff}`;
        if (a.kind !== 'swipe' || tool.name === 'swipe') break;
      }
    }
    if (!checkWaypoint(await dump(), this.target).ok) return `the route ends on a screen that is not ${this.target.id}`;
    return gt;
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
