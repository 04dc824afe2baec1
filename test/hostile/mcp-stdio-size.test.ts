// One JSON-RPC message over 10 MiB on the MCP stdio server: it used to end the server with status 0 and nothing on
// stderr. Now the request gets an error naming the limit, stderr says why, and the server keeps serving.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { BoundedLines, type DroppedMessage } from '../../src/mcp/stdio-lines.js';
import { devArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { tempDir } from '../helpers/temp.js';

const MiB = 1024 * 1024;

function through(chunks: string[], max: number): { lines: string[]; dropped: DroppedMessage[] } {
  const dropped: DroppedMessage[] = [];
  const lines: string[] = [];
  const f = new BoundedLines((d) => dropped.push(d), max);
  f.on('data', (b: Buffer) => lines.push(b.toString()));
  for (const c of chunks) f.write(Buffer.from(c));
  return { lines, dropped };
}

describe('bounded stdio lines', () => {
  test('lines split across chunks pass whole; a long one is dropped with its id from the end or the start', () => {
    const long = 'x'.repeat(100);
    const r = through(
      [
        '{"a":1}\n{"b"',
        ':2}\n',
        `{"method":"tools/call","params":{"p":"${long}`,
        `"},"jsonrpc":"2.0","id":7}\n{"c":3}\n`,
        `{"jsonrpc":"2.0","id":"q-1","method":"m","params":"${long}"}\n`,
        `{"method":"notifications/x","params":"${long}"}\n`,
      ],
      64,
    );
    assert.deepEqual(r.lines.join('').split('\n').filter(Boolean), ['{"a":1}', '{"b":2}', '{"c":3}']);
    assert.deepEqual(
      r.dropped.map((d) => d.id),
      [7, 'q-1', undefined],
    );
    assert.ok(r.dropped.every((d) => d.bytes > 64));
  });
});

describe('MCP stdio server and a message over 10 MiB (real process)', () => {
  let client: Client;
  let transport: StdioClientTransport;
  let stderr = '';
  const dir = tempDir('glance-stdio-size-');
  const screen = join(dir, 'screen.xml');

  before(async () => {
    writeFileSync(
      screen,
      `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="Still here" resource-id="a:id/t" class="android.widget.Button" package="a" content-desc="" checkable="false" checked="false" clickable="true" enabled="true" focusable="true" focused="false" scrollable="false" long-clickable="false" password="false" selected="false" bounds="[0,0][100,100]" /></hierarchy>`,
    );
    transport = new StdioClientTransport({
      command: process.execPath,
      args: [...devArgs, 'mcp', '--root', dir],
      cwd: repoRoot,
      env: { ...process.env, ANDROID_ADB_SERVER_PORT: '1' } as Record<string, string>,
      stderr: 'pipe',
    });
    (transport.stderr as Readable).on('data', (d: Buffer) => (stderr += d.toString()));
    client = new Client({ name: 'size-test', version: '1.0.0' });
    await client.connect(transport);
  });
  after(async () => {
    await client?.close();
  });

  const snapshot = async (from: string) =>
    (await client.callTool({ name: 'device_snapshot', arguments: { from } })) as { isError?: boolean; content: Array<{ text?: string }> };

  test('the oversized request gets an error; the request beside it and those after it are served', async () => {
    const [small, huge] = await Promise.allSettled([snapshot(screen), snapshot(`${'y'.repeat(11 * MiB)}.xml`)]);
    assert.equal(small.status, 'fulfilled');
    assert.match(small.value.content[0]?.text ?? '', /Still here/);
    assert.equal(huge.status, 'rejected');
    assert.ok(huge.reason instanceof McpError, String(huge.reason));
    assert.match(huge.reason.message, /over the 10 MiB limit/);
    for (let i = 0; i < 3; i++) assert.match((await snapshot(screen)).content[0]?.text ?? '', /Still here/);
    assert.match(stderr, /dropped a message of \d+ bytes \(request id \d+\): messages over 10 MiB are refused; still serving/);
  });

  test('an oversized line that is no request is reported on stderr; a line that is no JSON too; serving goes on', async () => {
    const stdin = (transport as unknown as { _process: { stdin: NodeJS.WritableStream } })._process.stdin;
    stdin.write(`${'z'.repeat(11 * MiB)}\n`);
    stdin.write('not json at all\n');
    assert.match((await snapshot(screen)).content[0]?.text ?? '', /Still here/);
    assert.match(stderr, /dropped a message of \d+ bytes: messages over 10 MiB/);
    assert.match(stderr, /mcp server: .*JSON/);
  });
});
