// Runs of look-alikes as the tree and the table print them, with states held by some members, off-screen runs and
// bounds. Elements and refs are written by hand (no dump, no passes); the expected lines are written from the
// rules in grids.ts and render.ts, not produced by them.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bounds } from '../../src/hierarchy/model.js';
import { gridShape, markGrids, unionBounds } from '../../src/snapshot/grids.js';
import { renderTable, renderTree, type Header, type Item } from '../../src/snapshot/render.js';
import type { SnapshotElement, State } from '../../src/snapshot/types.js';
import { element } from './build.js';

const header: Header = { screen: { width: 1080, height: 2280 }, offscreenHidden: 0 };
const plain = { bounds: false, maxLabel: 80 };
const withBounds = { bounds: true, maxLabel: 80 };

const item = (el: SnapshotElement, children: Item[] = [], depth = 0): Item => ({ el, depth, children, hidden: 0 });

/** A clickable unlabelled cell `#cell` 100 × 100 at [row, column] of a grid whose top left is (100, 200). */
function cell(ref: string, [r, c]: [number, number], states: State[] = [], offscreen = false): SnapshotElement {
  const bounds: Bounds = [100 + c * 100, 200 + r * 100, 200 + c * 100, 300 + r * 100];
  const el = element(ref, bounds, { class: 'View', id: 'cell', actions: ['tap'], states: ['clickable', ...states] });
  if (offscreen) el.offscreen = true;
  return el;
}

/** Eight cells in 2 rows of 4, all selected but the fourth. */
function eight(): Item[] {
  return Array.from({ length: 8 }, (_, i) => item(cell(`b${i + 1}`, [Math.floor(i / 4), i % 4], i === 3 ? [] : ['selected'])));
}

describe('a run in the tree', () => {
  test('a state most but not all members have is counted (more than six would be too many refs)', () => {
    const items = eight();
    markGrids(items);
    assert.equal(renderTree(items, header, plain), 'b1…b8 #cell [8 in 2×4 grid, selected ×7]\n');
  });

  test('a state every member has is named once; up to six members having one are listed by ref', () => {
    const items = Array.from({ length: 8 }, (_, i) =>
      item(cell(`b${i + 1}`, [Math.floor(i / 4), i % 4], i < 6 ? ['disabled', 'selected'] : ['disabled'])),
    );
    markGrids(items);
    assert.equal(renderTree(items, header, plain), 'b1…b8 #cell [8 in 2×4 grid, disabled, selected b1 b2 b3 b4 b5 b6]\n');
  });

  test('a run of empty minified scrollers (carousels not loaded yet) reads ScrollView', () => {
    const items = [0, 1, 2, 3].map((i) =>
      item(element(`s${i + 1}`, [0, i * 300, 1080, i * 300 + 300], { class: 'ab', actions: ['scroll'], states: ['scrollable'] })),
    );
    markGrids(items);
    assert.equal(renderTree(items, header, plain), 's1…s4 ScrollView [4 in 4×1 grid, scrollable]\n');
  });

  test('with bounds: the union of the members, from the top-left of the first to the bottom-right of the last', () => {
    const items = eight();
    markGrids(items);
    assert.equal(renderTree(items, header, withBounds), 'b1…b8 #cell [8 in 2×4 grid, selected ×7] @100,200,500,400\n');
  });

  test('members off the screen: the run says so once, not per member', () => {
    const items = [0, 1, 2, 3].map((c) => item(cell(`b${c + 1}`, [0, c], [], true)));
    markGrids(items);
    assert.equal(renderTree(items, header, plain), 'b1…b4 #cell [4 in 1×4 grid, offscreen]\n');
  });

  test('a run of pagers is never formed: members have no children, each pager prints on its own line', () => {
    // Minified scrollables holding one page each: they tell themselves apart by what they hold.
    const pagers = [0, 1, 2, 3].map((i) => {
      const b: Bounds = [0, i * 500, 1080, i * 500 + 500];
      const pager = element(`s${i + 1}`, b, { class: 'v', actions: ['scroll'], states: ['scrollable'] });
      const page = element(`t${i + 1}`, b, { class: 'aq', text: `Page ${i + 1}`, parent: pager.ref });
      return item(pager, [item(page, [], 1)]);
    });
    markGrids(pagers);
    assert.equal(
      renderTree(pagers, header, plain),
      [
        's1 ViewPager [scrollable]',
        ' t1 Page 1',
        's2 ViewPager [scrollable]',
        ' t2 Page 2',
        's3 ViewPager [scrollable]',
        ' t3 Page 3',
        's4 ViewPager [scrollable]',
        ' t4 Page 4',
        '',
      ].join('\n'),
    );
  });
});

describe('what makes look-alikes', () => {
  test('absorbed labels tell rows apart: four unlabelled-looking rows with their own labels stay four lines', () => {
    const rows = ['Milk', 'Eggs', 'Bread', 'Coffee'].map((l, i) =>
      item(element(`b${i + 1}`, [0, i * 100, 1080, i * 100 + 100], { class: 'LinearLayout', id: 'row', actions: ['tap'], labels: [l] })),
    );
    markGrids(rows);
    assert.equal(renderTree(rows, header, plain), 'b1 Milk\nb2 Eggs\nb3 Bread\nb4 Coffee\n');
  });
});

describe('gridShape: rows from the layout, not from the order of the dump', () => {
  const at = (ref: string, l: number, t: number): SnapshotElement => element(ref, [l, t, l + 100, t + 100]);

  test('a gallery dumped column by column still reads row by row', () => {
    // Two rows of three, listed down each column.
    const members = [at('b1', 0, 0), at('b2', 0, 100), at('b3', 100, 0), at('b4', 100, 100), at('b5', 200, 0), at('b6', 200, 100)];
    assert.deepEqual(gridShape(members), { rows: 2, cols: 3 });
    assert.deepEqual(
      members.map((e) => e.cell),
      [
        [1, 1],
        [2, 1],
        [1, 2],
        [2, 2],
        [1, 3],
        [2, 3],
      ],
    );
  });

  test('a right-to-left row: columns count from the left edge of the screen', () => {
    const members = [at('b1', 300, 0), at('b2', 200, 0), at('b3', 100, 0), at('b4', 0, 0)];
    assert.deepEqual(gridShape(members), { rows: 1, cols: 4 });
    assert.deepEqual(
      members.map((e) => e.cell),
      [
        [1, 4],
        [1, 3],
        [1, 2],
        [1, 1],
      ],
    );
  });

  test('a member whose middle reaches the bottom edge of the row first member starts the next row', () => {
    // A brick layout: every other tile half a tile lower. Its middle is on the bottom edge of the first tile.
    const members = [at('b1', 0, 0), at('b2', 100, 50), at('b3', 200, 0), at('b4', 300, 50)];
    assert.deepEqual(gridShape(members), { rows: 2, cols: 2 });
    assert.deepEqual(
      members.map((e) => e.cell),
      [
        [1, 1],
        [2, 1],
        [1, 2],
        [2, 2],
      ],
    );
  });
});

describe('a run in the table', () => {
  test('one row: the ref range, the first member verb, class and id; the run tags; bounds as a tag', () => {
    const items = eight();
    markGrids(items);
    assert.equal(
      renderTable(items, header, withBounds),
      [
        'REF    VERB  CLASS  LABEL  ID     CENTER  TAGS',
        'b1…b8  tap   View   -      #cell  -       8 in 2×4 grid, selected ×7, bounds=100,200,500,400',
        '',
      ].join('\n'),
    );
  });

  test('an element off the screen: offscreen and bounds tags after its states', () => {
    const el = element('b9', [1080, 0, 1280, 100], { text: 'Next', actions: ['tap'], states: ['clickable', 'selected'] });
    el.offscreen = true;
    assert.equal(
      renderTable([item(el)], header, withBounds),
      [
        'REF  VERB  CLASS     LABEL  ID  CENTER   TAGS',
        'b9   tap   TextView  Next   -   1180,50  selected offscreen bounds=1080,0,1280,100',
        '',
      ].join('\n'),
    );
  });
});

test('unionBounds: the smallest box holding every box; none holds nothing', () => {
  assert.deepEqual(
    unionBounds([{ bounds: [300, 40, 400, 90] }, { bounds: [10, 500, 60, 520] }, { bounds: [200, 100, 700, 110] }]),
    [10, 40, 700, 520],
  );
  assert.deepEqual(unionBounds([]), [0, 0, 0, 0]);
});
