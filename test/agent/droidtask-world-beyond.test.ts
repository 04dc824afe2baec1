// DroidTask worlds where a phone answers beyond the recording, on a recording written for the test: a long-press
// on a row the recording never pressed opens the recorded mode for that row, and a share button never tapped
// opens the chooser; the episode goes on (neither is off the recording), back returns, and neither is ever a
// goal: a deliberately wrong policy that stops there fails, while the recorded way reaches the goal.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { runTask } from '../../src/agent/loop.js';
import type { Policy } from '../../src/agent/policy.js';
import type { AgentAction } from '../../src/agent/types.js';
import { DroidTaskSuite, type StepRow } from '../../src/agent/worlds/droidtask.js';
import { MODE } from '../../src/device/virtual/modes.js';
import { OTHER_APP } from '../../src/device/virtual/phone.js';
import { W, list, row, screen, text, writeRecording, type Box, type XNode } from '../virtual/recording-fixture.js';

const check: XNode = { cls: 'android.widget.ImageView', id: 'item_check', bounds: [900, 360, 980, 440] };
const share: XNode = { cls: 'android.widget.ImageView', id: 'menu_share', desc: 'Share', clickable: true, bounds: [900, 150, 1040, 270] };
/** The list's own share button, which the recording never tapped anywhere. */
const listShare: XNode = { ...share, id: 'bottom_share', bounds: [900, 1700, 1040, 1820] };
const cabBar: XNode = {
  cls: 'android.widget.LinearLayout',
  id: 'action_mode_bar',
  bounds: [0, 130, W, 290],
  children: [text('1 selected', [40, 170, 500, 250], 'cab_title')],
};
const rows = (): XNode[] => [row('Alpha', 300), row('Beta', 500)];
const ALPHA: Box = [0, 300, W, 500];

/**
 * The recording: the list; Alpha long-pressed into its selection mode; Alpha opened, and shared from there into
 * the system chooser. Two tasks: select Alpha (its goal the recorded mode) and share Alpha (its goal the chooser).
 */
function suite(): DroidTaskSuite {
  const app = writeRecording(
    {
      list: {
        activity: '.MainActivity',
        root: screen([text('Lists', [40, 150, 600, 250], 'toolbar_title'), list(rows(), 1600), listShare]),
      },
      cab: { activity: '.MainActivity', root: screen([cabBar, list([row('Alpha', 300, { selected: true }, [check]), rows()[1]!])]) },
      item: { activity: '.ItemActivity', root: screen([text('Alpha', [40, 150, 600, 250], 'item_name'), share]) },
      chooser: { activity: 'android/com.android.internal.app.ChooserActivity', root: screen([text('Share with', [40, 1200, 600, 1300])]) },
    },
    [
      { type: 'intent', from: 'list', to: 'list', intent: 'am start org.example.lists/.MainActivity' },
      { type: 'long_click', from: 'list', to: 'cab', bounds: ALPHA, view: { id: 'item_holder', text: '' } },
      { type: 'click', from: 'list', to: 'item', bounds: ALPHA, view: { id: 'item_holder', text: '' } },
      { type: 'click', from: 'item', to: 'chooser', bounds: share.bounds, view: { id: 'menu_share', text: '' } },
    ],
  );
  const target = (b: Box): { bounds: [[number, number], [number, number]] } => ({
    bounds: [b.slice(0, 2) as [number, number], b.slice(2) as [number, number]],
  });
  const step = (task: string, i: number, [kind, state, b]: [StepRow['kind'], string, Box?]): StepRow => ({
    app: 'lists',
    task,
    task_file: `lists/tasks/${task.split(' ')[0]}.yaml`,
    step: i,
    kind,
    input: '',
    state_str: state,
    ...(b === undefined ? {} : { target: target(b) }),
  });
  const steps = [
    step('select Alpha', 0, ['tap', 'list', ALPHA]),
    step('select Alpha', 1, ['done', 'cab']),
    step('share Alpha', 0, ['tap', 'list', ALPHA]),
    step('share Alpha', 1, ['tap', 'item', share.bounds]),
    step('share Alpha', 2, ['done', 'chooser']),
  ];
  writeFileSync(`${dirname(app)}/steps.jsonl`, steps.map((s) => JSON.stringify(s)).join('\n') + '\n');
  return new DroidTaskSuite(dirname(app));
}

const at = (b: readonly number[]): string => `${(b[0]! + b[2]!) >> 1},${(b[1]! + b[3]!) >> 1}`;

/** Acts out `actions` in order, then says done: a policy that knows where to press and presses wrong. */
function scripted(name: string, actions: AgentAction[]): Policy {
  return { name, decide: async (_obs, ctx) => ({ action: actions[ctx.step] ?? { kind: 'done' } }) };
}

describe('DroidTask worlds beyond the recording', () => {
  test('a long-press on a row never pressed shows its mode and goes on; back leaves; the mode is never the goal', async () => {
    const s = suite();
    const world = s.world(s.tasks.find((t) => t.task === 'select Alpha')!);
    await world.reset();
    const press = await world.act({ kind: 'long_press', target: '540,600' });
    assert.equal(press.ok, true, press.diff);
    assert.notEqual(press.offPath, true, 'the phone answered');
    assert.ok(world.screenName().startsWith(MODE), world.screenName());
    assert.equal(world.goalReached(), false, 'a look-alike of the goal for another row is not the goal');
    const back = await world.act({ kind: 'back' });
    assert.notEqual(back.offPath, true);
    assert.equal(world.screenName(), 'list');
    await world.act({ kind: 'long_press', target: at(ALPHA) });
    assert.equal(world.screenName(), 'cab');
    assert.equal(world.goalReached(), true, 'the recorded long-press reaches it');
  });

  test('a share button never tapped here opens the chooser stub; back returns; the stub is not the recorded chooser', async () => {
    const s = suite();
    const world = s.world(s.tasks.find((t) => t.task === 'share Alpha')!);
    await world.reset();
    const tap = await world.act({ kind: 'tap', target: at(listShare.bounds) });
    assert.equal(tap.changed, true);
    assert.notEqual(tap.offPath, true, 'another app in front is the phone answering, not the end of the recording');
    assert.equal(world.screenName(), `${OTHER_APP}android/com.android.internal.app.ChooserActivity`);
    assert.equal(world.goalReached(), false, 'the chooser over the list is not the chooser over Alpha');
    const back = await world.act({ kind: 'back' });
    assert.notEqual(back.offPath, true);
    assert.equal(world.screenName(), 'list');
  });

  test('deliberately wrong policies that stop in a mode or another app fail; the recorded way succeeds', async () => {
    const s = suite();
    const select = s.tasks.find((t) => t.task === 'select Alpha')!;
    const shareTask = s.tasks.find((t) => t.task === 'share Alpha')!;
    const wrongRow = s.world(select);
    await runTask(wrongRow, scripted('wrong-row', [{ kind: 'long_press', target: '540,600' }]));
    assert.equal(wrongRow.goalReached(), false, 'the other row selected is not the task');
    const wrongShare = s.world(shareTask);
    await runTask(wrongShare, scripted('share-the-list', [{ kind: 'tap', target: at(listShare.bounds) }]));
    assert.equal(wrongShare.goalReached(), false, 'sharing from the list is not sharing Alpha');
    const right = s.world(shareTask);
    await runTask(
      right,
      scripted('share-alpha', [
        { kind: 'tap', target: at(ALPHA) },
        { kind: 'tap', target: at(share.bounds) },
      ]),
    );
    assert.equal(right.goalReached(), true, 'the recorded way reaches the chooser');
  });
});
