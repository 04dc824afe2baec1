// The lexical ranker one term at a time: every weight but the one under test is neutral, so each block's score
// is exactly what that weight's documentation promises (LexicalWeights in src/privacy/rank.ts), and a block the
// term does not apply to scores 0. Word matches are worth their inverse block frequency, ln(1 + blocks / blocks
// holding the word).
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lexicalScorer, type RankContext, type RawBlock } from '../../src/privacy/index.js';
import type { LexicalWeights } from '../../src/privacy/rank.js';
import { NEUTRAL, v } from './lexical.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const field = (text: string | undefined, o: Partial<SnapshotElement> = {}) => v(text, { class: 'EditText', actions: ['type'], ...o });
const group = (...elements: SnapshotElement[]): RawBlock => ({ kind: 'group', elements });

function scores(blocks: RawBlock[], ctx: RankContext, weights: Partial<LexicalWeights>): number[] {
  return lexicalScorer({ ...NEUTRAL, ...weights }).score(blocks, ctx);
}
const close = (actual: number[], expected: number[]) =>
  assert.deepEqual(
    actual.map((x) => Math.round(x * 1e9) / 1e9),
    expected.map((x) => Math.round(x * 1e9) / 1e9),
  );
const ln = Math.log;

describe('word terms', () => {
  test('stem: each task word a block holds adds its inverse block frequency', () => {
    const blocks = [group(v('Delete photo')), group(v('Delete')), group(v('Share'))];
    // "delete" is on two of three blocks, "photo" on one
    close(scores(blocks, { task: 'delete the photo' }, { stem: 1 }), [ln(1 + 3 / 2) + ln(1 + 3 / 1), ln(1 + 3 / 2), 0]);
    close(scores(blocks, { task: 'delete the photo' }, { stem: 2 }), [2 * (ln(2.5) + ln(4)), 2 * ln(2.5), 0]);
  });

  test('stem reads descriptions, hints and id words too, and inflections meet', () => {
    const blocks = [
      group(v(undefined, { desc: 'Sorting' })),
      group(field(undefined, { hint: 'Title' })),
      group(v(undefined, { id: 'color_picker' })),
    ];
    close(scores(blocks, { task: 'sort' }, { stem: 1 }), [ln(4), 0, 0]);
    close(scores(blocks, { task: 'titles' }, { stem: 1 }), [0, ln(4), 0]);
    close(scores(blocks, { task: 'color' }, { stem: 1 }), [0, 0, ln(4)]);
  });

  test('concept: a synonym of a task word adds the concept weight times its inverse block frequency', () => {
    const blocks = [group(v('Trash')), group(v('Share'))];
    close(scores(blocks, { task: 'remove it' }, { concept: 1 }), [ln(3), 0]);
    close(scores(blocks, { task: 'remove it' }, { concept: 0.5, stem: 1 }), [0.5 * ln(3), 0]);
  });

  test('consumed: a task word an earlier step already used is multiplied by it', () => {
    const blocks = [group(v('Archive')), group(v('Share'))];
    const history = [{ label: 'Archive all' }];
    close(scores(blocks, { task: 'archive', history: [] }, { stem: 1, consumed: 0.25 }), [ln(3), 0]);
    close(scores(blocks, { task: 'archive', history }, { stem: 1, consumed: 0.25 }), [0.25 * ln(3), 0]);
    // typed text is used up the same way
    close(scores(blocks, { task: 'archive', history: [{ label: 'Box', input: 'archive' }] }, { stem: 1, consumed: 0.25 }), [
      0.25 * ln(3),
      0,
    ]);
  });

  test('properNoun: a capitalised task word past the first multiplies its match', () => {
    const blocks = [group(v('Alice')), group(v('Share'))];
    close(scores(blocks, { task: 'call Alice' }, { stem: 1, properNoun: 3 }), [3 * ln(3), 0]);
    close(scores(blocks, { task: 'call alice' }, { stem: 1, properNoun: 3 }), [ln(3), 0]);
    close(scores(blocks, { task: 'Alice is who to call' }, { stem: 1, properNoun: 3 }), [ln(3), 0]);
  });

  test("appWord: a word of the app's package name after the vendor multiplies its match; edition words do not count", () => {
    const blocks = [group(v('Notes')), group(v('Vendor')), group(v('Pro'))];
    const ctx = { task: 'open vendor notes pro', app: 'com.vendor.notes.pro' };
    close(scores(blocks, ctx, { stem: 1, appWord: 0.5 }), [0.5 * ln(4), ln(4), ln(4)]);
    close(scores(blocks, { task: 'open vendor notes pro' }, { stem: 1, appWord: 0.5 }), [ln(4), ln(4), ln(4)]);
  });
});

describe('quoted phrases', () => {
  test('quotedPhrase: a block whose labels contain a quoted part of the task, whatever the case', () => {
    const blocks = [group(v('Blue Sky at noon')), group(v('Blue')), group(v(undefined, { labels: ['x', 'the blue sky'] }))];
    close(scores(blocks, { task: 'open "blue sky"' }, { quotedPhrase: 2 }), [2, 0, 2]);
  });

  test('typedPhrase: once the phrase has been typed it multiplies the bonus', () => {
    const blocks = [group(v('Blue sky')), group(v('Share'))];
    close(
      scores(
        blocks,
        { task: 'find "Blue sky"', history: [{ label: 'Search', input: 'blue sky' }] },
        { quotedPhrase: 2, typedPhrase: 0.25 },
      ),
      [0.5, 0],
    );
  });
});

describe('place on the screen', () => {
  test('dialog: a modal block over blocks that are not modal; a dialog alone gets nothing', () => {
    const over = [{ kind: 'group', modal: true, elements: [v('Red')] } as RawBlock, group(v('Font size'))];
    close(scores(over, { task: 'x' }, { dialog: 2 }), [2, 0]);
    const alone = [
      { kind: 'dialog', modal: true, elements: [v('Red')] } as RawBlock,
      { kind: 'group', modal: true, elements: [v('Blue')] } as RawBlock,
    ];
    close(scores(alone, { task: 'x' }, { dialog: 2 }), [0, 0]);
  });

  test('toolbar and tabs: a prior by kind', () => {
    const blocks: RawBlock[] = [{ kind: 'toolbar', elements: [v('Title')] }, { kind: 'tabs', elements: [v('Tab')] }, group(v('Row'))];
    close(scores(blocks, { task: 'x' }, { toolbar: 0.5, tabs: 0.25 }), [0.5, 0.25, 0]);
  });

  test('gateway: a block leading elsewhere (more options, settings); settingsIntent adds to it for a preference change', () => {
    const blocks = [group(v(undefined, { desc: 'More options' })), group(v('Settings')), group(v('Share'))];
    close(scores(blocks, { task: 'read the news' }, { gateway: 1, settingsIntent: 0.5 }), [1, 1, 0]);
    for (const task of ['turn on dark mode', 'enable sync', 'change the font', 'hide read items'])
      close(scores(blocks, { task }, { gateway: 1, settingsIntent: 0.5 }), [1.5, 1.5, 0]);
  });

  test('size: subtracted once per element', () => {
    close(scores([group(v('a'), v('b'), v('c')), group(v('d'))], { task: 'x' }, { size: 0.5 }), [-1.5, -0.5]);
  });

  test('passiveOnly: a block with nothing to tap, check or type; a scroll handle counts as passive unless the task scrolls', () => {
    const blocks = [
      group(v('Label', { actions: [] })),
      group(v('List', { actions: ['scroll'] })),
      group(v('Label', { actions: [] }), v('Go')),
    ];
    close(scores(blocks, { task: 'open it' }, { passiveOnly: -3 }), [-3, -3, 0]);
    close(scores(blocks, { task: 'scroll down' }, { passiveOnly: -3 }), [-3, 0, 0]);
  });
});

describe('history', () => {
  test('repeat: added to the block holding what the previous step acted on (by label or id, any case)', () => {
    const blocks = [group(v('Sort notes')), group(v(undefined, { id: 'sort_button' })), group(v('By date'))];
    close(scores(blocks, { task: 'x', history: [{ label: 'sort NOTES' }] }, { repeat: -2 }), [-2, 0, 0]);
    close(scores(blocks, { task: 'x', history: [{ label: 'sort_button' }] }, { repeat: -2 }), [0, -2, 0]);
    // only the last step counts
    close(scores(blocks, { task: 'x', history: [{ label: 'Sort notes' }, { label: 'By date' }] }, { repeat: -2 }), [0, 0, -2]);
    close(scores(blocks, { task: 'x', history: [] }, { repeat: -2 }), [0, 0, 0]);
  });

  test('repeat / 2: a field holding text typed at an earlier step, when not acted on last', () => {
    const blocks = [group(field('milk')), group(field('eggs')), group(field(''))];
    close(scores(blocks, { task: 'x', history: [{ label: 'Item', input: 'Milk' }, { label: 'Save' }] }, { repeat: -2 }), [-1, 0, 0]);
  });

  test('forgetDone: what the previous step acted on and filled fields lend their block no words', () => {
    const blocks = [group(v('Sort notes'), v('Help')), group(field('milk'), v('Sort')), group(v('Share'))];
    const ctx = { task: 'sort milk help', history: [{ label: 'Item', input: 'milk' }, { label: 'Sort notes' }] };
    const sort = ln(1 + 3 / 2);
    const milk = ln(1 + 3 / 1);
    const help = ln(1 + 3 / 1);
    close(scores(blocks, ctx, { stem: 1 }), [sort + help, milk + sort, 0]);
    // forgotten: "Sort notes" in block 1 and the field holding "milk" in block 2; "sort" is then on one block
    close(scores(blocks, ctx, { stem: 1, forgetDone: 1 }), [help, ln(1 + 3 / 1), 0]);
  });

  test('input: a field tapped at the previous step (nothing typed) is where the typing goes', () => {
    // an empty field is named by its id (a hint is no label)
    const blocks = [
      group(field(undefined, { id: 'title', hint: 'Title' })),
      group(field(undefined, { id: 'body', hint: 'Body' })),
      group(v('Title')),
    ];
    close(scores(blocks, { task: 'x', history: [{ label: 'title' }] }, { input: 1.5, repeat: -2 }), [1.5, 0, -2]);
    // after typing into it, it is no longer the focus: it was acted on
    close(scores(blocks, { task: 'x', history: [{ label: 'title', input: 'Hello' }] }, { input: 1.5, repeat: -2 }), [-2, 0, -2]);
    close(scores([group(v('Title', { id: 'title' }))], { task: 'x', history: [{ label: 'title' }] }, { input: 1.5, repeat: -2 }), [-2]);
  });

  test('input: a task that announces typing lifts blocks with an empty field until something is typed', () => {
    const blocks = [group(field(undefined, { hint: 'Name' })), group(field('Bob')), group(v('Go'))];
    close(scores(blocks, { task: 'enter a name' }, { input: 1 }), [1, 1, 0]);
    close(
      scores(blocks, { task: 'enter a name', history: [{ label: 'Other', input: 'Ann' }, { label: 'Next' }] }, { input: 1 }),
      [0, 0, 0],
    );
    close(scores(blocks, { task: 'enter a name', history: [{ label: 'Next' }] }, { input: 1 }), [1, 1, 0]);
    close(scores(blocks, { task: 'open a name' }, { input: 1 }), [0, 0, 0]);
    // a quoted value not typed yet calls for a field too, until it has been typed
    close(scores(blocks, { task: "name it 'Rex'" }, { input: 1 }), [1, 1, 0]);
    close(scores(blocks, { task: "call it 'Rex'", history: [{ label: 'Name', input: 'rex' }, { label: 'Ok' }] }, { input: 1 }), [0, 0, 0]);
  });

  test('numbers: a long number in the task not typed yet calls for a field', () => {
    const blocks = [group(field(undefined, { hint: 'Phone' })), group(v('Go'))];
    close(scores(blocks, { task: 'dial 5551234' }, { input: 1, numbers: 1 }), [1, 0]);
    close(scores(blocks, { task: 'dial 5551234' }, { input: 1, numbers: 0 }), [0, 0]);
    close(scores(blocks, { task: 'dial 1234' }, { input: 1, numbers: 1 }), [0, 0]);
    close(
      scores(blocks, { task: 'dial 5551234', history: [{ label: 'Phone', input: '5551234' }, { label: 'x' }] }, { input: 1, numbers: 1 }),
      [0, 0],
    );
  });

  test('confirm: the OK of a dialog after choosing inside it; half of it after typing inside it', () => {
    const options = (): RawBlock => ({ kind: 'list', modal: true, elements: [v('Red'), v('Blue')] });
    const buttons = (): RawBlock => ({ kind: 'row', modal: true, elements: [v('Cancel'), v('OK')] });
    const below = (): RawBlock => group(v('Theme'));
    close(scores([options(), buttons(), below()], { task: 'x', history: [{ label: 'Blue' }] }, { confirm: 2 }), [0, 2, 0]);
    close(scores([options(), buttons(), below()], { task: 'x', history: [{ label: 'Theme' }] }, { confirm: 2 }), [0, 0, 0]);
    close(scores([options(), buttons(), below()], { task: 'x' }, { confirm: 2 }), [0, 0, 0]);
    const name = (): RawBlock => ({ kind: 'input', modal: true, elements: [field('Rex', { hint: 'Name' })] });
    close(scores([name(), buttons(), below()], { task: 'x', history: [{ label: 'Name', input: 'Rex' }] }, { confirm: 2 }), [0, 1, 0]);
    // a button row outside any dialog, or one holding something other than buttons, gets nothing
    close(scores([options(), { kind: 'row', elements: [v('OK')] }], { task: 'x', history: [{ label: 'Blue' }] }, { confirm: 2 }), [0, 0]);
    close(
      scores(
        [options(), { kind: 'row', modal: true, elements: [v('OK'), field(undefined)] }, below()],
        { task: 'x', history: [{ label: 'Blue' }] },
        { confirm: 2 },
      ),
      [0, 0, 0],
    );
  });
});

test('the default weights are what the documentation of each says', async () => {
  const { DEFAULT_WEIGHTS } = await import('../../src/privacy/rank.js');
  // The signs carry the design: rewards positive, the repeat and passive penalties negative, multipliers ≤ 1
  // where a word is worth less (consumed, app words, typed phrase) and > 1 where it is worth more (names).
  assert.ok(DEFAULT_WEIGHTS.repeat < 0 && DEFAULT_WEIGHTS.passiveOnly < 0);
  assert.ok(DEFAULT_WEIGHTS.consumed < 1 && DEFAULT_WEIGHTS.appWord < 1 && DEFAULT_WEIGHTS.typedPhrase < 1);
  assert.ok(DEFAULT_WEIGHTS.properNoun > 1);
  assert.equal(DEFAULT_WEIGHTS.forgetDone, 1);
});
