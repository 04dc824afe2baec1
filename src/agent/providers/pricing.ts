/**
 * What a call costs, from a small table of list prices (US dollars per million input and output tokens) that the
 * user can extend or override with GLANCE_PRICES='{"model":[in,out]}'. Local servers cost nothing; unknown
 * hosted models cost 0 and say so in the report (the tokens are still counted).
 */
import { GlanceError } from '../../errors.js';
import type { Env, ModelSpec } from './spec.js';

export type PriceTable = Record<string, readonly [number, number]>;

export const DEFAULT_PRICES: PriceTable = {
  'gpt-4o-mini': [0.15, 0.6],
  'gpt-4o': [2.5, 10],
  'gpt-4.1-mini': [0.4, 1.6],
  'gpt-4.1': [2, 8],
  'claude-3-5-haiku': [0.8, 4],
  'claude-haiku-4-5': [1, 5],
  'claude-sonnet-4': [3, 15],
};

export function priceTable(env: Env): PriceTable {
  const own = env['GLANCE_PRICES'];
  if (own === undefined || own.trim() === '') return DEFAULT_PRICES;
  let parsed: unknown;
  try {
    parsed = JSON.parse(own);
  } catch {
    parsed = undefined;
  }
  const ok =
    typeof parsed === 'object' &&
    parsed !== null &&
    Object.values(parsed).every((v) => Array.isArray(v) && v.length === 2 && v.every((n) => typeof n === 'number' && n >= 0));
  if (!ok)
    throw new GlanceError('USAGE', 'GLANCE_PRICES is not a price table', {
      hint: 'write it as JSON: {"MODEL": [dollars per million input tokens, per million output tokens]}',
    });
  return { ...DEFAULT_PRICES, ...(parsed as PriceTable) };
}

/** Dollars for a call; the longest table key the model id starts with wins (gpt-4o-mini before gpt-4o). */
export function costOf(
  spec: Pick<ModelSpec, 'kind' | 'model' | 'baseURL'>,
  tokens: { input: number; output: number },
  table: PriceTable,
): number {
  const key = Object.keys(table)
    .filter((k) => spec.model.startsWith(k))
    .sort((a, b) => b.length - a.length)[0];
  if (key === undefined) return 0;
  const [pin, pout] = table[key]!;
  return (tokens.input * pin + tokens.output * pout) / 1e6;
}
