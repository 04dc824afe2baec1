// The selector language from its grammar and rules, one behaviour per test: the error each malformed selector
// gets (message and caret position), what every attribute reads, containment for `:in` and the descendant
// space, the edges of the layout relations, and the nearest-first order with its tie-breaks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { GlanceError } from '../../src/errors.js';
import { findElements, parseSelector } from '../../src/snapshot/selector.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { element } from './build.js';

type Box = [number, number, number, number];
const el = (ref: string, cls: string, bounds: Box, more: Partial<SnapshotElement> = {}): SnapshotElement =>
  element(ref, bounds, { class: cls, actions: ['tap'], ...more });

// A header, a list with two rows (the second row's parent link missing: contained by bounds only), a field, a
// button beside it, and a card exactly as big as the list.
const elements: SnapshotElement[] = [
  el('t1', 'TextView', [0, 0, 1080, 100], { text: 'Inbox', actions: [] }),
  el('s2', 'RecyclerView', [0, 100, 1080, 900], { id: 'list', actions: ['scroll'] }),
  el('b3', 'LinearLayout', [0, 100, 1080, 300], { text: 'Ana', labels: ['Lunch on Friday'], parent: 's2' }),
  el('b4', 'LinearLayout', [0, 300, 1080, 500], { text: 'Tom', desc: 'unread' }),
  el('e5', 'EditText', [0, 1000, 800, 1100], { hint: 'Reply', id: 'reply', actions: ['type'] }),
  el('b6', 'Button', [800, 1000, 1080, 1100], { desc: 'Send', id: 'send' }),
  el('b7', 'FrameLayout', [0, 100, 1080, 900], { desc: 'card' }),
];
const snap = { elements };
const refs = (s: string): string[] => findElements(snap, s).map((e) => e.ref);

function parseError(source: string): { message: string; position: number } {
  try {
    parseSelector(source);
  } catch (e) {
    assert.ok(e instanceof GlanceError && e.code === 'SELECTOR_INVALID', String(e));
    assert.match(e.hint ?? '', /Button\[text=OK\]/);
    const position = (e.context as { position: number }).position;
    // The caret line points at the same column the message names.
    const lines = e.message.split('\n');
    assert.equal(lines[1], `  ${source}`);
    assert.equal(lines[2], `  ${' '.repeat(position)}^`);
    assert.match(lines[0]!, new RegExp(`^bad selector at ${position + 1}: `));
    return { message: lines[0]!.replace(/^bad selector at \d+: /, ''), position };
  }
  assert.fail(`${source} parsed`);
}

describe('malformed selectors: message and position', () => {
  const cases: Array<[string, string, number]> = [
    ['   ', 'empty selector', 0],
    ['Button,', 'selector expected, found the end', 7],
    ['Button,)', 'selector expected, found ")"', 7],
    ['Button]', 'unexpected "]"', 6],
    ['#', 'resource id expected after "#"', 1],
    ['[foo=1]', 'unknown attribute "foo" (use text, desc, hint, id, class, ref, label)', 1],
    ['[text]', '"=", "~=", "^=" or "$=" expected', 5],
    ['[text=a', '"]" expected', 7],
    ['[text="a" b]', '"]" expected', 10],
    ['[text="a"', '"]" expected to close "[" at 1', 9],
    ['[text=  ]', 'value expected', 8],
    ['[text="abc', 'unterminated string', 6],
    ['[text="ab\\', 'unterminated string', 6],
    [':clickable(1)', ':clickable takes no argument', 10],
    [':below', ':below needs an argument in parentheses', 6],
    [':below(#a', '")" expected to close :below(', 9],
    [':near(#a, 10 x)', '")" expected', 13],
    [':below(#a, 10)', ':below takes one selector', 9],
    [':near(#a, -5)', 'distance in px expected', 10],
    [':wobbly', 'unknown pseudo-class ":wobbly"', 0],
    [':', 'pseudo-class name expected', 1],
    ['[ =a]', 'attribute name expected', 2],
    ['Button@', 'unexpected "@"', 6],
    // A comma and a number end a selector only inside parentheses: at the top level the number is read as a selector.
    ['Button, 5', 'unexpected "5"', 8],
    // The name follows the colon and "#" directly; a later word is not taken for it.
    [': checked', 'pseudo-class name expected', 1],
    ['#:enabled', 'resource id expected after "#"', 1],
    [':cell(-1, 2)', 'a whole number from 1 expected', 6],
    [':cell(x1, 2)', 'a whole number from 1 expected', 6],
    [':cell(0, 1)', 'a whole number from 1 expected', 6],
    [':cell(2 3)', ':cell takes a row and a column, e.g. :cell(2, 3)', 8],
    [':nth(0)', 'a whole number expected (1 = first, -1 = last)', 5],
    [':nth(x1)', 'a whole number expected (1 = first, -1 = last)', 5],
  ];
  for (const [source, message, position] of cases) {
    test(JSON.stringify(source), () => {
      assert.deepEqual(parseError(source), { message, position });
    });
  }
});

describe('parsing', () => {
  test('* is any element; a comma and a number end the selector inside :near only', () => {
    assert.deepEqual(parseSelector('*'), { alternatives: [{ parts: [{ type: 'any' }] }] });
    assert.equal(refs('*').length, elements.length);
    assert.deepEqual(parseSelector(':near(#send, 30)').alternatives[0]!.parts[0], {
      type: 'relation',
      relation: 'near',
      selector: { alternatives: [{ parts: [{ type: 'id', name: 'send' }] }] },
      px: 30,
    });
    // Inside other pseudo-classes a comma before a number ends the inner list too, and the ")" is then missing;
    // before anything else the comma separates alternatives.
    assert.equal(parseError(':not(#a, 5)').message, '")" expected');
    assert.equal(parseSelector(':near(#a, x)').alternatives[0]!.parts[0]!.type, 'relation');
    // Without a distance the relation carries none (the default applies when matching).
    assert.equal('px' in parseSelector(':near(#send)').alternatives[0]!.parts[0]!, false);
  });

  test('spaces before a comma, a closing parenthesis or the end separate nothing', () => {
    assert.deepEqual(parseSelector('Button '), parseSelector('Button'));
    assert.deepEqual(parseSelector('Button , EditText'), parseSelector('Button,EditText'));
    assert.deepEqual(parseSelector(':not(Button )'), parseSelector(':not(Button)'));
    assert.deepEqual(refs('EditText , Button '), ['e5', 'b6']);
  });

  test(":near's distance: with or without a space after the comma, decimals whole, after several alternatives", () => {
    const near = (s: string): unknown => parseSelector(s).alternatives[0]!.parts[0];
    const send = { alternatives: [{ parts: [{ type: 'id', name: 'send' }] }] };
    assert.deepEqual(near(':near(#send,30)'), { type: 'relation', relation: 'near', selector: send, px: 30 });
    assert.deepEqual(near(':near(#send, 2.5)'), { type: 'relation', relation: 'near', selector: send, px: 2.5 });
    assert.deepEqual(near(':near(#send, 12.75)'), { type: 'relation', relation: 'near', selector: send, px: 12.75 });
    // The comma before #reply separates alternatives; only the one before the number starts the distance.
    assert.deepEqual(near(':near(#send, #reply, 30)'), {
      type: 'relation',
      relation: 'near',
      selector: { alternatives: [{ parts: [{ type: 'id', name: 'send' }] }, { parts: [{ type: 'id', name: 'reply' }] }] },
      px: 30,
    });
  });

  test(':cell and :nth read whole numbers of several digits', () => {
    assert.deepEqual(parseSelector(':cell(12, 3)').alternatives[0]!.parts[0], { type: 'cell', row: 12, col: 3 });
    assert.deepEqual(parseSelector(':cell(2, 31)').alternatives[0]!.parts[0], { type: 'cell', row: 2, col: 31 });
    assert.deepEqual(parseSelector(':nth(-12)').alternatives[0]!.parts[0], { type: 'nth', index: -12 });
  });

  test('quoted values keep escapes and spaces; bare values are trimmed', () => {
    const v = (s: string): string => (parseSelector(s).alternatives[0]!.parts[0] as { value: string }).value;
    assert.equal(v('[text="a \\"b\\" c"]'), 'a "b" c');
    assert.equal(v("[text='line\\nnext']"), 'line\nnext');
    assert.equal(v('[text=  two words  ]'), 'two words');
    assert.equal(v('[ text = x ]'), 'x');
  });

  test('pseudo-class names are case-insensitive; class names keep $ and dots', () => {
    assert.deepEqual(refs(':CLICKABLE'), refs(':clickable'));
    assert.deepEqual(parseSelector('Outer$Inner').alternatives[0]!.parts[0], { type: 'class', name: 'Outer$Inner' });
    assert.deepEqual(parseSelector('_x').alternatives[0]!.parts[0], { type: 'class', name: '_x' });
  });
});

describe('what each attribute reads', () => {
  test('text reads the text and the merged labels; desc, hint, id, class and ref read only themselves', () => {
    assert.deepEqual(refs('[text=Lunch on Friday]'), ['b3']);
    assert.deepEqual(refs('[text=unread]'), []);
    assert.deepEqual(refs('[desc=unread]'), ['b4']);
    assert.deepEqual(refs('[desc=Tom]'), []);
    assert.deepEqual(refs('[hint=Reply]'), ['e5']);
    assert.deepEqual(refs('[hint=Send]'), []);
    assert.deepEqual(refs('[id=send]'), ['b6']);
    assert.deepEqual(refs('[id=Send]'), []);
    assert.deepEqual(refs('[class=Button]'), ['b6']);
    assert.deepEqual(refs('[ref=b6]'), ['b6']);
    assert.deepEqual(refs('[ref$=6]'), ['b6']);
  });

  test('label reads text, labels, desc and hint together', () => {
    assert.deepEqual(refs('[label=Lunch on Friday]'), ['b3']);
    assert.deepEqual(refs('[label=unread]'), ['b4']);
    assert.deepEqual(refs('[label=Reply]'), ['e5']);
    assert.deepEqual(refs('[label=Tom]'), ['b4']);
  });

  test(':has-text looks in desc and hint too, case-insensitively', () => {
    assert.deepEqual(refs(':has-text("SEND")'), ['b6']);
    assert.deepEqual(refs(':has-text("repl")'), ['e5']);
    assert.deepEqual(refs(':has-text("friday")'), ['b3']);
  });

  test('an attribute the element lacks matches nothing, whatever the operator', () => {
    // "full" carries every attribute, each value starting with "S" and ending with "e"; "bare" carries none of them.
    const both = {
      elements: [
        element('full', [0, 0, 100, 100], { text: 'Sure', labels: ['Sale'], desc: 'Share', hint: 'Search here', id: 'Save_note' }),
        element('bare', [0, 100, 100, 200]),
      ],
    };
    for (const attr of ['text', 'desc', 'hint', 'id', 'label'])
      for (const sel of [`[${attr}~=e]`, `[${attr}^=S]`, `[${attr}$=e]`])
        assert.deepEqual(
          findElements(both, sel).map((e) => e.ref),
          ['full'],
          sel,
        );
    assert.deepEqual(
      findElements(both, ':has-text("e")').map((e) => e.ref),
      ['full'],
    );
  });

  test('#id matches the short id and the fully qualified one', () => {
    assert.deepEqual(refs('#send'), ['b6']);
    assert.deepEqual(refs('#com.example:id/send'), ['b6']);
    assert.deepEqual(refs('#sen'), []);
  });
});

describe('containment', () => {
  test(':in holds for a parent link or for a box strictly inside; an equal box is not inside', () => {
    assert.deepEqual(refs(':in(#list)'), ['b3', 'b4']);
    // b7 has the list's exact bounds: neither is inside the other.
    assert.equal(refs(':in(#list)').includes('b7'), false);
    assert.equal(refs(':in([desc=card])').includes('s2'), false);
    assert.deepEqual(refs(':in([desc=card])'), ['b3', 'b4']);
  });

  test('a box inside its anchor may share up to three of its edges; one that sticks out on any side is not inside', () => {
    const anchor = element('a', [0, 0, 100, 100], { class: 'FrameLayout' });
    const inside: Array<[string, Box]> = [
      ['noLeft', [50, 0, 100, 100]], // shares top, right, bottom
      ['noTop', [0, 50, 100, 100]], // shares left, right, bottom
      ['noRight', [0, 0, 50, 100]], // shares left, top, bottom
      ['noBottom', [0, 0, 100, 50]], // shares left, top, right
      ['corner', [50, 50, 100, 100]], // shares right, bottom
      ['floor', [10, 10, 90, 100]], // shares the bottom edge only
    ];
    const outside: Array<[string, Box]> = [
      ['outLeft', [-10, 10, 50, 50]],
      ['outTop', [10, -10, 50, 50]],
      ['outRight', [50, 10, 110, 50]],
      ['outBottom', [10, 50, 50, 110]],
      ['same', [0, 0, 100, 100]],
    ];
    const all = { elements: [anchor, ...[...inside, ...outside].map(([ref, box]) => element(ref, box))] };
    assert.deepEqual(
      findElements(all, 'TextView:in(FrameLayout)').map((e) => e.ref),
      inside.map(([ref]) => ref),
    );
  });

  test('a parent link to an element missing from the list ends the chain; the box still decides', () => {
    const cut = {
      elements: [
        el('s1', 'ListView', [0, 0, 1080, 1000]),
        el('b2', 'Button', [0, 0, 1080, 100], { parent: 'gone' }),
        el('b3', 'Button', [0, 900, 1080, 1200], { parent: 'gone' }),
      ],
    };
    assert.deepEqual(
      findElements(cut, 'Button:in(ListView)').map((e) => e.ref),
      ['b2'],
    );
  });

  test('a parent link counts even when the box sticks out', () => {
    const out = { elements: [...elements, el('b8', 'Button', [0, 850, 1080, 1200], { text: 'More', parent: 's2' })] };
    assert.deepEqual(
      findElements(out, ':in(#list)').map((e) => e.ref),
      ['b3', 'b4', 'b8'],
    );
  });

  test('the descendant space means the same as :in, and needs the ancestor to match', () => {
    assert.deepEqual(refs('#list LinearLayout'), ['b3', 'b4']);
    assert.deepEqual(refs('#reply LinearLayout'), []);
    assert.deepEqual(refs('RecyclerView [text=Tom]'), ['b4']);
  });

  test('the descendant space needs any one ancestor match, not all of them', () => {
    const lists = {
      elements: [
        el('s1', 'ListView', [0, 0, 1080, 500], { actions: ['scroll'] }),
        el('b2', 'Button', [0, 0, 1080, 100], { text: 'first', parent: 's1' }),
        el('s3', 'ListView', [0, 500, 1080, 1000], { actions: ['scroll'] }),
        el('b4', 'Button', [0, 500, 1080, 600], { text: 'second', parent: 's3' }),
        el('b5', 'Button', [0, 1000, 1080, 1100], { text: 'outside' }),
      ],
    };
    assert.deepEqual(
      findElements(lists, 'ListView Button').map((e) => e.ref),
      ['b2', 'b4'],
    );
  });

  test(':not excludes what its selector matches', () => {
    assert.deepEqual(refs('LinearLayout:not([text=Ana])'), ['b4']);
  });
});

describe('layout relations', () => {
  test('edges count as beside: right-of from the anchor right edge, left-of up to its left edge', () => {
    assert.deepEqual(refs('Button:right-of(#reply)'), ['b6']);
    assert.deepEqual(refs('EditText:left-of(#send)'), ['e5']);
    const touching = { elements: [el('b1', 'Button', [0, 0, 100, 100]), el('b2', 'Button', [50, 0, 150, 100])] };
    // b2's centre (100) is on b1's right edge: right of it; b1's centre (50) is on b2's left edge: left of it.
    assert.deepEqual(
      findElements(touching, ':right-of([ref=b1])').map((e) => e.ref),
      ['b2'],
    );
    assert.deepEqual(
      findElements(touching, ':left-of([ref=b2])').map((e) => e.ref),
      ['b1'],
    );
    assert.deepEqual(
      findElements(touching, ':left-of([ref=b1])').map((e) => e.ref),
      [],
    );
  });

  test('right-of and left-of exclude what lies on the other side', () => {
    assert.deepEqual(refs(':right-of(#send)'), []);
    assert.deepEqual(refs('EditText:right-of(#send)'), []);
    assert.deepEqual(refs('Button:left-of(#reply)'), []);
  });

  test('nearest first: by gap, then by the distance between centres, then in document order', () => {
    const row = {
      elements: [
        el('b1', 'Button', [0, 0, 100, 100], { text: 'anchor' }),
        el('b2', 'Button', [300, 100, 400, 200]), // below, but 200 px to the side: gap 200
        el('b3', 'Button', [0, 100, 100, 200]), // directly below, gap 0, centre distance 100
        el('b4', 'Button', [0, 100, 300, 150]), // below, gap 0, centre distance ~103
        el('b5', 'Button', [0, 100, 100, 200]), // same box as b3: document order decides
      ],
    };
    assert.deepEqual(
      findElements(row, ':below([text=anchor])').map((e) => e.ref),
      ['b3', 'b5', 'b4', 'b2'],
    );
  });

  test('the nearest of several anchors counts', () => {
    const two = {
      elements: [
        el('t1', 'TextView', [0, 0, 100, 100], { text: 'A' }),
        el('t2', 'TextView', [0, 1000, 100, 1100], { text: 'A' }),
        el('b3', 'Button', [0, 1200, 100, 1300]),
        el('b4', 'Button', [0, 500, 100, 600]),
      ],
    };
    // b3 is 100 px below the second anchor, b4 400 px below the first.
    assert.deepEqual(
      findElements(two, 'Button:below([text=A])').map((e) => e.ref),
      ['b3', 'b4'],
    );
  });

  test(':near uses the default distance without a number, and the given one with it', () => {
    const near = {
      elements: [
        el('b1', 'Button', [0, 0, 100, 100], { text: 'x' }),
        el('b2', 'Button', [0, 140, 100, 200]),
        el('b3', 'Button', [0, 300, 100, 400]),
      ],
    };
    assert.deepEqual(
      findElements(near, ':near([text=x])').map((e) => e.ref),
      ['b2'],
    );
    assert.deepEqual(
      findElements(near, ':near([text=x], 200)').map((e) => e.ref),
      ['b2', 'b3'],
    );
    assert.deepEqual(
      findElements(near, ':near([text=x], 10)').map((e) => e.ref),
      [],
    );
  });
});
