// A model server that answers too much or too slowly: a body past the cap is refused (REPLY_TOO_LARGE) without
// reading the rest, a body that trickles past the timeout ends in TIMEOUT at the timeout (the deadline covers
// the body, not only the headers), and a well-formed answer whose fields run to pages is repaired once, then
// refused (MODEL_FAILED). Real HTTP to servers on loopback.
import assert from 'node:assert/strict';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, test } from 'node:test';
import { z } from 'zod';
import { AiSdkProvider, MODEL_MAX_FIELD_CHARS, overlongField } from '../../src/agent/providers/ai-sdk.js';
import { parseModelSpec } from '../../src/agent/providers/spec.js';
import { isGlanceError } from '../../src/errors.js';

const schema = z.object({ action: z.string(), text: z.string().nullable() });

/** An OpenAI Chat Completions reply whose content is `content`. */
function completion(content: string): string {
  return JSON.stringify({
    id: 'c1',
    object: 'chat.completion',
    created: 0,
    model: 'gpt-4o-mini',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
  });
}

async function serve(handle: (res: ServerResponse) => void): Promise<{ url: string; server: Server; hits: () => number }> {
  let hits = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      hits++;
      handle(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, server, hits: () => hits };
}

const ask = (p: AiSdkProvider) => p.ask({ role: 'step', promptId: 'test.step@1', system: 's', prompt: 'p', schema });

test('overlong fields are found by path', () => {
  assert.equal(overlongField({ a: 'x', b: [{ c: 'y'.repeat(11) }] }, 10), 'answer.b[0].c (11 characters)');
  assert.equal(overlongField({ a: 'x', n: 5, z: null }, 10), undefined);
});

describe('hostile model servers', () => {
  const servers: Server[] = [];
  after(() => {
    for (const s of servers) s.closeAllConnections();
    for (const s of servers) s.close();
  });
  const spec = (url: string) => parseModelSpec('openai:gpt-4o-mini', { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: url });

  test('a valid answer past the byte cap is refused, and the rest of it is not read', async () => {
    // A `done` answer padded to 3 MB (the cap is 2 MB): well-formed, only too big.
    const body = completion(JSON.stringify({ action: 'done', text: 'x'.repeat(3 * 1024 * 1024) }));
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(body);
    });
    servers.push(s.server);
    await assert.rejects(ask(new AiSdkProvider(spec(s.url), { maxRetries: 0 })), (e: unknown) => {
      assert.ok(isGlanceError(e, 'REPLY_TOO_LARGE'), String(e));
      assert.equal(e.context?.['maxBytes'], 2 * 1024 * 1024);
      return true;
    });
  });

  test('a body that never ends: TIMEOUT at the timeout, body included', async () => {
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"id":"c1","choices":[{"index":0,"message":{"role":"assistant","content":"');
      const drip = setInterval(() => (res.destroyed ? clearInterval(drip) : res.write('x')), 50);
    });
    servers.push(s.server);
    await assert.rejects(ask(new AiSdkProvider(spec(s.url), { maxRetries: 0, timeoutMs: 800 })), (e: unknown) => {
      assert.ok(isGlanceError(e, 'TIMEOUT'), String(e));
      assert.match(e.message, /did not answer within 800 ms/);
      return true;
    });
  });

  test('an answer field of pages is repaired once, then refused', async () => {
    const long = 'A'.repeat(MODEL_MAX_FIELD_CHARS + 1);
    const s = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(completion(JSON.stringify({ action: 'type', text: long })));
    });
    servers.push(s.server);
    await assert.rejects(ask(new AiSdkProvider(spec(s.url), { maxRetries: 0 })), (e: unknown) => {
      assert.ok(isGlanceError(e, 'MODEL_FAILED'), String(e));
      assert.match(e.message, /answer\.text \(4001 characters\) is longer than 4000 characters/);
      return true;
    });
    assert.equal(s.hits(), 2);
  });
});
