// The fold notes' rules on elements built here one by one: on which side of a list an off-screen row lies, which
// rows are worth naming, which are only counted, when a last row counts as cut or hidden under the navigation bar,
// and where each note goes in the screen text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { foldNoteList, foldNotes, lastRowCut, withFold } from '../../src/agent/policies/fold.js';
import type { ScreenInfo, SnapshotElement } from '../../src/snapshot/types.js';

const screen: ScreenInfo = { width: 1080, height: 1920 };
const el = (ref: string, b: [number, number, number, number], fields: Partial<SnapshotElement> = {}): SnapshotElement => ({
  ref,
  class: 'TextView',
  bounds: b,
  center: [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2],
  actions: [],
  states: [],
  ...fields,
});
/** A vertical list from y 200 to 1600. */
const list = el('s1', [0, 200, 1080, 1600], { class: 'RecyclerView', actions: ['scroll'] });
const row = (ref: string, top: number, text: string | undefined, more: Partial<SnapshotElement> = {}): SnapshotElement =>
  el(ref, [0, top, 1080, top + 200], { parent: 's1', actions: ['tap'], ...(text === undefined ? {} : { text }), ...more });

test('off-screen rows go on the side they lie: below, above, left or right of the list (the screen bounds it)', () => {
  const off = [
    row('b1', 1600, 'Below'),
    el('a1', [0, -200, 1080, 0], { parent: 's1', text: 'Above' }),
    el('r1', [1080, 300, 2160, 500], { parent: 's1', text: 'Right' }),
    el('l1', [-1080, 300, 0, 500], { parent: 's1', text: 'Left' }),
  ];
  assert.deepEqual(foldNotes({ screen, elements: [list], offscreen: off }).get('s1'), [
    '(above the fold, 1 more: a1 "Above")',
    '(below the fold, 1 more: b1 "Below")',
    '(left the fold, 1 more: l1 "Left")',
    '(right the fold, 1 more: r1 "Right")',
  ]);
  // A list taller than the screen: its fold is the screen's edge; one that starts above the screen, the top.
  const tall = el('s1', [0, -400, 1080, 3000], { actions: ['scroll'] });
  const edge = [
    el('e1', [0, 1920, 1080, 2100], { parent: 's1', text: 'Past the screen' }),
    el('e2', [0, -300, 1080, 0], { parent: 's1', text: 'Over' }),
  ];
  assert.deepEqual(foldNotes({ screen, elements: [tall], offscreen: edge }).get('s1'), [
    '(above the fold, 1 more: e2 "Over")',
    '(below the fold, 1 more: e1 "Past the screen")',
  ]);
  // A row reaching past the screen's right edge is to the right, even inside the list's own width.
  const wide = el('w1', [500, 300, 1300, 500], { parent: 's1', text: 'Wide' });
  assert.deepEqual(foldNotes({ screen, elements: [list], offscreen: [wide] }).get('s1'), ['(right the fold, 1 more: w1 "Wide")']);
});

test('a row belongs to its nearest scrollable ancestor on screen; loops in the parents end the search', () => {
  const inner = el('s2', [0, 300, 1080, 800], { parent: 's1', class: 'RecyclerView', actions: ['scroll'] });
  const wrapper = el('g1', [0, 900, 1080, 1100], { parent: 's2' });
  const deep = el('d1', [0, 900, 1080, 1100], { parent: 'g1', text: 'Deep' });
  assert.deepEqual([...foldNotes({ screen, elements: [list, inner], offscreen: [wrapper, deep] }).keys()], ['s2']);
  // An off-screen scrollable's rows are its own (it has no note on screen).
  const offList = el('s3', [0, 2000, 1080, 2400], { parent: 's1', actions: ['scroll'] });
  const inOffList = el('o1', [0, 2000, 1080, 2200], { parent: 's3', text: 'In a list off screen' });
  assert.deepEqual(foldNotes({ screen, elements: [list], offscreen: [offList, inOffList] }).size, 0);
  // A parent chain that loops ends without a scrollable.
  const loopA = el('x1', [0, 2000, 10, 2010], { parent: 'x2', text: 'A' });
  const loopB = el('x2', [0, 2000, 10, 2010], { parent: 'x1', text: 'B' });
  assert.equal(foldNotes({ screen, elements: [list], offscreen: [loopA, loopB] }).size, 0);
  // No scrollable at all: no note.
  assert.equal(foldNotes({ screen, elements: [], offscreen: [row('b1', 1600, 'Below')] }).size, 0);
});

test('rows worth naming: labelled by more than an id, not repeating an off-screen parent; controls first', () => {
  const card = row('c1', 1700, 'Card');
  const off = [
    card,
    el('c2', [0, 1700, 1080, 1900], { parent: 'c1', text: 'Card' }),
    el('c3', [0, 1700, 1080, 1900], { parent: 'c1', text: 'Subtitle' }),
    el('i1', [0, 1900, 1080, 2000], { parent: 's1', id: 'divider' }),
    el('t1', [0, 2000, 1080, 2100], { parent: 's1', text: 'Just text' }),
    row('b2', 2100, 'Button row'),
  ];
  const [note] = foldNoteList({ screen, elements: [list], offscreen: off }).get('s1')!;
  assert.deepEqual(note, {
    text: '(below the fold, 4 more: c1 "Card", b2 "Button row", c3 "Subtitle", t1 "Just text")',
    refs: ['c1', 'b2', 'c3', 't1'],
  });
  // A child repeating the label of a parent on screen is named.
  const shown = row('p1', 1400, 'Shown');
  const child = el('p2', [0, 1600, 1080, 1700], { parent: 'p1', text: 'Shown' });
  assert.deepEqual(foldNotes({ screen, elements: [list, shown], offscreen: [child] }).get('s1'), ['(below the fold, 1 more: p2 "Shown")']);
});

test('five named at most, the rest counted; labels cut at forty; labels not to reveal are counted only', () => {
  const off = Array.from({ length: 7 }, (_, i) => row(`r${i}`, 1600 + i * 200, `Row ${i}`));
  assert.deepEqual(foldNoteList({ screen, elements: [list], offscreen: off }).get('s1'), [
    {
      text: '(below the fold, 7 more: r0 "Row 0", r1 "Row 1", r2 "Row 2", r3 "Row 3", r4 "Row 4", +2 more)',
      refs: ['r0', 'r1', 'r2', 'r3', 'r4'],
    },
  ]);
  const long = row('g1', 1600, 'x'.repeat(40));
  const longer = row('g2', 1800, 'y'.repeat(41));
  assert.deepEqual(foldNotes({ screen, elements: [list], offscreen: [long, longer] }).get('s1'), [
    `(below the fold, 2 more: g1 "${'x'.repeat(40)}", g2 "${'y'.repeat(39)}…")`,
  ]);
  const reveal = (l: string): boolean => l.startsWith('Row 1');
  assert.deepEqual(foldNoteList({ screen, elements: [list], offscreen: off.slice(0, 3) }, { reveal }).get('s1'), [
    { text: '(below the fold, 3 more: r1 "Row 1", +2 more)', refs: ['r1'] },
  ]);
  assert.deepEqual(foldNoteList({ screen, elements: [list], offscreen: off.slice(0, 2) }, { reveal: () => false }).get('s1'), [
    { text: '(below the fold, 2 more)', refs: [] },
  ]);
  assert.deepEqual(foldNotes({ screen, elements: [list], offscreen: off.slice(0, 1) }, { named: true }).get('s1'), [
    '(below the fold of s1, 1 more: r0 "Row 0")',
  ]);
});

test('a last row at the edge is cut when shorter than its look-alikes or missing their label; under the bar, hidden', () => {
  const rows = [row('r1', 200, 'A'), row('r2', 400, 'B'), row('r3', 600, 'C')];
  const short = el('r4', [0, 800, 1080, 900], { parent: 's1', text: 'D', actions: ['tap'] });
  const at = (
    last: SnapshotElement,
    s = el('s1', [0, 200, 1080, last.bounds[3]], { actions: ['scroll'] }),
  ): ReturnType<typeof lastRowCut> => lastRowCut(s, [...rows, last], screen);
  assert.equal(at(short), 'cut');
  // As tall as the others (within two pixels): a list at its end.
  assert.equal(at(el('r4', [0, 800, 1080, 998], { parent: 's1', text: 'D' })), undefined);
  assert.equal(at(el('r4', [0, 800, 1080, 997], { parent: 's1', text: 'D' })), 'cut');
  // Without the label the others show (its text lies past the edge): cut, whatever its height.
  assert.equal(at(el('r4', [0, 800, 1080, 1000], { parent: 's1' })), 'cut');
  assert.equal(at(el('r4', [0, 800, 1080, 1000], { parent: 's1', id: 'row' })), 'cut');
  // Look-alikes by id first, else by class; none alike: not cut.
  const byId = [
    el('q1', [0, 200, 1080, 280], { parent: 's1', id: 'item', class: 'A' }),
    el('q2', [0, 300, 1080, 600], { parent: 's1', id: 'other', class: 'B' }),
  ];
  const lastById = el('q3', [0, 600, 1080, 680], { parent: 's1', id: 'item', class: 'B' });
  assert.equal(lastRowCut(el('s1', [0, 200, 1080, 680], { actions: ['scroll'] }), [...byId, lastById], screen), undefined);
  const lone = el('z1', [0, 200, 1080, 260], { parent: 's1', class: 'Unique' });
  assert.equal(lastRowCut(el('s1', [0, 200, 1080, 260], { actions: ['scroll'] }), [lone], screen), undefined);
  // Short of the edge: nothing, unless the list reaches the screen's bottom and its last row runs under the bar.
  const full = el('s1', [0, 200, 1080, 1920], { actions: ['scroll'] });
  const underBar = el('u1', [0, 1600, 1080, 1820], { parent: 's1', text: 'U' });
  assert.equal(lastRowCut(full, [underBar], screen), 'bar');
  const aboveBar = el('u1', [0, 1500, 1080, 1790], { parent: 's1', text: 'U' });
  assert.equal(lastRowCut(full, [aboveBar], screen), undefined);
  assert.equal(lastRowCut(el('s1', [0, 200, 1080, 1900], { actions: ['scroll'] }), [underBar], screen), undefined);
  assert.equal(lastRowCut(full, [], screen), undefined);
  // The note says which: and none when the dump holds what lies below.
  assert.deepEqual(foldNotes({ screen, elements: [full, underBar] }).get('s1'), [
    '(more may lie below the fold: the last row shown runs under the navigation bar; scroll down to see it)',
  ]);
  assert.equal(foldNotes({ screen, elements: [full, underBar], offscreen: [row('n1', 1920, 'Next')] }).get('s1')!.length, 1);
});

test("each list's notes go after its last row, indented as its rows; a footer after a blank line comes after them", () => {
  const off = [row('b1', 1600, 'Below')];
  const o = { screen, elements: [list, row('r1', 200, 'A')], offscreen: off };
  assert.deepEqual(withFold(['a0 title', 's1 list', ' r1 A', 'z9 after', '', 'footer'], o), [
    'a0 title',
    's1 list',
    ' r1 A',
    ' (below the fold, 1 more: b1 "Below")',
    'z9 after',
    '',
    'footer',
  ]);
  assert.deepEqual(withFold(['s1 list', ' r1 A', '', 'footer'], o), [
    's1 list',
    ' r1 A',
    ' (below the fold, 1 more: b1 "Below")',
    '',
    'footer',
  ]);
  assert.deepEqual(withFold(['  s1 list', '   r1 A'], o), ['  s1 list', '   r1 A', '   (below the fold, 1 more: b1 "Below")']);
  // Lines that are not elements (wrapped text) stay where they are.
  assert.deepEqual(withFold(['s1 list', ' r1 A', '   more of A'], o), [
    's1 list',
    ' r1 A',
    '   more of A',
    ' (below the fold, 1 more: b1 "Below")',
  ]);
  // Nothing beyond any fold: the lines as they were.
  const lines = ['s1 list', ' r1 A'];
  assert.deepEqual(withFold(lines, { screen, elements: [list, row('r1', 200, 'A')] }), lines);
});
