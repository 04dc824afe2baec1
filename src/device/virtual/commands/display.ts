/**
 * Display queries, as Android 14 prints them:
 * - `dumpsys SurfaceFlinger --display-id` (frameworks/native/services/surfaceflinger SurfaceFlinger
 *   dumpDisplayIdentificationData): one `Display ID (HWC display N): port=… pnpId=… displayName="…"` line a display.
 * - `cmd display get-displays [-i] [-t TYPE] [-c CATEGORY] [CATEGORY]` (frameworks/base/services/core/java/com/
 *   android/server/display/DisplayManagerShellCommand.java getDisplays): a `Displays:` line, then one
 *   `Display.toString()` a display (core/java/android/view/Display.java: `Display id N: ` + DisplayInfo.toString() +
 *   `, ` + DisplayMetrics.toString() + `, isValid=true`). The shell command runs in system_server, so DisplayInfo
 *   prints its system-only tail (type, uniqueId, app size, density…). Bad options print `Error: …` on stdout, exit 1.
 */
import type { CmdContext, Command } from '../shell.js';
import { dp } from '../chrome.js';
import type { DisplayInfo } from '../scenario.js';
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

/** Java's Float.toString for the short values printed here (`420.0`, `2.625`). */
function javaFloat(v: number): string {
  return Number.isInteger(v) ? v.toFixed(1) : String(v);
}

/**
 * `Display.toString()` of the built-in display (Android 14 field order). Sizes follow the window manager: the app
 * area leaves out the 48dp navigation bar; the nominal app sizes also leave out the 24dp status bar, in both
 * orientations.
 */
export function describeDisplay(d: DisplayInfo): string {
  const nav = dp(d, 48);
  const status = dp(d, 24);
  const appH = d.height - nav;
  const portrait = { w: d.width, h: d.height - nav - status };
  const landscape = { w: d.height - nav, h: d.width - status };
  const mode = `{id=1, width=${d.width}, height=${d.height}, fps=60.0, alternativeRefreshRates=[], supportedHdrTypes=[]}`;
  const scale = d.density / 160;
  const info =
    `DisplayInfo{"Built-in Screen", displayId 0, displayGroupId 0, FLAG_SECURE, FLAG_SUPPORTS_PROTECTED_BUFFERS, FLAG_TRUSTED, ` +
    `real ${d.width} x ${d.height}, largest app ${Math.max(portrait.w, landscape.w)} x ${Math.max(portrait.h, landscape.h)}, ` +
    `smallest app ${Math.min(portrait.w, landscape.w)} x ${Math.min(portrait.h, landscape.h)}, appVsyncOff 1000000, ` +
    `presDeadline 16666666, mode 1, renderFrameRate 60.0, defaultMode 1, userPreferredModeId -1, modes [${mode}], ` +
    `hdrCapabilities HdrCapabilities{mSupportedHdrTypes=[], mMaxLuminance=500.0, mMaxAverageLuminance=500.0, mMinLuminance=0.0}, ` +
    `userDisabledHdrTypes [], minimalPostProcessingSupported false, rotation 0, state ON, committedState ON, type INTERNAL, ` +
    `uniqueId "local:${PHYSICAL_DISPLAY_ID}", app ${d.width} x ${appH}, density ${d.density} (${javaFloat(d.density)} x ${javaFloat(d.density)}) dpi, ` +
    `layerStack 0, colorMode 0, supportedColorModes [0], address {port=0, model=0x401cec6a7a2b7b}, ` +
    `deviceProductInfo DeviceProductInfo{name=, manufacturerPnpId=GGL, productId=1, modelYear=null, manufactureDate=ManufactureDate{week=27, year=2006}, connectionToSinkType=0}, ` +
    `removeMode 0, refreshRateOverride 0.0, brightnessMinimum 0.0, brightnessMaximum 1.0, brightnessDefault 0.39763778, ` +
    `installOrientation ROTATION_0, layoutLimitedRefreshRate null, hdrSdrRatio not_available, thermalRefreshRateThrottling {}, ` +
    `thermalBrightnessThrottlingDataId default}`;
  const metrics =
    `DisplayMetrics{density=${javaFloat(scale)}, width=${d.width}, height=${appH}, scaledDensity=${javaFloat(scale)}, ` +
    `xdpi=${javaFloat(d.density)}, ydpi=${javaFloat(d.density)}}`;
  return `Display id 0: ${info}, ${metrics}, isValid=true`;
}

const TYPES = ['UNKNOWN', 'INTERNAL', 'EXTERNAL', 'WIFI', 'OVERLAY', 'VIRTUAL'];

/** `get-displays`: the one built-in display is INTERNAL and in no category (PRESENTATION, REAR… select none). */
function getDisplays(dev: DeviceContext, ctx: CmdContext, args: readonly string[]): number {
  let idsOnly = false;
  let category: string | undefined;
  const types: string[] = [];
  let i = 0;
  for (; i < args.length && args[i]!.startsWith('-'); i++) {
    const opt = args[i]!;
    if (opt === '--') {
      i++;
      break;
    }
    if (opt === '-i' || opt === '--ids-only') idsOnly = true;
    else if (opt === '-t' || opt === '--type') {
      const t = (args[++i] ?? '').toUpperCase();
      if (!TYPES.includes(t)) {
        ctx.out(
          `Error: argument for display type should be one of 'UNKNOWN', 'INTERNAL', 'EXTERNAL', 'WIFI', 'OVERLAY', 'VIRTUAL', but got '${t}' instead.\n`,
        );
        return 1;
      }
      types.push(t);
    } else if (opt === '-c' || opt === '--category') {
      if (category !== undefined) {
        ctx.out('Error: the category has been specified more than one time. Please select only one category.\n');
        return 1;
      }
      category = args[++i] ?? '';
    } else {
      ctx.out(`Error: unknown option '${opt}'\n`);
      return 1;
    }
  }
  const positional = args[i];
  if (positional !== undefined) {
    if (category !== undefined) {
      ctx.out(
        'Error: the category has been specified both with the -c option and the positional argument. Please select only one category.\n',
      );
      return 1;
    }
    category = positional;
  }
  // DisplayManager.getDisplays(category): no category, or the one that adds disabled displays, lists the built-in one.
  const everything = category === undefined || category === 'android.hardware.display.category.ALL_INCLUDING_DISABLED';
  const shown = everything && (types.length === 0 || types.includes('INTERNAL'));
  if (!idsOnly) ctx.out('Displays:\n');
  if (shown) ctx.out(idsOnly ? '0\n' : `${describeDisplay(dev.phone.scenario.display)}\n`);
  return 0;
}

export function displayCmd(dev: DeviceContext): Command {
  return (ctx) => {
    const [sub, ...rest] = ctx.argv.slice(1);
    if (sub === 'get-displays') return getDisplays(dev, ctx, rest);
    // ShellCommand.handleDefaultCommands: help (also with no verb) and unknown verbs both end with -1 (exit 255).
    // Only the verb emulated here is listed.
    if (sub === undefined || sub === 'help' || sub === '-h') {
      ctx.out(
        'Display manager commands:\n  help\n    Print this help text.\n\n' +
          '  get-displays [-c|--category CATEGORY] [-i|--ids-only] [-t|--type TYPE]\n    [CATEGORY]\n' +
          '    Returns the current displays. Can specify string category among\n' +
          '    DisplayManager.DISPLAY_CATEGORY_*; must use the actual string value.\n' +
          "    Can choose to print only the ids of the displays. Can filter by\n    display types. For example, '--type external'\n",
      );
    } else ctx.out(`Unknown command: ${sub}\n`);
    return 255;
  };
}
