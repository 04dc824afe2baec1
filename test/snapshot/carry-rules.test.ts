// The rules of carrying (src/snapshot/carry.ts), one at a time, on small lists written out by hand: which gone
// element a cut, grown or reopened element continues, and by which edges it is placed. The refs are written here
// too: a fresh ref the previous snapshot did not hold is what refs.ts gives an element whose identity changed.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { carry as carryAll, carryRefs, type CarryElement } from '../../src/snapshot/carry.js';

const LIST_REF = 's40';
/** The scrolling list every row below sits in; it keeps its ref. */
const LIST: CarryElement = {
  ref: LIST_REF,
  class: 'androidx.recyclerview.widget.RecyclerView',
  id: 'com.example:id/list',
  bounds: [0, 200, 1080, 1200],
  actions: ['scroll'],
};

/** A tappable row of the list spanning `top`..`bottom`, labelled by the texts it holds. */
function row(ref: string, top: number, bottom: number, labels: string[]): CarryElement {
  return {
    ref,
    class: 'android.widget.LinearLayout',
    bounds: [0, top, 1080, bottom],
    actions: ['tap'],
    parent: LIST_REF,
    ...(labels.length > 0 ? { labels } : {}),
  };
}

/**
 * The refs of the elements `now` (in that order) after carrying from the elements `before`. Rows sit in the list;
 * `[el, i]` puts an element in the row `now[i]`.
 */
function carry(now: Array<CarryElement | [CarryElement, number]>, before: CarryElement[]): string[] {
  const input = now.map((x) => (Array.isArray(x) ? { el: x[0], parent: x[1] + 1 } : { el: x, parent: 0 }));
  return carryRefs([{ el: LIST, parent: -1 }, ...input], [LIST, ...before]).slice(1);
}

describe('which labels a cut row keeps', () => {
  // Rows of 200 px; scrolling back up by 80 px moves row b11 down so that the list's bottom edge cuts off its
  // second label. Its first label, its identity, is left, so its fresh ref is new only when something else
  // changed it too (a look-alike's tag, a freed slot): then the kept start is what carries it.
  const sender3 = row('b10', 800, 1000, ['Sender 3', 'Subject 3']);
  const sender4 = row('b11', 1000, 1200, ['Sender 4', 'Subject 4']);

  test('a row cut at the bottom keeps the start of its labels, and its ref', () => {
    const now = [row('b10', 880, 1080, ['Sender 3', 'Subject 3']), row('b907', 1080, 1200, ['Sender 4'])];
    assert.deepEqual(carry(now, [sender3, sender4]), ['b10', 'b11']);
  });

  test('a row first seen cut at the bottom keeps that ref when it comes fully into view', () => {
    const before = [row('b10', 880, 1080, ['Sender 3', 'Subject 3']), row('b907', 1080, 1200, ['Sender 4'])];
    const now = [sender3, { ...sender4, ref: 'b11' }];
    assert.deepEqual(carry(now, before), ['b10', 'b907']);
  });

  test('a row cut at the top keeps the end of its labels: a three-line row cut to its last two', () => {
    const before = [row('b20', 200, 400, ['Bob', 'Dinner?', 'See you at 8']), row('b21', 400, 600, ['Carol', 'Slides', 'Attached'])];
    const now = [row('b908', 200, 280, ['Dinner?', 'See you at 8']), row('b21', 280, 480, ['Carol', 'Slides', 'Attached'])];
    assert.deepEqual(carry(now, before), ['b20', 'b21']);
  });

  test('the kept labels must be the whole start or the whole end of the gone row, in order', () => {
    // Three-line rows: scrolled 120 px down, the top row keeps its last two lines; scrolled back 80 px up, the
    // bottom row keeps its first two.
    const cutTop = (gone: string[]): string[] =>
      carry(
        [row('b908', 200, 280, ['Lunch?', 'See you at 8']), row('b21', 280, 480, ['Carol', 'Slides', 'Attached'])],
        [row('b20', 200, 400, gone), row('b21', 400, 600, ['Carol', 'Slides', 'Attached'])],
      );
    const cutBottom = (gone: string[]): string[] =>
      carry(
        [row('b21', 880, 1080, ['Carol', 'Slides', 'Attached']), row('b909', 1080, 1200, ['Alice', 'Lunch?'])],
        [row('b21', 800, 1000, ['Carol', 'Slides', 'Attached']), row('b22', 1000, 1200, gone)],
      );
    // The gone row ends (begins) with only one of the two labels the cut row kept: another row.
    assert.deepEqual(cutTop(['Bob', 'Dinner?', 'See you at 8']), ['b908', 'b21']);
    assert.deepEqual(cutBottom(['Alice', 'Dinner?', 'See you at 8']), ['b21', 'b909']);
    // It ends (begins) with both: the same row.
    assert.deepEqual(cutTop(['Bob', 'Lunch?', 'See you at 8']), ['b20', 'b21']);
    assert.deepEqual(cutBottom(['Alice', 'Lunch?', 'See you at 8']), ['b21', 'b22']);
  });

  test('a row with the very labels of a gone row takes it over one that only begins with them, even a nearer one', () => {
    // Two notifications from Alice reading alike; after the list moved 100 px up, a row reads exactly as the
    // gone b31 did, and b30 (with one more line) stood nearer to where it came from.
    const before = [
      row('b30', 400, 600, ['Alice', 'Lunch?', '2 photos']),
      row('b31', 700, 900, ['Alice', 'Lunch?']),
      row('b32', 900, 1100, ['Dan', 'Rent']),
    ];
    const now = [row('b910', 300, 500, ['Alice', 'Lunch?']), row('b32', 800, 1000, ['Dan', 'Rent'])];
    assert.deepEqual(carry(now, before), ['b31', 'b32']);
  });
});

describe('a shared label outweighs none', () => {
  test('a row coming into view takes the gone row cut to its last label, not a gone strip without labels', () => {
    // Before: the list's top edge cut Alice's row to its last label, its bottom edge cut another row to a strip.
    // Scrolled back 160 px: Alice's row is whole, the strip has left the list.
    const before = [row('b80', 200, 240, ['Lunch?']), row('b82', 600, 800, ['Carol', 'Slides']), row('b81', 1190, 1200, [])];
    const now = [row('b933', 200, 400, ['Alice', 'Lunch?']), row('b82', 760, 960, ['Carol', 'Slides'])];
    assert.deepEqual(carry(now, before), ['b80', 'b82']);
  });
});

describe('the edges a cut row is placed by', () => {
  // Rows of different heights: a tall row b40 (300 px), a short one b41 (100 px) and b42 (200 px), which is still
  // on screen after the scroll and tells how far the list moved. b41 is gone too: its place shows a placeholder
  // of another kind ("Message deleted"). Both gone rows could be continued by what is left of b40; the edges that
  // were not cut tell them apart, where all four edges together would pick b41.
  const tall = (labels: string[]): CarryElement => row('b40', 200, 500, labels);
  const short = (labels: string[]): CarryElement => row('b41', 500, 600, labels);

  test('a row cut at the top (it kept the end of its labels) by its bottom edge', () => {
    const before = [tall(['Task 1', 'Due today']), short(['Task 2', 'Due today']), row('b42', 600, 800, ['Task 3', 'Due today'])];
    // Scrolled 260 px: 40 px of b40 are left, with its last label.
    const now = [row('b911', 200, 240, ['Due today']), row('b42', 340, 540, ['Task 3', 'Due today'])];
    assert.deepEqual(carry(now, before), ['b40', 'b42']);
  });

  test('a row cut to no label at the top by its bottom edge', () => {
    const before = [tall(['Task 1', 'Due today']), short(['Task 2', 'Due today']), row('b42', 600, 800, ['Task 3', 'Due today'])];
    // Scrolled 290 px: a 10 px strip of b40's padding is left.
    const now = [row('b912', 200, 210, []), row('b42', 310, 510, ['Task 3', 'Due today'])];
    assert.deepEqual(carry(now, before), ['b40', 'b42']);
  });

  test('a row that never had a label, cut to a strip, by the edge that was not cut too', () => {
    // Image cards without a description (a photo feed): the strip and the gone cards all read as nothing, which
    // is no sign of a cut, yet the strip is one.
    const before = [tall([]), short([]), row('b42', 600, 800, [])];
    const now = [row('b912', 200, 210, []), row('b42', 310, 510, [])];
    assert.deepEqual(carry(now, before), ['b40', 'b42']);
  });

  // The same at the bottom of the list: b42 above, the short b41, then the tall b40 reaching the list's bottom.
  const above = [
    row('b42', 600, 800, ['Carol', 'Slides']),
    row('b41', 800, 900, ['Alice', 'Dinner?']),
    row('b40', 900, 1200, ['Alice', 'Lunch?']),
  ];

  test('a row cut at the bottom (it kept the start of its labels) by its top edge', () => {
    // Scrolled back 260 px: 40 px of b40 are left, with its first label.
    const now = [row('b42', 860, 1060, ['Carol', 'Slides']), row('b913', 1160, 1200, ['Alice'])];
    assert.deepEqual(carry(now, above), ['b42', 'b40']);
  });

  test('a row cut to no label at the bottom by its top edge', () => {
    const now = [row('b42', 890, 1090, ['Carol', 'Slides']), row('b914', 1190, 1200, [])];
    assert.deepEqual(carry(now, above), ['b42', 'b40']);
  });
});

describe('own text: equal, or it is another element', () => {
  // A card cut by a 120 px scroll (it keeps its last label) holding one button or field: the card is carried, and
  // the child's fresh ref is new because its parent's label (part of its identity) changed.
  const before = (child: Partial<CarryElement>): CarryElement[] => [
    row('b60', 200, 500, ['Alice', 'Lunch?']),
    { ref: 'b61', class: 'android.widget.ImageButton', bounds: [900, 400, 1060, 480], actions: ['tap'], parent: 'b60', ...child },
    row('b62', 500, 800, ['Bob', 'Dinner?']),
  ];
  const cut = (child: Partial<CarryElement>): Array<CarryElement | [CarryElement, number]> => [
    row('b915', 200, 380, ['Lunch?']),
    [{ ref: 'b916', class: 'android.widget.ImageButton', bounds: [900, 280, 1060, 360], actions: ['tap'], ...child }, 0],
    row('b62', 380, 680, ['Bob', 'Dinner?']),
  ];

  test('a button with the same description follows its card', () => {
    assert.deepEqual(carry(cut({ desc: 'Reply' }), before({ desc: 'Reply' })), ['b60', 'b61', 'b62']);
  });

  test('a button whose description changed is another button', () => {
    // Play became Pause where it stood: a new element for the agent, not the old one.
    assert.deepEqual(carry(cut({ desc: 'Pause' }), before({ desc: 'Play' })), ['b60', 'b916', 'b62']);
  });

  test('a field keeps its ref though its value or its hint changed (neither is identity: readers differ on hints)', () => {
    const field = (text: string, hint: string): Partial<CarryElement> => ({
      class: 'android.widget.EditText',
      ref: 'e916',
      actions: ['tap', 'type'],
      hint,
      ...(text === '' ? {} : { text }),
    });
    const was = (text: string, hint: string): CarryElement[] => before({ ...field(text, hint), ref: 'e61' });
    assert.deepEqual(carry(cut(field('See you at 8', 'Reply')), was('', 'Reply')), ['b60', 'e61', 'b62']);
    assert.deepEqual(carry(cut(field('See you at 9', 'Reply')), was('See you at 8', 'Reply')), ['b60', 'e61', 'b62']);
    // A page source reads the hint of an empty field that a dump reads as its text: the same field either way.
    assert.deepEqual(carry(cut(field('Reply', '')), was('', 'Reply')), ['b60', 'e61', 'b62']);
    assert.deepEqual(carry(cut(field('', 'Forward to')), was('', 'Reply')), ['b60', 'e61', 'b62']);
    // Its description still is: another description is another field.
    assert.deepEqual(carry(cut({ ...field('', 'Reply'), desc: 'Forward' }), was('', 'Reply')), ['b60', 'e916', 'b62']);
  });
});

describe('look-alikes pair up by place, whatever order the dump lists them in', () => {
  // The same notification twice, and two photo cells side by side: look-alikes told apart by their
  // offset (lookalikes.ts), so a scroll gives them new fresh refs and carrying pairs them with the gone ones.
  test('two rows reading alike, stacked', () => {
    const before = [
      row('b70', 300, 500, ['Alice', 'Lunch?']),
      row('b71', 500, 700, ['Alice', 'Lunch?']),
      row('b72', 700, 900, ['Bob', 'Rent']),
    ];
    // Scrolled 100 px: nothing cut.
    const upper = row('b917', 200, 400, ['Alice', 'Lunch?']);
    const lower = row('b918', 400, 600, ['Alice', 'Lunch?']);
    const kept = row('b72', 600, 800, ['Bob', 'Rent']);
    assert.deepEqual(carry([upper, lower, kept], before), ['b70', 'b71', 'b72']);
    assert.deepEqual(carry([kept, lower, upper], before), ['b72', 'b71', 'b70']);
  });

  test('two cells side by side, unlabelled or reading alike', () => {
    for (const labels of [[], ['Untitled document']]) {
      const cell = (ref: string, left: number, top: number): CarryElement => ({
        ...row(ref, top, top + 300, labels),
        bounds: [left, top, left + 540, top + 300],
      });
      const before = [cell('b73', 0, 300), cell('b74', 540, 300), row('b75', 600, 800, ['Yesterday'])];
      const kept = row('b75', 500, 700, ['Yesterday']);
      assert.deepEqual(carry([cell('b919', 0, 200), cell('b920', 540, 200), kept], before), ['b73', 'b74', 'b75']);
      assert.deepEqual(carry([kept, cell('b920', 540, 200), cell('b919', 0, 200)], before), ['b75', 'b74', 'b73']);
    }
  });

  test('the buttons of a cut card, which have no sibling that kept its ref to tell how far they moved', () => {
    // Two unlabelled, undescribed star buttons of a card cut by a 120 px scroll.
    const star = (ref: string, left: number, top: number, parent?: string): CarryElement => ({
      ref,
      class: 'android.widget.ImageView',
      bounds: [left, top, left + 100, top + 100],
      actions: ['tap'],
      ...(parent === undefined ? {} : { parent }),
    });
    const before = [
      row('b60', 200, 500, ['Alice', 'Lunch?']),
      star('b76', 800, 380, 'b60'),
      star('b77', 900, 380, 'b60'),
      row('b62', 500, 800, ['Bob', 'Rent']),
    ];
    const card = row('b921', 200, 380, ['Lunch?']);
    const kept = row('b62', 380, 680, ['Bob', 'Rent']);
    assert.deepEqual(carry([card, [star('b922', 800, 260), 0], [star('b923', 900, 260), 0], kept], before), ['b60', 'b76', 'b77', 'b62']);
    assert.deepEqual(carry([card, [star('b923', 900, 260), 0], [star('b922', 800, 260), 0], kept], before), ['b60', 'b77', 'b76', 'b62']);
  });
});

describe('which elements take part', () => {
  test('an element whose fresh ref an element of another id or class held goes back to its own', () => {
    // The list's "Inbox" title (t5) went away and freed the slot the "Inbox" section header had probed past
    // before (it had t6): the header goes back to t6. Same for a described image whose slot a text held.
    const text = (ref: string, label: string, over: Partial<CarryElement> = {}): CarryElement => ({
      ref,
      class: 'android.widget.TextView',
      text: label,
      bounds: [0, 200, 1080, 300],
      actions: [],
      parent: LIST_REF,
      ...over,
    });
    const header = { id: 'com.example:id/header' };
    assert.deepEqual(
      carry([text('t5', 'Inbox', header)], [text('t5', 'Inbox', { id: 'com.example:id/title' }), text('t6', 'Inbox', header)]),
      ['t6'],
    );
    const image = (ref: string): CarryElement => ({
      ref,
      class: 'android.widget.ImageView',
      desc: 'Inbox',
      bounds: [0, 200, 1080, 300],
      actions: [],
      parent: LIST_REF,
    });
    assert.deepEqual(carry([image('t5')], [text('t5', 'Inbox'), image('t6')]), ['t6']);
    // A text element whose slot another text held: "Today" had probed past "Yesterday".
    assert.deepEqual(carry([text('t5', 'Today')], [text('t5', 'Yesterday'), text('t6', 'Today')]), ['t6']);
  });

  test('a resource id is part of what an element is: a row of another id is not continued', () => {
    const before = [
      { ...row('b80', 200, 400, ['Sale', '50% off']), id: 'com.example:id/ad' },
      { ...row('b81', 400, 600, ['Bob', 'Rent']), id: 'com.example:id/mail' },
    ];
    const now = [
      { ...row('b924', 200, 280, ['50% off']), id: 'com.example:id/mail' },
      { ...row('b81', 280, 480, ['Bob', 'Rent']), id: 'com.example:id/mail' },
    ];
    assert.deepEqual(carry(now, before), ['b924', 'b81']);
  });

  test('when every element on screen is new, the parent is carried first and its rows follow it', () => {
    // The list's own fresh ref is new (as when the pane holding it was renamed), and both rows are cut: a short
    // list showing the end of one tall row and the start of the next.
    const list = (ref: string): CarryElement => ({ ...LIST, ref });
    const child = (el: CarryElement, parent: string): CarryElement => ({ ...el, parent });
    const before = [
      list('s40'),
      child(row('b40', 0, 400, ['Task 1', 'Due today']), 's40'),
      child(row('b41', 400, 800, ['Task 2', 'Due Friday']), 's40'),
    ];
    const now = [
      { el: list('s41'), parent: -1 },
      { el: row('b925', 200, 400, ['Due today']), parent: 0 },
      { el: row('b926', 400, 600, ['Task 2']), parent: 0 },
    ];
    assert.deepEqual(carryRefs(now, before), ['s40', 'b40', 'b41']);
  });
});

describe('who takes a gone ref', () => {
  test('a row first seen cut to no label keeps that ref when it comes fully into view', () => {
    const before = [row('b926', 200, 210, []), row('b42', 210, 410, ['Carol', 'Slides'])];
    const now = [row('b41', 200, 400, ['Alice', 'Lunch?']), row('b42', 400, 600, ['Carol', 'Slides'])];
    assert.deepEqual(carry(now, before), ['b926', 'b42']);
  });

  test('an element that kept its ref is not moved onto a gone one it could continue', () => {
    // The "Due today" section row stays; the task that ended with the same words scrolled away, and a new task
    // came into view at the bottom.
    const before = [
      row('b43', 200, 400, ['Task 1', 'Due today']),
      row('b44', 400, 500, ['Due today']),
      row('b45', 500, 700, ['Task 2', 'Due today']),
    ];
    const now = [
      row('b44', 200, 300, ['Due today']),
      row('b45', 300, 500, ['Task 2', 'Due today']),
      row('b931', 500, 700, ['Task 3', 'Friday']),
    ];
    assert.deepEqual(carry(now, before), ['b44', 'b45', 'b931']);
  });

  test('of two rows as near to a gone row, the first in the dump takes it; of two gone rows as near, the first before', () => {
    // The list did not move (b42 kept its place); the message b46 was shown twice, 100 px above and below it.
    const gone = row('b46', 400, 600, ['Alice', 'Lunch?']);
    const kept = row('b42', 800, 1000, ['Carol', 'Slides']);
    assert.deepEqual(carry([row('b927', 300, 500, ['Alice', 'Lunch?']), row('b928', 500, 700, ['Alice', 'Lunch?']), kept], [gone, kept]), [
      'b46',
      'b928',
      'b42',
    ]);
    assert.deepEqual(carry([row('b928', 500, 700, ['Alice', 'Lunch?']), row('b927', 300, 500, ['Alice', 'Lunch?']), kept], [gone, kept]), [
      'b46',
      'b927',
      'b42',
    ]);
    // One row between two gone ones that read like it.
    const between = (before: CarryElement[]): string[] => carry([row('b929', 400, 600, ['Alice', 'Lunch?']), kept], [...before, kept]);
    const above = row('b47', 300, 500, ['Alice', 'Lunch?']);
    const below = row('b48', 500, 700, ['Alice', 'Lunch?']);
    assert.deepEqual(between([above, below]), ['b47', 'b42']);
    assert.deepEqual(between([below, above]), ['b48', 'b42']);
  });

  test('an element waits for the ref another frees by going back to its own', () => {
    // b50 continues the gone b10 under a new key; b11's key now finds b10's slot free, which it had probed past.
    // b50 comes first in the dump and stands where b10 stood, yet can take b10 only once b11 has gone back.
    const before = [
      row('b10', 200, 400, ['Alice', 'Lunch?']),
      row('b11', 400, 600, ['Bob', 'Rent']),
      row('b12', 600, 800, ['Carol', 'Slides']),
    ];
    const now = [
      row('b50', 200, 400, ['Alice', 'Lunch?']),
      row('b10', 400, 600, ['Bob', 'Rent']),
      row('b12', 600, 800, ['Carol', 'Slides']),
    ];
    assert.deepEqual(carry(now, before), ['b10', 'b11', 'b12']);
  });
});

describe('a row cut to no label that kept a ref by its identity alone', () => {
  // A nameless row's identity is only "a nameless row of this list": the ref it gets standing alone may be the one
  // the strip that has just left the list had. Before: a 15 px strip of Task 0 (b81) above Task 1 and Task 2.
  // Scrolled 200 px: the strip is gone, Task 1 is cut to a strip of its own, and that strip's fresh ref is b81.
  const before = [row('b81', 200, 215, []), row('b40', 215, 415, ['Task 1', 'Due today']), row('b42', 415, 615, ['Task 2', 'Due today'])];
  const kept = row('b42', 215, 415, ['Task 2', 'Due today']);

  test('takes the ref of the row that stood where it came from, and frees the strip’s', () => {
    assert.deepEqual(carry([row('b81', 200, 215, []), kept], before), ['b40', 'b42']);
  });

  test('keeps its ref where it stood still, and takes no far nameless row’s ref instead', () => {
    // The list did not move: the strip is the same one.
    assert.deepEqual(carry([row('b81', 200, 215, []), row('b40', 215, 415, ['Task 1', 'Due today'])], before), ['b81', 'b40']);
    // Moved 200 px, with no labelled row that ended where it came from, only a nameless strip far below that left
    // the list: nothing tells which row it is, so it keeps the ref it has.
    const far = [row('b81', 200, 215, []), row('b42', 415, 615, ['Task 2', 'Due today']), row('b44', 1190, 1200, [])];
    assert.deepEqual(carry([row('b81', 200, 215, []), kept], far), ['b81', 'b42']);
  });
});

describe('a ref the session’s memory gave back though the previous snapshot did not show it', () => {
  // Folder rows that all end with "0 items". The memory gives a row cut to "0 items" the ref of a row that was cut
  // so earlier and has left (b148); `opened` says which elements the memory knew nothing of.
  const carryRecalled = (now: CarryElement[], before: CarryElement[]): string[] =>
    carryRefs(
      [{ el: LIST, parent: -1 }, ...now.map((el) => ({ el, parent: 0 }))],
      [LIST, ...before],
      [false, ...now.map(() => false)],
    ).slice(1);
  const kept = (top: number): CarryElement => row('b11', top, top + 200, ['Download', '0 items']);

  test('yields to the row that stood where it stands and was cut to it', () => {
    // Scrolled 25 px: Documents' row (b473) lost its name at the top edge.
    const before = [row('b473', 200, 400, ['Documents', '0 items']), kept(400)];
    assert.deepEqual(carryRecalled([row('b148', 200, 375, ['0 items']), kept(375)], before), ['b473', 'b11']);
  });

  test('stays on a row whose whole identity the memory knew, over the cut form that stood there just before', () => {
    // Scrolled back 25 px: the row cut to "0 items" a moment ago (b163, a ref it got while cut) is whole again,
    // and the memory gave it the ref it had before it left.
    const before = [row('b163', 200, 225, ['0 items']), kept(225)];
    assert.deepEqual(carryRecalled([row('b917', 200, 250, ['Alarms', '0 items']), kept(250)], before), ['b917', 'b11']);
  });
});

describe('a kept ref that named a row standing elsewhere', () => {
  // Folder rows of 150 px that all end with "0 items", 120 px further down the list: Documents' row, cut to its
  // last label at the top edge before (b790), has left; Download's row is cut the same way now and its identity
  // gave it b790.
  const before = [
    row('b790', 200, 230, ['0 items']),
    row('b820', 230, 380, ['Download', '0 items']),
    row('b471', 380, 530, ['Movies', '0 items']),
  ];
  const movies = row('b471', 260, 410, ['Movies', '0 items']);

  test('a row cut at the list’s edge takes the ref of the row that stood where it stands', () => {
    assert.deepEqual(carry([row('b790', 200, 260, ['0 items']), movies], before), ['b820', 'b471']);
  });

  test('with no row that stood there, it gives the ref up: the caller gives it a new one', () => {
    // Scrolled back 120 px: a strip came from above the list, which had shown nothing there.
    const task = (k: number, top: number): CarryElement => row(`b4${k}`, top, top + 200, [`Task ${k}`, 'Due today']);
    const strips = [row('b81', 200, 215, []), task(2, 215), task(3, 415)];
    const now = [row('b81', 200, 215, []), task(2, 335), task(3, 535)];
    const out = carryAll([{ el: LIST, parent: -1 }, ...now.map((el) => ({ el, parent: 0 }))], [LIST, ...strips]);
    assert.deepEqual(out.refs.slice(1), ['b81', 'b42', 'b43']);
    assert.deepEqual(out.renew, [1]);
  });
});

describe('how far the list moved', () => {
  test('most rows that kept their ref tell it: not a row held under the finger while the list scrolls', () => {
    // Rows "Task k / Due today" of 200 px. The list scrolled 320 px while the user dragged "Task 3", which moved
    // only 120 px. Task 0 is gone, Task 1 is cut to its last label: it must match Task 1, which the shift of
    // Task 3 would put the cut row beside Task 0.
    const task = (k: number, top: number): CarryElement => row(`b${43 + k}`, top, top + 200, [`Task ${k}`, 'Due today']);
    const before = [0, 1, 2, 3, 4].map((k) => task(k, 200 + 200 * k));
    const now = [row('b932', 200, 280, ['Due today']), task(2, 280), task(3, 680), task(4, 680)];
    assert.deepEqual(carry(now, before), ['b44', 'b45', 'b46', 'b47']);
  });
});
