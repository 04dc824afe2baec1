// Two structural facts of the privacy ranker, each checked from a whole dump through blocksFromDump:
// a dialog window over a screen is modal (its blocks first), and what the previous step acted on stops
// lending its block relevance, so the block the task needs next overtakes it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blocksFromDump, lexicalScorer } from '../../src/privacy/index.js';
import type { LexicalWeights } from '../../src/privacy/rank.js';
import type { UiDump } from '../../src/hierarchy/model.js';
import { n, dump } from '../snapshot/build.js';

const row = (text: string, top: number) =>
  n('LinearLayout', { clickable: true, bounds: [0, top, 1080, top + 150] }, [
    n('TextView', { text, bounds: [40, top + 40, 800, top + 110] }),
  ]);

/**
 * A settings list (window 1) under a dialog window (window 2) whose custom panel holds a list of options, so
 * the option rows become blocks of their own: only their place inside the dialog makes them modal.
 */
function screenWithDialog(): UiDump {
  const screen = n('FrameLayout', { bounds: [0, 0, 1080, 2280] }, [
    n('LinearLayout', { id: 'toolbar', bounds: [0, 0, 1080, 200] }, [n('TextView', { text: 'Settings', bounds: [40, 60, 600, 140] })]),
    n('ListView', { id: 'settings_list', scrollable: true, bounds: [0, 200, 1080, 2280] }, [
      row('Theme color', 200),
      row('Font size', 350),
      row('Sort notes by', 500),
    ]),
  ]);
  const options = ['Red', 'Green', 'Blue', 'Yellow', 'Purple'].map((c, i) => row(c, 900 + i * 150));
  const dialog = n('FrameLayout', { bounds: [100, 800, 980, 1800] }, [
    n('LinearLayout', { id: 'android:id/parentPanel', bounds: [100, 800, 980, 1800] }, [
      n('TextView', { id: 'android:id/alertTitle', text: 'Pick a shade', bounds: [140, 820, 940, 880] }),
      n('FrameLayout', { id: 'android:id/customPanel', bounds: [100, 900, 980, 1650] }, [
        n('RecyclerView', { id: 'options', scrollable: true, bounds: [100, 900, 980, 1650] }, options),
      ]),
    ]),
  ]);
  return { ...dump([screen, dialog]), format: 'uiautomator2' };
}

test('a dialog window over a screen is modal: its option rows rank above the rows of the screen below', () => {
  const r = blocksFromDump(screenWithDialog(), 'change the theme color to green');
  const rank = (text: string): number => r.blocks.find((b) => b.elements.some((e) => (e.text ?? e.labels?.[0]) === text))!.rank;
  const options = ['Red', 'Blue', 'Yellow', 'Purple'].map(rank); // no word of the task, only the dialog's place
  const below = ['Font size', 'Sort notes by'].map(rank); // no word of the task either, on the screen below
  assert.ok(Math.max(...options) < Math.min(...below), `options ${options.join(',')} vs screen rows ${below.join(',')}`);
  assert.equal(rank('Green') < rank('Red'), true, 'the named option leads the dialog');
});

test('the element acted on last drops its block below the one the task needs next', () => {
  const d = dump([
    n('FrameLayout', { bounds: [0, 0, 1080, 2280] }, [
      n('LinearLayout', { bounds: [0, 0, 1080, 400] }, [n('Button', { text: 'Sort notes', clickable: true, bounds: [0, 0, 1080, 200] })]),
      n('LinearLayout', { bounds: [0, 1000, 1080, 1600] }, [
        n('RadioButton', { text: 'By title', checkable: true, clickable: true, bounds: [0, 1000, 1080, 1200] }),
        n('RadioButton', { text: 'By date', checkable: true, clickable: true, bounds: [0, 1200, 1080, 1400] }),
      ]),
    ]),
  ]);
  const task = 'sort notes by title';
  const sortScore = (history: { label?: string }[], weights: Partial<LexicalWeights>): number =>
    blocksFromDump(d, task, { history, scorer: lexicalScorer(weights) }).blocks.find((b) =>
      b.elements.some((e) => e.text === 'Sort notes'),
    )!.score;
  // Each mechanism alone lowers the block (task words already used are kept at full weight to isolate them).
  const onlyRepeat = { forgetDone: 0, consumed: 1 };
  const onlyForget = { repeat: 0, consumed: 1 };
  assert.ok(sortScore([{ label: 'Sort notes' }], onlyRepeat) < sortScore([], onlyRepeat), 'repeat penalty');
  assert.ok(sortScore([{ label: 'Sort notes' }], onlyForget) < sortScore([], onlyForget), 'forgotten words');
  const after = blocksFromDump(d, task, { history: [{ label: 'Sort notes' }] });
  assert.equal(
    after.blocks[0]!.elements.some((e) => e.text === 'By title'),
    true,
    'the options come first after the tap',
  );
});
