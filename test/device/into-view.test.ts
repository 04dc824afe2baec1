// Acting on an element the screen holds beyond a fold scrolls it into view first, on a fake device whose dump
// keeps off-screen rows (test/helpers/fold-device.ts).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { fresh, touch, typeInto, type ActionEnv } from '../../src/device/actions/index.js';
import { isGlanceError } from '../../src/errors.js';
import { FoldDevice } from '../helpers/fold-device.js';
import { memoryStore } from './harness.js';

function setup(rows = 30): ActionEnv & { dev: FoldDevice } {
  const dev = new FoldDevice(rows);
  return { dev, device: dev, store: memoryStore(), signal: new AbortController().signal, settleMs: 0 };
}

async function refOf(env: ActionEnv, text: string): Promise<string> {
  const snap = await fresh(env);
  const el = snap.wide().elements.find((e) => e.text === text);
  assert.ok(el !== undefined, `${text} is in the dump`);
  return el.ref;
}

describe('scroll into view', () => {
  test('tapping a row beyond the fold scrolls its list down until it shows, then taps that row', async () => {
    const env = setup();
    const ref = await refOf(env, 'Row 14');
    assert.equal(
      (await fresh(env)).elements.find((e) => e.ref === ref),
      undefined,
      'not on screen before',
    );
    const o = await touch(env, 'tap', ref);
    assert.deepEqual(env.dev.taps, ['Row 14']);
    assert.ok(env.dev.swipes.length >= 1 && env.dev.swipes.every((d) => d > 0), `scrolled down: ${env.dev.swipes.join(', ')}`);
    assert.equal(o.target.ref, ref);
  });

  test('an on-screen row is tapped without a swipe', async () => {
    const env = setup();
    await touch(env, 'tap', await refOf(env, 'Row 2'));
    assert.deepEqual([env.dev.taps, env.dev.swipes], [['Row 2'], []]);
  });

  test('a row above the fold scrolls the list up', async () => {
    const env = setup();
    env.dev.offset = 3000;
    await touch(env, 'tap', await refOf(env, 'Row 1'));
    assert.deepEqual(env.dev.taps, ['Row 1']);
    assert.ok(env.dev.swipes.length >= 1 && env.dev.swipes.every((d) => d < 0), `scrolled up: ${env.dev.swipes.join(', ')}`);
  });

  test('typing into a field beyond the fold scrolls to it, taps it and types', async () => {
    const env = setup();
    const o = await typeInto(env, { target: await refOf(env, 'Row 29'), text: 'milk' });
    assert.deepEqual([env.dev.taps, env.dev.typed], [['Row 29'], 'milk']);
    assert.equal(o.target?.label, 'Row 29');
  });

  test('beyond the swipes allowed it fails as not found, having swiped no more than allowed', async () => {
    const env = setup(300);
    env.dev.offset = 40_000;
    // Row 8 lies far above: the list is scrolled up, ten swipes at most.
    const ref = await refOf(env, 'Row 8');
    await assert.rejects(touch(env, 'tap', ref), (e: unknown) => isGlanceError(e, 'ELEMENT_NOT_FOUND'));
    assert.ok(env.dev.swipes.length === 10 && env.dev.swipes.every((d) => d < 0), env.dev.swipes.join(', '));
    assert.deepEqual(env.dev.taps, []);
  });
});
