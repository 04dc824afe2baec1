// The planner over a UI Map, on a small notes app written here: where the device is, which controls a task is
// about (and in what order), the route there, and the names a user or a model may give a screen or a control.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { taskTerms } from '../../src/agent/lexical.js';
import { Planner, qualifiedActivity } from '../../src/agent/planner.js';
import type { Observation } from '../../src/agent/types.js';
import type { MapActivity, MapElement, UiMap } from '../../src/uimap/index.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const P = 'dev.notes';
const el = (id: string, fields: Partial<MapElement> = {}): MapElement => ({ id, class: 'android.widget.TextView', ...fields });
const activity = (name: string, elements: MapElement[], more: Partial<MapActivity> = {}): MapActivity => ({
  name: `${P}.${name}`,
  layouts: [],
  elements,
  fragments: [],
  dialogs: [],
  menus: [],
  ...more,
});

const map: UiMap = {
  package: P,
  activities: [
    activity('ui.MainActivity', [el('note_list'), el('fab_add', { desc: 'New note' }), el('search', { hint: 'Search notes' })], {
      launcher: true,
      menus: [{ name: 'main_menu', elements: [el('menu_settings', { text: 'Settings' }), el('menu_about', { text: 'About' })] }],
    }),
    activity(
      'ui.SettingsActivity',
      [
        el('dark_theme', { text: 'Dark theme' }),
        el('theme_schedule', { text: 'Dark theme schedule' }),
        el('font_size', { text: 'Font size' }),
      ],
      {
        fragments: [{ name: `${P}.ui.BackupFragment`, elements: [el('backup_now', { text: 'Back up now' })] }],
      },
    ),
    activity('ui.AboutActivity', [el('licenses', { text: 'Open source licenses' }), el('version')], {
      aliases: [`${P}.About`],
    }),
    activity('ui.EditorActivity', [el('title', { hint: 'Title' }), el('body', { hint: 'Note' }), el('save', { text: 'Save' })]),
    activity('ui.TrashActivity', [el('empty_trash', { text: 'Empty trash' }), el('title', { text: 'Trash' })]),
    activity('other.EditorActivity', [el('theme_preview', { text: 'Theme preview' })]),
  ],
  transitions: [
    { from: `${P}.ui.MainActivity`, to: `${P}.ui.SettingsActivity`, trigger: { kind: 'menu', element: 'menu_settings' } },
    { from: `${P}.ui.MainActivity`, to: `${P}.ui.AboutActivity`, trigger: { kind: 'menu', element: 'menu_about' } },
    { from: `${P}.ui.MainActivity`, to: `${P}.ui.EditorActivity`, trigger: { kind: 'click', element: 'fab_add' } },
    { from: `${P}.ui.SettingsActivity`, to: `${P}.ui.AboutActivity`, trigger: { kind: 'click', element: 'font_size' } },
  ],
  warnings: [],
  stats: { modules: 1, sourceFiles: 0, resourceFiles: 0, activities: 6, transitions: 4, elements: 14 },
};

const snap = (ids: string[]): SnapshotElement[] =>
  ids.map((id, i) => ({ ref: `e${i}`, class: 'TextView', id, bounds: [0, 0, 1, 1], center: [0, 0], actions: [], states: [] }));
const at = (activity: string | undefined, ids: string[] = [], pkg: string | undefined = P): Pick<Observation, 'screen' | 'elements'> => ({
  screen: { width: 1080, height: 1920, ...(pkg === undefined ? {} : { package: pkg }), ...(activity === undefined ? {} : { activity }) },
  elements: snap(ids),
});

const planner = new Planner(map);

test('an activity component, relative or qualified, is the qualified class name', () => {
  assert.equal(qualifiedActivity('dev.notes/.ui.Main'), 'dev.notes.ui.Main');
  assert.equal(qualifiedActivity('dev.notes/dev.notes.ui.Main'), 'dev.notes.ui.Main');
  assert.equal(qualifiedActivity('dev.notes.ui.Main'), 'dev.notes.ui.Main');
  assert.equal(qualifiedActivity('.ui.Main'), '.ui.Main');
  assert.equal(qualifiedActivity('dev.notes/com.lib.Picker'), 'com.lib.Picker');
});

test('where the device is: the foreground activity (its alias, its short name), else the ids the screen shows', () => {
  assert.equal(planner.localise(at('.ui.SettingsActivity')), `${P}.ui.SettingsActivity`);
  assert.equal(planner.localise(at(`${P}.ui.SettingsActivity`, [], undefined)), `${P}.ui.SettingsActivity`);
  assert.equal(planner.localise(at('.About')), `${P}.ui.AboutActivity`);
  // Another package's name for the same class: its short name, when only one activity has it.
  assert.equal(planner.localise(at('com.shell.TrashActivity')), `${P}.ui.TrashActivity`);
  // Two activities share the short name: the ids decide; two of them at least, and only the screen's own.
  assert.equal(planner.localise(at('x.EditorActivity', ['title', 'save'])), `${P}.ui.EditorActivity`);
  assert.equal(planner.localise(at(undefined, ['dark_theme', 'font_size', 'title'])), `${P}.ui.SettingsActivity`);
  assert.equal(planner.localise(at(undefined, ['dark_theme'])), undefined);
  assert.equal(planner.localise(at(undefined, ['backup_now', 'dark_theme'])), undefined);
  assert.equal(planner.localise(at(undefined, ['dark_theme', 'dark_theme'])), undefined);
  assert.equal(planner.localise(at('x.EditorActivity')), undefined);
  assert.equal(planner.localise(at(`${P}.ui.EditorActivity`, [], undefined)), `${P}.ui.EditorActivity`);
  // An unknown foreground activity falls back on the ids.
  assert.equal(planner.localise(at('.ui.GoneActivity', ['licenses', 'version'])), `${P}.ui.AboutActivity`);
  // The most ids win.
  assert.equal(planner.localise(at(undefined, ['licenses', 'version', 'title', 'body', 'save'])), `${P}.ui.EditorActivity`);
});

test('a word on many controls decides less: 1 for a word on none, 1/1.5 for a word on eight', () => {
  assert.equal(planner.idf('zebra'), 1);
  const many = new Planner({
    ...map,
    activities: [
      activity(
        'A',
        Array.from({ length: 8 }, (_, i) => el(`row_${i}`, { text: `Alarm ${i}` })),
      ),
    ],
  });
  assert.ok(Math.abs(many.idf('alarm') - 1 / 1.5) < 1e-12);
  assert.ok(Math.abs(many.idf('row') - 1 / 1.5) < 1e-12);
  assert.ok(Math.abs(many.idf('0') - 1 / (1 + Math.log2(1 + 1 / 8) / 2)) < 1e-12);
  // The concepts (UI synonyms) are counted too.
  assert.ok(many.idf('~alarm') < 1);
});

test("a task's controls: at least one of its words (not only a synonym), best first, near the best only", () => {
  const ids = (task: string, limit?: number): string[] => planner.goals(taskTerms(task), limit).map((g) => g.element.id);
  assert.deepEqual(ids('turn on dark theme'), ['dark_theme', 'theme_schedule']);
  // Its hint, description or id words count; the goal says where the control sits.
  const [search] = planner.goals(taskTerms('search my notes'));
  assert.deepEqual(search, {
    activity: `${P}.ui.MainActivity`,
    element: map.activities[0]!.elements[2],
    target: { element: 'search', part: 'activity' },
    score: search!.score,
  });
  assert.ok(search!.score >= 0.5);
  assert.deepEqual(planner.goals(taskTerms('back up now'))[0]?.target, {
    element: 'backup_now',
    part: 'fragment',
    name: `${P}.ui.BackupFragment`,
  });
  // Equal scores: by activity (dev.notes.other before dev.notes.ui), then by id.
  assert.deepEqual(ids('theme'), ['theme_preview', 'dark_theme', 'theme_schedule']);
  assert.deepEqual(ids('settings save'), ['save', 'menu_settings']);
  // Far below the best (under three quarters of its score): left out.
  assert.deepEqual(ids('empty the trash now'), ['empty_trash']);
  assert.deepEqual(ids('theme', 1), ['theme_preview']);
  assert.deepEqual(ids('wallpaper'), []);
  // Words earlier steps used up weigh too little to make a goal.
  assert.deepEqual(
    planner.goals(taskTerms('dark theme', ['Dark theme'])).map((g) => g.element.id),
    [],
  );
  // A word on two dozen controls still makes one (half a point is enough).
  const crowded = new Planner({
    ...map,
    activities: [
      activity(
        'A',
        Array.from({ length: 24 }, (_, i) => el(`z${i}`, { text: `Zebra` })),
      ),
    ],
  });
  assert.equal(crowded.goals(taskTerms('zebra')).length, 12);
  assert.equal(crowded.goals(taskTerms('zebra'))[0]!.score, 0.5);
  // A synonym alone is not enough.
  assert.deepEqual(ids('preferences'), []);
});

test('routes: none needed where the device is, the shortest otherwise, none to where nothing leads', () => {
  assert.deepEqual(planner.route(`${P}.ui.SettingsActivity`, `${P}.ui.SettingsActivity`), {
    activity: `${P}.ui.SettingsActivity`,
    steps: [],
  });
  const r = planner.route(`${P}.ui.MainActivity`, `${P}.ui.AboutActivity`)!;
  assert.deepEqual(
    r.steps.map((s) => [s.from, s.to]),
    [[`${P}.ui.MainActivity`, `${P}.ui.AboutActivity`]],
  );
  assert.equal(planner.route(`${P}.ui.MainActivity`, `${P}.ui.TrashActivity`), undefined);
  assert.deepEqual(planner.instructions(r), ['on MainActivity: tap "About" (menu) → AboutActivity']);
  const goal = planner.goals(taskTerms('open source licenses'))[0]!;
  assert.deepEqual(planner.instructions(r, goal), [
    'on MainActivity: tap "About" (menu) → AboutActivity',
    'on AboutActivity: tap "Open source licenses"',
  ]);
});

test("a task's routes: from where the device is, else the launcher; one per screen, two at most", () => {
  const dests = (task: string, here?: string, limit?: number): string[] =>
    planner.taskRoutes(taskTerms(task), here, limit).map((p) => `${p.activity.split('.').pop()}#${p.target?.element}`);
  assert.deepEqual(dests('open source licenses'), ['AboutActivity#licenses']);
  assert.deepEqual(dests('open source licenses', `${P}.ui.SettingsActivity`), ['AboutActivity#licenses']);
  assert.equal(
    planner.taskRoutes(taskTerms('open source licenses'), `${P}.ui.SettingsActivity`)[0]!.steps[0]!.trigger?.element,
    'font_size',
  );
  // Two controls on one screen: one route; the trash is out of reach.
  assert.deepEqual(dests('dark theme font size'), ['SettingsActivity#font_size']);
  assert.deepEqual(dests('empty trash'), []);
  assert.deepEqual(dests('settings save font'), ['EditorActivity#save', 'MainActivity#menu_settings']);
  assert.deepEqual(dests('settings save font', undefined, 3), [
    'EditorActivity#save',
    'MainActivity#menu_settings',
    'SettingsActivity#font_size',
  ]);
  assert.deepEqual(dests('settings save font', undefined, 1), ['EditorActivity#save']);
  assert.deepEqual(new Planner({ ...map, activities: [] }).taskRoutes(taskTerms('settings'), undefined), []);
});

test('names: an activity by any unambiguous form, a control by id or label, its label for a person', () => {
  assert.equal(planner.activity(`${P}.ui.AboutActivity`), `${P}.ui.AboutActivity`);
  assert.equal(planner.activity(`${P}/.ui.AboutActivity`), `${P}.ui.AboutActivity`);
  assert.equal(planner.activity('.ui.AboutActivity'), `${P}.ui.AboutActivity`);
  assert.equal(planner.activity('AboutActivity'), `${P}.ui.AboutActivity`);
  assert.equal(planner.activity('EditorActivity'), undefined);
  assert.equal(planner.activity('utActivity'), undefined);
  assert.equal(planner.activity('Gone'), undefined);
  // A control's label: its text, its description, else its id; on the given screen first.
  assert.equal(planner.label(`${P}.ui.SettingsActivity`, 'dark_theme'), 'Dark theme');
  assert.equal(planner.label(`${P}.ui.MainActivity`, 'fab_add'), 'New note');
  assert.equal(planner.label(`${P}.ui.AboutActivity`, 'version'), 'version');
  assert.equal(planner.label(`${P}.ui.MainActivity`, 'licenses'), 'Open source licenses');
  assert.equal(planner.label(`${P}.ui.MainActivity`, 'nowhere'), 'nowhere');
  // One id on two screens: the given screen's.
  assert.equal(planner.label(`${P}.ui.TrashActivity`, 'title'), 'Trash');
  assert.equal(planner.label(`${P}.ui.EditorActivity`, 'title'), 'title');
  assert.deepEqual(
    planner.elementsWithId('save').map((e) => e.text),
    ['Save'],
  );
  assert.deepEqual(planner.elementsWithId('nowhere'), []);
});

test('places of a control: by id (a full resource id too), else its exact label, else a label holding it', () => {
  const where = (t: string): string[] => planner.placesOf(t).map((g) => `${g.activity.split('.').pop()}#${g.element.id}@${g.score}`);
  assert.deepEqual(where('dark_theme'), ['SettingsActivity#dark_theme@1']);
  assert.deepEqual(where(`${P}:id/dark_theme`), ['SettingsActivity#dark_theme@1']);
  assert.deepEqual(where('android:id/dark_theme'), ['SettingsActivity#dark_theme@1']);
  assert.deepEqual(where('x/dark_theme'), []);
  // The exact label (any case) before labels that hold it.
  assert.deepEqual(where('THEME PREVIEW'), ['EditorActivity#theme_preview@1']);
  assert.deepEqual(where('dark theme'), ['SettingsActivity#dark_theme@1']);
  assert.deepEqual(where('theme'), [
    'SettingsActivity#dark_theme@1',
    'SettingsActivity#theme_schedule@1',
    'EditorActivity#theme_preview@1',
  ]);
  assert.deepEqual(where('Title'), ['EditorActivity#title@1']);
  assert.deepEqual(where('new NOTE'), ['MainActivity#fab_add@1']);
  // The description and hint count; a label must hold the whole text.
  assert.deepEqual(where('search'), ['MainActivity#search@1']);
  assert.deepEqual(where('theme font'), []);
  assert.deepEqual(where('wallpaper'), []);
});

test('the map text for a task: its routes first, the screen it is on named, the screens it is about first', () => {
  const count = (text: string): number => Math.ceil(text.length / 4);
  const t = planner.mapText('open source licenses', `${P}.ui.MainActivity`, { count });
  const lines = t.text.split('\n');
  assert.equal(lines[0], 'route: MainActivity → tap "About" (menu) → AboutActivity → tap "Open source licenses"');
  assert.equal(lines[1], 'MainActivity (launcher, you are here)');
  assert.deepEqual(t.cut, []);
  // Not told where the device is: the route starts at the launcher, and no screen says "you are here".
  const away = planner.mapText('open source licenses', undefined, { count });
  assert.match(away.text, /^route: MainActivity → /);
  assert.ok(!away.text.includes('you are here'));
  // From another screen, the route starts there.
  assert.match(
    planner.mapText('open source licenses', `${P}.ui.SettingsActivity`, { count }).text,
    /^route: SettingsActivity → tap "Font size"/,
  );
  // Nothing the task is about: no route line.
  assert.ok(!planner.mapText('wallpaper', undefined, { count }).text.includes('route:'));
  // Under a small budget, the screens the task is about are the ones kept, and the cut is said.
  const small = planner.mapText('open source licenses', undefined, { count, budget: 60 });
  assert.equal(small.shown[0], `${P}.ui.AboutActivity`);
  assert.ok(small.cut.includes(`${P}.ui.TrashActivity`));
  assert.match(small.text, /\[cut at the budget of 60 tokens: /);
  assert.ok(small.tokens <= 60);
});
