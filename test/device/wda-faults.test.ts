// WdaDevice when WebDriverAgent, or the network in front of it, fails: lost sessions are reopened with a new
// session and the request asked again, but a touch whose reply was lost is never sent twice (it may have landed);
// every reply has a deadline, a byte cap and a caller's AbortSignal over it; each failure is a coded error.
// The phone is the virtual iPhone behind the recording stand-in of test/device/wda-standin.ts.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { builtinIosTrailmapDir, TrailmapWorld } from '../../src/device/virtual/wda/index.js';
import { WdaClient } from '../../src/device/wda/client.js';
import { WdaDevice } from '../../src/device/wda/device.js';
import { loadTrailmap, type Trailmap } from '../../src/trailmap/index.js';
import { rejectsWith, WdaStandIn, type Fault } from './wda-standin.js';

const LIST = 'notes/ios/list';
const SEARCH = 'notes/ios/search';
const lostSession = (sid: string): string =>
  JSON.stringify({ value: { error: 'invalid session id', message: `Session does not exist: ${sid}` } });
const wdaFailure = (error: string, message: string, status = 500): Fault => ({
  kind: 'reply',
  status,
  body: JSON.stringify({ value: { error, message, traceback: '' } }),
});

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

describe('WdaDevice against a failing WebDriverAgent', () => {
  const wda = new WdaStandIn();
  let map: Trailmap;
  let d: WdaDevice;
  before(async () => {
    map = await loadTrailmap(builtinIosTrailmapDir());
    await wda.start(new TrailmapWorld(map, LIST));
  });
  beforeEach(() => {
    wda.use(new TrailmapWorld(map, LIST));
    d = new WdaDevice(wda.url, { timeoutMs: 5000 });
  });
  after(() => wda.close());

  test('a lost session is reopened with a new id; the tap lands once, and later commands keep the new session', async () => {
    await d.tap({ x: 10, y: 700 });
    const [first] = wda.sessionsUsed();
    wda.forgetSessions();
    await d.tap({ x: 20, y: 710 });
    await d.swipe({ x: 200, y: 700 }, { x: 200, y: 300 }, 100);
    assert.deepEqual(wda.routesSeen(), [
      'POST /session',
      'POST /wda/tap',
      'POST /wda/tap',
      'POST /session',
      'POST /wda/tap',
      'POST /wda/dragfromtoforduration',
    ]);
    const used = wda.sessionsUsed();
    assert.deepEqual(used.slice(0, 2), [first, first]);
    assert.ok(
      used.slice(2).every((id) => id !== first && id === used[2]),
      `after the loss, one new session: ${used.join(' ')}`,
    );
    assert.deepEqual(wda.actions(), ['tap@10,700', 'tap@20,710', 'swipe:up']);
  });

  test('a read whose session WDA replaced is asked again on a new session', async () => {
    await d.tap({ x: 10, y: 700 });
    wda.forgetSessions();
    assert.deepEqual(await d.screenSize(), { width: 402, height: 874, density: 0 });
    assert.equal(new Set(wda.sessionsUsed()).size, 2);
  });

  test('a 500 whose message says the session does not exist counts as a lost session', async () => {
    await d.tap({ x: 10, y: 700 });
    wda.fail('POST /wda/tap', wdaFailure('unknown error', 'Session does not exist'));
    await d.tap({ x: 11, y: 701 });
    wda.fail('POST /wda/tap', wdaFailure('unknown error', 'The session 5E55-AB12 does not exist any more'));
    await d.tap({ x: 12, y: 702 });
    assert.equal(new Set(wda.sessionsUsed()).size, 3);
    assert.deepEqual(wda.actions(), ['tap@10,700', 'tap@11,701', 'tap@12,702']);
  });

  test('a session lost again at once is WDA_SESSION after one new session, not a loop; the next call starts afresh', async () => {
    wda.fail('POST /wda/tap', { kind: 'reply', status: 404, body: lostSession('x') }, 2);
    const e = await rejectsWith(d.tap({ x: 10, y: 700 }), 'WDA_SESSION');
    assert.equal(e.context?.['status'], 404);
    assert.deepEqual(wda.routesSeen(), ['POST /session', 'POST /wda/tap', 'POST /session', 'POST /wda/tap']);
    assert.deepEqual(wda.actions(), []);
    await d.tap({ x: 10, y: 700 });
    assert.deepEqual(wda.actions(), ['tap@10,700']);
  });

  /** Taps once on a fresh phone whose WDA lands the tap and then answers `then`: the tap fails with `code`, once. */
  async function tapLosingReply(then: Fault, code: 'WDA_COMMAND_FAILED' | 'WDA_UNREACHABLE' | 'TIMEOUT'): Promise<void> {
    wda.use(new TrailmapWorld(map, LIST));
    const fresh = new WdaDevice(wda.url, { timeoutMs: 5000 });
    // The session first, under the long deadline: only the tap itself has the short one.
    await fresh.screenSize();
    wda.fail('POST /wda/tap', { kind: 'lands', then });
    await rejectsWith(fresh.tap({ x: 30, y: 700 }, { timeoutMs: 200 }), code);
    assert.deepEqual(wda.actions(), ['tap@30,700'], `${then.kind}: one tap on the phone`);
    assert.equal(wda.routesSeen().filter((r) => r === 'POST /wda/tap').length, 1, `${then.kind}: one tap sent`);
  }

  test('a touch whose reply failed is not sent again: an error, a proxy page, a dropped or cut connection', async () => {
    await tapLosingReply(wdaFailure('unknown error', 'the reply was lost'), 'WDA_COMMAND_FAILED');
    const proxy: Fault = { kind: 'reply', status: 502, body: '<html>Bad Gateway</html>', headers: { 'content-type': 'text/html' } };
    await tapLosingReply(proxy, 'WDA_COMMAND_FAILED');
    await tapLosingReply({ kind: 'drop' }, 'WDA_UNREACHABLE');
    await tapLosingReply({ kind: 'cut' }, 'WDA_UNREACHABLE');
  });

  test('a touch whose reply never came or never ended is a TIMEOUT and is not sent again', async () => {
    await tapLosingReply({ kind: 'hang' }, 'TIMEOUT');
    await tapLosingReply({ kind: 'stall' }, 'TIMEOUT');
    await tapLosingReply({ kind: 'trickle' }, 'TIMEOUT');
  });

  test('text whose reply was lost is typed once; a swipe whose reply was lost is swiped once', async () => {
    wda.use(new TrailmapWorld(map, SEARCH));
    wda.fail('POST /wda/keys', { kind: 'lands', then: { kind: 'drop' } });
    await rejectsWith(d.typeText('porto'), 'WDA_UNREACHABLE');
    wda.fail('POST /wda/dragfromtoforduration', { kind: 'lands', then: wdaFailure('unknown error', 'lost') });
    await rejectsWith(d.swipe({ x: 200, y: 700 }, { x: 200, y: 300 }, 100), 'WDA_COMMAND_FAILED');
    assert.deepEqual(wda.actions(), ['type:porto', 'swipe:up']);
  });

  test('a session id that is not one is refused as WDA_SESSION and nothing is sent under it; the next call asks again', async () => {
    const opened = (value: unknown, sessionId?: string): Fault => ({
      kind: 'reply',
      status: 200,
      body: JSON.stringify({ value, sessionId }),
    });
    for (const f of [
      opened({ sessionId: '../../wda/homescreen' }),
      opened({ sessionId: 'S1/../../wda/homescreen' }),
      opened({ sessionId: '' }),
      opened({}),
      opened(null),
    ]) {
      wda.fail('POST /session', f);
      await rejectsWith(d.tap({ x: 10, y: 700 }), 'WDA_SESSION');
    }
    assert.deepEqual([...new Set(wda.routesSeen())], ['POST /session']);
    assert.deepEqual(wda.actions(), []);
    // Older WDA builds put the id beside the value only. The stand-in never opened that one: it is lost at once,
    // and the tap lands on the session opened next.
    wda.fail('POST /session', opened({ capabilities: {} }, 'Old-Style-1'));
    await d.tap({ x: 10, y: 700 });
    assert.equal(wda.sessionsUsed()[0], 'Old-Style-1');
    assert.deepEqual(wda.actions(), ['tap@10,700']);
  });

  test('a session that never opens is a TIMEOUT, and the next call opens one', async () => {
    wda.fail('POST /session', { kind: 'hang' });
    await rejectsWith(d.tap({ x: 10, y: 700 }, { timeoutMs: 200 }), 'TIMEOUT');
    await d.tap({ x: 10, y: 700 });
    assert.deepEqual(wda.actions(), ['tap@10,700']);
  });

  test('an unreachable WDA is WDA_UNREACHABLE, for reads, touches and launches alike', async () => {
    const gone = new WdaDevice(`http://127.0.0.1:${await closedPort()}`, { timeoutMs: 2000 });
    for (const call of [gone.dump(), gone.tap({ x: 1, y: 1 }), gone.launch('dev.glance.notes'), gone.key(3)]) {
      const e = await rejectsWith(call, 'WDA_UNREACHABLE');
      assert.ok(e.message.includes(gone.serial.slice('wda:'.length)), 'the message names the server');
      assert.match(e.hint ?? '', /WebDriverAgent/);
    }
  });

  test('a call aborted before it starts is ABORTED and sends nothing', async () => {
    const signal = AbortSignal.abort(new Error('the user gave up'));
    for (const call of [d.dump({ signal }), d.tap({ x: 1, y: 1 }, { signal }), d.typeText('x', { signal }), d.screenshot({ signal })]) {
      await rejectsWith(call, 'ABORTED');
    }
    assert.deepEqual(wda.routesSeen(), []);
  });

  test('a call aborted while WDA has not answered is ABORTED at once, and the touch is not sent again', async () => {
    await d.tap({ x: 1, y: 700 });
    wda.fail('POST /wda/tap', { kind: 'lands', then: { kind: 'hang' } });
    const ac = new AbortController();
    void wda.arrival('POST /wda/tap').then(() => ac.abort());
    await rejectsWith(d.tap({ x: 2, y: 700 }, { signal: ac.signal }), 'ABORTED');
    assert.deepEqual(wda.actions(), ['tap@1,700', 'tap@2,700']);
  });

  test('a call aborted while the body is arriving is ABORTED', async () => {
    wda.fail('GET /source', { kind: 'stall' });
    const ac = new AbortController();
    void wda.arrival('GET /source').then(() => setTimeout(() => ac.abort(), 50));
    const e = await rejectsWith(d.dump({ signal: ac.signal }), 'ABORTED');
    assert.ok(e.cause !== undefined, 'the abort reason is kept');
  });

  test("a reply that never comes, or never ends, is a TIMEOUT after the device's or the call's deadline", async () => {
    const quick = new WdaDevice(wda.url, { timeoutMs: 200 });
    wda.fail('GET /source', { kind: 'hang' });
    const e = await rejectsWith(quick.dump(), 'TIMEOUT');
    assert.equal(e.context?.['timeoutMs'], 200);
    assert.match(e.message, /^WebDriverAgent GET \/source timed out after 200 ms$/);
    wda.fail('GET /source', { kind: 'stall' });
    await rejectsWith(quick.dump(), 'TIMEOUT');
    // The deadline is the whole reply's, not the time between two chunks.
    wda.fail('GET /source', { kind: 'trickle' });
    await rejectsWith(quick.dump(), 'TIMEOUT');
    wda.fail('GET /wda/activeAppInfo', { kind: 'hang' });
    const slow = new WdaDevice(wda.url, { timeoutMs: 60_000 });
    assert.equal((await rejectsWith(slow.foreground({ timeoutMs: 150 }), 'TIMEOUT')).context?.['timeoutMs'], 150);
  });

  test('a reply larger than the cap is REPLY_TOO_LARGE, whether its length is declared or it just keeps coming', async () => {
    wda.fail('GET /source', { kind: 'stall', headers: { 'content-length': String(2 ** 31) } });
    assert.match((await rejectsWith(d.dump(), 'REPLY_TOO_LARGE')).message, /^WebDriverAgent GET \/source: /);
    const capped = new WdaClient(wda.url, 5000, 4096);
    wda.fail('GET /source', { kind: 'flood' });
    const e = await rejectsWith(capped.request('GET', '/source', undefined), 'REPLY_TOO_LARGE');
    assert.equal(e.context?.['maxBytes'], 4096);
    const fits = JSON.stringify({ value: 'x'.repeat(4000) });
    wda.fail('GET /source', { kind: 'reply', status: 200, body: fits });
    assert.equal((await capped.request('GET', '/source', undefined)).value, 'x'.repeat(4000));
  });

  test('a reply that is not a JSON object is WDA_COMMAND_FAILED naming the server', async () => {
    for (const [status, body] of [
      [502, '<html><body>Bad Gateway</body></html>'],
      [200, 'OK'],
      [200, 'null'],
      [500, 'null'],
      [200, '["value"]'],
      [200, '"<XCUIElementTypeApplication/>"'],
    ] as const) {
      wda.fail('GET /source', { kind: 'reply', status, body, headers: { 'content-type': 'text/html' } });
      const e = await rejectsWith(d.dump(), 'WDA_COMMAND_FAILED');
      assert.match(e.message, new RegExp(`HTTP ${status}`));
      assert.ok(e.hint?.includes(wda.url));
    }
  });

  test("WDA's error replies: NOT_SUPPORTED for a route it lacks, WDA_COMMAND_FAILED with the first line of its message otherwise", async () => {
    wda.fail('POST /wda/pressButton', wdaFailure('unknown command', 'Unhandled endpoint: /wda/pressButton', 404));
    await rejectsWith(d.key(24), 'NOT_SUPPORTED');
    wda.fail('POST /wda/pressButton', wdaFailure('unknown method', 'no such method', 405));
    await rejectsWith(d.key(24), 'NOT_SUPPORTED');
    wda.fail('POST /wda/pressButton', wdaFailure('unsupported operation', 'not on this device'));
    await rejectsWith(d.key(24), 'NOT_SUPPORTED');
    wda.fail('POST /wda/tap', wdaFailure('unknown error', 'Failed to tap\n  at XCUIElement.tap\n  at main'));
    const e = await rejectsWith(d.tap({ x: 1, y: 1 }), 'WDA_COMMAND_FAILED');
    const sid = wda.sessionsUsed().at(-1)!;
    assert.equal(e.message, `WebDriverAgent POST /session/${sid}/wda/tap: unknown error (Failed to tap)`);
    assert.equal(e.context?.['status'], 500);
    assert.deepEqual(e.next, { tool: 'device_snapshot' });
    // An error value on a 200 is an error all the same; a failure without a body names its status.
    wda.fail('POST /wda/tap', wdaFailure('invalid argument', 'x is not a number', 400));
    assert.match((await rejectsWith(d.tap({ x: 1, y: 1 }), 'WDA_COMMAND_FAILED')).message, /invalid argument \(x is not a number\)$/);
    wda.fail('POST /wda/tap', wdaFailure('no such element', 'gone', 200));
    await rejectsWith(d.tap({ x: 1, y: 1 }), 'WDA_COMMAND_FAILED');
    wda.fail('POST /wda/tap', { kind: 'reply', status: 503, body: '' });
    assert.match((await rejectsWith(d.tap({ x: 1, y: 1 }), 'WDA_COMMAND_FAILED')).message, /HTTP 503$/);
    assert.deepEqual(wda.actions(), []);
  });

  test('an empty reply to a touch is a success', async () => {
    wda.fail('POST /wda/tap', { kind: 'lands', then: { kind: 'reply', status: 200, body: '' } });
    await d.tap({ x: 5, y: 700 });
    assert.deepEqual(wda.actions(), ['tap@5,700']);
  });

  test('a redirect is not followed: WDA_COMMAND_FAILED, and the other host hears nothing', async () => {
    const elsewhere = new WdaStandIn();
    await elsewhere.start(new TrailmapWorld(map, LIST));
    try {
      await d.tap({ x: 1, y: 700 });
      wda.fail('POST /wda/keys', { kind: 'reply', status: 307, body: '', headers: { location: `${elsewhere.url}/session/x/wda/keys` } });
      const e = await rejectsWith(d.typeText('secret'), 'WDA_COMMAND_FAILED');
      assert.equal(e.context?.['status'], 307);
      assert.match(e.message, /redirect, not followed/);
      assert.deepEqual(elsewhere.routesSeen(), []);
    } finally {
      await elsewhere.close();
    }
  });
});
