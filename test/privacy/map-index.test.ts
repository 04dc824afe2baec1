// A UI Map as the privacy ranker reads it (src/privacy/map-index.ts), on a small map written here: the index's
// words, counts, positive dialog buttons, hints and texts; which activity a screen is on (by name, alias, simple
// name, else by the views it shows); and whether a screen element is a given map element.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { entryName, localise, lowerAll, mapIndex, shows } from '../../src/privacy/map-index.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import type { UiMap } from '../../src/uimap/model.js';
import { element } from '../snapshot/build.js';
import { activity } from './map-fixture.js';

const MAIN = 'com.example.notes.MainActivity';
const EDIT = 'com.example.notes.ui.EditActivity';
const OTHER_EDIT = 'com.example.notes.legacy.EditActivity';
const ABOUT = 'com.example.notes.AboutActivity';
const W = 'android.widget.';

function map(): UiMap {
  return {
    package: 'com.example.notes',
    activities: [
      activity(MAIN, {
        aliases: ['com.example.notes.Launcher'],
        elements: [
          { id: 'com.example.notes:id/notes_list', class: 'androidx.recyclerview.widget.RecyclerView' },
          { id: 'com.example.notes:id/search_field', class: `${W}EditText`, hint: 'Search notes' },
          { id: 'com.example.notes:id/fab', class: `${W}ImageButton`, desc: 'New note' },
        ],
        dialogs: [
          {
            name: 'com.example.notes.DeleteDialog',
            elements: [
              { id: 'com.example.notes:id/dialog_message', class: `${W}TextView`, text: 'Delete this note?' },
              { id: 'android:id/button1', class: `${W}Button`, kind: 'dialog-button', text: 'Delete' },
              { id: 'android:id/button2', class: `${W}Button`, kind: 'dialog-button', text: 'Cancel' },
            ],
          },
        ],
      }),
      activity(EDIT, {
        elements: [
          { id: 'com.example.notes:id/note_title', class: `${W}EditText`, hint: 'Title' },
          { id: 'com.example.notes:id/note_body', class: `${W}EditText` },
          { id: 'com.example.notes:id/save_button1', class: `${W}Button`, text: 'Save' },
        ],
      }),
      activity(OTHER_EDIT),
      activity(ABOUT, { elements: [{ id: 'com.example.notes:id/version', class: `${W}TextView` }] }),
    ],
    transitions: [{ from: MAIN, to: EDIT, trigger: { kind: 'click', element: 'fab' } }],
    warnings: [],
    stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: 4, transitions: 1, elements: 0 },
  };
}

const withIds = (...ids: string[]): SnapshotElement[] => ids.map((id, i) => element(`e${i}`, [0, i * 100, 100, i * 100 + 50], { id }));

describe('mapIndex', () => {
  test('one index per map object', () => {
    const m = map();
    assert.equal(mapIndex(m), mapIndex(m));
    assert.notEqual(mapIndex(map()), mapIndex(m));
  });

  test("each element's words: text, hint and description as its label, its id's words apart", () => {
    const ix = mapIndex(map());
    const of = (id: string) => ix.hits.find((h) => h.element.id.endsWith(`/${id}`))!;
    assert.deepEqual([...of('search_field').label.stems], ['search', 'note']);
    assert.deepEqual([...of('search_field').idWords.stems], ['search', 'field']);
    assert.deepEqual([...of('fab').label.stems], ['new', 'note']);
    assert.deepEqual([...of('note_title').label.stems], ['titl']);
    assert.deepEqual([...of('note_body').label.stems], []);
  });

  test('word counts over elements: labels, concepts and id words, once per element', () => {
    const ix = mapIndex(map());
    // "note": the ids notes_list, note_title and note_body, the search hint, the fab's description, the delete
    // message; "search" once, though the search field has it in both its hint and its id.
    assert.equal(ix.df.get('note'), 6);
    assert.equal(ix.df.get('search'), 1);
    assert.equal(ix.df.get('field'), 1);
    assert.equal(ix.df.get('~delete'), 2);
    assert.equal(ix.df.get('absent'), undefined);
  });

  test("elements by activity (with their dialogs'), transitions by source", () => {
    const ix = mapIndex(map());
    assert.deepEqual(
      [...ix.byActivity].map(([a, hs]) => [a, hs.length]),
      [
        [MAIN, 6],
        [EDIT, 3],
        [ABOUT, 1],
      ],
    );
    assert.deepEqual([...ix.out.keys()], [MAIN]);
  });

  test("positive dialog buttons, the fields' hints and every text and description, lowercase", () => {
    const ix = mapIndex(map());
    assert.deepEqual([...ix.exits], ['button1']);
    assert.deepEqual([...ix.hints], ['search notes', 'title']);
    assert.deepEqual([...ix.texts], ['new note', 'delete this note?', 'delete', 'cancel', 'save']);
  });
});

describe('entryName and lowerAll', () => {
  test('a resource id loses its package; other ids stay', () => {
    assert.equal(entryName('com.example.notes:id/note_title'), 'note_title');
    assert.equal(entryName('android:id/button1'), 'button1');
    assert.equal(entryName('title'), 'title');
  });

  test('lowerAll drops absent and empty strings', () => {
    assert.deepEqual(lowerAll(['Save', undefined, '', 'OK']), ['save', 'ok']);
  });
});

describe('localise', () => {
  const ix = () => mapIndex(map());
  test('the foreground activity by full name, relative name, alias or unique simple name', () => {
    assert.equal(localise(ix(), `com.example.notes/${MAIN}`, []), MAIN);
    assert.equal(localise(ix(), 'com.example.notes/.MainActivity', []), MAIN);
    assert.equal(localise(ix(), MAIN, []), MAIN);
    assert.equal(localise(ix(), 'com.example.notes/.Launcher', []), MAIN);
    assert.equal(localise(ix(), 'com.example.notes/com.other.AboutActivity', []), ABOUT);
    assert.equal(localise(ix(), 'AboutActivity', []), ABOUT);
    assert.equal(localise(ix(), `com.example.notes/${EDIT}`, []), EDIT);
    // A dump that names no package gives "/activity".
    assert.equal(localise(ix(), `/${EDIT}`, []), EDIT);
  });

  test('a simple name two activities share, or an unknown one, falls back to the ids on screen', () => {
    assert.equal(localise(ix(), 'com.example.notes/.EditActivity', []), undefined);
    assert.equal(localise(ix(), 'com.example.notes/.EditActivity', withIds('note_title', 'note_body')), EDIT);
    assert.equal(localise(ix(), 'com.example.notes/.GoneActivity', withIds('notes_list', 'fab')), MAIN);
  });

  test("by ids: the activity whose own views the screen shows most, at least two; a dialog's views do not count", () => {
    assert.equal(localise(ix(), undefined, withIds('note_title', 'note_body', 'notes_list')), EDIT);
    assert.equal(localise(ix(), undefined, withIds('notes_list', 'search_field', 'fab', 'note_title')), MAIN);
    assert.equal(localise(ix(), undefined, withIds('note_title')), undefined);
    assert.equal(localise(ix(), undefined, withIds('dialog_message', 'button1', 'button2', 'note_body')), undefined);
    assert.equal(localise(ix(), undefined, withIds('dialog_message', 'button1', 'note_title', 'note_body')), EDIT);
    assert.equal(localise(ix(), undefined, []), undefined);
  });
});

describe('shows', () => {
  const e = (o: Partial<SnapshotElement>): SnapshotElement => element('e1', [0, 0, 1, 1], o);
  test('the same id; else the same text or description, any case', () => {
    assert.equal(shows(e({ id: 'fab' }), { id: 'com.example.notes:id/fab' }, []), true);
    assert.equal(shows(e({ id: 'other' }), { id: 'com.example.notes:id/fab', desc: 'New note' }, ['new note']), true);
    assert.equal(shows(e({ id: 'other' }), { id: 'com.example.notes:id/fab', desc: 'New note' }, ['delete']), false);
    assert.equal(shows(e({}), { id: 'com.example.notes:id/fab', text: 'Add' }, ['add']), true);
  });

  test('menu rows share the id "title": only their label tells them apart; no label, no match', () => {
    assert.equal(shows(e({ id: 'title' }), { id: 'title', text: 'Settings' }, ['delete note']), false);
    assert.equal(shows(e({ id: 'title' }), { id: 'title', text: 'Settings' }, ['settings']), true);
    assert.equal(shows(e({ id: 'x' }), { id: 'y' }, ['']), false);
  });
});
