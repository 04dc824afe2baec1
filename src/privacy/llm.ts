/**
 * Optional model-backed ranker, CORE's probability scoring: for each block, ask a local model whether the
 * block is relevant to the task and read P("Yes") from the first token's log-probabilities. The transport is
 * injected (`CompletionClient`): this layer does no I/O; an OpenAI-compatible endpoint such as a local Ollama
 * (`POST /v1/chat/completions`, `logprobs: true`, `top_logprobs`) is wired by the caller.
 */
import { GlanceError } from '../errors.js';
import type { RawBlock } from './blocks.js';
import type { AsyncBlockScorer, RankContext } from './rank.js';
import { elementLine } from './render.js';

export interface ChatRequest {
  model: string;
  messages: { role: 'system' | 'user'; content: string }[];
  max_tokens: number;
  temperature: number;
  logprobs: boolean;
  top_logprobs: number;
}

/** One method: send an OpenAI-compatible chat completion body, return the parsed JSON response. */
export interface CompletionClient {
  chatCompletion(body: ChatRequest, signal?: AbortSignal): Promise<unknown>;
}

export interface LlmScorerOptions {
  client: CompletionClient;
  model: string;
  signal?: AbortSignal;
}

const SYSTEM =
  'You help an agent operate a phone app. You see one region of the current screen. Answer only Yes or No: ' +
  'does this region contain the element the agent should act on next for the task?';

function blockPrompt(block: RawBlock, ctx: RankContext): string {
  const done = (ctx.history ?? []).map(
    (h, i) => `${i + 1}. ${h.input !== undefined ? `typed "${h.input}"` : `tapped "${h.label ?? '?'}"`}`,
  );
  return [
    `Task: ${ctx.task}`,
    done.length > 0 ? `Steps done:\n${done.join('\n')}` : 'Steps done: none',
    `Region (${block.kind}):`,
    ...block.elements.map((e) => `  ${elementLine(e)}`),
    'Answer Yes or No.',
  ].join('\n');
}

interface TopLogprob {
  token: string;
  logprob: number;
}

/** P(Yes) from a chat completion response: top log-probabilities when present, else the answer text. */
export function yesProbability(response: unknown): number {
  const choice = (
    response as { choices?: { logprobs?: { content?: { top_logprobs?: TopLogprob[] }[] }; message?: { content?: string } }[] }
  )?.choices?.[0];
  if (choice === undefined) {
    throw new GlanceError('INTERNAL', 'the model endpoint returned no choices', {
      hint: 'check the endpoint speaks the OpenAI chat completions API',
    });
  }
  const top = choice.logprobs?.content?.[0]?.top_logprobs;
  if (top !== undefined && top.length > 0) {
    let yes = 0;
    let no = 0;
    for (const t of top) {
      if (/^\s*yes/i.test(t.token)) yes += Math.exp(t.logprob);
      else if (/^\s*no/i.test(t.token)) no += Math.exp(t.logprob);
    }
    if (yes + no > 0) return yes / (yes + no);
  }
  const text = choice.message?.content ?? '';
  return /^\s*yes/i.test(text) ? 1 : 0;
}

export function llmScorer(options: LlmScorerOptions): AsyncBlockScorer {
  return {
    async score(blocks, ctx) {
      const out: number[] = [];
      // One block at a time: a local model serves one request at a time anyway, and order keeps logs readable.
      for (const b of blocks) {
        const body: ChatRequest = {
          model: options.model,
          messages: [
            { role: 'system', content: SYSTEM },
            { role: 'user', content: blockPrompt(b, ctx) },
          ],
          max_tokens: 1,
          temperature: 0,
          logprobs: true,
          top_logprobs: 5,
        };
        out.push(yesProbability(await options.client.chatCompletion(body, options.signal)));
      }
      return out;
    },
  };
}
