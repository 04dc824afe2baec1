// `glance ui` on a live device: the header names the foreground activity, refs persist between commands, and
// `--diff last` compares with the device's previous snapshot (including the ones actions take).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createDeviceProvider } from '../../src/device/provider.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import type { DeviceProvider, ToolContext } from '../../src/tools/index.js';
import { snapshotTool } from '../../src/tools/snapshot.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { glance } from '../helpers/cli.js';
import { tempDir } from '../helpers/temp.js';

let phone: RunningVirtualDevice;
let env: Record<string, string>;
const run = (...argv: string[]) => glance(['-s', `direct:127.0.0.1:${phone.port}`, ...argv], { env });

describe('live glance ui over the direct transport', () => {
  before(async () => {
    phone = await startVirtualDevice({ scenario: 'demo' });
    env = { GLANCE_STATE_DIR: tempDir('glance-state-') };
  });
  after(async () => phone?.close());

  test('header carries package/activity; --json elements match the text refs', async () => {
    const r = await run('ui');
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.split('\n')[0], 'dev.glance.demo/.MainActivity');
    const j = await run('--json', 'ui');
    const doc = JSON.parse(j.stdout) as { ok: boolean; result: { screen: { activity?: string }; elements: Array<{ ref: string }> } };
    assert.equal(doc.ok, true);
    assert.equal(doc.result.screen.activity, 'dev.glance.demo.MainActivity');
    const refs = r.stdout
      .split('\n')
      .slice(1)
      .filter(Boolean)
      .map((l) => l.trim().split(' ')[0]);
    assert.deepEqual(
      refs,
      doc.result.elements.map((e) => e.ref),
    );
  });

  test('--diff last: "no change", then only what an action changed', async () => {
    assert.equal((await run('ui', '--diff', 'last')).stdout.trim(), 'no change');
    const settings = (await run('find', '[desc=Settings]')).stdout.split(' ')[0]!;
    const tapped = await run('tap', settings);
    assert.equal(tapped.code, 0);
    // A new screen is printed whole, its header naming the activity like `glance ui` does.
    assert.deepEqual(tapped.stdout.split('\n').slice(1, 3), ['new screen:', 'dev.glance.demo/.SettingsActivity']);
    // The tap's own snapshot is now the device's latest: nothing changed since.
    assert.equal((await run('ui', '--diff', 'last')).stdout.trim(), 'no change');
    assert.equal((await run('key', 'BACK')).code, 0);
    assert.equal((await run('ui')).stdout.split('\n')[0], 'dev.glance.demo/.MainActivity');
  });

  test('--diff last picks the device once (each pick may ask the adb server)', async () => {
    const inner = createDeviceProvider({});
    let gets = 0;
    const devices: DeviceProvider = {
      get: (serial, opts) => {
        gets++;
        return inner.get(serial, opts);
      },
      list: (opts) => inner.list(opts),
    };
    const ctx: ToolContext = {
      signal: new AbortController().signal,
      serial: `direct:127.0.0.1:${phone.port}`,
      devices,
      snapshots: memorySnapshotStore(),
      readFile: () => Promise.reject(new Error('no files here')),
      writeFile: () => Promise.reject(new Error('no files here')),
    };
    try {
      const r = await snapshotTool.handler(snapshotTool.schema.parse({ diff: 'last' }), ctx);
      assert.equal(gets, 1);
      assert.ok(r.text.length > 0);
    } finally {
      inner.close();
    }
  });

  test('a ref from an earlier screen is REF_NOT_FOUND (exit 2) with a hint', async () => {
    const r = await run('tap', 'b999');
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^error REF_NOT_FOUND: /);
    assert.match(r.stderr, /hint: /);
  });
});
