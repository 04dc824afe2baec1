/**
 * One session per set of devices: the only place a ToolContext is built. Every front-end — the CLI in-process and
 * in its daemon, `glance mcp`, the library's `connect()`, the agent's live and benchmark worlds, the farm's
 * workers — makes one session and calls tools through `session.call(name, params)`. The session owns what must
 * be the same for every caller of a device: the device provider (and with it the screen backend in use), the
 * latest screen of each device with the refs it carries, and one queue per device, so two callers never act on
 * one phone at once.
 */
import { loadLatestScreen, type LatestScreen } from '../device/latest.js';
import { GlanceError } from '../errors.js';
import { allTools } from './all.js';
import { callToolDef } from './call.js';
import type { DeviceProvider, SnapshotStore, ToolContext, ToolDef, ToolProgress, ToolResult } from './registry.js';
import { memorySnapshotStore } from './store.js';

/** How a session's tools reach files the caller names; each front-end decides where paths may lie. */
export interface SessionFiles {
  readFile(path: string): Promise<string>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  allowPath?: ToolContext['allowPath'];
  keepImage?: ToolContext['keepImage'];
  makeDir?: ToolContext['makeDir'];
}

export interface SessionOptions {
  devices: DeviceProvider;
  /** The tools the session serves (default: the device tools; front-ends pass the whole catalogue). */
  tools?: readonly ToolDef[];
  /** Where each device's latest screen is kept (default: in memory, for the session's life). */
  snapshots?: SnapshotStore;
  /** File access for tools that read or write files (default: none, with a coded error naming the session). */
  files?: SessionFiles;
  /** The device a call without a serial acts on (undefined: the provider decides). */
  serial?: string;
  /** Settings tools read (model names, keys); default: the process's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Folder where built UI Maps are cached between calls (absent: maps are built per call). */
  cacheDir?: string;
  /** Closes the provider with the session (true when the session made or was given it to keep). */
  ownsDevices?: boolean;
  /** What the session is, for errors about files it cannot read ("task worlds", "farm episodes"…). */
  name?: string;
}

export interface SessionCallOptions {
  signal?: AbortSignal;
  /** The device to act on (default: the session's). */
  serial?: string | undefined;
  progress?: (p: ToolProgress) => void;
  /** Overrides of the session's file access for this call (the CLI's standard output for `-`). */
  files?: Partial<SessionFiles>;
  /** Settings for this call (a daemon serves callers with different keys); default: the session's. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The image format the caller's client takes best (ToolContext.imageFormat). */
  imageFormat?: ToolContext['imageFormat'];
}

export interface Session {
  /** The tools this session serves, in the order front-ends list them. */
  readonly tools: readonly ToolDef[];
  readonly devices: DeviceProvider;
  /** The device a call without a serial acts on. */
  readonly serial: string | undefined;
  /** Validates `params` against the tool's schema (USAGE naming each bad field) and runs it, queued per device. */
  call(name: string, params: Record<string, unknown>, opts?: SessionCallOptions): Promise<ToolResult>;
  /**
   * As call, for a tool the session does not list (one a library user defined, or the agent's through the
   * library's Phone, which sits below the agent): same context, same queue.
   */
  callDef(tool: ToolDef, params: Record<string, unknown>, opts?: SessionCallOptions): Promise<ToolResult>;
  /** The tool named so, or USAGE listing the session's tools. */
  tool(name: string): ToolDef;
  /**
   * The context a tool handler gets, for code that steps tools itself inside one piece of work (a task world's
   * episode runs device tools one by one, unqueued): the same devices, screens and files as `call`.
   */
  context(opts?: SessionCallOptions): ToolContext;
  /**
   * The device's latest screen as one record (dump, snapshot with the refs shown, what they were carried from,
   * foreground, fingerprint); undefined before the device was looked at. Default device: the session's.
   */
  latest(serial?: string, opts?: { signal?: AbortSignal }): Promise<LatestScreen | undefined>;
  /** Forgets every device's latest screen and the refs it carries (a task world starting a new episode). */
  forgetScreens(): void;
  /** Ends calls in flight (their signal fires) and, when the session owns it, closes the provider. */
  close(): Promise<void>;
}

/**
 * Runs each task after the tasks queued before it under the same key; tasks under different keys run at once.
 * A failed task does not stop the ones queued after it.
 */
export function keyedQueue(): <T>(key: string, task: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<unknown>>();
  return <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const next = (tails.get(key) ?? Promise.resolve()).then(task, task);
    const tail = next.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return next;
  };
}

function noFiles(name: string): SessionFiles {
  const refuse = async (): Promise<never> => {
    throw new GlanceError('INPUT_UNREADABLE', `${name} read and write no files`, {
      hint: 'name the data in the call instead of a file, or use the CLI or the library, which can read files',
    });
  };
  return { readFile: refuse, writeFile: refuse };
}

export function createSession(options: SessionOptions): Session {
  const tools = options.tools ?? allTools;
  let snapshots = options.snapshots ?? memorySnapshotStore();
  const files = options.files ?? noFiles(options.name ?? 'this session');
  const closing = new AbortController();
  const queue = keyedQueue();

  const tool = (name: string): ToolDef => {
    const t = tools.find((d) => d.name === name);
    if (t === undefined)
      throw new GlanceError('USAGE', `no tool named "${name}"`, { hint: `tools: ${tools.map((d) => d.name).join(', ')}` });
    return t;
  };

  const context = (opts: SessionCallOptions): ToolContext => {
    const f: SessionFiles = { ...files, ...opts.files };
    return {
      signal: opts.signal === undefined ? closing.signal : AbortSignal.any([opts.signal, closing.signal]),
      serial: opts.serial ?? options.serial,
      devices: options.devices,
      snapshots,
      readFile: f.readFile,
      writeFile: f.writeFile,
      ...(f.allowPath === undefined ? {} : { allowPath: f.allowPath }),
      ...(f.keepImage === undefined ? {} : { keepImage: f.keepImage }),
      ...(f.makeDir === undefined ? {} : { makeDir: f.makeDir }),
      ...(opts.progress === undefined ? {} : { progress: opts.progress }),
      ...((opts.env ?? options.env) === undefined ? {} : { env: opts.env ?? options.env }),
      ...(options.cacheDir === undefined ? {} : { cacheDir: options.cacheDir }),
      ...(opts.imageFormat === undefined ? {} : { imageFormat: opts.imageFormat }),
    };
  };

  return {
    tools,
    devices: options.devices,
    serial: options.serial,
    tool,
    context,
    async latest(serial, opts = {}) {
      const signal = opts.signal ?? closing.signal;
      const device = await options.devices.get(serial ?? options.serial, { signal });
      return loadLatestScreen(snapshots, device.serial);
    },
    forgetScreens() {
      snapshots = memorySnapshotStore();
    },
    async call(name, params, opts = {}) {
      return this.callDef(tool(name), params, opts);
    },
    callDef(def, params, opts = {}) {
      const ctx = context(opts);
      return queue(ctx.serial ?? '', () => callToolDef(def, params, ctx));
    },
    async close() {
      closing.abort(new GlanceError('ABORTED', 'the session was closed'));
      if (options.ownsDevices === true) await options.devices.close?.();
    },
  };
}
