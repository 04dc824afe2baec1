// The layout rule's parts one at a time (src/privacy/blocks.ts), on small screens built here with the blocks
// written out by hand: merging runs of small sibling groups (`minSize`), natural containers keeping their edges,
// a clickable card that holds its own buttons, elements with no layout node, and dumps nested deeper than the
// snapshot's depth limit (a hostile dump must not overflow the call stack).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { UiDump, UiNode } from '../../src/hierarchy/model.js';
import { containerKind, elementsFromDump, partition, type PartitionOptions, type RawBlock } from '../../src/privacy/index.js';
import { MAX_DEPTH } from '../../src/snapshot/distil.js';
import { dump, n } from '../snapshot/build.js';

const label = (e: { text?: string; desc?: string; labels?: string[] }): string => e.text ?? e.desc ?? e.labels?.[0] ?? '?';
/** Each block as `kind: labels` in partition order. */
function blocksOf(d: UiDump, options: PartitionOptions = {}): string[] {
  const src = elementsFromDump(d);
  return partition(d, src.elements, src.nodeOf, options).map(
    (b) => `${b.kind}${b.modal ? ' modal' : ''}: ${b.elements.map(label).join(', ')}`,
  );
}
const btn = (text: string, top: number, left = 0): UiNode =>
  n('Button', { text, clickable: true, bounds: [left, top, left + 200, top + 80] });
const frame = (children: UiNode[]): UiDump => dump([n('FrameLayout', { bounds: [0, 0, 1080, 2280] }, children)]);

describe('merging small sibling groups (minSize)', () => {
  // A panel of single buttons, a one-button toolbar, a pair in its own layout: with minSize 2 the single
  // buttons join their neighbours up to maxSize, the toolbar keeps its edges, the pair is big enough alone.
  const panel = frame([
    n('LinearLayout', { bounds: [0, 0, 1080, 1000] }, [
      btn('A', 100),
      btn('B', 200),
      btn('C', 300),
      n('LinearLayout', { id: 'main_toolbar', bounds: [0, 400, 1080, 480] }, [btn('T', 400)]),
      btn('D', 500),
      n('LinearLayout', { bounds: [0, 600, 1080, 680] }, [btn('E', 600), btn('F', 600, 500)]),
      btn('G', 700),
    ]),
  ]);

  test('runs of single buttons merge up to maxSize; a natural container and a big enough group break the run', () => {
    assert.deepEqual(blocksOf(panel, { maxSize: 2, minSize: 2 }), [
      'group: A, B',
      'group: C',
      'toolbar: T',
      'group: D',
      'group: E, F',
      'group: G',
    ]);
  });

  test('a one-button dialog panel, tab bar or list handle keeps its edges too', () => {
    const beside = (container: UiNode): UiDump =>
      frame([n('LinearLayout', { bounds: [0, 0, 1080, 1000] }, [btn('A', 100), container, btn('B', 500)])]);
    const one = (o: { id?: string; cls?: string }) =>
      n(o.cls ?? 'LinearLayout', { id: o.id ?? '', bounds: [0, 300, 1080, 380] }, [btn('X', 300)]);
    assert.deepEqual(blocksOf(beside(one({ id: 'android:id/buttonPanel' })), { maxSize: 2, minSize: 2 }), [
      'group: A',
      'dialog modal: X',
      'group: B',
    ]);
    assert.deepEqual(blocksOf(beside(one({ cls: 'com.google.android.material.tabs.TabLayout' })), { maxSize: 2, minSize: 2 }), [
      'group: A',
      'tabs: X',
      'group: B',
    ]);
    // A list of four rows at maxSize 3: the rows merge into runs, the list's own scroll handle stays apart.
    const rows = ['r1', 'r2', 'r3', 'r4'].map((t, i) =>
      n('TextView', { text: t, clickable: true, bounds: [0, 300 + i * 50, 1080, 340 + i * 50] }),
    );
    const list = frame([n('ListView', { id: 'list', scrollable: true, bounds: [0, 300, 1080, 500] }, rows), btn('B', 1500)]);
    assert.deepEqual(blocksOf(list, { maxSize: 3, minSize: 2 }), ['row: r1, r2, r3', 'row: r4', 'list: ?', 'group: B']);
  });

  test('a run stops at maxSize, not before', () => {
    assert.deepEqual(blocksOf(panel, { maxSize: 3, minSize: 2 }), ['group: A, B, C', 'toolbar: T', 'group: D', 'group: E, F', 'group: G']);
  });

  test('with minSize 1 (the default) nothing merges', () => {
    assert.deepEqual(blocksOf(panel, { maxSize: 2 }), [
      'group: A',
      'group: B',
      'group: C',
      'toolbar: T',
      'group: D',
      'group: E, F',
      'group: G',
    ]);
  });

  test('list rows merge into row blocks', () => {
    const row = (text: string, top: number): UiNode =>
      n('LinearLayout', { clickable: true, bounds: [0, top, 1080, top + 100] }, [
        n('TextView', { text, bounds: [40, top + 20, 900, top + 80] }),
      ]);
    const list = frame([
      n('RecyclerView', { id: 'items', bounds: [0, 0, 1080, 1000] }, [row('One', 0), row('Two', 100), row('Three', 200)]),
      btn('Add', 1500),
    ]);
    assert.deepEqual(blocksOf(list, { maxSize: 2, minSize: 2 }), ['row: One, Two', 'row: Three', 'group: Add']);
  });
});

describe('cards, lists and natural containers', () => {
  test('a clickable card holding two buttons is one block when the three fit in maxSize', () => {
    const card = frame([
      n('LinearLayout', { clickable: true, id: 'card', bounds: [0, 100, 1080, 400] }, [btn('Reply', 300), btn('Delete', 300, 500)]),
      btn('Compose', 1800),
    ]);
    const src = elementsFromDump(card);
    const blocks = partition(card, src.elements, src.nodeOf, { maxSize: 3 });
    assert.deepEqual(
      blocks.map((b) => b.elements.map((e) => e.id ?? label(e))),
      [['card', 'Reply', 'Delete'], ['Compose']],
    );
    // With room for two, the card goes with its first button.
    assert.deepEqual(
      partition(card, src.elements, src.nodeOf, { maxSize: 2 }).map((b) => b.elements.map((e) => e.id ?? label(e))),
      [['card', 'Reply'], ['Delete'], ['Compose']],
    );
  });

  test('containerKind: toolbars, dialogs, tab bars and lists by class or resource id', () => {
    const node = (cls: string, id = '', o: { scrollable?: boolean; children?: number } = {}): UiNode =>
      n(
        cls,
        { id, bounds: [0, 0, 10, 10], scrollable: o.scrollable ?? false },
        Array.from({ length: o.children ?? 0 }, () => n('TextView', { bounds: [0, 0, 1, 1] })),
      );
    const kinds = {
      AppBarLayout: containerKind(node('com.google.android.material.appbar.AppBarLayout')),
      'id actionbar': containerKind(node('LinearLayout', 'actionbar')),
      'id appbar': containerKind(node('LinearLayout', 'appbar')),
      'id search_bar': containerKind(node('LinearLayout', 'search_bar')),
      'id parentPanel': containerKind(node('LinearLayout', 'android:id/parentPanel')),
      'id confirm_dialog_holder': containerKind(node('LinearLayout', 'confirm_dialog_holder')),
      'id contentPanelScroll': containerKind(node('LinearLayout', 'contentPanelScroll')),
      'id sidebar_topPanel': containerKind(node('LinearLayout', 'sidebar_topPanel')),
      TabLayout: containerKind(node('com.google.android.material.tabs.TabLayout')),
      'id tablayout': containerKind(node('LinearLayout', 'tablayout')),
      'id bottom_navigation': containerKind(node('FrameLayout', 'bottom_navigation')),
      ViewPager2: containerKind(node('androidx.viewpager2.widget.ViewPager2')),
      ViewPager: containerKind(node('androidx.viewpager.widget.ViewPager')),
      'ListView, not scrollable': containerKind(node('ListView')),
      'ScrollView, 2 children': containerKind(node('ScrollView', '', { scrollable: true, children: 2 })),
      'ScrollView, 1 child': containerKind(node('ScrollView', '', { scrollable: true, children: 1 })),
      'LinearLayout, 2 children': containerKind(node('LinearLayout', '', { children: 2 })),
      // The list classes by their exact name: a fast scroller named after its list is no list.
      RecyclerViewFastScroller: containerKind(node('com.example.RecyclerViewFastScroller')),
      'no node': containerKind(undefined),
    };
    assert.deepEqual(kinds, {
      AppBarLayout: 'toolbar',
      'id actionbar': 'toolbar',
      'id appbar': 'toolbar',
      'id search_bar': 'toolbar',
      'id parentPanel': 'dialog',
      'id confirm_dialog_holder': 'dialog',
      'id contentPanelScroll': undefined,
      'id sidebar_topPanel': undefined,
      TabLayout: 'tabs',
      'id tablayout': 'tabs',
      'id bottom_navigation': 'tabs',
      ViewPager2: 'list',
      ViewPager: 'list',
      'ListView, not scrollable': 'list',
      'ScrollView, 2 children': 'list',
      'ScrollView, 1 child': undefined,
      'LinearLayout, 2 children': undefined,
      RecyclerViewFastScroller: undefined,
      'no node': undefined,
    });
  });
});

describe('natural containers hold up to 1.5 × maxSize', () => {
  const three = (id: string, cls = 'LinearLayout'): UiDump =>
    frame([
      n(cls, { id, bounds: [0, 500, 1080, 700] }, [btn('One', 500), btn('Two', 500, 300), btn('Three', 500, 600)]),
      btn('Other', 1500),
    ]);
  test('a dialog panel and a tab bar of three stay whole at maxSize 2; a plain layout of three splits', () => {
    assert.deepEqual(blocksOf(three('android:id/buttonPanel')), ['dialog modal: One, Two, Three', 'group: Other']);
    assert.deepEqual(blocksOf(three('', 'com.google.android.material.tabs.TabLayout')), ['tabs: One, Two, Three', 'group: Other']);
    assert.deepEqual(blocksOf(three('main_toolbar')), ['toolbar: One, Two, Three', 'group: Other']);
    assert.deepEqual(blocksOf(three('buttons')), ['group: One', 'group: Two', 'group: Three', 'group: Other']);
  });

  test('1.5 × 3 rounds up: a toolbar of five stays whole at maxSize 3, one of six splits', () => {
    const bar = (k: number): UiDump =>
      frame([
        n(
          'LinearLayout',
          { id: 'main_toolbar', bounds: [0, 0, 1080, 200] },
          Array.from({ length: k }, (_, i) => btn(`T${i + 1}`, 50, i * 150)),
        ),
        btn('Other', 1500),
      ]);
    assert.deepEqual(blocksOf(bar(5), { maxSize: 3 }), ['toolbar: T1, T2, T3, T4, T5', 'group: Other']);
    assert.deepEqual(blocksOf(bar(6), { maxSize: 3 }), [
      'group: T1',
      'group: T2',
      'group: T3',
      'group: T4',
      'group: T5',
      'group: T6',
      'group: Other',
    ]);
  });

  test("a block's container is the layout node it was cut at, the screen's frame for a screen that fits", () => {
    const d = frame([btn('One', 100), btn('Two', 300)]);
    const src = elementsFromDump(d);
    const blocks = partition(d, src.elements, src.nodeOf);
    assert.equal(blocks.length, 1);
    assert.equal(blocks[0]!.container, d.roots[0]);
  });
});

describe("CORE's rule", () => {
  test('a clickable card with buttons inside stays a group of its own beside them', () => {
    const d = frame([
      n('LinearLayout', { clickable: true, id: 'card', bounds: [0, 0, 1080, 400] }, [btn('Reply', 300), btn('Delete', 300, 500)]),
    ]);
    const src = elementsFromDump(d);
    assert.deepEqual(
      partition(d, src.elements, src.nodeOf, { rule: 'core' }).map((b) => b.elements.map((e) => e.id ?? label(e))),
      [['card'], ['Reply'], ['Delete']],
    );
  });

  test('blocks keep the kind and the node of the ancestor they were grouped by', () => {
    const d = frame([
      n('LinearLayout', { id: 'main_toolbar', bounds: [0, 0, 1080, 200] }, [btn('Search', 50), btn('Menu', 50, 800)]),
      n('RecyclerView', { id: 'list', bounds: [0, 300, 1080, 900] }, [btn('Row one', 300), btn('Row two', 500)]),
      n('LinearLayout', { bounds: [0, 1000, 1080, 1200] }, [btn('Save', 1000)]),
    ]);
    const src = elementsFromDump(d);
    const blocks = partition(d, src.elements, src.nodeOf, { rule: 'core' });
    const frameNode = d.roots[0]!;
    assert.deepEqual(
      blocks.map((b) => [b.kind, b.elements.map(label).join(', '), b.container]),
      [
        ['toolbar', 'Search, Menu', frameNode.children[0]],
        ['list', 'Row one, Row two', frameNode.children[1]],
        ['group', 'Save', frameNode.children[2]],
      ],
    );
  });

  test('stops 200 levels down: three buttons split apart at 198, kept together at 200', () => {
    const at = (depth: number): string[][] => {
      let kids: UiNode[] = [btn('One', 100), btn('Two', 300), btn('Three', 500)];
      for (let d = depth - 1; d >= 1; d--) kids = [n('FrameLayout', { bounds: [0, 0, 1080, 2280] }, kids)];
      const d = frame(kids);
      const src = elementsFromDump(d);
      return partition(d, src.elements, src.nodeOf, { rule: 'core' }).map((b) => b.elements.map(label));
    };
    assert.deepEqual(at(198), [['One'], ['Two'], ['Three']]);
    assert.deepEqual(at(200), [['One', 'Two', 'Three']]);
  });
});

describe('list rows', () => {
  const rowOf = (children: UiNode[], o: { clickable?: boolean } = {}): UiNode =>
    n('LinearLayout', { clickable: o.clickable ?? false, id: 'row', bounds: [0, 300, 1080, 600] }, children);
  const list = (row: UiNode): UiDump => frame([n('RecyclerView', { id: 'items', bounds: [0, 300, 1080, 1200] }, [row]), btn('Add', 1500)]);
  const ids = (d: UiDump): string[] => {
    const src = elementsFromDump(d);
    return partition(d, src.elements, src.nodeOf).map((b) => `${b.kind}: ${b.elements.map((e) => e.id ?? label(e)).join(', ')}`);
  };

  test('a row too big to keep whole splits into groups, not rows', () => {
    const wrap = (a: string, b: string, top: number) =>
      n('LinearLayout', { bounds: [0, top, 1080, top + 100] }, [btn(a, top), btn(b, top, 500)]);
    assert.deepEqual(ids(list(rowOf([wrap('One', 'Two', 300), wrap('Three', 'Four', 400)]))), [
      'group: One, Two',
      'group: Three, Four',
      'group: Add',
    ]);
  });

  test('a clickable row around a bar of three buttons: the bar is no row of its own', () => {
    const bar = n('LinearLayout', { bounds: [0, 400, 1080, 500] }, [btn('One', 400), btn('Two', 400, 300), btn('Three', 400, 600)]);
    assert.deepEqual(ids(list(rowOf([bar], { clickable: true }))), ['group: row, One', 'group: Two', 'group: Three', 'group: Add']);
  });

  test('a row wrapped in layouts is cut whole at its outer node, as a row', () => {
    const inner = n('LinearLayout', { bounds: [0, 300, 1080, 600] }, [btn('One', 300), btn('Two', 300, 300), btn('Three', 300, 600)]);
    assert.deepEqual(ids(list(rowOf([inner]))), ['row: One, Two, Three', 'group: Add']);
  });
});

describe("a list's own element", () => {
  const row = (t: string, top: number): UiNode =>
    n('LinearLayout', { clickable: true, bounds: [0, top, 1080, top + 100] }, [
      n('TextView', { text: t, bounds: [0, top, 500, top + 80] }),
    ]);
  const screen = (clickable: boolean): UiDump =>
    frame([
      n('RecyclerView', { id: 'items', scrollable: true, clickable, bounds: [0, 300, 1080, 1200] }, [
        row('One', 300),
        row('Two', 400),
        row('Three', 500),
      ]),
      btn('Add', 1500),
    ]);
  const shape = (d: UiDump) => {
    const src = elementsFromDump(d);
    return partition(d, src.elements, src.nodeOf).map((b) => [b.kind, b.elements.map((e) => e.id ?? label(e)).join(', '), b.container]);
  };

  test('a scroll handle only: a list block of its own, cut at the list', () => {
    const d = screen(false);
    const [list, add] = [d.roots[0]!.children[0]!, d.roots[0]!.children[1]!];
    assert.deepEqual(shape(d), [
      ['row', 'One', list.children[0]],
      ['row', 'Two', list.children[1]],
      ['row', 'Three', list.children[2]],
      ['list', 'items', list],
      ['group', 'Add', add],
    ]);
  });

  test('a list that can also be tapped joins its first row', () => {
    const d = screen(true);
    const [list, add] = [d.roots[0]!.children[0]!, d.roots[0]!.children[1]!];
    assert.deepEqual(shape(d), [
      ['row', 'items, One', list.children[0]],
      ['row', 'Two', list.children[1]],
      ['row', 'Three', list.children[2]],
      ['group', 'Add', add],
    ]);
  });
});

describe('kinds after the split', () => {
  test('a group holding a field is an input block; a toolbar holding one stays a toolbar', () => {
    const d = frame([
      n('LinearLayout', { id: 'main_toolbar', bounds: [0, 0, 1080, 200] }, [
        n('EditText', { text: 'Search', clickable: true, bounds: [0, 50, 800, 150] }),
      ]),
      n('LinearLayout', { bounds: [0, 500, 1080, 700] }, [n('EditText', { text: 'Name', clickable: true, bounds: [0, 500, 800, 600] })]),
      btn('Save', 1500),
    ]);
    assert.deepEqual(blocksOf(d), ['toolbar: Search', 'input: Name', 'group: Save']);
  });
});

describe('elements without a layout node', () => {
  test('an element the caller has no node for lands in one block at the top, with the others', () => {
    const d = frame([btn('One', 100), btn('Two', 300), btn('Three', 500)]);
    const src = elementsFromDump(d);
    const blocks = partition(d, src.elements, new Map());
    assert.deepEqual(
      blocks.map((b) => ({ kind: b.kind, labels: b.elements.map(label), container: 'container' in b })),
      [{ kind: 'group', labels: ['One', 'Two', 'Three'], container: false }],
    );
  });

  test('elements that stand for one node stay together past maxSize, with that node as their container', () => {
    const d = frame([btn('One', 100), btn('Two', 300), btn('Three', 500)]);
    const src = elementsFromDump(d);
    const shared = src.nodeOf.get(src.elements[0]!)!;
    const nodeOf = new Map(src.elements.map((e) => [e, shared] as const));
    const blocks: RawBlock[] = partition(d, src.elements, nodeOf, { maxSize: 2 });
    assert.equal(blocks.length, 1);
    assert.deepEqual(blocks[0]!.elements.map(label), ['One', 'Two', 'Three']);
    assert.equal(blocks[0]!.kind, 'group');
    assert.equal(blocks[0]!.container, shared);
  });
});

describe('dumps nested deeper than the snapshot keeps', () => {
  /** `depth` wrappers (FrameLayout, or `cls` at the depths `at` says) around `inner`. */
  function chain(depth: number, inner: UiNode[], at: Record<number, string> = {}): UiNode {
    let kids = inner;
    for (let d = depth; d >= 1; d--) kids = [n(at[d] ?? 'FrameLayout', { bounds: [0, 0, 1080, 2280] }, kids)];
    return kids[0]!;
  }

  test('20,000 levels: no stack overflow, each element in one block', () => {
    // Three buttons at the bottom: every wrapper holds more than maxSize, so the layout rule descends the chain.
    const deep = chain(20_000, [btn('Deep one', 1000), btn('Deep two', 1100), btn('Deep three', 1200)]);
    const d = frame([btn('Top', 100), deep]);
    assert.deepEqual(blocksOf(d), ['group: Top', 'group: Deep one', 'group: Deep two', 'group: Deep three']);
  });

  test('elements below the limit hang on their ancestor at depth MAX_DEPTH: a toolbar there still holds them', () => {
    // The frame is at depth 0 and the chain's wrappers at 1…; the toolbar sits at depth MAX_DEPTH, the buttons
    // far below it.
    const deep = chain(MAX_DEPTH + 40, [btn('Deep one', 1000), btn('Deep two', 1100), btn('Deep three', 1200)], {
      [MAX_DEPTH]: 'androidx.appcompat.widget.Toolbar',
    });
    const d = frame([btn('Top', 100), deep]);
    assert.deepEqual(blocksOf(d), ['group: Top', 'toolbar: Deep one, Deep two, Deep three']);
  });

  test('a card at depth MAX_DEPTH with its two buttons is one block, as near the top', () => {
    const card = n('LinearLayout', { clickable: true, id: 'card', bounds: [0, 900, 1080, 1300] }, [
      btn('Reply', 1000),
      btn('Delete', 1000, 500),
    ]);
    // The card at depth MAX_DEPTH, a button beside it (so the layout rule reaches the card), the buttons below it.
    const d = frame([btn('Top', 100), chain(MAX_DEPTH - 1, [card, btn('Archive', 1400)])]);
    const src = elementsFromDump(d);
    assert.deepEqual(
      partition(d, src.elements, src.nodeOf, { maxSize: 3 }).map((b) => b.elements.map((e) => e.id ?? label(e))),
      [['Top'], ['card', 'Reply', 'Delete'], ['Archive']],
    );
  });
});
