// DroidBot replay on the shared DroidTask corpus (read-only test data): every task's
// ground-truth steps are replayed from its first recorded screen, and each step must land on the recorded next
// screen. The corpus is test data only; nothing from it is copied into the package.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { createVirtualDevice, type VirtualDevice } from '../../src/device/virtual/index.js';
import { parseDump } from '../../src/hierarchy/parse.js';
import { requires } from '../helpers/requires.js';
import { CORPUS, replayDroidTask } from './droidtask.js';
import { tempDir } from '../helpers/temp.js';

describe('DroidBot replay', { skip: requires({ shared: true }) }, () => {
  test('a recording loads as a scenario: states are screens, the app is the launched package', () => {
    const dev = createVirtualDevice({ droidbotDir: join(CORPUS, 'clock') });
    assert.equal(dev.scenario.package, 'com.simplemobiletools.clock');
    assert.ok(dev.scenario.screens.size > 30);
    assert.equal(dev.state.foregroundPackage(), 'com.simplemobiletools.clock');
    // The dump the device serves is the recorded screen (same nodes as the corpus XML twin).
    const name = dev.state.screenName();
    const recorded = parseDump(readFileSync(join(CORPUS, 'clock', 'screens', `${name}.xml`), 'utf8'));
    const count = (roots: { children: unknown[] }[]): number =>
      roots.reduce((n, r) => n + 1 + count(r.children as { children: unknown[] }[]), 0);
    assert.equal(count(dev.state.dump().roots), count(recorded.roots));
  });

  test('a plain DroidBot output folder (states/*.json + events/) replays the same way', async () => {
    const dir = tempDir('glance-droidbot-');
    try {
      // Links, not copies: the corpus stays where it is.
      mkdirSync(join(dir, 'states'));
      const src = join(CORPUS, 'clock', 'screens');
      for (const f of readdirSync(src).filter((n) => n.endsWith('.json'))) symlinkSync(join(src, f), join(dir, 'states', f));
      symlinkSync(join(CORPUS, 'clock', 'events'), join(dir, 'events'));
      const fromStates = createVirtualDevice({ droidbotDir: dir });
      const fromCorpus = createVirtualDevice({ droidbotDir: join(CORPUS, 'clock') });
      assert.equal(fromStates.scenario.screens.size, fromCorpus.scenario.screens.size);
      assert.equal(fromStates.state.screenName(), fromCorpus.state.screenName());
      // The first recorded click from the start screen leads to the same screen in both.
      const ev = readdirSync(join(CORPUS, 'clock', 'events'))
        .map(
          (f) =>
            JSON.parse(readFileSync(join(CORPUS, 'clock', 'events', f), 'utf8')) as {
              event: { event_type: string; view?: { bounds: number[][] } };
              start_state: string;
              stop_state: string;
            },
        )
        .find(
          (e) =>
            e.event.event_type === 'click' &&
            e.start_state !== e.stop_state &&
            fromCorpus.scenario.aliases!.get(e.start_state) === fromCorpus.state.screenName(),
        );
      assert.ok(ev, 'a click recorded on the start screen');
      const [[l, t], [r, b]] = ev.event.view!.bounds as [[number, number], [number, number]];
      for (const dev of [fromStates, fromCorpus]) await dev.run(`input tap ${(l + r) >> 1} ${(t + b) >> 1}`);
      const stateStr = (dev: VirtualDevice): string | undefined =>
        [...dev.scenario.aliases!].find(([, name]) => name === dev.state.screenName())?.[0];
      assert.notEqual(fromCorpus.state.screenName(), fromCorpus.scenario.start, 'the click moved');
      assert.equal(stateStr(fromStates), stateStr(fromCorpus));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('an action with no recorded outcome keeps the screen and is logged', async () => {
    const dev = createVirtualDevice({ droidbotDir: join(CORPUS, 'clock') });
    const before = dev.state.screenName();
    await dev.run('input tap 1 1');
    assert.equal(dev.state.screenName(), before);
    assert.equal(dev.state.log.at(-1)!.screen, before);
    assert.match(dev.state.log.at(-1)!.message, /no transition/);
  });

  test('ground-truth steps of the DroidTask tasks reach the recorded screens', async (t) => {
    const { full, tasks, stepsOk, stepsTotal, failures } = await replayDroidTask();
    t.diagnostic(`tasks replayed fully: ${full}/${tasks}; steps reached: ${stepsOk}/${stepsTotal}`);
    t.diagnostic(`first failures: ${failures.slice(0, 5).join(' | ')}`);
    // Measured 66/87 (59 before typed values stayed local and two recorded outcomes of one action resolved towards
    // the ground truth's next step). The rest need an outcome DroidBot never recorded for that view, an ungrounded
    // target, or a step the ground truth names differently from the recording (a back where a click was recorded).
    assert.ok(full >= 66, `only ${full}/${tasks} tasks replayed fully`);
    assert.ok(stepsOk >= 254, `only ${stepsOk}/${stepsTotal} steps reached their screen`);
  });
});
