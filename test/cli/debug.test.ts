// GLANCE_DEBUG traces the wire on stderr, one `glance:AREA …` line per event, and leaves stdout alone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { parseDebugAreas, preview } from '../../src/debug.js';
import { glanceProcess, devArgs } from '../helpers/cli.js';
import { repoRoot } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { AdbHarness } from '../adb/adb-harness.js';

const traced = (stderr: string, area: string): string[] =>
  stderr
    .split('\n')
    .filter((l) => l.startsWith(`glance:${area} `))
    .map((l) => l.slice(`glance:${area} `.length));

describe('GLANCE_DEBUG', () => {
  test('names areas by comma or space; * and all mean every area; unknown names are ignored', () => {
    assert.deepEqual([...parseDebugAreas('adb')], ['adb']);
    assert.deepEqual([...parseDebugAreas('mcp, virtual')], ['virtual', 'mcp']);
    assert.deepEqual([...parseDebugAreas('*')], ['adb', 'virtual', 'mcp', 'model']);
    assert.deepEqual([...parseDebugAreas('ALL')], ['adb', 'virtual', 'mcp', 'model']);
    assert.deepEqual([...parseDebugAreas('nope,,')], []);
    assert.deepEqual([...parseDebugAreas(undefined)], []);
  });

  test('payload previews are quoted, escaped and cut', () => {
    assert.equal(preview('shell:ls\0'), '"shell:ls\\0"');
    assert.equal(preview(Uint8Array.of(0x41, 0x0a, 0xff, 0x22, 0x5c)), '"A\\n\\xff\\"\\\\"');
    assert.equal(preview('x'.repeat(50), 8), '"xxxxxxxx"…(+42 B)');
  });

  test('adb,virtual: the demo prints packets both ways, services opened and shell commands run', async () => {
    const plain = await glanceProcess(['demo'], { env: { GLANCE_DEBUG: '' }, timeoutMs: 90_000 });
    assert.equal(plain.code, 0, plain.stderr);
    assert.equal(plain.stderr, '');
    const r = await glanceProcess(['demo'], { env: { GLANCE_DEBUG: 'adb,virtual' }, timeoutMs: 90_000 });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.replace(/127\.0\.0\.1:\d+/g, 'PORT'), plain.stdout.replace(/127\.0\.0\.1:\d+/g, 'PORT'), 'stdout is untouched');
    const adb = traced(r.stderr, 'adb');
    // Our host side and the virtual device's endpoint each see the handshake, from their end.
    assert.match(adb[0] ?? '', /^host > CNXN 16777217 1048576 \d+ B "host::/);
    assert.ok(adb.some((l) => /^device < CNXN /.test(l)));
    assert.ok(adb.some((l) => /^device > CNXN \d+ \d+ \d+ B "device::/.test(l)));
    const open = adb.find((l) => /^host > OPEN \d+ 0 \d+ B "shell,v2,raw:/.test(l));
    assert.ok(open, 'a shell service is opened');
    assert.ok(
      adb.some((l) => /^host < WRTE \d+ \d+ \d+ B "/.test(l)),
      'data comes back',
    );
    assert.ok(adb.some((l) => /^(host|device) [<>] CLSE /.test(l)));
    const virtual = traced(r.stderr, 'virtual');
    assert.ok(virtual.some((l) => /^open "shell,v2,raw:/.test(l)));
    assert.ok(virtual.some((l) => l.startsWith('sh "') && l.includes('uiautomator dump') && l.endsWith('→ exit 0')));
    // Nothing else reaches stderr: every line is a trace line.
    assert.deepEqual(
      r.stderr.split('\n').filter((l) => l !== '' && !/^glance:(adb|virtual) /.test(l)),
      [],
    );
  });

  test('adb: requests to the adb server and its answers', { skip: requires({ adb: true }), timeout: 60_000 }, async () => {
    const h = await AdbHarness.start();
    try {
      const r = await glanceProcess(['devices'], { env: { ...h.env, GLANCE_DEBUG: 'adb' } });
      assert.equal(r.code, 0, r.stderr);
      const adb = traced(r.stderr, 'adb');
      assert.ok(
        adb.some((l) => /^server > "host:devices(-l)?" \(\d+ B\)$/.test(l)),
        adb.join('\n'),
      );
      assert.ok(adb.includes('server < OKAY'));
    } finally {
      await h.stop();
    }
  });

  test('mcp: JSON-RPC requests in and results out', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, [...devArgs, 'mcp'], {
      cwd: repoRoot,
      env: { ...process.env, GLANCE_DEBUG: 'mcp' },
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const answered = new Promise<void>((resolve) =>
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString();
        if (stdout.includes('"id":2')) resolve();
      }),
    );
    const send = (m: object): boolean => child.stdin.write(`${JSON.stringify(m)}\n`);
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '0' } },
    });
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    await answered;
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    const mcp = traced(stderr, 'mcp');
    assert.match(mcp[0] ?? '', /^< request 1 initialize \d+ B "\{\\"protocolVersion\\":/);
    assert.ok(mcp.some((l) => /^> result 1 \d+ B "/.test(l)));
    assert.ok(mcp.some((l) => l.startsWith('< notification notifications/initialized ')));
    assert.ok(mcp.some((l) => l.startsWith('< request 2 tools/list ')));
    assert.ok(mcp.some((l) => /^> result 2 \d+ B "\{\\"tools\\":\[/.test(l)));
    assert.ok(!stdout.includes('glance:mcp'), 'stdout carries only the protocol');
  });
});
