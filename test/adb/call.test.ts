// runCall, the one place for timeout + AbortSignal: a caller's long-lived signal carries one listener per call in
// flight and none once the calls end, however they end (value, failure, timeout).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { callOptionsOf, nested, runCall, type CallOptions } from '../../src/adb/call.js';
import { isGlanceError } from '../../src/errors.js';

test('a long-lived signal keeps no abort listener after calls that return, fail or time out', async () => {
  const ac = new AbortController();
  const listeners = (): number => getEventListeners(ac.signal, 'abort').length;
  for (let i = 0; i < 12; i++) {
    assert.equal(await runCall({ signal: ac.signal }, { timeoutMs: 1000, what: 'ok' }, async () => i), i);
    await assert.rejects(
      runCall({ signal: ac.signal }, { timeoutMs: 1000, what: 'fails' }, async () => {
        throw new Error('body failed');
      }),
      /body failed/,
    );
    await assert.rejects(
      runCall({ signal: ac.signal, timeoutMs: 5 }, { timeoutMs: 1000, what: 'slow' }, () => new Promise<never>(() => undefined)),
      (e) => isGlanceError(e, 'TIMEOUT'),
    );
    assert.equal(listeners(), 0, `after round ${i}`);
  }
  // Calls in flight hold one listener each, and abort them all.
  const pending = Array.from({ length: 3 }, () =>
    runCall({ signal: ac.signal }, { timeoutMs: 10_000, what: 'waits' }, () => new Promise<never>(() => undefined)),
  );
  assert.equal(listeners(), 3);
  ac.abort();
  for (const p of pending) await assert.rejects(p, (e) => isGlanceError(e, 'ABORTED'));
  assert.equal(listeners(), 0);
});

test('callOptionsOf keeps only the signal and timeout that were given; nested forwards only the signal', async () => {
  const ac = new AbortController();
  const bigger = { signal: ac.signal, timeoutMs: 5, maxOutputBytes: 10, serial: 'x' };
  assert.deepEqual(callOptionsOf(bigger), { signal: ac.signal, timeoutMs: 5 });
  // Keys left undefined are absent, not present-and-undefined (exactOptionalPropertyTypes callers spread them).
  assert.deepEqual(Object.keys(callOptionsOf({ maxOutputBytes: 1 } as CallOptions)), []);
  assert.deepEqual(Object.keys(callOptionsOf({ timeoutMs: 0 })), ['timeoutMs']);
  assert.deepEqual(Object.keys(callOptionsOf({ signal: ac.signal })), ['signal']);
  const seen = await runCall({ timeoutMs: 1000 }, { timeoutMs: 1000, what: 'outer' }, async (scope) => nested(scope));
  assert.deepEqual(Object.keys(seen), ['signal']);
  assert.equal(seen.signal?.aborted, false);
});

test('abort and timeout errors name the call; abort carries the reason, timeout its limit and a hint', async () => {
  const ac = new AbortController();
  const reason = new Error('user pressed stop');
  const aborted = runCall({ signal: ac.signal }, { timeoutMs: 10_000, what: 'shell ls' }, () => new Promise<never>(() => undefined));
  ac.abort(reason);
  await assert.rejects(aborted, (e: unknown) => {
    assert.ok(isGlanceError(e, 'ABORTED'));
    assert.equal(e.message, 'shell ls aborted');
    assert.equal(e.cause, reason);
    return true;
  });
  await assert.rejects(
    runCall({ timeoutMs: 5 }, { timeoutMs: 10_000, what: 'exec screencap' }, () => new Promise<never>(() => undefined)),
    (e: unknown) => {
      assert.ok(isGlanceError(e, 'TIMEOUT'));
      assert.deepEqual(e.toJSON(), {
        code: 'TIMEOUT',
        message: 'exec screencap timed out after 5 ms',
        hint: 'the device or adb server did not answer in time; pass a larger timeoutMs or check `adb devices`',
        context: { timeoutMs: 5 },
      });
      return true;
    },
  );
  // The default applies when the caller gives none.
  await assert.rejects(
    runCall(undefined, { timeoutMs: 5, what: 'quick' }, () => new Promise<never>(() => undefined)),
    (e: unknown) => isGlanceError(e, 'TIMEOUT') && e.message === 'quick timed out after 5 ms',
  );
});
