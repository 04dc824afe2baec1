/**
 * Device tools: one definition each, serving the CLI verb and the MCP tool. Handlers are thin:
 * they pick the device, call device/actions.ts and shape the result — `text` is the settled diff plus the
 * equivalent `glance …` command line, `data` the same facts structured (what `--json` prints).
 */
import { z } from 'zod';
import {
  assertSelector,
  clearField,
  launchApp,
  pressKey,
  scroll,
  swipe,
  touch,
  typeInto,
  waitFor,
  waitIdle,
  type ActionEnv,
  type ActionOutcome,
  type TouchKind,
} from '../device/actions/index.js';
import { looksLikeTarget } from '../snapshot/target.js';
import { commandLine } from './command.js';
import { isDiagnosable, renderDoctor } from '../device/doctor.js';
import { GlanceError } from '../errors.js';
import { snapshotFromDump } from '../snapshot/snapshot.js';
import { defineTool, type ToolContext, type ToolDef, type ToolResult } from './registry.js';

const target = z.string().min(1).describe('a ref from the snapshot (b12), a selector (#login, Button:has-text("OK")) or a point X,Y');
const element = z.string().optional().describe('human-readable description of the element (for logs; not used to find it)');
const settleMs = z
  .number()
  .int()
  .min(0)
  .max(60_000)
  .optional()
  .describe('how long to wait for the screen to settle after the action, in ms (default 2000)');
const directions = ['up', 'down', 'left', 'right'] as const;

async function env(ctx: ToolContext, settle?: number): Promise<ActionEnv> {
  const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
  return { device, store: ctx.snapshots, signal: ctx.signal, ...(settle === undefined ? {} : { settleMs: settle }) };
}

function describe(o: ActionOutcome): string {
  const t = 'target' in o ? o.target : undefined;
  const what = t ? `${t.ref ?? t.text}${t.label !== undefined && t.ref !== undefined ? ` ${JSON.stringify(t.label)}` : ''}` : '';
  const point = 'point' in o ? o.point : undefined;
  const at = point ? ` at ${point.x},${point.y}` : '';
  const how = o.action === 'key' ? ` ${o.name ?? String(o.code)}` : 'direction' in o && o.direction !== undefined ? ` ${o.direction}` : '';
  return `${o.action}${how}${what ? ' ' + what : ''}${at}`;
}

/** Text for an action: what was done, the diff, a settle warning, the equivalent command. */
function actionResult(
  o: ActionOutcome,
  args: readonly string[],
  serial: string | undefined,
  extraLines: readonly string[] = [],
): ToolResult {
  const command = commandLine(serial, args);
  const lines = [describe(o), ...extraLines];
  if ('target' in o && o.target?.covered)
    lines.push('(warning: the element is entirely covered by another element; the touch may have reached that one)');
  lines.push(o.diff.trimEnd());
  if (!o.settled) lines.push('(the screen was still changing when the settle time ran out: settled false; check again with `glance ui`)');
  lines.push(`$ ${command}`);
  return { text: lines.join('\n'), data: { ...o, command } };
}

function touchTool(name: string, verb: TouchKind, title: string, description: string): ToolDef {
  return defineTool({
    name,
    title,
    description,
    schema: z.object({
      target,
      element,
      ...(verb === 'long-press'
        ? { duration: z.number().int().min(1).max(60_000).optional().describe('press length in ms (default 1000)') }
        : {}),
      settleMs,
    }),
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    cli: { verb, positionals: ['target'] },
    async handler(input, ctx) {
      const duration = (input as { duration?: number }).duration;
      const o = await touch(await env(ctx, input.settleMs), verb, input.target, duration === undefined ? {} : { durationMs: duration });
      const args = [verb, input.target, ...(verb === 'long-press' && duration !== undefined ? ['--duration', String(duration)] : [])];
      return actionResult(o, args, ctx.serial);
    },
  }) as unknown as ToolDef;
}

export const listTool = defineTool({
  name: 'device_list',
  title: 'List devices',
  description:
    'Android devices the adb server (or a direct connection) can see, with their state. Pass a serial as `device` / `-s` when more than one is online.',
  schema: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'devices' },
  async handler(_input, ctx) {
    const list = await ctx.devices.list({ signal: ctx.signal });
    const text =
      list.length === 0
        ? 'no devices (run `glance doctor`)'
        : list
            .map((d) =>
              [d.serial, d.state, d.model ? `model:${d.model}` : '', d.product ? `product:${d.product}` : '']
                .filter((x) => x !== '')
                .join('\t'),
            )
            .join('\n');
    return { text, data: { devices: list } };
  },
});

export const tapTool = touchTool(
  'device_tap',
  'tap',
  'Tap',
  'Tap an element (ref or selector) or a point, wait for the screen to settle, and return what changed. The element is touched at a point no other element covers.',
);
export const longPressTool = touchTool(
  'device_long_press',
  'long-press',
  'Long-press',
  'Press and hold an element or point (default 1 s), then return what changed.',
);
export const doubleTapTool = touchTool(
  'device_double_tap',
  'double-tap',
  'Double-tap',
  'Tap an element or point twice in quick succession, then return what changed.',
);

export const typeTool = defineTool({
  name: 'device_type',
  title: 'Type text',
  description:
    'Type text byte-exactly. With a target (ref, selector or X,Y) the field is focused and its content replaced (unless append); without one, the text goes into the focused field. submit presses Enter after. Non-ASCII needs the ADB Keyboard IME. CLI: the first word is a target only when it is a ref, X,Y or a selector with # [ or :, else all words are text.',
  schema: z.object({
    target: z.string().optional().describe('field to type into (ref, selector or X,Y); omitted: the focused field'),
    text: z.string().optional().describe('the text to type'),
    append: z.boolean().optional().describe("keep the field's content and add to it"),
    submit: z.boolean().optional().describe('press Enter after typing'),
    element,
    settleMs,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  cli: { verb: 'type', positionals: ['target', 'text'], restJoined: true },
  async handler(input, ctx) {
    // CLI: `glance type TARGET TEXT` or `glance type TEXT`. The first word is a target only when it looks like
    // one (a ref, X,Y, or selector syntax with # [ :); otherwise every word is text (see docs/device.md).
    let tgt = input.target;
    let text = input.text;
    if (text === undefined) {
      text = tgt;
      tgt = undefined;
    } else if (tgt !== undefined && !looksLikeTarget(tgt)) {
      text = `${tgt} ${text}`;
      tgt = undefined;
    }
    if (text === undefined)
      throw new GlanceError('USAGE', 'nothing to type', {
        hint: 'e.g. `glance type b12 "hello"` or `glance type "hello"` for the focused field',
      });
    const o = await typeInto(await env(ctx, input.settleMs), {
      target: tgt,
      text,
      append: input.append ?? false,
      submit: input.submit ?? false,
    });
    const args = [
      'type',
      ...(tgt !== undefined ? [tgt] : []),
      text,
      ...(input.append ? ['--append'] : []),
      ...(input.submit ? ['--submit'] : []),
    ];
    return actionResult(o, args, ctx.serial, o.value !== undefined ? [`field now holds ${JSON.stringify(o.value)}`] : []);
  },
});

export const clearTool = defineTool({
  name: 'device_clear',
  title: 'Clear a field',
  description: 'Empty a text field (focus it, then delete every character it holds).',
  schema: z.object({ target, element, settleMs }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  cli: { verb: 'clear', positionals: ['target'] },
  async handler(input, ctx) {
    return actionResult(await clearField(await env(ctx, input.settleMs), input.target), ['clear', input.target], ctx.serial);
  },
});

export const swipeTool = defineTool({
  name: 'device_swipe',
  title: 'Swipe',
  description: 'Swipe the finger in a direction across an element (or the screen), or from one point to another (from/to as X,Y).',
  schema: z.object({
    direction: z.enum(directions).optional().describe('finger direction: up, down, left, right'),
    from: z.string().optional().describe('start point X,Y'),
    to: z.string().optional().describe('end point X,Y'),
    target: target.optional(),
    duration: z.number().int().min(1).max(10_000).optional().describe('swipe length in ms (default 300)'),
    settleMs,
  }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  cli: { verb: 'swipe', positionals: ['direction'] },
  async handler(input, ctx) {
    const o = await swipe(await env(ctx, input.settleMs), {
      direction: input.direction,
      from: input.from,
      to: input.to,
      target: input.target,
      durationMs: input.duration,
    });
    const args =
      input.direction !== undefined && input.from === undefined
        ? ['swipe', input.direction, ...(input.target !== undefined ? ['--target', input.target] : [])]
        : ['swipe', '--from', `${o.from.x},${o.from.y}`, '--to', `${o.to.x},${o.to.y}`];
    return actionResult(o, args, ctx.serial);
  },
});

export const scrollTool = defineTool({
  name: 'device_scroll',
  title: 'Scroll',
  description:
    'Scroll content (down = reveal what is below) inside an element, else the biggest scrollable element, else the screen. With until, keep scrolling until that selector is on screen (at most max swipes).',
  schema: z.object({
    direction: z.enum(directions).default('down').describe('content direction: down shows what is below'),
    target: target.optional(),
    until: z.string().optional().describe('selector (or ref) to scroll to'),
    max: z.number().int().min(1).max(100).optional().describe('most swipes with until (default 10)'),
    settleMs,
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  cli: { verb: 'scroll', positionals: ['direction'] },
  async handler(input, ctx) {
    const o = await scroll(await env(ctx, input.settleMs), {
      direction: input.direction,
      target: input.target,
      until: input.until,
      max: input.max,
    });
    const args = [
      'scroll',
      input.direction,
      ...(input.target !== undefined ? ['--target', input.target] : []),
      ...(input.until !== undefined ? ['--until', input.until, '--max', String(input.max ?? 10)] : []),
    ];
    return actionResult(o, args, ctx.serial, o.found !== undefined ? [`found ${o.found} after ${o.swipes} swipe(s)`] : []);
  },
});

export const keyTool = defineTool({
  name: 'device_press_key',
  title: 'Press a key',
  description:
    'Press a key: BACK, HOME, RECENTS (APP_SWITCH), ENTER, DEL, TAB, SEARCH, MENU, VOLUME_UP/DOWN, POWER, DPAD_*, MOVE_END…, any KEYCODE_* name or a key code number.',
  schema: z.object({ key: z.string().min(1).describe('key name or code'), settleMs }),
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  cli: { verb: 'key', positionals: ['key'] },
  async handler(input, ctx) {
    const o = await pressKey(await env(ctx, input.settleMs), input.key);
    return actionResult(o, ['key', o.name ?? String(o.code)], ctx.serial);
  },
});

export const launchTool = defineTool({
  name: 'device_launch_app',
  title: 'Launch an app',
  description: 'Start an app by package (com.example.app), component (com.example.app/.MainActivity) or launcher label ("Settings").',
  schema: z.object({ app: z.string().min(1).describe('package, package/.Activity, or the label under its icon'), settleMs }),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  cli: { verb: 'launch', positionals: ['app'], restJoined: true },
  async handler(input, ctx) {
    const o = await launchApp(await env(ctx, input.settleMs), input.app);
    return actionResult(o, ['launch', input.app], ctx.serial, o.package !== undefined ? [`package ${o.package}`] : []);
  },
});

export const stopTool = defineTool({
  name: 'device_stop_app',
  title: 'Stop an app',
  description: 'Force-stop an app by package name.',
  schema: z.object({ app: z.string().min(1).describe('package name') }),
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
  cli: { verb: 'stop', positionals: ['app'] },
  async handler(input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    await device.stop(input.app, { signal: ctx.signal });
    const command = commandLine(ctx.serial, ['stop', input.app]);
    return { text: `stopped ${input.app}\n$ ${command}`, data: { stopped: input.app, command } };
  },
});

export const appsTool = defineTool({
  name: 'device_apps',
  title: 'List installed apps',
  description: 'Installed packages: third-party apps, or all with `all`.',
  schema: z.object({ all: z.boolean().optional().describe('include system packages') }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'apps' },
  async handler(input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    const apps = await device.apps({ signal: ctx.signal, all: input.all ?? false });
    return { text: apps.length === 0 ? 'no apps' : apps.join('\n'), data: { apps } };
  },
});

export const activityTool = defineTool({
  name: 'device_activity',
  title: 'Foreground app',
  description: 'The package and activity in the foreground, and the screen size and density.',
  schema: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'activity' },
  async handler(_input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    // Two independent dumpsys/wm round trips: asked together.
    const [fg, size] = await Promise.all([device.foreground({ signal: ctx.signal }), device.screenSize({ signal: ctx.signal })]);
    const text = `${fg ? `${fg.package}/${fg.activity}` : 'no foreground activity'}\nscreen ${size.width}x${size.height} @${size.density}dpi`;
    return { text, data: { ...(fg ? { package: fg.package, activity: fg.activity } : {}), screen: size } };
  },
});

function pngSize(png: Uint8Array): { width: number; height: number } {
  const v = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: v.getUint32(16), height: v.getUint32(20) };
}

export const screenshotTool = defineTool({
  name: 'device_screenshot',
  title: 'Screenshot',
  description:
    'A PNG of the screen, downscaled to maxEdge (device = image × scale). With marks, every element of the current snapshot gets a box and a tag with its ref (the same refs as the text snapshot) and a legend.',
  schema: z.object({
    out: z.string().optional().describe('also write the PNG to this file'),
    marks: z.boolean().optional().describe("draw each element's ref on the screenshot, with a legend"),
    maxEdge: z
      .number()
      .int()
      .min(0)
      .max(8192)
      .optional()
      .describe(`long edge of the image in px (default 1568; 0 = full device resolution, no marks)`),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'screenshot', positionals: ['out'] },
  async handler(input, ctx) {
    const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
    const raw = await device.screenshot({ signal: ctx.signal });
    const device_ = pngSize(raw);
    // Loaded here, not at start-up: the PNG and font code costs ~0.3 s that other commands need not pay.
    const { DEFAULT_MAX_EDGE, downscalePng, drawMarks } = await import('../image/index.js');
    const maxEdge = input.maxEdge ?? DEFAULT_MAX_EDGE;
    let png = raw;
    let scale = 1;
    let legend: Array<{ ref: string; class: string; label: string }> | undefined;
    if (input.marks) {
      if (maxEdge === 0)
        throw new GlanceError('USAGE', 'marks need a maxEdge between 64 and 8192', { hint: 'omit --max-edge for the default' });
      // The marks carry the refs of the current screen, so this dump also becomes the latest snapshot.
      const dump = await device.dump({ signal: ctx.signal });
      await ctx.snapshots.save(device.serial, dump);
      const r = drawMarks(raw, snapshotFromDump(dump).elements, { maxEdge });
      ({ png, scale, legend } = r);
    } else if (maxEdge !== 0) {
      ({ png, scale } = downscalePng(raw, maxEdge));
    }
    const size = pngSize(png);
    if (input.out !== undefined) await ctx.writeFile(input.out, png);
    const command = commandLine(ctx.serial, [
      'screenshot',
      ...(input.out !== undefined ? [input.out] : []),
      ...(input.marks ? ['--marks'] : []),
      ...(input.maxEdge !== undefined ? ['--max-edge', String(input.maxEdge)] : []),
    ]);
    const data = {
      width: size.width,
      height: size.height,
      device: device_,
      scale,
      bytes: png.length,
      ...(legend ? { legend } : {}),
      ...(input.out !== undefined ? { file: input.out } : {}),
      command,
    };
    const lines = [
      `screenshot ${device_.width}x${device_.height}${png === raw ? '' : ` → ${size.width}x${size.height}`}, scale ${Math.round(scale * 1000) / 1000} (device = image × scale), ${png.length} bytes${input.out !== undefined ? ` → ${input.out}` : ''}`,
      ...(legend ?? []).map((l) => `${l.ref} ${l.class} ${l.label}`.trimEnd()),
      `$ ${command}`,
    ];
    return { text: lines.join('\n'), data, images: [{ data: png, mimeType: 'image/png' }] };
  },
});

export const waitTool = defineTool({
  name: 'device_wait_for',
  title: 'Wait for the screen',
  description:
    'Wait until text (visible text or description, case-insensitive) or a selector is on screen, or gone with `gone`; or until the screen stops changing with `idle`. Times out with an error (default 10 s).',
  schema: z.object({
    what: z.string().optional().describe('CLI: text, a selector (has # [ or :), a ref, or `idle`'),
    text: z.string().optional().describe('text to wait for'),
    selector: z.string().optional().describe('selector to wait for'),
    idle: z.boolean().optional().describe('wait until two consecutive snapshots are identical'),
    gone: z.boolean().optional().describe('wait until it is no longer on screen'),
    timeout: z.number().int().min(1).max(600_000).optional().describe('give up after N ms (default 10000)'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'wait', positionals: ['what'], restJoined: true },
  async handler(input, ctx) {
    let { text, selector } = input;
    let idle = input.idle ?? false;
    if (input.what !== undefined) {
      if (input.what === 'idle') idle = true;
      else if (looksLikeTarget(input.what)) selector = input.what;
      else text = input.what;
    }
    const e = await env(ctx);
    const timeoutMs = input.timeout ?? 10_000;
    const args = [
      'wait',
      ...(idle ? ['idle'] : text !== undefined ? [text] : ['--selector', selector ?? '']),
      ...(input.gone ? ['--gone'] : []),
      ...(input.timeout !== undefined ? ['--timeout', String(input.timeout)] : []),
    ];
    const command = commandLine(ctx.serial, args);
    if (idle) {
      const s = await waitIdle(e, timeoutMs);
      return { text: `idle after ${s.ms} ms (${s.dumps} dumps)\n$ ${command}`, data: { idle: true, ms: s.ms, dumps: s.dumps, command } };
    }
    const r = await waitFor(e, { text, selector, gone: input.gone ?? false, timeoutMs });
    const what = text !== undefined ? JSON.stringify(text) : selector!;
    const text2 = `${what} ${input.gone ? 'gone' : 'appeared'} after ${r.ms} ms${r.refs.length > 0 ? ` (${r.refs.join(', ')})` : ''}\n$ ${command}`;
    return { text: text2, data: { ...r, command } };
  },
});

export const assertTool = defineTool({
  name: 'device_assert',
  title: 'Assert an element',
  description:
    'Check that a selector matches on the current screen (exactly `count` elements when given); fails with ASSERTION_FAILED otherwise.',
  schema: z.object({
    selector: z.string().min(1).describe('selector (or ref) that must match'),
    count: z.number().int().min(0).optional().describe('exact number of matches expected'),
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'assert', positionals: ['selector'], short: { n: 'count' } },
  async handler(input, ctx) {
    const r = await assertSelector(await env(ctx), input.selector, input.count);
    const command = commandLine(ctx.serial, [
      'assert',
      input.selector,
      ...(input.count !== undefined ? ['--count', String(input.count)] : []),
    ]);
    return {
      text: `ok: ${r.count} match${r.count === 1 ? '' : 'es'} (${r.refs.join(', ') || 'none'})\n$ ${command}`,
      data: { ...r, command },
    };
  },
});

export const doctorTool = defineTool({
  name: 'device_doctor',
  title: 'Diagnose the setup',
  description: 'Checks the adb binary, the adb server, connected devices and their authorisation, and says how to fix each problem.',
  schema: z.object({}),
  annotations: { readOnlyHint: true, openWorldHint: false },
  cli: { verb: 'doctor' },
  async handler(_input, ctx) {
    if (!isDiagnosable(ctx.devices)) {
      const list = await ctx.devices.list({ signal: ctx.signal });
      const checks = [{ name: 'devices', ok: list.length > 0, detail: `${list.length} visible` }];
      return { text: renderDoctor(checks), data: { checks }, ...(list.length > 0 ? {} : { exitCode: 1 }) };
    }
    const checks = await ctx.devices.diagnose({ signal: ctx.signal });
    const ok = checks.every((c) => c.ok);
    return { text: renderDoctor(checks), data: { ok, checks }, ...(ok ? {} : { exitCode: 1 }) };
  },
});

export const deviceTools: ToolDef[] = [
  listTool,
  tapTool,
  longPressTool,
  doubleTapTool,
  typeTool,
  clearTool,
  swipeTool,
  scrollTool,
  keyTool,
  launchTool,
  stopTool,
  appsTool,
  activityTool,
  screenshotTool,
  waitTool,
  assertTool,
  doctorTool,
] as unknown as ToolDef[];
