/**
 * Which model to ask, from `--model` or the environment: `openai:gpt-4o-mini`, `anthropic:claude-…`,
 * `ollama:qwen2.5:7b` (an OpenAI-compatible server on this machine), `http://host:port/v1#model` (any
 * OpenAI-compatible server: llama.cpp, vLLM, LM Studio), with keys and base URLs from the usual variables.
 */
import { GlanceError } from '../../errors.js';

export type ProviderKind = 'openai' | 'anthropic' | 'openai-compatible';

export interface ModelSpec {
  kind: ProviderKind;
  /** The model id the server knows (gpt-4o-mini, qwen2.5:7b). */
  model: string;
  /** As the user wrote it, for reports and the price table. */
  label: string;
  baseURL?: string;
  apiKey?: string;
}

export type Env = Readonly<Record<string, string | undefined>>;

export const MODEL_FORMS = 'openai:MODEL, anthropic:MODEL, ollama:MODEL or http://HOST:PORT/v1#MODEL';

const notConfigured = (message: string, hint: string): GlanceError => new GlanceError('MODEL_NOT_CONFIGURED', message, { hint });

const set = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v.trim());

function withKey(spec: ModelSpec, key: string | undefined): ModelSpec {
  return key === undefined ? spec : { ...spec, apiKey: key };
}

/** Parses a model string; keys and base URLs come from `env`. Throws MODEL_NOT_CONFIGURED when one is missing. */
export function parseModelSpec(text: string, env: Env): ModelSpec {
  const s = text.trim();
  const url = /^(https?:\/\/[^#\s]+)#(.+)$/.exec(s);
  if (url !== null) {
    const spec: ModelSpec = { kind: 'openai-compatible', model: url[2]!, label: s, baseURL: url[1]!.replace(/\/+$/, '') };
    return withKey(spec, set(env['GLANCE_MODEL_API_KEY']));
  }
  if (/^https?:\/\//.test(s)) throw notConfigured(`no model named in ${s}`, 'name the model after a #: http://HOST:PORT/v1#MODEL');
  const i = s.indexOf(':');
  const provider = i < 0 ? '' : s.slice(0, i);
  const model = i < 0 ? '' : s.slice(i + 1);
  if (model === '') throw notConfigured(`cannot read the model "${s}"`, `write it as ${MODEL_FORMS}`);
  switch (provider) {
    case 'openai': {
      const key = set(env['OPENAI_API_KEY']);
      const baseURL = set(env['OPENAI_BASE_URL']);
      if (key === undefined) throw notConfigured(`${s} needs an API key`, 'set OPENAI_API_KEY (and OPENAI_BASE_URL for a proxy)');
      return { kind: 'openai', model, label: s, apiKey: key, ...(baseURL === undefined ? {} : { baseURL }) };
    }
    case 'anthropic': {
      const key = set(env['ANTHROPIC_API_KEY']);
      const baseURL = set(env['ANTHROPIC_BASE_URL']);
      if (key === undefined) throw notConfigured(`${s} needs an API key`, 'set ANTHROPIC_API_KEY (and ANTHROPIC_BASE_URL for a proxy)');
      return { kind: 'anthropic', model, label: s, apiKey: key, ...(baseURL === undefined ? {} : { baseURL }) };
    }
    case 'ollama': {
      const host = set(env['OLLAMA_HOST']) ?? 'http://127.0.0.1:11434';
      const base = /^https?:\/\//.test(host) ? host : `http://${host}`;
      return { kind: 'openai-compatible', model, label: s, baseURL: `${base.replace(/\/+$/, '')}/v1` };
    }
    case 'openai-compatible': {
      const baseURL = set(env['GLANCE_MODEL_BASE_URL']);
      if (baseURL === undefined) throw notConfigured(`${s} needs a server`, 'set GLANCE_MODEL_BASE_URL to its /v1 URL');
      return withKey({ kind: 'openai-compatible', model, label: s, baseURL }, set(env['GLANCE_MODEL_API_KEY']));
    }
    default:
      throw notConfigured(`unknown model provider "${provider}" in "${s}"`, `write the model as ${MODEL_FORMS}`);
  }
}

/** The model a run uses: the flag, else GLANCE_MODEL, else none. */
export function resolveModelSpec(flag: string | undefined, env: Env): ModelSpec | undefined {
  const text = set(flag) ?? set(env['GLANCE_MODEL']);
  return text === undefined ? undefined : parseModelSpec(text, env);
}
