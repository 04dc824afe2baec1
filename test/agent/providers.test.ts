// The AI SDK providers against a fake model server on loopback (OpenAI Chat Completions and Anthropic Messages
// wire formats): structured answers, usage and cost, the repair round, retries honouring Retry-After, server
// errors, timeouts, aborts, and the model strings with their environment.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { getEventListeners } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { z } from 'zod';
import { AiSdkProvider } from '../../src/agent/providers/ai-sdk.js';
import { parseModelSpec, resolveModelSpec, type ModelSpec } from '../../src/agent/providers/spec.js';
import { costOf, priceTable } from '../../src/agent/providers/pricing.js';
import { isGlanceError } from '../../src/errors.js';
import { promptOf, startFakeLlm, type FakeLlm } from '../helpers/fake-llm.js';

const schema = z.object({ ref: z.string(), reason: z.string() });
const ask = (p: AiSdkProvider, check?: (v: z.infer<typeof schema>) => string | undefined, signal?: AbortSignal) =>
  p.ask({
    role: 'select',
    promptId: 'test.select@1',
    system: 'You pick one element.',
    prompt: 'Task: open settings\nb1 "Settings"\nb2 "Search"',
    schema,
    ...(check === undefined ? {} : { check }),
    ...(signal === undefined ? {} : { signal }),
  });

describe('AI SDK providers on a fake server', () => {
  let fake: FakeLlm;
  let openai: ModelSpec;
  let anthropic: ModelSpec;
  before(async () => {
    fake = await startFakeLlm();
    openai = parseModelSpec('openai:gpt-4o-mini', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url });
    anthropic = parseModelSpec('anthropic:claude-3-5-haiku-latest', { ANTHROPIC_API_KEY: 'ak-test', ANTHROPIC_BASE_URL: fake.url });
  });
  after(() => fake.close());

  test('OpenAI: a structured answer, the schema sent as response_format, usage and cost counted', async () => {
    fake.script([{ json: { ref: 'b1', reason: 'it says Settings' }, inputTokens: 1000, outputTokens: 200 }]);
    const before = fake.requests.length;
    const r = await ask(new AiSdkProvider(openai));
    assert.deepEqual(r.value, { ref: 'b1', reason: 'it says Settings' });
    assert.equal(r.calls.length, 1);
    assert.equal(r.calls[0]!.inputTokens, 1000);
    assert.equal(r.calls[0]!.outputTokens, 200);
    assert.equal(r.calls[0]!.prompt, 'test.select@1');
    // gpt-4o-mini list price: 0.15 $/M in, 0.6 $/M out.
    assert.ok(Math.abs(r.calls[0]!.costUsd - (1000 * 0.15 + 200 * 0.6) / 1e6) < 1e-12);
    const req = fake.requests[before]!;
    assert.equal(req.wire, 'openai');
    assert.equal(req.headers.authorization, 'Bearer sk-test');
    assert.equal(req.body['model'], 'gpt-4o-mini');
    const rf = req.body['response_format'] as { type: string; json_schema: { schema: { properties: object } } };
    assert.equal(rf.type, 'json_schema');
    assert.deepEqual(Object.keys(rf.json_schema.schema.properties).sort(), ['reason', 'ref']);
    assert.match(promptOf(req), /open settings/);
  });

  test('Anthropic, older model: the answer arrives as a call of the json tool, the key in x-api-key', async () => {
    fake.script([{ json: { ref: 'b2', reason: 'search' }, inputTokens: 50, outputTokens: 9 }]);
    const before = fake.requests.length;
    const r = await ask(new AiSdkProvider(anthropic));
    assert.deepEqual(r.value, { ref: 'b2', reason: 'search' });
    assert.equal(r.calls[0]!.inputTokens, 50);
    // claude-3-5-haiku list price: 0.8 $/M in, 4 $/M out.
    assert.ok(Math.abs(r.calls[0]!.costUsd - (50 * 0.8 + 9 * 4) / 1e6) < 1e-12);
    const req = fake.requests[before]!;
    assert.equal(req.wire, 'anthropic');
    assert.equal(req.headers['x-api-key'], 'ak-test');
    const tools = req.body['tools'] as Array<{ name: string }>;
    assert.ok(
      tools.some((t) => t.name === 'json'),
      JSON.stringify(req.body),
    );
  });

  test('Anthropic, newer model: the schema goes as output_config, the JSON comes back as text', async () => {
    const spec = parseModelSpec('anthropic:claude-sonnet-4-5', { ANTHROPIC_API_KEY: 'ak-test', ANTHROPIC_BASE_URL: fake.url });
    fake.script([{ json: { ref: 'b1', reason: 'native' } }]);
    const before = fake.requests.length;
    const r = await ask(new AiSdkProvider(spec));
    assert.equal(r.value.reason, 'native');
    assert.ok((fake.requests[before]!.body['output_config'] as { format?: unknown }).format !== undefined);
  });

  test('invalid JSON, then a good answer: one repair round that shows the model its mistake', async () => {
    fake.script([{ text: '{"ref": "b1", reason' }, { json: { ref: 'b1', reason: 'fixed' } }]);
    const before = fake.requests.length;
    const r = await ask(new AiSdkProvider(openai));
    assert.equal(r.value.reason, 'fixed');
    assert.equal(r.calls.length, 2);
    const second = fake.requests[before + 1]!;
    assert.match(promptOf(second), /could not be used/);
    const msgs = second.body['messages'] as Array<{ role: string; content: string }>;
    assert.ok(msgs.some((m) => m.role === 'assistant' && m.content.includes('"ref": "b1", reason')));
  });

  test('an answer the policy cannot use (unknown ref) is repaired once, then a coded error', async () => {
    const onScreen = (v: { ref: string }) => (['b1', 'b2'].includes(v.ref) ? undefined : `there is no ${v.ref} on this screen`);
    fake.script([{ json: { ref: 'z9', reason: 'guess' } }, { json: { ref: 'b2', reason: 'better' } }]);
    assert.equal((await ask(new AiSdkProvider(openai), onScreen)).value.ref, 'b2');
    fake.script([{ json: { ref: 'z9', reason: 'guess' } }, { json: { ref: 'z8', reason: 'again' } }]);
    await assert.rejects(ask(new AiSdkProvider(openai), onScreen), (e) => {
      assert.ok(isGlanceError(e, 'MODEL_FAILED'), String(e));
      assert.match(e.message, /no z8 on this screen/);
      return true;
    });
  });

  test('a refusal twice is MODEL_FAILED, not a crash', async () => {
    fake.script([{ refusal: 'I cannot help with that.' }, { refusal: 'I cannot help with that.' }]);
    await assert.rejects(ask(new AiSdkProvider(openai)), (e) => isGlanceError(e, 'MODEL_FAILED'));
  });

  test('429 with Retry-After and a 500 are retried; the answer after them is used', async () => {
    fake.script([{ status: 429, retryAfterMs: 30 }, { status: 500, retryAfterMs: 10 }, { json: { ref: 'b1', reason: 'ok' } }]);
    const before = fake.requests.length;
    const r = await ask(new AiSdkProvider(openai, { maxRetries: 2 }));
    assert.equal(r.value.ref, 'b1');
    assert.equal(fake.requests.length - before, 3);
  });

  test('rate limited past the retries: MODEL_FAILED naming the status and the attempts', async () => {
    fake.script([
      { status: 429, retryAfterMs: 5 },
      { status: 429, retryAfterMs: 5 },
    ]);
    await assert.rejects(ask(new AiSdkProvider(anthropic, { maxRetries: 1 })), (e) => {
      assert.ok(isGlanceError(e, 'MODEL_FAILED'), String(e));
      assert.match(e.message, /HTTP 429 after 2 attempts/);
      assert.match(e.hint ?? '', /rate-limiting/);
      return true;
    });
  });

  test('a 401 is not retried and says to check the key', async () => {
    fake.script([{ status: 401 }, { json: { ref: 'b1', reason: 'never reached' } }]);
    const before = fake.requests.length;
    await assert.rejects(ask(new AiSdkProvider(openai)), (e) => isGlanceError(e, 'MODEL_FAILED') && /API key/.test(e.hint ?? ''));
    assert.equal(fake.requests.length - before, 1);
  });

  test('a server slower than the timeout: TIMEOUT; an aborted signal: ABORTED', async () => {
    fake.script([{ delayMs: 2000, then: { json: { ref: 'b1', reason: 'late' } } }]);
    await assert.rejects(ask(new AiSdkProvider(openai, { timeoutMs: 150, maxRetries: 0 })), (e) => isGlanceError(e, 'TIMEOUT'));
    fake.script([{ delayMs: 2000, then: { json: { ref: 'b1', reason: 'late' } } }]);
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    await assert.rejects(ask(new AiSdkProvider(openai, { maxRetries: 0 }), undefined, ac.signal), (e) => isGlanceError(e, 'ABORTED'));
  });

  test('an agent-long signal over many requests keeps no abort listener once each request ends', async () => {
    // The SDK adds a listener to the signal it is given for every request and never removes it: an agent's
    // signal used to collect one per step (MaxListenersExceededWarning at the 11th, from whichever call added it).
    const provider = new AiSdkProvider(openai, { maxRetries: 0 });
    const ac = new AbortController();
    for (let i = 0; i < 12; i++) {
      fake.script([{ json: { ref: 'b1', reason: `step ${i}` } }]);
      assert.equal((await ask(provider, undefined, ac.signal)).value.reason, `step ${i}`);
      assert.equal(getEventListeners(ac.signal, 'abort').length, 0, `after request ${i}`);
    }
  });

  test('an OpenAI-compatible server named by URL (llama.cpp, vLLM, Ollama) costs nothing', async () => {
    const spec = parseModelSpec(`${fake.url}#qwen2.5:7b`, {});
    assert.equal(spec.kind, 'openai-compatible');
    assert.equal(spec.model, 'qwen2.5:7b');
    fake.script([{ json: { ref: 'b1', reason: 'local' }, inputTokens: 500, outputTokens: 20 }]);
    const before = fake.requests.length;
    const r = await ask(new AiSdkProvider(spec));
    assert.equal(r.value.reason, 'local');
    assert.equal(r.calls[0]!.costUsd, 0);
    assert.equal(fake.requests[before]!.body['model'], 'qwen2.5:7b');
  });
});

describe('a model server nobody listens on', () => {
  test('MODEL_UNREACHABLE on the first attempt, naming the URL; the SDK does not retry it', async () => {
    // A port that was just free: bind, read the port, close.
    const port = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts++;
      return fetch(input, init);
    };
    const url = `http://127.0.0.1:${port}/v1`;
    const p = new AiSdkProvider(parseModelSpec(`${url}#relay`, {}), { fetch: counting, maxRetries: 2 });
    await assert.rejects(ask(p), (e) => {
      assert.ok(isGlanceError(e, 'MODEL_UNREACHABLE'), String(e));
      assert.equal(e.context?.['url'], url);
      assert.match(e.message, new RegExp(`nothing is listening at ${url.replace(/[.]/g, '\\.')} \\(ECONNREFUSED\\)`));
      return true;
    });
    assert.equal(attempts, 1);
  });
});

describe('model strings and prices', () => {
  test('provider:model forms, keys and base URLs from the environment', () => {
    assert.deepEqual(parseModelSpec('ollama:qwen2.5:7b', {}), {
      kind: 'openai-compatible',
      model: 'qwen2.5:7b',
      label: 'ollama:qwen2.5:7b',
      baseURL: 'http://127.0.0.1:11434/v1',
    });
    assert.equal(parseModelSpec('ollama:llama3', { OLLAMA_HOST: '10.0.0.2:11434' }).baseURL, 'http://10.0.0.2:11434/v1');
    assert.equal(parseModelSpec('anthropic:claude-x', { ANTHROPIC_API_KEY: 'k' }).kind, 'anthropic');
    assert.equal(resolveModelSpec(undefined, {}), undefined);
    assert.equal(resolveModelSpec(undefined, { GLANCE_MODEL: 'ollama:m' })?.model, 'm');
    assert.equal(resolveModelSpec('ollama:flag', { GLANCE_MODEL: 'ollama:env' })?.model, 'flag');
  });

  test('a missing key or an unreadable model string is MODEL_NOT_CONFIGURED with the fix', () => {
    for (const [s, hint] of [
      ['openai:gpt-4o-mini', /OPENAI_API_KEY/],
      ['anthropic:claude-x', /ANTHROPIC_API_KEY/],
      ['gpt-4o', /openai:MODEL/],
      ['mistral:large', /openai:MODEL/],
      ['http://127.0.0.1:8080/v1', /#MODEL/],
      ['openai-compatible:m', /GLANCE_MODEL_BASE_URL/],
    ] as const) {
      assert.throws(
        () => parseModelSpec(s, {}),
        (e) => isGlanceError(e, 'MODEL_NOT_CONFIGURED') && hint.test(e.hint ?? ''),
        s,
      );
    }
  });

  test('prices: the longest matching model prefix, overridable, bad tables refused', () => {
    const t = priceTable({});
    assert.equal(costOf({ kind: 'openai', model: 'gpt-4o-mini-2024-07-18' }, { input: 1e6, output: 0 }, t), 0.15);
    assert.equal(costOf({ kind: 'openai', model: 'gpt-4o-2024-11-20' }, { input: 1e6, output: 0 }, t), 2.5);
    assert.equal(costOf({ kind: 'openai', model: 'unknown' }, { input: 1e6, output: 1e6 }, t), 0);
    const own = priceTable({ GLANCE_PRICES: '{"my-model":[1,2]}' });
    assert.equal(costOf({ kind: 'openai', model: 'my-model' }, { input: 1e6, output: 1e6 }, own), 3);
    assert.throws(
      () => priceTable({ GLANCE_PRICES: '{"m":[1]}' }),
      (e) => isGlanceError(e, 'USAGE'),
    );
  });
});
