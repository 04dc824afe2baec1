/**
 * AdbDevice: the Device interface over ADB shell commands. It needs only an `AdbPort` — shell and exec on one
 * device — so the same code drives a device behind the adb server and one reached by the direct transport.
 * Command strings follow what Android's platform tools accept (AOSP frameworks/base/cmds: input, am, pm, wm,
 * uiautomator); the dump's failure lines come from one table (hierarchy/dump-lines.ts).
 */
import type { AdbDeviceClient } from '../adb/client.js';
import type { ByteStream } from '../adb/stream.js';
import { GlanceError, throwIfAborted } from '../errors.js';
import { adbPort } from './adb-port.js';
import { DUMPED_TO_RE, UIAUTOMATION_BUSY_RE, dumpFailureIn } from '../hierarchy/dump-lines.js';
import { sleep } from './sleep.js';
import { isAsciiTypable, planTyping, shQuote, typingCommands } from './text.js';
import type { CallOptions, Device, Foreground, Point, ScreenSize, ShellResult } from './types.js';

/** What AdbDevice needs from an ADB client, for one device. */
export interface AdbPort {
  readonly serial: string;
  /** Runs `command` through the device's `sh -c` (shell v2 where available): stdout, stderr, exit code. */
  shell(command: string, opts?: CallOptions): Promise<ShellResult>;
  /** Binary-safe `exec:` service: the command's raw stdout. */
  exec(command: string, opts?: CallOptions): Promise<Uint8Array>;
  /** A raw ADB service stream (`tcp:6790`, `shell,v2,raw:…`) the caller closes; ports that have one offer it. */
  open?(service: string, opts?: CallOptions): Promise<ByteStream>;
  /** Writes a device file (the sync service). */
  push?(path: string, data: Uint8Array, opts?: CallOptions): Promise<void>;
  /** The device's ADB features (`shell_v2`, …). */
  features?(opts?: CallOptions): Promise<string[]>;
}

export interface AdbDeviceOptions {
  /** Where `uiautomator dump` writes (a directory the shell user may write on every Android version). */
  tmpDir?: string;
  /** Pause before the first dump retry; doubles each retry (default 250 ms). */
  retryDelayMs?: number;
}

const DEFAULT_ACTION_TIMEOUT_MS = 15_000;
const DEFAULT_DUMP_TIMEOUT_MS = 30_000;
const DEFAULT_SCREENSHOT_TIMEOUT_MS = 20_000;
const MAX_DUMP_ATTEMPTS = 4;

/** Worth retrying: a failure line `uiautomator dump` prints while still exiting 0, a killed process, or silence. */
const isTransient = (out: string): boolean => dumpFailureIn(out) !== undefined || /Killed/.test(out) || out === '';

/** ADB Keyboard (an IME that types any Unicode text sent by broadcast); the route for non-ASCII text. */
export const ADB_KEYBOARD_IME = 'com.android.adbkeyboard/.AdbIME';

const decoder = new TextDecoder();
const text = (b: Uint8Array): string => decoder.decode(b);

let dumpCounter = 0;

/** Extracts the XML document from what `uiautomator dump F && cat F` printed (status line first). */
export function extractDumpXml(out: string): string | undefined {
  const start = out.search(/<\?xml|<hierarchy/);
  if (start < 0) return undefined;
  const end = out.lastIndexOf('</hierarchy>');
  if (end < 0) return undefined;
  return out.slice(start, end + '</hierarchy>'.length);
}

/** `wm size` + `wm density` output → size (an override wins over the physical value, as the screen uses it). */
export function parseWm(out: string): ScreenSize | undefined {
  const pick = (re: RegExp): RegExpMatchArray | undefined => {
    let last: RegExpMatchArray | undefined;
    for (const m of out.matchAll(re)) if (!last || /Override/.test(m[0])) last = m;
    return last;
  };
  const size = pick(/(Physical|Override) size:\s*(\d+)x(\d+)/g);
  if (!size) return undefined;
  const density = pick(/(Physical|Override) density:\s*(\d+)/g);
  return { width: Number(size[2]), height: Number(size[3]), density: density ? Number(density[2]) : 0 };
}

/** Expands `.Main` relative to the package, as `am` does. */
function fullActivity(pkg: string, act: string): string {
  return act.startsWith('.') ? pkg + act : act;
}

/**
 * Foreground app from `dumpsys window` (mCurrentFocus / mFocusedApp) or `dumpsys activity activities`
 * (mResumedActivity / topResumedActivity / ResumedActivity), whichever names a component.
 */
export function parseForeground(out: string): Foreground | undefined {
  const patterns = [
    /mCurrentFocus=Window\{[^}]*?\s([\w.]+)\/([\w.$]+)\}/,
    /mFocusedApp=.*?\s([\w.]+)\/([\w.$]+)[\s}]/,
    /topResumedActivity=.*?\s([\w.]+)\/([\w.$]+)[\s}]/,
    /mResumedActivity:?.*?\s([\w.]+)\/([\w.$]+)[\s}]/,
    /ResumedActivity:?.*?\s([\w.]+)\/([\w.$]+)[\s}]/,
  ];
  for (const re of patterns) {
    const m = re.exec(out);
    if (m) return { package: m[1]!, activity: fullActivity(m[1]!, m[2]!) };
  }
  return undefined;
}

/** `pm list packages` lines → package names, sorted. */
export function parsePackages(out: string): string[] {
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.startsWith('package:'))
    .map((l) => {
      // `-f` prints `package:PATH=NAME`, and install paths may contain `=` themselves: the name follows the last.
      const rest = l.slice('package:'.length);
      return rest.slice(rest.lastIndexOf('=') + 1);
    })
    .sort();
}

const PKG_RE = /^[A-Za-z][\w]*(\.[\w]+)+$/;
const COMPONENT_RE = /^([A-Za-z][\w]*(?:\.[\w]+)+)\/([\w.$]+)$/;

/** True when `app` names a package (`com.example`) or a component (`com.example/.Main`). */
export function isPackageOrComponent(app: string): boolean {
  return PKG_RE.test(app) || COMPONENT_RE.test(app);
}

/** The client has `features` (the port does not): its shell reports no exit status on legacy devices. */
const isAdbDeviceClient = (p: AdbPort | AdbDeviceClient): p is AdbDeviceClient => 'features' in p;

const xy = (p: Point): string => `${Math.round(p.x)} ${Math.round(p.y)}`;

export class AdbDevice implements Device {
  readonly serial: string;
  private readonly port: AdbPort;
  private readonly tmpDir: string;
  private readonly retryDelayMs: number;

  /** `port` is a device of Glance's ADB client (`await client.device()`) or any other AdbPort. */
  constructor(port: AdbPort | AdbDeviceClient, options: AdbDeviceOptions = {}) {
    this.port = isAdbDeviceClient(port) ? adbPort(port) : port;
    this.serial = port.serial;
    this.tmpDir = options.tmpDir ?? '/data/local/tmp';
    this.retryDelayMs = options.retryDelayMs ?? 250;
  }

  shell(cmd: string, opts: CallOptions = {}): Promise<ShellResult> {
    return this.port.shell(cmd, { timeoutMs: DEFAULT_ACTION_TIMEOUT_MS, ...opts });
  }

  /** Runs a command that must succeed; a non-zero exit or an `Error:` line becomes ADB_COMMAND_FAILED. */
  private async run(cmd: string, opts: CallOptions, timeoutMs = DEFAULT_ACTION_TIMEOUT_MS): Promise<string> {
    const r = await this.port.shell(cmd, { timeoutMs, ...opts });
    const out = text(r.stdout);
    if (r.exitCode !== 0) {
      const err = text(r.stderr).trim() || out.trim();
      throw new GlanceError('ADB_COMMAND_FAILED', `\`${cmd}\` failed (exit ${r.exitCode})${err ? `: ${err.split('\n')[0]}` : ''}`, {
        hint: 'check the device setup; the command is shown so it can be tried with `adb shell`',
        next: { tool: 'device_doctor' },
        context: { serial: this.serial, command: cmd, exitCode: r.exitCode, stderr: text(r.stderr) },
      });
    }
    return out;
  }

  async dump(opts: CallOptions = {}): Promise<string> {
    const deadline = Date.now() + (opts.timeoutMs ?? DEFAULT_DUMP_TIMEOUT_MS);
    const file = `${this.tmpDir}/glance-ui-${process.pid}-${++dumpCounter}.xml`;
    // One shell call: dump to a file (a fresh name, removed first so a failed dump never shows an old file),
    // print it, remove it. `/dev/tty` as the target needs a PTY (plain `adb shell CMD` has none), so it is not used.
    const cmd = `rm -f ${file}; uiautomator dump ${file}; cat ${file} 2>/dev/null; rm -f ${file}`;
    let last = '';
    for (let attempt = 1; ; attempt++) {
      throwIfAborted(opts.signal);
      const remaining = deadline - Date.now();
      if (remaining <= 0) break;
      const r = await this.port.shell(cmd, { ...opts, timeoutMs: remaining });
      const out = text(r.stdout);
      const xml = extractDumpXml(out);
      if (xml !== undefined) return xml;
      last = (out + text(r.stderr)).replace(DUMPED_TO_RE, '').trim();
      const transient = isTransient(last);
      if (!transient || attempt >= MAX_DUMP_ATTEMPTS) break;
      await sleep(Math.min(this.retryDelayMs * 2 ** (attempt - 1), Math.max(0, deadline - Date.now())), opts.signal);
    }
    if (UIAUTOMATION_BUSY_RE.test(last)) {
      throw new GlanceError('DUMP_FAILED', `uiautomator dump failed on ${this.serial}: another UiAutomation client holds the device`, {
        hint: 'a UiAutomator2 server (Appium) or a monkey is connected; stop it, or read through that server with --backend uia2',
        next: { tool: 'device_doctor' },
        context: { serial: this.serial, output: last, busy: true },
      });
    }
    throw new GlanceError('DUMP_FAILED', `uiautomator dump failed on ${this.serial}${last ? `: ${last.split('\n')[0]}` : ''}`, {
      hint: 'the app may be animating or showing a secure screen; wait until the screen is idle and retry, or check `adb shell uiautomator dump`',
      next: { tool: 'device_wait_for', params: { idle: true } },
      context: { serial: this.serial, output: last },
    });
  }

  async screenSize(opts: CallOptions = {}): Promise<ScreenSize> {
    const out = await this.run('wm size; wm density', opts);
    const size = parseWm(out);
    if (!size) {
      throw new GlanceError('ADB_COMMAND_FAILED', `could not read the screen size of ${this.serial}`, {
        hint: 'run `adb shell wm size` to see what the device answers',
        context: { output: out },
      });
    }
    return size;
  }

  async foreground(opts: CallOptions = {}): Promise<Foreground | undefined> {
    const win = await this.port.shell('dumpsys window', { timeoutMs: DEFAULT_ACTION_TIMEOUT_MS, ...opts });
    const fromWindow = parseForeground(text(win.stdout));
    if (fromWindow) return fromWindow;
    const act = await this.port.shell('dumpsys activity activities', { timeoutMs: DEFAULT_ACTION_TIMEOUT_MS, ...opts });
    return parseForeground(text(act.stdout));
  }

  async tap(p: Point, opts: CallOptions = {}): Promise<void> {
    await this.run(`input tap ${xy(p)}`, opts);
  }

  async doubleTap(p: Point, opts: CallOptions = {}): Promise<void> {
    // Two taps in one shell call: each `input` is a process start (~100–400 ms on phones), which stays inside
    // ViewConfiguration's 300 ms double-tap window on most devices; slow devices may see two single taps.
    await this.run(`input tap ${xy(p)} && input tap ${xy(p)}`, opts);
  }

  async longPress(p: Point, durationMs: number, opts: CallOptions = {}): Promise<void> {
    // A swipe that does not move is how `input` long-presses (it has no long-press command before API 33).
    await this.run(`input swipe ${xy(p)} ${xy(p)} ${Math.round(durationMs)}`, opts);
  }

  async swipe(from: Point, to: Point, durationMs: number, opts: CallOptions = {}): Promise<void> {
    await this.run(`input swipe ${xy(from)} ${xy(to)} ${Math.round(durationMs)}`, opts);
  }

  async typeText(s: string, opts: CallOptions = {}): Promise<void> {
    if (s === '') return;
    if (!isAsciiTypable(s)) {
      await this.typeUnicode(s, opts);
      return;
    }
    for (const cmd of typingCommands(planTyping(s))) await this.run(cmd, opts);
  }

  /** Non-ASCII text: only through the ADB Keyboard IME, when it is the active input method. */
  private async typeUnicode(s: string, opts: CallOptions): Promise<void> {
    const ime = (await this.run('settings get secure default_input_method', opts)).trim();
    if (ime !== ADB_KEYBOARD_IME) {
      const bad = [...s].find((c) => !isAsciiTypable(c)) ?? '';
      throw new GlanceError('TEXT_NOT_TYPABLE', `\`input text\` cannot type ${JSON.stringify(bad)}: it only types printable ASCII`, {
        hint: `install the ADB Keyboard IME and make it current (\`adb shell ime enable ${ADB_KEYBOARD_IME}\` then \`adb shell ime set ${ADB_KEYBOARD_IME}\`); Glance then types any text through it (docs/device.md)`,
        context: { serial: this.serial, currentIme: ime },
      });
    }
    const b64 = Buffer.from(s, 'utf8').toString('base64');
    const out = await this.run(`am broadcast -a ADB_INPUT_B64 --es msg ${shQuote(b64)}`, opts);
    if (!/Broadcast completed/.test(out)) {
      throw new GlanceError('TEXT_NOT_TYPABLE', 'the ADB Keyboard broadcast was not delivered', {
        hint: 'check that the ADB Keyboard is the current input method (`adb shell settings get secure default_input_method`)',
        context: { output: out },
      });
    }
  }

  async key(code: number, opts: CallOptions = {}): Promise<void> {
    await this.keys([code], opts);
  }

  async keys(codes: readonly number[], opts: CallOptions = {}): Promise<void> {
    // `input keyevent` takes several codes in one process start (Input.java loops over its arguments); groups
    // of 400 keep each command line far below the 4 KiB an old device accepts.
    for (let i = 0; i < codes.length; i += 400) {
      await this.run(
        `input keyevent ${codes
          .slice(i, i + 400)
          .map((c) => String(Math.trunc(c)))
          .join(' ')}`,
        opts,
      );
    }
  }

  async launch(app: string, opts: CallOptions = {}): Promise<void> {
    const comp = COMPONENT_RE.exec(app);
    if (!comp && !PKG_RE.test(app)) throw this.appNotFound(app, 'not a package name or package/activity');
    // Both print their failure on stdout; monkey also exits 251 ("** No activities found to run, monkey aborted.").
    const cmd = comp ? `am start -W -n ${shQuote(app)}` : `monkey -p ${shQuote(app)} -c android.intent.category.LAUNCHER 1`;
    const r = await this.port.shell(cmd, { timeoutMs: DEFAULT_DUMP_TIMEOUT_MS, ...opts });
    const out = text(r.stdout) + text(r.stderr);
    const failure = out.split('\n').find((l) => /No activities found|monkey aborted|^Error|does not exist/.test(l));
    if (failure !== undefined) throw this.appNotFound(app, failure.replace(/^\*+\s*/, ''));
    if (r.exitCode !== 0) {
      throw new GlanceError('ADB_COMMAND_FAILED', `\`${cmd}\` failed (exit ${r.exitCode})`, {
        hint: 'check the device setup',
        next: { tool: 'device_doctor' },
        context: { serial: this.serial, command: cmd, output: out },
      });
    }
  }

  private appNotFound(app: string, detail: string): GlanceError {
    return new GlanceError('APP_NOT_FOUND', `cannot launch "${app}": ${detail.trim()}`, {
      hint: 'pass an installed package (com.example.app) or package/.Activity; the installed apps are listed by device_apps',
      next: { tool: 'device_apps' },
      context: { serial: this.serial, app },
    });
  }

  async stop(pkg: string, opts: CallOptions = {}): Promise<void> {
    if (!PKG_RE.test(pkg)) throw this.appNotFound(pkg, 'not a package name');
    await this.run(`am force-stop ${shQuote(pkg)}`, opts);
  }

  async apps(opts: CallOptions & { all?: boolean } = {}): Promise<string[]> {
    return parsePackages(await this.run(opts.all ? 'pm list packages' : 'pm list packages -3', opts));
  }

  async screenshot(opts: CallOptions = {}): Promise<Uint8Array> {
    // exec: is binary-safe (a shell: PTY would turn \n into \r\n on old devices).
    const png = await this.port.exec('screencap -p', { timeoutMs: DEFAULT_SCREENSHOT_TIMEOUT_MS, ...opts });
    const sig = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    if (png.length < 24 || sig.some((b, i) => png[i] !== b)) {
      throw new GlanceError('ADB_COMMAND_FAILED', `screencap on ${this.serial} did not return a PNG`, {
        hint: 'the screen may be secure (FLAG_SECURE) or off; wake it with the WAKEUP key',
        next: { tool: 'device_press_key', params: { key: 'WAKEUP' } },
        context: { serial: this.serial, bytes: png.length, start: text(png.subarray(0, 80)) },
      });
    }
    return png;
  }
}
