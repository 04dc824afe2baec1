// The session's ref memory (src/snapshot/memory.ts) alone and through snapshots: retired refs are never given to
// another element, an element that comes back takes its ref again, a label-less identity only from the snapshot
// just before, and another screen starts afresh.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { UiNode } from '../../src/hierarchy/model.js';
import { recall, remember, sameScreen, type RefMemory } from '../../src/snapshot/memory.js';
import { assignRefs, fnv1a } from '../../src/snapshot/refs.js';
import { snapshotFromDump, type Snapshot } from '../../src/snapshot/snapshot.js';
import type { CarryElement } from '../../src/snapshot/carry.js';
import { n, screen } from './build.js';

describe('recall and remember', () => {
  const mem = (refs: Array<[string, string[], number]>, seq: number): RefMemory => ({
    seq,
    refs: refs.map(([ref, keys, seen]) => ({ ref, keys, seen })),
  });

  test('an identity the memory holds takes its ref back; every remembered ref is avoided by the others', () => {
    const m = mem(
      [
        ['b1', ['bRow|a'], 1],
        ['b2', ['bRow|b'], 2],
      ],
      2,
    );
    const r = recall(m, ['bRow|a', 'bRow|c'], [true, true]);
    assert.deepEqual(r.fixed, ['b1', undefined]);
    assert.deepEqual([...r.avoid].sort(), ['b1', 'b2']);
  });

  test('a label-less identity is taken back only from the snapshot just before', () => {
    const m = mem(
      [
        ['b1', ['bRow|'], 1],
        ['b2', ['bRow|x'], 2],
      ],
      2,
    );
    assert.deepEqual(recall(m, ['bRow|'], [false]).fixed, [undefined]);
    assert.deepEqual(recall({ ...m, seq: 1 }, ['bRow|'], [false]).fixed, ['b1']);
  });

  test('a label-less identity is taken back only if the ref’s element read so just before', () => {
    // b1's row was cut to a strip earlier, and read "x" in the snapshot just before: another strip is not it.
    assert.deepEqual(recall(mem([['b1', ['bRow|', 'bRow|x'], 2]], 2), ['bRow|'], [false]).fixed, [undefined]);
    assert.deepEqual(recall(mem([['b1', ['bRow|x', 'bRow|'], 2]], 2), ['bRow|'], [false]).fixed, ['b1']);
  });

  test('reading as a ref’s element read just before is the surest claim; then the latest ref not taken', () => {
    // Folder rows end with "0 items": DCIM's row was cut to it earlier, Documents' row just before. Now a row cut
    // to "0 items" comes first, and Documents' row is whole again: that row keeps b2, the cut row takes b1.
    const m = mem(
      [
        ['b1', ['bRow|DCIM', 'bRow|0 items'], 1],
        ['b2', ['bRow|0 items', 'bRow|Documents'], 2],
      ],
      2,
    );
    assert.deepEqual(recall(m, ['bRow|0 items', 'bRow|Documents'], [true, true]).fixed, ['b1', 'b2']);
  });

  test('one ref for one element: two elements of one identity do not both take it', () => {
    const m = mem([['b1', ['bRow|a'], 1]], 1);
    assert.deepEqual(recall(m, ['bRow|a', 'bRow|a'], [true, true]).fixed, ['b1', undefined]);
  });

  test('remember adds the identities a ref had, most recent last, and counts snapshots', () => {
    let m = remember(undefined, ['bRow|a', 'tTitle'], ['b1', 't2']);
    assert.equal(m.seq, 1);
    m = remember(m, ['bRow|a cut'], ['b1']);
    assert.equal(m.seq, 2);
    assert.deepEqual(
      m.refs.map((r) => [r.ref, r.keys, r.seen]),
      [
        ['t2', ['tTitle'], 1],
        ['b1', ['bRow|a', 'bRow|a cut'], 2],
      ],
    );
  });

  test('an identity shown again goes last: the latest form of the element is last', () => {
    let m = remember(undefined, ['bRow|a'], ['b1']);
    m = remember(m, ['bRow|a cut'], ['b1']);
    m = remember(m, ['bRow|a'], ['b1']);
    assert.deepEqual(m.refs[0]!.keys, ['bRow|a cut', 'bRow|a']);
  });

  test('the memory keeps at most 600 refs, forgetting the least recently shown', () => {
    let m: RefMemory | undefined;
    for (let i = 0; i < 700; i++) m = remember(m, [`tK${i}`], [`t${i}`]);
    assert.equal(m!.refs.length, 600);
    assert.equal(m!.refs[0]!.ref, 't100');
    assert.equal(m!.refs.at(-1)!.ref, 't699');
  });

  test('an avoided ref gives way only when the slots would run out', () => {
    // The slot this key hashes to is avoided: it probes to the next one.
    const key = 'Row|a';
    const slot = fnv1a(key) % 1000;
    const hashed = `b${slot}`;
    const next = `b${(slot + 1) % 1000}`;
    assert.deepEqual(assignRefs([{ kind: 'b', key }], { fixed: [undefined], avoid: new Set([hashed]) }), [next]);
    assert.deepEqual(assignRefs([{ kind: 'b', key }]), [hashed]);
  });
});

describe('sameScreen', () => {
  const el = (ref: string, parent?: string, scroll = false): CarryElement => ({
    ref,
    class: 'View',
    bounds: [0, 0, 10, 10],
    actions: scroll ? ['scroll'] : [],
    ...(parent === undefined ? {} : { parent }),
  });
  const m: RefMemory = {
    seq: 3,
    refs: ['t1', 't2', 's3', 'b4'].map((ref) => ({ ref, keys: [`K${ref}`], seen: 3 })),
  };
  const previous = [el('t1'), el('t2'), el('s3', undefined, true), el('b4', 's3')];

  test('rows of a list may all go (a scroll); most elements outside lists must stay', () => {
    assert.equal(sameScreen(m, previous, new Set(['Kt1', 'Kt2', 'Ks3'])), true);
    assert.equal(sameScreen(m, previous, new Set(['Kt1', 'Ks3'])), true);
    assert.equal(sameScreen(m, previous, new Set(['Kt1'])), false);
    assert.equal(sameScreen(m, previous, new Set(['Kb4'])), false);
  });
});

describe('through snapshots', () => {
  const row = (label: string, y: number): UiNode =>
    n('LinearLayout', { id: 'row', clickable: true, bounds: [0, y, 1080, y + 100] }, [
      n('TextView', { text: label, bounds: [0, y, 1080, y + 100] }),
    ]);
  const list = (labels: string[]): ReturnType<typeof screen> =>
    screen([
      n('TextView', { text: 'Title', bounds: [0, 0, 1080, 100] }),
      n(
        'androidx.recyclerview.widget.RecyclerView',
        { id: 'list', scrollable: true, bounds: [0, 100, 1080, 500] },
        labels.map((l, i) => row(l, 100 + i * 100)),
      ),
    ]);
  const refOf = (s: Snapshot, label: string): string | undefined => s.elements.find((e) => e.labels?.[0] === label)?.ref;

  test('a row that scrolled away keeps its ref for when it comes back; its ref goes to no other row', () => {
    // 160 rows: some two of them hash to one slot (≈ 1 − e^(−12.7)), so without the memory the later one would
    // get the earlier one's ref once that had scrolled away.
    const names = Array.from({ length: 160 }, (_, i) => `Row ${i}`);
    const view = (from: number): ReturnType<typeof screen> => list(names.slice(from, from + 4));
    const first = snapshotFromDump(view(0));
    const given = new Map<string, string>();
    let prev = first;
    const record = (s: Snapshot): void => {
      for (const e of s.elements) {
        const label = e.labels?.[0] ?? e.text ?? '';
        const was = given.get(e.ref);
        assert.ok(was === undefined || was === label, `${e.ref} was ${was}, now ${label}`);
        given.set(e.ref, label);
      }
    };
    record(first);
    const down = Array.from({ length: 40 }, (_, i) => 4 * i);
    for (const from of [...down, ...down.reverse()]) {
      prev = snapshotFromDump(view(from), { previous: prev });
      record(prev);
    }
    assert.equal(refOf(prev, 'Row 0'), refOf(first, 'Row 0'));
  });

  describe('a file picker scrolled in one session', () => {
    // Folders of a file picker: every row ends with "0 items", so a row cut at the list's top edge reads like any
    // other cut there, and a 15 px strip of padding above its labels reads like any other strip.
    const LIST: [number, number] = [100, 700];
    const folders = ['DCIM', 'Documents', 'Download', 'Movies', 'Music', 'Pictures', 'Podcasts', 'Ringtones'];
    const clip = (a: number, b: number): [number, number] | undefined => {
      const t = Math.max(a, LIST[0]);
      const bt = Math.min(b, LIST[1]);
      return bt > t ? [t, bt] : undefined;
    };
    const view = (scroll: number): ReturnType<typeof screen> => {
      const rows: UiNode[] = [];
      folders.forEach((name, k) => {
        const top = LIST[0] + k * 150 - scroll;
        const row = clip(top, top + 150);
        if (row === undefined) return;
        const labels = [
          [name, top + 15, top + 75],
          ['0 items', top + 75, top + 135],
        ].flatMap(([text, a, b]) => {
          const c = clip(a as number, b as number);
          return c === undefined ? [] : [n('TextView', { text: text as string, bounds: [0, c[0], 1080, c[1]] })];
        });
        rows.push(n('RelativeLayout', { id: 'item', clickable: true, bounds: [0, row[0], 1080, row[1]] }, labels));
      });
      return screen([
        n('TextView', { text: 'Select a folder', bounds: [0, 0, 1080, 100] }),
        n('androidx.recyclerview.widget.RecyclerView', { id: 'picker', scrollable: true, bounds: [0, LIST[0], 1080, LIST[1]] }, rows),
      ]);
    };
    /**
     * Snapshots at these scroll offsets, each taking refs from the one before; fails when a ref lands on another
     * folder's row (the one whose row spans the element's centre) than it named before. The first and last.
     */
    const session = (scrolls: number[]): { first: Snapshot; last: Snapshot } => {
      const given = new Map<string, string>();
      const first = snapshotFromDump(view(scrolls[0]!));
      let last = first;
      scrolls.forEach((scroll, k) => {
        if (k > 0) last = snapshotFromDump(view(scroll), { previous: last });
        for (const e of last.elements.filter((x) => x.class === 'RelativeLayout')) {
          const folder = folders[Math.floor((e.center[1] + scroll - LIST[0]) / 150)]!;
          const was = given.get(e.ref);
          assert.ok(was === undefined || was === folder, `at ${scroll} px, ${e.ref} was ${was}'s, now on ${folder}'s row`);
          given.set(e.ref, folder);
        }
      });
      return { first, last };
    };

    test('down and back by small steps: no ref comes to name another row, and every row is back on its own', () => {
      const steps = Array.from({ length: 13 }, (_, i) => 25 * (i + 1));
      const { first, last } = session([0, ...steps, ...steps.reverse().slice(1), 0]);
      for (const name of folders) assert.equal(refOf(last, name), refOf(first, name), name);
    });

    test('a row cut at the top does not keep the ref of the row cut so just before', () => {
      // At 135 px DCIM's row is a 15 px strip at the top; at 255 px Documents' row is cut to "0 items", at 375 px
      // Download's: each reads as the row cut there a moment ago. Back at 135 px, Documents' row is whole again.
      const { first, last } = session([135, 255, 375, 255, 135]);
      assert.equal(refOf(last, 'Documents'), refOf(first, 'Documents'));
    });
  });

  test('a row named by its id once its twin left does not take the ref of that twin’s nameless strip', () => {
    // Two folder rows of one id in a scroll view (so their labels name them), nothing else in it. At 135 px the
    // first is a 15 px strip without labels; at 160 px it has gone, and the other, alone with its id now, is named
    // by it: its key is the one the strip had (class and id, no label), and no other row tells how far it moved.
    const view = (scroll: number): ReturnType<typeof screen> => {
      const rows = [
        { id: 'dir', labels: ['Internal', '2'] },
        { id: 'dir', labels: ['DCIM', '6'] },
      ].flatMap(({ id, labels }, k) => {
        const top = 100 + k * 150 - scroll;
        if (top + 150 <= 100) return [];
        const texts = labels
          .map((text, j) => ({ text, a: top + 15 + j * 60, b: top + 75 + j * 60 }))
          .filter(({ b }) => b > 100)
          .map(({ text, a, b }) => n('TextView', { text, bounds: [0, Math.max(a, 100), 1080, b] }));
        return [n('LinearLayout', { id, clickable: true, bounds: [0, Math.max(top, 100), 1080, top + 150] }, texts)];
      });
      return screen([
        n('TextView', { text: 'Folders', bounds: [0, 0, 1080, 100] }),
        n('ScrollView', { id: 'folders', scrollable: true, bounds: [0, 100, 1080, 700] }, rows),
      ]);
    };
    const first = snapshotFromDump(view(0));
    const strip = snapshotFromDump(view(135), { previous: first });
    const cut = strip.elements.find((e) => e.class === 'LinearLayout' && e.labels === undefined);
    assert.ok(cut !== undefined && cut.bounds[3] === 115, 'the first row is a strip without labels');
    const alone = snapshotFromDump(view(160), { previous: strip });
    assert.equal(refOf(alone, 'DCIM'), refOf(first, 'DCIM'));
    assert.ok(!alone.elements.some((e) => e.ref === cut.ref), 'the strip’s ref names nothing else');
  });

  test('without the memory a snapshot is what it always was', () => {
    const a = snapshotFromDump(list(['A', 'B', 'C']));
    const b = snapshotFromDump(list(['B', 'C', 'D']), { previous: { elements: a.elements } });
    const alone = snapshotFromDump(list(['B', 'C', 'D']));
    assert.deepEqual(
      b.elements.map((e) => e.ref),
      alone.elements.map((e) => e.ref),
    );
    assert.equal(b.memory.seq, 1);
  });

  test('another screen starts afresh: its refs are the dump’s own', () => {
    const a = snapshotFromDump(list(['A', 'B', 'C']));
    const other = screen([n('Button', { text: 'OK', clickable: true, bounds: [0, 0, 100, 100] })]);
    const b = snapshotFromDump(other, { previous: a });
    assert.deepEqual(
      b.elements.map((e) => e.ref),
      snapshotFromDump(other).elements.map((e) => e.ref),
    );
    assert.equal(b.memory.seq, 1);
  });
});
