/** `wm` / `cmd window` (WindowManagerShellCommand.java): size and density, with overrides. */
import type { Command } from '../shell.js';
import type { DeviceContext } from './context.js';

export function displaySize(dev: DeviceContext): string {
  const d = dev.phone.scenario.display;
  return `${d.width}x${d.height}`;
}

export function wm(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, arg] = ctx.argv.slice(1);
    const d = dev.phone.scenario.display;
    if (sub === 'size') {
      if (arg === 'reset') delete dev.wm.size;
      else if (arg !== undefined && /^\d+x\d+$/.test(arg)) dev.wm.size = arg;
      else if (arg !== undefined) {
        ctx.err(`Error: bad size ${arg}\n`);
        return 255;
      } else ctx.out(`Physical size: ${displaySize(dev)}\n${dev.wm.size !== undefined ? `Override size: ${dev.wm.size}\n` : ''}`);
      return 0;
    }
    if (sub === 'density') {
      if (arg === 'reset') delete dev.wm.density;
      else if (arg !== undefined && /^\d+$/.test(arg)) dev.wm.density = Number(arg);
      else if (arg !== undefined) {
        ctx.err(`Error: bad density ${arg}\n`);
        return 255;
      } else ctx.out(`Physical density: ${d.density}\n${dev.wm.density !== undefined ? `Override density: ${dev.wm.density}\n` : ''}`);
      return 0;
    }
    ctx.out(
      'Window manager (window) commands:\n  help\n      Print this help text.\n  size [reset|WxH|WdpxHdp]\n  density [reset|DENSITY]\n',
    );
    return sub === undefined ? 0 : 255;
  };
}
