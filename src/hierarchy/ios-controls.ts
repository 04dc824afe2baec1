/**
 * Element types for iOS hierarchies that carry none (Maestro's XCTest hierarchy names no type and no flags): the
 * controls a user taps are found by where they sit and what they hold, and typed as WebDriverAgent would type
 * them, so that they are tappable refs and a virtual iPhone serving these captures reports the same types.
 *
 *   - a small labelled leaf in a navigation bar or toolbar (a full-width strip below the status bar, or one
 *     whose identifier says toolbar/navigation/tab bar), except the bar's centred title: Button;
 *   - a labelled row holding an insert or remove glyph (SF Symbols `plus.circle` / `minus.circle`, or a child
 *     named "Insert …" / "Remove …"), and that glyph's own holder: Button;
 *   - a row among three or more stacked look-alike rows of the same column (a table or collection): Cell;
 *   - a small element whose whole label is a verb (Done, Cancel, Edit, Add…): Button. Labels change with the
 *     locale, so this is the last resort after the geometry above, with the words apps use most.
 * Only untyped nodes (`XCUIElementTypeOther`) change. Pure; iterative.
 */
import type { UiNode } from './model.js';
import type { Size } from './screen.js';

// Spelled out rather than imported: ios.ts imports this file.
const OTHER = 'XCUIElementTypeOther';
const BUTTON = 'XCUIElementTypeButton';
const CELL = 'XCUIElementTypeCell';

/** Below this the strip is the status bar (time, signal, battery), not a navigation bar. */
const STATUS_BAR_BOTTOM_PT = 60;
/** A bar item: at most this wide and tall (a text button such as "Cancel" included). */
const BAR_ITEM = { width: 140, height: 64 };
/**
 * A bar: at least this share of the screen's width, at most this tall, at an edge: ending above `topBottom` (a
 * navigation bar under the status bar), or within `bottomReach` of the bottom (a toolbar or tab bar).
 */
const BAR = { share: 0.9, height: 100, topBottom: 150, bottomSlack: 2 };
/** A table row: at least this share of the screen's width, between these heights. */
const ROW = { share: 0.6, min: 36, max: 140 };
/** A verb button: at most this big. */
const VERB_ITEM = { width: 200, height: 100 };
const BAR_ID = /toolbar|navigation ?bar|nav ?bar|tab ?bar/i;
const GLYPH_ID = /^(plus|minus)\.circle(\.fill)?$/;
/** Decorations named by their SF Symbol (chevrons, glyphs): part of the control around them, not one. */
const SYMBOL_ID = /^(chevron|plus|minus)\./;
const GLYPH_LABEL = /^(insert|remove|delete)\b/i;
const VERBS = new Set([
  'add',
  'back',
  'call',
  'cancel',
  'clear',
  'close',
  'confirm',
  'continue',
  'copy',
  'create',
  'delete',
  'discard',
  'dismiss',
  'done',
  'edit',
  'mail',
  'message',
  'new',
  'next',
  'ok',
  'open',
  'remove',
  'reply',
  'save',
  'search',
  'select',
  'send',
  'share',
  'skip',
  'submit',
  'undo',
  'video',
]);

const w = (n: UiNode): number => n.bounds[2] - n.bounds[0];
const h = (n: UiNode): number => n.bounds[3] - n.bounds[1];
const label = (n: UiNode): string => n.desc || n.text;
const untyped = (n: UiNode): boolean => n.cls === OTHER && !n.editable && !n.clickable;

function makeControl(n: UiNode, cls: string): void {
  n.cls = cls;
  n.clickable = true;
}

function isBar(n: UiNode, screen: Size): boolean {
  if (n.bounds[3] <= STATUS_BAR_BOTTOM_PT || h(n) <= 0) return false;
  if (BAR_ID.test(n.id) || BAR_ID.test(n.desc)) return true;
  const edge = n.bounds[3] <= BAR.topBottom || Math.abs(n.bounds[3] - screen.height) <= BAR.bottomSlack;
  // A labelled strip is a row of content (the last row of a list touches the bottom too).
  return edge && label(n) === '' && w(n) >= BAR.share * screen.width && h(n) <= BAR.height;
}

/** Labelled leaves of a bar that are its items, not its centred title. */
function barItems(bar: UiNode, out: UiNode[]): void {
  const mid = (bar.bounds[0] + bar.bounds[2]) / 2;
  const stack = [...bar.children];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.children.length > 0) {
      stack.push(...n.children);
      continue;
    }
    if (label(n) === '' || w(n) <= 0 || w(n) > BAR_ITEM.width || h(n) > BAR_ITEM.height || SYMBOL_ID.test(n.id)) continue;
    const centred = Math.abs((n.bounds[0] + n.bounds[2]) / 2 - mid) <= 0.1 * w(bar);
    if (centred && w(n) > 1.5 * h(n)) continue;
    out.push(n);
  }
}

const isGlyph = (n: UiNode): boolean => GLYPH_ID.test(n.id);
const small = (n: UiNode): boolean => w(n) <= BAR_ITEM.height && h(n) <= BAR_ITEM.height;

/** What holds an insert/remove glyph: the node whose child it is, named for it ("Insert …", "Remove …") or not. */
function holdsGlyph(n: UiNode): boolean {
  if (isGlyph(n)) return false;
  return n.children.some(isGlyph) || (GLYPH_LABEL.test(n.desc) && small(n) && n.children.every((c) => !hasLabelBelow(c) || isGlyph(c)));
}

/** Rows of a table: children of one column, full-ish width, of row height, three or more of them. */
function tableRows(parent: UiNode, screen: Size): UiNode[] {
  // Bars span the width at row height too: a navigation bar over a header over a toolbar is no table.
  const rows = parent.children.filter((c) => w(c) >= ROW.share * screen.width && h(c) >= ROW.min && h(c) <= ROW.max && !isBar(c, screen));
  if (rows.length < 3) return [];
  const byColumn = new Map<string, UiNode[]>();
  for (const r of rows) {
    const k = `${r.bounds[0]},${r.bounds[2]}`;
    byColumn.set(k, [...(byColumn.get(k) ?? []), r]);
  }
  return [...byColumn.values()].filter((col) => col.length >= 3).flat();
}

const hasLabelBelow = (n: UiNode): boolean => label(n) !== '' || n.children.some(hasLabelBelow);

export function inferIosControls(root: UiNode, screen: Size): void {
  const buttons: UiNode[] = [];
  const cells: UiNode[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    stack.push(...n.children);
    if (isBar(n, screen)) barItems(n, buttons);
    if (holdsGlyph(n)) buttons.push(n);
    else if (label(n) !== '' && n.children.some(holdsGlyph)) buttons.push(n);
    for (const r of tableRows(n, screen)) if (hasLabelBelow(r)) cells.push(r);
    const verb = VERBS.has(label(n).trim().toLowerCase()) && !SYMBOL_ID.test(n.id);
    if (verb && n.children.length === 0 && w(n) <= VERB_ITEM.width && h(n) <= VERB_ITEM.height) buttons.push(n);
  }
  for (const n of cells) if (untyped(n)) makeControl(n, CELL);
  for (const n of buttons) if (untyped(n)) makeControl(n, BUTTON);
}
