// Refs survive change: perturbed corpus screens, followed element by element through the
// dumped node each element stands for. The thresholds are the product's promise; bench/snapshot.ts prints the figures.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { parseDump } from '../../src/hierarchy/parse.js';
import type { UiDump, UiNode } from '../../src/hierarchy/model.js';
import { snapshotWithSources } from '../../src/snapshot/snapshot.js';
import { assignRefs, fnv1a, type RefSubject } from '../../src/snapshot/refs.js';
import { isRefLike, snapshotFromDump } from '../../src/snapshot/index.js';
import { corpusScreens, readText } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import {
  carries,
  followElements,
  identity,
  newFirstElement,
  removeOne,
  scrollLists,
  shift,
  toggleCheckables,
  typeIntoFields,
  walkScroll,
  type Perturbed,
} from './perturb.js';
import { n, screen } from './build.js';

const corpus = requires({ shared: true });
const dumps = (corpus ? [] : corpusScreens()).map((s) => parseDump(readText(s.xmlPath)));

interface Tally {
  kept: number;
  total: number;
}

function follow(dump: UiDump, p: Perturbed, only: Set<UiNode> | undefined, carry: boolean): Tally {
  const pairs = followElements(dump, p, only, carry);
  return { kept: pairs.filter(({ before, after }) => after?.ref === before.ref).length, total: pairs.length };
}

/** Share of refs kept; with `carry`, the new snapshot carries refs from the old one as a device session does. */
function rate(make: (d: UiDump) => (Perturbed & { only?: Set<UiNode> }) | undefined, carry = false): number {
  const sum: Tally = { kept: 0, total: 0 };
  for (const d of dumps) {
    const p = make(d);
    if (!p) continue;
    const t = follow(d, p, p.only, carry);
    sum.kept += t.kept;
    sum.total += t.total;
  }
  assert.ok(sum.total > 1000, `too few elements followed (${sum.total})`);
  return sum.kept / sum.total;
}

describe('refs survive change on the corpus', { skip: corpus }, () => {
  test('a re-dump of the same screen keeps every ref', () => assert.equal(rate(identity), 1));
  test('a new first element: ≥ 99%', () => assert.ok(rate(newFirstElement) >= 0.99));
  test('a 7 px shift of everything: ≥ 99%', () => assert.ok(rate((d) => shift(d, 7)) >= 0.99));
  test('typing into fields: ≥ 99%', () => assert.ok(rate((d) => typeIntoFields(d)) >= 0.99));
  test('toggling checkables: ≥ 99%', () => assert.ok(rate(toggleCheckables) >= 0.99));
  const removal = (d: UiDump): Perturbed | undefined => {
    const w = snapshotWithSources(d);
    const leaves = w.snapshot.elements
      .map((e, i) => ({ e, s: w.sources[i] }))
      .filter((x) => !w.snapshot.elements.some((c) => c.parent === x.e.ref));
    const victim = leaves[Math.floor(leaves.length / 2)]?.s;
    return victim ? removeOne(d, victim) : undefined;
  };
  const scrolled = (d: UiDump): (Perturbed & { only: Set<UiNode> }) | undefined => {
    const p = scrollLists(d, 120);
    return p.moved.size > 0 ? { ...p, only: p.moved } : undefined;
  };
  test('removal of one other element: ≥ 99.5%, with or without the previous snapshot', () => {
    const alone = rate(removal);
    assert.ok(alone >= 0.995, String(alone));
    const carried = rate(removal, true);
    assert.ok(carried >= alone, `${carried} < ${alone}`);
  });
  test('a 120 px list scroll: ≥ 98.9% of the rows still on screen alone, ≥ 99.9% with refs carried from before', () => {
    assert.ok(rate(scrolled) >= 0.989, String(rate(scrolled)));
    const carried = rate(scrolled, true);
    assert.ok(carried >= 0.999, String(carried));
  });
  test('a 120 px list scroll: every element the new dump still names as before keeps its ref standing alone', () => {
    // A ref is made of what names the element (its identity label, or the id of a row named by its id). The rows
    // a list's edge cut that name from can keep their refs only through the previous snapshot.
    let named = 0;
    let nameLeft = 0;
    const lost: string[] = [];
    for (const d of dumps) {
      const p = scrolled(d);
      if (p === undefined) continue;
      for (const f of followElements(d, p, p.only)) {
        if (!f.named) {
          nameLeft++;
          continue;
        }
        named++;
        if (f.after?.ref !== f.before.ref) lost.push(`${f.before.ref} ${JSON.stringify(f.before.labels)} -> ${f.after?.ref}`);
      }
    }
    assert.deepEqual(lost, []);
    assert.ok(named > 1000 && nameLeft > 0, `${named} named, ${nameLeft} whose name left`);
  });
  test('no ref is carried onto (or kept by) another element, and carried refs stay unique', () => {
    let carried = 0;
    for (const d of dumps) {
      const previous = snapshotFromDump(d);
      for (const p of [removal(d), scrolled(d), newFirstElement(d), shift(d, 7)]) {
        if (p === undefined) continue;
        const c = carries(d, p);
        assert.equal(c.wrong, 0);
        assert.equal(c.renamed, 0, 'no ref, carried or kept, comes to name another element');
        carried += c.carried;
        const refs = snapshotFromDump(p.dump, { previous }).elements.map((e) => e.ref);
        assert.equal(new Set(refs).size, refs.length);
      }
    }
    assert.ok(carried > 10, `too few carries to judge (${carried})`);
  });
  test('a session walking every list down and back (25 px × 10, 120 px × 4): no ref comes to name another element', () => {
    for (const [step, steps] of [
      [25, 10],
      [120, 4],
    ] as const) {
      let renamed = 0;
      let total = 0;
      let kept = 0;
      for (const d of dumps) {
        if (scrollLists(d, step).moved.size === 0) continue;
        const w = walkScroll(d, step, steps);
        renamed += w.renamed;
        total += w.total;
        kept += w.kept;
      }
      assert.equal(renamed, 0, `${step} px`);
      assert.ok(total > 1000 && kept / total >= 0.98, `${step} px: ${kept} of ${total} back on their refs`);
    }
  });
  test('no duplicate refs on any screen, in any mode', { skip: corpus }, () => {
    for (const d of dumps) {
      for (const o of [{}, { offscreen: true }, { all: true }]) {
        const refs = snapshotFromDump(d, o).elements.map((e) => e.ref);
        assert.equal(new Set(refs).size, refs.length);
      }
    }
  });
});

describe('one change moves one ref (Playwright-style)', { skip: corpus }, () => {
  const clock = parseDump(readText(corpusScreens().find((s) => s.xmlPath.endsWith('clock/screens/state_2023-07-03_111608.xml'))!.xmlPath));

  /** The refs whose element moved to another ref when `from` is renamed `to` in the dump. */
  const renamed = (from: string, to: string): string[] => {
    const before = snapshotFromDump(clock);
    const p = identity(clock);
    for (const node of p.dump.roots.flatMap(function all(x: UiNode): UiNode[] {
      return [x, ...x.children.flatMap(all)];
    })) {
      if (node.text === from) node.text = to;
    }
    const after = snapshotFromDump(p.dump);
    assert.equal(after.elements.length, before.elements.length);
    return before.elements.filter((e, i) => e.ref !== after.elements[i]!.ref).map((e) => e.text ?? e.labels?.[0] ?? '');
  };

  test("renaming one label changes exactly that element's ref", () => {
    assert.deepEqual(renamed('GENERAL', 'COMMON'), ['GENERAL']);
  });

  test('a row named by its own resource id keeps its ref when its label changes', () => {
    // The row `settings_sunday_first_holder` is the only one of its id, in a scroll view that holds a fixed layout.
    assert.deepEqual(renamed('Start week on Sunday', 'Start week on Monday'), []);
  });

  test('toggling and shifting change no ref at all', () => {
    const refs = (d: UiDump): string[] => snapshotFromDump(d).elements.map((e) => e.ref);
    assert.deepEqual(refs(toggleCheckables(clock).dump), refs(clock));
    assert.deepEqual(refs(shift(clock, 7).dump), refs(clock));
    assert.deepEqual(refs(shift(clock, -13).dump), refs(clock));
  });
});

describe('assignRefs', () => {
  const subjects: RefSubject[] = [
    { kind: 'b', key: 'Button|ok|OK|@' },
    { kind: 'b', key: 'Button|cancel|Cancel|@' },
    { kind: 't', key: 'TextView||Title|@' },
    { kind: 'b', key: 'Button|ok|OK|@' },
  ];

  test('kind letter + up to 3 digits, unique, equal keys disambiguated in document order', () => {
    const refs = assignRefs(subjects);
    assert.equal(new Set(refs).size, 4);
    for (const r of refs) assert.match(r, /^[bt]\d{1,3}$/);
    assert.equal(refs[0], 'b' + String(fnv1a('Button|ok|OK|@') % 1000));
  });

  test('a function of the identities, not of their order (except among equal keys)', () => {
    const a = assignRefs(subjects);
    const b = assignRefs([subjects[2]!, subjects[1]!, subjects[0]!, subjects[3]!]);
    assert.deepEqual([b[2], b[1], b[0], b[3]], a);
  });

  test('colliding hashes probe to the next free slot deterministically', () => {
    // Find two different keys with the same slot.
    const seen = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let i = 0; !pair; i++) {
      const k = `k${i}`;
      const slot = fnv1a(k) % 1000;
      const other = seen.get(slot);
      if (other !== undefined) pair = [other, k];
      else seen.set(slot, k);
    }
    const x = assignRefs([
      { kind: 'b', key: pair[0] },
      { kind: 'b', key: pair[1] },
    ]);
    const y = assignRefs([
      { kind: 'b', key: pair[1] },
      { kind: 'b', key: pair[0] },
    ]);
    assert.notEqual(x[0], x[1]);
    assert.deepEqual([y[1], y[0]], x);
  });

  test('huge screens stay within 5 characters', () => {
    const many: RefSubject[] = Array.from({ length: 5000 }, (_, i) => ({ kind: 't', key: `row ${i}` }));
    const refs = assignRefs(many);
    assert.equal(new Set(refs).size, 5000);
    for (const r of refs) assert.ok(r.length <= 5 && isRefLike(r), r);
  });
});

describe('identity', () => {
  test('typing changes the value, not the ref; nor does a hint, which one reader reads as the text', () => {
    const make = (text: string, hint: string, id = 'q'): string =>
      snapshotFromDump(screen([n('EditText', { id, text, hint, clickable: true, bounds: [0, 0, 500, 100] })])).elements[0]!.ref;
    assert.equal(make('', 'Search'), make('cats', 'Search'));
    // A page source (text and hint) and a dump (the hint as the text) of one empty field.
    assert.equal(make('Search', 'Search'), make('Search', ''));
    assert.equal(make('', 'Search'), make('', 'Filter'));
    // Its id still tells it from another field.
    assert.notEqual(make('', 'Search'), make('', 'Search', 'filter'));
  });

  test('a row in a list keeps its ref when rows above it scroll away', () => {
    const rows = (names: string[]): UiNode[] =>
      names.map((t, i) =>
        n('LinearLayout', { clickable: true, id: 'row', bounds: [0, 200 + i * 100, 1080, 300 + i * 100] }, [n('TextView', { text: t })]),
      );
    const list = (names: string[]): UiDump =>
      screen([n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 200, 1080, 800] }, rows(names))]);
    const before = snapshotFromDump(list(['Alice', 'Bob', 'Carol', 'Dave']));
    const after = snapshotFromDump(list(['Carol', 'Dave', 'Eve']));
    const ref = (s: typeof before, label: string): string | undefined => s.elements.find((e) => e.labels?.[0] === label)?.ref;
    assert.equal(ref(after, 'Carol'), ref(before, 'Carol'));
    assert.equal(ref(after, 'Dave'), ref(before, 'Dave'));
  });

  test('what a list’s edge cut away, no identity read from the new dump alone can keep: two screens, one dump', () => {
    // Two file pickers that differ only in the first row's name. Scrolled 120 px, the first row keeps only
    // "0 items" on both, so the two dumps are one; the rows had different refs, so at least one ref is lost
    // whatever the identity is made of, and only the previous snapshot can tell which row it is.
    const picker = (first: string, scroll: number): UiDump => {
      const rows = [first, 'Music', 'Pictures'].map((name, k) => {
        const top = 200 + k * 150 - scroll;
        const labels: Array<[string, number, number]> = [
          [name, top + 15, top + 75],
          ['0 items', top + 75, top + 135],
        ];
        return n(
          'RelativeLayout',
          { id: 'item', clickable: true, bounds: [0, Math.max(top, 200), 1080, top + 150] },
          labels.filter(([, , b]) => b > 200).map(([text, a, b]) => n('TextView', { text, bounds: [0, Math.max(a, 200), 1080, b] })),
        );
      });
      return screen([n('androidx.recyclerview.widget.RecyclerView', { id: 'list', scrollable: true, bounds: [0, 200, 1080, 800] }, rows)]);
    };
    const refs = (d: UiDump): string[] => snapshotFromDump(d).elements.map((e) => e.ref);
    assert.deepEqual(refs(picker('Alarms', 120)), refs(picker('Podcasts', 120)));
    const firstRow = (name: string): string => snapshotFromDump(picker(name, 0)).elements.find((e) => e.labels?.[0] === name)!.ref;
    assert.notEqual(firstRow('Alarms'), firstRow('Podcasts'));
    for (const name of ['Alarms', 'Podcasts']) {
      const before = snapshotFromDump(picker(name, 0));
      const after = snapshotFromDump(picker(name, 120), { previous: before });
      assert.equal(after.elements.find((e) => e.bounds[1] === 200 && e.class === 'RelativeLayout')!.ref, firstRow(name));
    }
  });

  test('look-alikes in rows of their own are told apart by their row label: removing one moves no other', () => {
    const bands = (hz: string[]): UiDump =>
      screen(
        hz.map((h, i) =>
          n('RelativeLayout', { id: 'band', bounds: [0, i * 100, 1080, i * 100 + 90] }, [
            n('TextView', { text: h, bounds: [0, i * 100, 200, i * 100 + 90] }),
            n('SeekBar', { id: 'bar', focusable: true, bounds: [200, i * 100, 1080, i * 100 + 90] }),
          ]),
        ),
      );
    const bars = (d: UiDump): string[] =>
      snapshotFromDump(d)
        .elements.filter((e) => e.class === 'SeekBar')
        .map((e) => e.ref);
    const hz = ['60 Hz', '230 Hz', '910 Hz', '3 kHz', '14 kHz'];
    const before = bars(bands(hz));
    assert.equal(new Set(before).size, 5);
    assert.deepEqual(
      bars(bands(hz.filter((h) => h !== '230 Hz'))),
      before.filter((_, i) => i !== 1),
    );
  });

  test('look-alikes in rows of their own: removing one row’s label moves only that row’s element', () => {
    const bands = (labelled: (i: number) => boolean): UiDump =>
      screen(
        ['60 Hz', '230 Hz', '910 Hz', '3 kHz'].map((h, i) =>
          n('RelativeLayout', { id: 'band', bounds: [0, i * 100, 1080, i * 100 + 90] }, [
            ...(labelled(i) ? [n('TextView', { text: h, bounds: [0, i * 100, 200, i * 100 + 90] })] : []),
            n('SeekBar', { id: 'bar', focusable: true, bounds: [200, i * 100, 1080, i * 100 + 90] }),
          ]),
        ),
      );
    const bars = (d: UiDump): string[] =>
      snapshotFromDump(d)
        .elements.filter((e) => e.class === 'SeekBar')
        .map((e) => e.ref);
    const before = bars(bands(() => true));
    for (let k = 0; k < 4; k++) {
      const after = bars(bands((i) => i !== k));
      assert.deepEqual(
        after.map((r, i) => r === before[i]),
        before.map((_, i) => i !== k),
        `label of band ${k} removed`,
      );
    }
  });

  test('look-alikes side by side keep their refs when one of them or a neighbour goes', () => {
    const grid = (skip: number[]): UiDump =>
      screen([
        n('RecyclerView', { id: 'grid', bounds: [0, 0, 1080, 1500] }, [
          n('TextView', { text: 'Yesterday', bounds: [0, 0, 1080, 100] }),
          ...Array.from({ length: 9 }, (_, i) =>
            n('FrameLayout', {
              id: 'photo',
              clickable: true,
              bounds: [(i % 3) * 360, 100 + Math.floor(i / 3) * 360, (i % 3) * 360 + 360, 460 + Math.floor(i / 3) * 360],
            }),
          ).filter((_, i) => !skip.includes(i)),
        ]),
      ]);
    const thumbs = (d: UiDump): string[] =>
      snapshotFromDump(d)
        .elements.filter((e) => e.id === 'photo')
        .map((e) => e.ref);
    const all = thumbs(grid([]));
    assert.equal(new Set(all).size, 9);
    assert.deepEqual(
      thumbs(grid([4])),
      all.filter((_, i) => i !== 4),
    );
    const noHeader = identity(grid([]));
    noHeader.dump.roots[0]!.children[0]!.children.shift();
    assert.deepEqual(thumbs(noHeader.dump), all);
  });

  test('the kind letter says what the element does', () => {
    const s = snapshotFromDump(
      screen([
        n('EditText', { bounds: [0, 0, 100, 100] }),
        n('CheckBox', { text: 'x', checkable: true, clickable: true, bounds: [0, 100, 100, 200] }),
        n('Button', { text: 'Go', clickable: true, bounds: [0, 200, 100, 300] }),
        n('ScrollView', { scrollable: true, bounds: [0, 300, 100, 400] }),
        n('TextView', { text: 'Hi', bounds: [0, 400, 100, 500] }),
      ]),
    );
    assert.deepEqual(
      s.elements.map((e) => e.ref[0]),
      ['e', 'c', 'b', 's', 't'],
    );
  });
});
