// The lexical ranker's smaller rules one at a time (src/privacy/rank.ts), each with every weight but the one under
// test neutral, so a block's score is exactly what the rule promises: the words that announce typing or a
// preference change, names inside words, what counts as done or just acted on, the dialog's confirm, scroll
// handles, and the reading-order baseline.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { lexicalScorer, readingOrderScorer, type RankContext, type RawBlock } from '../../src/privacy/index.js';
import type { LexicalWeights } from '../../src/privacy/rank.js';
import { NEUTRAL, v } from './lexical.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';

const field = (text: string | undefined, o: Partial<SnapshotElement> = {}) =>
  v(text, { class: 'EditText', actions: ['tap', 'type'], ...o });
const group = (...elements: SnapshotElement[]): RawBlock => ({ kind: 'group', elements });
const scores = (blocks: RawBlock[], ctx: RankContext, weights: Partial<LexicalWeights>): number[] =>
  lexicalScorer({ ...NEUTRAL, ...weights })
    .score(blocks, ctx)
    .map((x) => Math.round(x * 1e9) / 1e9);
/** k × ln(x), rounded as the scores are. */
const ln = (x: number, k = 1): number => Math.round(k * Math.log(x) * 1e9) / 1e9;

describe('words of the task', () => {
  test("a block's class names count as its words", () => {
    assert.deepEqual(scores([group(v(undefined, { class: 'Switch' })), group(v('Go'))], { task: 'flip the switch' }, { stem: 1 }), [
      ln(3),
      0,
    ]);
  });

  test('a capital inside a word starts no name: "iPhone" gives no weight to "Phone"', () => {
    assert.deepEqual(scores([group(v('Phone')), group(v('Go'))], { task: 'pair my iPhone' }, { stem: 1, properNoun: 3 }), [ln(3), 0]);
    assert.deepEqual(scores([group(v('Phone')), group(v('Go'))], { task: 'pair my Phone' }, { stem: 1, properNoun: 3 }), [ln(3, 3), 0]);
  });
});

describe('history and phrases', () => {
  test('a synonym an earlier step already used weighs the consumed weight, as a word does', () => {
    const blocks = () => [group(v('Trash')), group(v('Share'))];
    assert.deepEqual(scores(blocks(), { task: 'remove it', history: [{ label: 'Delete all' }] }, { concept: 1, consumed: 0.25 }), [
      ln(3, 0.25),
      0,
    ]);
    assert.deepEqual(scores(blocks(), { task: 'remove it', history: [] }, { concept: 1, consumed: 0.25 }), [ln(3), 0]);
  });

  test('the typed-phrase weight applies only once the phrase has been typed', () => {
    assert.deepEqual(
      scores([group(v('Blue sky')), group(v('Share'))], { task: 'find "Blue sky"' }, { quotedPhrase: 2, typedPhrase: 0.25 }),
      [2, 0],
    );
  });

  test('a field already holding a typed value gets no typing bonus; the empty one still waiting does', () => {
    const history = [{ label: 'Name', input: 'Rex' }, { label: 'Next' }];
    assert.deepEqual(scores([group(field('Rex')), group(field(''))], { task: "name them 'Rex' and 'Max'", history }, { input: 1 }), [0, 1]);
  });
});

describe('typing and preference words', () => {
  const blocks = () => [group(field(undefined)), group(v('Go'))];
  test('"search for" announces typing; "type" only as a whole word', () => {
    assert.deepEqual(scores(blocks(), { task: 'search for pizza' }, { input: 1 }), [1, 0]);
    assert.deepEqual(scores(blocks(), { task: 'open the prototype' }, { input: 1 }), [0, 0]);
  });

  test('"turn off" is a preference change; "exchange" is not "change"', () => {
    const gate = () => [group(v('Settings')), group(v('Go'))];
    assert.deepEqual(scores(gate(), { task: 'turn off the alarm sound' }, { gateway: 1, settingsIntent: 0.5 }), [1.5, 0]);
    assert.deepEqual(scores(gate(), { task: 'read the exchange rates' }, { gateway: 1, settingsIntent: 0.5 }), [1, 0]);
  });

  test('"autoscroll" is no scrolling task: a scroll handle stays passive', () => {
    const list = () => [group(v('List', { actions: ['scroll'] }))];
    assert.deepEqual(scores(list(), { task: 'turn on autoscroll' }, { passiveOnly: -3 }), [-3]);
    assert.deepEqual(scores(list(), { task: 'scroll to the end' }, { passiveOnly: -3 }), [0]);
    // A list that can be tapped as well is not passive.
    assert.deepEqual(scores([group(v('List', { actions: ['tap', 'scroll'] }))], { task: 'open it' }, { passiveOnly: -3 }), [0]);
  });
});

describe('what is done', () => {
  test('only a field holding typed text is filled, not a row showing the same text', () => {
    const history = [{ label: 'Search', input: 'pizza' }, { label: 'Go' }];
    assert.deepEqual(
      scores([group(v('pizza')), group(field('pizza')), group(v('Other'))], { task: 'x', history }, { repeat: -2 }),
      [0, -1, 0],
    );
  });

  test('without history, a field holding a value the task quotes is filled: the screen shows it typed', () => {
    const task = "create a note called 'Groceries'";
    // The filled field's phrase weighs as typed and it takes half the repeat penalty; a row showing the text is no field.
    const w = { quotedPhrase: 2, typedPhrase: 0.25, repeat: -2, input: 1 };
    assert.deepEqual(scores([group(field('Groceries')), group(v('Groceries')), group(field(''))], { task }, w), [-0.5, 0.5, 1]);
    // A field showing its hint holds nothing: the phrase weighs in full, and the field waits for typing.
    assert.deepEqual(scores([group(field('Groceries', { hint: 'Groceries' }))], { task }, w), [3]);
  });

  test('a quoted value the task turns into another is what a field holds before: not typed', () => {
    const blocks = () => [group(field('Diary')), group(v('Go'))];
    for (const task of ["rename 'Diary' to 'Events'", "print 'Diary' as diary.pdf"])
      assert.deepEqual(scores(blocks(), { task }, { quotedPhrase: 2, typedPhrase: 0.25, repeat: -2 }), [2, 0], task);
  });

  test('an empty input types nothing: an empty field is not filled by it', () => {
    const history = [{ label: 'Other', input: '' }, { label: 'Next' }];
    assert.deepEqual(scores([group(field('')), group(v('Go'))], { task: 'x', history }, { repeat: -2 }), [0, 0]);
  });

  test('a field acted on last and holding its text takes the repeat penalty once, not also the half for filled', () => {
    const history = [{ label: 'Item', input: 'milk' }];
    assert.deepEqual(scores([group(field('milk')), group(v('Go'))], { task: 'x', history }, { repeat: -2 }), [-2, 0]);
  });

  test('a label that names what was acted on still lends its words (only what acts is forgotten)', () => {
    const history = [{ label: 'Sort' }];
    assert.deepEqual(
      scores([group(v('Sort', { actions: [] })), group(v('Go'))], { task: 'sort', history }, { stem: 1, forgetDone: 1, consumed: 1 }),
      [ln(3), 0],
    );
  });
});

describe("the dialog's confirm", () => {
  const buttons = (): RawBlock => ({ kind: 'row', modal: true, elements: [v('Cancel'), v('OK')] });
  const below = (): RawBlock => group(v('Theme'));

  test("a dialog's title acted on is no choice", () => {
    const options = (): RawBlock => ({ kind: 'list', modal: true, elements: [v('Theme', { actions: [] }), v('Red'), v('Blue')] });
    assert.deepEqual(scores([options(), buttons(), below()], { task: 'x', history: [{ label: 'Theme' }] }, { confirm: 2 }), [0, 0, 0]);
  });

  test('tapping a field in the dialog without typing earns no half confirm', () => {
    const name = (): RawBlock => ({ kind: 'input', modal: true, elements: [field(undefined, { id: 'name', hint: 'Name' })] });
    assert.deepEqual(scores([name(), buttons(), below()], { task: 'x', history: [{ label: 'name' }] }, { confirm: 2 }), [0, 0, 0]);
    assert.deepEqual(
      scores([name(), buttons(), below()], { task: 'x', history: [{ label: 'name', input: 'Rex' }] }, { confirm: 2 }),
      [0, 1, 0],
    );
  });
});

describe('readingOrderScorer', () => {
  test('top edge first, then left edge: − (top × 10000 + left) of the block', () => {
    const a: RawBlock = group(v('a', { bounds: [300, 500, 400, 600] }), v('b', { bounds: [0, 100, 100, 200] }));
    const b: RawBlock = group(v('c', { bounds: [50, 200, 100, 300] }));
    assert.deepEqual(readingOrderScorer.score([a, b], { task: 'x' }), [-1000000, -2000050]);
  });
});
