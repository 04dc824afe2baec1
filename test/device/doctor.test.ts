import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createDeviceProvider } from '../../src/device/provider.js';
import { renderDoctor, stateAdvice } from '../../src/device/doctor.js';
import { glance } from '../helpers/cli.js';
import { freePort } from '../adb/adb-harness.js';

test('doctor without an adb binary or server names both problems and their fixes', async () => {
  const port = await freePort();
  const env = { PATH: '', ANDROID_ADB_SERVER_PORT: String(port), HOME: '/nonexistent' };
  const checks = await createDeviceProvider(env).diagnose({ signal: new AbortController().signal });
  const byName = new Map(checks.map((c) => [c.name, c]));
  assert.equal(byName.get('adb binary')?.ok, false);
  assert.match(byName.get('adb binary')?.fix ?? '', /platform-tools|apt-get/);
  assert.equal(byName.get('adb server')?.ok, false);
  assert.match(byName.get('adb server')?.detail ?? '', new RegExp(String(port)));
  // Without a binary the provider cannot start a server: a device call is a coded error, not a hang.
  const r = await glance(['--json', 'devices'], { env: { ...env, ADB_PATH: '' } });
  assert.equal(r.code, 1);
  assert.equal((JSON.parse(r.stdout) as { error: { code: string } }).error.code, 'ADB_NOT_FOUND');
  const d = await glance(['doctor'], { env });
  assert.equal(d.code, 1);
});

test('device states map to advice', () => {
  assert.deepEqual(stateAdvice('device'), { ok: true });
  for (const s of ['unauthorized', 'offline', 'no permissions (user in plugdev group)', 'recovery']) {
    const a = stateAdvice(s);
    assert.equal(a.ok, false);
    assert.ok((a.fix ?? '').length > 10, s);
  }
  assert.match(stateAdvice('unauthorized').fix ?? '', /Allow USB debugging/);
  const text = renderDoctor([
    { name: 'adb binary', ok: true, detail: '/usr/bin/adb' },
    { name: 'devices', ok: false, detail: 'none connected', fix: 'plug one in' },
  ]);
  assert.deepEqual(text.split('\n'), [
    'ok   adb binary: /usr/bin/adb',
    'FAIL devices: none connected',
    '     fix: plug one in',
    '1 problem found',
  ]);
});
