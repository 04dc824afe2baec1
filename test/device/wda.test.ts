// The WDA device end to end: Glance's WdaDevice over HTTP against the virtual iOS device (a WebDriverAgent
// server made of a trailmap), through the CLI and through the MCP server as an agent meets it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { builtinIosTrailmapDir, startVirtualIos, type RunningWdaServer } from '../../src/device/virtual/wda/index.js';
import { WdaDevice } from '../../src/device/wda/device.js';
import { decodeRgba } from '../../src/image/codec.js';
import { devArgs, glance } from '../helpers/cli.js';
import { contactsIosDir, repoRoot } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

let server: RunningWdaServer;
let serial: string;
const refOf = (ui: string, label: string): string => {
  const line = ui.split('\n').find((l) => l.includes(label));
  assert.ok(line, `no line with ${label} in\n${ui}`);
  return line.trim().split(' ')[0]!;
};

describe('WdaDevice against the virtual iOS device', () => {
  before(async () => {
    server = await startVirtualIos({ trailmap: builtinIosTrailmapDir() });
    serial = `wda:${server.url}`;
  });
  after(async () => server.close());

  test('CLI: ui, tap REF moves to the shortcut target, back, type into a field, screenshot --marks', async () => {
    await new WdaDevice(server.url).launch('dev.glance.notes');
    const ui = await glance(['-s', serial, 'ui']);
    assert.equal(ui.code, 0, ui.stderr);
    assert.match(ui.stdout, /^dev\.glance\.notes\n/);
    const tap = await glance(['-s', serial, 'tap', refOf(ui.stdout, 'Groceries')]);
    assert.equal(tap.code, 0, tap.stderr);
    assert.equal(server.world.waypoint, 'notes/ios/note');
    assert.match(tap.stdout, /Switch Pinned \[on\]/);
    assert.equal((await glance(['-s', serial, 'key', 'BACK'])).code, 0);
    assert.equal(server.world.waypoint, 'notes/ios/list');
    const typed = await glance(['-s', serial, 'type', refOf(ui.stdout, 'hint=Search'), 'lisbon']);
    assert.equal(typed.code, 0, typed.stderr);
    assert.equal(server.world.waypoint, 'notes/ios/results');
    assert.match(typed.stdout, /field now holds "lisbon"/);
    const out = join(tempDir('glance-wda-'), 'shot.png');
    const shot = await glance(['-s', serial, 'screenshot', out, '--marks']);
    assert.equal(shot.code, 0, shot.stderr);
    assert.match(shot.stdout, /^screenshot 402x874/);
    assert.match(shot.stdout, /Button Cancel/);
    assert.ok(decodeRgba(new Uint8Array(readFileSync(out))).height >= 874);
  });

  test('typing with no shortcut edits the focused field of the screen', async () => {
    await new WdaDevice(server.url).launch('dev.glance.notes');
    const ui = await glance(['-s', serial, 'ui']);
    await glance(['-s', serial, 'tap', refOf(ui.stdout, 'hint=Search')]);
    assert.equal(server.world.waypoint, 'notes/ios/search');
    const typed = await glance(['-s', serial, 'type', 'porto']);
    assert.equal(typed.code, 0, typed.stderr);
    assert.equal(server.world.waypoint, 'notes/ios/search');
    assert.match((await glance(['-s', serial, 'ui'])).stdout, /TextField porto hint=Search \[focused\]/);
  });

  test('MCP: device_snapshot, device_tap and device_type on the WDA device', async () => {
    await new WdaDevice(server.url).launch('dev.glance.notes');
    const client = new Client({ name: 'glance-test', version: '1.0.0' });
    const env = Object.fromEntries(
      Object.entries({ ...process.env, GLANCE_WDA_URL: server.url }).filter((e): e is [string, string] => e[1] !== undefined),
    );
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [...devArgs, 'mcp'],
        env,
        cwd: repoRoot,
        stderr: 'pipe',
      }),
    );
    try {
      const text = (r: unknown): string => ((r as { content: Array<{ text?: string }> }).content ?? []).map((c) => c.text ?? '').join('\n');
      const ui = text(await client.callTool({ name: 'device_snapshot', arguments: {} }));
      assert.match(ui, /TextField hint=Search/);
      const tap = await client.callTool({ name: 'device_tap', arguments: { target: refOf(ui, 'Groceries') } });
      assert.ok(!tap.isError, text(tap));
      assert.equal(server.world.waypoint, 'notes/ios/note');
      await client.callTool({ name: 'device_press_key', arguments: { key: 'BACK' } });
      const typed = await client.callTool({ name: 'device_type', arguments: { target: refOf(ui, 'hint=Search'), text: 'lisbon' } });
      assert.ok(!typed.isError, text(typed));
      assert.equal(server.world.waypoint, 'notes/ios/results');
    } finally {
      await client.close();
    }
  });
});

describe('the virtual iOS device over the Contacts trailmap', { skip: requires({ shared: true }) }, () => {
  test('tapping the search field on the list takes the shortcut to search-active; typing Kate shows results', async () => {
    const s = await startVirtualIos({ trailmap: contactsIosDir, start: 'contacts/ios/list' });
    try {
      const sid = `wda:${s.url}`;
      const ui = await glance(['-s', sid, 'ui']);
      assert.equal(ui.code, 0, ui.stderr);
      assert.ok(!/scroll bar|battery/.test(ui.stdout));
      const tap = await glance(['-s', sid, 'tap', refOf(ui.stdout, 'hint=Search')]);
      assert.equal(tap.code, 0, tap.stderr);
      assert.equal(s.world.waypoint, 'contacts/ios/search-active');
      assert.equal((await glance(['-s', sid, 'type', 'Kate'])).code, 0);
      assert.equal(s.world.waypoint, 'contacts/ios/search-results');
    } finally {
      await s.close();
    }
  });
});

test('glance demo --ios runs its four steps on the virtual iPhone', async () => {
  const r = await glance(['--json', 'demo', '--ios']);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout) as { ok: boolean; result: { steps: Array<{ command: string }> } };
  assert.equal(doc.ok, true);
  assert.deepEqual(
    doc.result.steps.map((s) => s.command.split(' ')[3]),
    ['ui', 'tap', 'key', 'type'],
  );
});
