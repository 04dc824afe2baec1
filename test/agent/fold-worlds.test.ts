// The fold cue on recorded settings lists, where a phone's list end and a cut row differ: the recording's own end
// (scrolled there by the world, or recorded so) says nothing more lies below; a list that goes on says so, whether
// its last row is cut at the edge or its next rows are hidden under the navigation bar. Reads the shared corpus.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { foldNotes } from '../../src/agent/policies/fold.js';
import { lexicalSide, openStep } from '../../src/agent/policies/coplan.js';
import { privateScreen } from '../../src/agent/policies/screen-view.js';
import type { ModelReply, ModelRequest, Provider } from '../../src/agent/providers/provider.js';
import type { Observation } from '../../src/agent/types.js';
import { DroidTaskSuite, type DroidTaskWorld } from '../../src/agent/worlds/droidtask.js';
import { droidtaskDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';

const settingsList = (o: Observation): string => o.elements.find((e) => e.id === 'settings_nested_scrollview')!.ref;
const noteOf = (o: Observation): string[] | undefined => foldNotes(o).get(settingsList(o));

function world(app: string): DroidTaskWorld {
  const suite = new DroidTaskSuite(droidtaskDir, { apps: [app] });
  return suite.world(suite.tasks[0]!);
}

/** Scrolls the settings list down until the world says its recorded content ends; the screen then. */
async function scrollToEnd(w: DroidTaskWorld): Promise<Observation> {
  for (let i = 0; i < 6; i++) {
    const o = await w.observe();
    const r = await w.act({ kind: 'scroll', target: settingsList(o), direction: 'down' });
    if (r.diff.includes('end of the recorded content')) return w.observe();
  }
  throw new Error('the settings list never reached its end');
}

describe('the fold cue on recorded settings lists', { skip: requires({ shared: true }) }, () => {
  test("clock: cut at the edge at the top of the list, nothing at the recording's end", async () => {
    const w = world('clock');
    const top = await w.resetAt('state_2023-07-03_111608');
    assert.deepEqual(noteOf(top), ['(more may lie below the fold: the last row shown is cut at the edge; scroll down to see it)']);
    // Privacy's block view says so too, naming the list (its blocks do not nest rows under it).
    const source = privateScreen('set the snooze time');
    let all = source.open(top, []).text;
    for (let v = source.more(); v !== undefined; v = source.more()) all = v.text;
    assert.match(all, new RegExp(`^  \\(more may lie below the fold of ${settingsList(top)}: the last row shown is cut at the edge`, 'm'));
    // The world scrolls the content until its last row lies flush with the list's edge: a whole row, not a cut one.
    assert.equal(noteOf(await scrollToEnd(w)), undefined);
    // The recording's own screen of the list's end, as the phone laid it out (above the navigation bar).
    assert.equal(noteOf(await w.resetAt('state_2023-07-03_111613')), undefined);
  });

  test('notes: rows hidden under the navigation bar at the top of the list; nothing at its end', async () => {
    const w = world('notes');
    const top = await w.resetAt('state_2023-07-03_220537');
    assert.deepEqual(noteOf(top), [
      '(more may lie below the fold: the last row shown runs under the navigation bar; scroll down to see it)',
    ]);
    // What the note promised is there: a scroll shows rows the screen did not.
    const before = new Set(top.elements.map((e) => e.text ?? e.labels?.[0]));
    await w.act({ kind: 'scroll', target: settingsList(top), direction: 'down' });
    const after = await w.observe();
    assert.ok(after.elements.some((e) => e.parent === settingsList(after) && !before.has(e.text ?? e.labels?.[0])));
    assert.equal(noteOf(await scrollToEnd(w)), undefined);
    assert.equal(noteOf(await w.resetAt('state_2023-07-03_220543')), undefined);
  });

  test("co-planning (privacy): the sub-task of the list's block says more of it lies beyond its fold", async () => {
    const w = world('notes');
    const top = await w.resetAt('state_2023-07-03_220537');
    const prompts: string[] = [];
    // A cloud model that reads the sub-tasks and says the task is finished (nothing is sent then).
    const cloud: Provider = {
      name: 'reader',
      ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>> {
        prompts.push(req.prompt);
        return Promise.resolve({ value: req.schema.parse({ finished: true, choice: null, subtask: null, reason: 'read' }), calls: [] });
      },
    };
    await openStep({
      screen: privateScreen('disable autosave notes'),
      cloud,
      local: lexicalSide(),
      obs: top,
      task: 'disable autosave notes',
      history: [],
      context: [],
      signal: new AbortController().signal,
    });
    const lines = prompts[0]!.split('\n').filter((l) => /^\d+\. \(/.test(l));
    const folded = lines.filter((l) => l.endsWith(' — more of the list lies beyond its fold: scroll it'));
    assert.equal(folded.length, 1, lines.join('\n'));
    assert.match(folded[0]!, /^\d+\. \(list\) /);
  });
});
