/**
 * Display queries: `dumpsys SurfaceFlinger --display-id` (frameworks/native/services/surfaceflinger
 * SurfaceFlinger::dumpDisplayIdentificationData: one `Display ID (HWC display N): …` line per display) and
 * `cmd display get-displays` (DisplayManagerShellCommand: one `Display id N: DisplayInfo{…}` line per display,
 * the fields tools read — `state ON`, `uniqueId "local:…"`, `real W x H` — exact).
 */
import type { CmdContext, Command } from '../shell.js';
import type { DeviceContext } from './context.js';

/** The built-in panel's physical display id, as an emulator's first display reports it. */
export const PHYSICAL_DISPLAY_ID = '4619827259835644672';

export function surfaceFlinger(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  const d = dev.phone.scenario.display;
  if (args.includes('--display-id')) {
    ctx.out(`Display ${PHYSICAL_DISPLAY_ID} (HWC display 0): port=0 pnpId=GGL displayName="Glance virtual display"\n`);
    return 0;
  }
  ctx.out(`Display ${PHYSICAL_DISPLAY_ID} (HWC display 0): ${d.width}x${d.height}, density ${d.density}, powerMode=On\n`);
  return 0;
}

export function displayCmd(dev: DeviceContext): Command {
  return (ctx) => {
    const sub = ctx.argv[1];
    if (sub !== 'get-displays') {
      ctx.out(
        'Display manager commands:\n  help\n    Print this help text.\n  get-displays [-c|--category CATEGORY] [-i|--ids-only] [-t|--type TYPE]\n',
      );
      return sub === undefined || sub === 'help' ? 0 : 255;
    }
    const d = dev.phone.scenario.display;
    if (ctx.argv.includes('-i') || ctx.argv.includes('--ids-only')) {
      ctx.out('0\n');
      return 0;
    }
    ctx.out(
      `Display id 0: DisplayInfo{"Built-in Screen", displayId 0, displayGroupId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, ` +
        `real ${d.width} x ${d.height}, largest app ${d.height} x ${d.height}, smallest app ${d.width} x ${d.width}, ` +
        `appVsyncOff 1000000, presDeadline 16666666, mode 1, defaultMode 1, rotation 0, state ON, committedState ON, type INTERNAL, ` +
        `uniqueId "local:${PHYSICAL_DISPLAY_ID}", app ${d.width} x ${d.height}, density ${d.density} (${d.density}.0 x ${d.density}.0) dpi, layerStack 0}\n`,
    );
    return 0;
  };
}
