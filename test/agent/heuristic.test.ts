// The no-model policy's next action on the demo app's screens, step by step as a run takes them: what it taps,
// what it types where, and that it says done only once the screen shows the task done (never with a question
// still open on screen).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { heuristicPolicy } from '../../src/agent/policies/heuristic.js';
import type { HistoryEntry, Policy } from '../../src/agent/policy.js';
import type { Decision, Observation } from '../../src/agent/types.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import type { UiMap } from '../../src/uimap/index.js';
import { repoRoot } from '../helpers/corpus.js';

const DEMO = join(repoRoot, 'assets/scenarios/demo');
const map = JSON.parse(readFileSync(join(DEMO, 'uimap.json'), 'utf8')) as UiMap;

function screen(name: string): Observation {
  const dump = readFileSync(join(DEMO, 'screens', `${name}.xml`), 'utf8');
  const s = snapshotFromDump(dump);
  return { screen: { ...s.screen, package: 'dev.glance.demo' }, elements: [...s.elements], text: s.text, dump };
}

interface Step {
  kind: string;
  label?: string | undefined;
  text?: string | undefined;
  reason?: string | undefined;
}

/** The policy's decisions on these screens in turn, each step recorded as the loop records it. */
async function flow(task: string, names: string[], policy: Policy = heuristicPolicy()): Promise<Step[]> {
  const history: HistoryEntry[] = [];
  const out: Step[] = [];
  const signal = new AbortController().signal;
  for (const [i, name] of names.entries()) {
    const obs = screen(name);
    const ctx = { task, step: i, budget: 10, history, signal, app: 'dev.glance.demo' };
    if (i === 0) await policy.start?.(ctx, obs);
    const d: Decision = await policy.decide(obs, ctx);
    const el = obs.elements.find((e) => e.ref === d.action.target);
    const label = el === undefined ? undefined : (el.text ?? el.desc ?? el.labels?.[0] ?? el.hint ?? el.id);
    out.push({ kind: d.action.kind, label, text: d.action.text, reason: d.reason });
    history.push({
      observation: obs,
      decision: d,
      result: {
        ok: true,
        changed: true,
        newScreen: false,
        diff: '',
        ...(el === undefined ? {} : { element: { ref: el.ref, label: label ?? el.ref } }),
      },
    });
  }
  return out;
}
const brief = (steps: Step[]): string[] => steps.map((s) => [s.kind, s.label, s.text].filter((x) => x !== undefined).join(' '));

test('a form: each value into the field that fits it, then the button the task names, then done on the next screen', async () => {
  const steps = await flow('sign in with email ana@example.com and password hunter22', ['signin', 'signin', 'signin', 'account']);
  assert.deepEqual(brief(steps), ['type Email ana@example.com', 'type Password hunter22', 'tap Sign in', 'done']);
  assert.equal(steps[3]!.reason, '"sign in" left the form for "Account"');
});

test('a delete asks to confirm: the dialog button that says the same verb, and done only once the dialog closed', async () => {
  const steps = await flow('delete the lisbon note', ['home', 'note_lisbon', 'delete_dialog', 'home']);
  assert.deepEqual(brief(steps), ['tap Trip to Lisbon', 'tap Delete', 'tap Delete', 'done']);
  assert.match(steps[2]!.reason!, /confirm the Delete just asked for/);
  assert.equal(steps[3]!.reason, 'the dialog closed on the choice');
  // The same dialog met with nothing tapped before: its verb is the task's, so it is still the button to tap.
  assert.deepEqual(brief(await flow('delete the lisbon note', ['delete_dialog'])), ['tap Delete']);
  // A dialog whose buttons do not repeat the tap's words gets no such push: Cancel is never "confirmed".
  const cancel = await flow('delete the lisbon note', ['note_lisbon', 'delete_dialog']);
  assert.notEqual(cancel[1]!.label, 'Cancel');
});

test('a search: open it, type the quoted words into the search field, then stop on the results', async () => {
  const steps = await flow('search notes for "milk"', ['home', 'search', 'search_results']);
  assert.deepEqual(brief(steps), ['tap Search', 'type Search notes milk', 'done']);
});

test('a setting: look in Settings when the screen has nothing about it, then switch it, then done', async () => {
  const steps = await flow('turn on dark theme', ['home', 'settings']);
  assert.deepEqual(
    steps.map((s) => [s.kind, s.reason]),
    [
      ['tap', 'nothing here is about the task: look in Settings'],
      ['tap', '"Dark theme" is not on: switch it'],
    ],
  );
  assert.deepEqual(brief(await flow('turn off dark theme', ['settings'])), ['done']);
});

test('an item named by the task is tapped; a task nothing on screen is about ends without a claim of success', async () => {
  const open = await flow('open the groceries note', ['home']);
  assert.deepEqual(brief(open), ['tap Groceries']);
  assert.match(open[0]!.reason!, /^Groceries: task words [\d.]+, named by the task \([\d.]+\)$/);
  const none = await flow('take a photo of the moon', ['home']);
  assert.deepEqual(brief(none), ['done']);
  assert.match(none[0]!.reason!, /^nothing left about the task/);
  // A goal the screen cannot show is a failure, not a done.
  const missing = await flow('turn on vibration', ['settings']);
  assert.equal(missing[0]!.kind, 'fail');
  assert.match(missing[0]!.text!, /^no switch for "vibration" on this screen; /);
});

test('with the app map, the plan counts the route, the goal and the values; the route wins ties', async () => {
  const withMap = heuristicPolicy(map);
  await flow('search notes for "milk"', ['home'], withMap);
  assert.equal(withMap.planLength?.(), 2);
  const steps = await flow('search notes for "milk"', ['home'], heuristicPolicy(map));
  assert.match(steps[0]!.reason!, /goal element/);
  // Without a map: no plan.
  const bare = heuristicPolicy();
  await flow('search notes for "milk"', ['home'], bare);
  assert.equal(bare.planLength?.(), undefined);
});
