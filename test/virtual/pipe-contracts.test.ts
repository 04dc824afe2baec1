// The byte streams between the virtual shell's stages, as a pipe(7) behaves: bytes come out in order; a reader
// waits for a writer and sees end of input only once the buffer is empty; a bulk writer waits while the pipe holds
// its capacity and stops with a broken pipe once the reader has gone (what was buffered is dropped); an aborted
// session wakes whoever waits. Plus the sources commands read: bytes in memory, endless devices, the first n
// bytes, lines across chunk and character boundaries. Pure; every wait has the session's deadline over it.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PIPE_CAPACITY,
  Pipe,
  SinkClosed,
  bytesSource,
  deviceSource,
  emptySource,
  linesOf,
  readUpTo,
  type Source,
} from '../../src/device/virtual/pipe.js';

const b = (s: string): Uint8Array => new Uint8Array(Buffer.from(s));
const s = (u: Uint8Array | undefined): string | undefined => (u === undefined ? undefined : Buffer.from(u).toString());

/** A pipe under a session that ends by itself (so a wait that is never woken fails instead of hanging). */
const pipe = (capacity?: number): Pipe => new Pipe(AbortSignal.timeout(5000), capacity);

/** True when `p` settles before the event loop has run the callbacks queued now. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  p.then(
    () => (done = true),
    () => (done = true),
  );
  await new Promise((r) => setImmediate(r));
  return done;
}

async function all(src: Source): Promise<string[]> {
  const out: string[] = [];
  for await (const l of linesOf(src)) out.push(l);
  return out;
}

describe('a pipe', () => {
  test('bytes come out in the order written; the end shows once the buffer is empty', async () => {
    const p = pipe();
    p.write(b('ab'));
    p.write(b('cd'));
    p.end();
    assert.equal(s(await p.read()), 'ab');
    assert.equal(s(await p.read()), 'cd');
    assert.equal(await p.read(), undefined);
    assert.equal(await p.read(), undefined);
  });

  test('a reader waits for the writer, and is woken by a write or by the end', async () => {
    const p = pipe();
    const first = p.read();
    assert.equal(await settled(first), false);
    p.write(b('x'));
    assert.equal(s(await first), 'x');
    const second = p.read();
    assert.equal(await settled(second), false);
    p.end();
    assert.equal(await second, undefined);
  });

  test('empty writes and writes after the end or after the reader left are dropped', async () => {
    const p = pipe();
    p.write(new Uint8Array(0));
    p.end();
    p.write(b('late'));
    assert.equal(await p.read(), undefined, 'no empty chunk, nothing after the end');
    const q = pipe();
    q.close();
    q.write(b('nobody reads'));
    assert.equal(await q.read(), undefined);
  });

  test('a bulk writer waits while the pipe holds its capacity, and goes on when the reader takes some', async () => {
    const p = pipe(4);
    p.write(b('abc'));
    assert.equal(await settled(p.ready()), true, 'under capacity: room');
    p.write(b('d'));
    const waiting = p.ready();
    assert.equal(await settled(waiting), false, 'exactly full: the writer waits');
    assert.equal(s(await p.read()), 'abc');
    await waiting;
    assert.equal(PIPE_CAPACITY, 65536, "a Linux pipe's 16 pages");
  });

  test("once the reader has gone the writer's wait fails with a broken pipe, and what was buffered is gone", async () => {
    const p = pipe(2);
    p.write(b('ab'));
    const waiting = p.ready();
    p.close();
    await assert.rejects(waiting, (e) => e instanceof SinkClosed && e.reason === 'Broken pipe' && e.message === 'Broken pipe');
    await assert.rejects(p.ready(), SinkClosed);
    assert.equal(await p.read(), undefined);
  });

  test('an aborted session wakes a waiting reader and writer with the abort', async () => {
    const ac = new AbortController();
    const p = new Pipe(ac.signal, 1);
    const reading = p.read();
    const q = new Pipe(ac.signal, 1);
    q.write(b('full'));
    const writing = q.ready();
    ac.abort();
    await assert.rejects(reading, { name: 'AbortError' });
    await assert.rejects(writing, { name: 'AbortError' });
    await assert.rejects(p.read(), { name: 'AbortError' }, 'a wait after the abort fails at once');
  });
});

describe('sources', () => {
  test('bytes in memory: once, then the end; an empty source ends at once', async () => {
    const src = bytesSource(b('hello'));
    assert.equal(s(await src.read()), 'hello');
    assert.equal(await src.read(), undefined);
    assert.equal(await emptySource().read(), undefined);
    assert.equal(await bytesSource(new Uint8Array(0)).read(), undefined);
  });

  test('/dev/zero and /dev/(u)random never end, 64 KiB a read; other paths are no device', async () => {
    const zero = deviceSource('/dev/zero')!;
    for (let i = 0; i < 2; i++) {
      const c = (await zero.read())!;
      assert.equal(c.length, 65536);
      assert.ok(c.every((x) => x === 0));
    }
    for (const path of ['/dev/urandom', '/dev/random']) {
      const src = deviceSource(path)!;
      const [x, y] = [(await src.read())!, (await src.read())!];
      assert.deepEqual([x.length, y.length], [65536, 65536]);
      assert.notDeepEqual(x, y, 'random');
    }
    assert.equal(deviceSource('/dev/null'), undefined);
    assert.equal(deviceSource('/sdcard/zero'), undefined);
  });

  test('the first n bytes across chunks; fewer at the end; none for n = 0', async () => {
    const chunks = (): Source => {
      const parts = ['abc', 'def', 'gh'];
      return { read: () => Promise.resolve(parts.length > 0 ? b(parts.shift()!) : undefined) };
    };
    assert.equal(s(await readUpTo(chunks(), 5)), 'abcde');
    assert.equal(s(await readUpTo(chunks(), 100)), 'abcdefgh');
    assert.equal(s(await readUpTo(chunks(), 0)), '');
    assert.equal((await readUpTo(deviceSource('/dev/zero')!, 70_000)).length, 70_000);
  });

  test('lines: split across chunks, a character split across chunks, a last line without a newline, empty lines kept', async () => {
    const bytes = Buffer.from('one\ntw\u00e9\n\nlast', 'utf8');
    const cut = bytes.indexOf(0xc3) + 1;
    const parts = [bytes.subarray(0, 2), bytes.subarray(2, cut), bytes.subarray(cut)];
    const src: Source = { read: () => Promise.resolve(parts.shift()) };
    assert.deepEqual(await all(src), ['one', 'tw\u00e9', '', 'last']);
    assert.deepEqual(await all(bytesSource(b('a\nb\n'))), ['a', 'b']);
    assert.deepEqual(await all(emptySource()), []);
  });
});
