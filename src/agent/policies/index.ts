/** Policies by name, as the CLI, the MCP server and the benchmark ask for them. */
import { GlanceError } from '../../errors.js';
import type { UiMap } from '../../uimap/index.js';
import type { Policy } from '../policy.js';
import { oraclePolicy, randomPolicy } from './baselines.js';
import { heuristicPolicy } from './heuristic.js';

export const POLICY_NAMES = ['heuristic', 'compass', 'single', 'oracle', 'random'] as const;
export type PolicyName = (typeof POLICY_NAMES)[number];

export interface PolicyOptions {
  /** The app's UI Map, when one is known (map-guided policies use it). */
  map?: UiMap;
  /** Seed of the random policy. */
  seed?: number;
}

export function isPolicyName(s: string): s is PolicyName {
  return (POLICY_NAMES as readonly string[]).includes(s);
}

export function makePolicy(name: PolicyName, o: PolicyOptions = {}): Policy {
  switch (name) {
    case 'oracle':
      return oraclePolicy;
    case 'random':
      return randomPolicy(o.seed);
    case 'heuristic':
      return heuristicPolicy(o.map);
    default:
      throw new GlanceError('MODEL_NOT_CONFIGURED', `the ${name} policy needs a model`, {
        hint: 'pass --model (openai:MODEL, anthropic:MODEL, ollama:MODEL or http://HOST:PORT/v1#MODEL), or use --policy heuristic',
      });
  }
}
