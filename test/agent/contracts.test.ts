// Promises of the agent layer that a user pays for when broken: a masked value typed into the app is the real one
// (and only typing unmasks), SPL stays within 0..1 whatever the run's length, a recorded answer is replayed only
// for the same question (system text included), and the run report shows every text it carries as text, never
// as markup.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { hitsTarget, llmUsage, matchesStep, summariseEpisodes, type EpisodeResult } from '../../src/agent/metrics.js';
import { checkAction, historyLines, toAgentAction, type ActionAnswer } from '../../src/agent/policies/model-common.js';
import { CassetteProvider, type CassetteIo } from '../../src/agent/providers/cassette.js';
import type { ModelRequest, Provider } from '../../src/agent/providers/provider.js';
import { renderReportHtml } from '../../src/agent/report.js';
import type { Observation, Trajectory } from '../../src/agent/types.js';
import type { SnapshotElement } from '../../src/snapshot/types.js';
import { isGlanceError } from '../../src/errors.js';
import { Masker } from '../../src/privacy/mask.js';

describe('privacy placeholders', () => {
  const answer = (a: Partial<ActionAnswer>): ActionAnswer => ({ action: 'type', ref: 'b3', text: null, direction: null, ...a });

  test('a placeholder the model saw is typed into the app as the real value', () => {
    const m = new Masker({ phones: true, emails: true });
    const shown = m.maskText('Call +1 415 555 0134 or write to ann@example.org');
    assert.doesNotMatch(shown, /415|ann@/, 'the prompt carries placeholders only');
    const [phone, email] = [...shown.matchAll(/\[(?:PHONE|EMAIL)_\d+\]/g)].map((x) => x[0]);
    assert.ok(phone !== undefined && email !== undefined, shown);
    const typed = toAgentAction(answer({ text: `${phone}, ${email}` }), (t) => m.unmask(t));
    assert.deepEqual(typed, { kind: 'type', target: 'b3', text: '+1 415 555 0134, ann@example.org' });
  });

  test('only typing unmasks: a final answer or a failure reason keeps the placeholders it was given', () => {
    const m = new Masker({ phones: true });
    const p = m.maskText('+1 415 555 0134');
    for (const kind of ['done', 'fail'] as const) {
      const a = toAgentAction(answer({ action: kind, ref: null, text: `the number is ${p}` }), (t) => m.unmask(t));
      assert.deepEqual(a, { kind, text: `the number is ${p}` });
    }
    assert.deepEqual(
      toAgentAction(answer({ action: 'tap', text: p }), (t) => m.unmask(t)),
      { kind: 'tap', target: 'b3' },
    );
  });
});

describe('SPL', () => {
  const episode = (o: { success: boolean; steps: number; gtSteps: number }): EpisodeResult => ({
    app: 'a',
    task: 't',
    replayable: true,
    outcome: o.success ? 'done' : 'fail',
    goalReached: o.success,
    stoppedAtGoal: o.success,
    acp: 0,
    llmCalls: 0,
    inputTokens: 0,
    outputTokens: 0,
    costUsd: 0,
    exposure: { sentElements: 0, totalElements: 0, sentChars: 0, totalChars: 0 },
    ...o,
  });

  test('success × ground-truth length / the longer of the run and the ground truth', () => {
    assert.equal(summariseEpisodes([episode({ success: true, steps: 4, gtSteps: 4 })]).spl, 1);
    assert.equal(summariseEpisodes([episode({ success: true, steps: 8, gtSteps: 4 })]).spl, 0.5);
    assert.equal(summariseEpisodes([episode({ success: true, steps: 2, gtSteps: 4 })]).spl, 1, 'a shorter run scores 1, not 2');
    assert.equal(summariseEpisodes([episode({ success: false, steps: 2, gtSteps: 4 })]).spl, 0);
    assert.equal(summariseEpisodes([episode({ success: true, steps: 0, gtSteps: 0 })]).spl, 0);
  });

  test('never outside 0..1, whatever the runs', () => {
    const run = fc.record({ success: fc.boolean(), steps: fc.nat(40), gtSteps: fc.nat(40) });
    fc.assert(
      fc.property(fc.array(run, { maxLength: 12 }), (runs) => {
        const spl = summariseEpisodes(runs.map(episode)).spl;
        assert.ok(spl >= 0 && spl <= 1, `${spl}`);
      }),
    );
  });
});

describe('cassette keys', () => {
  /** A model that answers with a counter, so a replayed answer is told apart from a new one. */
  function counting(): Provider & { asked: number } {
    const p = {
      name: 'fake:counting',
      asked: 0,
      async ask<T>(req: ModelRequest<T>) {
        p.asked++;
        return { value: req.schema.parse({ n: p.asked }), calls: [] };
      },
    };
    return p;
  }
  function memoryIo(): CassetteIo & { files: Map<string, string> } {
    const files = new Map<string, string>();
    return {
      files,
      readFile: async (path) => {
        const t = files.get(path);
        if (t === undefined) throw Object.assign(new Error(`no ${path}`), { code: 'ENOENT' });
        return t;
      },
      writeFile: async (path, data) => void files.set(path, data),
    };
  }
  const schema = z.object({ n: z.number() });
  const req = (over: Partial<ModelRequest<{ n: number }>> = {}): ModelRequest<{ n: number }> => ({
    role: 'step',
    promptId: 'single.step@1',
    system: 'You operate an Android app.',
    prompt: 'Task: open settings',
    schema,
    ...over,
  });

  test('the same question replays; a changed system text, prompt or prompt id is a new question', async () => {
    const io = memoryIo();
    const rec = await CassetteProvider.open('run.cassette', io, counting());
    assert.deepEqual((await rec.ask(req())).value, { n: 1 });

    const replay = await CassetteProvider.open('run.cassette', io, undefined);
    assert.deepEqual((await replay.ask(req())).value, { n: 1 });
    for (const changed of [
      { system: 'You operate an Android app. Never tap ads.' },
      { prompt: 'Task: open the settings' },
      { promptId: 'single.step@2' },
    ]) {
      const again = await CassetteProvider.open('run.cassette', io, undefined);
      await assert.rejects(again.ask(req(changed)), (e: unknown) => isGlanceError(e, 'CASSETTE_MISS'), JSON.stringify(changed));
    }

    // With a model beside the cassette, the changed system text goes to the model and is recorded as its own answer.
    const model = counting();
    const both = await CassetteProvider.open('run.cassette', io, model);
    assert.deepEqual((await both.ask(req({ system: 'Be brief.' }))).value, { n: 1 });
    assert.equal(model.asked, 1);
    assert.deepEqual((await both.ask(req())).value, { n: 1 }, 'the recorded answer for the old system text');
    assert.equal(model.asked, 1);
  });
});

describe('the run report', () => {
  // A payload per field: an element that must never appear as markup, and a quote that would end an attribute.
  const evil = (where: string): string => `<x-inj data-inj="${where}">"${where}" onclick="x" & 'q' <b>bold</b></x-inj>`;
  const trajectory: Trajectory = {
    task: evil('task'),
    policy: evil('policy'),
    outcome: 'done',
    reason: evil('reason'),
    seconds: 1,
    steps: [
      {
        step: 0,
        activity: evil('activity'),
        snapshot: evil('snapshot'),
        decision: {
          action: { kind: 'type', target: 'b1', text: evil('typed') },
          reason: evil('why'),
          instruction: evil('instruction'),
          plan: [evil('plan')],
          llm: [
            {
              role: evil('role'),
              model: evil('model'),
              prompt: evil('prompt'),
              request: evil('request'),
              answer: evil('answer'),
              inputTokens: 1,
              outputTokens: 1,
              latencyMs: 1,
              costUsd: 0,
            },
          ],
        },
        result: {
          ok: false,
          changed: false,
          newScreen: false,
          diff: evil('diff'),
          error: { code: evil('code'), message: evil('message') },
        },
      },
    ],
  };

  test('every text the trajectory carries is shown as text: no element or attribute comes from the data', () => {
    const html = renderReportHtml(trajectory);
    const tags = new Set([...html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)].map((m) => m[1]!.toLowerCase()));
    assert.ok(!tags.has('x-inj') && !tags.has('b'), `tags from the data: ${[...tags].join(' ')}`);
    // Attribute values are never ended early by a quote from the data.
    const attrs = [...html.matchAll(/<[a-zA-Z][^>]*>/g)].map((m) => m[0]);
    const injected = attrs.filter((a) => /data-inj=|onclick=/.test(a));
    assert.deepEqual(injected, []);
    // The texts are there, escaped, so a reader sees them as they were.
    for (const where of ['task', 'reason', 'snapshot', 'why', 'instruction', 'prompt', 'request', 'answer'])
      assert.ok(html.includes(`&lt;x-inj data-inj=&quot;${where}&quot;&gt;`), `${where} is shown escaped`);
  });
});

describe('benchmark scoring', () => {
  const el = (ref: string, bounds: [number, number, number, number], over: Partial<SnapshotElement> = {}): SnapshotElement => ({
    ref,
    class: 'Button',
    bounds,
    center: [(bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2],
    actions: ['tap'],
    states: [],
    ...over,
  });
  // A row (actionable, wide) holding a small icon button off its centre, and a label that cannot be acted on.
  const row = el('b1', [0, 100, 1000, 300], { text: 'Groceries' });
  const icon = el('b2', [900, 150, 1000, 250], { desc: 'Pin' });
  const label = el('t3', [0, 400, 1000, 500], { actions: [], text: 'Notes' });
  const obs: Observation = { screen: { width: 1080, height: 1920 }, elements: [row, icon, label], text: '', dump: '' };

  test('a target hits the ground truth by point, by an element centred in it, or as the innermost actionable element at its centre', () => {
    assert.equal(hitsTarget(obs, '950,200', [900, 150, 1000, 250]), true, 'a point inside');
    assert.equal(hitsTarget(obs, '10,10', [900, 150, 1000, 250]), false, 'a point outside');
    assert.equal(hitsTarget(obs, 'b2', [900, 150, 1000, 250]), true, 'the element itself');
    assert.equal(hitsTarget(obs, 'b1', [900, 150, 1000, 250]), false, 'the row around it is not the icon');
    // Ground truth a bit larger than the row, centred on it: the row is the innermost actionable element there.
    assert.equal(hitsTarget(obs, 'b1', [0, 150, 1000, 260]), true);
    assert.equal(hitsTarget(obs, '[desc=Pin]', [900, 150, 1000, 250]), true, 'a selector');
    assert.equal(hitsTarget(obs, 'b9', [900, 150, 1000, 250]), false, 'an unknown ref');
    assert.equal(hitsTarget(obs, undefined, [900, 150, 1000, 250]), false);
    assert.equal(hitsTarget(obs, '[[[', [900, 150, 1000, 250]), false, 'a selector that does not parse');
  });

  test('an action matches a ground-truth step of the same kind, on the same element, with the same text', () => {
    assert.equal(matchesStep(obs, { kind: 'back' }, { kind: 'back' }), true);
    assert.equal(matchesStep(obs, { kind: 'key', key: 'keycode_back' }, { kind: 'back' }), true);
    assert.equal(matchesStep(obs, { kind: 'key', key: 'HOME' }, { kind: 'back' }), false);
    assert.equal(matchesStep(obs, { kind: 'swipe', direction: 'up' }, { kind: 'swipe', direction: 'up' }), true);
    assert.equal(matchesStep(obs, { kind: 'swipe', direction: 'down' }, { kind: 'swipe', direction: 'up' }), false);
    const at: [number, number, number, number] = [900, 150, 1000, 250];
    assert.equal(matchesStep(obs, { kind: 'tap', target: 'b2' }, { kind: 'tap', bounds: at }), true);
    assert.equal(matchesStep(obs, { kind: 'tap', target: 'b2' }, { kind: 'tap' }), false, 'no bounds recorded');
    assert.equal(matchesStep(obs, { kind: 'long_press', target: 'b2' }, { kind: 'tap', bounds: at }), false);
    assert.equal(matchesStep(obs, { kind: 'long_press', target: 'b2' }, { kind: 'long_press', bounds: at }), true);
    assert.equal(matchesStep(obs, { kind: 'type', target: 'b2', text: 'MILK' }, { kind: 'input', bounds: at, input: 'milk' }), true);
    assert.equal(matchesStep(obs, { kind: 'type', target: 'b2', text: 'milk!' }, { kind: 'input', bounds: at, input: 'milk' }), false);
    assert.equal(matchesStep(obs, { kind: 'tap', target: 'b2' }, { kind: 'input', bounds: at, input: 'milk' }), false);
  });

  test('the summary: rates over all runs, CTR over the runs that reached the goal, premature stops, rounded to 4 places', () => {
    const base = {
      app: 'a',
      task: 't',
      acp: 0,
      llmCalls: 0,
      inputTokens: 0,
      outputTokens: 0,
      costUsd: 0,
      exposure: { sentElements: 0, totalElements: 0, sentChars: 0, totalChars: 0 },
    };
    const runs: EpisodeResult[] = [
      { ...base, replayable: true, outcome: 'done', success: true, goalReached: true, stoppedAtGoal: true, steps: 3, gtSteps: 3, acp: 1 },
      {
        ...base,
        replayable: true,
        outcome: 'done',
        success: false,
        goalReached: false,
        stoppedAtGoal: false,
        steps: 2,
        gtSteps: 3,
        acp: 0.5,
      },
      { ...base, replayable: false, outcome: 'off-path', success: false, goalReached: true, stoppedAtGoal: false, steps: 4, gtSteps: 3 },
    ];
    assert.deepEqual(summariseEpisodes(runs), {
      total: 3,
      replayable: 2,
      success: 1,
      sr: 0.3333,
      srReplayable: 0.5,
      offPath: 0.3333,
      acp: 0.5,
      ctr: 0.5,
      spl: 0.3333,
      prematureStops: 0.3333,
      meanSteps: 3,
    });
    const none = summariseEpisodes([]);
    assert.deepEqual(
      Object.values(none),
      Object.values(none).map(() => 0),
    );
  });

  test('model usage: cloud and device-side calls summed apart', () => {
    const call = (side: 'local' | undefined, n: number) => ({
      role: 'step',
      model: 'm',
      prompt: 'p',
      inputTokens: n,
      outputTokens: 2 * n,
      latencyMs: 1,
      costUsd: n / 100,
      ...(side === undefined ? {} : { side }),
    });
    assert.deepEqual(llmUsage([call(undefined, 10), call('local', 5), call(undefined, 1)]), {
      cloud: { calls: 2, inputTokens: 11, outputTokens: 22, costUsd: 0.11 },
      local: { calls: 1, inputTokens: 5, outputTokens: 10, costUsd: 0.05 },
    });
  });
});

describe('model answers', () => {
  const view = {
    text: '',
    refs: new Set(['b1', 'b2']),
    more: false,
    exposure: { sentElements: 0, totalElements: 0, sentChars: 0, totalChars: 0 },
  };
  const a = (over: Partial<ActionAnswer>): ActionAnswer => ({ action: 'tap', ref: 'b1', text: null, direction: null, ...over });

  test('an answer is refused, with the reason the model is shown, when it cannot be acted on', () => {
    assert.equal(checkAction(a({}), view), undefined);
    assert.equal(checkAction(a({ ref: null }), view), 'tap needs a ref');
    assert.equal(checkAction(a({ action: 'long_press', ref: 'b7' }), view), 'there is no b7 on the screen shown; use a ref from it');
    assert.equal(checkAction(a({ action: 'type', text: '' }), view), 'type needs the text');
    assert.equal(checkAction(a({ action: 'type', text: null }), view), 'type needs the text');
    assert.equal(checkAction(a({ action: 'type', text: 'x' }), view), undefined);
    assert.equal(checkAction(a({ action: 'need_more', ref: null }), view), 'nothing more of the screen is withheld: choose an action');
    assert.equal(checkAction(a({ action: 'need_more', ref: null }), { ...view, more: true }), undefined);
    assert.equal(checkAction(a({ action: 'back', ref: null }), view), undefined);
  });

  test('an action that does not fit its element is refused, naming the element and ones that fit', () => {
    const el = (ref: string, o: Partial<SnapshotElement>): SnapshotElement => ({
      ref,
      class: 'View',
      bounds: [0, 0, 10, 10],
      center: [5, 5],
      actions: ['tap'],
      states: [],
      ...o,
    });
    const els = [
      el('b1', { class: 'Button', text: 'Save' }),
      el('b2', { class: 'LinearLayout', labels: ['Name'] }),
      el('e3', { class: 'EditText', parent: 'b2', actions: ['tap', 'type'] }),
      el('s4', { class: 'RecyclerView', actions: ['scroll'] }),
    ];
    const v = { ...view, refs: new Set(els.map((e) => e.ref)) };
    assert.equal(
      checkAction(a({ action: 'type', ref: 'b1', text: 'x' }), v, els),
      'b1 Button "Save" is not a text field: type needs an editable field (on this screen: e3); to change a setting or pick an item, tap it',
    );
    // A row holding its field takes the text (the tap focuses the field); the field itself does.
    assert.equal(checkAction(a({ action: 'type', ref: 'b2', text: 'x' }), v, els), undefined);
    assert.equal(checkAction(a({ action: 'type', ref: 'e3', text: 'x' }), v, els), undefined);
    assert.equal(
      checkAction(a({ action: 'scroll', ref: 'b1', direction: 'down' }), v, els),
      'b1 Button "Save" does not scroll: give a list\'s ref (on this screen: s4), or null to scroll the biggest',
    );
    assert.equal(checkAction(a({ action: 'scroll', ref: 's4', direction: 'down' }), v, els), undefined);
    assert.equal(checkAction(a({ action: 'scroll', ref: null, direction: 'down' }), v, els), undefined);
    assert.equal(
      checkAction(a({ action: 'scroll', ref: 'x9', direction: 'down' }), v, els),
      'there is no x9 on the screen shown; use a ref from it',
    );
    // The scroll's target reaches the tool.
    assert.deepEqual(
      toAgentAction(a({ action: 'scroll', ref: 's4', direction: 'up' }), (t) => t),
      { kind: 'scroll', direction: 'up', target: 's4' },
    );
  });

  test('scroll defaults to down; need_more with nothing withheld ends as a failure', () => {
    assert.deepEqual(
      toAgentAction(a({ action: 'scroll', ref: null }), (t) => t),
      { kind: 'scroll', direction: 'down' },
    );
    assert.deepEqual(
      toAgentAction(a({ action: 'scroll', ref: null, direction: 'up' }), (t) => t),
      { kind: 'scroll', direction: 'up' },
    );
    assert.deepEqual(
      toAgentAction(a({ action: 'back' }), (t) => t),
      { kind: 'back' },
    );
    assert.deepEqual(
      toAgentAction(a({ action: 'done', text: null }), (t) => t),
      { kind: 'done' },
    );
    assert.equal(toAgentAction(a({ action: 'need_more' }), (t) => t).kind, 'fail');
  });

  test('the history as the model reads it: one numbered line per step with what happened', () => {
    const obs: Observation = {
      screen: { width: 1, height: 1 },
      elements: [{ ref: 'b1', class: 'Button', text: 'Save', bounds: [0, 0, 1, 1], center: [0, 0], actions: ['tap'], states: [] }],
      text: '',
      dump: '',
    };
    const entry = (action: Trajectory['steps'][number]['decision']['action'], result?: Trajectory['steps'][number]['result']) => ({
      observation: obs,
      decision: { action },
      ...(result === undefined ? {} : { result }),
    });
    assert.equal(historyLines([]), '(none yet)');
    const lines = historyLines([
      entry({ kind: 'tap', target: 'b1' }, { ok: true, changed: true, newScreen: true, diff: '' }),
      entry({ kind: 'type', target: 'b1', text: 'a "b"' }, { ok: true, changed: true, newScreen: false, diff: '' }),
      entry({ kind: 'scroll', direction: 'down' }, { ok: true, changed: false, newScreen: false, diff: '' }),
      entry(
        { kind: 'tap', target: 'b9' },
        { ok: false, changed: false, newScreen: false, diff: 'd', error: { code: 'REF_NOT_FOUND', message: 'no b9' } },
      ),
      entry({ kind: 'back' }),
    ]).split('\n');
    assert.deepEqual(lines, [
      '1. tap "Save" → new screen',
      '2. type "a \\"b\\"" into the field "Save" → the field now holds "Save"',
      '3. scroll down → the list is at its end: nothing moved',
      '4. tap → failed: no b9',
      '5. back',
    ]);
  });
});
