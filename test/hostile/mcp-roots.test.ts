// MCP tools reach only the server's roots: `glance mcp --root DIR` spawned and driven by the official client over
// stdio (and the HTTP server in-process), every file argument tried inside, outside, through links and `..`.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { serveHttp } from '../../src/mcp/server.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { createDeviceProvider } from '../../src/device/provider.js';
import { devArgs, glance } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

interface CallResult {
  content: Array<{ type: string; text?: string }>;
  isError?: boolean;
}
const text = (r: CallResult): string => r.content.map((c) => c.text ?? '').join('\n');

const dump = (label: string): string =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="${label}" resource-id="a:id/t" class="android.widget.Button" package="a" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][100,100]" /></hierarchy>`;

const manifest = (pkg: string, activity: string): string =>
  `<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${pkg}"><application><activity android:name=".${activity}"><intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter></activity></application></manifest>`;

// root/: what the server may touch; outside/: a sibling it may not.
const base = tempDir('glance-roots-');
const root = join(base, 'root');
const outside = join(base, 'outside');
function layout(): void {
  for (const d of [root, join(root, 'sub'), outside, join(root, 'proj/app/src/main'), join(outside, 'evil/src/main')])
    mkdirSync(d, { recursive: true });
  writeFileSync(join(root, 'screen.xml'), dump('Inside'));
  writeFileSync(join(root, 'sub/screen.xml'), dump('Deeper'));
  writeFileSync(join(outside, 'secret.xml'), dump('Secret'));
  writeFileSync(join(outside, 'passwd'), 'root:x:0:0:root:/root:/bin/bash\n');
  writeFileSync(join(outside, 'map.json'), JSON.stringify({ package: 'x', activities: [], transitions: [] }));
  symlinkSync(join(outside, 'secret.xml'), join(root, 'link.xml'));
  symlinkSync(join(outside, 'made.png'), join(root, 'dangling.png'));
  symlinkSync(outside, join(root, 'door'));
  // A project inside the root whose settings.gradle pulls a module from outside it.
  writeFileSync(
    join(root, 'proj/settings.gradle'),
    `include ':app', ':evil'\nproject(':evil').projectDir = file('${join(outside, 'evil')}')\n`,
  );
  writeFileSync(join(root, 'proj/app/src/main/AndroidManifest.xml'), manifest('com.good', 'MainActivity'));
  writeFileSync(join(outside, 'evil/src/main/AndroidManifest.xml'), manifest('com.good', 'SecretActivity'));
}
layout();

function stdioClient(args: string[], cwd: string, client = new Client({ name: 'roots-test', version: '1.0.0' })) {
  const transport = new StdioClientTransport({
    command: process.execPath,
    // tsx by its resolved URL: a bare `--import tsx` would be looked up from the child's working directory.
    args: [...devArgs, 'mcp', ...args],
    cwd,
    env: { ...process.env, ANDROID_ADB_SERVER_PORT: '1' } as Record<string, string>,
    stderr: 'pipe',
  });
  return { client, connect: () => client.connect(transport) };
}

const refused = (r: CallResult): void => {
  assert.equal(r.isError, true, text(r));
  assert.match(text(r), /^error PATH_NOT_ALLOWED: /);
  assert.doesNotMatch(text(r), /Secret|root:x/);
};

describe('MCP file arguments confined to --root (stdio)', () => {
  let phone: RunningVirtualDevice;
  let client: Client;
  const call = async (name: string, args: Record<string, unknown>): Promise<CallResult> =>
    (await client.callTool({ name, arguments: args })) as CallResult;

  before(async () => {
    phone = await startVirtualDevice({ scenario: 'demo' });
    // Started elsewhere on purpose: the root comes from --root, not from the working directory.
    const s = stdioClient(['--root', root], repoRoot);
    client = s.client;
    await s.connect();
  });
  after(async () => {
    await client?.close();
    await phone?.close();
  });

  test('reads inside the root; relative paths start at the root', async () => {
    for (const from of [join(root, 'screen.xml'), 'screen.xml', join(root, 'sub/../screen.xml')]) {
      const r = await call('device_snapshot', { from });
      assert.notEqual(r.isError, true, text(r));
      assert.match(text(r), /Inside/);
    }
  });

  test('refuses files outside, through a symlink, through a linked folder and through ..', async () => {
    for (const from of [
      '/etc/passwd',
      join(outside, 'passwd'),
      join(root, 'link.xml'),
      join(root, 'door/secret.xml'),
      '../outside/secret.xml',
    ])
      refused(await call('device_snapshot', { from }));
  });

  test('screenshots are written inside the root only; a dangling link does not create its target', async () => {
    const device = `direct:127.0.0.1:${phone.port}`;
    const ok = await call('device_screenshot', { device, out: join(root, 'shot.png') });
    assert.notEqual(ok.isError, true, text(ok));
    assert.ok(existsSync(join(root, 'shot.png')));
    for (const out of [join(outside, 'shot.png'), join(root, 'dangling.png'), join(root, 'door/shot2.png'), '../outside/shot3.png'])
      refused(await call('device_screenshot', { device, out }));
    for (const f of ['shot.png', 'made.png', 'shot2.png', 'shot3.png']) assert.ok(!existsSync(join(outside, f)), f);
  });

  test('UI Maps: a map file or source folder outside is refused; a module outside the root is not read', async () => {
    refused(await call('app_map', { map: join(outside, 'map.json') }));
    refused(await call('app_map', { src: join(outside, 'evil') }));
    refused(await call('app_map', { src: join(root, 'proj'), lib: [outside] }));
    refused(await call('app_run_task', { task: 'open the settings', policy: 'heuristic', out: join(outside, 'run') }));
    assert.ok(!existsSync(join(outside, 'run')));
    const r = await call('app_map', { src: join(root, 'proj') });
    assert.notEqual(r.isError, true, text(r));
    assert.match(text(r), /MainActivity/);
    assert.doesNotMatch(text(r), /SecretActivity/);
    // The same project mapped from the CLI, which is not confined, does read the outside module.
    const cli = await glance(['map', join(root, 'proj'), '--json', '-']);
    assert.equal(cli.code, 0, cli.stderr);
    assert.match(cli.stdout, /SecretActivity/);
  });
});

describe('MCP roots offered by the client (stdio)', () => {
  test('without --root the client roots replace the working directory, and follow roots/list_changed', async () => {
    let offered = [join(root, 'sub')];
    const client = new Client({ name: 'roots-test', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: offered.map((p) => ({ uri: pathToFileURL(p).href, name: 'work' })),
    }));
    const s = stdioClient([], root, client);
    await s.connect();
    try {
      const call = async (from: string): Promise<CallResult> =>
        (await client.callTool({ name: 'device_snapshot', arguments: { from } })) as CallResult;
      refused(await call(join(root, 'screen.xml')));
      assert.match(text(await call(join(root, 'sub/screen.xml'))), /Deeper/);
      offered = [root];
      await client.sendRootsListChanged();
      assert.match(text(await call(join(root, 'screen.xml'))), /Inside/);
    } finally {
      await client.close();
    }
  });

  test('with --root the client roots can only narrow it', async () => {
    const client = new Client({ name: 'roots-test', version: '1.0.0' }, { capabilities: { roots: {} } });
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [outside, base].map((p) => ({ uri: pathToFileURL(p).href })),
    }));
    const s = stdioClient(['--root', root], repoRoot, client);
    await s.connect();
    try {
      const call = async (from: string): Promise<CallResult> =>
        (await client.callTool({ name: 'device_snapshot', arguments: { from } })) as CallResult;
      // `outside` lies outside --root (dropped); `base` holds it (narrowed to the root).
      refused(await call(join(outside, 'secret.xml')));
      assert.match(text(await call(join(root, 'screen.xml'))), /Inside/);
    } finally {
      await client.close();
    }
  });
});

describe('MCP file arguments confined over Streamable HTTP', () => {
  test('roots hold for the HTTP server too', async () => {
    const srv = await serveHttp({
      port: 0,
      token: 'roots-token',
      devices: createDeviceProvider({ ANDROID_ADB_SERVER_PORT: '1' }),
      snapshots: memorySnapshotStore(),
      defaultSerial: undefined,
      readFile: (p) => readFile(p, 'utf8'),
      writeFile: (p, d) => writeFile(p, d),
      roots: [root],
    });
    const client = new Client({ name: 'roots-test', version: '1.0.0' });
    try {
      await client.connect(
        new StreamableHTTPClientTransport(new URL(srv.url), { requestInit: { headers: { authorization: 'Bearer roots-token' } } }),
      );
      const call = async (from: string): Promise<CallResult> =>
        (await client.callTool({ name: 'device_snapshot', arguments: { from } })) as CallResult;
      refused(await call('/etc/passwd'));
      refused(await call(join(root, 'link.xml')));
      assert.match(text(await call(join(root, 'screen.xml'))), /Inside/);
    } finally {
      await client.close();
      await new Promise<void>((resolve) => srv.server.close(() => resolve()));
    }
  });
});
