/**
 * The library's front-end: a Phone whose methods are the device tools. Each method calls its registry tool by
 * name with semantic params (`target`, `text`, `direction`, `until`…), so a method answers exactly what the CLI
 * verb and the MCP tool answer — the same settling, diff, errors — from one implementation.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type {
  AssertResult,
  ClearOutcome,
  Direction,
  KeyOutcome,
  LaunchOutcome,
  ScrollOutcome,
  SwipeOutcome,
  TouchOutcome,
  TypeOutcome,
  WaitResult,
} from '../device/actions/index.js';
import type { DeviceProvider } from '../device/provider.js';
import type { Foreground, ScreenSize } from '../device/types.js';
import type { SnapshotDiff } from '../snapshot/diff.js';
import type { ScreenInfo, SnapshotElement } from '../snapshot/types.js';
import { looksLikeTarget } from '../snapshot/target.js';
import type { ToolDef, ToolImage, ToolProgress } from '../tools/registry.js';
import { createSession, type SessionCallOptions } from '../tools/session.js';

/** What every method answers: the text the CLI prints, and the same facts structured. */
export interface PhoneResult<D> {
  text: string;
  data: D;
  /** The screenshot (device_screenshot only): WebP unless a format or a file name says otherwise. */
  images?: ToolImage[];
}

/** Options every method takes. */
export interface PhoneCallOptions {
  /** Cancels this call (ABORTED). `close()` cancels every call in flight. */
  signal?: AbortSignal;
}

export interface PhoneActionOptions extends PhoneCallOptions {
  /** How long to wait for the screen to settle after the action, in ms (default 2000). */
  settleMs?: number;
}

export interface PhoneSnapshotOptions extends PhoneCallOptions {
  format?: 'tree' | 'table' | 'json' | 'xml';
  bounds?: boolean;
  offscreen?: boolean;
  all?: boolean;
  depth?: number;
  scope?: string;
  maxLabel?: number;
  /** `last`: only what changed since this phone's previous snapshot; or a saved dump file to compare with. */
  diff?: string;
  /** Privacy mode: only the screen block most relevant to this task. */
  privacy?: string;
}

export interface SnapshotData {
  screen: ScreenInfo;
  elements: SnapshotElement[];
  diff?: SnapshotDiff;
}

export interface Phone {
  /** The serial of the device this phone drives. */
  readonly serial: string;
  snapshot(options?: PhoneSnapshotOptions): Promise<PhoneResult<SnapshotData>>;
  find(
    selector: string,
    options?: PhoneCallOptions & { all?: boolean; offscreen?: boolean },
  ): Promise<PhoneResult<{ count: number; elements: SnapshotElement[] }>>;
  tap(target: string, options?: PhoneActionOptions): Promise<PhoneResult<TouchOutcome>>;
  longPress(target: string, options?: PhoneActionOptions & { duration?: number }): Promise<PhoneResult<TouchOutcome>>;
  doubleTap(target: string, options?: PhoneActionOptions): Promise<PhoneResult<TouchOutcome>>;
  /** Types into `target` (its content replaced unless `append`), or into the focused field when target is undefined. */
  type(
    target: string | undefined,
    text: string,
    options?: PhoneActionOptions & { append?: boolean; submit?: boolean },
  ): Promise<PhoneResult<TypeOutcome>>;
  clear(target: string, options?: PhoneActionOptions): Promise<PhoneResult<ClearOutcome>>;
  /** Finger direction across `target` (or the screen), or from one `X,Y` point to another. */
  swipe(
    how: Direction | { from: string; to: string },
    options?: PhoneActionOptions & { target?: string; duration?: number },
  ): Promise<PhoneResult<SwipeOutcome>>;
  /** Content direction (down = reveal what is below); with `until`, scroll until that selector is on screen. */
  scroll(
    direction?: Direction,
    options?: PhoneActionOptions & { target?: string; until?: string; max?: number },
  ): Promise<PhoneResult<ScrollOutcome>>;
  key(key: string, options?: PhoneActionOptions): Promise<PhoneResult<KeyOutcome>>;
  launch(app: string, options?: PhoneActionOptions): Promise<PhoneResult<LaunchOutcome>>;
  stop(app: string, options?: PhoneCallOptions): Promise<PhoneResult<{ stopped: string }>>;
  apps(options?: PhoneCallOptions & { all?: boolean }): Promise<PhoneResult<{ apps: string[] }>>;
  activity(options?: PhoneCallOptions): Promise<PhoneResult<Partial<Foreground> & { screen: ScreenSize }>>;
  screenshot(
    options?: PhoneCallOptions & { out?: string; marks?: boolean; maxEdge?: number; format?: 'png' | 'webp' | 'jpeg'; quality?: number },
  ): Promise<PhoneResult<Record<string, unknown>>>;
  /** Waits until `until` (text, or a selector) is on screen, or gone with `gone`; `idle`: until the screen stops changing. */
  waitFor(
    until: string,
    options?: PhoneCallOptions & { gone?: boolean; timeout?: number },
  ): Promise<PhoneResult<WaitResult | { idle: true }>>;
  /** ASSERTION_FAILED unless `selector` matches (exactly `count` elements when given). */
  assert(selector: string, options?: PhoneCallOptions & { count?: number }): Promise<PhoneResult<AssertResult>>;
  /**
   * Runs a tool defined like the registry's (a name, a zod schema, a handler) on this phone: how the agent's
   * functions (navigate) and a library user's own tools reach the device with this phone's connection.
   */
  callTool<D = unknown>(
    tool: ToolDef,
    input: Record<string, unknown>,
    options?: PhoneCallOptions & { onProgress?: (p: ToolProgress) => void },
  ): Promise<PhoneResult<D>>;
  /** Cancels calls in flight and releases the connections this phone opened. */
  close(): void;
}

export interface PhoneSetup {
  serial: string;
  devices: DeviceProvider;
  /** Close the provider with the phone (true when connect() created it). */
  ownsDevices: boolean;
}

/** Drops the call-only option and undefined values: tool schemas are strict about what they get. */
function params(input: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined && k !== 'signal') out[k] = v;
  return out;
}

/** `idle`, a selector (ref, `#id`, `[attr…]`, `:pseudo`) or else text, as the wait tool's params. */
function waitParams(until: string): Record<string, unknown> {
  if (until === 'idle') return { idle: true };
  return looksLikeTarget(until) ? { selector: until } : { text: until };
}

export function createPhone(setup: PhoneSetup): Phone {
  const session = createSession({
    devices: setup.devices,
    serial: setup.serial,
    files: {
      readFile: (p: string) => readFile(p, 'utf8'),
      writeFile: (p: string, d: Uint8Array | string) => writeFile(p, d),
      makeDir: async (p: string) => {
        await mkdir(p, { recursive: true });
      },
    },
    ownsDevices: setup.ownsDevices,
  });
  const opts = (signal?: AbortSignal, progress?: (p: ToolProgress) => void): SessionCallOptions => ({
    ...(signal === undefined ? {} : { signal }),
    ...(progress === undefined ? {} : { progress }),
  });
  const call = async <D>(tool: string, input: Record<string, unknown>, signal?: AbortSignal): Promise<PhoneResult<D>> => {
    const r = await session.call(tool, params(input), opts(signal));
    return { text: r.text, data: r.data as D, ...(r.images ? { images: r.images } : {}) };
  };
  return {
    serial: setup.serial,
    snapshot: (o = {}) => call('device_snapshot', { ...o }, o.signal),
    find: (selector, o = {}) => call('device_find', { ...o, selector }, o.signal),
    tap: (target, o = {}) => call('device_tap', { ...o, target }, o.signal),
    longPress: (target, o = {}) => call('device_long_press', { ...o, target }, o.signal),
    doubleTap: (target, o = {}) => call('device_double_tap', { ...o, target }, o.signal),
    type: (target, text, o = {}) => call('device_type', { ...o, target, text }, o.signal),
    clear: (target, o = {}) => call('device_clear', { ...o, target }, o.signal),
    swipe: (how, o = {}) => call('device_swipe', { ...o, ...(typeof how === 'string' ? { direction: how } : how) }, o.signal),
    scroll: (direction = 'down', o = {}) => call('device_scroll', { ...o, direction }, o.signal),
    key: (key, o = {}) => call('device_press_key', { ...o, key }, o.signal),
    launch: (app, o = {}) => call('device_launch_app', { ...o, app }, o.signal),
    stop: (app, o = {}) => call('device_stop_app', { ...o, app }, o.signal),
    apps: (o = {}) => call('device_apps', { ...o }, o.signal),
    activity: (o = {}) => call('device_activity', {}, o.signal),
    screenshot: (o = {}) => call('device_screenshot', { ...o }, o.signal),
    waitFor: (until, o = {}) => call('device_wait_for', { ...o, ...waitParams(until) }, o.signal),
    assert: (selector, o = {}) => call('device_assert', { ...o, selector }, o.signal),
    async callTool<D>(
      tool: ToolDef,
      input: Record<string, unknown>,
      o: PhoneCallOptions & { onProgress?: (p: ToolProgress) => void } = {},
    ) {
      const r = await session.callDef(tool, params(input), opts(o.signal, o.onProgress));
      return { text: r.text, data: r.data as D, ...(r.images ? { images: r.images } : {}) };
    },
    close() {
      // A provider that stopped a backend server finishes that on its own; the process stays until it has.
      void session.close();
    },
  };
}
