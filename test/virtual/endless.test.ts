// Endless device files and writers through pipes: the stages of a pipeline run side by side through bounded
// pipes, so a reader takes as much as it wants (more than any memory cap), an endless writer ends when its reader
// exits (SIGPIPE) or when the session is closed, and what sits in memory is one pipe's worth, not the stream.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ServiceIO } from '../../src/adb/services.js';
import { headTail, wc, yes } from '../../src/device/virtual/commands/text.js';
import { MemFs } from '../../src/device/virtual/fs.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { PIPE_CAPACITY, SinkClosed } from '../../src/device/virtual/pipe.js';
import { Shell, type Command } from '../../src/device/virtual/shell.js';

const dev = createVirtualDevice({});
const run = async (c: string): Promise<string> => {
  const r = await dev.run(c);
  assert.equal(r.exitCode, 0, c);
  return new TextDecoder().decode(r.stdout);
};
const count = async (c: string): Promise<number> => Number((await run(c)).trim());

/** A shell over the streaming text commands and `extra` (fakes of the Command interface). */
function shellWith(extra: Record<string, Command>, signal = new AbortController().signal): Shell {
  const fs = new MemFs();
  const commands = new Map<string, Command>([
    ['head', headTail({ fs }, false)],
    ['wc', wc({ fs })],
    ['yes', yes],
    ...Object.entries(extra),
  ]);
  return new Shell({ fs, commands, env: new Map(), signal, tty: false });
}

/** Event-loop turns for the device to run on: enough for an unthrottled writer to produce many megabytes. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((r) => setImmediate(r));
}

async function runIn(shell: Shell, script: string): Promise<{ code: number; out: string }> {
  const chunks: Uint8Array[] = [];
  const code = await shell.run(script, { stdout: { write: (d) => void chunks.push(d) }, stderr: { write: () => undefined } });
  return { code, out: Buffer.concat(chunks).toString() };
}

describe('endless sources through pipes', () => {
  test('head -c N takes N bytes of /dev/zero and /dev/urandom, beyond one pipe of 1 MiB', async () => {
    assert.equal(await count('head -c 4194304 /dev/zero | wc -c'), 4194304);
    assert.equal(await count('head -c 1000 /dev/urandom | wc -c'), 1000);
    assert.equal(await count('cat /dev/zero | head -c 4194304 | wc -c'), 4194304);
    assert.equal(await count('cat /dev/urandom | head -c 3000000 | wc -c'), 3000000);
    assert.equal(await count('yes | head -c 2097152 | wc -c'), 2097152);
  });

  test('a stream larger than every memory cap (64 MiB) goes through whole', async () => {
    const n = 100 * 1024 * 1024 + 7;
    assert.equal(await count(`yes | head -c ${n} | wc -c`), n);
    assert.equal(await count(`cat /dev/zero | cat | head -c ${n} | wc -c`), n);
    // Lines as well as bytes: 3 million lines of "y".
    assert.equal(await count('yes | head -n 3000000 | wc -l'), 3000000);
  });

  test('random bytes are random; zeros are zeros', async () => {
    const a = await dev.run('head -c 64 /dev/urandom');
    const b = await dev.run('head -c 64 /dev/urandom');
    assert.equal(a.stdout.length, 64);
    assert.notDeepEqual(a.stdout, b.stdout);
    const z = await dev.run('head -c 64 /dev/zero');
    assert.ok(z.stdout.every((x) => x === 0));
  });

  test('readers that stop early end the writer: head -n, grep -q, a command that reads nothing', async () => {
    assert.equal(await run('yes | head -n 2'), 'y\ny\n');
    assert.equal((await dev.run('yes | grep -q y')).exitCode, 0);
    assert.equal(await run('yes | echo done'), 'done\n');
  });

  test('a redirect to a file fills the disk at 64 MiB: the writer reports it and stops; /dev/null takes what comes', async () => {
    const d = createVirtualDevice({});
    const r = await d.run('yes > /sdcard/big; echo $?; wc -c < /sdcard/big; yes | head -c 3000000 > /dev/null; echo $?');
    assert.equal(new TextDecoder().decode(r.stderr), 'yes: write error: No space left on device\n');
    assert.deepEqual(new TextDecoder().decode(r.stdout).split('\n'), ['1', String(64 * 1024 * 1024), '0', '']);
  });

  test('tail keeps only the end of a long stream', async () => {
    assert.equal(await run('seq 100000 | tail -n 2'), '99999\n100000\n');
    assert.equal(await run(`yes abc | head -c ${5 * 1024 * 1024} | tail -c 8`), 'abc\nabc\n');
  });

  test('an endless writer is stopped by SIGPIPE once its reader exits, having written about one pipe more than was read', async () => {
    let written = 0;
    let ended: unknown;
    const shell = shellWith({
      // A writer that counts what it hands to the pipe and records how it was stopped.
      produce: async (ctx) => {
        const block = new Uint8Array(4096);
        try {
          for (;;) {
            ctx.out(block);
            written += block.length;
            await ctx.drain();
          }
        } catch (e) {
          ended = e;
          throw e;
        }
      },
    });
    assert.deepEqual(await runIn(shell, 'produce | head -c 1000000 | wc -c'), { code: 0, out: '1000000\n' });
    assert.ok(ended instanceof SinkClosed && ended.reason === 'Broken pipe', String(ended));
    // What the writer got ahead of its reader is bounded by the pipe, not by the stream.
    assert.ok(written <= 1000000 + PIPE_CAPACITY + 2 * 4096, `written ${written}`);
  });

  test('yes | wc -c runs past the old 1 MiB cap and ends when the session is closed', async () => {
    const abort = new AbortController();
    let seen = 0;
    const shell = shellWith(
      {
        // Passes its input on, counting it, and closes the session once 8 MiB went by.
        meter: async (ctx) => {
          for (let c = await ctx.stdin.read(); c !== undefined; c = await ctx.stdin.read()) {
            seen += c.length;
            if (seen >= 8 * 1024 * 1024) abort.abort();
            ctx.out(c);
            await ctx.drain();
          }
          return 0;
        },
      },
      abort.signal,
    );
    await assert.rejects(runIn(shell, 'yes | meter | wc -c'), { name: 'AbortError' });
    assert.ok(seen >= 8 * 1024 * 1024, `seen ${seen}`);
  });

  test('through the shell service: `yes` writes no further ahead than the host acknowledges, and the close ends it', async () => {
    let sent = 0;
    let writes = 0;
    const held: Array<() => void> = [];
    let holding = true;
    const io: ServiceIO = {
      // While `holding`, the host acknowledges nothing (each write stays pending until released).
      write: (data) => {
        sent += data.length;
        writes++;
        return holding ? new Promise<void>((r) => held.push(r)) : Promise.resolve();
      },
      close: () => undefined,
    };
    const session = createVirtualDevice({}).services.open('shell,v2,raw:yes', io)!;
    await turns(500);
    // Unthrottled, 500 turns would carry 500 blocks of 64 KiB (31 MiB).
    assert.ok(sent <= 2 * 1024 * 1024, `${sent} bytes sent while the host acknowledged nothing`);
    holding = false;
    for (const r of held.splice(0)) r();
    while (sent < 16 * 1024 * 1024) await turns(1);
    session.closed();
    await turns(5);
    const after = writes;
    await turns(500);
    assert.equal(writes, after, 'the command went on writing after the stream closed');
  });
});
