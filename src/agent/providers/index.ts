/** The provider a run asks: the model named (flag or environment), behind a cassette when one is given. */
import { GlanceError } from '../../errors.js';
import { AiSdkProvider } from './ai-sdk.js';
import { CassetteProvider, type CassetteIo } from './cassette.js';
import { priceTable } from './pricing.js';
import type { Provider } from './provider.js';
import { parseModelSpec, resolveModelSpec, type Env } from './spec.js';

export interface ProviderChoice {
  /** provider:model or URL#model; falls back to GLANCE_MODEL. */
  model?: string | undefined;
  /** Record into / replay from this file. */
  cassette?: string | undefined;
  env: Env;
}

function timeoutOf(env: Env): number | undefined {
  const v = env['GLANCE_MODEL_TIMEOUT_MS'];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new GlanceError('USAGE', `GLANCE_MODEL_TIMEOUT_MS must be a positive whole number, got "${v}"`);
  return n;
}

/** undefined when no model and no cassette is configured (the heuristic policy needs none). */
export async function chooseProvider(c: ProviderChoice, io: CassetteIo): Promise<Provider | undefined> {
  const spec = resolveModelSpec(c.model, c.env);
  const timeoutMs = timeoutOf(c.env);
  const model =
    spec === undefined
      ? undefined
      : new AiSdkProvider(spec, { prices: priceTable(c.env), ...(timeoutMs === undefined ? {} : { timeoutMs }) });
  return c.cassette === undefined ? model : CassetteProvider.open(c.cassette, io, model);
}

/**
 * The device side's model in privacy mode (`--local-model`): any model spec, asked directly (never through a
 * cassette: its calls are not part of what a run exposes or replays).
 */
export function chooseLocalModel(spec: string | undefined, env: Env): Provider | undefined {
  if (spec === undefined || spec.trim() === '') return undefined;
  const timeoutMs = timeoutOf(env);
  return new AiSdkProvider(parseModelSpec(spec, env), { prices: priceTable(env), ...(timeoutMs === undefined ? {} : { timeoutMs }) });
}

export type { Provider, ModelRequest, ModelReply } from './provider.js';
export { parseModelSpec, resolveModelSpec, MODEL_FORMS } from './spec.js';
export type { ModelSpec, ProviderKind, Env } from './spec.js';
export { AiSdkProvider } from './ai-sdk.js';
export type { AiSdkOptions } from './ai-sdk.js';
export { CassetteProvider, exchangeKey } from './cassette.js';
export type { CassetteFile, CassetteExchange, CassetteIo } from './cassette.js';
export { priceTable, costOf, DEFAULT_PRICES } from './pricing.js';
export type { PriceTable } from './pricing.js';
