// The MCP server as an agent meets it: the official MCP TypeScript client over stdio, spawning `glance mcp`,
// driving the virtual device through the real Debian adb server on its own port.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { agentTools } from '../../src/agent/tooldefs.js';
import { allTools } from '../../src/tools/index.js';
import { INSTRUCTIONS, serveHttp } from '../../src/mcp/server.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { createDeviceProvider } from '../../src/device/provider.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { requires } from '../helpers/requires.js';
import { decodeRgba } from '../../src/image/codec.js';
import { CHANNEL_TOLERANCE, differingFraction, PIXEL_TOLERANCE } from '../image/goldens.js';
import { MCP_GOLDEN, MCP_GOLDEN_ARGS } from './screenshot-golden.js';
import { devArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

type Content = Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
interface CallResult {
  content: Content;
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
}

let adb: AdbHarness;
let phone: RunningVirtualDevice;
let client: Client;

const text = (r: CallResult): string =>
  r.content
    .filter((c) => c.type === 'text')
    .map((c) => c.text ?? '')
    .join('\n');
const call = async (name: string, args: Record<string, unknown> = {}): Promise<CallResult> =>
  (await client.callTool({ name, arguments: args })) as CallResult;

describe('MCP over stdio against the virtual device via the real adb server', { skip: requires({ adb: true }) }, () => {
  before(async () => {
    adb = await AdbHarness.start();
    phone = await startVirtualDevice({ scenario: 'demo' });
    await adb.connect(phone.serial);
    const env = Object.fromEntries(
      Object.entries({ ...adb.env, ANDROID_SERIAL: phone.serial }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    client = new Client({ name: 'glance-test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...devArgs, 'mcp'],
        env,
        cwd: repoRoot,
        stderr: 'pipe',
      }),
    );
  });

  after(async () => {
    await client?.close();
    await phone?.close();
    await adb?.stop();
  });

  test('tool list matches the registry, with annotations; instructions stay under 2 KB', async () => {
    const { tools } = await client.listTools();
    const expected = [...allTools, ...agentTools]
      .filter((t) => t.mcp !== false)
      .map((t) => t.name)
      .sort();
    assert.deepEqual(tools.map((t) => t.name).sort(), expected);
    for (const name of [
      'device_list',
      'device_snapshot',
      'device_find',
      'device_tap',
      'device_long_press',
      'device_type',
      'device_swipe',
      'device_scroll',
      'device_press_key',
      'device_launch_app',
      'device_stop_app',
      'device_wait_for',
      'device_assert',
      'device_screenshot',
    ]) {
      assert.ok(expected.includes(name), `${name} is offered`);
    }
    const snap = tools.find((t) => t.name === 'device_snapshot')!;
    assert.equal(snap.annotations?.readOnlyHint, true);
    assert.ok(Object.keys((snap.inputSchema as { properties: object }).properties).includes('device'));
    // Hints are listed only where they differ from the protocol's defaults: a tap is not read-only by default.
    assert.notEqual(tools.find((t) => t.name === 'device_tap')!.annotations?.readOnlyHint, true);
    assert.ok(Buffer.byteLength(client.getInstructions() ?? '') < 2048);
    assert.equal(client.getInstructions(), INSTRUCTIONS);
  });

  test('text and JSON snapshots carry the same refs', async () => {
    const t = await call('device_snapshot');
    assert.ok(!t.isError, text(t));
    const j = await call('device_snapshot', { format: 'json' });
    const doc = JSON.parse(text(j)) as { screen: { package?: string }; elements: Array<{ ref: string; text?: string; desc?: string }> };
    assert.equal(doc.screen.package, 'dev.glance.demo');
    const refsInText = new Set(
      text(t)
        .split('\n')
        .map((l) => l.trim().split(' ')[0]),
    );
    for (const e of doc.elements) assert.ok(refsInText.has(e.ref), `ref ${e.ref} appears in the text snapshot`);
  });

  test('a screenshot for the model is WebP by default, JPEG on request, at the same size as the PNG', async () => {
    const sizes: Record<string, string> = {};
    for (const [args, mime] of [
      [{}, 'image/webp'],
      [{ format: 'jpeg', quality: 60 }, 'image/jpeg'],
      [{ format: 'png' }, 'image/png'],
    ] as const) {
      const r = await call('device_screenshot', args);
      assert.ok(!r.isError, text(r));
      const img = r.content.find((c) => c.type === 'image');
      assert.equal(img?.mimeType, mime);
      const decoded = decodeRgba(Buffer.from(img!.data!, 'base64'));
      sizes[mime] = `${decoded.width}x${decoded.height}`;
      const data = r.structuredContent as { format: string; width: number; height: number };
      assert.equal(`${data.width}x${data.height}`, sizes[mime]);
      assert.equal(`image/${data.format}`, mime);
    }
    assert.equal(new Set(Object.values(sizes)).size, 1, JSON.stringify(sizes));
  });

  test('a screenshot with marks matches the golden image (tolerance) and lists the refs of the text', async () => {
    const r = await call('device_screenshot', { ...MCP_GOLDEN_ARGS });
    assert.ok(!r.isError, text(r));
    const img = r.content.find((c) => c.type === 'image');
    assert.equal(img?.mimeType, 'image/png');
    const actual = decodeRgba(Buffer.from(img!.data!, 'base64'));
    const golden = decodeRgba(readFileSync(MCP_GOLDEN));
    assert.deepEqual([actual.width, actual.height], [golden.width, golden.height]);
    const diff = differingFraction(actual, golden, CHANNEL_TOLERANCE);
    assert.ok(
      diff <= PIXEL_TOLERANCE,
      `${(diff * 100).toFixed(2)}% of pixels differ (regenerate: node --import tsx scripts/mcp-goldens.ts)`,
    );
    const legendRefs = text(r)
      .split('\n')
      .slice(1)
      .map((l) => l.split(' ')[0]);
    const snapRefs = (
      JSON.parse(text(await call('device_snapshot', { format: 'json' }))) as { elements: Array<{ ref: string }> }
    ).elements.map((e) => e.ref);
    assert.deepEqual(legendRefs, snapRefs);
  });

  test('tap by ref changes the screen; back; tap by selector; type by ref', async () => {
    const doc = JSON.parse(text(await call('device_snapshot', { format: 'json' }))) as {
      elements: Array<{ ref: string; labels?: string[] }>;
    };
    const row = doc.elements.find((e) => e.labels?.[0] === 'Groceries')!;
    const tapped = await call('device_tap', { target: row.ref, element: 'Groceries note' });
    assert.ok(!tapped.isError, text(tapped));
    const after1 = JSON.parse(text(await call('device_snapshot', { format: 'json' }))) as {
      screen: { activity?: string };
      elements: Array<{ desc?: string }>;
    };
    assert.ok(
      after1.elements.some((e) => e.desc === 'Delete'),
      'the note screen is shown',
    );
    assert.ok(!(await call('device_press_key', { key: 'BACK' })).isError);
    const bySelector = await call('device_tap', { target: '[desc=Search]' });
    assert.ok(!bySelector.isError, text(bySelector));
    const found = await call('device_snapshot', { format: 'json' });
    const edit = (JSON.parse(text(found)) as { elements: Array<{ ref: string; actions: string[] }> }).elements.find((e) =>
      e.actions.includes('type'),
    )!;
    const typed = await call('device_type', { target: edit.ref, text: `it's 5$ & "ok"` });
    assert.ok(!typed.isError, text(typed));
    const now = JSON.parse(text(await call('device_snapshot', { format: 'json' }))) as { elements: Array<{ ref: string; text?: string }> };
    assert.equal(now.elements.find((e) => e.ref === edit.ref)?.text, `it's 5$ & "ok"`);
    assert.ok(!(await call('device_press_key', { key: 'BACK' })).isError);
  });

  test('wait_for text that is there, and one that never comes (timeout is an isError result)', async () => {
    const ok = await call('device_wait_for', { text: 'Notes', timeout: 3000 });
    assert.ok(!ok.isError, text(ok));
    const late = await call('device_wait_for', { text: 'No such words anywhere', timeout: 500 });
    assert.equal(late.isError, true);
    assert.match(text(late), /^error TIMEOUT:/);
  });

  test('an unknown ref is an isError result with REF_NOT_FOUND and a hint to take a new snapshot', async () => {
    const r = await call('device_tap', { target: 'b999' });
    assert.equal(r.isError, true);
    assert.match(text(r), /^error REF_NOT_FOUND:/);
    assert.match(text(r), /hint: .*snapshot/);
    // The next step is named as the tool to call, never as a command line.
    assert.match(text(r), /\nnext: device_snapshot$/);
    assert.doesNotMatch(text(r), /glance /);
  });

  test('device_find with no match is an isError result naming the selector; a match is not', async () => {
    const none = await call('device_find', { selector: '[text=No such words anywhere]' });
    assert.equal(none.isError, true, text(none));
    assert.equal(text(none), 'no element matches [text=No such words anywhere]');
    const some = await call('device_find', { selector: ':clickable' });
    assert.ok(!some.isError, text(some));
    assert.ok((some.structuredContent?.['count'] as number) > 0);
  });

  test('tools read as data declare an output schema; results carry structuredContent beside the text, not a copy of it', async () => {
    const { tools } = await client.listTools();
    const typed = tools.filter((t) => t.outputSchema !== undefined).map((t) => t.name);
    assert.deepEqual(typed.sort(), ['device_activity', 'device_find', 'device_list', 'device_screenshot']);
    const snap = (await client.callTool({ name: 'device_snapshot', arguments: {} })) as unknown as CallResult & {
      structuredContent?: { screen: { package?: string }; elements: Array<{ ref: string }> };
    };
    assert.equal(snap.structuredContent?.screen.package, 'dev.glance.demo');
    const key = (await client.callTool({ name: 'device_press_key', arguments: { key: 'back' } })) as unknown as CallResult & {
      structuredContent?: Record<string, unknown> & { action: string; code: number; name?: string };
    };
    assert.ok(!key.isError, text(key));
    assert.deepEqual([key.structuredContent?.action, key.structuredContent?.code, key.structuredContent?.name], ['key', 4, 'BACK']);
    assert.equal(key.structuredContent?.['diff'], undefined, 'the diff is said once, in the text');
    assert.ok(!text(key).includes('$ glance'), 'no command line over MCP');
    for (const e of snap.structuredContent!.elements) assert.ok(text(snap).includes(e.ref), `${e.ref} is in the text too`);
    assert.ok(!(await client.callTool({ name: 'device_launch_app', arguments: { app: 'dev.glance.demo' } })).isError);
  });

  test('bad arguments are isError results naming the argument (the SDK validates them), not protocol faults', async () => {
    const r = await call('device_snapshot', { format: 'yaml' });
    assert.equal(r.isError, true);
    assert.match(text(r), /format/);
  });
});

describe('MCP over Streamable HTTP', () => {
  test('bearer token required; tools listed with it', async () => {
    const dir = tempDir('glance-mcp-');
    const dump = join(dir, 'screen.xml');
    writeFileSync(
      dump,
      '<?xml version=\'1.0\' encoding=\'UTF-8\' standalone=\'yes\' ?><hierarchy rotation="0"><node index="0" text="Hello" resource-id="a:id/t" class="android.widget.Button" package="a" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][100,100]" /></hierarchy>',
    );
    const srv = await serveHttp({
      port: 0,
      token: 'secret-token',
      devices: createDeviceProvider({}),
      snapshots: memorySnapshotStore(),
      defaultSerial: undefined,
      readFile: async (p) => (await import('node:fs/promises')).readFile(p, 'utf8'),
      writeFile: async () => undefined,
      roots: [dir],
    });
    try {
      const denied = await fetch(srv.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      assert.equal(denied.status, 401);
      const c = new Client({ name: 'http-test', version: '1.0.0' });
      await c.connect(
        new StreamableHTTPClientTransport(new URL(srv.url), { requestInit: { headers: { authorization: 'Bearer secret-token' } } }),
      );
      const { tools } = await c.listTools();
      assert.ok(tools.some((t) => t.name === 'device_snapshot'));
      const r = (await c.callTool({ name: 'device_snapshot', arguments: { from: dump } })) as CallResult;
      assert.ok(!r.isError, text(r));
      assert.match(text(r), /Hello/);
      await c.close();
    } finally {
      await new Promise<void>((resolve) => srv.server.close(() => resolve()));
    }
  });
});
