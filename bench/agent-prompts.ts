// Prompt sizes of the compass policy on the shared DroidTask apps, with no model: a scripted answerer gives
// every plan one instruction and every step `fail`, and counts the input tokens (o200k) of what it was asked.
// Step mode (teacher-forced) puts every grounded step's recorded screen in front of the policy once.
// Run: node --import tsx bench/agent-prompts.ts
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBench } from '../src/agent/bench.js';
import { appSource, cachedMap } from '../src/agent/maps.js';
import { makePolicy } from '../src/agent/policies/index.js';
import type { ModelReply, ModelRequest, Provider } from '../src/agent/providers/provider.js';
import { DroidTaskSuite } from '../src/agent/worlds/droidtask.js';
import { countTokens } from '../src/snapshot/tokens.js';
import { corpusDir, droidtaskDir, repoRoot } from '../test/helpers/corpus.js';

const ANSWERS: Record<string, unknown> = {
  plan: { path: [{ activity: 'MainActivity', steps: ['1. do the task'] }] },
  step: {
    state: 'measuring',
    finished_instruction: null,
    next_instruction: 'fail',
    updated_path: null,
    action: 'fail',
    ref: null,
    text: 'measuring prompt sizes',
    direction: null,
    target: null,
    reason: 'measuring',
  },
};

/** Answers from a script and keeps the input tokens of each request by role. */
class Counter implements Provider {
  readonly name = 'scripted';
  readonly tokens = new Map<string, number[]>();
  async ask<T>(req: ModelRequest<T>): Promise<ModelReply<T>> {
    const n = countTokens(`${req.system}\n${req.prompt}`).o200k;
    this.tokens.set(req.role, [...(this.tokens.get(req.role) ?? []), n]);
    const value = req.schema.parse(ANSWERS[req.role]);
    return { value, calls: [] };
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)]!;
};

export async function benchAgentPrompts(): Promise<Record<string, number>> {
  if (!existsSync(droidtaskDir)) {
    console.log('agent prompts: skipped (no ../shared/corpus/droidtask)');
    return {};
  }
  const sources = join(corpusDir, 'apps');
  const counter = new Counter();
  const suite = new DroidTaskSuite(droidtaskDir);
  await runBench(suite, {
    mode: 'step',
    policyFor: async (app) => {
      const src = appSource(sources, app);
      const map = src === undefined ? undefined : await cachedMap(src, join(repoRoot, '.glance', 'maps'));
      return makePolicy('compass', { provider: counter, ...(map === undefined ? {} : { map }) });
    },
  });
  const out: Record<string, number> = {};
  for (const [role, xs] of counter.tokens) {
    console.log(`compass ${role.padEnd(5)} ${xs.length} prompts, input tokens median ${median(xs)}, max ${Math.max(...xs)}`);
    out[`compass ${role} input tokens (median)`] = median(xs);
  }
  return out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchAgentPrompts();
