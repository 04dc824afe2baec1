// Promises of the agent layer that a user pays for when broken: a masked value typed into the app is the real one
// (and only typing unmasks), SPL stays within 0..1 whatever the run's length, a recorded answer is replayed only
// for the same question (system text included), and the run report shows every text it carries as text, never
// as markup.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { z } from 'zod';
import { summariseEpisodes, type EpisodeResult } from '../../src/agent/metrics.js';
import { toAgentAction, type ActionAnswer } from '../../src/agent/policies/model-common.js';
import { CassetteProvider, type CassetteIo } from '../../src/agent/providers/cassette.js';
import type { ModelRequest, Provider } from '../../src/agent/providers/provider.js';
import { renderReportHtml } from '../../src/agent/report.js';
import type { Trajectory } from '../../src/agent/types.js';
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
