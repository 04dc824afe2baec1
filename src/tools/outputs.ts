/**
 * Output schemas: what an MCP client gets as `structuredContent` beside the text, and its `outputSchema`. A result's
 * data is cut to its schema (objects strip fields they do not name) and emptied of blank fields, so the schemas
 * keep what an agent or a host reads beyond the text — refs, points, geometry, counts — and leave out what the
 * text already says (the diff, labels, legends). `--json` on the CLI and the library get the whole data.
 */
import { z } from 'zod';

const point = z.object({ x: z.number(), y: z.number() });
const target = z.object({ ref: z.string().optional(), label: z.string().optional(), covered: z.boolean().optional() }).optional();
const directions = z.enum(['up', 'down', 'left', 'right']);
const refs = z.array(z.string()).optional();
const settled = {
  settled: z.boolean(),
  changed: z.boolean(),
  newScreen: z.boolean().optional(),
  unread: z.object({ message: z.string(), hint: z.string().optional() }).optional(),
  changes: z
    .object({ added: refs, removed: refs, changed: z.array(z.object({ ref: z.string(), fields: z.array(z.string()) })).optional() })
    .optional(),
};
/** Another element worth knowing when an action changed nothing: by ref (the text names it). */
const hints = z.array(z.object({ ref: z.string() })).optional();
const element = z.object({ ref: z.string(), id: z.string().optional(), center: z.array(z.number()).optional() });
const size = { width: z.number(), height: z.number() };
const rect = z.object({ x: z.number(), y: z.number(), ...size });

export const outputs = {
  touch: z.object({
    action: z.enum(['tap', 'long-press', 'double-tap']),
    target,
    point,
    tappable: z.boolean().optional(),
    nearby: hints,
    ...settled,
  }),
  type: z.object({
    action: z.literal('type'),
    target,
    point: point.optional(),
    value: z.string().optional(),
    password: z.boolean().optional(),
    length: z.number().optional(),
    ...settled,
  }),
  clear: z.object({ action: z.literal('clear'), target, point, deleted: z.number(), ...settled }),
  key: z.object({ action: z.literal('key'), code: z.number(), name: z.string().optional(), ...settled }),
  swipe: z.object({ action: z.literal('swipe'), target, direction: directions.optional(), from: point, to: point, ...settled }),
  scroll: z.object({
    action: z.literal('scroll'),
    target,
    direction: directions,
    swipes: z.number(),
    found: z.string().optional(),
    moved: z.boolean().optional(),
    others: hints,
    ...settled,
  }),
  launch: z.object({ action: z.literal('launch'), via: z.string(), package: z.string().optional(), ...settled }),
  stop: z.object({ stopped: z.string() }),
  list: z.object({
    devices: z
      .array(z.object({ serial: z.string(), state: z.string(), model: z.string().optional(), product: z.string().optional() }))
      .optional(),
  }),
  apps: z.object({ apps: refs }),
  activity: z.object({
    package: z.string().optional(),
    activity: z.string().optional(),
    screen: z.object({ ...size, density: z.number() }),
  }),
  screenshot: z.object({
    ...size,
    screen: rect.describe('the screen part of the image: device px = (image px − x, y) × scale'),
    panel: rect.optional(),
    device: z.object(size),
    scale: z.number(),
    format: z.enum(['png', 'webp', 'jpeg']),
    bytes: z.number(),
    file: z.string().optional(),
  }),
  wait: z.object({ idle: z.boolean().optional(), ms: z.number(), dumps: z.number().optional(), refs }),
  assert: z.object({ count: z.number(), refs }),
  doctor: z.object({ ok: z.boolean().optional(), checks: z.array(z.object({ name: z.string(), ok: z.boolean() })) }),
  snapshot: z.object({
    screen: z.object({ ...size, package: z.string().optional(), activity: z.string().optional() }).optional(),
    elements: z.array(element).optional(),
    source: z.object({ backend: z.enum(['uia2', 'dump']), ms: z.number() }).optional(),
  }),
  find: z.object({ count: z.number(), elements: z.array(element).optional() }),
};
