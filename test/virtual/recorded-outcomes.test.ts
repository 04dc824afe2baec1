// Outcomes a phone has, on DroidBot recordings: a tap recorded as opening another app (a chooser, a print dialog,
// a picker) shows that app's screen in front, and back returns to the app as on a phone. Reads the shared corpus
// (read-only); nothing from it is copied.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createVirtualDevice } from '../../src/device/virtual/index.js';
import { requires } from '../helpers/requires.js';
import { CORPUS } from './droidtask.js';

interface RecordedClick {
  start: string;
  stop: string;
  bounds: [[number, number], [number, number]];
}

/** Recorded clicks of one app, by the screen names the device gives their start and stop states. */
function clicks(app: string, aliases: ReadonlyMap<string, string>): RecordedClick[] {
  const dir = join(CORPUS, app, 'events');
  return readdirSync(dir)
    .sort()
    .map(
      (f) =>
        JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
          event: { event_type: string; view?: { bounds?: unknown } };
          start_state: string;
          stop_state: string;
        },
    )
    .filter((e) => e.event.event_type === 'click' && Array.isArray(e.event.view?.bounds))
    .flatMap((e) => {
      const start = aliases.get(e.start_state);
      const stop = aliases.get(e.stop_state);
      return start === undefined || stop === undefined ? [] : [{ start, stop, bounds: e.event.view!.bounds as RecordedClick['bounds'] }];
    });
}

describe('recorded outcomes in another app', { skip: requires({ shared: true }) }, () => {
  test('a tap recorded as opening another app shows it in front, and back returns to the app', async () => {
    const dev = createVirtualDevice({ droidbotDir: join(CORPUS, 'notes') });
    const pkg = dev.scenario.package;
    const activity = (name: string): string => dev.scenario.screens.get(name)!.activity;
    const own = (name: string): boolean => activity(name).startsWith(`${pkg}/`);
    const leaving = clicks('notes', dev.scenario.aliases!).filter(
      (c) => own(c.start) && !own(c.stop) && !/launcher/.test(activity(c.stop)),
    );
    assert.ok(leaving.length > 0, 'the notes recording opens another app');
    let checked = 0;
    for (const c of leaving) {
      dev.state.reset(c.start);
      const [[l, t], [r, b]] = c.bounds;
      await dev.run(`input tap ${(l + r) >> 1} ${(t + b) >> 1}`);
      if (dev.state.screenName() !== c.stop) continue; // another recorded outcome of the same tap won
      checked++;
      const [front] = dev.state.focusedActivity().split('/');
      assert.notEqual(front, pkg, 'the other app is in front');
      assert.equal(dev.state.dump().package, front);
      await dev.run('input keyevent KEYCODE_BACK');
      assert.ok(dev.state.focusedActivity().startsWith(`${pkg}/`), `back from ${activity(c.stop)} returns to the app, not the launcher`);
    }
    assert.ok(checked > 0, 'at least one recorded tap into another app replayed');
  });
});
