// DroidTask worlds as a phone would behave where the recording is silent: typing and toggling change the screen's
// own state and the episode goes on; two recorded outcomes of one action resolve towards the ground truth's next
// step. A more permissive world must not let a wrong action succeed. Reads the shared corpus (read-only).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { runTask } from '../../src/agent/loop.js';
import { oraclePolicy } from '../../src/agent/policies/baselines.js';
import type { Policy } from '../../src/agent/policy.js';
import { DroidTaskSuite, preferNext } from '../../src/agent/worlds/droidtask.js';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { OTHER_APP } from '../../src/device/virtual/phone.js';
import { walk } from '../../src/hierarchy/model.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

/** The oracle, except that every value it types is replaced: the right elements, the wrong text. */
const wrongValue: Policy = {
  name: 'wrong-value',
  async decide(obs, ctx) {
    const d = await oraclePolicy.decide(obs, ctx);
    return d.action.kind === 'type' ? { ...d, action: { ...d.action, text: 'not what the task asked' } } : d;
  },
};

/** The oracle, except that it presses long where the ground truth taps: the right elements, the wrong gesture. */
const longInstead: Policy = {
  name: 'long-instead',
  async decide(obs, ctx) {
    const d = await oraclePolicy.decide(obs, ctx);
    return d.action.kind === 'tap' ? { ...d, action: { ...d.action, kind: 'long_press' } } : d;
  },
};

describe('DroidTask worlds where the recording is silent', { skip: requires({ shared: true }) }, () => {
  test('typing a value the recording never typed changes the field and the episode goes on', async () => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['notes'] });
    const task = suite.tasks.find((t) => t.steps.some((s) => s.kind === 'input' && s.bounds !== undefined))!;
    const i = task.steps.findIndex((s) => s.kind === 'input');
    const step = task.steps[i]!;
    const world = suite.world(task);
    await world.resetAt(step.screen!);
    const [l, t, r, b] = step.bounds!;
    const res = await world.act({ kind: 'type', target: `${(l + r) >> 1},${(t + b) >> 1}`, text: 'Quince' });
    assert.equal(res.ok, true, res.diff);
    assert.notEqual(res.offPath, true, 'a typed value is local state, not off the recording');
    assert.equal(world.screenName(), step.screen);
    const obs = await world.observe();
    // The recorded field dumps its label as text (no hint in the XML), so the typed value follows it.
    assert.ok(
      obs.elements.some((e) => e.text?.endsWith('Quince') === true),
      'the field shows the typed value',
    );
  });

  test('with the right values the oracle succeeds; with wrong values, or long-presses for taps, the same actions fail', async () => {
    const suite = new DroidTaskSuite(droidtaskDir);
    await suite.markReplayable();
    const typing = suite.tasks.filter((t) => t.replayable && t.typed.length > 0);
    assert.ok(typing.length >= 5, `only ${typing.length} replayable tasks type a value`);
    for (const t of typing) {
      const right = suite.world(t);
      const ok = await runTask(right, oraclePolicy);
      assert.equal(ok.outcome, 'done', t.id);
      assert.equal(right.goalReached(), true, `${t.id}: the oracle reaches the goal`);
      const wrong = suite.world(t);
      await runTask(wrong, wrongValue);
      assert.equal(wrong.goalReached(), false, `${t.id}: a wrong typed value must not reach the goal`);
      const pressed = suite.world(t);
      await runTask(pressed, longInstead);
      assert.equal(pressed.goalReached(), false, `${t.id}: a long-press (a mode, a menu) is not the tap the task needs`);
    }
  });

  test('two recorded outcomes of one action resolve to the one the ground truth goes to next', () => {
    const t = {
      steps: [
        { kind: 'tap' as const, screen: 'a' },
        { kind: 'tap' as const, screen: 'b' },
      ],
      essential: ['c'],
    };
    assert.equal(preferNext(t, 'a', ['x', 'b']), 'b');
    assert.equal(preferNext(t, 'b', ['c', 'a']), 'c');
    assert.equal(preferNext(t, 'a', ['x', 'y']), undefined, 'neither is on the path: the replay keeps its own choice');
    assert.equal(preferNext(t, 'z', ['b', 'c']), undefined, 'off the path: no preference');
    const loop = {
      steps: [
        { kind: 'tap' as const, screen: 'a' },
        { kind: 'tap' as const, screen: 'a' },
      ],
      essential: ['b'],
    };
    assert.equal(preferNext(loop, 'a', ['@stay', 'x']), '@stay', 'a step that stays on its screen prefers the recorded no-op');
  });

  test('tasks whose ground truth meets two recorded outcomes are listed, and replay towards their goal', async () => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['camera'] });
    await suite.markReplayable();
    const listed = suite.tasks.filter((t) => t.ambiguous.length > 0);
    assert.ok(listed.length > 0, 'the camera recording has ambiguous outcomes');
    assert.ok(
      listed.every((t) => t.replayable),
      listed
        .filter((t) => !t.replayable)
        .map((t) => t.id)
        .join(', '),
    );
  });

  test('a tap that leaves the app where the recording never tapped shows another app; the episode goes on and back returns', async () => {
    const suite = new DroidTaskSuite(droidtaskDir, { apps: ['dialer'] });
    const task = suite.tasks[0]!;
    const dev = createVirtualDevice({ droidbotDir: join(droidtaskDir, 'dialer') });
    // A contact row on a screen the recording never opened it from: the first one whose tap shows a stub.
    let found: { screen: string; x: number; y: number } | undefined;
    for (const [name, def] of dev.scenario.screens) {
      if (found !== undefined || !def.activity.startsWith(`${dev.scenario.package}/`)) continue;
      for (const { node } of walk(def.dump.roots)) {
        const [l, t, r, b] = node.bounds;
        if (dev.scenario.leaves!([node]) === undefined || r <= l || b <= t) continue;
        dev.state.reset(name);
        await dev.run(`input tap ${(l + r) >> 1} ${(t + b) >> 1}`);
        if (dev.state.screenName().startsWith(OTHER_APP)) {
          found = { screen: name, x: (l + r) >> 1, y: (t + b) >> 1 };
          break;
        }
      }
    }
    assert.ok(found !== undefined, 'the dialer has a view that leaves the app where the recording never tapped it');
    const world = suite.world(task);
    await world.resetAt(found.screen);
    const res = await world.act({ kind: 'tap', target: `${found.x},${found.y}` });
    assert.equal(res.ok, true, res.diff);
    assert.equal(res.changed, true, 'another app in front is a change');
    assert.notEqual(res.offPath, true, 'the phone answered: the episode goes on');
    assert.ok(world.screenName().startsWith(OTHER_APP));
    assert.equal(world.goalReached(), false, 'another app is no task goal');
    const back = await world.act({ kind: 'back' });
    assert.notEqual(back.offPath, true, 'back from another app is the phone answering');
    assert.equal(world.screenName(), found.screen);
  });
});
