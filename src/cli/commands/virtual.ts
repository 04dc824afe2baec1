// `glance virtual [--port N] [--scenario demo|DIR] [--droidbot DIR]`: serves a virtual ADB device on
// 127.0.0.1:PORT until stopped, and prints its serial (`127.0.0.1:PORT`) on the first line once it accepts
// connections, so scripts can `adb connect "$(glance virtual … | head -1)"`. Several can run on different ports.
import { parseArgs } from 'node:util';
import { GlanceError, exitCodeFor, isGlanceError } from '../../errors.js';
import { startVirtualDevice } from '../../device/virtual/index.js';

export interface VirtualIO {
  stdout(s: string): void;
  stderr(s: string): void;
  signal: AbortSignal;
}

const HELP = `glance virtual [--port N] [--scenario demo|DIR] [--droidbot DIR] [--dump-delay MS]

Runs a virtual Android device made of recorded screens. Real adb and Glance drive it like a phone:

  glance virtual --port 5560 &
  adb connect 127.0.0.1:5560 && adb -s 127.0.0.1:5560 shell uiautomator dump

  --port N          TCP port (default: a free one); the serial 127.0.0.1:N is printed when ready
  --scenario S      built-in scenario name (demo) or a scenario folder (docs/virtual.md); default demo
  --droidbot DIR    replay a DroidBot output folder (states/ + events/) instead
  --dump-delay MS   make every uiautomator dump take MS milliseconds, like a real phone (1500-3000)
  --verbose         log every action and its outcome (or that nothing was recorded) to stderr
`;

export async function virtualCommand(argv: string[], io: VirtualIO): Promise<number> {
  let values: { port?: string; scenario?: string; droidbot?: string; 'dump-delay'?: string; verbose?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        port: { type: 'string' },
        scenario: { type: 'string' },
        droidbot: { type: 'string' },
        'dump-delay': { type: 'string' },
        verbose: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    io.stderr(`glance virtual: ${e instanceof Error ? e.message : String(e)}\n\n${HELP}`);
    return 1;
  }
  if (values.help === true) {
    io.stdout(HELP);
    return 0;
  }
  const port = values.port === undefined ? 0 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    io.stderr(`glance virtual: --port must be a TCP port number, got "${values.port ?? ''}"\n`);
    return 1;
  }
  if (values.scenario !== undefined && values.droidbot !== undefined) {
    io.stderr('glance virtual: use either --scenario or --droidbot, not both\n');
    return 1;
  }
  const delay = values['dump-delay'] === undefined ? 0 : Number(values['dump-delay']);
  if (!Number.isFinite(delay) || delay < 0) {
    io.stderr('glance virtual: --dump-delay must be a number of milliseconds\n');
    return 1;
  }
  try {
    const running = await startVirtualDevice({
      port,
      signal: io.signal,
      dumpDelayMs: delay,
      ...(values.scenario === undefined ? {} : { scenario: values.scenario }),
      ...(values.droidbot === undefined ? {} : { droidbotDir: values.droidbot }),
    });
    io.stdout(`${running.serial}\n`);
    const sc = running.device.scenario;
    io.stderr(`virtual device ${running.serial}: ${sc.label} (${sc.package}), ${sc.screens.size} screens; adb connect ${running.serial}\n`);
    if (values.verbose === true) running.device.state.onLog = (e) => io.stderr(`[${e.screen}] ${e.action}: ${e.message}\n`);
    await new Promise<void>((resolve) => {
      if (io.signal.aborted) resolve();
      else io.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    await running.close();
    return 0;
  } catch (e) {
    if (isGlanceError(e)) {
      io.stderr(`glance virtual: ${e.message}${e.hint === undefined ? '' : `\nhint: ${e.hint}`}\n`);
      return exitCodeFor(e);
    }
    const err = e as NodeJS.ErrnoException;
    if (err.code === 'EADDRINUSE') {
      const ge = new GlanceError('USAGE', `port ${port} is already in use`, { hint: 'pick another --port, or omit it to get a free one' });
      io.stderr(`glance virtual: ${ge.message}\nhint: ${ge.hint}\n`);
      return 1;
    }
    throw e;
  }
}
