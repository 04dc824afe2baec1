// The UiAutomator2 client's HTTP over byte streams, against a local HTTP server reached through streams the test
// opens (as the backend opens ADB streams to the server's device port): what a request sends, one kept connection
// between requests, the server's error envelope as coded errors, and every way a reply can go wrong (not JSON, a
// redirect, too large, endless, never sent, cut off, a stream that cannot be opened or breaks) as a coded error,
// with the refusals the backend relies on (an untrusted listener, an abort) kept as they came.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, beforeEach, describe, test } from 'node:test';
import type { ByteStream } from '../../src/adb/stream.js';
import { dialTcp } from '../../src/adb/node/socket-stream.js';
import { Uia2Http, type StreamOpener } from '../../src/device/uia2/http.js';
import { GlanceError, isGlanceError, type ErrorCode } from '../../src/errors.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

describe('UiAutomator2 HTTP over streams', () => {
  let server: Server;
  let port: number;
  let handler: (req: IncomingMessage, res: ServerResponse, body: string) => void;
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let opened = 0;

  before(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
        handler(req, res, body);
      });
    });
    server.on('connection', (s: Socket) => {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    port = (server.address() as AddressInfo).port;
  });
  after(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
  beforeEach(() => {
    seen.length = 0;
    opened = 0;
    handler = (_req, res) => json(res, 200, { sessionId: 's1', value: { ok: true } });
  });

  const json = (res: ServerResponse, status: number, body: unknown): void => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const open: StreamOpener = async () => {
    opened++;
    return dialTcp({ host: '127.0.0.1', port });
  };
  const client = (timeoutMs = 2000, maxReplyBytes?: number): Uia2Http => new Uia2Http(open, timeoutMs, maxReplyBytes);
  /** A client for one test, its kept connection dropped however the test ends. */
  const withClient = async (use: (h: Uia2Http) => Promise<void>, timeoutMs?: number, maxReplyBytes?: number): Promise<void> => {
    const h = client(timeoutMs, maxReplyBytes);
    try {
      await use(h);
    } finally {
      h.close();
    }
  };
  const code = (c: ErrorCode) => (e: unknown) => isGlanceError(e, c);

  test('a GET asks for JSON and sends no body; a POST sends its JSON with its type and byte length', async () => {
    await withClient(async (h) => {
      assert.deepEqual(await h.call('GET', '/wd/hub/status', undefined), { sessionId: 's1', value: { ok: true } });
      const body = { text: 'Grüße 東京 🚀' };
      await h.call('POST', '/wd/hub/session/s1/keys', body);
      const [get, post] = seen;
      assert.equal(get!.method, 'GET');
      assert.equal(get!.url, '/wd/hub/status');
      assert.equal(get!.headers.accept, 'application/json');
      assert.equal(get!.headers['content-type'], undefined);
      assert.equal(get!.body, '');
      assert.equal(post!.method, 'POST');
      assert.equal(post!.headers['content-type'], 'application/json; charset=utf-8');
      assert.equal(Number(post!.headers['content-length']), Buffer.byteLength(JSON.stringify(body)));
      assert.deepEqual(JSON.parse(post!.body), body);
    });
  });

  test('requests one after another share one kept connection; close() ends it', async () => {
    const h = client();
    await h.call('GET', '/a', undefined);
    await h.call('GET', '/b', undefined);
    await h.call('DELETE', '/c', undefined);
    assert.equal(opened, 1);
    assert.equal(sockets.size, 1);
    h.close();
    await waitFor(() => sockets.size === 0);
  });

  test("the server's error envelope is a coded error, whatever the HTTP status; an empty reply is a null value", async () => {
    await withClient(async (h) => {
      handler = (_req, res) => json(res, 404, { value: { error: 'no such element', message: 'gone', stacktrace: 'at x' } });
      await assert.rejects(h.call('POST', '/element', { using: 'id' }), code('ELEMENT_NOT_FOUND'));
      handler = (_req, res) => json(res, 200, { value: { error: 'invalid session id', message: 'm' } });
      await assert.rejects(h.call('GET', '/source', undefined), code('UIA2_SESSION_LOST'));
      handler = (_req, res) => res.writeHead(500).end('');
      await assert.rejects(
        h.call('GET', '/source', undefined),
        (e: unknown) => isGlanceError(e, 'UIA2_COMMAND_FAILED') && /HTTP 500/.test(e.message),
      );
      handler = (_req, res) => res.writeHead(200).end('');
      assert.deepEqual(await h.call('POST', '/appium/settings', { a: 1 }), { value: null });
    });
  });

  test('a reply that is not JSON, or a redirect, is refused as not from the server', async () => {
    await withClient(async (h) => {
      handler = (_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html>hello</html>');
      await assert.rejects(h.call('GET', '/source', undefined), (e: unknown) => {
        assert.ok(isGlanceError(e, 'UIA2_COMMAND_FAILED'));
        assert.match(e.message, /not JSON \(HTTP 200\)/);
        assert.match(e.hint ?? '', /6790/);
        assert.equal(e.context?.['body'], '<html>hello</html>');
        return true;
      });
      handler = (_req, res) => res.writeHead(302, { Location: 'http://example.invalid/' }).end(JSON.stringify({ value: null }));
      await assert.rejects(
        h.call('GET', '/source', undefined),
        (e: unknown) => isGlanceError(e, 'UIA2_COMMAND_FAILED') && /redirect/.test(e.message),
      );
    });
  });

  test('a reply past the byte cap, or one that never ends, stops at the cap with REPLY_TOO_LARGE', async () => {
    await withClient(
      async (h) => {
        handler = (_req, res) => json(res, 200, { value: 'x'.repeat(10_000) });
        await assert.rejects(
          h.call('GET', '/source', undefined),
          (e: unknown) => isGlanceError(e, 'REPLY_TOO_LARGE') && e.context?.['maxBytes'] === 4096,
        );
        handler = (_req, res) => {
          res.writeHead(200, { 'Content-Type': 'application/json' });
          const chunk = Buffer.alloc(1024, 0x20);
          const pump = (): void => {
            while (!res.destroyed && res.write(chunk));
            if (!res.destroyed) res.once('drain', pump);
          };
          pump();
        };
        await assert.rejects(h.call('GET', '/screenshot', undefined), code('REPLY_TOO_LARGE'));
      },
      5000,
      4096,
    );
    // A reply exactly at the cap is read whole.
    await withClient(
      async (exact) => {
        const value = 'y'.repeat(4096 - JSON.stringify({ value: '' }).length);
        handler = (_req, res) => json(res, 200, { value });
        assert.deepEqual(await exact.call('GET', '/source', undefined), { value });
      },
      5000,
      4096,
    );
  });

  test('a reply that never comes times out with the deadline named; the call deadline overrides the default', async () => {
    await withClient(async (h) => {
      handler = () => {};
      await assert.rejects(h.call('GET', '/source', undefined, { timeoutMs: 150 }), (e: unknown) => {
        assert.ok(isGlanceError(e, 'TIMEOUT'));
        assert.equal(e.context?.['timeoutMs'], 150);
        assert.match(e.message, /GET \/source timed out after 150 ms/);
        assert.ok(e.hint);
        return true;
      });
    }, 60_000);
    await withClient(async (short) => {
      await assert.rejects(short.call('GET', '/source', undefined), code('TIMEOUT'));
    }, 150);
  });

  test('an abort ends a waiting call with ABORTED; an aborted signal sends nothing', async () => {
    await withClient(async (h) => {
      handler = () => {};
      const ac = new AbortController();
      const call = h.call('GET', '/source', undefined, { signal: ac.signal });
      await waitFor(() => seen.length === 1);
      ac.abort(new Error('user'));
      await assert.rejects(call, code('ABORTED'));
      const gone = new AbortController();
      gone.abort();
      const before = seen.length;
      await assert.rejects(h.call('POST', '/tap', { x: 1 }, { signal: gone.signal }), code('ABORTED'));
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(seen.length, before);
    }, 60_000);
  });

  test('a connection dropped before the reply is UIA2_UNREACHABLE, with the restart hint', async () => {
    await withClient(async (h) => {
      handler = (req) => req.socket.destroy();
      await assert.rejects(h.call('GET', '/source', undefined), (e: unknown) => {
        assert.ok(isGlanceError(e, 'UIA2_UNREACHABLE'));
        assert.match(e.message, /GET \/source: no server answered/);
        assert.match(e.hint ?? '', /restarts it/);
        return true;
      });
    });
  });

  test('a stream that cannot be opened is UIA2_UNREACHABLE naming why; an untrusted listener or an abort keep their own code', async () => {
    const failing = (e: unknown): Uia2Http => new Uia2Http(() => Promise.reject(e), 2000);
    await assert.rejects(failing(new Error('closed: device offline')).call('GET', '/status', undefined), (e: unknown) => {
      assert.ok(isGlanceError(e, 'UIA2_UNREACHABLE'));
      assert.match(e.message, /device offline/);
      return true;
    });
    for (const kept of ['UIA2_UNTRUSTED', 'ABORTED']) {
      const refusal = new GlanceError(kept as ErrorCode, 'refused', { hint: 'h' });
      await assert.rejects(failing(refusal).call('GET', '/status', undefined), (e: unknown) => e === refusal);
    }
    await assert.rejects(failing(new GlanceError('ADB_OFFLINE', 'x', {})).call('GET', '/status', undefined), code('UIA2_UNREACHABLE'));
  });

  test('a stream that breaks while the reply is read is UIA2_UNREACHABLE', async () => {
    const breaking: StreamOpener = async () => {
      const s = await dialTcp({ host: '127.0.0.1', port });
      let reads = 0;
      const broken: ByteStream = {
        write: (d) => s.write(d),
        read: () => (reads++ === 0 ? Promise.reject(new Error('stream reset by device')) : s.read()),
        close: () => s.close(),
      };
      return broken;
    };
    const h = new Uia2Http(breaking, 2000);
    try {
      await assert.rejects(
        h.call('GET', '/source', undefined),
        (e: unknown) => isGlanceError(e, 'UIA2_UNREACHABLE') && /stream reset/.test(e.message),
      );
    } finally {
      h.close();
    }
  });
});

async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  assert.ok(ok(), 'the condition did not come true');
}
