import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { blocksFromDumpAsync, llmScorer, type CompletionClient } from '../../src/privacy/index.js';
import { yesProbability, type ChatRequest } from '../../src/privacy/llm.js';
import { notesScreen } from './fixture.js';

/** A fake endpoint: says Yes (with a probability) when the region mentions the word it is told to like. */
class FakeModel implements CompletionClient {
  readonly requests: ChatRequest[] = [];
  constructor(private readonly liked: string) {}
  chatCompletion(body: ChatRequest): Promise<unknown> {
    this.requests.push(body);
    const region = body.messages.at(-1)!.content.split('Region')[1] ?? '';
    const p = region.includes(this.liked) ? 0.9 : 0.2;
    return Promise.resolve({
      choices: [
        {
          message: { content: p > 0.5 ? 'Yes' : 'No' },
          logprobs: {
            content: [
              {
                token: 'Yes',
                top_logprobs: [
                  { token: 'Yes', logprob: Math.log(p) },
                  { token: 'No', logprob: Math.log(1 - p) },
                ],
              },
            ],
          },
        },
      ],
    });
  }
}

describe('LLM scorer (CORE probability scoring)', () => {
  test('P(Yes) from top log-probabilities, or from the answer when there are none', () => {
    assert.ok(
      Math.abs(
        yesProbability({
          choices: [
            {
              logprobs: {
                content: [
                  {
                    top_logprobs: [
                      { token: ' yes', logprob: Math.log(0.6) },
                      { token: 'No', logprob: Math.log(0.2) },
                    ],
                  },
                ],
              },
            },
          ],
        }) - 0.75,
      ) < 1e-9,
    );
    assert.equal(yesProbability({ choices: [{ message: { content: 'No.' } }] }), 0);
    assert.equal(yesProbability({ choices: [{ message: { content: 'Yes' } }] }), 1);
    assert.throws(() => yesProbability({}), { code: 'INTERNAL' });
  });

  test('ranks blocks by the model, one request per block with the task and the history', async () => {
    const model = new FakeModel('Create a new note');
    const r = await blocksFromDumpAsync(notesScreen(), 'write a shopping list', llmScorer({ client: model, model: 'tiny' }), {
      history: [{ label: 'Search' }],
    });
    assert.equal(model.requests.length, r.blocks.length);
    assert.ok(r.blocks[0]!.elements.some((e) => e.desc === 'Create a new note'));
    assert.equal(r.blocks[0]!.score, 0.9);
    const prompt = model.requests[0]!.messages.at(-1)!.content;
    assert.match(prompt, /^Task: write a shopping list$/m);
    assert.match(prompt, /^1\. tapped "Search"$/m);
    assert.equal(model.requests[0]!.logprobs, true);
    assert.equal(model.requests[0]!.max_tokens, 1);
  });
});
