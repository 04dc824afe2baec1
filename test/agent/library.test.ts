// The agent from the library: navigate(phone, target, { map }) and doTask(phone, task) on the virtual demo device,
// reached through connect() like any library user; the map is a hand-written UI Map of the demo app.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { connect, doTask, isGlanceError, navigate, type Phone } from '../../src/index.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import { repoRoot } from '../helpers/corpus.js';

const map = join(repoRoot, 'assets/scenarios/demo/uimap.json');

describe('navigate and doTask on a phone', () => {
  let dev: RunningVirtualDevice;
  let phone: Phone;
  before(async () => {
    dev = await startVirtualDevice({});
    phone = await connect({ serial: `direct:127.0.0.1:${dev.port}` });
  });
  after(async () => {
    phone.close();
    await dev.close();
  });

  test('navigate reaches a screen two hops away by the map, step by step', async () => {
    const r = await navigate(phone, 'AboutActivity', { map });
    assert.equal(r.data.reached, true);
    assert.equal(r.data.activity, 'dev.glance.demo.AboutActivity');
    assert.equal(r.data.steps.length, 2);
    assert.match(dev.device.state.focusedActivity(), /AboutActivity$/);
    assert.match(r.text, /reached AboutActivity/);
  });

  test('navigate to what the map does not know is a coded error', async () => {
    await assert.rejects(navigate(phone, 'NoSuchActivity', { map }), (e) => isGlanceError(e));
  });

  test('doTask with the heuristic policy reports progress per step', async () => {
    await phone.launch('dev.glance.demo');
    const seen: number[] = [];
    const r = await doTask(phone, 'open the settings', { map, maxSteps: 4, onProgress: (p) => seen.push(p.progress) });
    assert.equal(r.data.policy, 'heuristic');
    assert.ok(seen.length >= 1 && seen.every((n, i) => n === i + 1), String(seen));
    assert.equal(seen.length, r.data.steps.length);
  });
});
