// mapLeads on a small tasks app (src/privacy/map-rank.ts), with the leads written as fractions of the task's best
// match in the map: a button that opens a dialog holding the match leads 0.8 of the way (one step), a transition
// to a screen holding it 0.8, Navigate up back towards it 0.8 × 0.8 (the dialog, then the way up). Triggers the
// source names but no declared view carries (ids only known from code) still place their button.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mapLeads, mapScorer, type RawBlock } from '../../src/privacy/index.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import type { MapActivity, UiMap } from '../../src/uimap/model.js';
import { element } from '../snapshot/build.js';
import { activity } from './map-fixture.js';

const MAIN = 'com.example.tasks.MainActivity';
const EDITOR = 'com.example.tasks.EditorActivity';
const ABOUT = 'com.example.tasks.AboutActivity';
const W = 'android.widget.';

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

/** A one-activity map of the given elements and menus, with the transitions given. */
function small(activities: MapActivity[], transitions: UiMap['transitions'] = []): UiMap {
  return { ...tasksMap(), activities, transitions };
}
/** A view as the map names it: by its resource entry name. */
const view = (id: string, o: Partial<MapActivity['elements'][number]> = {}) => ({
  id,
  class: `${W}Button`,
  ...o,
});
const leadsOn = (m: UiMap, task: string, els: SnapshotElement[], activityName: string): Record<string, number> =>
  Object.fromEntries([...mapLeads(m, task, els, { activity: activityName })].map(([e, v]) => [e.ref, Math.round(v * 1e6) / 1e6]));

describe('mapLeads: weights of words, ways and labels', () => {
  test('rare words weigh more: 1 / (1 + log2(1 + elements holding the word / 8) / 2)', () => {
    // "border" is on 2 elements, "shadow" on 10; the best match holds both. Relative to it, the Border button
    // is worth 0.86135 / (0.86135 + 0.63093) and a Shadow button 0.63093 / (0.86135 + 0.63093).
    const shadows = Array.from({ length: 9 }, (_, i) => view(`shadow_${i + 1}`, { text: 'Shadow' }));
    const m = small([
      activity(MAIN, { elements: [view('border_btn', { desc: 'Border' }), ...shadows, view('both', { text: 'Border shadow' })] }),
    ]);
    const els = [
      element('b1', [0, 0, 100, 100], { id: 'border_btn', actions: tap }),
      element('b2', [0, 200, 100, 300], { id: 'shadow_1', actions: tap }),
    ];
    assert.deepEqual(leadsOn(m, 'border shadow', els, MAIN), { b1: 0.577205, b2: 0.422795 });
  });

  test('quoted text and numbers in the task name no button: a field value is not "Font size"', () => {
    const m = small([
      activity(MAIN, {
        elements: [view('remind', { text: 'Remind' }), view('fifteen', { text: '15 minutes' }), view('font', { text: 'Font size' })],
      }),
    ]);
    const els = ['remind', 'fifteen', 'font'].map((id, i) => element(`b${i}`, [0, i * 100, 100, i * 100 + 50], { id, actions: tap }));
    assert.deepEqual(leadsOn(m, "remind me 15 times, title it 'Font size'", els, MAIN), { b0: 1 });
  });

  test('worth travels back over several transitions (one round per step), 0.8 each', () => {
    const START = 'com.example.tasks.StartActivity';
    const m = small(
      [
        activity(START, { elements: [view('go_home')] }),
        activity(MAIN, { elements: [view('open_list')] }),
        activity(EDITOR, { elements: [view('open_detail')] }),
        activity(ABOUT, { elements: [view('archive', { text: 'Archive' })] }),
      ],
      // Listed from the start outwards, so each round carries worth one transition further back.
      [
        { from: START, to: MAIN, trigger: { kind: 'click', element: 'go_home' } },
        { from: MAIN, to: EDITOR, trigger: { kind: 'click', element: 'open_list' } },
        { from: EDITOR, to: ABOUT, trigger: { kind: 'click', element: 'open_detail' } },
      ],
    );
    assert.deepEqual(leadsOn(m, 'archive it', [element('b1', [0, 0, 1, 1], { id: 'go_home', actions: tap })], START), { b1: 0.512 });
  });

  test('only the exact up labels count: "Back up notes" is no Navigate up', () => {
    assert.deepEqual(leads('sort by due date', [element('b9', [0, 0, 1, 1], { text: 'Back up notes', actions: tap })], EDITOR), {});
    assert.deepEqual(leads('sort by due date', [element('b9', [0, 0, 1, 1], { text: 'Navigate up', actions: tap })], EDITOR), { b9: 0.64 });
  });
});

describe('what the map adds up per element', () => {
  test('two ways up from a screen: Navigate up takes the better one', () => {
    const m = tasksMap();
    m.transitions.push({ from: EDITOR, to: ABOUT, trigger: { kind: 'up' }, back: true });
    assert.deepEqual(leadsOn(m, 'sort by due date', editor, EDITOR), { b4: 0.64 });
  });

  test('a label worth more as what it is than as where it leads keeps the larger worth', () => {
    const m = small(
      [
        activity(MAIN, { elements: [view('archive_btn', { text: 'Archive' })] }),
        activity(EDITOR, { elements: [view('archive_all', { text: 'Archive' })] }),
      ],
      [{ from: MAIN, to: EDITOR, trigger: { kind: 'click', element: 'archive_btn' } }],
    );
    // Matched by its label alone (no id on screen): the button is the match itself (1), not only the way to
    // the editor's (0.8).
    assert.deepEqual(leadsOn(m, 'archive it', [element('b1', [0, 0, 1, 1], { text: 'Archive', actions: tap })], MAIN), { b1: 1 });
  });

  test('a button that starts a transition is known by its label too', () => {
    const m = small(
      [
        activity(MAIN, { elements: [view('open_btn', { text: 'Open editor' })] }),
        activity(EDITOR, { elements: [view('archive_all', { text: 'Archive' })] }),
      ],
      [{ from: MAIN, to: EDITOR, trigger: { kind: 'click', element: 'open_btn' } }],
    );
    assert.deepEqual(leadsOn(m, 'archive it', [element('b1', [0, 0, 1, 1], { text: 'Open editor', actions: tap })], MAIN), { b1: 0.8 });
  });

  test('a transition the code makes on its own (no trigger) carries worth back but places no button', () => {
    const START = 'com.example.tasks.StartActivity';
    const m = small(
      [
        activity(START, { elements: [view('go_home')] }),
        activity(MAIN, { elements: [view('splash_logo')] }),
        activity(EDITOR, { elements: [view('archive', { text: 'Archive' })] }),
      ],
      [
        { from: START, to: MAIN, trigger: { kind: 'click', element: 'go_home' } },
        { from: MAIN, to: EDITOR },
      ],
    );
    const els = [element('b1', [0, 0, 1, 1], { id: 'go_home', actions: tap })];
    assert.deepEqual(leadsOn(m, 'archive it', els, START), { b1: 0.64 });
    assert.deepEqual(leadsOn(m, 'archive it', [element('b2', [0, 0, 1, 1], { id: 'splash_logo', actions: tap })], MAIN), {});
  });

  test('the id "title" names menu rows, not a dialog field of that id: a popup row gets nothing from it', () => {
    const m = small([
      activity(MAIN, { dialogs: [{ name: 'RenameDialog', elements: [view('title', { class: `${W}EditText`, hint: 'Task title' })] }] }),
    ]);
    const row = element('b1', [0, 0, 1, 1], { id: 'title', text: 'Share', actions: tap });
    assert.deepEqual(leadsOn(m, 'type a task title', [row], MAIN), {});
  });
});

describe('the overflow button', () => {
  const menuMap = (): UiMap =>
    small([
      activity(MAIN, {
        menus: [
          {
            name: 'menu_main',
            elements: [
              {
                id: 'com.example.tasks:id/delete_task',
                class: 'android.view.MenuItem',
                kind: 'menu-item',
                layout: 'menu_main',
                text: 'Delete task',
              },
              { id: 'title', class: `${W}TextView`, kind: 'overflow-row', layout: 'menu_main', text: 'Delete task' },
              { id: 'com.example.tasks:id/share', class: 'android.view.MenuItem', kind: 'menu-item', layout: 'menu_main', text: 'Share' },
            ],
          },
        ],
      }),
    ]);
  const more = element('b1', [900, 0, 1000, 100], { desc: 'More options', actions: tap });

  test('leads to the menu items that overflow, one step away', () => {
    assert.deepEqual(leadsOn(menuMap(), 'delete the task', [more], MAIN), { b1: 0.8 });
  });

  test('not to an item already on screen as an action icon', () => {
    const icon = element('b2', [800, 0, 900, 100], { id: 'delete_task', desc: 'Delete task', actions: tap });
    assert.deepEqual(leadsOn(menuMap(), 'delete the task', [more, icon], MAIN), { b2: 1 });
  });

  test('only a button labelled exactly so is the overflow: "Learn more" is not', () => {
    const learn = element('b3', [0, 500, 300, 600], { text: 'Learn more', actions: tap });
    assert.deepEqual(leadsOn(menuMap(), 'delete the task', [learn], MAIN), {});
  });

  test('not to an item that never overflows (no overflow row): it shows on the toolbar', () => {
    assert.deepEqual(leadsOn(menuMap(), 'share it', [more], MAIN), {});
  });
});

describe('mapScorer', () => {
  test("a block is worth its best element's lead: 4 × lead² / the screen's best, added to the base score", () => {
    const more = element('b1', [900, 0, 1000, 100], { desc: 'More options', actions: tap });
    const title = element('t1', [0, 0, 500, 100], { text: 'Tasks' });
    const row = element('b2', [0, 200, 1080, 300], { labels: ['Buy milk'], actions: tap });
    const blocks: RawBlock[] = [
      { kind: 'toolbar', elements: [more, title] },
      { kind: 'row', elements: [row] },
    ];
    const zero = { score: (bs: readonly RawBlock[]) => bs.map(() => 0) };
    const m = small([
      activity(MAIN, {
        menus: [
          {
            name: 'menu_main',
            elements: [
              {
                id: 'com.example.tasks:id/delete_task',
                class: 'android.view.MenuItem',
                kind: 'menu-item',
                layout: 'menu_main',
                text: 'Delete task',
              },
              { id: 'title', class: `${W}TextView`, kind: 'overflow-row', layout: 'menu_main', text: 'Delete task' },
            ],
          },
        ],
      }),
    ]);
    // The overflow button leads 0.8 (one step to "Delete task"), the screen's best: 4 × 0.8² / 0.8 = 3.2, though
    // the toolbar's other element leads nowhere.
    const scores = mapScorer(m, zero, { activity: MAIN }).score(blocks, { task: 'delete the task' });
    assert.deepEqual(
      scores.map((x) => Math.round(x * 1e9) / 1e9),
      [3.2, 0],
    );
  });
});
