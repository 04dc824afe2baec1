// Where a screen stands in its task (src/privacy/progress.ts), on blocks built here and a small map: which blocks
// are done (a field holding the task's value, the option it names chosen, a setting showing the value asked)
// and when a dialog is left by its positive button. Each case names the rule it pins.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { RawBlock } from '../../src/privacy/index.js';
import { mapIndex } from '../../src/privacy/map-index.js';
import { progress } from '../../src/privacy/progress.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import type { UiMap } from '../../src/uimap/model.js';
import { element } from '../snapshot/build.js';

const W = 'android.widget.';
const MAP: UiMap = {
  package: 'com.example.notes',
  activities: [
    {
      name: 'com.example.notes.MainActivity',
      layouts: [],
      elements: [
        { id: 'com.example.notes:id/note_title', class: `${W}EditText`, hint: 'Title' },
        { id: 'com.example.notes:id/font_size_label', class: `${W}TextView`, text: 'Font size' },
      ],
      fragments: [],
      dialogs: [{ name: 'D', elements: [{ id: 'android:id/button1', class: `${W}Button`, kind: 'dialog-button', text: 'OK' }] }],
      menus: [],
    },
  ],
  transitions: [],
  warnings: [],
  stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: 1, transitions: 0, elements: 0 },
};

let n = 0;
const at = (): [number, number, number, number] => [0, ++n * 100, 100, n * 100 + 50];
const field = (text: string, o: Partial<SnapshotElement> = {}) =>
  element(`f${++n}`, at(), { class: 'EditText', text, actions: ['tap', 'type'], ...o });
const radio = (text: string, checked: boolean, parent = 'g1', o: Partial<SnapshotElement> = {}) =>
  element(`r${++n}`, at(), { class: 'RadioButton', text, parent, actions: ['tap', 'check'], states: checked ? ['checked'] : [], ...o });
const button = (text: string, o: Partial<SnapshotElement> = {}) =>
  element(`b${++n}`, at(), { class: 'Button', text, actions: ['tap'], ...o });
const label = (text: string) => element(`t${++n}`, at(), { text });
const block = (...elements: SnapshotElement[]): RawBlock => ({ kind: 'group', elements });
const dialog = (...elements: SnapshotElement[]): RawBlock => ({ kind: 'dialog', modal: true, elements });

/** Indexes of the done blocks, and the refs of the exits. */
function run(blocks: RawBlock[], task: string): { done: number[]; exit: string[] } {
  const p = progress(blocks, task, mapIndex(MAP));
  return { done: blocks.flatMap((b, i) => (p.done.has(b) ? [i] : [])), exit: [...p.exit].map((e) => e.ref) };
}
const doneOf = (blocks: RawBlock[], task: string): number[] => run(blocks, task).done;

describe('fields', () => {
  test("a field holding the task's quoted value is done, in any case, or part of it as typed so far", () => {
    assert.deepEqual(
      doneOf(
        [block(field('Groceries')), block(field('Groc')), block(field('Other')), block(field('Groceries for Sunday'))],
        "call it 'groceries'",
      ),
      [0, 1, 3],
    );
  });

  test('the value before "to", "into" or "as" is the old one: a field still holding it is not done', () => {
    for (const task of ["rename 'Diary' to 'Events'", "rename 'Diary' into 'Events'", "save 'Diary' as 'Events'"])
      assert.deepEqual(doneOf([block(field('Diary')), block(field('Events'))], task), [1], task);
  });

  test("numbers: a field whose every number is one of the task's is done", () => {
    assert.deepEqual(
      doneOf([block(field('15')), block(field('15 20')), block(field('150')), block(field('minutes'))], 'set the timer to 15'),
      [0],
    );
  });

  test("an empty field is not done: no text, its own hint, a hint the map knows, or ''", () => {
    const task = "call it 'Title ideas'";
    assert.deepEqual(doneOf([block(field('Title')), block(field('Name', { hint: 'Name' }))], "call it 'Name tag'"), []);
    assert.deepEqual(doneOf([block(field('Title'), label('x')), block(field(''), label('y'))], task), []);
  });
});

describe('options', () => {
  test('the option the task names, chosen: its group is done; not chosen: not', () => {
    assert.deepEqual(doneOf([block(radio('Title', true), radio('Date created', false))], 'sort by title'), [0]);
    assert.deepEqual(doneOf([block(radio('Title', false), radio('Date created', true))], 'sort by title'), []);
  });

  test('a quoted value picks the option exactly, over options it only names', () => {
    const task = "sort by 'Date created'";
    assert.deepEqual(doneOf([block(radio('Date', true), radio('Date created', false))], task), []);
    assert.deepEqual(doneOf([block(radio('Date', false), radio('Date created', true))], task), [0]);
  });

  test('every option the task names must be on, not one of them', () => {
    const task = 'make the text bold and italic';
    assert.deepEqual(doneOf([block(radio('Bold', true), radio('Italic', false))], task), []);
    assert.deepEqual(doneOf([block(radio('Bold', true), radio('Italic', true))], task), [0]);
  });

  test('a group the task names no option of is still to do, beside a filled field', () => {
    assert.deepEqual(doneOf([block(field('Groceries'), radio('Red', true), radio('Blue', false))], "call it 'Groceries'"), []);
  });

  test('an option the task does not want, in a group that is done, is not done itself (nor to do)', () => {
    assert.deepEqual(doneOf([block(radio('Title', true)), block(radio('Date created', false))], 'sort by title'), [0]);
  });

  test('options are judged within their own group (their parent), even in one block', () => {
    const named = radio('Title', true, 'g1');
    const other = radio('Red', false, 'g2');
    assert.deepEqual(doneOf([block(named, other)], 'sort by title'), []);
  });

  test('an option is checkable by its check action, its checkable state, or a checked state alone', () => {
    const only = (o: Partial<SnapshotElement>) => radio('Title', true, 'g1', o);
    const task = 'sort by title';
    assert.deepEqual(doneOf([block(only({ actions: ['tap', 'check'], states: ['checked'] }), radio('Date', false))], task), [0]);
    assert.deepEqual(doneOf([block(only({ actions: ['tap'], states: ['checkable', 'checked'] }), radio('Date', false))], task), [0]);
    assert.deepEqual(doneOf([block(only({ actions: ['tap'], states: ['checked'] }), radio('Date', false))], task), [0]);
    // The other option known as one by its checkable state only.
    assert.deepEqual(doneOf([block(only({}), radio('Date', false, 'g1', { actions: ['tap'], states: ['checkable'] }))], task), [0]);
  });
});

describe('settings', () => {
  test("a setting's row showing its name (a map text) and the value the task asks is done", () => {
    const row = (...labels: string[]) => element(`s${++n}`, at(), { class: 'LinearLayout', labels, actions: ['tap'] });
    const task = 'set the font size to large';
    assert.deepEqual(
      doneOf([block(row('Font size', 'Large')), block(row('Font size', 'Small')), block(row('Large')), block(row('Font size'))], task),
      [0],
    );
    // A value of stop words only names nothing; a value with one word the task lacks is another value.
    assert.deepEqual(doneOf([block(row('Font size', 'the')), block(row('Font size', 'Extra large'))], task), []);
  });
});

describe('what is left to do in a block', () => {
  test('a label does nothing; a button or an empty field waiting for a value is still to do', () => {
    const task = "call it 'Groceries'";
    assert.deepEqual(doneOf([block(field('Groceries'), label('Name'))], task), [0]);
    assert.deepEqual(doneOf([block(field('Groceries'), button('Save'))], task), []);
    // an empty field is to do only while a value is still to be typed somewhere
    assert.deepEqual(doneOf([block(field('Groceries'), field(''))], task), [0]);
    assert.deepEqual(doneOf([block(field('Groceries'), field(''))], "call it 'Groceries' in 'Shopping'"), []);
    assert.deepEqual(doneOf([block(label('Name'))], task), []);
  });
});

describe('leaving a dialog', () => {
  const ok = () => button('OK', { id: 'button1' });
  const cancel = () => button('Cancel', { id: 'button2' });

  test("a dialog whose task part is done is left by its positive button (the map's button1), not by Cancel", () => {
    const okButton = ok();
    const r = run([dialog(field('Groceries')), dialog(cancel(), okButton)], "call it 'Groceries'");
    assert.deepEqual(r, { done: [0], exit: [okButton.ref] });
  });

  test('not while an option the task wants is unchecked, nor while a value waits for an empty field', () => {
    const pendingOption = run([dialog(field('Groceries'), radio('Red', false)), dialog(ok())], "call it 'Groceries' in red");
    assert.deepEqual(pendingOption.exit, []);
    const pendingValue = run([dialog(field('Groceries')), block(field('')), dialog(ok())], "call it 'Groceries' in 'Shopping'");
    assert.deepEqual(pendingValue, { done: [0], exit: [] });
    // A value shown only in a label is not placed: the empty field waits for it.
    assert.deepEqual(
      run([dialog(field('15')), block(label('Groceries'), field('')), dialog(ok())], "set 15, call it 'Groceries'").exit,
      [],
    );
    // A value waiting with no empty field to take it does not hold the dialog; the option the task wants, checked, neither.
    const first = ok();
    assert.deepEqual(run([dialog(field('15')), dialog(first)], "set 15, call it 'Groceries'").exit, [first.ref]);
    const second = ok();
    assert.deepEqual(run([dialog(field('Groceries'), radio('Red', true)), dialog(second)], "call it 'Groceries' in red").exit, [
      second.ref,
    ]);
    // With every value placed, an empty field elsewhere does not hold the dialog.
    const okButton = ok();
    assert.deepEqual(run([dialog(field('Groceries')), block(field('')), dialog(okButton)], "call it 'Groceries'").exit, [okButton.ref]);
  });

  test('a dialog with nothing done yet is not left; done work outside any dialog opens none', () => {
    assert.deepEqual(run([dialog(field('')), dialog(ok())], "call it 'Groceries'").exit, []);
    assert.deepEqual(run([block(field('Groceries')), dialog(ok())], "call it 'Groceries'").exit, []);
    // An OK button outside the dialog is not its exit.
    assert.deepEqual(run([dialog(field('Groceries')), block(ok())], "call it 'Groceries'").exit, []);
  });
});
