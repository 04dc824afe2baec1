// The agent loop's promises, on a world and a policy written here: what each step records, what ends a run (done,
// fail, a refuted done, the budget, a guard, an action with no recorded outcome, an abort), and what the policy
// and the hooks are told. Every run of every world and policy goes through it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Guard } from '../../src/agent/loop.js';
import type { GlanceError } from '../../src/errors.js';
import { runTask } from '../../src/agent/loop.js';
import type { Policy, PolicyContext } from '../../src/agent/policy.js';
import type { ActResult, AgentAction, Decision, Observation, PrivacyTotals } from '../../src/agent/types.js';
import type { World } from '../../src/agent/world.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const button: SnapshotElement = {
  ref: 'b1',
  class: 'Button',
  text: 'Next',
  bounds: [10, 20, 110, 70],
  center: [60, 45],
  actions: ['tap'],
  states: [],
};

const screen = (n: number, extra: Partial<Observation['screen']> = {}): Observation => ({
  screen: { width: 1080, height: 1920, package: 'dev.app', ...extra },
  elements: [button],
  text: `screen ${n}`,
  dump: `<dump ${n}/>`,
});

/** A world whose screen number goes up with every action; what it was asked is kept. */
class CountingWorld implements World {
  readonly task = 'press next twice';
  readonly app = 'dev.app';
  readonly groundTruth = [{ kind: 'tap' as const }];
  n = 0;
  resets = 0;
  acted: AgentAction[] = [];
  shots = 0;
  constructor(
    readonly budget = 10,
    private readonly outcome: (a: AgentAction) => Partial<ActResult> = () => ({}),
    private readonly extra: Partial<Observation['screen']> = {},
  ) {}
  async reset(): Promise<Observation> {
    this.resets++;
    return screen(this.n, this.extra);
  }
  async observe(): Promise<Observation> {
    return screen(this.n, this.extra);
  }
  async act(a: AgentAction): Promise<ActResult> {
    this.acted.push(a);
    this.n++;
    return { ok: true, changed: true, newScreen: false, diff: `+ screen ${this.n}`, ...this.outcome(a) };
  }
}

/** A policy that plays back decisions; what it was shown is kept. */
class Script implements Policy {
  readonly name = 'script';
  seen: Array<{ text: string; step: number; budget: number; history: string[]; keys: string[] }> = [];
  started: string[] = [];
  constructor(
    private readonly decisions: Decision[],
    private readonly plan?: number,
  ) {}
  async start(ctx: PolicyContext, first: Observation): Promise<void> {
    this.started.push(`${ctx.step} ${ctx.task} ${first.text}`);
  }
  async decide(obs: Observation, ctx: PolicyContext): Promise<Decision> {
    this.seen.push({
      text: obs.text,
      step: ctx.step,
      budget: ctx.budget,
      history: ctx.history.map((h) => `${h.observation.text}: ${h.decision.action.kind} → ${h.result?.diff ?? '-'}`),
      keys: Object.keys(ctx).sort(),
    });
    return this.decisions[Math.min(ctx.step, this.decisions.length - 1)]!;
  }
  planLength(): number | undefined {
    return this.plan;
  }
}

const tapNext: Decision = { action: { kind: 'tap', target: 'b1' }, reason: 'next' };
const done: Decision = { action: { kind: 'done', text: 'pressed twice' }, reason: 'both pressed' };

test('each step records the screen, the decision and the result; done ends the run with its answer', async () => {
  const world = new CountingWorld(10, () => ({}), { activity: '.Main' });
  const policy = new Script([tapNext, tapNext, done]);
  const before = performance.now();
  const t = await runTask(world, policy);
  const took = (performance.now() - before) / 1000;
  assert.equal(t.outcome, 'done');
  assert.equal(t.reason, 'pressed twice');
  assert.equal(t.task, 'press next twice');
  assert.equal(t.policy, 'script');
  assert.equal(t.budget, 10);
  // The run's own time: never more than the call took.
  assert.ok(t.seconds >= 0 && t.seconds <= took, `${t.seconds} s of ${took} s`);
  assert.equal('privacy' in t, false);
  assert.deepEqual(
    t.steps.map((s) => [s.step, s.snapshot, s.decision.action.kind, s.result?.diff, s.activity]),
    [
      [0, 'screen 0', 'tap', '+ screen 1', '.Main'],
      [1, 'screen 1', 'tap', '+ screen 2', '.Main'],
      [2, 'screen 2', 'done', undefined, '.Main'],
    ],
  );
  assert.deepEqual(world.acted, [tapNext.action, tapNext.action]);
  assert.equal(world.resets, 1);
  // The policy starts once on the first screen, then sees each screen with its step, budget and history so far.
  assert.deepEqual(policy.started, ['0 press next twice screen 0']);
  assert.deepEqual(
    policy.seen.map((s) => [s.text, s.step, s.budget, s.history]),
    [
      ['screen 0', 0, 10, []],
      ['screen 1', 1, 10, ['screen 0: tap → + screen 1']],
      ['screen 2', 2, 10, ['screen 0: tap → + screen 1', 'screen 1: tap → + screen 2']],
    ],
  );
  // It is told the app and the ground truth when the world knows them, and nothing in their place otherwise.
  assert.deepEqual(policy.seen[0]!.keys, ['app', 'budget', 'groundTruth', 'history', 'signal', 'step', 'task']);
  const bareWorld: World = {
    task: 'look',
    budget: 3,
    reset: async () => screen(0),
    observe: async () => screen(0),
    act: async () => ({ ok: true, changed: false, newScreen: false, diff: '' }),
  };
  const bare = new Script([done]);
  await runTask(bareWorld, bare);
  assert.deepEqual(bare.seen[0]!.keys, ['budget', 'history', 'signal', 'step', 'task']);
  // No activity or map node known: none recorded.
  const plain = await runTask(new CountingWorld(), new Script([done]));
  assert.equal('activity' in plain.steps[0]!, false);
  assert.equal('mapNode' in plain.steps[0]!, false);
});

test("fail ends the run with the policy's answer, else its reason", async () => {
  const t = await runTask(new CountingWorld(), new Script([{ action: { kind: 'fail', text: 'no such note' } }]));
  assert.deepEqual([t.outcome, t.reason, t.steps.length], ['fail', 'no such note', 1]);
  const r = await runTask(new CountingWorld(), new Script([{ action: { kind: 'fail' }, reason: 'nothing to tap' }]));
  assert.deepEqual([r.outcome, r.reason], ['fail', 'nothing to tap']);
  const none = await runTask(new CountingWorld(), new Script([{ action: { kind: 'done' } }]));
  assert.equal(none.outcome, 'done');
  assert.equal('reason' in none, false);
});

test('a done the screen contradicts ends in fail with the reason; checkDone sees the done in the history', async () => {
  let seen: number | undefined;
  const t = await runTask(new CountingWorld(), new Script([tapNext, done]), {
    checkDone: (obs, history) => {
      seen = history.length;
      assert.equal(history.at(-1)?.decision, done);
      return obs.text === 'screen 1' ? 'the switch is still off' : undefined;
    },
  });
  assert.deepEqual([t.outcome, t.reason, t.steps.length, seen], ['fail', 'the switch is still off', 2, 2]);
  // A fail is never checked; a done the check lets stand stays done.
  let asked = 0;
  const f = await runTask(new CountingWorld(), new Script([{ action: { kind: 'fail', text: 'x' } }]), {
    checkDone: () => {
      asked++;
      return 'no';
    },
  });
  assert.deepEqual([f.outcome, asked], ['fail', 0]);
  const ok = await runTask(new CountingWorld(), new Script([done]), { checkDone: () => undefined });
  assert.equal(ok.outcome, 'done');
});

test("the budget: that many actions, then the run ends; a plan's length sets it when asked", async () => {
  const world = new CountingWorld(3);
  const t = await runTask(world, new Script([tapNext]));
  assert.deepEqual([t.outcome, t.reason, world.acted.length, t.budget], ['budget', '3 actions taken', 3, 3]);
  // The step over budget is not recorded as taken.
  assert.equal(t.steps.length, 3);
  // A done on the last allowed look still counts.
  const last = await runTask(new CountingWorld(2), new Script([tapNext, tapNext, done]));
  assert.equal(last.outcome, 'done');
  // From the plan: 2 × its length + 5, and the policy is told.
  const planned = new Script([tapNext], 2);
  const p = await runTask(new CountingWorld(3), planned, { budgetFromPlan: true });
  assert.deepEqual([p.outcome, p.budget, p.steps.length], ['budget', 9, 9]);
  assert.equal(planned.seen[0]!.budget, 9);
  // Without the option, or with no plan, the world's budget stands.
  const unasked = await runTask(new CountingWorld(3), new Script([tapNext], 1));
  assert.equal(unasked.budget, 3);
  const noPlan = await runTask(new CountingWorld(3), new Script([tapNext]), { budgetFromPlan: true });
  assert.equal(noPlan.budget, 3);
  // A policy that neither starts nor plans.
  const minimal: Policy = { name: 'minimal', decide: async () => done };
  const m = await runTask(new CountingWorld(3), minimal, { budgetFromPlan: true });
  assert.deepEqual([m.outcome, m.budget], ['done', 3]);
});

test('a guard that refuses an action ends the run before it is taken; the first guard to speak decides', async () => {
  const world = new CountingWorld();
  const seenBy: number[] = [];
  const quiet: Guard = { check: (_a, _o, h) => (seenBy.push(h.length), undefined) };
  const second: Guard = { check: (_a, obs) => (obs.text === 'screen 1' ? 'looks destructive' : undefined) };
  const third: Guard = { check: () => 'never asked first' };
  const t = await runTask(world, new Script([tapNext]), { guards: [quiet, second] });
  assert.deepEqual([t.outcome, t.reason, world.acted.length, t.steps.length], ['guard', 'looks destructive', 1, 2]);
  assert.equal(t.steps[1]!.result, undefined);
  assert.deepEqual(seenBy, [0, 1]);
  const first = await runTask(new CountingWorld(), new Script([tapNext]), { guards: [second, third] });
  assert.equal(first.reason, 'never asked first');
  // Done and fail are not guarded.
  const d = await runTask(new CountingWorld(), new Script([done]), { guards: [third] });
  assert.equal(d.outcome, 'done');
});

test("a guard's way out replaces the action, and the step says what the policy chose", async () => {
  const back: Guard = {
    recover: (a, obs) => (obs.text === 'screen 1' && a.kind === 'tap' ? { action: { kind: 'back' }, reason: 'looping' } : undefined),
    check: () => undefined,
  };
  const silent: Guard = { check: () => undefined };
  const world = new CountingWorld();
  const t = await runTask(world, new Script([tapNext, tapNext, done]), { guards: [silent, back] });
  assert.deepEqual(
    world.acted.map((a) => a.kind),
    ['tap', 'back'],
  );
  assert.deepEqual(t.steps[1]!.decision, { action: { kind: 'back' }, reason: 'looping (the policy chose tap)' });
  assert.equal(t.outcome, 'done');
});

test('an action with no recorded outcome ends the run as off-path with its diff', async () => {
  const world = new CountingWorld(10, (a) => (a.kind === 'back' ? { offPath: true, diff: 'no recorded back here' } : {}));
  const t = await runTask(world, new Script([tapNext, { action: { kind: 'back' } }, done]));
  assert.deepEqual([t.outcome, t.reason, t.steps.length], ['off-path', 'no recorded back here', 2]);
  assert.equal(t.steps[1]!.result?.offPath, true);
  const fine = await runTask(new CountingWorld(10, () => ({ offPath: false })), new Script([tapNext, done]));
  assert.equal(fine.outcome, 'done');
});

test('onStep hears every step taken, done included, with the budget and the screen it was taken on', async () => {
  const heard: string[] = [];
  await runTask(new CountingWorld(4), new Script([tapNext, done]), {
    onStep: (s, budget, obs) => heard.push(`${s.step} ${s.decision.action.kind} ${budget} ${obs.text} ${s.result?.ok ?? '-'}`),
  });
  assert.deepEqual(heard, ['0 tap 4 screen 0 true', '1 done 4 screen 1 -']);
});

test('screenshots: the screen before each action, and the box of what it acts on (an element, or a point)', async () => {
  class Shooting extends CountingWorld {
    async screenshot(): Promise<Uint8Array> {
      this.shots++;
      return Uint8Array.from([this.n, 1, 2]);
    }
  }
  const world = new Shooting();
  const point: Decision = { action: { kind: 'tap', target: '300,400' } };
  const selector: Decision = { action: { kind: 'tap', target: 'x3,4' } };
  const noTarget: Decision = { action: { kind: 'back' } };
  const trailing: Decision = { action: { kind: 'tap', target: '3,4x' } };
  const t = await runTask(world, new Script([tapNext, point, selector, noTarget, trailing, done]), { screenshots: true });
  assert.equal(world.shots, 5);
  // A step with no box has no box key: the report draws none.
  assert.deepEqual(
    t.steps.map((s) => 'box' in s),
    [true, true, false, false, false, false],
  );
  assert.deepEqual(
    t.steps.map((s) => [s.screenshot, s.box]),
    [
      [Buffer.from([0, 1, 2]).toString('base64'), [10, 20, 110, 70]],
      [Buffer.from([1, 1, 2]).toString('base64'), [280, 380, 320, 420]],
      [Buffer.from([2, 1, 2]).toString('base64'), undefined],
      [Buffer.from([3, 1, 2]).toString('base64'), undefined],
      [Buffer.from([4, 1, 2]).toString('base64'), undefined],
      [undefined, undefined],
    ],
  );
  // Not asked for, or a world that cannot take them: none.
  const quiet = new Shooting();
  const q = await runTask(quiet, new Script([tapNext, done]));
  assert.deepEqual([quiet.shots, q.steps[0]!.screenshot], [0, undefined]);
  const blind = await runTask(new CountingWorld(), new Script([tapNext, done]), { screenshots: true });
  assert.equal(blind.steps[0]!.screenshot, undefined);
});

test('an abort stops the run before the next decision, with the abort error', async () => {
  const ac = new AbortController();
  const world = new CountingWorld();
  const policy = new Script([tapNext]);
  const run = runTask(world, policy, {
    signal: ac.signal,
    onStep: (s) => {
      if (s.step === 1) ac.abort();
    },
  });
  await assert.rejects(run, (e: GlanceError) => e.code === 'ABORTED');
  assert.equal(world.acted.length, 2);
  assert.equal(policy.seen.length, 2);
});

test('a map node and a privacy total are carried into the trajectory', async () => {
  class Mapped extends CountingWorld {
    override async observe(): Promise<Observation> {
      return { ...(await super.observe()), mapNode: 'NoteActivity' };
    }
  }
  const totals: PrivacyTotals = {
    steps: 2,
    sent: { blocks: 1, elements: 3, chars: 10, categories: {} },
    withheld: { blocks: 2, elements: 6, chars: 80, categories: { phone: 1 } },
    elementReduction: 2 / 3,
    charReduction: 8 / 9,
  };
  class Private extends Script {
    privacyTotals(): PrivacyTotals {
      return totals;
    }
  }
  const t = await runTask(new Mapped(), new Private([tapNext, done]));
  assert.deepEqual(
    t.steps.map((s) => s.mapNode),
    [undefined, 'NoteActivity'],
  );
  assert.deepEqual(t.privacy, totals);
});
