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
export const isDialog = (o: Pick<Observation, 'elements'>): boolean =>
  o.elements.some((e) => e.id === 'button1' || e.id === 'button2') || o.elements.filter((e) => e.class.endsWith('RadioButton')).length >= 2;

/** Ids shared by many rows (menu rows, list titles): they say nothing about which row. */
export const GENERIC_IDS: ReadonlySet<string> = new Set(['title', 'text', 'icon', 'summary', 'content', 'label', 'name']);

/** The element is the map element `id` (a specific id), or shows its text. */
export function showsMapElement(e: SnapshotElement, id: string | undefined, text: string | undefined): boolean {
  if (id !== undefined && e.id !== undefined && e.id === id && !GENERIC_IDS.has(id)) return true;
  const l = labelOf(e)?.toLowerCase();
  return text !== undefined && l !== undefined && l === text.toLowerCase();
}
