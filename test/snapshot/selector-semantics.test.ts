// Selector semantics written from the grammar's contract over hand-made elements (no dump, no snapshot passes):
// each state, each attribute operator, each relation at its edges, and the nearest-first order.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { findElements } from '../../src/snapshot/index.js';
import { element } from './build.js';
import type { SnapshotElement } from '../../src/snapshot/index.js';

const refs = (elements: SnapshotElement[], selector: string): string[] => findElements({ elements }, selector).map((e) => e.ref);

describe('states', () => {
  const elements = [
    element('c1', [0, 0, 100, 100], { class: 'CheckBox', actions: ['check'], states: ['checked'] }),
    element('c2', [0, 100, 100, 200], { class: 'CheckBox', actions: ['check'] }),
    element('b1', [0, 200, 100, 300], { class: 'Button', actions: ['tap', 'long'] }),
    element('e1', [0, 300, 100, 400], { class: 'EditText', actions: ['type'], states: ['focused', 'password'] }),
    element('t1', [0, 400, 100, 500], { states: ['disabled', 'selected'] }),
    element('s1', [0, 500, 100, 600], { class: 'RecyclerView', actions: ['scroll'], offscreen: true }),
  ];
  const cases: Array<[string, string[]]> = [
    [':checked', ['c1']],
    [':unchecked', ['c2']],
    [':checkable', ['c1', 'c2']],
    [':clickable', ['b1']],
    [':long-clickable', ['b1']],
    [':editable', ['e1']],
    [':scrollable', ['s1']],
    [':focused', ['e1']],
    [':password', ['e1']],
    [':selected', ['t1']],
    [':disabled', ['t1']],
    [':enabled', ['c1', 'c2', 'b1', 'e1', 's1']],
    [':offscreen', ['s1']],
  ];
  for (const [sel, want] of cases) test(`${sel} → ${want.join(',')}`, () => assert.deepEqual(refs(elements, sel), want));
  test('a switch that is on (iOS `on`) is checked, never unchecked', () => {
    const sw = [
      element('w1', [0, 0, 100, 100], { class: 'Switch', actions: ['check'], states: ['on'] }),
      element('w2', [0, 100, 100, 200], { class: 'Switch', actions: ['check'] }),
    ];
    assert.deepEqual(refs(sw, ':checked'), ['w1']);
    assert.deepEqual(refs(sw, ':unchecked'), ['w2']);
  });
  test(':unchecked never matches what cannot be checked', () => {
    assert.deepEqual(refs(elements, 'Button:unchecked'), []);
    assert.deepEqual(refs(elements, 'TextView:unchecked'), []);
  });
});

describe('attributes and text', () => {
  const elements = [
    element('b1', [0, 0, 100, 100], { class: 'Button', text: 'Save note', id: 'save', desc: 'Saves' }),
    element('b2', [0, 100, 100, 200], { class: 'Button', text: 'Cancel', id: 'cancel' }),
    element('e1', [0, 200, 100, 300], { class: 'EditText', hint: 'Title', id: 'title' }),
    element('r1', [0, 300, 100, 400], { class: 'LinearLayout', labels: ['Wi-Fi', 'Connected'], actions: ['tap'] }),
  ];
  const cases: Array<[string, string[]]> = [
    ['[text=Save note]', ['b1']],
    ['[text=Save]', []],
    ['[text~=note]', ['b1']],
    ['[text^=Can]', ['b2']],
    ['[text$=cel]', ['b2']],
    ['[desc=Saves]', ['b1']],
    ['[hint=Title]', ['e1']],
    ['#save', ['b1']],
    ['#title', ['e1']],
    ['Button', ['b1', 'b2']],
    [':has-text("SAVE")', ['b1']],
    [':has-text("connected")', ['r1']],
    ['Button:not(#save)', ['b2']],
    ['#save, #cancel', ['b1', 'b2']],
  ];
  for (const [sel, want] of cases) test(`${sel} → ${want.join(',') || '(none)'}`, () => assert.deepEqual(refs(elements, sel), want));
});

describe('relations at their edges', () => {
  // An anchor at 100..200 × 100..200 and candidates whose centres sit on or just past each edge.
  const anchor = element('a', [100, 100, 200, 200], { text: 'Anchor' });
  const elements = [
    anchor,
    element('below', [100, 200, 200, 200], { text: 'x' }), // centre y = 200, on the bottom edge
    element('above', [100, 100, 200, 100], { text: 'x' }), // centre y = 100, on the top edge
    element('right', [200, 100, 200, 200], { text: 'x' }), // centre x = 200
    element('left', [100, 100, 100, 200], { text: 'x' }), // centre x = 100
    element('far', [900, 900, 1000, 1000], { text: 'x' }),
  ];
  test(':below includes a centre on the bottom edge', () => assert.ok(refs(elements, '[text=x]:below([text=Anchor])').includes('below')));
  test(':above includes a centre on the top edge', () => assert.ok(refs(elements, '[text=x]:above([text=Anchor])').includes('above')));
  test(':right-of includes a centre on the right edge', () =>
    assert.ok(refs(elements, '[text=x]:right-of([text=Anchor])').includes('right')));
  test(':left-of includes a centre on the left edge', () => assert.ok(refs(elements, '[text=x]:left-of([text=Anchor])').includes('left')));
  test('an element is never related to itself', () => assert.deepEqual(refs([anchor], ':near([text=Anchor])'), []));
  test(':near measures the gap between boxes, 50 px by default, inclusive', () => {
    const es = [anchor, element('g50', [250, 100, 300, 200]), element('g51', [100, 251, 200, 300]), element('g3', [203, 203, 250, 250])];
    assert.deepEqual(refs(es, ':near([text=Anchor])').sort(), ['g3', 'g50']);
    assert.deepEqual(refs(es, ':near([text=Anchor], 51)').sort(), ['g3', 'g50', 'g51']);
    assert.deepEqual(refs(es, ':near([text=Anchor], 4)'), []); // the corner gap is √18 ≈ 4.24
  });
  test(':in by parent chain or by strict containment, not by equal bounds', () => {
    const list = element('s1', [0, 0, 500, 500], { class: 'ListView' });
    const es = [
      list,
      element('child', [0, 0, 500, 100], { parent: 's1' }),
      element('grandchild', [900, 900, 950, 950], { parent: 'child' }),
      element('inside', [10, 200, 100, 300]),
      element('same', [0, 0, 500, 500]),
      element('outside', [400, 400, 600, 600]),
    ];
    assert.deepEqual(refs(es, 'TextView:in(ListView)'), ['child', 'grandchild', 'inside']);
  });
});

describe('nearest first', () => {
  test('ordered by the gap between boxes, not by the distance between centres', () => {
    // A wide row right under the label (gap 10) has its centre far away; a small box 40 px below has a near centre.
    const label = element('l', [0, 0, 100, 50], { text: 'Email' });
    const wide = element('wide', [0, 60, 1000, 100], { class: 'EditText', actions: ['type'] });
    const small = element('small', [0, 90, 100, 130], { class: 'EditText', actions: ['type'] });
    assert.deepEqual(refs([label, small, wide], 'EditText:below([text=Email])'), ['wide', 'small']);
  });
  test('equal gaps fall back to the centre distance, then to document order', () => {
    const label = element('l', [0, 0, 100, 50], { text: 'Name' });
    const near = element('near', [0, 50, 100, 100], { actions: ['type'], class: 'EditText' });
    const wide = element('wide', [0, 50, 900, 100], { actions: ['type'], class: 'EditText' });
    const twinA = element('ta', [0, 300, 100, 350], { actions: ['type'], class: 'EditText' });
    const twinB = element('tb', [0, 300, 100, 350], { actions: ['type'], class: 'EditText' });
    assert.deepEqual(refs([label, twinB, twinA, wide, near], 'EditText:below([text=Name])'), ['near', 'wide', 'tb', 'ta']);
  });
  test('the centre distance is the straight line between the centres', () => {
    // Both boxes touch the label's bottom edge; "under" sits right under its centre, "aside" 100 px to the left.
    const label = element('l', [400, 0, 600, 100], { text: 'Name' });
    const under = element('under', [450, 100, 550, 200], { class: 'EditText' });
    const aside = element('aside', [300, 100, 500, 200], { class: 'EditText' });
    assert.deepEqual(refs([label, aside, under], 'EditText:below([text=Name])'), ['under', 'aside']);
  });
  test('an element that also matches the anchor selector is measured from the other anchors, not from itself', () => {
    const a1 = element('a1', [0, 0, 100, 100], { text: 'A' });
    const a2 = element('a2', [0, 500, 100, 600], { text: 'A' }); // 300 px below a3
    const a3 = element('a3', [0, 120, 100, 200], { text: 'A' }); // 20 px below a1
    assert.deepEqual(refs([a1, a2, a3], '[text=A]:below([text=A])'), ['a3', 'a2']);
  });
  test("each element's score comes from its best anchor: the smallest gap, then the nearest centre at that gap", () => {
    // "e" touches three anchors (centres 200, 125 and 300 px away, in that order); "f" touches one, 150 px away.
    const e = element('e', [400, 400, 600, 600], { class: 'Button' });
    const f = element('f', [2000, 0, 2100, 100], { class: 'Button' });
    const anchors = [
      element('top', [450, 200, 550, 400], { text: 'A' }),
      element('left', [350, 475, 400, 525], { text: 'A' }),
      element('bottom', [0, 600, 1000, 1000], { text: 'A' }),
      element('forF', [2000, 100, 2100, 300], { text: 'A' }),
    ];
    assert.deepEqual(refs([...anchors, f, e], 'Button:near([text=A], 0)'), ['e', 'f']);
    // "g" touches a wide anchor (gap 0, centre 350 px away) and is 40 px from a small one whose centre is 100 px
    // away: the gap wins, so "g" (gap 0) comes before "h" (gap 10).
    const g = element('g', [0, 0, 100, 100], { class: 'Button' });
    const h = element('h', [1000, 1000, 1100, 1100], { class: 'Button' });
    const more = [
      element('wide', [100, 0, 700, 100], { text: 'B' }),
      element('small', [0, 140, 100, 160], { text: 'B' }),
      element('forH', [1000, 1110, 1100, 1200], { text: 'B' }),
    ];
    assert.deepEqual(refs([...more, h, g], 'Button:near([text=B], 100)'), ['g', 'h']);
  });
  test('without a layout relation the order is the document order', () => {
    const es = [element('z', [0, 500, 10, 510], { text: 'k' }), element('a', [0, 0, 10, 10], { text: 'k' })];
    assert.deepEqual(refs(es, '[text=k]'), ['z', 'a']);
  });
});
