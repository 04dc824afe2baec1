// The MCP surface as a host and its model meet it, through the official SDK client: a tool list that fits the
// budget and says shared params once, results whose structured part adds facts instead of repeating the text,
// cuts that show, screenshot geometry that adds up, back/home tools and image formats the client takes. The
// server runs in-process over the SDK's linked transports; the demo phone is the virtual device reached directly.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { INSTRUCTIONS, type McpOptions } from '../../src/mcp/server.js';
import { DEVICE_PARAM, ROOTS_NOTE } from '../../src/mcp/tool-list.js';
import { sharedParams } from '../../src/tools/params.js';
import { decodeRgba } from '../../src/image/codec.js';
import { catalogue } from '../../src/agent/catalogue.js';
import { connectInMemory, textOf as text, type McpSession } from './mcp-phone.js';

/** The budget a host pays for Glance before the model's first call: the tool list and the instructions. */
const TOKEN_BUDGET = 5000;

let phone: RunningVirtualDevice;

function connect(capabilities: Record<string, unknown> = {}, options: Partial<McpOptions> = {}): Promise<McpSession> {
  return connectInMemory(phone, { name: 'surface-test', capabilities, options });
}

/** Every empty string, array or object (or undefined) in `v`, by path. */
function empties(v: unknown, path = '$'): string[] {
  if (v === undefined || v === '') return [path];
  if (Array.isArray(v)) return v.length === 0 ? [path] : v.flatMap((x, i) => empties(x, `${path}[${i}]`));
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length === 0 ? [path] : entries.flatMap(([k, x]) => empties(x, `${path}.${k}`));
  }
  return [];
}

before(async () => {
  phone = await startVirtualDevice({ scenario: 'demo' });
});
after(async () => {
  await phone?.close();
});

describe('the MCP surface over the SDK client', () => {
  let s: Awaited<ReturnType<typeof connect>>;
  before(async () => {
    s = await connect();
  });
  after(async () => {
    await s?.close();
  });

  test('the tool list and instructions fit the token budget, with no schema boilerplate', async () => {
    const { tools } = await s.client.listTools();
    const listJson = JSON.stringify(tools);
    const tokens = encode(listJson).length + encode(s.client.getInstructions() ?? '').length;
    assert.ok(tokens <= TOKEN_BUDGET, `${tokens} o200k tokens`);
    assert.ok(!listJson.includes('$schema'));
    assert.ok(!listJson.includes(String(Number.MAX_SAFE_INTEGER)), 'no sentinel maxima');
    for (const t of tools) {
      assert.ok(t.description !== undefined && t.description.length > 0, t.name);
      assert.equal(t.annotations?.title, undefined, `${t.name}: the title is said once`);
      assert.deepEqual((t.inputSchema.properties as Record<string, unknown>)['device'], { type: 'string' });
    }
  });

  test('a shared param is described once, in the instructions, and nowhere in the list', async () => {
    const { tools } = await s.client.listTools();
    const listJson = JSON.stringify(tools);
    const instructions = s.client.getInstructions() ?? '';
    assert.equal(instructions, INSTRUCTIONS);
    assert.ok(Buffer.byteLength(instructions) < 2048);
    for (const [name, schema] of [['device', { description: DEVICE_PARAM }], ...Object.entries(sharedParams)] as const) {
      const d = schema.description!;
      assert.ok(instructions.includes(d), `${name} is described in the instructions`);
      assert.ok(!listJson.includes(JSON.stringify(d).slice(1, -1)), `${name}'s description is not repeated in the list`);
    }
    // A param of a shared name with a meaning of its own keeps its own description (swipe's from is a point).
    const swipe = tools.find((t) => t.name === 'device_swipe')!;
    assert.equal((swipe.inputSchema.properties as Record<string, { description?: string }>)['from']?.description, 'start point X,Y');
  });

  test('tools that take an app source say paths lie inside the user roots', async () => {
    const { tools } = await s.client.listTools();
    const rooted = tools.filter((t) => t.description?.endsWith(ROOTS_NOTE)).map((t) => t.name);
    assert.deepEqual(rooted.sort(), ['app_map', 'app_navigate', 'app_run_task']);
    assert.ok(catalogue.some((t) => t.name === 'device_back') && catalogue.some((t) => t.name === 'device_home'));
  });

  test('structuredContent holds no empty field and not the diff the text shows', async () => {
    const snap = await s.call('device_snapshot');
    assert.ok(!snap.isError, text(snap));
    assert.deepEqual(empties(snap.structuredContent), []);
    const row = /^(\w+) Groceries/m.exec(text(snap))?.[1];
    assert.ok(row !== undefined, text(snap));
    const tap = await s.call('device_tap', { target: row });
    assert.ok(!tap.isError, text(tap));
    const data = tap.structuredContent as { action: string; target: { ref: string }; point: { x: number; y: number }; diff?: string };
    assert.deepEqual([data.action, data.target.ref], ['tap', row]);
    assert.equal(data.diff, undefined);
    assert.deepEqual(empties(data), []);
    assert.ok(text(tap).includes('new screen'), text(tap));
  });

  test('a cut label shows how much was cut; maxLabel 0 and device_find show it whole', async () => {
    // The note screen (opened by the test before) holds a body longer than the default cut.
    const cutLine = text(await s.call('device_snapshot'))
      .split('\n')
      .find((l) => l.includes('Milk (2 l)'));
    const m = /^(\w+) (.*)…\[\+(\d+)\]$/.exec(cutLine ?? '');
    assert.ok(m !== null, cutLine);
    const [, ref, kept, left] = m;
    assert.ok(Array.from(kept!).length <= 79, kept);
    const whole = text(await s.call('device_snapshot', { maxLabel: 0 }))
      .split('\n')
      .find((l) => l.startsWith(`${ref!} `))!
      .slice(ref!.length + 1);
    assert.ok(whole.startsWith(kept!));
    assert.equal(Array.from(whole).length, Array.from(kept!).length + Number(left));
    const found = await s.call('device_find', { selector: `[text~=Milk (2 l)]` });
    assert.ok(!found.isError, text(found));
    assert.ok(text(found).includes(whole), text(found));
    assert.ok(!text(found).includes('…[+'), 'device_find cuts nothing');
  });

  test('device_back and device_home press their keys and answer like any action', async () => {
    const back = await s.call('device_back');
    assert.ok(!back.isError, text(back));
    assert.deepEqual([back.structuredContent?.['action'], back.structuredContent?.['name']], ['key', 'BACK']);
    assert.match(text(back), /^key BACK\n/);
    const home = await s.call('device_home');
    assert.ok(!home.isError, text(home));
    assert.equal(home.structuredContent?.['name'], 'HOME');
    assert.ok(!(await s.call('device_launch_app', { app: 'dev.glance.demo' })).isError);
  });

  test('screenshot with marks: the screen part and the legend panel are reported apart and add up', async () => {
    const r = await s.call('device_screenshot', { marks: true });
    assert.ok(!r.isError, text(r));
    type Rect = { x: number; y: number; width: number; height: number };
    const d = r.structuredContent as {
      width: number;
      height: number;
      screen: Rect;
      panel: Rect;
      device: { width: number; height: number };
      scale: number;
    };
    const img = decodeRgba(Buffer.from(r.content.find((c) => c.type === 'image')!.data!, 'base64'));
    assert.deepEqual([img.width, img.height], [d.width, d.height]);
    assert.deepEqual([d.screen.x, d.screen.y], [0, 0]);
    // Beside or below: the two parts tile the image.
    if (d.panel.x > 0) assert.deepEqual([d.panel.x, d.screen.width + d.panel.width, d.panel.height], [d.screen.width, d.width, d.height]);
    else assert.deepEqual([d.panel.y, d.screen.height + d.panel.height, d.panel.width], [d.screen.height, d.height, d.width]);
    // Image → device arithmetic holds on the screen part (within the rounding of one image pixel).
    assert.ok(Math.abs(d.screen.width * d.scale - d.device.width) <= d.scale, JSON.stringify(d));
    assert.ok(Math.abs(d.screen.height * d.scale - d.device.height) <= d.scale, JSON.stringify(d));
    const first = text(r).split('\n')[0]!;
    assert.ok(first.includes(`screen ${d.screen.width}x${d.screen.height} at 0,0`), first);
    assert.ok(first.includes(`legend panel ${d.panel.width}x${d.panel.height} at ${d.panel.x},${d.panel.y}`), first);
    const plain = await s.call('device_screenshot');
    const p = plain.structuredContent as { width: number; height: number; screen: Rect; panel?: Rect };
    assert.deepEqual(p.screen, { x: 0, y: 0, width: p.width, height: p.height });
    assert.equal(p.panel, undefined);
  });
});

describe('image format negotiated with the client', () => {
  const mime = async (capabilities: Record<string, unknown>, options: Partial<McpOptions>, args: Record<string, unknown> = {}) => {
    const c = await connect(capabilities, options);
    try {
      const r = await c.call('device_screenshot', args);
      assert.ok(!r.isError, text(r));
      return r.content.find((x) => x.type === 'image')?.mimeType;
    } finally {
      await c.close();
    }
  };

  test('WebP by default; PNG for a client that lists only PNG; the server default when the client takes it', async () => {
    const png = { experimental: { images: { mimeTypes: ['image/png'] } } };
    assert.equal(await mime({}, {}), 'image/webp');
    assert.equal(await mime(png, {}), 'image/png');
    assert.equal(await mime({}, { imageFormat: 'png' }), 'image/png');
    assert.equal(await mime({ experimental: { images: { mimeTypes: ['image/jpeg', 'image/png'] } } }, { imageFormat: 'png' }), 'image/png');
    assert.equal(await mime({ experimental: { images: { mimeTypes: ['image/gif'] } } }, {}), 'image/png', 'nothing Glance encodes: PNG');
    assert.equal(await mime(png, {}, { format: 'jpeg' }), 'image/jpeg', 'a format asked for wins');
  });

  test('a format that contradicts the file name is a USAGE error; a .png file is PNG', async () => {
    const c = await connect({}, { writeFile: async () => undefined });
    try {
      const bad = await c.call('device_screenshot', { out: 'shot.png', format: 'webp' });
      assert.equal(bad.isError, true);
      assert.match(text(bad), /^error USAGE: format webp does not match the file shot\.png, which names png/);
      const ok = await c.call('device_screenshot', { out: 'shot.png' });
      assert.equal(ok.content.find((x) => x.type === 'image')?.mimeType, 'image/png');
    } finally {
      await c.close();
    }
  });
});
