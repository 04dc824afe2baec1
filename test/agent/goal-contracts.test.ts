// When the no-model policy may say done, and when a done someone else said is refuted, on screens built here
// element by element: the goal a task's wording names, which switch a setting's name picks, what counts as a
// screen opened by a tap, and when a form counts as sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { contradiction, goalState, inferGoal, isToggle, toggleFor, toggleWords } from '../../src/agent/goal.js';
import type { HistoryEntry } from '../../src/agent/policy.js';
import type { ActResult, AgentAction, Observation } from '../../src/agent/types.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const el = (ref: string, fields: Partial<SnapshotElement> = {}): SnapshotElement => ({
  ref,
  class: 'TextView',
  bounds: [0, 0, 100, 50],
  center: [50, 25],
  actions: [],
  states: [],
  ...fields,
});
const toggle = (ref: string, on: boolean, fields: Partial<SnapshotElement> = {}): SnapshotElement =>
  el(ref, { class: 'Switch', actions: ['tap'], states: on ? ['checkable', 'checked'] : ['checkable'], ...fields });
const field = (ref: string, id: string, fields: Partial<SnapshotElement> = {}): SnapshotElement =>
  el(ref, { class: 'EditText', id, actions: ['tap', 'type'], ...fields });
const button = (ref: string, text: string): SnapshotElement => el(ref, { class: 'Button', text, actions: ['tap'] });

const obs = (elements: SnapshotElement[], text = elements.map((e) => e.ref).join(' '), activity?: string): Observation => ({
  screen: { width: 1080, height: 1920, package: 'dev.app', ...(activity === undefined ? {} : { activity }) },
  elements,
  text,
  dump: '',
});
const did = (o: Observation, action: AgentAction, result?: Partial<ActResult>): HistoryEntry => ({
  observation: o,
  decision: { action },
  ...(result === undefined ? {} : { result: { ok: true, changed: true, newScreen: false, diff: '', ...result } }),
});
const tap = (o: Observation, target: string, result: Partial<ActResult> = {}): HistoryEntry => did(o, { kind: 'tap', target }, result);

test("a task's wording names its goal: the switch and its state, the screen, the form's verb", () => {
  assert.deepEqual(inferGoal('  open the gallery  '), { kind: 'open', object: 'gallery' });
  assert.deepEqual(inferGoal('turn on dark theme in the Notes app'), { kind: 'toggle', on: true, object: 'dark theme' });
  assert.deepEqual(inferGoal('Turn dark theme ON in the notes app'), { kind: 'toggle', on: true, object: 'dark theme' });
  assert.deepEqual(inferGoal('switch the vibration off.'), { kind: 'toggle', on: false, object: 'vibration' });
  assert.deepEqual(inferGoal('Enable autosave'), { kind: 'toggle', on: true, object: 'autosave' });
  assert.deepEqual(inferGoal('activate the alarm on the Clock app'), { kind: 'toggle', on: true, object: 'alarm' });
  assert.deepEqual(inferGoal('Deactivate autosave'), { kind: 'toggle', on: false, object: 'autosave' });
  assert.deepEqual(inferGoal('disable the location in the Maps app'), { kind: 'toggle', on: false, object: 'location' });
  assert.deepEqual(inferGoal('go to my downloads'), { kind: 'open', object: 'downloads' });
  // A form is a form only when it takes an address or a password.
  assert.deepEqual(inferGoal('Sign up with email bo@x.org and named "Bo"'), {
    kind: 'submit',
    verb: 'Sign up',
    values: [
      { value: 'bo@x.org', cue: 'email' },
      { value: 'Bo', cue: 'name' },
    ],
  });
  assert.deepEqual(inferGoal('log in with password s3cret'), {
    kind: 'submit',
    verb: 'log in',
    values: [{ value: 's3cret', cue: 'password' }],
  });
  assert.equal(inferGoal('save it with name "Bo"'), undefined);
  // A value to type is not a screen to open; two clauses are no single goal.
  assert.equal(inferGoal('open the note called "milk"'), undefined);
  assert.equal(inferGoal('open the gallery then the camera'), undefined);
  assert.equal(inferGoal('open settings; turn on wifi'), undefined);
  assert.equal(inferGoal('turn on wifi and bluetooth'), undefined);
  assert.equal(inferGoal('take a photo'), undefined);
  assert.equal(inferGoal('use email bo@x.org'), undefined);
  // Only a final full stop ends the sentence: a dot inside the object is the object's.
  assert.deepEqual(inferGoal('open report.pdf.'), { kind: 'open', object: 'report.pdf' });
});

test('a toggle is a check box or switch, never a radio button', () => {
  assert.equal(isToggle(toggle('t1', false)), true);
  assert.equal(isToggle(el('t2', { class: 'CheckBox', actions: ['check'] })), true);
  assert.equal(isToggle(el('t3', { class: 'AppCompatRadioButton', states: ['checkable'] })), false);
  assert.equal(isToggle(el('t4', { class: 'Button', actions: ['tap'] })), false);
  // A switch read as "on" (the iOS readers' state) is on.
  const ios = obs([el('t5', { class: 'Switch', text: 'Airplane mode', actions: ['check'], states: ['on'] })]);
  assert.deepEqual(goalState(inferGoal('turn on airplane mode')!, ios, []), { reached: true, why: '"Airplane mode" is already on' });
});

test("a switch's words are its own, else its row's (what the row shows, not its id)", () => {
  const row = el('r1', { class: 'LinearLayout', labels: ['Dark theme', 'Easier on the eyes'], id: 'pref_row' });
  const bare = toggle('t1', false, { parent: 'r1' });
  const all = [row, bare];
  assert.equal(toggleWords(bare, all), 'Dark theme Easier on the eyes');
  assert.equal(toggleWords(toggle('t2', false, { text: 'Wi-Fi', desc: 'wireless', hint: 'on', parent: 'r1' }), all), 'Wi-Fi wireless on');
  assert.equal(toggleWords(toggle('t3', false), all), '');
  assert.equal(toggleWords(toggle('t6', false, { text: ' ', parent: 'r1' }), all), 'Dark theme Easier on the eyes');
  assert.equal(toggleWords(toggle('t4', false, { parent: 'gone' }), all), '');
  assert.equal(toggleWords(toggle('t5', false, { parent: 'r2' }), [...all, el('r2', { id: 'only_an_id' })]), '');
});

test('the switch a setting names: most of its words (three of five is enough), the best of several', () => {
  const screen = obs([
    toggle('t1', false, { text: 'Vibrate' }),
    toggle('t2', false, { text: 'Alarm clock vibration' }),
    toggle('t3', true, { text: 'Show alarm sound volume' }),
    toggle('t4', false, { text: 'Alarm clock' }),
    el('x1', { text: 'Alarm clock vibration strength' }),
  ]);
  assert.equal(toggleFor('alarm clock vibration', screen)?.ref, 't2');
  // Three of five words: enough; two of four: not.
  assert.equal(toggleFor('alarm sound volume clock speaker', screen)?.ref, 't3');
  assert.equal(toggleFor('alarm volume ringtone speaker', screen), undefined);
  assert.equal(toggleFor('the', screen), undefined);
  assert.equal(toggleFor('strength', screen), undefined);
  // Two as good: the first on screen.
  assert.equal(toggleFor('clock', screen)?.ref, 't2');
});

test('a toggle goal: reached when the switch shows the state (now after acting on it or its row, already before)', () => {
  const row = el('r1', { class: 'LinearLayout', labels: ['Dark theme'], actions: ['tap'] });
  const off = obs([row, toggle('t1', false, { parent: 'r1' })]);
  const on = obs([row, toggle('t1', true, { parent: 'r1' })]);
  const goal = inferGoal('turn on dark theme')!;
  assert.deepEqual(goalState(goal, on, []), { reached: true, why: '"Dark theme" is already on' });
  assert.deepEqual(goalState(goal, on, [tap(off, 'r1')]), { reached: true, why: '"Dark theme" is now on' });
  assert.deepEqual(goalState(goal, on, [tap(off, 't1')]), { reached: true, why: '"Dark theme" is now on' });
  assert.deepEqual(goalState(goal, on, [tap(off, 'zz')]), { reached: true, why: '"Dark theme" is already on' });
  const st = goalState(goal, off, []);
  assert.equal(st.reached, false);
  assert.equal(st.why, '"Dark theme" is not on');
  assert.equal(st.reached ? undefined : st.target?.ref, 't1');
  assert.deepEqual(goalState(inferGoal('turn off dark theme')!, off, []), { reached: true, why: '"Dark theme" is already off' });
  // The name said is the switch's own first, then its row's text, then the task's words.
  const own = obs([toggle('t1', true, { desc: 'Wi-Fi' })]);
  assert.equal(goalState(inferGoal('turn on wi-fi')!, own, []).why, '"Wi-Fi" is already on');
  const textRow = obs([el('r1', { text: 'Location' }), toggle('t1', true, { parent: 'r1' })]);
  assert.equal(goalState(inferGoal('turn on location')!, textRow, []).why, '"Location" is already on');
  const ownLabel = obs([toggle('t1', true, { labels: ['Bluetooth'] })]);
  assert.equal(goalState(inferGoal('turn on bluetooth')!, ownLabel, []).why, '"Bluetooth" is already on');
  const hintOnly = obs([toggle('t1', true, { hint: 'Autosave' })]);
  assert.equal(goalState(inferGoal('turn on autosave')!, hintOnly, [tap(hintOnly, 'x1')]).why, '"autosave" is already on');
  const bareRow = obs([el('r1', { id: 'row' }), toggle('t1', true, { hint: 'Autosave', parent: 'r1' })]);
  assert.equal(goalState(inferGoal('turn on autosave')!, bareRow, []).why, '"autosave" is already on');
});

test('an open goal: a tap that moved to a screen whose title (or the tapped row) says the object', () => {
  const list = obs([el('l1', { text: 'Groceries', actions: ['tap'] }), el('l2', { text: 'Trip to Lisbon', actions: ['tap'] })], 'list');
  const page = obs([el('h1', { text: 'Groceries' }), button('b1', 'Share')], 'groceries page', '.NoteActivity');
  const goal = inferGoal('open the groceries note')!;
  assert.deepEqual(goalState(goal, page, [tap(list, 'l1')]), { reached: true, why: 'the screen shows "Groceries"' });
  // No tap, a tap that failed, or a tap that changed nothing: not opened by this run.
  assert.equal(goalState(goal, page, []).reached, false);
  assert.equal(goalState(goal, page, [did(list, { kind: 'back' }, {})]).reached, false);
  const failed: HistoryEntry = { ...tap(list, 'l1'), result: { ok: false, changed: false, newScreen: false, diff: '' } };
  assert.equal(goalState(goal, page, [failed]).reached, false);
  const same = obs(page.elements, 'groceries page', '.NoteActivity');
  assert.deepEqual(goalState(goal, page, [tap(same, 'b1')]), { reached: false, why: 'no screen titled "groceries note" was opened' });
  // Moved: a new screen said by the result, another activity, or other text; with no result, the screens decide.
  assert.equal(goalState(goal, page, [tap(same, 'h1', { newScreen: true })]).reached, true);
  assert.equal(goalState(goal, page, [tap(obs(page.elements, 'groceries page', '.Main'), 'h1')]).reached, true);
  assert.equal(goalState(goal, page, [tap(obs(page.elements, 'groceries page, earlier'), 'h1')]).reached, true);
  assert.equal(goalState(goal, page, [did(list, { kind: 'tap', target: 'l1' })]).reached, true);
  // The title is text nobody taps, and it must say every distinctive word; a button saying it is no title.
  const buttons = obs([button('b1', 'Groceries'), el('h2', { text: 'Lisbon' })], 'buttons');
  assert.equal(goalState(goal, buttons, [tap(list, 'zz')]).reached, false);
  const twoWords = inferGoal('open the trip to lisbon note')!;
  assert.equal(goalState(twoWords, buttons, [tap(list, 'zz')]).reached, false);
  // Without a title, the row tapped says it (by the result's label or the element's words).
  const untitled = obs([button('b1', 'Share')], 'untitled');
  assert.deepEqual(goalState(goal, untitled, [tap(list, 'l1', { element: { ref: 'l1', label: 'Groceries' } })]), {
    reached: true,
    why: '"Groceries" opened a new screen',
  });
  assert.deepEqual(goalState(goal, untitled, [tap(list, 'l1')]), { reached: true, why: '"groceries note" opened a new screen' });
  assert.equal(goalState(goal, untitled, [did(list, { kind: 'tap', target: 'l1' })]).reached, true);
  assert.equal(goalState(goal, untitled, [tap(list, 'l2')]).reached, false);
  // Kind words (note, screen, tab…) are dropped unless they are all there is.
  assert.equal(
    goalState(inferGoal('open the settings screen')!, obs([el('h1', { text: 'Settings' })], 's'), [tap(list, 'l1')]).reached,
    true,
  );
  assert.equal(goalState(inferGoal('open the menu')!, obs([el('h1', { text: 'Menu' })], 's'), [tap(list, 'l1')]).reached, true);
  assert.equal(goalState(inferGoal('open the menu')!, obs([el('h1', { text: 'Settings' })], 's'), [tap(list, 'l1')]).reached, false);
});

test('a submit goal: every value typed, then the verb tapped, then the typed fields gone', () => {
  const goal = inferGoal('sign in with email ana@x.org and password pw1')!;
  const form = obs(
    [field('f1', 'email', { hint: 'Email' }), field('f2', 'password', { hint: 'Password' }), button('b1', 'Sign in')],
    'form',
  );
  const typeInto = (target: string, text: string): HistoryEntry => did(form, { kind: 'type', target, text });
  const typed = [typeInto('f1', 'ana@x.org'), typeInto('f2', 'pw1')];
  assert.deepEqual(goalState(goal, form, []), { reached: false, why: '"ana@x.org" is not typed yet' });
  assert.deepEqual(goalState(goal, form, [typeInto('f1', 'ana@x.org')]), { reached: false, why: '"pw1" is not typed yet' });
  // Typed into the wrong field or as a tap's text: not typed.
  assert.deepEqual(goalState(goal, form, [did(form, { kind: 'tap', target: 'f1', text: 'ana@x.org' }), typed[1]!]), {
    reached: false,
    why: '"ana@x.org" is not typed yet',
  });
  const notSent = { reached: false, why: 'the values are typed but "sign in" was not tapped after them' };
  assert.deepEqual(goalState(goal, form, typed), notSent);
  // The verb tapped before the last value does not send it; another button does not either.
  assert.deepEqual(goalState(goal, form, [typed[0]!, tap(form, 'b1'), typed[1]!]), notSent);
  const withCancel = obs([...form.elements, button('b2', 'Cancel')], 'form');
  assert.deepEqual(goalState(goal, withCancel, [...typed, tap(withCancel, 'b2')]), notSent);
  assert.deepEqual(goalState(goal, form, [...typed, did(form, { kind: 'long_press', target: 'b1' })]), notSent);
  const sent = [...typed, tap(form, 'b1')];
  assert.deepEqual(goalState(goal, form, sent), { reached: false, why: 'the form is still on screen after "sign in"' });
  // The tapped element's words may come from the result alone.
  const byLabel = [...typed, tap(form, 'zz', { element: { ref: 'zz', label: 'Sign in' } })];
  assert.deepEqual(goalState(goal, form, byLabel), { reached: false, why: 'the form is still on screen after "sign in"' });
  // A field with the same id and hint that takes no typing (a read-only echo) is not the form.
  const echo = obs([el('h1', { text: 'Welcome' }), el('e1', { id: 'email', hint: 'Email' })], 'home');
  assert.deepEqual(goalState(goal, echo, sent), { reached: true, why: '"sign in" left the form for "Welcome"' });
  // Another field that takes typing is not the form either (one without id or hint is not the button tapped);
  // with no title the reason says less.
  const other = obs([field('s1', 'search', { hint: 'Search' }), el('s2', { class: 'EditText', actions: ['type'] })], 'home');
  assert.deepEqual(goalState(goal, other, sent), { reached: true, why: '"sign in" left the form' });
  // A container with nothing to say is no title.
  const container = obs([el('c1', { class: 'FrameLayout' }), el('h1', { text: 'Welcome' })], 'home');
  assert.deepEqual(goalState(goal, container, sent), { reached: true, why: '"sign in" left the form for "Welcome"' });
  // The verb tapped with no result recorded, and a value typed by selector, still count.
  const bySelector = [
    did(form, { kind: 'type', target: '#email', text: 'ana@x.org' }),
    typed[1]!,
    did(form, { kind: 'tap', target: 'b1' }),
  ];
  assert.deepEqual(goalState(goal, container, bySelector), { reached: true, why: '"sign in" left the form for "Welcome"' });
  // Another id with the same hint: another field.
  const newsletter = obs([field('n1', 'newsletter_email', { hint: 'Email' })], 'home');
  assert.equal(goalState(goal, newsletter, sent).reached, true);
  // Same id, another hint: another field.
  const renamed = obs([field('g1', 'email', { hint: 'Work email' })], 'home');
  assert.equal(goalState(goal, renamed, sent).reached, true);
});

test('a done is refuted only by what the screen shows against the goal', () => {
  // A switch the task names, in the other state; none on screen, or the asked state, does not refute.
  const off = obs([toggle('t1', false, { text: 'Dark theme' })]);
  assert.equal(contradiction(inferGoal('turn on dark theme')!, off, []), '"Dark theme" is not on');
  assert.equal(contradiction(inferGoal('turn off dark theme')!, off, []), undefined);
  assert.equal(contradiction(inferGoal('turn on wifi')!, off, []), undefined);
  // A screen to open: most of its distinctive words anywhere on the screen, or in the activity's name.
  const about = obs([el('h1', { text: 'Licenses' })], 'about', 'dev.app/.ui.PrivacyPolicyActivity');
  assert.equal(contradiction(inferGoal('open the privacy policy')!, about, []), undefined);
  assert.equal(contradiction(inferGoal('open the licenses page')!, about, []), undefined);
  assert.equal(contradiction(inferGoal('open the trash')!, about, []), 'nothing on the screen names "trash"');
  // The activity's own name counts, not its package.
  const inPackage = obs([el('h1', { text: 'Notes' })], 'main', 'dev.trash.app/.MainActivity');
  assert.equal(contradiction(inferGoal('open the trash')!, inPackage, []), 'nothing on the screen names "trash"');
  // A screen named only by words that say nothing (all stop words) cannot be contradicted.
  assert.equal(contradiction(inferGoal('open about')!, inPackage, []), undefined);
  const noActivity = obs([el('h1', { text: 'Licenses' })], 'about');
  assert.equal(contradiction(inferGoal('open the privacy policy')!, noActivity, []), 'nothing on the screen names "privacy policy"');
  // Three of five words are most of them; two of four are not.
  const three = obs([el('h1', { text: 'Backup and restore of contacts' })], 'b');
  assert.equal(contradiction(inferGoal('open backup restore contacts sync settings')!, three, []), undefined);
  assert.equal(
    contradiction(inferGoal('open backup restore sync settings')!, obs([el('h1', { text: 'Backup and sync' })], 'b'), []),
    'nothing on the screen names "backup restore sync settings"',
  );
  // A form: never typed into, or its typed fields still there.
  const goal = inferGoal('sign in with email ana@x.org and password pw1')!;
  const form = obs([field('f1', 'email', { hint: 'Email' }), button('b1', 'Sign in')], 'form');
  assert.equal(contradiction(goal, form, [tap(form, 'b1')]), 'nothing was typed to sign in');
  const typed = [did(form, { kind: 'type', target: 'f1', text: '[EMAIL_1]' })];
  assert.equal(contradiction(goal, form, typed), 'the form is still on screen');
  assert.equal(contradiction(goal, obs([el('e1', { id: 'email', hint: 'Email' })], 'home'), typed), undefined);
  assert.equal(contradiction(goal, obs([field('f9', 'email', { hint: 'Other' })], 'home'), typed), undefined);
});
