// Settling seen end to end: `glance tap` through the real adb server against a virtual device whose screen keeps
// changing for a few dumps after the tap (a screen animating in). The result must describe the screen after it
// stopped changing, never an intermediate one; a screen that never stops is reported unsettled within the budget,
// not as a failure. (The settle loop is tested alone in test/device/actions.test.ts; this is the second check.)
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/node/start.js';
import { walk, type UiDump } from '../../src/hierarchy/model.js';
import { glance } from '../helpers/cli.js';
import { requires } from '../helpers/requires.js';
import { AdbHarness } from '../adb/adb-harness.js';
import { LOGIN_SCENARIO } from './harness.js';
import { tempDir } from '../helpers/temp.js';

describe('settle through glance tap and the real adb server', { skip: requires({ adb: true }), timeout: 120_000 }, () => {
  let h: AdbHarness;
  let v: RunningVirtualDevice;
  let stateDir = '';
  /** Dumps still to show an intermediate title after the last tap (Infinity: never settles). */
  let pending = 0;
  let dumpsAfterTap = 0;

  before(async () => {
    stateDir = tempDir('glance-settle-');
    h = await AdbHarness.start();
    v = await startVirtualDevice({ scenario: LOGIN_SCENARIO });
    await h.connectOnline(v.serial);
    const phone = v.device.state;
    const dump = phone.dump.bind(phone);
    const tap = phone.tap.bind(phone);
    let tapped = false;
    phone.dump = (opts): UiDump => {
      const d = dump(opts);
      if (!tapped) return d;
      dumpsAfterTap++;
      const title = [...walk(d.roots)].map((e) => e.node).find((n) => n.text === 'Sign in');
      if (title) title.text = pending > 0 ? `Loading ${dumpsAfterTap}` : 'Welcome back';
      if (pending > 0) pending--;
      return d;
    };
    phone.tap = (x, y): void => {
      tap(x, y);
      tapped = true;
      dumpsAfterTap = 0;
    };
  });

  after(async () => {
    await h?.stop();
    await v?.close();
    rmSync(stateDir, { recursive: true, force: true });
  });

  const tapJson = async (...flags: string[]): Promise<{ code: number; result: { settled: boolean; diff: string } }> => {
    const r = await glance(['--json', '-s', v.serial, 'tap', '540,150', ...flags], {
      env: { ANDROID_ADB_SERVER_PORT: String(h.port), GLANCE_STATE_DIR: stateDir, ANDROID_SERIAL: '', HOME: h.home },
    });
    const body = JSON.parse(r.stdout) as { ok: boolean; result: { settled: boolean; diff: string } };
    assert.equal(body.ok, true, r.stdout + r.stderr);
    return { code: r.code, result: body.result };
  };

  test('three changing dumps after the tap: the diff is the final screen, settled', async () => {
    pending = 3;
    const { code, result } = await tapJson();
    assert.equal(code, 0);
    assert.equal(result.settled, true);
    assert.match(result.diff, /Welcome back/);
    assert.doesNotMatch(result.diff, /Loading/);
    // Three intermediate dumps, then the same screen twice.
    assert.ok(dumpsAfterTap >= 5, `${dumpsAfterTap} dumps after the tap`);
  });

  test('a screen that never stops changing is unsettled within the budget, not an error', async () => {
    pending = Infinity;
    const { code, result } = await tapJson('--settle-ms', '300');
    assert.equal(code, 0);
    assert.equal(result.settled, false);
    assert.match(result.diff, /Loading/);
  });
});
