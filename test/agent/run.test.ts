// glance goto / glance run end to end on a virtual device replaying the shared Clock recording (../shared,
// read-only), reached over a direct ADB connection; the map is built from the shared Clock sources. The run's
// report.html is opened in headless Chromium.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { destructiveGuard, loopGuard } from '../../src/agent/guards.js';
import { runTask } from '../../src/agent/loop.js';
import type { Policy } from '../../src/agent/policy.js';
import type { World } from '../../src/agent/world.js';
import { startVirtualDevice, type RunningVirtualDevice } from '../../src/device/virtual/index.js';
import type { Observation } from '../../src/agent/types.js';
import { glance } from '../helpers/cli.js';
import { corpusDir, droidtaskDir } from '../helpers/corpus.js';
import { chromiumPath, requires } from '../helpers/requires.js';
import { tempDir } from '../helpers/temp.js';

const CLOCK = 'com.simplemobiletools.clock';

describe('glance goto and glance run on a replayed app', { skip: requires({ shared: true }) }, () => {
  let dev: RunningVirtualDevice;
  let dir: string;
  let env: Record<string, string>;
  const src = ['--src', join(corpusDir, 'apps/clock/src'), '--lib', join(corpusDir, 'apps/clock/commons')];
  const g = (args: string[]) => glance(['-s', `direct:127.0.0.1:${dev.port}`, ...args], { env });

  before(async () => {
    dev = await startVirtualDevice({ droidbotDir: join(droidtaskDir, 'clock') });
    dir = tempDir('glance-agent-');
    env = { GLANCE_STATE_DIR: join(dir, 'state') };
  });
  after(async () => {
    await dev?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('goto SettingsActivity follows the map from the main screen, then from another screen', async () => {
    const r = await g(['--json', 'goto', 'SettingsActivity', ...src]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const out = JSON.parse(r.stdout) as { result: { reached: boolean; activity: string; steps: { action: { kind: string } }[] } };
    assert.equal(out.result.reached, true);
    assert.equal(out.result.activity, `${CLOCK}.activities.SettingsActivity`);
    assert.equal(dev.device.state.focusedActivity(), `${CLOCK}/${CLOCK}.activities.SettingsActivity`);
    // From Settings the map goes up first, then to About.
    const about = await g(['goto', 'AboutActivity', ...src]);
    assert.equal(about.code, 0, about.stdout + about.stderr);
    assert.match(dev.device.state.focusedActivity(), /AboutActivity$/);
  });

  test('goto an element the map does not know is a coded error', async () => {
    const r = await g(['goto', 'no_such_thing_anywhere', ...src]);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /ELEMENT_NOT_FOUND/);
  });

  test('run a settings task with the heuristic policy: done, trajectory and a report that renders', async () => {
    await g(['stop', CLOCK]);
    const out = join(dir, 'run');
    const r = await g(['--json', 'run', 'turn off increase volume gradually', '--app', CLOCK, ...src, '--out', out]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const res = JSON.parse(r.stdout) as { result: { outcome: string; budget: number; steps: { action: { kind: string } }[] } };
    assert.equal(res.result.outcome, 'done');
    // No --max-steps: 2 × the plan + 5, the plan being the map's one hop to Settings and the switch itself.
    assert.equal(res.result.budget, 2 * 2 + 5);
    const lines = readFileSync(join(out, 'trajectory.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    assert.equal(lines.at(-1)!['outcome'], 'done');
    const acted = lines.filter((l) => (l['result'] as { ok?: boolean } | undefined)?.ok === true);
    assert.ok(acted.length >= 2, `${acted.length} actions`);
    // The switch ended up off on the replayed settings screen.
    assert.match(dev.device.state.focusedActivity(), /SettingsActivity$/);

    const skip = requires({ chromium: true });
    if (skip !== false) return;
    const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    try {
      const page = await browser.newPage();
      await page.goto(`file://${join(out, 'report.html')}`);
      assert.equal(await page.locator('section.step').count(), lines.length - 1);
      const widths = await page
        .locator('section.step img')
        .evaluateAll((imgs) => imgs.map((i) => (i as unknown as { naturalWidth: number }).naturalWidth));
      assert.ok(widths.length >= 2 && widths.every((w) => w > 0), String(widths));
      assert.ok((await page.locator('.box').count()) >= 2, 'acted elements boxed');
      assert.equal(await page.locator('.outcome').textContent(), 'done');
    } finally {
      await browser.close();
    }
  });

  test("--max-steps overrides the plan's budget; without a map the budget is 20", async () => {
    await g(['stop', CLOCK]);
    const given = await g(['--json', 'run', 'turn off increase volume gradually', '--app', CLOCK, ...src, '--max-steps', '4']);
    assert.equal((JSON.parse(given.stdout) as { result: { budget: number } }).result.budget, 4);
    await g(['stop', CLOCK]);
    const nomap = await g(['--json', 'run', 'turn off increase volume gradually', '--app', CLOCK]);
    assert.equal((JSON.parse(nomap.stdout) as { result: { budget: number } }).result.budget, 20);
  });

  test('a model policy without a model is MODEL_NOT_CONFIGURED', async () => {
    const r = await g(['run', 'anything', '--policy', 'compass']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /MODEL_NOT_CONFIGURED/);
  });
});

describe('run guards', () => {
  const obs = (label: string): Observation => ({
    screen: { width: 100, height: 100 },
    elements: [{ ref: 'b1', class: 'Button', text: label, bounds: [0, 0, 10, 10], center: [5, 5], actions: ['tap'], states: [] }],
    text: `b1 Button ${label}`,
    dump: '',
  });
  test('destructive taps need a yes', () => {
    assert.match(destructiveGuard(false).check({ kind: 'tap', target: 'b1' }, obs('Delete'), []) ?? '', /--yes/);
    assert.equal(destructiveGuard(true).check({ kind: 'tap', target: 'b1' }, obs('Delete'), []), undefined);
    assert.equal(destructiveGuard(false).check({ kind: 'tap', target: 'b1' }, obs('Settings'), []), undefined);
  });
  test('the same action on the same screen a third time is a loop', () => {
    const o = obs('Next');
    const a = { kind: 'tap' as const, target: 'b1' };
    const h = [{ observation: o, decision: { action: a } }];
    assert.equal(loopGuard().check(a, o, h), undefined);
    assert.match(loopGuard().check(a, o, [...h, ...h]) ?? '', /loop/);
  });

  test('a loop goes back once to re-plan from the screen before, and stops if it loops there again', async () => {
    // A world whose screen never changes and a policy that taps the same button forever.
    const screen = obs('Next');
    const world: World = {
      task: 'press next',
      budget: 20,
      reset: async () => screen,
      observe: async () => screen,
      act: async () => ({ ok: true, changed: false, newScreen: false, diff: '' }),
    };
    const policy: Policy = { name: 'stubborn', decide: async () => ({ action: { kind: 'tap', target: 'b1' }, reason: 'next' }) };
    const t = await runTask(world, policy, { guards: [loopGuard()] });
    assert.deepEqual(
      t.steps.map((s) => s.decision.action.kind),
      ['tap', 'tap', 'back', 'tap'],
    );
    assert.match(t.steps[2]!.decision.reason ?? '', /back, to re-plan[\s\S]*the policy chose tap/);
    assert.equal(t.outcome, 'guard');
    assert.match(t.reason ?? '', /stuck in a loop/);
    assert.equal(t.steps[3]!.result, undefined, 'the looping tap was not performed');
  });
});
