// mapLeads on a small tasks app (src/privacy/map-rank.ts), with the leads written as fractions of the task's best
// match in the map: a button that opens a dialog holding the match leads 0.8 of the way (one step), a transition
// to a screen holding it 0.8, Navigate up back towards it 0.8 × 0.8 (the dialog, then the way up). Triggers the
// source names but no declared view carries (ids only known from code) still place their button.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mapLeads } from '../../src/privacy/index.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import type { MapActivity, UiMap } from '../../src/uimap/model.js';
import { element } from '../snapshot/build.js';

const MAIN = 'com.example.tasks.MainActivity';
const EDITOR = 'com.example.tasks.EditorActivity';
const ABOUT = 'com.example.tasks.AboutActivity';
const W = 'android.widget.';

const activity = (name: string, o: Partial<MapActivity> = {}): MapActivity => ({
  name,
  layouts: [],
  elements: [],
  fragments: [],
  dialogs: [],
  menus: [],
  ...o,
});

/** The sort dialog opens from `sort_button` and the editor from `fab_add`: neither is a declared view. */
function tasksMap(): UiMap {
  return {
    package: 'com.example.tasks',
    activities: [
      activity(MAIN, {
        launcher: true,
        elements: [{ id: 'com.example.tasks:id/tasks_list', class: 'androidx.recyclerview.widget.RecyclerView' }],
        dialogs: [
          {
            name: 'com.example.tasks.SortDialog',
            trigger: { kind: 'click', element: 'sort_button' },
            elements: [
              { id: 'com.example.tasks:id/sort_due', class: `${W}RadioButton`, text: 'By due date' },
              { id: 'com.example.tasks:id/sort_name', class: `${W}RadioButton`, text: 'By name' },
            ],
          },
        ],
      }),
      activity(EDITOR, {
        elements: [
          { id: 'com.example.tasks:id/task_title', class: `${W}EditText`, hint: 'Task title' },
          { id: 'com.example.tasks:id/save', class: `${W}Button`, text: 'Save' },
        ],
      }),
      activity(ABOUT),
    ],
    transitions: [
      { from: MAIN, to: EDITOR, trigger: { kind: 'click', element: 'fab_add' } },
      { from: EDITOR, to: MAIN, trigger: { kind: 'up' }, back: true },
    ],
    warnings: [],
    stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: 3, transitions: 2, elements: 0 },
  };
}

const tap = ['tap'] as SnapshotElement['actions'];
const main: SnapshotElement[] = [
  element('b1', [900, 0, 1040, 140], { class: 'ImageButton', id: 'sort_button', actions: tap }),
  element('b2', [880, 2000, 1040, 2160], { class: 'ImageButton', id: 'fab_add', desc: 'New', actions: tap }),
  element('b3', [0, 300, 1080, 400], { class: 'LinearLayout', labels: ['Buy milk'], actions: tap }),
];
const editor: SnapshotElement[] = [
  element('b4', [0, 0, 140, 140], { class: 'ImageButton', desc: 'Navigate up', actions: tap }),
  element('e5', [0, 300, 1080, 400], { class: 'EditText', text: 'Task title', id: 'task_title', actions: ['tap', 'type'] }),
  element('b6', [0, 500, 1080, 600], { class: 'Button', text: 'Save', id: 'save', actions: tap }),
];

/** ref → lead, rounded to 9 places (0.8 × 0.8 is not exactly 0.64 in floating point). */
const leads = (task: string, els: SnapshotElement[], activityName: string): Record<string, number> =>
  Object.fromEntries([...mapLeads(tasksMap(), task, els, { activity: activityName })].map(([e, v]) => [e.ref, Math.round(v * 1e9) / 1e9]));

describe('mapLeads', () => {
  test('a button the dialog opens from, known only by the id the code names, leads one step to the option', () => {
    // The add button leads there too, the long way: to the editor, up again, then the sort dialog (0.8³).
    assert.deepEqual(leads('sort by due date', main, MAIN), { b1: 0.8, b2: 0.512 });
  });

  test('a transition whose trigger id no declared view carries still places its button', () => {
    // "task title" is the editor's field: the add button leads there, one transition away. The list's id words
    // ("tasks list") match the task's "task" too, but the list is not on this screen as an element that acts.
    assert.deepEqual(leads('type a task title', main, MAIN), { b2: 0.8 });
  });

  test('Navigate up leads back where the map goes up: towards the sort option, two steps away', () => {
    assert.deepEqual(leads('sort by due date', editor, EDITOR), { b4: 0.64 });
  });

  test('a screen placed on an activity the map knows no views or transitions of: nothing leads', () => {
    assert.deepEqual(leads('sort by due date', main, ABOUT), {});
  });
});
