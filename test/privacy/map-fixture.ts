// A mapped notes app for the map-aware ranker's tests: its UI Map as the source would give it, and screens of it
// (authored here, not captured).
import type { MapActivity, MapElement, UiMap } from '../../src/uimap/model.js';
import { button, dumpXml, label, type Spec } from './fixture.js';

const W = 'android.widget.';
export const MAIN = 'com.example.notes.MainActivity';
export const SETTINGS = 'com.example.notes.SettingsActivity';

/** An activity of the map with nothing in it but what `o` gives. */
export const activity = (name: string, o: Partial<MapActivity> = {}): MapActivity => ({
  name,
  layouts: [],
  elements: [],
  fragments: [],
  dialogs: [],
  menus: [],
  ...o,
});
const view = (id: string, o: Partial<MapElement> = {}): MapElement => ({ id, class: `${W}TextView`, ...o });
/** A menu item that may overflow: the item and the popup row the map adds for it. */
const overflowItem = (id: string, text: string): MapElement[] => [
  { id, class: 'android.view.MenuItem', kind: 'menu-item', layout: 'menu_main', text },
  { id: 'title', class: `${W}TextView`, kind: 'overflow-row', layout: 'menu_main', text },
];

/** A notes app as its source would map: a main screen with a menu and two dialogs, and a settings screen. */
export function notesMap(): UiMap {
  return {
    package: 'com.example.notes',
    activities: [
      activity(MAIN, {
        launcher: true,
        elements: [
          view('main_toolbar'),
          view('search', { class: `${W}ImageButton`, desc: 'Search notes' }),
          view('notes_list'),
          view('fab', { class: `${W}ImageButton`, desc: 'New note' }),
          view('note_row', { class: `${W}LinearLayout`, kind: 'list-item' }),
          view('note_title', { kind: 'list-item' }),
        ],
        menus: [{ name: 'menu_main', elements: [...overflowItem('delete_note', 'Delete note'), ...overflowItem('settings', 'Settings')] }],
        dialogs: [
          {
            name: 'com.example.notes.NewNoteDialog',
            trigger: { kind: 'click', element: 'fab' },
            elements: [
              view('title', { class: `${W}EditText`, hint: 'Title' }),
              { id: 'android:id/button1', class: `${W}Button`, kind: 'dialog-button', text: 'OK' },
              { id: 'android:id/button2', class: `${W}Button`, kind: 'dialog-button', text: 'Cancel' },
            ],
          },
          {
            name: 'com.example.notes.SortDialog',
            elements: [
              view('sort_title', { class: `${W}RadioButton`, text: 'Title' }),
              view('sort_date', { class: `${W}RadioButton`, text: 'Date created' }),
              { id: 'android:id/button1', class: `${W}Button`, kind: 'dialog-button', text: 'OK' },
            ],
          },
        ],
      }),
      activity(SETTINGS, {
        label: 'Settings',
        elements: [view('settings_font_size_holder'), view('settings_font_size_label', { text: 'Font size' })],
      }),
    ],
    transitions: [
      { from: MAIN, to: SETTINGS, trigger: { kind: 'menu', element: 'settings' } },
      { from: SETTINGS, to: MAIN, trigger: { kind: 'up' }, back: true },
    ],
    warnings: [],
    stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: 2, transitions: 2, elements: 0 },
  };
}

/** The main screen: a toolbar (an unlabeled search icon, the overflow button), two note rows, an add button. */
export function mainScreen(): string {
  const row = (i: number, title: string): Spec => ({
    cls: `${W}LinearLayout`,
    id: 'note_row',
    clickable: true,
    bounds: [0, 300 + i * 200, 1080, 500 + i * 200],
    children: [label(title, 'note_title', [40, 320 + i * 200, 1040, 400 + i * 200])],
  });
  return dumpXml({
    bounds: [0, 0, 1080, 2000],
    children: [
      {
        cls: `${W}LinearLayout`,
        id: 'main_toolbar',
        bounds: [0, 0, 1080, 200],
        children: [
          { cls: `${W}ImageButton`, id: 'search', clickable: true, bounds: [700, 40, 840, 180] },
          { cls: `${W}ImageView`, desc: 'More options', clickable: true, bounds: [900, 40, 1040, 180] },
        ],
      },
      {
        cls: 'androidx.recyclerview.widget.RecyclerView',
        id: 'notes_list',
        bounds: [0, 300, 1080, 1200],
        children: [row(0, 'Diary'), row(1, 'Groceries')],
      },
      button('', 'fab', [880, 1700, 1040, 1860], 'New note'),
    ],
  });
}

/** A dialog over the main screen: a title field (showing `value`, or its hint as uiautomator does) and OK/Cancel. */
export function newNoteDialog(value: string): string {
  return dumpXml({
    bounds: [0, 0, 1080, 2000],
    children: [
      {
        id: 'dialog_holder',
        bounds: [60, 600, 1020, 1300],
        children: [
          label('New note', 'dialog_title', [100, 640, 980, 720]),
          { cls: `${W}EditText`, id: 'title', text: value, clickable: true, bounds: [100, 760, 980, 880] },
          button('Cancel', 'button2', [500, 1150, 740, 1260]),
          button('OK', 'button1', [760, 1150, 980, 1260]),
        ],
      },
    ],
  });
}

export function sortDialog(checked: 'Title' | 'Date created'): string {
  const radio = (text: string, id: string, y: number): Spec => ({
    cls: `${W}RadioButton`,
    text,
    id,
    clickable: true,
    checkable: true,
    checked: text === checked,
    bounds: [100, y, 980, y + 100],
  });
  return dumpXml({
    bounds: [0, 0, 1080, 2000],
    children: [
      {
        id: 'dialog_holder',
        bounds: [60, 600, 1020, 1400],
        children: [
          {
            cls: `${W}RadioGroup`,
            id: 'sorting_group',
            bounds: [100, 700, 980, 1100],
            children: [radio('Title', 'sort_title', 700), radio('Date created', 'sort_date', 900)],
          },
          button('Cancel', 'button2', [500, 1250, 740, 1360]),
          button('OK', 'button1', [760, 1250, 980, 1360]),
        ],
      },
    ],
  });
}
