// DNS rebinding against the MCP HTTP server: a request naming a foreign host, or sent by a page of a foreign
// origin, is refused before the token is even looked at.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { serveHttp } from '../../src/mcp/server.js';
import { memorySnapshotStore } from '../../src/tools/store.js';
import { createDeviceProvider } from '../../src/device/provider.js';

function post(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/mcp', method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end('{}');
  });
}

describe('MCP HTTP and foreign hosts', () => {
  test('refuses a foreign Host or Origin with 403, even with the token', async () => {
    const srv = await serveHttp({
      port: 0,
      token: 'secret-token',
      devices: createDeviceProvider({}),
      snapshots: memorySnapshotStore(),
      defaultSerial: undefined,
      readFile: async () => '',
      writeFile: async () => undefined,
    });
    const auth = { authorization: 'Bearer secret-token' };
    try {
      assert.equal(await post(srv.port, { ...auth, host: `evil.example:${srv.port}` }), 403);
      assert.equal(await post(srv.port, { ...auth, host: `127.0.0.1:${srv.port}`, origin: 'http://evil.example' }), 403);
      // Loopback names pass to the token check.
      assert.equal(await post(srv.port, { host: `127.0.0.1:${srv.port}` }), 401);
      assert.equal(await post(srv.port, { host: `localhost:${srv.port}`, origin: `http://localhost:${srv.port}` }), 401);
      assert.notEqual(await post(srv.port, { ...auth, host: `127.0.0.1:${srv.port}` }), 403);
    } finally {
      await new Promise<void>((resolve) => srv.server.close(() => resolve()));
    }
  });
});
