/**
 * A fake model server on loopback for provider and policy tests: it speaks the OpenAI Chat Completions and the
 * Anthropic Messages wire formats, answers from a script (a queue of replies, or a function of the request), and
 * records every request so tests can read exactly what left the machine. Error injection: HTTP statuses with
 * Retry-After, invalid JSON, refusals, answers slower than the client's timeout.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Wire = 'openai' | 'anthropic';

export type FakeReply =
  /** A structured answer: JSON content (OpenAI) or a `json` tool call (Anthropic). */
  | { json: unknown; inputTokens?: number; outputTokens?: number }
  /** Raw text as the answer (malformed JSON, prose). */
  | { text: string }
  /** A tool call with these arguments (OpenAI tool_calls / Anthropic tool_use). */
  | { tool: string; args: unknown }
  | { refusal: string }
  /** An HTTP error; `retryAfterMs` sets the retry-after-ms header the client honours. */
  | { status: number; body?: string; retryAfterMs?: number }
  /** Answer after this long (to trip the client's timeout), then with `then`. */
  | { delayMs: number; then: FakeReply };

export interface RecordedRequest {
  wire: Wire;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  /** The raw body as received: what privacy tests search for withheld text. */
  raw: string;
}

export type Script = FakeReply[] | ((req: RecordedRequest, index: number) => FakeReply);

export interface FakeLlm {
  /** OpenAI-style base URL (http://127.0.0.1:PORT/v1). */
  url: string;
  requests: RecordedRequest[];
  /** Replaces the script (and keeps the recorded requests). */
  script(s: Script): void;
  close(): Promise<void>;
}

/** A rough token count (characters / 4), enough for accounting tests to see sizes move. */
const approxTokens = (s: string): number => Math.max(1, Math.ceil(s.length / 4));

function openaiBody(r: FakeReply, req: RecordedRequest): unknown {
  const inTok = approxTokens(req.raw);
  const message: Record<string, unknown> = { role: 'assistant', content: null };
  let outText = '';
  if ('json' in r) message['content'] = outText = JSON.stringify(r.json);
  else if ('text' in r) message['content'] = outText = r.text;
  else if ('refusal' in r) message['refusal'] = outText = r.refusal;
  else if ('tool' in r) {
    outText = JSON.stringify(r.args);
    message['tool_calls'] = [{ id: 'call_1', type: 'function', function: { name: r.tool, arguments: outText } }];
  }
  const usage = {
    prompt_tokens: 'json' in r && r.inputTokens !== undefined ? r.inputTokens : inTok,
    completion_tokens: 'json' in r && r.outputTokens !== undefined ? r.outputTokens : approxTokens(outText),
  };
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1700000000,
    model: String(req.body['model']),
    choices: [{ index: 0, message, finish_reason: 'tool' in r ? 'tool_calls' : 'stop' }],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}

function anthropicBody(r: FakeReply, req: RecordedRequest): unknown {
  const content: unknown[] = [];
  let outText = '';
  // Models with native structured output get the schema in output_config and answer in text; older ones are
  // given a `json` tool and answer by calling it.
  const native = (req.body['output_config'] as { format?: unknown } | undefined)?.format !== undefined;
  if ('json' in r) {
    outText = JSON.stringify(r.json);
    content.push(native ? { type: 'text', text: outText } : { type: 'tool_use', id: 'toolu_1', name: 'json', input: r.json });
  } else if ('text' in r) content.push({ type: 'text', text: (outText = r.text) });
  else if ('refusal' in r) content.push({ type: 'text', text: (outText = r.refusal) });
  else if ('tool' in r) {
    outText = JSON.stringify(r.args);
    content.push({ type: 'tool_use', id: 'toolu_1', name: r.tool, input: r.args });
  }
  const input = 'json' in r && r.inputTokens !== undefined ? r.inputTokens : approxTokens(req.raw);
  const output = 'json' in r && r.outputTokens !== undefined ? r.outputTokens : approxTokens(outText);
  return {
    id: 'msg_fake',
    type: 'message',
    role: 'assistant',
    model: String(req.body['model']),
    content,
    stop_reason: ('json' in r && !native) || 'tool' in r ? 'tool_use' : 'refusal' in r ? 'refusal' : 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: input, output_tokens: output },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeLlm(initial: Script = []): Promise<FakeLlm> {
  let script: Script = initial;
  let served = 0;
  const requests: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const answer = (res: ServerResponse, r: FakeReply, rec: RecordedRequest): void => {
    if ('delayMs' in r) {
      const t = setTimeout(() => {
        pending.delete(t);
        if (!res.destroyed) answer(res, r.then, rec);
      }, r.delayMs);
      pending.add(t);
      return;
    }
    if ('status' in r) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (r.retryAfterMs !== undefined) headers['retry-after-ms'] = String(r.retryAfterMs);
      res.writeHead(r.status, headers).end(r.body ?? JSON.stringify({ error: { message: `scripted ${r.status}`, type: 'fake' } }));
      return;
    }
    const body = rec.wire === 'openai' ? openaiBody(r, rec) : anthropicBody(r, rec);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const path = req.url ?? '';
      const wire: Wire | undefined = path.endsWith('/chat/completions') ? 'openai' : path.endsWith('/messages') ? 'anthropic' : undefined;
      if (req.method !== 'POST' || wire === undefined) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"no such route"}}');
        return;
      }
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        res.writeHead(400).end('{"error":{"message":"request is not JSON"}}');
        return;
      }
      const rec: RecordedRequest = { wire, path, headers: req.headers, body, raw };
      requests.push(rec);
      const i = served++;
      const r = typeof script === 'function' ? script(rec, i) : script.shift();
      if (r === undefined) {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"the fake server has no reply scripted"}}');
        return;
      }
      answer(res, r, rec);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(s) {
      script = s;
    },
    async close() {
      for (const t of pending) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The user turn text of a recorded request, whichever wire it came in on. */
export function promptOf(req: RecordedRequest): string {
  const msgs = (req.body['messages'] ?? []) as Array<{ role: string; content: unknown }>;
  const user = msgs.filter((m) => m.role === 'user').at(-1);
  const c = user?.content;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((p) => (p as { text?: string }).text ?? '').join('');
  return '';
}

export interface Hop {
  /** The screen header (activity) this hop is taken on. */
  on: RegExp;
  /** Label of the element to tap there. */
  tap: string;
}

/**
 * A fake model that follows hops like a small obedient model: on a screen whose header matches a hop, tap the
 * element with its label (need_more while privacy withholds it); on the goal screen, done. Plans (compass) list
 * the given screens; co-planning (privacy) picks the first sub-task. Answers fit the single and compass schemas.
 */
export function hopModel(hops: readonly Hop[], goal: RegExp, plan: Array<{ activity: string; steps: string[] }> = []) {
  return (req: RecordedRequest): FakeReply => {
    const p = promptOf(req);
    const answer = (o: Record<string, unknown>): FakeReply => ({
      json: {
        state: 'a screen',
        finished_instruction: null,
        next_instruction: 'go on',
        updated_path: null,
        ref: null,
        text: null,
        direction: null,
        reason: 'rule',
        ...o,
      },
    });
    if (/\[UI Map\]/.test(p)) return { json: { path: plan } };
    // Privacy's co-planning: the proposals quote no screen text, so an obedient model takes the first (the
    // device side's best) and judges the task finished on the goal screen.
    if (/\[Sub-tasks\]/.test(p)) {
      const header = /\[Screen([^\]]*)\]/.exec(p)?.[1] ?? '';
      return goal.test(header)
        ? { json: { finished: true, choice: null, subtask: null, reason: 'the goal screen is up' } }
        : { json: { finished: false, choice: 1, subtask: null, reason: 'the best region first' } };
    }
    const screen = p.slice(p.lastIndexOf('Screen'));
    const header = screen.split('\n')[0] ?? '';
    if (goal.test(header)) return answer({ action: 'done', next_instruction: 'none', text: 'there' });
    const hop = hops.find((h) => h.on.test(header)) ?? hops[0];
    const label = hop?.tap ?? '';
    const line = screen.split('\n').find((l) => l.includes(label));
    const ref = line === undefined ? undefined : /\b([a-z]\d+)\b/.exec(line)?.[1];
    if (ref !== undefined) return answer({ action: 'tap', ref, next_instruction: `tap ${label}` });
    if (/need_more/.test(screen)) return answer({ action: 'need_more' });
    return answer({ action: 'fail', text: `no ${label}` });
  };
}
