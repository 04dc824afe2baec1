/**
 * WdaDevice: the Device interface over WebDriverAgent (iOS). Points are the coordinate space: the page source,
 * taps, swipes and refs all use them, and screenshots are scaled from pixels to points so that marks and refs
 * line up. Android-only requests (shell, the installed-package list) are NOT_SUPPORTED with a hint.
 *
 * Routes are WDA's: `/source`, `/screenshot`, `/wda/activeAppInfo`, `/wda/homescreen` without a session;
 * `/wda/tap`, `/wda/doubleTap`, `/wda/touchAndHold`, `/wda/dragfromtoforduration`, `/wda/keys`,
 * `/wda/pressButton`, `/wda/apps/{launch,terminate}`, `/window/size` inside one.
 */
import { GlanceError } from '../../errors.js';
import type { CallOptions, Device, Foreground, Point, ScreenSize, ShellResult } from '../types.js';
import { WdaClient } from './client.js';

export const WDA_PREFIX = 'wda:';

/** XCUITest's key strings (XCUIKeyboardKey): what `/wda/keys` types for the Android key codes actions send. */
const KEY_TEXT: ReadonlyMap<number, string> = new Map([
  [66, '\n'], // ENTER
  [67, '\b'], // DEL (backspace)
  [112, '\u007f'], // FORWARD_DEL
  [61, '\t'], // TAB
  [62, ' '], // SPACE
]);
/** Android key codes with no iOS counterpart that are harmless to skip (cursor moves: iOS keeps it at the end). */
const NO_OP_KEYS = new Set([122, 123]); // MOVE_HOME, MOVE_END
const BUTTONS: ReadonlyMap<number, string> = new Map([
  [24, 'volumeUp'],
  [25, 'volumeDown'],
]);
const KEY_HOME = 3;
const KEY_BACK = 4;

/** WDA seconds from milliseconds. */
const seconds = (ms: number): number => Math.max(0, ms) / 1000;

const SCREENSHOT_HINT = { hint: 'take the screenshot again; if it keeps failing, restart WebDriverAgent' };

/** PNG width and height from its IHDR chunk. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  if (png.length < 24 || v.getUint32(12) !== 0x49484452)
    throw new GlanceError('WDA_COMMAND_FAILED', 'WebDriverAgent sent a screenshot that is not a PNG', SCREENSHOT_HINT);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

export class WdaDevice implements Device {
  readonly serial: string;
  private readonly client: WdaClient;
  private size: Promise<{ width: number; height: number }> | undefined;

  constructor(baseUrl: string, options: { timeoutMs?: number } = {}) {
    this.serial = WDA_PREFIX + baseUrl;
    this.client = new WdaClient(baseUrl, options.timeoutMs);
  }

  /** The XML page source (`GET /source`), which the hierarchy parser reads as `wda`. */
  async dump(opts: CallOptions = {}): Promise<string> {
    const r = await this.client.request('GET', '/source', undefined, opts);
    if (typeof r.value !== 'string')
      throw new GlanceError('DUMP_FAILED', 'WebDriverAgent sent no page source', {
        hint: 'take the snapshot again',
        next: { tool: 'device_snapshot' },
      });
    return r.value;
  }

  /** The window in points; density is the Android notion of dpi, unknown here (0). */
  async screenSize(opts: CallOptions = {}): Promise<ScreenSize> {
    return { ...(await this.windowSize(opts)), density: 0 };
  }

  private windowSize(opts: CallOptions): Promise<{ width: number; height: number }> {
    this.size ??= this.client.inSession('GET', '/window/size', undefined, opts).then((r) => {
      const v = r.value as { width?: unknown; height?: unknown } | null;
      if (typeof v?.width !== 'number' || typeof v.height !== 'number') {
        throw new GlanceError('WDA_COMMAND_FAILED', 'WebDriverAgent sent no window size', {
          hint: 'retry; if it keeps failing, restart WebDriverAgent',
        });
      }
      return { width: v.width, height: v.height };
    });
    const s = this.size;
    s.catch(() => {
      if (this.size === s) this.size = undefined;
    });
    return s;
  }

  /** The active app's bundle id (iOS has no activities: the activity is empty). */
  async foreground(opts: CallOptions = {}): Promise<Foreground | undefined> {
    const r = await this.client.request('GET', '/wda/activeAppInfo', undefined, opts);
    const id = (r.value as { bundleId?: unknown } | null)?.bundleId;
    return typeof id === 'string' && id !== '' ? { package: id, activity: '' } : undefined;
  }

  async tap(p: Point, opts: CallOptions = {}): Promise<void> {
    await this.client.inSession('POST', '/wda/tap', { x: p.x, y: p.y }, opts);
  }

  async doubleTap(p: Point, opts: CallOptions = {}): Promise<void> {
    await this.client.inSession('POST', '/wda/doubleTap', { x: p.x, y: p.y }, opts);
  }

  async longPress(p: Point, durationMs: number, opts: CallOptions = {}): Promise<void> {
    await this.client.inSession('POST', '/wda/touchAndHold', { x: p.x, y: p.y, duration: seconds(durationMs) }, opts);
  }

  async swipe(from: Point, to: Point, durationMs: number, opts: CallOptions = {}): Promise<void> {
    const body = { fromX: from.x, fromY: from.y, toX: to.x, toY: to.y, duration: seconds(durationMs) };
    await this.client.inSession('POST', '/wda/dragfromtoforduration', body, opts);
  }

  /** Types into the focused element: XCUITest types any Unicode, so no ASCII route is needed. */
  async typeText(text: string, opts: CallOptions = {}): Promise<void> {
    if (text === '') return;
    await this.client.inSession('POST', '/wda/keys', { value: [...text] }, opts);
  }

  async key(code: number, opts: CallOptions = {}): Promise<void> {
    await this.keys([code], opts);
  }

  /**
   * Android key codes as iOS does them: HOME is the home screen, BACK the edge-swipe back gesture, volume keys
   * are buttons, ENTER/DEL/FORWARD_DEL/TAB/SPACE are typed; cursor moves are skipped (iOS keeps the caret at
   * the end of what it typed). Anything else is UNKNOWN_KEY, found before any key is pressed: a list refused
   * half-way would leave the field half-edited.
   */
  async keys(codes: readonly number[], opts: CallOptions = {}): Promise<void> {
    const unknown = codes.find((c) => !KEY_TEXT.has(c) && !NO_OP_KEYS.has(c) && !BUTTONS.has(c) && c !== KEY_HOME && c !== KEY_BACK);
    if (unknown !== undefined) {
      throw new GlanceError('UNKNOWN_KEY', `key ${unknown} has no iOS equivalent`, {
        hint: 'on iOS: HOME, BACK (edge swipe), VOLUME_UP, VOLUME_DOWN, ENTER, DEL, TAB, SPACE',
      });
    }
    let typed = '';
    const flush = async (): Promise<void> => {
      if (typed !== '') await this.client.inSession('POST', '/wda/keys', { value: [...typed] }, opts);
      typed = '';
    };
    for (const code of codes) {
      const t = KEY_TEXT.get(code);
      if (t !== undefined) typed += t;
      else if (NO_OP_KEYS.has(code)) continue;
      else {
        await flush();
        await this.button(code, opts);
      }
    }
    await flush();
  }

  /** HOME, BACK or a hardware button (`keys` has checked that the code is one). */
  private async button(code: number, opts: CallOptions): Promise<void> {
    if (code === KEY_HOME) {
      await this.client.request('POST', '/wda/homescreen', {}, opts);
      return;
    }
    if (code === KEY_BACK) {
      // iOS has no back key: the interactive pop gesture from the left edge does what BACK does on Android.
      const { width, height } = await this.windowSize(opts);
      await this.swipe({ x: 1, y: height / 2 }, { x: Math.round(width * 0.7), y: height / 2 }, 300, opts);
      return;
    }
    await this.client.inSession('POST', '/wda/pressButton', { name: BUTTONS.get(code) }, opts);
  }

  /** Launches (or brings to the front) an app by bundle id. */
  async launch(app: string, opts: CallOptions = {}): Promise<void> {
    if (!/^[A-Za-z0-9][\w.-]*$/.test(app)) {
      throw new GlanceError('APP_NOT_FOUND', `"${app}" is not a bundle id`, {
        hint: 'iOS apps are named by bundle id, e.g. com.apple.Preferences',
      });
    }
    try {
      await this.client.inSession('POST', '/wda/apps/launch', { bundleId: app }, opts);
    } catch (e) {
      if (e instanceof GlanceError && e.code === 'WDA_COMMAND_FAILED') {
        throw new GlanceError('APP_NOT_FOUND', `cannot launch ${app}: ${e.message}`, {
          hint: 'check the bundle id (installed apps: Settings › General › iPhone Storage)',
          cause: e,
        });
      }
      throw e;
    }
  }

  async stop(app: string, opts: CallOptions = {}): Promise<void> {
    await this.client.inSession('POST', '/wda/apps/terminate', { bundleId: app }, opts);
  }

  /** Brings a running app to the front without relaunching it. */
  async activate(app: string, opts: CallOptions = {}): Promise<void> {
    await this.client.inSession('POST', '/wda/apps/activate', { bundleId: app }, opts);
  }

  async apps(): Promise<string[]> {
    throw new GlanceError('NOT_SUPPORTED', 'WebDriverAgent cannot list installed apps', {
      hint: 'launch an app by its bundle id (com.apple.Preferences)',
      next: { tool: 'device_launch_app', params: { app: 'com.apple.Preferences' } },
    });
  }

  /** The screen as PNG, scaled from pixels to points (the space of the page source and of taps). */
  async screenshot(opts: CallOptions = {}): Promise<Uint8Array> {
    const [r, win] = await Promise.all([this.client.request('GET', '/screenshot', undefined, opts), this.windowSize(opts)]);
    if (typeof r.value !== 'string') throw new GlanceError('WDA_COMMAND_FAILED', 'WebDriverAgent sent no screenshot', SCREENSHOT_HINT);
    const png = new Uint8Array(Buffer.from(r.value, 'base64'));
    const px = pngSize(png);
    if (px.width <= win.width && px.height <= win.height) return png;
    // Loaded on demand: the PNG code costs start-up time other commands need not pay.
    const { downscaleImage } = await import('../../image/index.js');
    return (await downscaleImage(png, { maxEdge: Math.max(win.width, win.height) })).bytes;
  }

  async shell(): Promise<ShellResult> {
    throw new GlanceError('NOT_SUPPORTED', 'iOS devices have no shell', {
      hint: 'use the device tools (ui, tap, type, launch); shell is Android only',
    });
  }
}
