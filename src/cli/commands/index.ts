// CLI commands that are not catalogue tools: long-running servers, demos, benchmarks and the farm. Each is loaded on
// first use, so `glance tap` does not pay for the MCP SDK, tree-sitter or the virtual device at start-up.
import type { Command } from './types.js';

export type { Command, CommandIO } from './types.js';

export const commands: Readonly<Record<string, Command>> = {
  daemon: {
    summary: 'the background daemon that keeps glance loaded between calls: `daemon status`, `daemon stop`',
    run: async (argv, io) => (await import('../client.js')).daemonCommand(io.json ? [...argv, '--json'] : argv, io.stdout, io.env),
  },
  demo: {
    summary: 'a 30-second tour on a built-in virtual phone (no emulator, no adb needed)',
    run: async (argv, io) => (await import('./demo.js')).demoCommand(argv, io),
  },
  virtual: {
    summary: 'run a virtual Android device (demo app, a scenario folder or a DroidBot recording) on 127.0.0.1:PORT',
    run: async (argv, io) => (await import('./virtual.js')).virtualCommand(argv, io),
  },
  mcp: {
    summary: 'MCP server for agents (stdio; --http PORT for Streamable HTTP on 127.0.0.1 with a bearer token)',
    run: async (argv, io) => (await import('./mcp.js')).mcpCommand(argv, io),
  },
  bench: {
    summary: 'benchmarks: `bench agent` on DroidTask task worlds (SR, ACP, CTR, SPL…), `bench navigate` goto over a trailmap',
    ownsJson: true,
    run: async (argv, io) => (await import('./bench.js')).benchCommand(argv, io),
  },
  farm: {
    summary: 'agent episodes across many devices on BullMQ + Redis: up, worker, run, submit, status, export, down',
    ownsJson: true,
    run: async (argv, io) => (await import('./farm.js')).farmCommand(argv, io),
  },
  blocks: {
    summary: 'privacy mode: the screen as layout blocks ranked for a task (what a cloud model would see first)',
    run: async (argv, io) => {
      const [{ blocksCommand }, { cliSession }] = await Promise.all([import('./blocks.js'), import('../session.js')]);
      const session = io.session ?? cliSession(io.env);
      try {
        return await blocksCommand(argv, {
          ...io,
          liveDump: async () => {
            const device = await session.devices.get(io.serial ?? io.env['ANDROID_SERIAL'], { signal: io.signal });
            return device.dump({ signal: io.signal });
          },
        });
      } finally {
        // As after every tool (main.ts): no idle connection keeps the process alive.
        if (io.session === undefined) await session.close();
      }
    },
  },
};
