// `glance virtual [--port N] [--scenario demo|DIR | --droidbot DIR | --trailmap DIR [--start W]]`: serves a virtual ADB device on
// 127.0.0.1:PORT until stopped, and prints its serial (`127.0.0.1:PORT`) on the first line once it accepts
// connections, so scripts can `adb connect "$(glance virtual … | head -1)"`. Several can run on different ports.
import { GlanceError } from '../../errors.js';
import { startVirtualDevice } from '../../device/virtual/index.js';
import type { Scenario } from '../../device/virtual/scenario.js';
import { trailmapScenario } from '../../device/virtual/trailmap.js';
import { loadTrailmap } from '../../trailmap/index.js';
import { parseCommandArgs, portOption } from '../args.js';
import { untilAborted } from '../io.js';
import { renderResult } from '../output.js';

export interface VirtualIO {
  stdout(s: string): void;
  stderr(s: string): void;
  signal: AbortSignal;
  /** The global --json switch: the ready line is one `{ok, result: {serial, …}}` object instead. */
  json?: boolean;
}

const HELP = `glance virtual [--port N] [--scenario demo|DIR | --droidbot DIR | --trailmap DIR [--start W]] [--dump-ms MS] [--screencap-ms MS]

Runs a virtual Android device made of recorded screens. Real adb and Glance drive it like a phone:

  glance virtual --port 5560 &
  adb connect 127.0.0.1:5560 && adb -s 127.0.0.1:5560 shell uiautomator dump

  --port N          TCP port (default: a free one); the serial 127.0.0.1:N is printed when ready
  --scenario S      built-in scenario name (demo) or a scenario folder (docs/virtual.md); default demo
  --droidbot DIR    replay a DroidBot output folder (states/ + events/) instead
  --trailmap DIR    serve a trailmap's captures (waypoints/, shortcuts/, captures/): an action that performs a
                    shortcut's tool moves to its target waypoint; iOS captures run as a virtual iPhone
  --start W         the waypoint shown first with --trailmap (default: the one most shortcuts leave from)
  --dump-ms MS      make every uiautomator dump take MS milliseconds, like a real phone (1500-3000);
                    --dump-delay is the same option under its older name
  --screencap-ms MS make every screen capture (screencap, the UiAutomator2 server's /screenshot) take MS
                    milliseconds, like a real phone (300-1000)
  --uia2-start-ms MS  the emulated UiAutomator2 server takes MS milliseconds to start (phones: 1000-3000)
  --verbose         log every action and its outcome (or that nothing was recorded) to stderr
  --ios             a virtual iPhone (WebDriverAgent) over a trailmap instead: see \`glance virtual --ios --help\`
`;

function usage(message: string): GlanceError {
  return new GlanceError('USAGE', message, { hint: 'see `glance virtual --help`' });
}

/** Serves until io.signal fires; returns the exit status, throws GlanceErrors for main.ts to print. */
export async function virtualCommand(argv: string[], io: VirtualIO): Promise<number> {
  if (argv.includes('--ios')) return (await import('./virtual-ios.js')).virtualIosCommand(argv, io);
  const { values } = parseCommandArgs('virtual', {
    args: argv,
    options: {
      port: { type: 'string' },
      scenario: { type: 'string' },
      droidbot: { type: 'string' },
      trailmap: { type: 'string' },
      start: { type: 'string' },
      'dump-delay': { type: 'string' },
      'dump-ms': { type: 'string' },
      'screencap-ms': { type: 'string' },
      'uia2-start-ms': { type: 'string' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help === true) {
    io.stdout(renderResult({ text: HELP }, io.json === true));
    return 0;
  }
  const port = values.port === undefined ? 0 : portOption('virtual', '--port', values.port);
  const sources = [values.scenario, values.droidbot, values.trailmap].filter((v) => v !== undefined);
  if (sources.length > 1) throw usage('use one of --scenario, --droidbot and --trailmap');
  if (values.start !== undefined && values.trailmap === undefined) throw usage('--start names a waypoint of --trailmap');
  let trailmap: Scenario | undefined;
  if (values.trailmap !== undefined) {
    const map = await loadTrailmap(values.trailmap);
    // A trailmap of iOS screens runs as a virtual iPhone.
    if (![...map.captures.values()].some((c) => (c.dump.platform ?? 'android') === 'android'))
      return (await import('./virtual-ios.js')).virtualIosCommand(['--ios', ...argv], io);
    trailmap = trailmapScenario(map, values.start);
  }
  const ms = (name: string, v: string | undefined): number => {
    const n = v === undefined ? 0 : Number(v);
    if (!Number.isFinite(n) || n < 0) throw usage(`--${name} must be a number of milliseconds`);
    return n;
  };
  const delay = ms('dump-ms', values['dump-ms'] ?? values['dump-delay']);
  const uia2StartMs = ms('uia2-start-ms', values['uia2-start-ms']);
  const screencapDelayMs = ms('screencap-ms', values['screencap-ms']);
  try {
    const running = await startVirtualDevice({
      port,
      signal: io.signal,
      dumpDelayMs: delay,
      screencapDelayMs,
      uia2StartMs,
      ...(values.scenario === undefined ? {} : { scenario: values.scenario }),
      ...(trailmap === undefined ? {} : { scenario: trailmap }),
      ...(values.droidbot === undefined ? {} : { droidbotDir: values.droidbot }),
    });
    const sc = running.device.scenario;
    const ready = { serial: running.serial, port: running.port, package: sc.package, label: sc.label, screens: sc.screens.size };
    io.stdout(renderResult({ text: running.serial, data: ready }, io.json === true));
    io.stderr(`virtual device ${running.serial}: ${sc.label} (${sc.package}), ${sc.screens.size} screens; adb connect ${running.serial}\n`);
    if (values.verbose === true) running.device.state.onLog = (e) => io.stderr(`[${e.screen}] ${e.action}: ${e.message}\n`);
    await untilAborted(io.signal);
    await running.close();
    return 0;
  } catch (e) {
    throw portError(e, port);
  }
}

/** A port already taken as a usage error naming it; any other failure unchanged. */
export function portError(e: unknown, port: number): unknown {
  if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') return e;
  return new GlanceError('USAGE', `port ${port} is already in use`, {
    hint: 'pick another --port, or omit it to get a free one',
    cause: e,
  });
}
