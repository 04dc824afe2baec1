// Device tools that are not actions on the screen: devices, apps, the foreground activity, stopping an app,
// and the set-up diagnosis. `deviceTools` lists every device tool in the order front-ends show them.
import { z } from 'zod';
import { isDiagnosable, renderDoctor } from '../device/doctor.js';
import { actionTools } from './actions.js';
import { outputs } from './outputs.js';
import { defineTool, type ToolDef } from './registry.js';
import { respond } from './response.js';
import { backTool, homeTool } from './keys.js';
import { screenshotTool } from './screenshot.js';
import { assertTool, waitTool } from './wait.js';

export const listTool = defineTool({
  name: 'device_list',
  title: 'List devices',
  description:
    'Android devices the adb server (or a direct connection) can see, with their state. Pass a serial as `device` when more than one is online.',
  schema: z.object({}),
  output: outputs.list,
  listOutput: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(_input, ctx) {
    const list = await ctx.devices.list({ signal: ctx.signal });
    const lines = list.map((d) =>
      [d.serial, d.state, d.model ? `model:${d.model}` : '', d.product ? `product:${d.product}` : ''].filter((x) => x !== '').join('\t'),
    );
    const r = respond({ devices: list });
    return (lines.length === 0 ? r.text('no devices').next({ tool: 'device_doctor' }) : r.text(...lines)).build();
  },
});

export const stopTool = defineTool({
  name: 'device_stop_app',
  title: 'Stop an app',
  description: 'Force-stop an app by package name.',
  schema: z.object({ app: z.string().min(1).describe('package name') }),
  output: outputs.stop,
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    await device.stop(input.app, { signal: ctx.signal });
    return respond({ stopped: input.app }).text(`stopped ${input.app}`).build();
  },
});

export const appsTool = defineTool({
  name: 'device_apps',
  title: 'List installed apps',
  description: 'Installed packages: third-party apps, or all with `all`.',
  schema: z.object({ all: z.boolean().optional().describe('include system packages') }),
  output: outputs.apps,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    const apps = await device.apps({ signal: ctx.signal, all: input.all ?? false });
    return respond({ apps })
      .text(apps.length === 0 ? 'no apps' : apps.join('\n'))
      .build();
  },
});

export const activityTool = defineTool({
  name: 'device_activity',
  title: 'Foreground app',
  description: 'The package and activity in the foreground, and the screen size and density.',
  schema: z.object({}),
  output: outputs.activity,
  listOutput: true,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(_input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    // Two independent dumpsys/wm round trips: asked together.
    const [fg, size] = await Promise.all([device.foreground({ signal: ctx.signal }), device.screenSize({ signal: ctx.signal })]);
    return respond({ ...(fg ? { package: fg.package, activity: fg.activity } : {}), screen: size })
      .text(fg ? `${fg.package}/${fg.activity}` : 'no foreground activity', `screen ${size.width}x${size.height} @${size.density}dpi`)
      .build();
  },
});

export const doctorTool = defineTool({
  name: 'device_doctor',
  title: 'Diagnose the setup',
  description: 'Checks the adb binary, the adb server, connected devices and their authorisation, and says how to fix each problem.',
  schema: z.object({}),
  output: outputs.doctor,
  annotations: { readOnlyHint: true, openWorldHint: false },
  async handler(_input, ctx) {
    if (!isDiagnosable(ctx.devices)) {
      const list = await ctx.devices.list({ signal: ctx.signal });
      const checks = [{ name: 'devices', ok: list.length > 0, detail: `${list.length} visible` }];
      const r = respond({ checks }).text(renderDoctor(checks));
      return (list.length > 0 ? r : r.fail(1)).build();
    }
    const checks = await ctx.devices.diagnose({ signal: ctx.signal });
    const ok = checks.every((c) => c.ok);
    const r = respond({ ok, checks }).text(renderDoctor(checks));
    return (ok ? r : r.fail(1)).build();
  },
});

export const deviceTools: ToolDef[] = [
  listTool,
  ...actionTools,
  backTool,
  homeTool,
  stopTool,
  appsTool,
  activityTool,
  screenshotTool,
  waitTool,
  assertTool,
  doctorTool,
];
