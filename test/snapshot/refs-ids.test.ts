// A row named by its own resource id keeps its ref standing alone when a scroll view cuts its title away or its
// label changes; inside a scroller that recycles rows, a row's id names the template and its label stays its name.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UiDump, UiNode } from '../../src/hierarchy/model.js';
import { snapshotFromDump } from '../../src/snapshot/index.js';
import { followElements, scrollLists } from './perturb.js';
import { n, screen } from './build.js';

/** A settings row: a clickable holder with a title and a summary stacked inside (120 px high from `top`). */
const row = (id: string, title: string, summary: string, top: number): UiNode =>
  n('RelativeLayout', { id, clickable: true, focusable: true, bounds: [0, top, 1080, top + 120] }, [
    n('TextView', { text: title, bounds: [40, top + 10, 1000, top + 60] }),
    n('TextView', { text: summary, bounds: [40, top + 60, 1000, top + 110] }),
  ]);

/** Rows inside a scroller of class `scroller` (its bounds from y = 200 down), under a full-screen frame. */
const list = (scroller: string, rows: UiNode[]): UiDump =>
  screen([n(scroller, { id: 'list', scrollable: true, focusable: true, bounds: [0, 200, 1080, 2000] }, rows)]);

/** Each old row (by its title) and whether it kept its ref in the new dump read without history. */
function keptAfterScroll(d: UiDump, dy: number): Map<string, boolean> {
  const p = scrollLists(d, dy);
  const out = new Map<string, boolean>();
  for (const { before, after } of followElements(d, p, p.moved)) if (before.labels) out.set(before.labels[0]!, after?.ref === before.ref);
  return out;
}

const refOf = (d: UiDump, label: string): string | undefined =>
  snapshotFromDump(d).elements.find((e) => e.labels?.includes(label) || e.text === label)?.ref;

describe('a row named by its own resource id', () => {
  const settings = (): UiDump =>
    list('ScrollView', [row('theme_holder', 'Theme', 'Dark', 200), row('language_holder', 'Language', 'English', 320)]);

  test('keeps its ref alone when a scroll view cuts its title away', () => {
    // 70 px up: the first row's title leaves the view, its summary stays.
    const kept = keptAfterScroll(settings(), 70);
    assert.deepEqual(
      [...kept],
      [
        ['Theme', true],
        ['Language', true],
      ],
    );
  });

  test('keeps its ref when its label changes, and never shares it', () => {
    const before = settings();
    const after = list('ScrollView', [row('theme_holder', 'Theme', 'Light', 200), row('language_holder', 'Langue', 'Français', 320)]);
    assert.equal(refOf(after, 'Langue'), refOf(before, 'Language'));
    const refs = snapshotFromDump(after).elements.map((e) => e.ref);
    assert.equal(new Set(refs).size, refs.length);
  });

  test('a label of its own (text on the element itself) stays its name', () => {
    const own = (t: string): UiDump => screen([n('Button', { id: 'go', text: t, clickable: true, bounds: [0, 0, 300, 100] })]);
    assert.notEqual(refOf(own('Start'), 'Start'), refOf(own('Stop'), 'Stop'));
  });
});

describe('rows a scroller may recycle from one template', () => {
  test('two items alone in one recycling list, one at a time, get two refs', () => {
    const one = (title: string): UiDump => list('androidx.recyclerview.widget.RecyclerView', [row('item_holder', title, '0 items', 200)]);
    assert.notEqual(refOf(one('Alarms'), 'Alarms'), refOf(one('Music'), 'Music'));
  });

  test('an id shared by two rows of a scroll view is no name: their labels are', () => {
    const twins = (a: string, b: string): UiDump => list('ScrollView', [row('holder', a, '', 200), row('holder', b, '', 320)]);
    const refs = snapshotFromDump(twins('Wi-Fi', 'Bluetooth')).elements.map((e) => e.ref);
    assert.equal(new Set(refs).size, refs.length);
    assert.notEqual(refOf(twins('Wi-Fi', 'Bluetooth'), 'Wi-Fi'), refOf(twins('Sound', 'Bluetooth'), 'Sound'));
  });

  test('a recycled row that loses its title to the edge takes a new ref (its label was its name)', () => {
    const d = list('androidx.recyclerview.widget.RecyclerView', [
      row('item_holder', 'Alarms', '0 items', 200),
      row('item_holder', 'Music', '2 items', 320),
    ]);
    assert.deepEqual(
      [...keptAfterScroll(d, 70)],
      [
        ['Alarms', false],
        ['Music', true],
      ],
    );
  });
});
