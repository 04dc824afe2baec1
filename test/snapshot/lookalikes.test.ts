// Tags of look-alikes (src/snapshot/lookalikes.ts) on small hand-built trees, the expected tags written out: the
// label of the element's own row (with the offset from it when two rows read alike), else the place in its
// parent, else nothing.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Bounds, UiNode } from '../../src/hierarchy/model.js';
import { AnchorFinder, lookalikeTags } from '../../src/snapshot/lookalikes.js';
import { n } from './build.js';

const slider = (bounds: Bounds): UiNode => n('SeekBar', { id: 'bar', focusable: true, bounds });
const text = (t: string, bounds: Bounds): UiNode => n('TextView', { text: t, bounds });
const icon = (bounds: Bounds): UiNode => n('ImageView', { bounds });

/** Tags of `members` in the tree under `root`. */
const tagsOf = (root: UiNode, members: UiNode[]): Array<string | undefined> => lookalikeTags(members, new AnchorFinder([root]));

/** An equalizer band: a row holding what `parts` makes of the row's top. */
const band = (i: number, parts: (top: number) => UiNode[]): UiNode =>
  n('LinearLayout', { bounds: [0, i * 100, 1080, i * 100 + 90] }, parts(i * 100));

describe('the label of the element’s own row', () => {
  test('the labelled node beside it, before it or else after it', () => {
    const bars = [slider([200, 0, 1080, 90]), slider([0, 100, 880, 190])];
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, () => [text('60 Hz', [0, 0, 200, 90]), bars[0]!]),
      band(1, () => [bars[1]!, text('230 Hz', [880, 100, 1080, 190])]),
    ]);
    assert.deepEqual(tagsOf(root, bars), ['60 Hz', '230 Hz']);
  });

  test('before wins over after', () => {
    const bar = slider([200, 0, 880, 90]);
    const other = slider([200, 100, 880, 190]);
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, () => [text('Bass', [0, 0, 200, 90]), bar, text('+3 dB', [880, 0, 1080, 90])]),
      band(1, () => [text('Treble', [0, 100, 200, 190]), other, text('-1 dB', [880, 100, 1080, 190])]),
    ]);
    assert.deepEqual(tagsOf(root, [bar, other]), ['Bass', 'Treble']);
  });

  test('the nearest labelled sibling, past unlabelled ones on either side', () => {
    const bars = [slider([0, 0, 700, 90]), slider([0, 100, 700, 190])];
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, (y) => [bars[0]!, icon([700, y, 800, y + 90]), text('60 Hz', [800, y, 1080, y + 90])]),
      band(1, (y) => [text('230 Hz', [0, y, 100, y + 90]), icon([100, y, 200, y + 90]), bars[1]!]),
    ]);
    assert.deepEqual(tagsOf(root, bars), ['60 Hz', '230 Hz']);
  });

  test('the first label of a labelled sibling group, in document order', () => {
    // Each band's caption is a group: the frequency, then the gain under it.
    const bars = [slider([300, 0, 1080, 90]), slider([300, 100, 1080, 190])];
    const caption = (hz: string, db: string, y: number): UiNode =>
      n('LinearLayout', { bounds: [0, y, 300, y + 90] }, [text(hz, [0, y, 300, y + 45]), text(db, [0, y + 45, 300, y + 90])]);
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, (y) => [caption('60 Hz', '+3 dB', y), bars[0]!]),
      band(1, (y) => [caption('230 Hz', '+3 dB', y), bars[1]!]),
    ]);
    assert.deepEqual(tagsOf(root, bars), ['60 Hz', '230 Hz']);
  });

  test("a field beside it is no label: its hint is one reader's text and another's hint, its value changes", () => {
    // Two "clear" buttons, each in the row of a field: nothing of the fields anchors them, so typing moves no tag.
    const clear = (y: number): UiNode => n('ImageButton', { id: 'clear', clickable: true, bounds: [980, y, 1080, y + 90] });
    const field = (hint: string, value: string, y: number): UiNode =>
      n('EditText', { id: 'place', hint, text: value, editable: true, clickable: true, bounds: [0, y, 980, y + 90] });
    const tags = (from: string, to: string, hints = true): Array<string | undefined> => {
      const buttons = [clear(0), clear(100)];
      const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
        n('LinearLayout', { bounds: [0, 0, 1080, 90] }, [field(hints ? 'From' : '', from, 0), buttons[0]!]),
        n('LinearLayout', { bounds: [0, 100, 1080, 190] }, [field(hints ? 'To' : '', to, 100), buttons[1]!]),
        text('Trip', [0, 300, 1080, 390]),
      ]);
      return tagsOf(root, buttons);
    };
    const empty = tags('', '');
    assert.deepEqual(tags('Berlin Hbf', 'Paris Est'), empty);
    // As a dump reads the empty fields: the hints as their text.
    assert.deepEqual(tags('From', 'To', false), empty);
  });

  test('two rows that read alike: the label with the offset from it', () => {
    const bars = [slider([200, 0, 1080, 90]), slider([250, 100, 1080, 190]), slider([200, 200, 1080, 290])];
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, (y) => [text('Volume', [0, y, 200, y + 90]), bars[0]!]),
      band(1, (y) => [text('Volume', [0, y + 10, 200, y + 80]), bars[1]!]),
      band(2, (y) => [text('Balance', [0, y, 200, y + 90]), bars[2]!]),
    ]);
    assert.deepEqual(tagsOf(root, bars), ['Volume@200,0', 'Volume@250,-10', 'Balance']);
  });

  test('a row whose own label is missing reaches the next row’s label, which stays that row’s tag', () => {
    // The first band has no label of its own (removed, or cut off): its slider's nearest label is the second
    // band's, one level further up. The second band's slider, beside it, keeps the plain label.
    const bars = [slider([200, 0, 1080, 90]), slider([200, 100, 1080, 190]), slider([200, 200, 1080, 290])];
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, () => [bars[0]!]),
      band(1, (y) => [text('230 Hz', [0, y, 200, y + 90]), bars[1]!]),
      band(2, (y) => [text('910 Hz', [0, y, 200, y + 90]), bars[2]!]),
    ]);
    assert.deepEqual(tagsOf(root, bars), ['230 Hz@200,-100', '230 Hz', '910 Hz']);
  });

  test('a label beside it, its parent or its grandparent; no further', () => {
    // The slider sits in `depth` nested frames; the row's label is the first child of the row.
    const nested = (depth: number, inner: UiNode, y: number): UiNode =>
      depth === 0 ? inner : n('FrameLayout', { bounds: [200, y, 1080, y + 90] }, [nested(depth - 1, inner, y)]);
    const tags = (depth: number): Array<string | undefined> => {
      const bars = [slider([200, 0, 1080, 90]), slider([200, 100, 1080, 190])];
      const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
        band(0, (y) => [text('60 Hz', [0, y, 200, y + 90]), nested(depth, bars[0]!, y)]),
        band(1, (y) => [text('230 Hz', [0, y, 200, y + 90]), nested(depth, bars[1]!, y)]),
      ]);
      return tagsOf(root, bars);
    };
    assert.deepEqual(tags(2), ['60 Hz', '230 Hz'], 'the label is a sibling of its second ancestor');
    // A sibling of its fourth ancestor is too far: each slider is then placed in its own frame, at the same offset
    // (0,0) as the other, so neither has a tag.
    assert.deepEqual(tags(3), [undefined, undefined]);
  });

  test('a long label counts by its first 40 characters', () => {
    // Two switches whose rows' labels differ only after the 40th character read alike.
    const long = (end: string): string => `Show notifications for messages from your ${end}`;
    const first40 = 'Show notifications for messages from you';
    assert.equal(first40.length, 40);
    const switches = [0, 1].map((i) => n('Switch', { id: 'toggle', checkable: true, bounds: [900, i * 100 + 10 * i, 1080, i * 100 + 90] }));
    const root = n('FrameLayout', { bounds: [0, 0, 1080, 400] }, [
      band(0, (y) => [text(long('contacts'), [0, y, 900, y + 90]), switches[0]!]),
      band(1, (y) => [text(long('everyone'), [0, y, 900, y + 90]), switches[1]!]),
    ]);
    assert.deepEqual(tagsOf(root, switches), [`${first40}@900,0`, `${first40}@900,10`]);
  });
});

describe('the place in the parent', () => {
  test('members side by side in one container: their offset in it', () => {
    const cells = [0, 1, 2].map((i) => n('FrameLayout', { id: 'photo', clickable: true, bounds: [40 + i * 340, 200, 380 + i * 340, 540] }));
    const root = n('RecyclerView', { id: 'grid', bounds: [40, 100, 1060, 1500] }, [text('Yesterday', [40, 100, 1060, 200]), ...cells]);
    assert.deepEqual(tagsOf(root, cells), ['@0,100', '@340,100', '@680,100']);
  });

  test('members stacked at one offset have no tag; a member without a parent has none', () => {
    const a = icon([0, 0, 100, 100]);
    const b = icon([0, 0, 100, 100]);
    const c = icon([100, 0, 200, 100]);
    const root = n('FrameLayout', { bounds: [0, 0, 200, 100] }, [a, b, c]);
    assert.deepEqual(tagsOf(root, [a, b, c]), [undefined, undefined, '@100,0']);
    const lone = icon([0, 0, 100, 100]);
    assert.deepEqual(lookalikeTags([lone, root], new AnchorFinder([lone, root])), [undefined, undefined]);
  });
});
