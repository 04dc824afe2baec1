/** Facts about an observed screen that the policies and navigation share: labels, menus, dialogs. */
import type { SnapshotElement } from '../snapshot/types.js';
import type { Observation } from './types.js';

/** What a person would call the element: its text, description, first merged label, hint, or id. */
export function labelOf(e: SnapshotElement): string | undefined {
  return e.text ?? e.desc ?? e.labels?.[0] ?? e.hint ?? e.id;
}

/** The overflow menu button ("More options", a toolbar "Menu"). */
export const isMore = (e: SnapshotElement): boolean =>
  /^(more options|menu)$/i.test(labelOf(e) ?? '') || /^(more|overflow|menu|menu_?button|more_options)$/i.test(e.id ?? '');

/** A dialog's window: its button bar, or a list of choices. */
/**
 * A dialog is in front: the platform's dialog buttons, or a choice of radio buttons in a window narrower than the
 * screen (a settings screen with a radio group is a screen, not a dialog: its content spans the width).
 */
export function isDialog(o: Pick<Observation, 'elements'> & { screen?: { width: number } }): boolean {
  if (o.elements.some((e) => e.id === 'button1' || e.id === 'button2')) return true;
  if (o.elements.filter((e) => e.class.endsWith('RadioButton')).length < 2) return false;
  const width = o.screen?.width ?? 0;
  if (width <= 0 || o.elements.length === 0) return true;
  const left = Math.min(...o.elements.map((e) => e.bounds[0]));
  const right = Math.max(...o.elements.map((e) => e.bounds[2]));
  return right - left < width * 0.97;
}

/** Ids shared by many rows (menu rows, list titles): they say nothing about which row. */
export const GENERIC_IDS: ReadonlySet<string> = new Set(['title', 'text', 'icon', 'summary', 'content', 'label', 'name']);

/** The element is the map element `id` (a specific id), or shows its text. */
export function showsMapElement(e: SnapshotElement, id: string | undefined, text: string | undefined): boolean {
  if (id !== undefined && e.id !== undefined && e.id === id && !GENERIC_IDS.has(id)) return true;
  const l = labelOf(e)?.toLowerCase();
  return text !== undefined && l !== undefined && l === text.toLowerCase();
}
