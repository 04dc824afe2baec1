// Carrying refs from the previous snapshot (src/snapshot/carry.ts): a list row cut by the list's edge keeps the
// ref it had, and nothing else takes a ref it should not. The lists are built as a dump of a scrolled list is:
// rows move up by the scroll, are clipped to the list, and a label whose part of the row left the list is gone.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bounds, UiDump, UiNode } from '../../src/hierarchy/model.js';
import { diffSnapshots } from '../../src/snapshot/diff.js';
import { snapshotFromDump, type PreviousSnapshot, type Snapshot } from '../../src/snapshot/snapshot.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { n, screen } from './build.js';

const LIST: Bounds = [0, 200, 1080, 1200];
const ROW_H = 200;
/** Padding above the first label and below the last one. */
const PAD = 25;

interface Row {
  labels: string[];
  id?: string;
  cls?: string;
  /** Column (0 or 1) in a two-column grid; rows of one grid line share their top. */
  col?: number;
  /** Line in the list (default: the row's index; grid rows give it). */
  line?: number;
}

/**
 * A list scrolled by `scroll` px: each row is a clickable layout whose labels split its height (less padding)
 * evenly; what lies outside the list's bounds is clipped, and a label wholly outside is not in the dump.
 */
function list(rows: Row[], scroll: number, listId = 'list'): UiDump {
  const clip = (b: Bounds): Bounds | undefined => {
    const c: Bounds = [Math.max(b[0], LIST[0]), Math.max(b[1], LIST[1]), Math.min(b[2], LIST[2]), Math.min(b[3], LIST[3])];
    return c[2] <= c[0] || c[3] <= c[1] ? undefined : c;
  };
  const kids: UiNode[] = [];
  rows.forEach((r, i) => {
    const width = r.col === undefined ? 1080 : 540;
    const left = (r.col ?? 0) * 540;
    const top = LIST[1] + (r.line ?? i) * ROW_H - scroll;
    const rowBounds = clip([left, top, left + width, top + ROW_H]);
    if (rowBounds === undefined) return;
    const h = (ROW_H - 2 * PAD) / r.labels.length;
    const labels = r.labels
      .map((text, k) => ({ text, b: clip([left, top + PAD + k * h, left + width, top + PAD + (k + 1) * h]) }))
      .filter((l): l is { text: string; b: Bounds } => l.b !== undefined)
      .map((l) => n('TextView', { text: l.text, bounds: l.b }));
    kids.push(n(r.cls ?? 'LinearLayout', { clickable: true, bounds: rowBounds, ...(r.id ? { id: r.id } : {}) }, labels));
  });
  return screen([
    n('TextView', { text: 'Inbox', bounds: [0, 80, 1080, 180] }),
    n('RecyclerView', { id: listId, scrollable: true, bounds: LIST }, kids),
  ]);
}

const mail = (k: number): Row => ({ labels: [`Sender ${k}`, `Subject ${k}`] });
const rows = (count: number, make = mail): Row[] => Array.from({ length: count }, (_, k) => make(k));

/** The element of `snap` whose labels end with (or are) `label`, among the list's rows. */
function row(snap: Snapshot, label: string): SnapshotElement {
  const found = snap.elements.filter((e) => e.labels?.at(-1) === label || e.labels?.[0] === label);
  assert.equal(found.length, 1, `one row labelled ${label}: ${found.map((e) => e.labels?.join('|')).join(', ')}`);
  return found[0]!;
}

const refsOf = (s: Snapshot): string[] => s.elements.map((e) => e.ref);

function assertUnique(s: Snapshot): void {
  assert.equal(new Set(refsOf(s)).size, s.elements.length, 'refs are unique');
}

describe('carrying refs from the previous snapshot', () => {
  test('a row cut at the top keeps its ref; standing alone it would get a new one', () => {
    const before = snapshotFromDump(list(rows(8), 0));
    const dump = list(rows(8), 120);
    const alone = snapshotFromDump(dump);
    const carried = snapshotFromDump(dump, { previous: before });
    assert.deepEqual(row(carried, 'Subject 0').labels, ['Subject 0'], 'the cut row kept only its last label');
    assert.notEqual(row(alone, 'Subject 0').ref, row(before, 'Sender 0').ref, 'without history the cut row is new');
    assert.equal(row(carried, 'Subject 0').ref, row(before, 'Sender 0').ref);
    // Every other row and the list itself keep their refs either way.
    for (let k = 1; k < 5; k++) assert.equal(row(carried, `Sender ${k}`).ref, row(before, `Sender ${k}`).ref);
    assertUnique(carried);
  });

  test('a row first seen cut keeps that ref when it scrolls fully into view', () => {
    const cut = snapshotFromDump(list(rows(8), 120));
    const whole = list(rows(8), 0);
    assert.notEqual(row(snapshotFromDump(whole), 'Sender 0').ref, row(cut, 'Subject 0').ref, 'standing alone, the whole row is another');
    const after = snapshotFromDump(whole, { previous: cut });
    assert.equal(row(after, 'Sender 0').ref, row(cut, 'Subject 0').ref);
    assertUnique(after);
  });

  test('a row cut at the bottom keeps its ref, with or without the previous snapshot, and when it comes back whole', () => {
    // Scrolled 200 px, row 5 is the last whole row; scrolled back to 80 px, the list's bottom edge cuts its second
    // label. Its first label, which its identity is made of, is left: nothing needs carrying, nothing moves it.
    const whole = snapshotFromDump(list(rows(8), 200));
    const cut = snapshotFromDump(list(rows(8), 80), { previous: whole });
    assert.deepEqual(row(cut, 'Sender 5').labels, ['Sender 5']);
    assert.equal(row(snapshotFromDump(list(rows(8), 80)), 'Sender 5').ref, row(whole, 'Sender 5').ref);
    assert.equal(row(cut, 'Sender 5').ref, row(whole, 'Sender 5').ref);
    const back = snapshotFromDump(list(rows(8), 200), { previous: cut });
    assert.deepEqual(refsOf(back), refsOf(whole));
    assertUnique(cut);
  });

  test('a field in a card cut by the scroll keeps its ref though the user typed into it meanwhile', () => {
    // Cards of 300 px: a title, a message and a reply field in the lower part.
    const cards = (scroll: number, typed: string): UiDump => {
      const kids: UiNode[] = [];
      for (let k = 0; k < 4; k++) {
        const top = LIST[1] + k * 300 - scroll;
        if (top + 300 <= LIST[1] || top >= LIST[3]) continue;
        const y = (a: number, b: number): Bounds => [0, Math.max(top + a, LIST[1]), 1080, Math.min(top + b, LIST[3])];
        const parts = [
          ...(top + 80 > LIST[1] ? [n('TextView', { text: `Alice ${k}`, bounds: y(0, 80) })] : []),
          ...(top + 160 > LIST[1] ? [n('TextView', { text: `Lunch at ${k + 1}?`, bounds: y(80, 160) })] : []),
          n('EditText', { id: 'reply', hint: 'Reply', text: k === 0 ? typed : '', clickable: true, bounds: y(180, 280) }),
        ];
        kids.push(n('LinearLayout', { clickable: true, bounds: y(0, 300) }, parts));
      }
      return screen([n('RecyclerView', { id: 'list', scrollable: true, bounds: LIST }, kids)]);
    };
    const field = (s: Snapshot, card: string): SnapshotElement =>
      s.elements.find((e) => e.parent === row(s, card).ref && e.class.endsWith('EditText'))!;
    const before = snapshotFromDump(cards(0, ''));
    // Scrolled 100 px: the title of the first card is gone, and the user has typed a reply.
    const after = snapshotFromDump(cards(100, 'See you there'), { previous: before });
    assert.deepEqual(row(after, 'Lunch at 1?').labels, ['Lunch at 1?']);
    assert.equal(row(after, 'Lunch at 1?').ref, row(before, 'Alice 0').ref);
    assert.equal(field(after, 'Lunch at 1?').text, 'See you there');
    assert.equal(field(after, 'Lunch at 1?').ref, field(before, 'Alice 0').ref);
    const alone = snapshotFromDump(cards(100, 'See you there'));
    assert.notEqual(field(alone, 'Lunch at 1?').ref, field(before, 'Alice 0').ref, 'standing alone, the field of a cut card is new');
    assertUnique(after);
  });

  test('a row cut down to no label at all is placed by where the list moved', () => {
    const before = snapshotFromDump(list(rows(8), 0));
    // 390 px: row 0 has left the list; of row 1 a 10 px strip of padding is left, none of its labels.
    const after = snapshotFromDump(list(rows(8), 390), { previous: before });
    const strip = after.elements.filter((e) => e.class === 'LinearLayout' && e.labels === undefined);
    assert.equal(strip.length, 1);
    assert.deepEqual(strip[0]!.bounds, [0, 200, 1080, 210]);
    assert.equal(strip[0]!.ref, row(before, 'Sender 1').ref);
    assertUnique(after);
  });

  test('a row cut to no label takes the ref of the row it continues, not that of the strip that left the list', () => {
    // 185 px: a 15 px strip of row 0 is left above row 1. 200 px further, that strip has left the list and row 1
    // is cut to a strip of its own. Both strips read alike (no label), so standing alone the new strip gets the
    // ref the old one had; where the list moved tells that it is row 1.
    const before = snapshotFromDump(list(rows(8), 185));
    const strips = (s: Snapshot): SnapshotElement[] => s.elements.filter((e) => e.class === 'LinearLayout' && e.labels === undefined);
    assert.deepEqual(
      strips(before).map((e) => e.bounds),
      [[0, 200, 1080, 215]],
    );
    const dump = list(rows(8), 385);
    assert.equal(strips(snapshotFromDump(dump))[0]!.ref, strips(before)[0]!.ref, 'standing alone, the strips share a ref');
    const after = snapshotFromDump(dump, { previous: before });
    assert.deepEqual(
      strips(after).map((e) => e.bounds),
      [[0, 200, 1080, 215]],
    );
    assert.equal(strips(after)[0]!.ref, row(before, 'Sender 1').ref);
    for (let k = 2; k < 6; k++) assert.equal(row(after, `Sender ${k}`).ref, row(before, `Sender ${k}`).ref);
    assertUnique(after);
  });

  test('two look-alike rows cut side by side keep their own refs', () => {
    // A two-column grid whose cells differ only in their first label: both cells of the first line keep "Open".
    const grid: Row[] = [];
    for (let line = 0; line < 5; line++)
      for (let col = 0; col < 2; col++) grid.push({ labels: [`Photo ${line}-${col}`, 'Open'], col, line, id: 'cell' });
    const before = snapshotFromDump(list(grid, 0));
    const after = snapshotFromDump(list(grid, 120), { previous: before });
    const cut = after.elements.filter((e) => e.labels?.length === 1 && e.labels[0] === 'Open' && e.bounds[1] === LIST[1]);
    assert.equal(cut.length, 2);
    const was = (label: string): string => before.elements.find((e) => e.labels?.[0] === label)!.ref;
    const left = cut.find((e) => e.bounds[0] === 0)!;
    const right = cut.find((e) => e.bounds[0] === 540)!;
    assert.equal(left.ref, was('Photo 0-0'));
    assert.equal(right.ref, was('Photo 0-1'));
    assertUnique(after);
  });

  test('a row scrolled away that ends with the same label does not take the cut row’s ref', () => {
    const same = (k: number): Row => ({ labels: [`Task ${k}`, 'Due today'] });
    const before = snapshotFromDump(list(rows(9, same), 0));
    // 320 px: row 0 has left the list, row 1 is cut to its last label; both gone rows end with "Due today".
    const after = snapshotFromDump(list(rows(9, same), 320), { previous: before });
    const cut = after.elements.filter((e) => e.labels?.length === 1 && e.labels[0] === 'Due today');
    assert.equal(cut.length, 1);
    assert.equal(cut[0]!.ref, before.elements.find((e) => e.labels?.[0] === 'Task 1')!.ref);
    assertUnique(after);
  });

  describe('nothing is carried onto an element that is not the gone one', () => {
    const before = snapshotFromDump(list(rows(8), 0));
    const dump = list(rows(8), 120);
    const gone = row(before, 'Sender 0');
    const alone = row(snapshotFromDump(dump), 'Subject 0').ref;
    /** The cut row's ref when the previous snapshot had `change` applied to the gone row. */
    const carriedWith = (change: Partial<SnapshotElement>): string => {
      const previous: PreviousSnapshot = {
        elements: before.elements.map((e) => (e.ref === gone.ref ? { ...e, ...change } : e)),
        screen: before.screen,
      };
      const s = snapshotFromDump(dump, { previous });
      assertUnique(s);
      return row(s, 'Subject 0').ref;
    };

    test('unchanged, it is carried (the cases below differ in one field only)', () => assert.equal(carriedWith({}), gone.ref));
    test('another class', () => assert.equal(carriedWith({ class: 'FrameLayout' }), alone));
    test('another resource id', () => assert.equal(carriedWith({ id: 'header' }), alone));
    test('another parent', () => assert.equal(carriedWith({ parent: 's1' }), alone));
    test('another kind of element', () => assert.equal(carriedWith({ ref: 't' + gone.ref.slice(1) }), alone));
    test('its own text differs', () => assert.equal(carriedWith({ text: 'Sender 0' }), alone));
    test('labels that do not begin or end with the new ones', () => {
      assert.equal(carriedWith({ labels: ['Sender 9', 'Subject 9'] }), alone);
      assert.equal(carriedWith({ labels: ['Sender 0', 'Subject 0', 'Flagged'] }), alone, 'the kept label is in the middle');
      assert.equal(carriedWith({ labels: ['Subject'] }), alone, 'labels are compared whole, not as text prefixes');
    });
    test('a snapshot of another app', () => {
      const s = snapshotFromDump(dump, { previous: { elements: before.elements, screen: { ...before.screen, package: 'com.other' } } });
      assert.equal(row(s, 'Subject 0').ref, alone);
    });
    test('a ref an element of the new screen keeps', () => {
      // The gone row had the ref row 3 gets now, and row 3 was not there before: row 3 keeps it, so the cut
      // row cannot take it.
      const still = row(before, 'Sender 3').ref;
      const previous = {
        elements: before.elements.filter((e) => e.ref !== still).map((e) => (e.ref === gone.ref ? { ...e, ref: still } : e)),
      };
      const s = snapshotFromDump(dump, { previous });
      assertUnique(s);
      assert.equal(row(s, 'Sender 3').ref, still);
      assert.equal(row(s, 'Subject 0').ref, alone);
    });
  });

  test('a ref freed by a key that went away: its new holder moves back to its own, the cut row takes it', () => {
    // As when a hash collision made row 3 probe past the gone row's slot before: the gone row had the ref that
    // row 3's key finds free now, and row 3 had another.
    const before = snapshotFromDump(list(rows(8), 0));
    const dump = list(rows(8), 120);
    const alone = snapshotFromDump(dump);
    const slot = row(alone, 'Sender 3').ref;
    const other = ['b990', 'b991', 'b992'].find((r) => !alone.elements.some((e) => e.ref === r))!;
    const was = (e: SnapshotElement): string => (e.labels?.[0] === 'Sender 0' ? slot : e.labels?.[0] === 'Sender 3' ? other : e.ref);
    const previous = { elements: before.elements.map((e) => ({ ...e, ref: was(e) })) };
    const s = snapshotFromDump(dump, { previous });
    assertUnique(s);
    assert.equal(row(s, 'Sender 3').ref, other);
    assert.equal(row(s, 'Subject 0').ref, slot);
  });

  test('a gone ref is carried once: of two elements that continue it, the one where it stood takes it', () => {
    const before = snapshotFromDump(list(rows(8), 0));
    // After the scroll, row 0 is cut to "Subject 0", and a row further down that comes first in the dump
    // (line 3, replacing row 3) also reads just "Subject 0".
    const next: Row[] = [
      { labels: ['Subject 0'], line: 3 },
      ...rows(8)
        .map((r, line) => ({ ...r, line }))
        .filter((r) => r.line !== 3),
    ];
    const after = snapshotFromDump(list(next, 120), { previous: before });
    const both = after.elements.filter((e) => e.labels?.length === 1 && e.labels[0] === 'Subject 0');
    assert.equal(both.length, 2);
    const was = row(before, 'Sender 0').ref;
    const top = both.find((e) => e.bounds[1] === LIST[1])!;
    const lower = both.find((e) => e.bounds[1] !== LIST[1])!;
    assert.equal(top.ref, was, 'the cut row keeps it');
    assert.notEqual(lower.ref, was, 'the other row does not get it too');
    assertUnique(after);
  });

  test('children of a carried row follow it', () => {
    const withSwitch = (k: number): UiNode[] => [
      n('TextView', { text: `Alarm ${k}`, bounds: [0, 0, 10, 10] }),
      n('TextView', { text: `Weekdays ${k}`, bounds: [0, 0, 10, 10] }),
      n('Switch', { id: 'toggle', checkable: true, clickable: true, bounds: [0, 0, 10, 10] }),
    ];
    // Row k at 200k..200k+200 of the list; its switch sits in its lower half, beside the second label.
    const dumpAt = (scroll: number): UiDump => {
      const kids: UiNode[] = [];
      for (let k = 0; k < 6; k++) {
        const top = LIST[1] + k * ROW_H - scroll;
        const t = Math.max(top, LIST[1]);
        if (top + ROW_H <= LIST[1]) continue;
        const [title, sub, sw] = withSwitch(k);
        title!.bounds = [0, top, 900, top + 100];
        sub!.bounds = [0, Math.max(top + 100, LIST[1]), 900, top + 200];
        sw!.bounds = [900, Math.max(top + 100, LIST[1]), 1080, top + 200];
        const cells = top + 100 <= LIST[1] ? [sub!, sw!] : [title!, sub!, sw!];
        kids.push(n('LinearLayout', { clickable: true, bounds: [0, t, 1080, top + ROW_H] }, cells));
      }
      return screen([n('RecyclerView', { id: 'list', scrollable: true, bounds: LIST }, kids)]);
    };
    const before = snapshotFromDump(dumpAt(0));
    const after = snapshotFromDump(dumpAt(120), { previous: before });
    const alone = snapshotFromDump(dumpAt(120));
    const rowBefore = row(before, 'Alarm 0');
    const rowAfter = row(after, 'Weekdays 0');
    assert.equal(rowAfter.ref, rowBefore.ref);
    const switchOf = (s: Snapshot, parent: string): SnapshotElement | undefined =>
      s.elements.find((e) => e.parent === parent && e.class === 'Switch');
    const switchBefore = switchOf(before, rowBefore.ref)!.ref;
    assert.notEqual(switchOf(alone, row(alone, 'Weekdays 0').ref)?.ref, switchBefore, 'standing alone, the switch is new too');
    assert.equal(switchOf(after, rowAfter.ref)?.ref, switchBefore);
    assertUnique(after);
  });

  test('the same dump and previous snapshot give the same refs, and carrying again changes nothing', () => {
    const before = snapshotFromDump(list(rows(8), 0));
    const dump = list(rows(8), 120);
    const a = snapshotFromDump(dump, { previous: before });
    const b = snapshotFromDump(dump, { previous: before });
    assert.deepEqual(refsOf(b), refsOf(a));
    assert.equal(b.text, a.text);
    assert.deepEqual(refsOf(snapshotFromDump(dump, { previous: a })), refsOf(a));
    // The previous snapshot's elements as JSON held them carry the same refs as the Snapshot object.
    const json = JSON.parse(snapshotFromDump(list(rows(8), 0), { format: 'json' }).text) as PreviousSnapshot;
    assert.deepEqual(refsOf(snapshotFromDump(dump, { previous: json })), refsOf(a));
  });

  test('a diff against the previous snapshot reports the cut row as changed, not as removed and added', () => {
    const before = snapshotFromDump(list(rows(8), 0));
    const after = snapshotFromDump(list(rows(8), 120), { previous: before });
    const d = diffSnapshots(before, after);
    const cut = row(before, 'Sender 0').ref;
    assert.ok(!d.removed.some((e) => e.ref === cut));
    assert.ok(!d.added.some((e) => e.ref === cut));
    assert.deepEqual(d.changed.find((c) => c.ref === cut)?.fields, ['labels']);
  });
});
