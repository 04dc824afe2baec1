// Grids of look-alikes: one line in the tree and table, every member still an element with its ref and cell.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import type { UiDump, UiNode } from '../../src/hierarchy/model.js';
import { diffSnapshots, findElements, parseSelector, renderDiff, renderElements, snapshotFromDump } from '../../src/snapshot/index.js';
import { n, screen } from './build.js';

/** A month view: a title and 6 × 7 unlabeled day cells drawn as clickable views with one id. */
function month(selected?: number, count = 42): UiDump {
  const cells: UiNode[] = Array.from({ length: count }, (_, i) => {
    const [r, c] = [Math.floor(i / 7), i % 7];
    return n('View', {
      id: 'day',
      clickable: true,
      selected: i === selected,
      bounds: [c * 150, 300 + r * 150, c * 150 + 150, 450 + r * 150],
    });
  });
  return screen([
    n('TextView', { text: 'November 2026', bounds: [0, 100, 1080, 300] }),
    n('FrameLayout', { bounds: [0, 300, 1080, 1200] }, cells),
  ]);
}

describe('grids of look-alikes', () => {
  test('42 unlabeled cells print as one line: first and last ref, id, count, rows × columns', () => {
    const s = snapshotFromDump(month());
    const cells = s.elements.filter((e) => e.id === 'day');
    assert.equal(cells.length, 42);
    const lines = s.text.trim().split('\n');
    assert.equal(lines.length, 3, s.text); // header, title, the run
    assert.equal(lines[2], `${cells[0]!.ref}…${cells[41]!.ref} #day [42 in 6×7 grid]`);
    assert.deepEqual(cells[0]!.cell, [1, 1]);
    assert.deepEqual(cells[9]!.cell, [2, 3]);
    assert.deepEqual(cells[41]!.cell, [6, 7]);
  });

  test('every member is reachable: by ref, :cell(row, col), :nth(i) and :nth(-1)', () => {
    const s = snapshotFromDump(month());
    const cells = s.elements.filter((e) => e.id === 'day');
    assert.deepEqual(findElements(s, '#day:cell(2, 3)'), [cells[9]]);
    assert.deepEqual(findElements(s, '#day:nth(10)'), [cells[9]]);
    assert.deepEqual(findElements(s, '#day:nth(-1)'), [cells[41]]);
    assert.deepEqual(findElements(s, '#day:nth(43)'), []);
    assert.deepEqual(findElements(s, ':cell(6, 7)'), [cells[41]]);
    assert.deepEqual(findElements(s, `[ref=${cells[20]!.ref}]`), [cells[20]]);
  });

  test('a state some members have is listed with their refs', () => {
    const s = snapshotFromDump(month(17));
    const sel = s.elements.filter((e) => e.id === 'day')[17]!;
    assert.match(s.text, new RegExp(`\\[42 in 6×7 grid, selected ${sel.ref}\\]`));
  });

  test('expand (one member, or all) and all: true list the members one per line; json keeps every element', () => {
    const d = month();
    const cells = snapshotFromDump(d).elements.filter((e) => e.id === 'day');
    for (const o of [{ expand: cells[5]!.ref }, { expand: 'all' }, { all: true }]) {
      const lines = snapshotFromDump(d, o).text.trim().split('\n');
      assert.equal(lines.length, 44, JSON.stringify(o));
      assert.equal(lines[2], `${cells[0]!.ref} #day`);
    }
    assert.equal(snapshotFromDump(d, { expand: 'b1' }).text.trim().split('\n').length, 3);
    const json = JSON.parse(snapshotFromDump(d, { format: 'json' }).text) as { elements: Array<{ cell?: number[] }> };
    assert.equal(json.elements.filter((e) => e.cell !== undefined).length, 42);
  });

  test('table: one row for the run', () => {
    const t = snapshotFromDump(month(), { format: 'table' }).text.trim().split('\n');
    assert.equal(t.length, 4); // header, column names, title, the run
    assert.match(t[3]!, /…/);
    assert.match(t[3]!, /42 in 6×7 grid$/);
  });

  test('three look-alikes stay three lines; a labelled element ends a run', () => {
    assert.equal(snapshotFromDump(month(undefined, 3)).text.trim().split('\n').length, 5);
    const d = screen([
      ...[0, 1, 2, 3].map((i) => n('ImageView', { clickable: true, id: 'swatch', bounds: [i * 100, 0, i * 100 + 100, 100] })),
      n('ImageView', { clickable: true, id: 'swatch', desc: 'custom', bounds: [400, 0, 500, 100] }),
      ...[5, 6].map((i) => n('ImageView', { clickable: true, id: 'swatch', bounds: [i * 100, 0, i * 100 + 100, 100] })),
    ]);
    const lines = snapshotFromDump(d).text.trim().split('\n');
    assert.equal(lines.length, 5, lines.join('\n'));
    assert.match(lines[1]!, /#swatch \[4 in 1×4 grid\]$/);
  });

  test('a diff line about a member says its cell; other lines are unchanged', () => {
    const before = snapshotFromDump(month());
    const cells = before.elements.filter((e) => e.id === 'day');
    const selected = renderDiff(diffSnapshots(before, snapshotFromDump(month(17))));
    assert.equal(selected, `~ ${cells[17]!.ref} [cell 3,4]: +selected\n`);
    const fewer = diffSnapshots(before, snapshotFromDump(month(undefined, 41)));
    assert.equal(fewer.removed.length, 1, renderDiff(fewer));
    assert.equal(renderDiff(fewer), `- ${cells[41]!.ref} #day [cell 6,7]\n`);
    const retitled = month();
    retitled.roots[0]!.children[0]!.text = 'December 2026';
    // A label is identity: the title is a new element; neither line is a grid member's, so neither has a cell.
    const title = renderDiff(diffSnapshots(before, snapshotFromDump(retitled)));
    assert.match(title, /^- t\d+ November 2026\n\+ t\d+ December 2026\n$/);
  });

  test('a scoped member prints alone', () => {
    const s = snapshotFromDump(month());
    const ref = s.elements.filter((e) => e.id === 'day')[3]!.ref;
    assert.equal(snapshotFromDump(month(), { scope: ref }).text.trim().split('\n')[1], `${ref} #day`);
  });
});

describe('grid selectors parse', () => {
  test(':cell(r, c) and :nth(i); an id before a pseudo-class ends at the colon unless it is a full id', () => {
    assert.deepEqual(parseSelector(':cell(2, 3)').alternatives[0]!.parts, [{ type: 'cell', row: 2, col: 3 }]);
    assert.deepEqual(parseSelector(':nth(-1)').alternatives[0]!.parts, [{ type: 'nth', index: -1 }]);
    assert.deepEqual(parseSelector('#login:enabled').alternatives[0]!.parts, [
      { type: 'id', name: 'login' },
      { type: 'state', name: 'enabled' },
    ]);
    assert.deepEqual(parseSelector('#com.app:id/send:nth(1)').alternatives[0]!.parts, [
      { type: 'id', name: 'com.app:id/send' },
      { type: 'nth', index: 1 },
    ]);
  });

  test('bad numbers are SELECTOR_INVALID', () => {
    for (const s of [':cell(0, 1)', ':cell(2)', ':nth(0)', ':nth(x)', ':cell(1, -2)'])
      assert.throws(() => parseSelector(s), { code: 'SELECTOR_INVALID' }, s);
  });
});

describe('minified class names', () => {
  const d = screen([
    n('a.b.v', { scrollable: true, bounds: [0, 0, 1080, 1000] }, [
      n('a.b.aq', { clickable: true, text: 'Page one', bounds: [0, 0, 1080, 1000] }),
    ]),
    n('a.b.c', { scrollable: true, bounds: [0, 1000, 1080, 2000] }, [
      ...[0, 1, 2].map((i) => n('a.b.x', { clickable: true, text: `Row ${i}`, bounds: [0, 1000 + i * 100, 1080, 1100 + i * 100] })),
    ]),
    n('a.b.X0', { clickable: true, bounds: [0, 2000, 100, 2100] }),
  ]);

  test('the text shows what the element evidently is; the JSON keeps the dumped name', () => {
    const s = snapshotFromDump(d);
    const lines = s.text.trim().split('\n').slice(1);
    const [pager, page, list, , , , bare] = s.elements;
    assert.deepEqual(lines, [
      `${pager!.ref} ViewPager [scrollable]`,
      ` ${page!.ref} Page one`,
      `${list!.ref} List [3 items]`,
      ...s.elements.slice(3, 6).map((e, i) => ` ${e.ref} Row ${i}`),
      `${bare!.ref} View`,
    ]);
    assert.deepEqual(
      s.elements.map((e) => e.class),
      ['v', 'aq', 'c', 'x', 'x', 'x', 'X0'],
    );
    assert.deepEqual(findElements(s, 'List'), [list]);
    assert.deepEqual(findElements(s, 'v'), [pager]);
  });

  test('a selector finds a minified element by the class the text shows for it, two-letter names too', () => {
    const s = snapshotFromDump(d);
    const [pager, page, list, r0, r1, r2, bare] = s.elements;
    assert.deepEqual(findElements(s, 'View'), [page, r0, r1, r2, bare]);
    assert.deepEqual(findElements(s, 'List'), [list]);
    // The pager is told from a scroller by its page-sized children, as in the text.
    assert.deepEqual(findElements(s, 'ViewPager'), [pager]);
    assert.deepEqual(findElements(s, 'ScrollView'), []);
  });

  test('find results and a tree cut above the pages name the pager as the full tree does', () => {
    const s = snapshotFromDump(d);
    const pager = s.elements[0]!;
    assert.equal(renderElements(findElements(s, 'ViewPager'), undefined, s.elements), `${pager.ref} ViewPager [scrollable]\n`);
    // Without the snapshot's elements a list of results cannot see the pages.
    assert.equal(renderElements([pager]), `${pager.ref} ScrollView [scrollable]\n`);
    assert.equal(snapshotFromDump(d, { depth: 1 }).text.trim().split('\n')[1], `${pager.ref} ViewPager [scrollable] (+1)`);
    const table = snapshotFromDump(d, { depth: 1, format: 'table' }).text.split('\n');
    assert.match(
      table.find((l) => l.startsWith(pager.ref))!,
      new RegExp(`^${pager.ref} +scroll +ViewPager `),
    );
  });
});
