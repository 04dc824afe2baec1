/**
 * Action tools: touch, type, clear, swipe, scroll, key, launch. Handlers are thin: they pick the device, call
 * device/actions/ and answer with the settled diff as text and the typed outcome as data.
 */
import { z } from 'zod';
import {
  clearField,
  launchApp,
  pressKey,
  scroll,
  swipe,
  touch,
  typeInto,
  type ActionEnv,
  type TouchKind,
} from '../device/actions/index.js';
import { scrollFacts, touchFacts, typeFacts } from './outcome-facts.js';
import { outputs } from './outputs.js';
import { element, settleMs, target } from './params.js';
import { defineTool, type ToolContext, type ToolDef } from './registry.js';
import { actionResponse } from './response.js';

const directions = ['up', 'down', 'left', 'right'] as const;

export async function actionEnv(ctx: ToolContext, settle?: number): Promise<ActionEnv> {
  const device = await ctx.devices.get(ctx.serial, { signal: ctx.signal });
  return { device, store: ctx.snapshots, signal: ctx.signal, ...(settle === undefined ? {} : { settleMs: settle }) };
}

function touchTool(name: string, kind: TouchKind, title: string, description: string): ToolDef {
  return defineTool({
    name,
    title,
    description,
    schema: z.object({
      target,
      element,
      ...(kind === 'long-press'
        ? { duration: z.number().int().min(1).max(60_000).optional().describe('press length in ms (default 1000)') }
        : {}),
      settleMs,
    }),
    output: outputs.touch,
    annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
    async handler(input, ctx) {
      const duration = (input as { duration?: number }).duration;
      const o = await touch(
        await actionEnv(ctx, input.settleMs),
        kind,
        input.target,
        duration === undefined ? {} : { durationMs: duration },
      );
      return actionResponse(o, touchFacts(o));
    },
  });
}

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
    'Type text byte-exactly. With a target (ref, selector or X,Y) the field is focused and its content replaced (unless append); without one, the text goes into the focused field. submit presses Enter after. Non-ASCII needs the ADB Keyboard IME.',
  schema: z.object({
    target: target.optional().describe('field to type into (ref, selector or X,Y); omitted: the focused field'),
    text: z.string().describe('the text to type'),
    append: z.boolean().optional().describe("keep the field's content and add to it"),
    submit: z.boolean().optional().describe('press Enter after typing'),
    element,
    settleMs,
  }),
  output: outputs.type,
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const o = await typeInto(await actionEnv(ctx, input.settleMs), {
      target: input.target,
      text: input.text,
      append: input.append ?? false,
      submit: input.submit ?? false,
    });
    return actionResponse(o, typeFacts(o));
  },
});

export const clearTool = defineTool({
  name: 'device_clear',
  title: 'Clear a field',
  description: 'Empty a text field (focus it, then delete every character it holds).',
  schema: z.object({ target, element, settleMs }),
  output: outputs.clear,
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  async handler(input, ctx) {
    return actionResponse(await clearField(await actionEnv(ctx, input.settleMs), input.target));
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
  output: outputs.swipe,
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const o = await swipe(await actionEnv(ctx, input.settleMs), {
      direction: input.direction,
      from: input.from,
      to: input.to,
      target: input.target,
      durationMs: input.duration,
    });
    return actionResponse(o);
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
  output: outputs.scroll,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  async handler(input, ctx) {
    const o = await scroll(await actionEnv(ctx, input.settleMs), {
      direction: input.direction,
      target: input.target,
      until: input.until,
      max: input.max,
    });
    return actionResponse(o, scrollFacts(o));
  },
});

export const keyTool = defineTool({
  name: 'device_press_key',
  title: 'Press a key',
  description:
    'Press a key: ENTER, DEL, TAB, SEARCH, MENU, RECENTS (APP_SWITCH), VOLUME_UP/DOWN, POWER, DPAD_*, MOVE_END…, any KEYCODE_* name or a key code number (BACK and HOME: device_back, device_home).',
  schema: z.object({ key: z.string().min(1).describe('key name or code'), settleMs }),
  output: outputs.key,
  annotations: { readOnlyHint: false, destructiveHint: true, openWorldHint: false },
  async handler(input, ctx) {
    const o = await pressKey(await actionEnv(ctx, input.settleMs), input.key);
    return { ...actionResponse(o), replay: { ...input, key: o.name ?? String(o.code) } };
  },
});

export const launchTool = defineTool({
  name: 'device_launch_app',
  title: 'Launch an app',
  description: 'Start an app by package (com.example.app), component (com.example.app/.MainActivity) or launcher label ("Settings").',
  schema: z.object({ app: z.string().min(1).describe('package, package/.Activity, or the label under its icon'), settleMs }),
  output: outputs.launch,
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  async handler(input, ctx) {
    const o = await launchApp(await actionEnv(ctx, input.settleMs), input.app);
    return actionResponse(o, [o.package !== undefined ? `package ${o.package}` : undefined]);
  },
});

export const actionTools: ToolDef[] = [
  tapTool,
  longPressTool,
  doubleTapTool,
  typeTool,
  clearTool,
  swipeTool,
  scrollTool,
  keyTool,
  launchTool,
];
