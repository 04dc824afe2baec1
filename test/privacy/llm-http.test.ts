// The model-backed ranker over HTTP (src/privacy/llm.ts): the caller wires an OpenAI-compatible client (here a
// fetch against the local fake server, as a caller would against a local Ollama); every block goes out as one
// chat completion whose exact body is read back from the server, and P(Yes) comes from the answer.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { blocksFromDumpAsync, llmScorer, type CompletionClient, type RawBlock } from '../../src/privacy/index.js';
import { yesProbability, type ChatRequest } from '../../src/privacy/llm.js';
import { startFakeLlm, promptOf, type FakeLlm } from '../helpers/fake-llm.js';
import { element } from '../snapshot/build.js';
import { MAIN, mainScreen, notesMap } from './map-fixture.js';

const SYSTEM =
  'You help an agent operate a phone app. You see one region of the current screen. Answer only Yes or No: ' +
  'does this region contain the element the agent should act on next for the task?';

/** What a caller wires: POST the body to `/chat/completions`, return the parsed JSON. */
const fetchClient = (base: string): CompletionClient => ({
  async chatCompletion(body: ChatRequest, signal?: AbortSignal) {
    const res = await fetch(`${base}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal === undefined ? {} : { signal }),
    });
    return res.json();
  },
});

const blocks: RawBlock[] = [
  {
    kind: 'toolbar',
    elements: [
      element('t1', [0, 0, 500, 100], { text: 'Contacts' }),
      element('b2', [900, 0, 1000, 100], { class: 'ImageButton', desc: 'Search', actions: ['tap'] }),
    ],
  },
  {
    kind: 'row',
    elements: [
      element('b3', [0, 200, 1080, 300], { class: 'LinearLayout', labels: ['Alice Martin'], id: 'contact_row', actions: ['tap'] }),
    ],
  },
];

describe('llmScorer over HTTP', () => {
  let llm: FakeLlm;
  before(async () => {
    llm = await startFakeLlm();
  });
  after(async () => {
    await llm.close();
  });

  test('one request per block, in order, with the exact prompt; Yes scores 1, No 0', async () => {
    llm.requests.length = 0;
    llm.script((req) => ({ text: (promptOf(req).split('Region')[1] ?? '').includes('Alice') ? 'Yes' : 'No' }));
    const scores = await llmScorer({ client: fetchClient(llm.url), model: 'tiny-local' }).score(blocks, { task: 'call Alice' });
    assert.deepEqual(scores, [0, 1]);
    assert.equal(llm.requests.length, 2);
    const body = (i: number) => llm.requests[i]!.body;
    assert.deepEqual(body(0), {
      model: 'tiny-local',
      messages: [
        { role: 'system', content: SYSTEM },
        {
          role: 'user',
          content: [
            'Task: call Alice',
            'Steps done: none',
            'Region (toolbar):',
            '  t1 TextView "Contacts"',
            '  b2 ImageButton desc="Search"',
            'Answer Yes or No.',
          ].join('\n'),
        },
      ],
      max_tokens: 1,
      temperature: 0,
      logprobs: true,
      top_logprobs: 5,
    });
    assert.equal(
      promptOf(llm.requests[1]!),
      ['Task: call Alice', 'Steps done: none', 'Region (row):', '  b3 LinearLayout "Alice Martin" #contact_row', 'Answer Yes or No.'].join(
        '\n',
      ),
    );
  });

  test('the steps already taken, numbered: taps by label ("?" without one), typing by its text', async () => {
    llm.requests.length = 0;
    llm.script(() => ({ text: 'No' }));
    await llmScorer({ client: fetchClient(llm.url), model: 'm' }).score([blocks[1]!], {
      task: 'call Alice',
      history: [{ label: 'Search' }, { input: 'Alice' }, {}],
    });
    assert.equal(
      promptOf(llm.requests[0]!),
      [
        'Task: call Alice',
        'Steps done:',
        '1. tapped "Search"',
        '2. typed "Alice"',
        '3. tapped "?"',
        'Region (row):',
        '  b3 LinearLayout "Alice Martin" #contact_row',
        'Answer Yes or No.',
      ].join('\n'),
    );
  });

  test("with a UI Map the map's word goes on top of the model's: the model likes the quoted row, the map the overflow", async () => {
    llm.requests.length = 0;
    llm.script((req) => ({ text: (promptOf(req).split('Region')[1] ?? '').includes('Diary') ? 'Yes' : 'No' }));
    const scorer = llmScorer({ client: fetchClient(llm.url), model: 'm' });
    const task = "Delete the note 'Diary'";
    const plain = await blocksFromDumpAsync(mainScreen(), task, scorer);
    assert.deepEqual(
      plain.blocks.map((b) => [b.id, b.score]),
      [
        ['B2', 1],
        ['B1', 0],
        ['B3', 0],
      ],
    );
    const mapped = await blocksFromDumpAsync(mainScreen(), task, scorer, { map: notesMap(), activity: MAIN });
    // The overflow button leads one step to "Delete note": 4 × 0.8² / 0.8 = 3.2 on top of the model's 0. (The
    // note rows and the add button gain a little too: "note" is a word of theirs on the map.)
    assert.deepEqual(
      mapped.blocks.map((b) => b.id),
      ['B1', 'B2', 'B3'],
    );
    assert.equal(mapped.blocks[0]!.score, 3.2);
    assert.ok(mapped.blocks[1]!.score > 1 && mapped.blocks[2]!.score < mapped.blocks[1]!.score);
    assert.equal(llm.requests.length, 6);
  });

  test('an empty history reads as none', async () => {
    llm.requests.length = 0;
    llm.script(() => ({ text: 'yes, this one' }));
    const scores = await llmScorer({ client: fetchClient(llm.url), model: 'm' }).score([blocks[1]!], { task: 'call Alice', history: [] });
    assert.deepEqual(scores, [1]);
    assert.match(promptOf(llm.requests[0]!), /^Task: call Alice\nSteps done: none\nRegion \(row\):/);
  });
});

describe('P(Yes) of a response', () => {
  const withTop = (top: { token: string; logprob: number }[], content?: string) => ({
    choices: [{ logprobs: { content: [{ top_logprobs: top }] }, ...(content === undefined ? {} : { message: { content } }) }],
  });

  test('yes / (yes + no) over the top tokens starting with either word, any case, after spaces; other tokens ignored', () => {
    const p = yesProbability(
      withTop([
        { token: ' Yes', logprob: Math.log(0.3) },
        { token: 'YES', logprob: Math.log(0.1) },
        { token: ' No', logprob: Math.log(0.05) },
        { token: 'NO', logprob: Math.log(0.05) },
        { token: 'Maybe', logprob: Math.log(0.2) },
        { token: 'Eyes', logprob: Math.log(0.1) },
        { token: 'Unknown', logprob: Math.log(0.1) },
      ]),
    );
    assert.ok(Math.abs(p - 0.8) < 1e-12, String(p));
    assert.equal(yesProbability(withTop([{ token: '\tNo', logprob: 0 }])), 0);
    assert.equal(yesProbability(withTop([{ token: 'Yes', logprob: 0 }])), 1);
  });

  test('top tokens naming neither (or none at all) leave the answer text to decide', () => {
    assert.equal(yesProbability(withTop([{ token: 'Maybe', logprob: 0 }], 'Yes')), 1);
    assert.equal(yesProbability(withTop([{ token: 'Maybe', logprob: 0 }], 'No')), 0);
    assert.equal(yesProbability(withTop([], '  yes')), 1);
    assert.equal(yesProbability(withTop([], 'The answer is yes')), 0);
    assert.equal(yesProbability({ choices: [{}] }), 0);
  });

  test('no choices is a coded error naming the API', () => {
    for (const r of [{}, { choices: [] }, null])
      assert.throws(
        () => yesProbability(r),
        (e: Error & { code?: string; hint?: string }) => {
          assert.equal(e.code, 'INTERNAL');
          assert.match(e.message, /no choices/);
          assert.match(e.hint ?? '', /OpenAI chat completions/);
          return true;
        },
      );
  });
});
