// Pressing a key by name or code.
import { resolveKey } from '../keys.js';
import { latest, type ActionEnv } from './env.js';
import type { KeyOutcome } from './outcome.js';
import { settledDiff } from './settle.js';

export async function pressKey(env: ActionEnv, key: string): Promise<KeyOutcome> {
  const k = resolveKey(key);
  const before = await latest(env);
  await env.device.key(k.code, { signal: env.signal });
  return { action: 'key', code: k.code, ...(k.name ? { name: k.name } : {}), ...(await settledDiff(env, before)) };
}
