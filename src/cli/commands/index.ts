// CLI commands that are not registry tools: long-running servers and file-to-file jobs.
import { createDeviceProvider } from '../devices.js';
import { blocksCommand } from './blocks.js';
import { demoCommand } from './demo.js';
import { mapCommand } from './map.js';
import { mcpCommand } from './mcp.js';
import type { Command } from './types.js';
import { virtualCommand } from './virtual.js';

export type { Command, CommandIO } from './types.js';

export const commands: Readonly<Record<string, Command>> = {
  demo: demoCommand,
  virtual: {
    summary: 'run a virtual Android device (demo app, a scenario folder or a DroidBot recording) on 127.0.0.1:PORT',
    run: (argv, io) => virtualCommand(argv, io),
  },
  mcp: mcpCommand,
  map: {
    summary: 'UI Map of an app from its source (screens, elements, transitions); `map path` plans a route',
    run: (argv, io) => mapCommand(argv, io),
  },
  blocks: {
    summary: 'privacy mode: the screen as layout blocks ranked for a task (what a cloud model would see first)',
    run: (argv, io) =>
      blocksCommand(argv, {
        ...io,
        liveDump: async () => {
          const device = await createDeviceProvider(io.env).get(io.serial ?? io.env['ANDROID_SERIAL'], { signal: io.signal });
          return device.dump({ signal: io.signal });
        },
      }),
  },
};
