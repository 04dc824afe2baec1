/**
 * The UI Map as text for a planning prompt (UICOMPASS's map section). The rendering lives with the planner
 * (Planner.mapText over uimap's renderMapText, which `glance map --text` shows too): each screen's controls and
 * where they lead, task-relevant screens and controls first, within a token budget.
 */
import type { Planner } from '../planner.js';

export function renderMapForTask(p: Planner, task: string, here: string | undefined): string {
  return p.mapText(task, here).text;
}
