// runCall, the one place for timeout + AbortSignal: a caller's long-lived signal carries one listener per call in
// flight and none once the calls end, however they end (value, failure, timeout).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { runCall } from '../../src/adb/call.js';
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
