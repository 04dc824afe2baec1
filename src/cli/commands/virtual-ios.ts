// `glance virtual --ios [--trailmap DIR] [--port P] [--start WAYPOINT] [--verbose]`: serves a virtual iOS device
// (the WebDriverAgent HTTP API) made of a trailmap's captures, its shortcuts as transitions, until stopped.
// Prints `wda:http://127.0.0.1:PORT` first, the serial to pass as `-s` (or GLANCE_WDA_URL).
import { builtinIosTrailmapDir, startVirtualIos } from '../../device/virtual/wda/index.js';
import { parseCommandArgs, portOption } from '../args.js';
import { untilAborted } from '../io.js';
import { renderResult } from '../output.js';
import { portError, type VirtualIO } from './virtual.js';

const HELP = `glance virtual --ios [--trailmap DIR] [--port N] [--start WAYPOINT] [--verbose]

Runs a virtual iPhone: a WebDriverAgent server made of a trailmap's captured screens, whose shortcuts move
between them (a tap, typing or swipe that performs a shortcut's tool goes to its target waypoint).

  glance virtual --ios --port 8100 &
  glance -s wda:http://127.0.0.1:8100 ui

  --trailmap DIR   a trailmap folder (waypoints/, shortcuts/, captures/); default: the built-in notes app
  --port N         TCP port (default: a free one)
  --start W        the waypoint shown first (default: the one most shortcuts leave from)
  --verbose        log every action and the shortcut it took to stderr
`;

export async function virtualIosCommand(argv: string[], io: VirtualIO): Promise<number> {
  const { values } = parseCommandArgs('virtual', {
    args: argv,
    options: {
      ios: { type: 'boolean' },
      trailmap: { type: 'string' },
      port: { type: 'string' },
      start: { type: 'string' },
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
  let running;
  try {
    running = await startVirtualIos({
      trailmap: values.trailmap ?? builtinIosTrailmapDir(),
      port,
      ...(values.start === undefined ? {} : { start: values.start }),
    });
  } catch (e) {
    throw portError(e, port);
  }
  const w = running.world;
  const serial = `wda:${running.url}`;
  io.stdout(
    renderResult(
      { text: serial, data: { serial, url: running.url, port: running.port, bundleId: w.bundleId, start: w.start } },
      io.json === true,
    ),
  );
  io.stderr(
    `virtual iOS device ${running.url}: ${w.appName} (${w.bundleId}), ${w.map.captures.size} screens, ${w.map.shortcuts.length} shortcuts; glance -s ${serial} ui\n`,
  );
  if (values.verbose === true) w.onEvent = (e) => io.stderr(`[${e.waypoint}] ${e.action}: ${e.outcome}\n`);
  await untilAborted(io.signal);
  await running.close();
  return 0;
}
