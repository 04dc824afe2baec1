// One target resolver behind every front-end: the library (`resolveTarget` over a snapshot of the dump), the CLI
// (`glance tap`, in-process, through the real adb server) and MCP (`device_tap` from the official MCP client over
// stdio, spawning `glance mcp`) resolve the same selector on the same screen to the same element. The screen is a
// real omni-notes uiautomator2 dump served by a virtual device.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { buildScenario } from '../../src/device/virtual/scenario.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { resolveTarget } from '../../src/snapshot/target.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { devArgs, glance } from '../helpers/cli.js';
import { corpusDir, repoRoot } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const DUMP = join(corpusDir, 'dumps/omni-notes.uiautomator2.xml');
const SELECTOR = ':clickable:below([text=Notes])';
const missing = requires({ shared: true, adb: true });

/** What identifies an element across the three answers: its ref, and where it is. */
const identity = (e: Pick<SnapshotElement, 'ref' | 'bounds'>): string => `${e.ref} ${e.bounds.join(',')}`;

describe('one target resolver: library, CLI and MCP agree', { skip: missing, timeout: 120_000 }, () => {
  let adb: AdbHarness;
  let phone: RunningVirtualDevice;
  let client: Client;
  let stateDir = '';

  before(async () => {
    const scenario = buildScenario(
      {
        package: 'it.feio.android.omninotes.alpha',
        label: 'Omni Notes',
        launcher: '.MainActivity',
        start: 'list',
        screens: { list: { file: 'omni.xml' } },
      },
      () => readFileSync(DUMP, 'utf8'),
      'omni-notes scenario',
    );
    stateDir = tempDir('glance-resolver-');
    adb = await AdbHarness.start();
    phone = await startVirtualDevice({ scenario });
    await adb.connectOnline(phone.serial);
    const env = Object.fromEntries(
      Object.entries({ ...adb.env, ANDROID_SERIAL: phone.serial, GLANCE_STATE_DIR: stateDir }).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    );
    client = new Client({ name: 'glance-test', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [...devArgs, 'mcp'], env, cwd: repoRoot }));
  });

  after(async () => {
    await client?.close();
    await phone?.close();
    await adb?.stop();
    if (stateDir !== '') rmSync(stateDir, { recursive: true, force: true });
  });

  test(`${SELECTOR} is one element everywhere (the nearest below "Notes")`, async () => {
    // The library, on the device's own dump (what the CLI and MCP see) and on the shared file itself.
    const run = await phone.device.run('uiautomator dump /sdcard/window.xml >/dev/null && cat /sdcard/window.xml');
    const served = snapshotFromDump(Buffer.from(run.stdout).toString('utf8'));
    const lib = resolveTarget(served, SELECTOR);
    assert.equal(identity(resolveTarget(snapshotFromDump(readFileSync(DUMP, 'utf8')), SELECTOR)), identity(lib));

    const cli = await glance(['--json', '-s', phone.serial, 'tap', SELECTOR], {
      env: { ...adb.env, GLANCE_STATE_DIR: stateDir, ANDROID_SERIAL: '' },
    });
    assert.equal(cli.code, 0, cli.stdout + cli.stderr);
    const tapped = (JSON.parse(cli.stdout) as { result: { target: { ref: string } } }).result.target;
    assert.equal(tapped.ref, lib.ref);

    const mcp = (await client.callTool({ name: 'device_tap', arguments: { target: SELECTOR } })) as {
      content: Array<{ type: string; text?: string }>;
      structuredContent?: { target: { ref: string } };
      isError?: boolean;
    };
    assert.ok(!mcp.isError, mcp.content[0]?.text);
    assert.equal(mcp.structuredContent?.target.ref, lib.ref);
  });
});
