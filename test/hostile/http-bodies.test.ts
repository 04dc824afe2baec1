// Device servers that answer too much, redirect, or name a session id that is a path: the WebDriverAgent client
// (HTTP to loopback servers) and the UiAutomator2 client (a server of the right package on the virtual device,
// through the real adb server) stop at the byte cap with REPLY_TOO_LARGE, follow no redirect, and refuse session
// ids that are not ids, each as a coded error.
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Uia2Device } from '../../src/device/uia2/device.js';
import { UIA2_PORT, UIA2_SERVER_PACKAGE } from '../../src/device/uia2/protocol.js';
import { streamHttpServer } from '../../src/device/virtual/uia2/http.js';
import { WdaClient } from '../../src/device/wda/client.js';
import { leaseStfDevice, STF_MAX_REPLY_BYTES } from '../../src/farm/stf.js';
import { isGlanceError } from '../../src/errors.js';
import { requires } from '../helpers/requires.js';
import { Uia2Bench } from '../device/uia2-bench.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Endless bytes until the client goes away. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}

function json(res: ServerResponse, value: unknown, status = 200): void {
  const out = Buffer.from(JSON.stringify(value));
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': out.length });
  res.end(out);
}

describe('hostile WebDriverAgent servers', () => {
  const servers: Server[] = [];
  async function serve(handle: Handler): Promise<{ url: string; hits: string[] }> {
    const hits: string[] = [];
    const server = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      handle(req, res);
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
  }
  after(() => {
    for (const s of servers) s.closeAllConnections();
    for (const s of servers) s.close();
  });

  test('an endless body stops at the byte cap', async () => {
    const s = await serve((_req, res) => endless(res));
    const c = new WdaClient(s.url, 10_000, 1024 * 1024);
    await assert.rejects(
      c.request('GET', '/source', undefined),
      (e: unknown) => isGlanceError(e, 'REPLY_TOO_LARGE') && e.context?.['maxBytes'] === 1024 * 1024,
    );
  });

  test('a declared length past the cap is refused before reading', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5_000_000 });
      res.write('{');
    });
    await assert.rejects(new WdaClient(s.url, 10_000, 1024 * 1024).request('GET', '/status', undefined), (e: unknown) =>
      isGlanceError(e, 'REPLY_TOO_LARGE'),
    );
  });

  test('a redirect to another host is not followed', async () => {
    const elsewhere = await serve((_req, res) => json(res, { value: { ready: true } }));
    const s = await serve((_req, res) => {
      res.writeHead(307, { location: `${elsewhere.url}/session/x/keys` });
      res.end();
    });
    await assert.rejects(
      new WdaClient(s.url).request('POST', '/session/a/wda/keys', { value: ['otp'] }),
      (e: unknown) => isGlanceError(e, 'WDA_COMMAND_FAILED') && /307 redirect, not followed/.test(e.message),
    );
    assert.deepEqual(elsewhere.hits, []);
  });

  test('STF: an endless reply stops at its cap and the device is given back', async () => {
    const s = await serve((req, res) => (req.method === 'DELETE' ? json(res, { success: true }) : endless(res)));
    await assert.rejects(
      leaseStfDevice({ url: s.url, token: 't', serial: 'emulator-5554', timeoutMs: 10_000 }),
      (e: unknown) => isGlanceError(e, 'REPLY_TOO_LARGE') && e.context?.['maxBytes'] === STF_MAX_REPLY_BYTES,
    );
    assert.deepEqual(s.hits, ['POST /api/v1/user/devices']);
  });

  test('a session id that is a path is refused', async () => {
    const s = await serve((req, res) => json(res, { value: { sessionId: '../../wda/shutdown' }, sessionId: null }));
    await assert.rejects(new WdaClient(s.url).sessionId(), (e: unknown) => isGlanceError(e, 'WDA_SESSION') && /not one/.test(e.message));
    assert.deepEqual(s.hits, ['POST /session']);
  });
});

describe('a hostile server of the UiAutomator2 package on the virtual device', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let bench: Uia2Bench;
  let hasApks = false;
  before(async () => {
    bench = await Uia2Bench.start();
    hasApks = bench.hasApks;
  });
  after(() => bench.close());

  /** A device whose port 6790 is served by `handle`, in the server package's process (so it passes the trust check). */
  async function withServer(handle: Handler): Promise<{ d: Uia2Device; seen: string[] }> {
    const v = await bench.phone();
    const seen: string[] = [];
    const server = streamHttpServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => handle(req, res));
    });
    v.device.serve(UIA2_PORT, server.tcp, { owner: UIA2_SERVER_PACKAGE, family: 'tcp6' });
    const { d } = await bench.device(v, 'uia2', { maxReplyBytes: 1024 * 1024 });
    return { d, seen };
  }

  const status = { ready: true, build: { version: '10.6.6' } };

  test('an endless page source stops at the byte cap', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { d } = await withServer((req, res) => {
      if (req.url === '/status') json(res, { sessionId: null, value: status });
      else if (req.url === '/session') json(res, { sessionId: 'abc-1', value: { sessionId: 'abc-1' } });
      else endless(res);
    });
    await assert.rejects(
      d.dump(),
      (e: unknown) => isGlanceError(e, 'REPLY_TOO_LARGE') && /UiAutomator2 GET \/session\/abc-1\/source/.test(e.message),
    );
  });

  test('a session id that is a path is refused before any use', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { d, seen } = await withServer((req, res) => {
      if (req.url === '/status') json(res, { sessionId: null, value: status });
      else json(res, { sessionId: '../status', value: { sessionId: '../status' } });
    });
    await assert.rejects(d.dump(), (e: unknown) => isGlanceError(e, 'UIA2_START_FAILED') && /not one/.test(e.message));
    assert.deepEqual(seen, ['GET /status', 'POST /session']);
  });

  test('a redirect is a failure, not a success', async (t) => {
    if (!hasApks) return t.skip('appium-uiautomator2-server is not installed');
    const { d } = await withServer((req, res) => {
      if (req.url === '/status') json(res, { sessionId: null, value: status });
      else if (req.url === '/session') json(res, { sessionId: 'abc-2', value: { sessionId: 'abc-2' } });
      else {
        res.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere', 'content-length': 0 });
        res.end();
      }
    });
    await assert.rejects(d.dump(), (e: unknown) => isGlanceError(e, 'UIA2_COMMAND_FAILED') && /302 redirect, not followed/.test(e.message));
  });
});
