/** Screen parts collected by the per-activity walk (the activity itself, fragments, dialogs) and its menus. */
import type { MapElement, MapPart, MenuContext } from '../model.js';
import type { MenuStyle } from '../resources.js';
import type { ResolveContext } from './context.js';
import { textOf } from './context.js';

export interface Owner {
  kind: 'activity' | 'fragment' | 'dialog';
  name: string;
  layouts: string[];
  elements: MapElement[];
  keys: Set<string>;
  /** How the part is opened from the activity's screen, when known. */
  trigger?: MapPart['trigger'];
}

export function newOwner(kind: Owner['kind'], name: string): Owner {
  return { kind, name, layouts: [], elements: [], keys: new Set() };
}

/** Adds an element once (by id and kind). Menu rows, which share an id, are built apart (menuPart). */
export function addElement(owner: Owner, el: MapElement): void {
  const key = `${el.id}|${el.kind ?? ''}`;
  if (owner.keys.has(key)) return;
  owner.keys.add(key);
  owner.elements.push(el);
}

export function partOut(p: Owner): MapPart {
  return p.trigger === undefined ? { name: p.name, elements: p.elements } : { name: p.name, elements: p.elements, trigger: p.trigger };
}

/** A menu resource as a screen part: its items plus the rows a dump shows for them (overflow popup, drawer). */
export function menuPart(ctx: ResolveContext, name: string, how: { style: MenuStyle; context?: MenuContext | undefined }): MapPart {
  const { style } = how;
  const menu = ctx.resources.menus.get(name);
  const elements: MapElement[] = [];
  for (const item of menu?.items ?? []) {
    const el: MapElement = { id: item.id, class: 'android.view.MenuItem', kind: 'menu-item', layout: name };
    const t = textOf(ctx, item.title);
    if (t !== undefined) el.text = t;
    elements.push(el);
    if (style === 'options' && !/always/.test(item.showAsAction ?? '')) {
      // Items that can overflow are drawn as AppCompat popup rows whose only id is `title`
      // (abc_popup_menu_item_layout), which is what a dump shows when one is tapped.
      const row: MapElement = { id: 'title', class: 'android.widget.TextView', kind: 'overflow-row', layout: name };
      if (t !== undefined) row.text = t;
      elements.push(row);
    } else if (style === 'drawer') {
      // NavigationView rows carry the text in `design_menu_item_text` (material design_navigation_menu_item)
      const row: MapElement = { id: 'design_menu_item_text', class: 'android.widget.CheckedTextView', kind: 'drawer-row', layout: name };
      if (t !== undefined) row.text = t;
      elements.push(row);
    }
  }
  return how.context === undefined ? { name, elements } : { name, elements, context: how.context };
}
