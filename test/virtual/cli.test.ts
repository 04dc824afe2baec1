import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { virtualCommand } from '../../src/cli/commands/virtual.js';
import { glance } from '../helpers/cli.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const CLOCK = join(droidtaskDir, 'clock');

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' }, () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

function run(argv: string[], signal: AbortSignal): { out: string[]; err: string[]; done: Promise<number> } {
  const out: string[] = [];
  const err: string[] = [];
  const done = virtualCommand(argv, { stdout: (s) => out.push(s), stderr: (s) => err.push(s), signal });
  return { out, err, done };
}

async function until(cond: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('glance virtual', () => {
  test('prints the serial when ready, serves until aborted, then frees the port', async () => {
    const ac = new AbortController();
    const a = run([], ac.signal);
    const b = run(['--scenario', 'demo'], ac.signal);
    await until(() => a.out.length > 0 && b.out.length > 0);
    const serials = [a.out[0]!, b.out[0]!].map((s) => s.trim());
    const ports = serials.map((s) => {
      const m = /^127\.0\.0\.1:(\d+)$/.exec(s);
      assert.ok(m, s);
      return Number(m[1]);
    });
    assert.notEqual(ports[0], ports[1], 'several at once on different ports');
    for (const p of ports) assert.equal(await canConnect(p), true);
    ac.abort();
    assert.deepEqual(await Promise.all([a.done, b.done]), [0, 0]);
    for (const p of ports) assert.equal(await canConnect(p), false);
  });

  test('--droidbot serves a recording', { skip: requires({ shared: true }) }, async () => {
    const ac = new AbortController();
    const r = run(['--droidbot', CLOCK], ac.signal);
    await until(() => r.out.length > 0);
    assert.match(r.err.join(''), /com\.simplemobiletools\.clock/);
    assert.equal(await canConnect(Number(r.out[0]!.trim().split(':')[1])), true);
    ac.abort();
    assert.equal(await r.done, 0);
  });

  test('usage errors exit 1 with a message; --help exits 0', async () => {
    const ac = new AbortController();
    for (const argv of [['--port', 'x'], ['--bogus'], ['--scenario', 'demo', '--droidbot', '/tmp']]) {
      const r = await glance(['virtual', ...argv]);
      assert.equal(r.code, 1, argv.join(' '));
      assert.match(r.stderr, /^error USAGE: .*\nhint: see `glance virtual --help`\n$/);
    }
    const bad = await glance(['virtual', '--scenario', 'nope']);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /no built-in scenario named "nope"\nhint: /);
    const help = run(['--help'], ac.signal);
    assert.equal(await help.done, 0);
    assert.match(help.out.join(''), /^glance virtual \[--port N\]/);
  });

  test('a busy port is reported, not thrown', async () => {
    const ac = new AbortController();
    const first = run([], ac.signal);
    await until(() => first.out.length > 0);
    const port = first.out[0]!.trim().split(':')[1]!;
    const second = await glance(['virtual', '--port', port]);
    assert.equal(second.code, 1);
    assert.match(second.stderr, /already in use/);
    ac.abort();
    assert.equal(await first.done, 0);
  });
});
