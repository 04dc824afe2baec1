import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import {
  absorbChildLabels,
  dropInvisible,
  dropOffscreen,
  dropSystemChrome,
  dropZeroArea,
  fromDump,
  groupLists,
  hidePasswordValues,
  keepIdentifiedIcons,
  keepInputWidgets,
  MAX_DEPTH,
  distil,
  passesFor,
  stripZeroWidth,
  unwrapLayouts,
} from '../../src/snapshot/distil.js';
import type { UiNode } from '../../src/hierarchy/model.js';
import { b, ctxFor, dump, n, screen, shape, tree } from './build.js';

describe('fromDump', () => {
  test('copies the dump into the intermediate tree with short class and id, and counts nodes', () => {
    const d = screen([n('Button', { text: 'OK', id: 'ok', clickable: true })]);
    const ctx = ctxFor(d);
    const roots = fromDump(d, ctx.stats);
    assert.deepEqual(shape(roots), ['FrameLayout', ' Button:OK']);
    assert.equal(roots[0]!.children[0]!.id, 'ok');
    assert.equal(ctx.stats.nodes, 2);
  });

  test('records the nearest identified ancestor as scope', () => {
    const d = screen([n('LinearLayout', { id: 'panel' }, [n('TextView', { text: 'x' })])]);
    const leaf = fromDump(d)[0]!.children[0]!.children[0]!;
    assert.equal(leaf.scopeId, 'panel');
  });

  test(`flattens nesting deeper than ${MAX_DEPTH} instead of overflowing the stack`, () => {
    let deep: UiNode = n('TextView', { text: 'bottom' });
    for (let i = 0; i < 5000; i++) deep = n('FrameLayout', {}, [deep]);
    const roots = fromDump(dump([deep]));
    let depth = 0;
    for (let cur = roots[0]; cur && cur.children.length > 0; cur = cur.children[cur.children.length - 1]) depth++;
    assert.ok(depth <= MAX_DEPTH + 1, `depth ${depth}`);
    const ctx = ctxFor(dump([deep]));
    assert.equal(shape(unwrapLayouts(fromDump(dump([deep])), ctx)).join(), 'TextView:bottom');
  });
});

describe('drop passes', () => {
  test('dropInvisible removes invisible subtrees and counts every node', () => {
    const d = screen([
      n('LinearLayout', { visible: false }, [n('TextView', { text: 'a' }), n('TextView', { text: 'b' })]),
      n('TextView', { text: 'c' }),
    ]);
    const ctx = ctxFor(d);
    assert.deepEqual(shape(dropInvisible(tree(d), ctx)), ['FrameLayout', ' TextView:c']);
    assert.equal(ctx.stats.invisible, 3);
  });

  test('dropZeroArea removes nodes without width or height', () => {
    const d = screen([
      n('TextView', { text: 'flat', bounds: b(0, 10, 500, 10) }),
      n('TextView', { text: 'thin', bounds: b(5, 0, 5, 50) }),
      n('TextView', { text: 'ok' }),
    ]);
    const ctx = ctxFor(d);
    assert.deepEqual(shape(dropZeroArea(tree(d), ctx)), ['FrameLayout', ' TextView:ok']);
    assert.equal(ctx.stats.zeroArea, 2);
  });

  test('dropSystemChrome removes bar backgrounds and system UI windows beside an app', () => {
    const app = n('FrameLayout', { bounds: b(0, 0, 1080, 2280) }, [
      n('View', { id: 'android:id/statusBarBackground', bounds: b(0, 0, 1080, 60) }),
      n('TextView', { text: 'Hello' }),
    ]);
    const bar = n('FrameLayout', { pkg: 'com.android.systemui', bounds: b(0, 0, 1080, 60) }, [
      n('TextView', { text: '12:30', pkg: 'com.android.systemui' }),
    ]);
    const gesture = n('View', { pkg: 'gesture', bounds: b(0, 0, 30, 2280) });
    const d = dump([gesture, bar, app]);
    const ctx = ctxFor(d);
    assert.deepEqual(shape(dropSystemChrome(tree(d), ctx)), ['FrameLayout', ' TextView:Hello']);
    assert.equal(ctx.stats.chrome, 4);
    assert.equal(shape(dropSystemChrome(tree(d), ctxFor(d, { all: true }))).length, 6, 'all keeps everything');
  });

  test('dropSystemChrome keeps a system UI window that is the whole screen (notification shade)', () => {
    const shade = n('FrameLayout', { pkg: 'com.android.systemui' }, [
      n('TextView', { text: 'No notifications', pkg: 'com.android.systemui' }),
    ]);
    const d = dump([shade]);
    assert.deepEqual(shape(dropSystemChrome(tree(d), ctxFor(d))), ['FrameLayout', ' TextView:No notifications']);
  });

  test('dropOffscreen counts nodes outside the screen, or marks them with offscreen', () => {
    const d = screen([
      n('TextView', { text: 'here' }),
      n('TextView', { text: 'right', bounds: b(1080, 0, 2160, 100) }),
      n('TextView', { text: 'below', bounds: b(0, 2280, 100, 2400) }),
    ]);
    const ctx = ctxFor(d);
    assert.deepEqual(shape(dropOffscreen(tree(d), ctx)), ['FrameLayout', ' TextView:here']);
    assert.equal(ctx.stats.offscreen, 2);
    const keep = ctxFor(d, { offscreen: true });
    const kept = dropOffscreen(tree(d), keep);
    assert.deepEqual(
      kept[0]!.children.map((c) => c.offscreen ?? false),
      [false, true, true],
    );
    assert.equal(keep.stats.offscreen, 2);
  });
});

describe('text passes', () => {
  test('stripZeroWidth removes zero-width and bidi characters and trims', () => {
    const d = screen([n('TextView', { text: '\u200bPay\u200d now\u2060 ', desc: '\u200e\u202aInbox\u202c', hint: '\ufeffName' })]);
    const t = stripZeroWidth(tree(d), ctxFor(d))[0]!.children[0]!;
    assert.deepEqual([t.text, t.desc, t.hint], ['Pay now', 'Inbox', 'Name']);
  });

  test('hidePasswordValues blanks the text of password fields only', () => {
    const d = screen([n('EditText', { text: 'hunter2', password: true }), n('EditText', { text: 'alice' })]);
    const kids = hidePasswordValues(tree(d), ctxFor(d))[0]!.children;
    assert.deepEqual(
      kids.map((k) => k.text),
      ['', 'alice'],
    );
  });
});

describe('keep passes', () => {
  test('keepInputWidgets keeps an empty EditText and Switch through unwrapLayouts; plain layouts go', () => {
    const d = screen([n('LinearLayout', {}, [n('EditText'), n('Switch'), n('ImageView')])]);
    const ctx = ctxFor(d);
    const roots = unwrapLayouts(keepInputWidgets(tree(d), ctx), ctx);
    assert.deepEqual(shape(roots), ['EditText', 'Switch']);
  });

  test('keepIdentifiedIcons marks unlabeled clickables with an id', () => {
    const d = screen([
      n('ImageView', { id: 'menu', clickable: true }),
      n('ImageView', { clickable: true }),
      n('ImageView', { id: 'logo' }),
    ]);
    const kids = keepIdentifiedIcons(tree(d), ctxFor(d))[0]!.children;
    assert.deepEqual(
      kids.map((k) => k.keep),
      [true, false, false],
    );
  });
});

describe('absorbChildLabels', () => {
  const row = (kids: UiNode[], props = {}): UiNode => n('LinearLayout', { clickable: true, bounds: b(0, 300, 1080, 450), ...props }, kids);

  test('a clickable row takes the labels of its non-interactive descendants', () => {
    const d = screen([
      row([
        n('ImageView', { desc: 'Avatar' }),
        n('LinearLayout', {}, [n('TextView', { text: 'Alice' }), n('TextView', { text: '2 min ago' })]),
      ]),
    ]);
    const ctx = ctxFor(d);
    const roots = unwrapLayouts(absorbChildLabels(tree(d), ctx), ctx);
    assert.deepEqual(shape(roots), ['LinearLayout [Avatar|Alice|2 min ago]']);
    assert.equal(ctx.stats.absorbed, 4);
  });

  test('interactive descendants stay elements of their own under the row', () => {
    const d = screen([row([n('TextView', { text: 'Alarm 7:00' }), n('Switch', { clickable: true, checkable: true, checked: true })])]);
    const ctx = ctxFor(d);
    const roots = unwrapLayouts(absorbChildLabels(keepInputWidgets(tree(d), ctx), ctx), ctx);
    assert.deepEqual(shape(roots), ['LinearLayout [Alarm 7:00]', ' Switch']);
  });

  test('a labelled, non-clickable check box merges into its row (class and state)', () => {
    const d = screen([row([n('CheckBox', { text: 'Shutter sound', checkable: true, checked: true })])]);
    const ctx = ctxFor(d);
    const r = unwrapLayouts(absorbChildLabels(keepInputWidgets(tree(d), ctx), ctx), ctx);
    assert.deepEqual(shape(r), ['CheckBox [Shutter sound]']);
    assert.equal(r[0]!.checkable && r[0]!.checked, true);
  });

  test('an unlabeled, non-clickable switch of a preference row stays a child (its own tap target)', () => {
    const d = screen([row([n('TextView', { text: 'Wi-Fi' }), n('Switch', { checkable: true, id: 'android:id/switch_widget' })])]);
    const ctx = ctxFor(d);
    const r = unwrapLayouts(absorbChildLabels(keepInputWidgets(tree(d), ctx), ctx), ctx);
    assert.deepEqual(shape(r), ['LinearLayout [Wi-Fi]', ' Switch']);
  });

  test('a non-clickable role widget is part of the row; a slider is not', () => {
    const d = screen([row([n('TextView', { text: 'Volume' }), n('Button'), n('SeekBar', { bounds: b(0, 400, 1080, 450) })])]);
    const ctx = ctxFor(d);
    const r = unwrapLayouts(absorbChildLabels(keepInputWidgets(tree(d), ctx), ctx), ctx);
    assert.deepEqual(shape(r), ['LinearLayout [Volume]', ' SeekBar']);
  });

  test('with offscreen kept, a label outside the screen is not absorbed: it stays its own element, marked', () => {
    const d = screen([
      row([
        n('TextView', { text: 'Title', bounds: b(0, 300, 900, 450) }),
        n('TextView', { text: 'More', bounds: b(1080, 300, 1300, 450) }),
      ]),
    ]);
    const ctx = ctxFor(d, { offscreen: true });
    const roots = absorbChildLabels(dropOffscreen(tree(d), ctx), ctx);
    assert.deepEqual(shape(roots), ['FrameLayout', ' LinearLayout [Title]', '  TextView:More']);
    assert.equal(roots[0]!.children[0]!.children[0]!.offscreen, true);
    assert.equal(ctx.stats.absorbed, 1);
  });

  test('a clickable wrapper over most of the screen is not a row', () => {
    const d = screen([
      n('FrameLayout', { clickable: true, bounds: b(0, 0, 1080, 2280) }, [
        n('TextView', { text: 'Title' }),
        n('TextView', { text: 'Body' }),
      ]),
    ]);
    const ctx = ctxFor(d);
    assert.deepEqual(shape(absorbChildLabels(tree(d), ctx)[0]!.children), ['FrameLayout', ' TextView:Title', ' TextView:Body']);
  });
});

describe('unwrapLayouts and groupLists', () => {
  test('unwrapLayouts lifts the children of containers without label, action or keep', () => {
    const d = screen([
      n('LinearLayout', {}, [
        n('RelativeLayout', {}, [n('TextView', { text: 'a' })]),
        n('FrameLayout', { desc: 'card' }, [n('TextView', { text: 'b' })]),
      ]),
    ]);
    const ctx = ctxFor(d);
    assert.deepEqual(shape(unwrapLayouts(tree(d), ctx)), ['TextView:a', 'FrameLayout~card', ' TextView:b']);
    assert.equal(ctx.stats.unwrapped, 3);
  });

  test('unwrapLayouts keeps a node whose only label is an absorbed one (passes run alone keep their contract)', () => {
    const d = screen([n('LinearLayout', {}, [n('TextView', { text: 'Alice' })])]);
    const ctx = ctxFor(d);
    const roots = tree(d);
    const card = roots[0]!.children[0]!;
    card.labels = ['Alice'];
    card.children = [];
    assert.deepEqual(shape(unwrapLayouts(roots, ctx)), ['LinearLayout [Alice]']);
    assert.equal(ctx.stats.unwrapped, 1);
  });

  test('groupLists counts the rows of lists and of scrollables with several rows', () => {
    const rows = [1, 2, 3].map((i) => n('TextView', { text: `row ${i}` }));
    const d = screen([
      n('androidx.recyclerview.widget.RecyclerView', { scrollable: true }, rows),
      n('ScrollView', { scrollable: true }, [n('TextView', { text: 'only' })]),
    ]);
    const kids = groupLists(tree(d), ctxFor(d))[0]!.children;
    assert.deepEqual(
      kids.map((k) => k.items),
      [3, undefined],
    );
  });

  test('groupLists: a class that only begins with a list class name (a row class, ListViewItem) is not a list', () => {
    const d = screen([n('com.example.ListViewItem', {}, [n('TextView', { text: 'Title' }), n('TextView', { text: 'Subtitle' })])]);
    assert.equal(groupLists(tree(d), ctxFor(d))[0]!.children[0]!.items, undefined);
  });

  test('groupLists: a scrollable of another class is a list from three rows on; a list class from one row', () => {
    const rows = (k: number) => Array.from({ length: k }, (_, i) => n('TextView', { text: `row ${i}` }));
    const d = screen([
      n('ScrollView', { scrollable: true }, rows(2)),
      n('ScrollView', { scrollable: true }, rows(3)),
      n('HorizontalScrollView', { scrollable: true }, rows(4)),
      n('LinearLayout', {}, rows(5)),
      n('ListView', {}, rows(1)),
      n('androidx.viewpager2.widget.ViewPager2', {}, rows(2)),
      n('GridView', {}, []),
    ]);
    assert.deepEqual(
      groupLists(tree(d), ctxFor(d))[0]!.children.map((k) => `${k.cls} ${k.items ?? '-'}`),
      ['ScrollView -', 'ScrollView 3', 'HorizontalScrollView 4', 'LinearLayout -', 'ListView 1', 'ViewPager2 2', 'GridView -'],
    );
  });
});

test('one pass list per mode', () => {
  // By identity, not by function name: instrumented builds (mutation testing) can lose an arrow's inferred name.
  const full = [dropInvisible, dropZeroArea, dropSystemChrome, dropOffscreen, stripZeroWidth, hidePasswordValues];
  const rest = [keepInputWidgets, keepIdentifiedIcons, absorbChildLabels, unwrapLayouts, groupLists];
  assert.deepEqual(passesFor({}), [...full, ...rest]);
  assert.deepEqual(passesFor({ all: true }), [...full.filter((p) => p !== dropSystemChrome), ...rest]);
});

test('distil with no options is the default view: chrome and off-screen nodes dropped and counted', () => {
  const d = screen([
    n('View', { id: 'android:id/statusBarBackground', bounds: b(0, 0, 1080, 60) }),
    n('TextView', { text: 'Inbox', bounds: b(0, 100, 1080, 200) }),
    n('TextView', { text: 'Next page', bounds: b(1080, 100, 2160, 200) }),
  ]);
  const { roots, stats } = distil(d);
  assert.deepEqual(shape(roots), ['TextView:Inbox']);
  assert.equal(stats.chrome, 1);
  assert.equal(stats.offscreen, 1);
  assert.equal(roots[0]!.offscreen, undefined);
});
