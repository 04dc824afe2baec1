/**
 * An Android device whose screen reads and touches go through Appium's UiAutomator2 server when it can run
 * (backend `uia2`, or `auto`), and through `uiautomator dump` + `input` otherwise (backend `dump`, or `auto`
 * when the server cannot be installed or started). The server keeps one UiAutomation connection open, so a page
 * source costs a tree walk instead of a process start and a 1 s idle window; it also types any Unicode without
 * an IME. Everything else (launch, apps, shell, screen size, foreground) stays on adb. Before falling back to
 * `uiautomator dump` the server is stopped: Android allows one UiAutomation client at a time.
 */
import { GlanceError, isGlanceError } from '../../errors.js';
import type { AdbDevice } from '../adb-device.js';
import type { CallOptions, Device, Foreground, Point, ScreenSize, ShellResult } from '../types.js';
import { sleep } from '../sleep.js';
import { Uia2Server, type Uia2Port, type Uia2ServerOptions } from './server.js';

export type BackendName = 'auto' | 'uia2' | 'dump';
export const BACKENDS: readonly BackendName[] = ['auto', 'uia2', 'dump'];

/** Which backend a device uses, and how its last screen read went. */
export interface BackendInfo {
  /** What was asked for. */
  requested: BackendName;
  /** What reads the screen now. */
  active: 'uia2' | 'dump';
  /** The server version, once it answered. */
  version?: string;
  /** The backend and milliseconds of the last screen read. */
  last?: { backend: 'uia2' | 'dump'; ms: number };
  /** Why `auto` fell back to `uiautomator dump`. */
  fallback?: string;
}

/** Devices that can say which backend read their screen. */
export interface BackendReporting {
  backendInfo(): BackendInfo;
}

export function reportsBackend(d: unknown): d is BackendReporting {
  return typeof (d as Partial<BackendReporting> | null)?.backendInfo === 'function';
}

/** After ending a Glance server's session: the server exits ~15 ms later; the dump is retried this often. */
const RELEASE_POLL_MS = 200;
const RELEASE_POLLS = 10;

/** The dump's busy error, saying who holds UiAutomation and what frees it. */
function heldByOther(serial: string, holder: 'other' | 'none', e: GlanceError): GlanceError {
  const byServer = holder === 'other';
  return new GlanceError(
    'DUMP_FAILED',
    byServer
      ? `uiautomator dump failed on ${serial}: a UiAutomator2 server that Glance did not start (Appium, a test run) holds UiAutomation`
      : `uiautomator dump failed on ${serial}: another UiAutomation client (not Glance) holds the device`,
    {
      hint: byServer
        ? 'end that client (for Appium: its session; or `adb shell am force-stop io.appium.uiautomator2.server`), or read through that server with --backend uia2'
        : 'stop the other client (a monkey, an accessibility test runner, `uiautomator events`) and retry',
      next: { tool: 'device_doctor' },
      context: { ...e.context, holder },
      cause: e,
    },
  );
}

/** Codes that mean nothing was sent to the server: it could not be brought up, or its port is not its own. */
const NOT_STARTED = new Set(['UIA2_UNAVAILABLE', 'UIA2_START_FAILED', 'UIA2_UNTRUSTED']);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export class Uia2Device implements Device, BackendReporting {
  readonly serial: string;
  readonly server: Uia2Server;
  private fellBack: string | undefined;
  private last: BackendInfo['last'];

  constructor(
    private readonly adb: AdbDevice,
    port: Uia2Port,
    private requested: BackendName,
    options: Uia2ServerOptions = {},
  ) {
    this.serial = adb.serial;
    this.server = new Uia2Server(port, options);
  }

  backendInfo(): BackendInfo {
    return {
      requested: this.requested,
      active: this.useDump() ? 'dump' : 'uia2',
      ...(this.server.version === undefined ? {} : { version: this.server.version }),
      ...(this.last === undefined ? {} : { last: this.last }),
      ...(this.fellBack === undefined ? {} : { fallback: this.fellBack }),
    };
  }

  /**
   * Reads the screen another way from now on (a daemon call with `--backend dump` after `auto` ones): leaving the
   * server stops it, so the device's one UiAutomation connection is free for `uiautomator dump`.
   */
  async use(backend: BackendName, opts: CallOptions = {}): Promise<void> {
    if (backend === this.requested) return;
    this.requested = backend;
    this.fellBack = undefined;
    if (backend === 'dump') await this.server.stop(opts);
  }

  private useDump(): boolean {
    return this.requested === 'dump' || this.fellBack !== undefined;
  }

  /**
   * `auto` after a server failure: stop the server (it holds UiAutomation), remember why, and carry on with adb.
   * Backend `uia2` keeps the coded error instead.
   */
  private async fallBack(e: unknown, opts: CallOptions): Promise<void> {
    if (this.requested !== 'auto' || !isGlanceError(e) || e.code === 'ABORTED') throw e;
    this.fellBack = `${e.code}: ${e.message}`;
    await this.server.stop({ ...(opts.signal ? { signal: opts.signal } : {}), force: true });
  }

  async dump(opts: CallOptions = {}): Promise<string> {
    const start = Date.now();
    if (!this.useDump()) {
      try {
        const r = await this.server.request('GET', '/source', undefined, { ...opts, idempotent: true });
        if (typeof r.value !== 'string')
          throw new GlanceError('UIA2_COMMAND_FAILED', 'the UiAutomator2 page source is not a string', {
            context: { value: typeof r.value },
          });
        this.last = { backend: 'uia2', ms: Date.now() - start };
        return r.value;
      } catch (e) {
        await this.fallBack(e, opts);
      }
    }
    const xml = await this.dumpByAdb(opts);
    this.last = { backend: 'dump', ms: Date.now() - start };
    return xml;
  }

  /**
   * `uiautomator dump`, taking the device's UiAutomation back from a UiAutomator2 server another Glance process
   * runs (a daemon that read with `auto`): its session is ended, the server stops, the dump is tried again. A server
   * someone else runs is left alone and named in the error with the ways out.
   */
  private async dumpByAdb(opts: CallOptions): Promise<string> {
    try {
      return await this.adb.dump(opts);
    } catch (e) {
      if (!isGlanceError(e, 'DUMP_FAILED') || e.context?.['busy'] !== true) throw e;
      const holder = await this.server.releaseIfGlance(opts);
      if (holder !== 'glance') throw heldByOther(this.serial, holder, e);
      for (let attempt = 1; ; attempt++) {
        await sleep(RELEASE_POLL_MS, opts.signal);
        try {
          return await this.adb.dump(opts);
        } catch (again) {
          if (attempt >= RELEASE_POLLS || !isGlanceError(again, 'DUMP_FAILED') || again.context?.['busy'] !== true) throw again;
        }
      }
    }
  }

  /**
   * A touch through the server, else through `input`. `auto` falls back only when the server never got the
   * command (it could not start): a command lost in flight may have happened, and repeating a tap is worse.
   */
  private async touch(opts: CallOptions, viaServer: () => Promise<unknown>, viaAdb: () => Promise<void>): Promise<void> {
    if (!this.useDump()) {
      try {
        await viaServer();
        return;
      } catch (e) {
        if (!(isGlanceError(e) && NOT_STARTED.has(e.code))) throw e;
        await this.fallBack(e, opts);
      }
    }
    await viaAdb();
  }

  tap(p: Point, opts: CallOptions = {}): Promise<void> {
    const offset = { x: Math.round(p.x), y: Math.round(p.y) };
    return this.touch(
      opts,
      () => this.server.request('POST', '/appium/gestures/click', { offset }, opts),
      () => this.adb.tap(p, opts),
    );
  }

  doubleTap(p: Point, opts: CallOptions = {}): Promise<void> {
    const offset = { x: Math.round(p.x), y: Math.round(p.y) };
    return this.touch(
      opts,
      () => this.server.request('POST', '/appium/gestures/double_click', { offset }, opts),
      () => this.adb.doubleTap(p, opts),
    );
  }

  longPress(p: Point, durationMs: number, opts: CallOptions = {}): Promise<void> {
    const body = { offset: { x: Math.round(p.x), y: Math.round(p.y) }, duration: Math.round(durationMs) };
    return this.touch(
      opts,
      () => this.server.request('POST', '/appium/gestures/long_click', body, opts),
      () => this.adb.longPress(p, durationMs, opts),
    );
  }

  swipe(from: Point, to: Point, durationMs: number, opts: CallOptions = {}): Promise<void> {
    // W3C pointer actions: the exact path and duration `input swipe` would take.
    const actions = [
      {
        type: 'pointer',
        id: 'finger1',
        parameters: { pointerType: 'touch' },
        actions: [
          { type: 'pointerMove', duration: 0, x: Math.round(from.x), y: Math.round(from.y) },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerMove', duration: Math.round(durationMs), origin: 'viewport', x: Math.round(to.x), y: Math.round(to.y) },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ];
    return this.touch(
      opts,
      () => this.server.request('POST', '/actions', { actions }, opts),
      () => this.adb.swipe(from, to, durationMs, opts),
    );
  }

  /** Any Unicode into the focused field, appended (ACTION_SET_TEXT: no IME involved). */
  async typeText(s: string, opts: CallOptions = {}): Promise<void> {
    if (s === '') return;
    try {
      await this.touch(
        opts,
        () => this.server.request('POST', '/keys', { text: s, replace: false }, opts),
        () => this.adb.typeText(s, opts),
      );
    } catch (e) {
      if (isGlanceError(e, 'ELEMENT_NOT_FOUND')) {
        throw new GlanceError('ELEMENT_NOT_FOUND', 'no text field has the input focus, so there is nothing to type into', {
          hint: 'tap the text field first (or pass it as the target to type into)',
          next: { tool: 'device_snapshot' },
          context: { serial: this.serial },
        });
      }
      if (isGlanceError(e, 'UIA2_COMMAND_FAILED') && e.context?.['error'] === 'invalid element state') {
        throw new GlanceError('TEXT_NOT_TYPABLE', `the focused element does not take text: ${e.message}`, {
          hint: 'focus a text field first',
          next: { tool: 'device_snapshot' },
          context: e.context,
        });
      }
      throw e;
    }
  }

  key(code: number, opts: CallOptions = {}): Promise<void> {
    return this.keys([code], opts);
  }

  async keys(codes: readonly number[], opts: CallOptions = {}): Promise<void> {
    // Long runs (clearing a field) go to `input keyevent`: one process start beats hundreds of round trips.
    if (codes.length > 8) return this.adb.keys(codes, opts);
    await this.touch(
      opts,
      async () => {
        for (const keycode of codes)
          await this.server.request('POST', '/appium/device/press_keycode', { keycode: Math.trunc(keycode) }, opts);
      },
      () => this.adb.keys(codes, opts),
    );
  }

  async screenshot(opts: CallOptions = {}): Promise<Uint8Array> {
    if (this.useDump() || !this.server.running) return this.adb.screenshot(opts);
    const r = await this.server.request('GET', '/screenshot', undefined, { ...opts, idempotent: true });
    const png = typeof r.value === 'string' ? Buffer.from(r.value, 'base64') : Buffer.alloc(0);
    if (png.length < 24 || PNG_SIGNATURE.some((b, i) => png[i] !== b)) return this.adb.screenshot(opts);
    return png;
  }

  screenSize(opts?: CallOptions): Promise<ScreenSize> {
    return this.adb.screenSize(opts);
  }

  foreground(opts?: CallOptions): Promise<Foreground | undefined> {
    return this.adb.foreground(opts);
  }

  launch(app: string, opts?: CallOptions): Promise<void> {
    return this.adb.launch(app, opts);
  }

  stop(pkg: string, opts?: CallOptions): Promise<void> {
    return this.adb.stop(pkg, opts);
  }

  apps(opts?: CallOptions & { all?: boolean }): Promise<string[]> {
    return this.adb.apps(opts);
  }

  shell(cmd: string, opts?: CallOptions): Promise<ShellResult> {
    return this.adb.shell(cmd, opts);
  }

  /** Stops the server this device started (the process is about to let go of the device). */
  close(opts: CallOptions = {}): Promise<void> {
    return this.server.stop(opts);
  }
}
