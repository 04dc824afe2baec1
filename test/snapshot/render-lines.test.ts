// One element's tree line, and a list of them (find results), over elements written by hand: which classes are
// named, when a label is cut, what a minified class reads as, which states a line shows. Expected lines are
// written from the rules in render.ts and docs/snapshot.md.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bounds } from '../../src/hierarchy/model.js';
import { elementLine, headerLine, renderElements, shownClass } from '../../src/snapshot/render.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { element } from './build.js';

describe('class names on a line', () => {
  test('classes that say what an element does are named before its label', () => {
    const named = [
      'EditText',
      'AutoCompleteTextView',
      'MultiAutoCompleteTextView',
      'Button',
      'ImageButton',
      'Switch',
      'SwitchCompat',
      'SwitchMaterial',
      'CheckBox',
      'RadioButton',
      'ToggleButton',
      'Spinner',
      'SeekBar',
      'RatingBar',
      'WebView',
      'DatePicker',
      'TimePicker',
      'NumberPicker',
      'RecyclerView',
      'ListView',
      'GridView',
      'ViewPager',
      'TabLayout',
      'TextField',
      'SecureTextField',
      'SearchField',
      'Link',
      'Slider',
      'Stepper',
      'SegmentedControl',
      'PickerWheel',
      'Keyboard',
    ];
    for (const c of named) assert.equal(elementLine(element('b1', [0, 0, 10, 10], { class: c, text: 'Volume' })), `b1 ${c} Volume`, c);
  });

  test('classes that say nothing a label does not are left out', () => {
    for (const c of ['TextView', 'ImageView', 'View', 'LinearLayout', 'FrameLayout', 'StaticText', 'Other', 'Image', 'Cell'])
      assert.equal(elementLine(element('b1', [0, 0, 10, 10], { class: c, text: 'Volume' })), 'b1 Volume', c);
  });

  test('a field known only by its hint: the hint, no class unless a named one', () => {
    const field = (cls: string): SnapshotElement =>
      element('e1', [0, 0, 10, 10], { class: cls, hint: 'Email', actions: ['type'], states: ['editable'] });
    assert.equal(elementLine(field('TextInputEditText')), 'e1 hint=Email');
    assert.equal(elementLine(field('EditText')), 'e1 EditText hint=Email');
  });
});

describe('label length', () => {
  const line = (text: string, maxLabel: number): string =>
    elementLine(element('t1', [0, 0, 10, 10], { text }), { bounds: false, maxLabel });

  test('a label as long as the limit is whole; a longer one keeps one character less than the limit and says how many it cut', () => {
    assert.equal(line('Open files', 10), 't1 Open files');
    assert.equal(line('Open folder', 10), 't1 Open fold…[+2]');
    // Blanks at the cut count as cut, rather than end the label (and force quotes around it).
    assert.equal(line('Open the folder of notes', 10), 't1 Open the…[+16]');
    // A label that ends in its own ellipsis is not a cut: only the mark says so.
    assert.equal(line('Loading…', 10), 't1 Loading…');
  });

  test('the cut counts characters, never splitting a pair of UTF-16 units, and stands outside the quotes', () => {
    assert.equal(line('😀😀😀😀😀😀', 4), 't1 😀😀😀…[+3]');
    assert.equal(line('[draft] a long note title', 8), 't1 "[draft]"…[+18]');
  });

  test('a limit of 0 never cuts', () => {
    const long = 'A note that goes on for a while, long past any limit a line would set for a label';
    assert.equal(line(long, 0), `t1 ${long}`);
  });
});

describe('states on a line', () => {
  test('a list shows its size and its other states; its scrolling goes without saying', () => {
    const list = element('s1', [0, 0, 1080, 1000], {
      class: 'RecyclerView',
      id: 'list',
      items: 4,
      actions: ['scroll'],
      states: ['disabled', 'scrollable'],
    });
    assert.equal(elementLine(list), 's1 RecyclerView #list [4 items disabled]');
  });
});

describe('minified classes', () => {
  const scroller = (b: Bounds): SnapshotElement => element('s1', b, { class: 'ab', actions: ['scroll'], states: ['scrollable'] });
  const child = (ref: string, b: Bounds): SnapshotElement => element(ref, b, { class: 'x', parent: 's1' });

  test('a pager anywhere on the screen: children about its size (80% each way is enough)', () => {
    const pager = scroller([100, 1000, 1100, 2000]);
    assert.equal(shownClass(pager, [child('t1', [100, 1000, 1100, 2000])]), 'ViewPager');
    assert.equal(shownClass(pager, [child('t1', [150, 1100, 950, 1900])]), 'ViewPager');
    assert.equal(shownClass(pager, [child('t1', [150, 1100, 949, 1900])]), 'ScrollView');
    assert.equal(shownClass(pager, [child('t1', [150, 1100, 950, 1899])]), 'ScrollView');
  });

  test('narrow full-height children (cards side by side), or one page and something small, are no pager', () => {
    const s = scroller([0, 0, 1000, 1000]);
    assert.equal(shownClass(s, [child('t1', [450, 0, 550, 1000]), child('t2', [550, 0, 650, 1000])]), 'ScrollView');
    assert.equal(shownClass(s, [child('t1', [0, 0, 1000, 1000]), child('t2', [450, 900, 550, 950])]), 'ScrollView');
  });

  test('find results: the list gives each element its children, all of them; lines are joined by newlines', () => {
    const s = scroller([0, 0, 1000, 1000]);
    const page = child('t2', [0, 0, 1000, 1000]);
    const dot = child('t3', [450, 900, 550, 950]);
    const title = element('t4', [0, 1000, 500, 1100], { text: 'Photos' });
    assert.equal(renderElements([s, title], undefined, [s, dot, page, title]), 's1 ScrollView [scrollable]\nt4 Photos\n');
    assert.equal(renderElements([s], undefined, [s, page]), 's1 ViewPager [scrollable]\n');
  });

  test('find results with no options print labels whole and no bounds', () => {
    const long = element('t1', [0, 0, 10, 10], { text: 'Remind me about this note tomorrow morning at nine' });
    assert.equal(renderElements([long]), 't1 Remind me about this note tomorrow morning at nine\n');
  });
});

describe('header line', () => {
  const size = { width: 1080, height: 2280 };

  test('package/.Activity when the activity is inside the package, else the full activity', () => {
    assert.equal(
      headerLine({ ...size, package: 'com.example.notes', activity: 'com.example.notes.ui.MainActivity' }),
      'com.example.notes/.ui.MainActivity',
    );
    // A name that only begins like the package is another package's.
    assert.equal(
      headerLine({ ...size, package: 'com.example.notes', activity: 'com.example.notesplus.Main' }),
      'com.example.notes/com.example.notesplus.Main',
    );
  });

  test('the package alone when no activity is known (iOS bundles, an empty activity); nothing without a package', () => {
    assert.equal(headerLine({ ...size, package: 'com.apple.Preferences' }), 'com.apple.Preferences');
    assert.equal(headerLine({ ...size, package: 'com.example.notes', activity: '' }), 'com.example.notes');
    assert.equal(headerLine(size), undefined);
  });
});
