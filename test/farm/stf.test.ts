// The STF device source against a small fake of STF's REST API (our own HTTP server on loopback) whose
// remoteConnectUrl points at a virtual device served over TCP: take, remote connect, health check through
// Glance's ADB client, give back; refusals are STF_FAILED with the device given back.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeviceProvider } from '../../src/device/provider.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { AdbFarmDevice } from '../../src/farm/devices.js';
import { leaseStfDevice } from '../../src/farm/stf.js';
import { isGlanceError } from '../../src/errors.js';
import type { EpisodeJobData } from '../../src/farm/jobs.js';

const TOKEN = 'secret-token';

/** STF's user-device endpoints, as far as the farm uses them; `taken` holds the serials leased now. */
function fakeStf(address: () => string): { server: Server; log: string[]; taken: Set<string>; failConnect: boolean } {
  const state = { log: [] as string[], taken: new Set<string>(), failConnect: false, server: undefined as unknown as Server };
  state.server = createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      const send = (status: number, json: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(json));
      };
      state.log.push(`${req.method} ${req.url}`);
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return send(401, { success: false, description: 'Unauthorized' });
      const m = /^\/api\/v1\/user\/devices(?:\/([^/]+))?(\/remoteConnect)?$/.exec(req.url ?? '');
      if (m === null) return send(404, { success: false, description: 'Not found' });
      const serial = m[1] === undefined ? (JSON.parse(body) as { serial: string }).serial : decodeURIComponent(m[1]);
      if (req.method === 'POST' && m[1] === undefined) {
        if (serial === 'busy' || state.taken.has(serial)) return send(403, { success: false, description: 'Device is being used' });
        state.taken.add(serial);
        return send(200, { success: true, description: 'Device successfully added' });
      }
      if (req.method === 'POST' && m[2] !== undefined) {
        if (state.failConnect) return send(500, { success: false, description: 'Device could not be connected' });
        return send(200, { success: true, remoteConnectUrl: address() });
      }
      if (req.method === 'DELETE' && m[2] !== undefined) return send(200, { success: true });
      if (req.method === 'DELETE') {
        state.taken.delete(serial);
        return send(200, { success: true, description: 'Device successfully removed' });
      }
      return send(405, { success: false });
    });
  });
  return state;
}

describe('STF device source', () => {
  let phone: RunningVirtualDevice;
  let stf: ReturnType<typeof fakeStf>;
  let url: string;

  before(async () => {
    phone = await startVirtualDevice();
    stf = fakeStf(() => `127.0.0.1:${phone.port}`);
    await new Promise<void>((r) => stf.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(stf.server.address() as AddressInfo).port}`;
  });
  after(async () => {
    stf.server.close();
    await phone.close();
  });

  test('take, remote connect, a health check through the endpoint, give back on close', async () => {
    stf.log.length = 0;
    const lease = await leaseStfDevice({ url, token: TOKEN, serial: 'R58M123' });
    assert.equal(lease.address, `127.0.0.1:${phone.port}`);
    assert.deepEqual([...stf.taken], ['R58M123']);
    const device = new AdbFarmDevice(`direct:${lease.address}`, createDeviceProvider({}), { name: 'stf:R58M123', release: lease.release });
    const job: EpisodeJobData = { suite: 's', order: 0, rep: 0, policy: 'heuristic', spec: { kind: 'live', task: 'look' } };
    await device.check(job, AbortSignal.timeout(20_000));
    assert.equal(device.name, 'stf:R58M123');
    await device.close();
    assert.deepEqual([...stf.taken], []);
    assert.deepEqual(stf.log, [
      'POST /api/v1/user/devices',
      'POST /api/v1/user/devices/R58M123/remoteConnect',
      'DELETE /api/v1/user/devices/R58M123/remoteConnect',
      'DELETE /api/v1/user/devices/R58M123',
    ]);
  });

  test('a wrong token and a busy device are STF_FAILED with a hint; nothing stays taken', async () => {
    await assert.rejects(
      leaseStfDevice({ url, token: 'wrong', serial: 'A1' }),
      (e) => isGlanceError(e, 'STF_FAILED') && /token/.test(e.hint ?? ''),
    );
    await assert.rejects(
      leaseStfDevice({ url, token: TOKEN, serial: 'busy' }),
      (e) => isGlanceError(e, 'STF_FAILED') && /being used/.test(e.message),
    );
    assert.deepEqual([...stf.taken], []);
  });

  test('remote connect refused: the device is given back before the error surfaces', async () => {
    stf.failConnect = true;
    try {
      await assert.rejects(
        leaseStfDevice({ url, token: TOKEN, serial: 'B2' }),
        (e) => isGlanceError(e, 'STF_FAILED') && /could not be connected/.test(e.message),
      );
      assert.deepEqual([...stf.taken], []);
    } finally {
      stf.failConnect = false;
    }
  });

  test('an STF that does not answer is STF_FAILED within the timeout', async () => {
    await assert.rejects(leaseStfDevice({ url: 'http://127.0.0.1:1', token: TOKEN, serial: 'C3', timeoutMs: 2000 }), (e) =>
      isGlanceError(e, 'STF_FAILED'),
    );
  });
});
