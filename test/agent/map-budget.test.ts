// The planner's map text holds its budget in o200k tokens (the encoding a model bills), checked by encoding
// the text it returns: on the shared gallery app, whose map is the largest (its text passed the default budget
// of 2000 when counted as characters / 4), with no task and with a task that adds routes; and on a hand map
// whose every line costs more tokens than its characters suggest (why neither takes a text without a counter).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { Planner } from '../../src/agent/planner.js';
import { o200kCounter, renderMapForTask } from '../../src/agent/policies/map-text.js';
import { DEFAULT_TEXT_BUDGET, renderMapText } from '../../src/uimap/index.js';
import type { MapElement } from '../../src/uimap/index.js';
import { corpusDir } from '../helpers/corpus.js';
import { requires } from '../helpers/requires.js';
import { handMap, mapActivity } from '../uimap/hand-maps.js';
import { sharedAppMap } from '../uimap/shared-maps.js';

describe('the map text within its o200k budget', () => {
  test(
    'gallery: the whole text, routes and cut line included, is within the budget it states',
    { skip: requires({ shared: true }) },
    async () => {
      const map = await sharedAppMap(path.join(corpusDir, 'apps', 'gallery'));
      const count = await o200kCounter();
      const planner = new Planner(map);
      for (const task of ['', 'rename the album Camera', 'set the slideshow to loop']) {
        const t = planner.mapText(task, undefined, { count });
        const tokens = encode(t.text).length;
        assert.equal(t.tokens, tokens, task);
        assert.ok(tokens <= DEFAULT_TEXT_BUDGET, `${task}: ${tokens} o200k tokens`);
        assert.ok(t.cut.length > 0, 'the gallery map does not fit whole: the budget is what bounds it');
        for (const budget of [300, 1200]) assert.ok(encode(planner.mapText(task, undefined, { budget, count }).text).length <= budget);
      }
    },
  );

  test('a map of dense labels (more tokens than characters / 4): an estimate overshoots, so there is none; the count holds', async () => {
    // digits and symbols cost a token every character or two
    const label = (i: number): string => `${i}·${(i * 7919).toString(36)}·№${i % 97}·${'∑'.repeat(3)}`;
    const elements: MapElement[] = Array.from({ length: 20 }, (_, i) => ({ id: `b${i}`, class: 'android.widget.Button', text: label(i) }));
    const map = handMap(Array.from({ length: 12 }, (_, k) => mapActivity(`org.x.Screen${k}`, { launcher: k === 0, elements })));
    const planner = new Planner(map);
    const estimated = planner.mapText('', undefined, { budget: 600, count: (s) => Math.ceil(s.length / 4) });
    assert.ok(encode(estimated.text).length > 600, 'characters / 4 lets this text past its budget');
    // Neither renders without a counter (a type error, checked by the type check over the tests), so no
    // caller can fall back on the estimate.
    const uncounted = (): void => {
      // @ts-expect-error the counter is required
      renderMapText(map, { budget: 600 });
      // @ts-expect-error the counter is required
      planner.mapText('', undefined, { budget: 600 });
    };
    void uncounted;
    const counted = planner.mapText('', undefined, { budget: 600, count: await o200kCounter() });
    assert.ok(encode(counted.text).length <= 600);
    assert.ok(counted.shown.length > 0 && counted.cut.length > 0);
    const prompt = await renderMapForTask(planner, '', undefined);
    assert.ok(encode(prompt).length <= DEFAULT_TEXT_BUDGET);
  });
});
