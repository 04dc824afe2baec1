/**
 * The Device interface: everything Glance does to a phone, independent of how it is reached (ADB server,
 * direct ADB transport, later iOS). Low-level and coordinate-based; targets (refs, selectors) are resolved
 * above it, in device/actions/. Every method takes CallOptions and must honour its signal and timeout.
 */

export interface CallOptions {
  signal?: AbortSignal;
  /** Milliseconds before the call fails with TIMEOUT. Each implementation has a sensible default. */
  timeoutMs?: number;
}

export interface ShellResult {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

export interface ScreenSize {
  width: number;
  height: number;
  density: number;
}

export interface Foreground {
  package: string;
  activity: string;
}

export interface Point {
  x: number;
  y: number;
}

export interface Device {
  readonly serial: string;
  /** Raw UI hierarchy XML as `uiautomator dump` writes it. Retries the known transient failures. */
  dump(opts?: CallOptions): Promise<string>;
  screenSize(opts?: CallOptions): Promise<ScreenSize>;
  foreground(opts?: CallOptions): Promise<Foreground | undefined>;
  tap(p: Point, opts?: CallOptions): Promise<void>;
  /** Two taps close enough in time to count as a double tap. */
  doubleTap(p: Point, opts?: CallOptions): Promise<void>;
  longPress(p: Point, durationMs: number, opts?: CallOptions): Promise<void>;
  swipe(from: Point, to: Point, durationMs: number, opts?: CallOptions): Promise<void>;
  /** Types text into the focused field byte-exactly (see AdbDevice for the routes used). */
  typeText(text: string, opts?: CallOptions): Promise<void>;
  /** Presses a key by Android keycode (numeric) — names are resolved in device/keys.ts. */
  key(code: number, opts?: CallOptions): Promise<void>;
  /** Presses several keys in order in one device call (e.g. MOVE_END then DEL × n to clear a field). */
  keys(codes: readonly number[], opts?: CallOptions): Promise<void>;
  /** Starts a package's launcher activity, or `pkg/.Activity`; APP_NOT_FOUND when it cannot. */
  launch(app: string, opts?: CallOptions): Promise<void>;
  stop(pkg: string, opts?: CallOptions): Promise<void>;
  /** Installed packages: third-party only unless `all`. Sorted. */
  apps(opts?: CallOptions & { all?: boolean }): Promise<string[]>;
  /** PNG bytes of the screen. */
  screenshot(opts?: CallOptions): Promise<Uint8Array>;
  shell(cmd: string, opts?: CallOptions): Promise<ShellResult>;
}
