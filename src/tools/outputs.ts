/**
 * Output schemas: the shape of each tool's structured data, offered over MCP as `outputSchema` (the SDK checks
 * every successful result against it). Objects are open: a field added later does not break a client.
 */
import { z } from 'zod';

const point = z.object({ x: z.number(), y: z.number() });
const target = z.object({
  kind: z.enum(['ref', 'selector', 'point']),
  text: z.string(),
  ref: z.string().optional(),
  label: z.string().optional(),
  covered: z.boolean().optional(),
});
const directions = z.enum(['up', 'down', 'left', 'right']);
const settled = {
  settled: z.boolean().describe('the screen stopped changing within the settle time'),
  unread: z
    .object({ message: z.string(), hint: z.string().optional() })
    .optional()
    .describe('no screen could be read after the action: why, and what to do'),
  diff: z.string().describe('what changed since the last snapshot, or the new screen'),
  changed: z.boolean(),
  newScreen: z.boolean().optional(),
  changes: z
    .object({
      added: z.array(z.string()),
      removed: z.array(z.string()),
      changed: z.array(z.object({ ref: z.string(), fields: z.array(z.string()) })),
    })
    .optional()
    .describe('the diff by ref'),
};
const element = z.looseObject({ ref: z.string(), class: z.string() });
const screen = z.looseObject({ width: z.number(), height: z.number(), package: z.string().optional(), activity: z.string().optional() });

export const outputs = {
  touch: z.object({ action: z.enum(['tap', 'long-press', 'double-tap']), target, point, ...settled }),
  type: z.object({
    action: z.literal('type'),
    target: target.optional(),
    point: point.optional(),
    value: z.string().optional().describe('what the field holds now'),
    ...settled,
  }),
  clear: z.object({ action: z.literal('clear'), target, point, deleted: z.number(), ...settled }),
  key: z.object({ action: z.literal('key'), code: z.number(), name: z.string().optional(), ...settled }),
  swipe: z.object({
    action: z.literal('swipe'),
    target: target.optional(),
    direction: directions.optional(),
    from: point,
    to: point,
    ...settled,
  }),
  scroll: z.object({
    action: z.literal('scroll'),
    target: target.optional(),
    direction: directions,
    swipes: z.number(),
    found: z.string().optional().describe('the ref `until` found'),
    ...settled,
  }),
  launch: z.object({ action: z.literal('launch'), via: z.string(), package: z.string().optional(), ...settled }),
  stop: z.object({ stopped: z.string() }),
  list: z.object({
    devices: z.array(z.object({ serial: z.string(), state: z.string(), model: z.string().optional(), product: z.string().optional() })),
  }),
  apps: z.object({ apps: z.array(z.string()) }),
  activity: z.object({
    package: z.string().optional(),
    activity: z.string().optional(),
    screen: z.object({ width: z.number(), height: z.number(), density: z.number() }),
  }),
  screenshot: z.object({
    width: z.number(),
    height: z.number(),
    device: z.object({ width: z.number(), height: z.number() }),
    scale: z.number().describe('device pixels = image pixels × scale'),
    format: z.enum(['png', 'webp', 'jpeg']),
    bytes: z.number(),
    legend: z.array(z.object({ ref: z.string(), class: z.string(), label: z.string() })).optional(),
    file: z.string().optional(),
  }),
  wait: z.object({ idle: z.boolean().optional(), ms: z.number(), dumps: z.number(), refs: z.array(z.string()).optional() }),
  assert: z.object({ count: z.number(), refs: z.array(z.string()) }),
  doctor: z.object({
    ok: z.boolean().optional(),
    checks: z.array(z.object({ name: z.string(), ok: z.boolean(), detail: z.string(), fix: z.string().optional() })),
  }),
  snapshot: z.object({
    screen: screen.optional(),
    elements: z.array(element).optional(),
    diff: z.looseObject({}).optional(),
    privacy: z.string().optional().describe('the privacy view (with privacy)'),
    source: z
      .object({ backend: z.enum(['uia2', 'dump']), ms: z.number() })
      .optional()
      .describe('which backend read the screen (the UiAutomator2 server or uiautomator dump) and in how many ms'),
  }),
  find: z.object({ count: z.number(), elements: z.array(element) }),
};
