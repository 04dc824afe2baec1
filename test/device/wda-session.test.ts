// The WDA client's session rules, against a small WebDriverAgent stand-in on loopback that can forget its
// sessions (WDA does when the app under test restarts): a request whose session is gone is repeated once on a
// new session; anything else is not repeated, since a touch that reached WDA may have happened.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import { WdaClient } from '../../src/device/wda/client.js';
import { isGlanceError } from '../../src/errors.js';

interface Seen {
  method: string;
  path: string;
}

/** WDA's replies as far as this client reads them: sessions, a source, a tap, and W3C error envelopes. */
class FakeWda {
  readonly seen: Seen[] = [];
  private live = new Set<string>();
  private next = 1;
  /** Every session ends as soon as it is opened (an app that keeps crashing). */
  sessionsDie = false;
  /** Taps that reached the app. */
  taps = 0;
  /** The next tap lands, then the server answers 500 (the reply lost its way after the tap). */
  failAfterTap = false;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const path = req.url ?? '';
        this.seen.push({ method: req.method ?? '', path });
        const reply = (status: number, value: unknown, sessionId?: string): void => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(sessionId === undefined ? { value } : { value, sessionId }));
        };
        if (req.method === 'POST' && path === '/session') {
          const id = `S${this.next++}`;
          if (!this.sessionsDie) this.live.add(id);
          return reply(200, { sessionId: id, capabilities: {} }, id);
        }
        const m = /^\/session\/([^/]+)(\/.*)$/.exec(path);
        if (m === null) return reply(404, { error: 'unknown command', message: `no route ${path}` });
        if (!this.live.has(m[1]!)) return reply(404, { error: 'invalid session id', message: `Session does not exist: ${m[1]}` });
        if (m[2] === '/source') return reply(200, `<XCUIElementTypeApplication name="${m[1]}"/>`, m[1]);
        if (m[2] === '/wda/tap') {
          this.taps++;
          if (this.failAfterTap) {
            this.failAfterTap = false;
            return reply(500, { error: 'unknown error', message: 'the reply was lost' });
          }
          return reply(200, null, m[1]);
        }
        return reply(404, { error: 'unknown command', message: `no route ${path}` });
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Every session ends (the app under test restarted). */
  forgetSessions(): void {
    this.live.clear();
  }

  sessionsOpened(): number {
    return this.seen.filter((s) => s.method === 'POST' && s.path === '/session').length;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((r) => this.server?.close(r));
  }
}

describe('WdaClient sessions against a WDA stand-in', () => {
  const wda = new FakeWda();
  let url = '';
  before(async () => {
    url = await wda.start();
  });
  beforeEach(() => {
    wda.seen.length = 0;
    wda.taps = 0;
  });
  after(() => wda.close());

  test('a session is opened once and reused', async () => {
    const c = new WdaClient(url, 5000);
    await c.inSession('GET', '/source', undefined);
    await c.inSession('GET', '/source', undefined);
    assert.equal(wda.sessionsOpened(), 1);
  });

  test('after WDA lost the session, the request is repeated once on a new session, which later requests keep', async () => {
    const c = new WdaClient(url, 5000);
    const first = await c.inSession('GET', '/source', undefined);
    wda.forgetSessions();
    const again = await c.inSession('GET', '/source', undefined);
    assert.notEqual(again.sessionId, first.sessionId, 'the answer comes from a new session');
    assert.equal(wda.sessionsOpened(), 2);
    const sources = wda.seen.filter((s) => s.path.endsWith('/source')).map((s) => s.path);
    assert.deepEqual(sources, [
      `/session/${first.sessionId}/source`,
      `/session/${first.sessionId}/source`,
      `/session/${again.sessionId}/source`,
    ]);
    // The new session is the one used from now on: no third session, no request to the dead one.
    wda.seen.length = 0;
    await c.inSession('GET', '/source', undefined);
    assert.deepEqual(wda.seen, [{ method: 'GET', path: `/session/${again.sessionId}/source` }]);
  });

  test('a tap on a lost session lands once, on the new session', async () => {
    const c = new WdaClient(url, 5000);
    await c.sessionId();
    wda.forgetSessions();
    await c.inSession('POST', '/wda/tap', { x: 10, y: 20 });
    assert.equal(wda.taps, 1);
  });

  test('a session lost twice in a row is a WDA_SESSION error, not a loop', async () => {
    const c = new WdaClient(url, 5000);
    await c.sessionId();
    wda.forgetSessions();
    wda.sessionsDie = true;
    try {
      await assert.rejects(c.inSession('GET', '/source', undefined), (e: unknown) => isGlanceError(e, 'WDA_SESSION'));
    } finally {
      wda.sessionsDie = false;
    }
    assert.equal(wda.seen.filter((s) => s.path.endsWith('/source')).length, 2, 'the old session, then one new one');
    assert.equal(wda.sessionsOpened(), 2, 'the first session and one new one');
  });

  test('a failed tap is not repeated: the error reaches the caller and the app saw one tap', async () => {
    const c = new WdaClient(url, 5000);
    await c.sessionId();
    wda.failAfterTap = true;
    await assert.rejects(c.inSession('POST', '/wda/tap', { x: 1, y: 2 }), (e: unknown) => isGlanceError(e, 'WDA_COMMAND_FAILED'));
    assert.equal(wda.taps, 1);
    assert.equal(wda.sessionsOpened(), 1);
  });
});
