// The diff written from its contract, with hand-made elements (no snapshot code involved): every field it
// compares, the exact text each change renders to, and a changed screen whose elements are all identical.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { diffSnapshots, renderDiff } from '../../src/snapshot/index.js';
import type { ScreenInfo, SnapshotElement } from '../../src/snapshot/index.js';

const home: ScreenInfo = { width: 1080, height: 2280, package: 'com.example', activity: '.Home' };

const el = (over: Partial<SnapshotElement> = {}): SnapshotElement => ({
  ref: 'b1',
  class: 'Button',
  text: 'Save',
  bounds: [0, 0, 100, 50],
  center: [50, 25],
  actions: ['tap'],
  states: [],
  ...over,
});

const diffOf = (a: SnapshotElement[], b: SnapshotElement[], screens: [ScreenInfo, ScreenInfo] = [home, home]) =>
  diffSnapshots({ elements: a, screen: screens[0] }, { elements: b, screen: screens[1] });

describe('diff fields, one at a time', () => {
  const cases: Array<[string, Partial<SnapshotElement>, Partial<SnapshotElement>, string]> = [
    ['class', { class: 'Button' }, { class: 'ImageButton' }, 'class "Button" → "ImageButton"'],
    ['text', { text: 'Save' }, { text: 'Saved' }, 'text "Save" → "Saved"'],
    ['desc', { desc: 'Save note' }, {}, 'desc "Save note" → (none)'],
    ['hint', {}, { hint: 'Title' }, 'hint (none) → "Title"'],
    ['id', { id: 'save' }, { id: 'save_all' }, 'id "save" → "save_all"'],
    ['labels', { labels: ['A', 'B'] }, { labels: ['A'] }, 'labels A | B → A'],
    ['labels', {}, { labels: ['New'] }, 'labels (none) → New'],
    ['labels', { labels: ['A'] }, { labels: ['A', 'C'] }, 'labels A → A | C'],
    ['labels', { labels: ['A'] }, {}, 'labels A → (none)'],
    ['items', { items: 3 }, { items: 4 }, 'items 3 → 4'],
    ['items', {}, { items: 2 }, 'items 0 → 2'],
    ['states', { states: ['checked'] }, { states: ['selected'] }, '+selected -checked'],
    ['actions', { actions: ['tap'] }, { actions: ['tap', 'long'] }, 'actions tap → tap,long'],
    ['actions', { actions: ['tap'] }, { actions: [] }, 'actions tap → (none)'],
    ['actions', { actions: ['tap', 'long'] }, { actions: ['tap'] }, 'actions tap,long → tap'],
    ['actions', { actions: [] }, { actions: ['scroll'] }, 'actions (none) → scroll'],
  ];
  for (const [field, a, b, text] of cases) {
    test(`${field}: ${text}`, () => {
      const d = diffOf([el(a)], [el(b)]);
      assert.equal(d.same, false);
      assert.deepEqual(d.added, []);
      assert.deepEqual(d.removed, []);
      assert.deepEqual(
        d.changed.map((c) => [c.ref, c.fields]),
        [['b1', [field]]],
      );
      assert.equal(renderDiff(d), `~ b1: ${text}\n`);
    });
  }

  test('several fields of one element join with "; " in field order', () => {
    const d = diffOf([el({ text: 'A', states: [] })], [el({ text: 'B', states: ['focused'] })]);
    assert.equal(renderDiff(d), '~ b1: text "A" → "B"; +focused\n');
  });

  test('states compare as sets: the same states in another order are no change', () => {
    for (const [a, b] of [
      [
        ['checked', 'focused'],
        ['focused', 'checked'],
      ],
      [
        ['focused', 'checked'],
        ['checked', 'focused'],
      ],
    ] as const) {
      const d = diffOf([el({ states: [...a] })], [el({ states: [...b] })]);
      assert.equal(d.same, true, `${a.join(',')} vs ${b.join(',')}`);
      assert.equal(renderDiff(d), 'no change\n');
    }
  });

  test('bounds only when asked, and then rendered with both boxes', () => {
    const a = [el()];
    const b = [el({ bounds: [0, 10, 100, 60], center: [50, 35] })];
    assert.equal(diffOf(a, b).same, true);
    const d = diffSnapshots({ elements: a, screen: home }, { elements: b, screen: home }, { bounds: true });
    assert.equal(renderDiff(d), '~ b1: bounds 0,0,100,50 → 0,10,100,60\n');
  });
});

describe('diff screens and membership', () => {
  test('another activity with identical elements is a change, named in the first line', () => {
    const other: ScreenInfo = { ...home, activity: '.Settings' };
    const d = diffOf([el()], [el()], [home, other]);
    assert.equal(d.same, false);
    assert.deepEqual(d.screen, { before: home, after: other });
    assert.deepEqual(d.changed, []);
    assert.equal(renderDiff(d), 'screen com.example/.Home → com.example/.Settings\n');
  });

  test('a screen with no known package is named (unknown)', () => {
    const unknown: ScreenInfo = { width: 1080, height: 2280 };
    const d = diffOf([el()], [el()], [unknown, home]);
    assert.equal(renderDiff(d), 'screen (unknown) → com.example/.Home\n');
  });

  test('another package with identical elements is a change too', () => {
    const d = diffOf([el()], [el()], [home, { ...home, package: 'com.other' }]);
    assert.equal(d.same, false);
    assert.ok(d.screen);
  });

  test('removed before added before changed, each in its snapshot order', () => {
    const before = [el({ ref: 'b1' }), el({ ref: 'b2', text: 'Two' }), el({ ref: 'b3', text: 'Three' })];
    const after = [el({ ref: 'b4', text: 'Four' }), el({ ref: 'b2', text: 'Deux' }), el({ ref: 'b5', text: 'Five' })];
    const d = diffOf(before, after);
    assert.deepEqual(
      d.removed.map((e) => e.ref),
      ['b1', 'b3'],
    );
    assert.deepEqual(
      d.added.map((e) => e.ref),
      ['b4', 'b5'],
    );
    const lines = renderDiff(d).trimEnd().split('\n');
    assert.deepEqual(
      lines.map((l) => l.slice(0, 2)),
      ['- ', '- ', '+ ', '+ ', '~ '],
    );
    assert.equal(lines[4], '~ b2: text "Two" → "Deux"');
  });

  test('no earlier snapshot: everything is added', () => {
    const d = diffSnapshots(undefined, { elements: [el(), el({ ref: 'b2' })], screen: home });
    assert.deepEqual(
      d.added.map((e) => e.ref),
      ['b1', 'b2'],
    );
    assert.deepEqual(d.removed, []);
    assert.deepEqual(d.changed, []);
    assert.equal(d.screen, undefined);
    assert.equal(d.same, false);
    assert.deepEqual(
      renderDiff(d)
        .trimEnd()
        .split('\n')
        .map((l) => l.slice(0, 2)),
      ['+ ', '+ '],
    );
  });
});
