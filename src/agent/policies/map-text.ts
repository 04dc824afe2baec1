/**
 * The UI Map as text for a planning prompt (UICOMPASS's map section). The rendering lives with the planner
 * (Planner.mapText over uimap's renderMapText, which `glance map --text` shows too): each screen's controls and
 * where they lead, task-relevant screens and controls first, within a budget of o200k tokens.
 */
import type { Planner } from '../planner.js';

/**
 * Counts o200k_base tokens (the encoding of the models the planner is usually sent to), so the budget holds
 * in the tokens a model bills rather than in an estimate. The tokenizer's tables take most of a second to load:
 * loaded on first use, never by importing the agent.
 */
export async function o200kCounter(): Promise<(text: string) => number> {
  const { countTokens } = await import('../../snapshot/tokens.js');
  return (text) => countTokens(text).o200k;
}

export async function renderMapForTask(p: Planner, task: string, here: string | undefined): Promise<string> {
  return p.mapText(task, here, { count: await o200kCounter() }).text;
}
