// The goal a one-clause task names, and the screen evidence that it is reached, on demo screens.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { contradiction, goalState, inferGoal } from '../../src/agent/goal.js';
import type { HistoryEntry } from '../../src/agent/policy.js';
import type { Observation } from '../../src/agent/types.js';
import { typedValues } from '../../src/agent/values.js';
import { snapshotFromDump } from '../../src/snapshot/snapshot.js';
import { repoRoot } from '../helpers/corpus.js';

function screen(name: string, edit?: (xml: string) => string): Observation {
  let dump = readFileSync(join(repoRoot, 'assets/scenarios/demo/screens', `${name}.xml`), 'utf8');
  if (edit !== undefined) dump = edit(dump);
  const s = snapshotFromDump(dump);
  return { screen: s.screen, elements: [...s.elements], text: s.text, dump };
}
const tapOn = (obs: Observation, label: string, newScreen = true): HistoryEntry => {
  const el = obs.elements.find((e) => e.text === label || e.desc === label || e.labels?.[0] === label)!;
  return {
    observation: obs,
    decision: { action: { kind: 'tap', target: el.ref } },
    result: { ok: true, changed: true, newScreen, diff: '', element: { ref: el.ref, label } },
  };
};

test('goals of one-clause tasks; none for several clauses', () => {
  assert.deepEqual(inferGoal('turn on dark theme'), { kind: 'toggle', on: true, object: 'dark theme' });
  assert.deepEqual(inferGoal('Turn the dark theme off'), { kind: 'toggle', on: false, object: 'dark theme' });
  assert.deepEqual(inferGoal('Disable autosave notes'), { kind: 'toggle', on: false, object: 'autosave notes' });
  assert.deepEqual(inferGoal('open the groceries note'), { kind: 'open', object: 'groceries note' });
  assert.deepEqual(inferGoal('Open DCIM folder in gallery app'), { kind: 'open', object: 'DCIM folder' });
  assert.deepEqual(inferGoal('sign in with email ana@example.com and password "hunter 22"'), {
    kind: 'submit',
    verb: 'sign in',
    values: [
      { value: 'ana@example.com', cue: 'email' },
      { value: 'hunter 22', cue: 'password' },
    ],
  });
  assert.equal(inferGoal('open the settings and turn on dark theme'), undefined);
  assert.equal(inferGoal('show the number of words in the Notes app'), undefined);
  // A search with a value is not a form to send (it submits with Enter, and the result is what counts).
  assert.equal(inferGoal('search call history with Bob'), undefined);
  assert.deepEqual(typedValues('log in with e-mail bo@x.org, password s3cret.'), [
    { value: 'bo@x.org', cue: 'email' },
    { value: 's3cret', cue: 'password' },
  ]);
});

test('a toggle goal: the named switch in the asked state, already or after acting; the switch to tap otherwise', () => {
  const settings = screen('settings');
  const on = inferGoal('turn on dark theme')!;
  const off = inferGoal('turn off dark theme')!;
  const st = goalState(on, settings, []);
  assert.equal(st.reached, false);
  const target = st.reached ? undefined : st.target;
  assert.equal(settings.elements.find((e) => e.ref === target?.parent)?.labels?.[0], 'Dark theme');
  assert.deepEqual(goalState(off, settings, []), { reached: true, why: '"Dark theme" is already off' });
  const switched = screen('settings', (x) => x.replace(/(resource-id="[^"]*switch_widget"[^>]*?checked=")false"/g, '$1true"'));
  assert.deepEqual(goalState(on, switched, [tapOn(settings, 'Dark theme', false)]), { reached: true, why: '"Dark theme" is now on' });
  assert.deepEqual(goalState(inferGoal('turn on vibration')!, settings, []), {
    reached: false,
    why: 'no switch for "vibration" on this screen',
  });
});

test('an open goal: reached on the screen a tap opened when its title names the object, never on the list', () => {
  const home = screen('home');
  const note = screen('note_groceries');
  const goal = inferGoal('open the groceries note')!;
  assert.equal(goalState(goal, home, []).reached, false);
  assert.deepEqual(goalState(goal, note, [tapOn(home, 'Groceries')]), { reached: true, why: 'the screen shows "Groceries"' });
  // The lisbon note is not the groceries note.
  assert.equal(goalState(goal, screen('note_lisbon'), [tapOn(home, 'Trip to Lisbon')]).reached, false);
});

test('a submit goal: every value typed, the verb tapped after them, and the form gone', () => {
  const goal = inferGoal('sign in with email ana@example.com and password hunter22')!;
  const form = screen('signin');
  const type = (hint: string, text: string): HistoryEntry => {
    // By id: an empty field's hint is its text to one reader and a hint to another.
    const el = form.elements.find((e) => e.id === hint.toLowerCase())!;
    return { observation: form, decision: { action: { kind: 'type', target: el.ref, text } } };
  };
  const typed = [type('Email', 'ana@example.com'), type('Password', 'hunter22')];
  assert.deepEqual(goalState(goal, form, typed.slice(0, 1)), { reached: false, why: '"hunter22" is not typed yet' });
  assert.equal(goalState(goal, form, typed).reached, false);
  const sent = [...typed, tapOn(form, 'Sign in', false)];
  assert.deepEqual(goalState(goal, form, sent), { reached: false, why: 'the form is still on screen after "sign in"' });
  assert.deepEqual(goalState(goal, screen('account'), sent), { reached: true, why: '"sign in" left the form for "Account"' });
});

test('a done said by someone else is contradicted only by what the screen shows against it', () => {
  const settings = screen('settings');
  // A switch in the other state contradicts; one in the asked state, or none on screen, does not.
  assert.equal(contradiction(inferGoal('turn on dark theme')!, settings, []), '"Dark theme" is not on');
  assert.equal(contradiction(inferGoal('turn off dark theme')!, settings, []), undefined);
  assert.equal(contradiction(inferGoal('turn on dark theme')!, screen('home'), []), undefined);
  // A screen asked to open: its words on screen (its name counts) or not; how it got there does not matter.
  assert.equal(contradiction(inferGoal('open the settings')!, settings, []), undefined);
  assert.equal(contradiction(inferGoal('open the groceries note')!, screen('note_groceries'), []), undefined);
  assert.equal(
    contradiction(inferGoal('open the trip to lisbon note')!, screen('about'), []),
    'nothing on the screen names "trip to lisbon note"',
  );
  // A form: never typed into, or still there after typing; gone after typing is no contradiction, whatever was typed
  // (privacy mode types placeholders the model saw).
  const goal = inferGoal('sign in with email ana@example.com and password hunter22')!;
  const form = screen('signin');
  assert.equal(contradiction(goal, form, []), 'nothing was typed to sign in');
  const email = form.elements.find((e) => e.id === 'email')!;
  const typed: HistoryEntry[] = [{ observation: form, decision: { action: { kind: 'type', target: email.ref, text: '[EMAIL_1]' } } }];
  assert.equal(contradiction(goal, form, typed), 'the form is still on screen');
  assert.equal(contradiction(goal, screen('account'), typed), undefined);
});
