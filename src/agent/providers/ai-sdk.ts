/**
 * Providers on the Vercel AI SDK (the 6 line runs on Node 20): structured output from the zod schema, usage,
 * retries with backoff that honour Retry-After, a timeout per call, and the caller's AbortSignal. OpenAI is
 * asked through Chat Completions, Anthropic through Messages (its structured output arrives as a tool call),
 * local servers through the OpenAI-compatible provider.
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, generateText, NoObjectGeneratedError, Output, RetryError, type LanguageModel, type ModelMessage } from 'ai';
import { debug } from '../../debug.js';
import { readCapped } from '../../device/bounded-body.js';
import { GlanceError, throwIfAborted } from '../../errors.js';
import type { LlmCall } from '../types.js';
import { costOf, DEFAULT_PRICES, type PriceTable } from './pricing.js';
import { REPAIR_NOTE, type ModelReply, type ModelRequest, type Provider } from './provider.js';
import type { ModelSpec } from './spec.js';

/**
 * Runs one model request on a signal of its own, linked to the caller's for the request's lifetime. The SDK
 * merges the caller's signal with its timeout by adding an abort listener it never removes, one per request: on
 * an agent's long-lived signal they pile up (MaxListenersExceededWarning after 10 steps, and a leak). They now land
 * on the per-request signal, which goes away with the request; the caller's signal keeps only our listener, and
 * only while the request runs.
 */
async function withRequestSignal<T>(
  signal: AbortSignal | undefined,
  timeoutMs: number,
  run: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const own = new AbortController();
  const forward = (): void => own.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  // The SDK's own timeout stops at the headers; this one also ends a body that is still arriving.
  const timer = setTimeout(() => own.abort(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  try {
    return await run(own.signal);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** Answers are a few KB of JSON; a larger body is a broken or hostile server, refused at this size. */
export const MODEL_MAX_REPLY_BYTES = 2 * 1024 * 1024;
/** The longest string any answer field may hold (typed text, reasons, summaries); longer ones get a repair round. */
export const MODEL_MAX_FIELD_CHARS = 4000;

/** fetch whose reply body is read whole, within `maxBytes`, under the request's signal (which carries the deadline). */
function cappedFetch(base: typeof fetch, maxBytes: number, label: string): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    const text = await readCapped(
      res,
      maxBytes,
      `${label} answer`,
      'the model server sent far more than an answer; check the base URL and the server',
    );
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.delete('content-encoding');
    return new Response(text, { status: res.status, statusText: res.statusText, headers });
  };
}

/** The first string in `value` longer than `max` characters, as `path (N characters)`. */
export function overlongField(value: unknown, max: number, path = 'answer'): string | undefined {
  if (typeof value === 'string') return value.length > max ? `${path} (${value.length} characters)` : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [k, v] of Object.entries(value)) {
    const found = overlongField(v, max, Array.isArray(value) ? `${path}[${k}]` : `${path}.${k}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The GlanceError somewhere in an SDK error's cause chain (a capped body refused inside fetch). */
function glanceCause(e: unknown): GlanceError | undefined {
  for (let c: unknown = e, depth = 0; c !== undefined && c !== null && depth < 8; depth++) {
    if (c instanceof GlanceError) return c;
    c = RetryError.isInstance(c) ? c.lastError : (c as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface AiSdkOptions {
  /** Per call, including retries' waits (default 60 s). */
  timeoutMs?: number;
  /** Retries of 429 and 5xx answers (default 2). */
  maxRetries?: number;
  prices?: PriceTable;
  /** fetch to use (tests pass the global one; the SDK's default is the same). */
  fetch?: typeof fetch;
  /** The largest answer body read (default MODEL_MAX_REPLY_BYTES). */
  maxReplyBytes?: number;
}

// The SDK prints its warnings to the console; a CLI's output is not the place (GLANCE_DEBUG=model shows them).
// A host that set its own logger keeps it.
const g = globalThis as { AI_SDK_LOG_WARNINGS?: unknown };
g.AI_SDK_LOG_WARNINGS ??= (o: { warnings: unknown[] }) => debug('model', () => `warnings ${JSON.stringify(o.warnings)}`);

/** Answers are small JSON objects; a bound keeps a runaway answer cheap. */
const MAX_OUTPUT_TOKENS = 2048;

/** Connection errors that mean no server is there: retrying cannot help. */
const NOBODY_THERE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

function connectCode(e: unknown): string | undefined {
  for (let c = e, depth = 0; c instanceof Error && depth < 5; c = c.cause, depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string' && NOBODY_THERE.has(code)) return code;
  }
  return undefined;
}

/**
 * fetch that turns "nobody listens there" into MODEL_UNREACHABLE at once: the SDK retries every network error with
 * backoff (seconds lost on a server that is not running). The error carries no `cause`: the SDK looks for network
 * codes along the cause chain and would make it retryable again.
 */
function reachingFetch(given: typeof fetch | undefined, spec: ModelSpec): typeof fetch {
  return async (input, init) => {
    try {
      return await (given ?? globalThis.fetch)(input, init);
    } catch (e) {
      const code = connectCode(e);
      if (code === undefined) throw e;
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const where = spec.baseURL ?? new URL(url).origin;
      throw new GlanceError('MODEL_UNREACHABLE', `nothing is listening at ${where} (${code}) for ${spec.label}`, {
        hint:
          code === 'ECONNREFUSED' ? 'start the model server, or check the URL and port' : 'check the host name in the URL and the network',
        context: { url: where, code },
      });
    }
  };
}

function languageModel(spec: ModelSpec, given: typeof fetch | undefined, maxBytes: number): LanguageModel {
  const f = reachingFetch(cappedFetch(given ?? fetch, maxBytes, spec.label), spec);
  const common = { ...(spec.apiKey === undefined ? {} : { apiKey: spec.apiKey }), fetch: f };
  switch (spec.kind) {
    case 'openai':
      return createOpenAI({ ...common, ...(spec.baseURL === undefined ? {} : { baseURL: spec.baseURL }) }).chat(spec.model);
    case 'anthropic':
      return createAnthropic({ ...common, ...(spec.baseURL === undefined ? {} : { baseURL: spec.baseURL }) })(spec.model);
    case 'openai-compatible':
      return createOpenAICompatible({
        ...common,
        name: 'compatible',
        baseURL: spec.baseURL ?? 'http://127.0.0.1:11434/v1',
        supportsStructuredOutputs: true,
      }).chatModel(spec.model);
  }
}

/** An SDK failure as a coded error: rate limits and server errors after retries, timeouts, aborts. */
function modelError(e: unknown, spec: ModelSpec, signal: AbortSignal | undefined, timeoutMs: number): GlanceError {
  if (e instanceof GlanceError) return e;
  if (signal?.aborted === true) return new GlanceError('ABORTED', 'operation aborted', { cause: e });
  const inner = glanceCause(e);
  if (inner !== undefined) return inner;
  const last = RetryError.isInstance(e) ? e.lastError : e;
  const name = (last as { name?: string } | undefined)?.name;
  if (name === 'TimeoutError' || name === 'AbortError')
    return new GlanceError('TIMEOUT', `${spec.label} did not answer within ${timeoutMs} ms`, {
      hint: 'raise GLANCE_MODEL_TIMEOUT_MS, or use a faster or local model',
      cause: e,
    });
  const tries = RetryError.isInstance(e) ? ` after ${e.errors.length} attempts` : '';
  if (APICallError.isInstance(last)) {
    const status = last.statusCode ?? 0;
    const hint =
      status === 401 || status === 403
        ? 'check the API key variable for this provider'
        : status === 429
          ? 'the provider is rate-limiting this key: wait, or lower the request rate'
          : status === 404
            ? 'check the model name and the base URL'
            : 'the provider failed; try again later';
    return new GlanceError('MODEL_FAILED', `${spec.label} answered HTTP ${status}${tries}: ${last.message}`, {
      hint,
      context: { status },
      cause: e,
    });
  }
  const msg = e instanceof Error ? e.message : String(e);
  return new GlanceError('MODEL_FAILED', `${spec.label} failed${tries}: ${msg}`, {
    hint: `check that the server at ${spec.baseURL ?? 'the provider'} is up and speaks the ${spec.kind} API`,
    cause: e,
  });
}

export class AiSdkProvider implements Provider {
  readonly name: string;
  private readonly model: LanguageModel;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly prices: PriceTable;

  constructor(
    private readonly spec: ModelSpec,
    o: AiSdkOptions = {},
  ) {
    this.name = spec.label;
    this.model = languageModel(spec, o.fetch, o.maxReplyBytes ?? MODEL_MAX_REPLY_BYTES);
    this.timeoutMs = o.timeoutMs ?? 60_000;
    this.maxRetries = o.maxRetries ?? 2;
    this.prices = o.prices ?? DEFAULT_PRICES;
  }

  private call(req: Pick<ModelRequest<unknown>, 'role' | 'promptId'>, tokens: { input: number; output: number }, ms: number): LlmCall {
    return {
      role: req.role,
      model: this.name,
      prompt: req.promptId,
      inputTokens: tokens.input,
      outputTokens: tokens.output,
      latencyMs: Math.round(ms),
      costUsd: this.spec.kind === 'openai-compatible' ? 0 : costOf(this.spec, tokens, this.prices),
    };
  }

  async ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>> {
    const messages: ModelMessage[] = [{ role: 'user', content: req.prompt }];
    const calls: LlmCall[] = [];
    let problem = '';
    for (let round = 0; round < 2; round++) {
      throwIfAborted(req.signal);
      const started = performance.now();
      let text: string;
      try {
        const r = await withRequestSignal(req.signal, this.timeoutMs, (abortSignal) =>
          generateText({
            model: this.model,
            system: req.system,
            messages,
            output: Output.object({ schema: req.schema, name: req.role }),
            maxRetries: this.maxRetries,
            timeout: this.timeoutMs,
            temperature: 0,
            maxOutputTokens: MAX_OUTPUT_TOKENS,
            abortSignal,
          }),
        );
        calls.push(this.call(req, { input: r.usage.inputTokens ?? 0, output: r.usage.outputTokens ?? 0 }, performance.now() - started));
        debug('model', () => `${this.name} ${req.promptId} ${JSON.stringify(calls.at(-1))}`);
        text = r.text;
        const value = r.output as T;
        const long = overlongField(value, MODEL_MAX_FIELD_CHARS);
        const bad = long === undefined ? req.check?.(value) : `${long} is longer than ${MODEL_MAX_FIELD_CHARS} characters`;
        if (bad === undefined) return { value, calls };
        problem = bad;
      } catch (e) {
        if (!NoObjectGeneratedError.isInstance(e)) throw modelError(e, this.spec, req.signal, this.timeoutMs);
        const u = e.usage;
        calls.push(this.call(req, { input: u?.inputTokens ?? 0, output: u?.outputTokens ?? 0 }, performance.now() - started));
        text = e.text ?? '';
        problem = `it is not JSON of the asked shape (${(e.cause as Error | undefined)?.message ?? e.message})`;
      }
      messages.push({ role: 'assistant', content: text === '' ? '(no answer)' : text });
      messages.push({ role: 'user', content: `${REPAIR_NOTE}: ${problem}. Answer again with JSON of the asked shape only.` });
    }
    throw new GlanceError('MODEL_FAILED', `${this.name} gave no usable answer for ${req.promptId} (twice): ${problem}`, {
      hint: 'a stronger model, or one that supports structured output, answers these reliably',
      context: { calls: calls.length },
    });
  }
}
