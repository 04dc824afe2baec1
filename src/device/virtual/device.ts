/**
 * Assembles a virtual device: scenario (or DroidBot recording) → live phone state, file system, shell
 * commands, DeviceServices. Pure of node I/O: node/start.ts serves it over TCP so the real `adb connect`
 * (or Glance's own client) drives it like a phone.
 */
import type { DeviceServices } from '../../adb/services.js';
import type { UiDump } from '../../hierarchy/model.js';
import { androidCommands, defaultProps, type DeviceContext, type DumpFault } from './commands/index.js';
import { loadDroidbot } from './droidbot.js';
import { MemFs } from './fs.js';
import { VirtualPhone } from './phone.js';
import { builtinScenarioDir, loadScenario, type Scenario } from './scenario.js';
import { VIRTUAL_FEATURES, createDeviceServices, echoServer, httpServer, type TcpHandler } from './services.js';
import { SinkClosed } from './pipe.js';
import { Shell, type Sink } from './shell.js';
import { DeviceSockets } from './sockets.js';
import { PackageUids } from './uids.js';
import { debug, preview } from '../../debug.js';
import { UIA2_SERVER_PACKAGE, UIA2_TEST_PACKAGE } from '../uia2/protocol.js';
import { sleep } from '../sleep.js';
import type { Uia2Fault, VirtualUia2 } from './uia2/state.js';

export interface VirtualDeviceOptions {
  /** A loaded scenario, a scenario folder, or a built-in name (`demo`). Default: `demo`. */
  scenario?: Scenario | string;
  /** Replay a DroidBot output folder (states/ + events/) instead of a scenario. */
  droidbotDir?: string;
  /** What `getprop ro.serialno` answers (adb itself names a TCP device by its address). */
  serial?: string;
  /** Delay each `uiautomator dump` like a real device (1.5–3 s there); default 0. */
  dumpDelayMs?: number;
  /** Delay each screen capture (`screencap`, the UiAutomator2 server's /screenshot) like a phone (0.3–1 s); default 0. */
  screencapDelayMs?: number;
  /** Start with the scenario's app in front instead of the launcher (default true). */
  launchApp?: boolean;
  /** Milliseconds the emulated UiAutomator2 server takes from `am instrument` to serving (phones: 1–3 s); default 0. */
  uia2StartMs?: number;
}

export interface ShellRun {
  stdout: Uint8Array;
  stderr: Uint8Array;
  exitCode: number;
}

export interface VirtualDevice {
  /** Plug into `listenDevice` (adb/node/listen.ts, through node/start.ts) or call `open()` in-process. */
  services: DeviceServices;
  /** The live screen state: current screen, back stack, actions, log of unmatched actions. */
  state: VirtualPhone;
  fs: MemFs;
  scenario: Scenario;
  /** System properties (`getprop`), mutable. */
  props: Map<string, string>;
  /** Runs a command line in a fresh device shell, in-process (no ADB framing). */
  run(command: string, options?: { signal?: AbortSignal; tty?: boolean }): Promise<ShellRun>;
  /** The current screen as PNG bytes (what `screencap -p` prints). */
  screencap(): Promise<Uint8Array>;
  /**
   * Serve `tcp:PORT` on the device with a custom handler (replaces a scenario-declared server), in the process of
   * `owner` (default: the scenario's app; an unknown name becomes an installed app), bound to `::` (`tcp6`, what
   * a Java server binds) or 127.0.0.1 (`tcp`); `/proc/net/tcp{,6}` list it with the owner's uid.
   */
  serve(port: number, handler: TcpHandler, opts?: { owner?: string; family?: 'tcp' | 'tcp6' }): void;
  /**
   * Make the next `times` `uiautomator dump` calls fail as a real device does (`ERROR: could not get idle
   * state.` / `ERROR: null root node returned by UiTestAutomationBridge.`, exit 0, no file written), to test
   * retries and error reporting.
   */
  failDumps(fault: DumpFault, times?: number): void;
  /**
   * Make the emulated UiAutomator2 server fail `times` times: `idle-timeout` (a `/source` that never answers),
   * `crash` (a `/source` that kills the instrumentation) or `no-start` (an `am instrument` that crashes at once).
   */
  failUia2(fault: Uia2Fault, times?: number): void;
  /** The emulated UiAutomator2 server: whether it runs now (and holds UiAutomation), and how often it started. */
  uia2(): { running: boolean; starts: number };
}

function resolveScenario(opts: VirtualDeviceOptions): Scenario {
  if (opts.droidbotDir !== undefined) return loadDroidbot(opts.droidbotDir);
  const s = opts.scenario ?? 'demo';
  if (typeof s !== 'string') return s;
  return /^[a-z0-9-]+$/.test(s) ? loadScenario(builtinScenarioDir(s)) : loadScenario(s);
}

export function createVirtualDevice(opts: VirtualDeviceOptions = {}): VirtualDevice {
  const scenario = resolveScenario(opts);
  const serial = opts.serial ?? 'glance-virtual';
  const phone = new VirtualPhone(scenario);
  if (opts.launchApp !== false) phone.launch(scenario.package);
  const fs = new MemFs();
  const display = scenario.display;
  const sockets = new DeviceSockets();
  const tcp = sockets.handlers;
  const uids = new PackageUids();
  for (const p of [...scenario.packages].sort()) uids.uidOf(p);
  const uia2: VirtualUia2 = { server: undefined, faults: [], startMs: opts.uia2StartMs ?? 0, starts: 0 };
  // Loaded on first capture: the drawing library is native code that serving dumps never needs.
  let capture: ((dump: UiDump, d: typeof display) => Promise<Uint8Array>) | undefined;
  const screencapDelayMs = opts.screencapDelayMs ?? 0;
  const screencap = async (): Promise<Uint8Array> => {
    capture ??= (await import('./screencap.js')).screencapCache();
    const png = await capture(phone.dump(), display);
    if (screencapDelayMs > 0) await sleep(screencapDelayMs, undefined);
    return png;
  };
  const ctx: DeviceContext = {
    phone,
    fs,
    props: defaultProps({
      serial,
      model: scenario.device.model,
      product: scenario.device.product,
      sdk: scenario.device.sdk,
      release: scenario.device.release,
      density: display.density,
    }),
    settings: new Map([
      ['global/animator_duration_scale', '1.0'],
      ['global/transition_animation_scale', '1.0'],
      ['global/window_animation_scale', '1.0'],
      ['secure/default_input_method', 'com.android.inputmethod.latin/.LatinIME'],
      ['system/screen_off_timeout', '600000'],
      ['system/font_scale', '1.0'],
      // Portrait, rotation locked: what a phone on a desk reports.
      ['system/user_rotation', '0'],
      ['system/accelerometer_rotation', '0'],
    ]),
    screencap,
    dumpDelayMs: opts.dumpDelayMs ?? 0,
    dumpFaults: [],
    wm: {},
    installed: new Map(),
    serve: (port, handler, owner = scenario.package) =>
      handler === undefined ? sockets.close(port) : sockets.listen(port, handler, uids.uidOf(owner)),
    sockets,
    uids,
    onPackageStopped(pkg) {
      if (pkg === UIA2_SERVER_PACKAGE || pkg === UIA2_TEST_PACKAGE) uia2.server?.stop('killed');
    },
    uia2,
  };
  const commands = androidCommands(ctx);
  const env = new Map([
    ['PATH', '/product/bin:/apex/com.android.runtime/bin:/system/bin:/system/xbin:/odm/bin:/vendor/bin'],
    ['HOME', '/'],
    ['USER', 'shell'],
    ['HOSTNAME', 'localhost'],
    ['EXTERNAL_STORAGE', '/sdcard'],
    ['ANDROID_DATA', '/data'],
    ['ANDROID_ROOT', '/system'],
    ['TMPDIR', '/data/local/tmp'],
  ]);
  for (const [port, server] of scenario.tcp) {
    const owner = uids.uidOf(scenario.package);
    if ('echo' in server) sockets.listen(port, echoServer(), owner);
    else if (scenario.dir !== undefined) sockets.listen(port, httpServer(`${scenario.dir}/${server.http}`), owner);
  }
  fs.mkdirp('/proc/net');
  fs.procFile('/proc/net/tcp', () => Buffer.from(sockets.tcp()));
  fs.procFile('/proc/net/tcp6', () => Buffer.from(sockets.tcp6()));
  for (const name of commands.keys()) fs.writeFile(`/system/bin/${name}`, new Uint8Array(0), { perm: 0o755 });
  // An Android 14 GKI kernel's banner (what `cat /proc/version` prints on such a phone).
  fs.writeFile(
    '/proc/version',
    Buffer.from(
      'Linux version 6.1.57-android14-11-g0ea5d6a2c6f1 (build-user@build-host) (Android (10087095, +pgo, +bolt, +lto, -mlgo, based on r487747c) clang version 17.0.2, LLD 17.0.2) #1 SMP PREEMPT Mon Jan  1 00:00:00 UTC 2024\n',
    ),
    { perm: 0o444 },
  );
  const services = createDeviceServices({
    banner: {
      product: scenario.device.product,
      model: scenario.device.model.replace(/\s+/g, '_'),
      device: 'glance_virtual',
      features: VIRTUAL_FEATURES,
    },
    fs,
    commands,
    env,
    tcp,
    prompt: 'glance_virtual:/ $ ',
  });
  return {
    services,
    state: phone,
    fs,
    props: ctx.props,
    scenario,
    screencap,
    serve: (port, handler, o = {}) => {
      const owner = o.owner ?? scenario.package;
      if (!scenario.packages.includes(owner)) scenario.packages.push(owner);
      sockets.listen(port, handler, uids.uidOf(owner), o.family);
    },
    failDumps: (fault, times = 1) => {
      for (let i = 0; i < times; i++) ctx.dumpFaults.push(fault);
    },
    failUia2: (fault, times = 1) => {
      for (let i = 0; i < times; i++) uia2.faults.push(fault);
    },
    uia2: () => ({ running: uia2.server !== undefined, starts: uia2.starts }),
    async run(command, options = {}) {
      const out = collector();
      const err = collector();
      const shell = new Shell({
        fs,
        commands,
        env: new Map(env),
        signal: options.signal ?? new AbortController().signal,
        tty: options.tty ?? false,
      });
      const exitCode = await shell.run(command, { stdout: out.sink, stderr: err.sink });
      debug('virtual', () => `sh (in-process) ${preview(command, 96)} → exit ${exitCode}`);
      return { stdout: out.bytes(), stderr: err.bytes(), exitCode };
    },
  };
}

/** Most output an in-process run collects per stream; past it the command's reader is gone, as a host that stopped reading. */
const MAX_RUN_OUTPUT = 64 * 1024 * 1024;

function collector(): { sink: Sink; bytes(): Uint8Array } {
  const parts: Uint8Array[] = [];
  let size = 0;
  return {
    sink: {
      write(d) {
        const take = d.subarray(0, MAX_RUN_OUTPUT - size);
        parts.push(take);
        size += take.length;
      },
      ready: () => (size >= MAX_RUN_OUTPUT ? Promise.reject(new SinkClosed('Broken pipe')) : Promise.resolve()),
    },
    bytes: () => Buffer.concat(parts),
  };
}
