// A live run as `glance run` makes it, in process on the virtual demo phone: which app it runs in (never the home
// screen or another app by accident), the guards a person would want, a done the screen contradicts, and the
// files it writes.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { heuristicPolicy } from '../../src/agent/policies/heuristic.js';
import type { Policy } from '../../src/agent/policy.js';
import { doneCheck, isHomeScreen, runFiles, runLive, usageOf } from '../../src/agent/run.js';
import type { Decision, LlmCall, Trajectory } from '../../src/agent/types.js';
import { AdbDevice } from '../../src/device/adb-device.js';
import { createVirtualDevice } from '../../src/device/virtual/device.js';
import { isGlanceError } from '../../src/errors.js';
import { inProcessPort } from '../device/harness.js';
import { deviceContext } from '../helpers/tool-context.js';
import { repoRoot } from '../helpers/corpus.js';
import type { UiMap } from '../../src/uimap/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const DEMO = 'dev.glance.demo';
const demoMap = JSON.parse(readFileSync(join(repoRoot, 'assets/scenarios/demo/uimap.json'), 'utf8')) as UiMap;

function phone(): { vd: ReturnType<typeof createVirtualDevice>; ctx: ReturnType<typeof deviceContext> } {
  const vd = createVirtualDevice({ scenario: 'demo' });
  return { vd, ctx: deviceContext(new AdbDevice(inProcessPort(vd), { retryDelayMs: 10 })) };
}
const script = (decisions: Decision[]): Policy => ({
  name: 'script',
  decide: async (_obs, ctx) => decisions[Math.min(ctx.step, decisions.length - 1)]!,
});

test('the home screen and the system UI are no app to do a task in', () => {
  for (const pkg of [
    undefined,
    'com.android.systemui',
    'com.android.launcher3',
    'com.google.android.apps.nexuslauncher',
    'com.sec.android.app.home',
    'org.lineageos.trebuchet',
  ])
    assert.equal(isHomeScreen(pkg), true, String(pkg));
  for (const pkg of [DEMO, 'com.android.settings', 'com.home.finance', 'com.homeapp.notes']) assert.equal(isHomeScreen(pkg), false, pkg);
});

test('a run in the app in front: the screen size for the report, the default budget, done on the evidence', async () => {
  const { vd, ctx } = phone();
  const r = await runLive(ctx, { task: 'turn on dark theme', policy: heuristicPolicy() });
  assert.equal(r.trajectory.outcome, 'done');
  assert.equal(r.trajectory.reason, '"Dark theme" is now on');
  assert.equal(r.trajectory.budget, 20);
  assert.deepEqual([r.width, r.height], [1080, 2400]);
  assert.match(vd.state.focusedActivity(), /SettingsActivity$/);
  // Each step is heard as it is taken; screenshots only when asked.
  const heard: string[] = [];
  const shot = await runLive(phone().ctx, {
    task: 'turn on dark theme',
    policy: heuristicPolicy(),
    screenshots: true,
    onStep: (s, budget) => heard.push(`${s.step} ${s.decision.action.kind} ${budget}`),
  });
  assert.deepEqual(heard, ['0 tap 20', '1 tap 20', '2 done 20']);
  assert.equal(typeof shot.trajectory.steps[0]!.screenshot, 'string');
  assert.equal(r.trajectory.steps[0]!.screenshot, undefined);
  // A policy that plans on the app's map sets the budget: 2 × its plan + 5.
  const planned = await runLive(phone().ctx, { task: 'search notes for "milk"', policy: heuristicPolicy(demoMap) });
  assert.equal(planned.trajectory.budget, 9);
  const asked = await runLive(phone().ctx, { task: 'search notes for "milk"', policy: heuristicPolicy(demoMap), maxSteps: 4 });
  assert.equal(asked.trajectory.budget, 4);
  // A step limit holds as given.
  const limited = await runLive(phone().ctx, { task: 'turn on dark theme', policy: heuristicPolicy(), maxSteps: 1 });
  assert.deepEqual([limited.trajectory.outcome, limited.trajectory.budget], ['budget', 1]);
});

test('from the home screen: a coded error naming what to do, unless the app is named or launch is asked', async () => {
  const { vd, ctx } = phone();
  await vd.run('input keyevent 3');
  await assert.rejects(runLive(ctx, { task: 'turn on dark theme', policy: heuristicPolicy() }), (e: unknown) => {
    assert.ok(isGlanceError(e));
    assert.equal(e.code, 'APP_NOT_IN_FRONT');
    assert.equal(e.message, 'the home screen is in front, not an app to do "turn on dark theme" in');
    assert.match(e.hint ?? '', /name the app/);
    assert.deepEqual(e.next, { tool: 'device_apps' });
    assert.deepEqual(e.context, { front: 'com.android.launcher3' });
    return true;
  });
  // The map's app is the one to start, but only when asked.
  await assert.rejects(runLive(ctx, { task: 'turn on dark theme', policy: heuristicPolicy(), mapPackage: DEMO }), (e: unknown) => {
    assert.ok(isGlanceError(e));
    assert.equal(e.message, `${DEMO} is not in front (the home screen is): the task would act on another app`);
    assert.deepEqual(e.next, { tool: 'device_launch_app', params: { app: DEMO } });
    assert.equal(e.hint, `pass launch: true to start ${DEMO} first, or launch it with device_launch_app`);
    assert.deepEqual(e.context, { front: 'com.android.launcher3', app: DEMO });
    return true;
  });
  const launched = await runLive(ctx, { task: 'turn on dark theme', policy: heuristicPolicy(), mapPackage: DEMO, launch: true });
  assert.equal(launched.trajectory.outcome, 'done');
  // Named outright: launched without asking.
  await vd.run('input keyevent 3');
  const named = await runLive(ctx, { task: 'turn off dark theme', policy: heuristicPolicy(), app: DEMO });
  assert.equal(named.trajectory.outcome, 'done');
});

test('guards: a destructive tap waits for yes; leaving the app stops the run', async () => {
  const guarded = await runLive(phone().ctx, { task: 'delete the lisbon note', policy: heuristicPolicy() });
  assert.equal(guarded.trajectory.outcome, 'guard');
  assert.equal(guarded.trajectory.reason, '"Delete" looks destructive: run again with --yes to let the agent tap it');
  // With yes: the note's Delete, the dialog's Delete, then done once the dialog has closed.
  const { vd, ctx } = phone();
  const yes = await runLive(ctx, { task: 'delete the lisbon note', policy: heuristicPolicy(), yes: true });
  assert.equal(yes.trajectory.outcome, 'done', yes.trajectory.reason);
  assert.equal(yes.trajectory.reason, 'the dialog closed on the choice');
  assert.ok(!JSON.stringify(vd.state.dump({ windows: 'active' })).includes('Delete note?'));
  assert.match(vd.state.focusedActivity(), /MainActivity$/);
  // The home key takes the run out of the app: stopped there.
  const away = await runLive(phone().ctx, {
    task: 'look around',
    policy: script([{ action: { kind: 'key', key: 'HOME' } }, { action: { kind: 'tap', target: '10,10' } }]),
  });
  assert.equal(away.trajectory.outcome, 'guard');
  assert.match(away.trajectory.reason ?? '', /^left dev\.glance\.demo \(now in com\.android\.launcher3\)$/);
});

test('a done the last screen contradicts ends the run in fail; several clauses leave done alone', async () => {
  const done: Decision = { action: { kind: 'done', text: 'opened' } };
  const r = await runLive(phone().ctx, { task: 'open the trash', policy: script([done]) });
  assert.deepEqual(
    [r.trajectory.outcome, r.trajectory.reason],
    ['fail', 'said done, but the screen shows otherwise: nothing on the screen names "trash"'],
  );
  const several = await runLive(phone().ctx, { task: 'open the trash and empty it', policy: script([done]) });
  assert.deepEqual([several.trajectory.outcome, several.trajectory.reason], ['done', 'opened']);
  assert.equal(doneCheck('open the trash and empty it'), undefined);
  // The check reads the history before the done itself.
  const check = doneCheck('sign in with email a@b.co and password x')!;
  const typed = {
    observation: { screen: { width: 1, height: 1 }, elements: [], text: '', dump: '' },
    decision: { action: { kind: 'type' as const, target: '#email', text: 'a@b.co' } },
  };
  const obs = { screen: { width: 1, height: 1 }, elements: [], text: '', dump: '' };
  assert.equal(check(obs, [typed, { observation: obs, decision: done }]), undefined);
  assert.equal(
    check(obs, [{ observation: obs, decision: done }]),
    'said done, but the screen shows otherwise: nothing was typed to sign in',
  );
  const tap = { observation: obs, decision: { action: { kind: 'tap' as const, target: '1,1' } } };
  assert.equal(check(obs, [tap, typed, { observation: obs, decision: done }]), undefined);
});

const call = (side?: 'local', replayed?: boolean): LlmCall => ({
  role: 'step',
  model: 'm',
  prompt: 'p',
  inputTokens: 100,
  outputTokens: 10,
  latencyMs: 1,
  costUsd: side === 'local' ? 0 : 0.5,
  ...(side === undefined ? {} : { side }),
  ...(replayed === undefined ? {} : { replayed }),
});

test("a run's usage counts the cloud's calls and the local model's apart; its files say the outcome last", () => {
  const t: Trajectory = {
    task: 'open the note',
    policy: 'compass',
    steps: [
      {
        step: 0,
        snapshot: 's',
        decision: { action: { kind: 'tap', target: 'b1' }, llm: [call(), call('local'), call(undefined, true), call()] },
        screenshot: 'AAAA',
        box: [0, 0, 540, 1200],
      },
      { step: 1, snapshot: 's', decision: { action: { kind: 'done' }, llm: [call('local')] } },
    ],
    outcome: 'done',
    reason: 'open',
    seconds: 1.5,
    budget: 9,
  };
  assert.deepEqual(usageOf(t), {
    calls: 3,
    replayed: 1,
    inputTokens: 300,
    outputTokens: 30,
    costUsd: 1.5,
    local: { calls: 2, inputTokens: 200, outputTokens: 20 },
  });
  assert.deepEqual(usageOf({ steps: [] }), { calls: 0, replayed: 0, inputTokens: 0, outputTokens: 0, costUsd: 0 });
  const files = runFiles({ trajectory: t, width: 1080, height: 2400 });
  const lines = files.jsonl
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(files.jsonl.endsWith('\n'), true);
  assert.equal(lines.length, 3);
  assert.deepEqual(lines[0], JSON.parse(JSON.stringify(t.steps[0])));
  assert.deepEqual(lines[2], {
    outcome: 'done',
    reason: 'open',
    task: 'open the note',
    policy: 'compass',
    seconds: 1.5,
    budget: 9,
    usage: usageOf(t),
    width: 1080,
    height: 2400,
  });
  assert.match(files.html, /^<!doctype html>/);
  assert.match(files.html, /<div class="box" style="left:0%;top:0%;width:50%;height:50%"><\/div>/);
  assert.ok(!runFiles({ trajectory: t, width: 1080 }).html.includes('class="box"'));
  assert.ok(!runFiles({ trajectory: t, height: 2400 }).html.includes('class="box"'));
  const privacy = {
    steps: 1,
    sent: { blocks: 1, elements: 1, chars: 1, categories: {} },
    withheld: { blocks: 0, elements: 0, chars: 0, categories: {} },
    elementReduction: 0,
    charReduction: 0,
  };
  const priv = JSON.parse(
    runFiles({ trajectory: { ...t, privacy } })
      .jsonl.trimEnd()
      .split('\n')
      .at(-1)!,
  ) as Record<string, unknown>;
  assert.deepEqual(priv['privacy'], privacy);
  // No size known, no budget, no privacy: none written.
  const bare = runFiles({ trajectory: { ...t, budget: undefined } as never });
  const last = JSON.parse(bare.jsonl.trimEnd().split('\n').at(-1)!) as Record<string, unknown>;
  assert.deepEqual(Object.keys(last).sort(), ['outcome', 'policy', 'reason', 'seconds', 'task', 'usage']);
});
